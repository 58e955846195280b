"""The app's words in the reader's language: gettext catalogs (companion/language/locales/<language>/
LC_MESSAGES/tableside.po, compiled to .mo beside it), one language per session.

A message id is the English text: English is the source, the default and the reference (docs/languages.md).
`_` translates a message, `ngettext` one that depends on a count. Both read the language of whoever the words
are for (`current()`): the one set with `speaking(...)` (a background task started for a session, a test),
else the session being drawn, as the screens say it (`use(...)`: companion/ui/language.py), else English.
A message kept in a constant is marked with `N_` (extracted, not translated) and translated where it is shown.
The rules' words (scoring: explanations, lines, tiebreaks, refusals) come as `scoring.words.Said`, English text
that keeps its template and values: `spoken(text)` says them in the reader's language, and any other text (a
player's name, a number) as it is.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import date, datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from scoring.words import Moment, Month, Number, Said

# The languages Tableside speaks, in Settings' order, each named as its speakers write it.
LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}
DEFAULT = "en"
DOMAIN = "tableside"
LOCALES = Path(__file__).resolve().parent / "locales"

_spoken: ContextVar[str | None] = ContextVar("tableside_language", default=None)
_drawn_for: list[Callable[[], str | None]] = [lambda: None]


def use(session_language: Callable[[], str | None]) -> None:
    """How to know the language of the session being drawn (None: no session, or none chosen)."""
    _drawn_for[0] = session_language


_readers: set[str] = {DEFAULT}  # the languages sessions of this process have spoken (the figures' warm-up works for each)


def reader_speaks(code: str) -> None:
    """A session speaks `code`: the history's figures are worked out ahead in it too (ui/warm_figures.py)."""
    _readers.add(code)


def readers_languages() -> list[str]:
    """The languages spoken by a session since this process started, English always among them."""
    return sorted(_readers.copy())  # a copy in one step: sessions add to it from other threads


def current() -> str:
    return _spoken.get() or _drawn_for[0]() or DEFAULT


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Words in `language` inside the block, whoever is being drawn (a background task, a test)."""
    token = _spoken.set(language)
    try:
        yield
    finally:
        _spoken.reset(token)


@cache
def catalog(language: str) -> gettext.NullTranslations:
    """The compiled catalog of `language`; English (or a language without one) says each message as written."""
    if language == DEFAULT:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALES, languages=[language], fallback=True)


# Where a language drops a vowel before a value that starts with one, which only the value shows: French
# "de {player}" is "d'Ana" for Ana, "de Ben" for Ben. (Not before h or y: "de Hugo", "de Yves" are both said.)
ELISIONS = {"fr": re.compile(r"\b([Dd]e|[Qq]ue) \{(\w+)\}")}
VOWELS = frozenset("AEIOUÀÂÄÆÉÈÊËÎÏÔŒÙÛÜaeiouàâäæéèêëîïôœùûü")


def elided(template: str, values: dict[str, Any], language: str) -> str:
    """`template` with its elisions made for `values` ("de {player}" → "d'{player}" for Ana)."""
    pattern = ELISIONS.get(language)
    if pattern is None:
        return template

    def one(found: re.Match[str]) -> str:
        value = values.get(found.group(2))
        starts_with_vowel = isinstance(value, str) and value[:1] in VOWELS
        return f"{found.group(1)[:-1]}'{{{found.group(2)}}}" if starts_with_vowel else found.group(0)

    return pattern.sub(one, template)


class Message(str):
    """A translated message with an elision before a value: its `format` makes it for the values it is given."""

    language: str

    def format(self, *args: Any, **values: Any) -> str:
        return str.format(elided(self, values, self.language), *args, **values)


def _in_reader_words(text: str, language: str) -> str:
    pattern = ELISIONS.get(language)
    if pattern is None or not pattern.search(text):
        return text  # a plain str for everything else
    message = Message(text)
    message.language = language
    return message


def _(message: str) -> str:
    language = current()
    return _in_reader_words(catalog(language).gettext(message), language)


def ngettext(singular: str, plural: str, count: int) -> str:
    language = current()
    return _in_reader_words(catalog(language).ngettext(singular, plural, count), language)


def spoken(text: Any) -> str:
    """`text` in the reader's language where it is the rules' words (a Said, its values likewise); else as it is."""
    if not isinstance(text, Said):
        return text if isinstance(text, str) else str(text)
    translations = catalog(current())
    if text.context is not None:
        template = translations.pgettext(text.context, text.template)
    elif text.plural is not None and text.quantity is not None:
        template = translations.ngettext(text.template, text.plural, text.quantity)
    else:
        template = translations.gettext(text.template)
    values = {name: said_value(value) for name, value in text.values.items()}
    try:
        return elided(template, values, current()).format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with a placeholder of its own: the English (the check finds it)
        return str(text)


def said_value(value: Any) -> Any:
    """A value of a Said as the reader reads it: words in their language, a number with their decimal mark, a
    moment, a day or a month in their words."""
    if isinstance(value, Said):
        return spoken(value)
    if isinstance(value, Percent):
        return percent(value)
    if isinstance(value, datetime):  # (a Moment's English is its own text, "2026-11-29 14:10", as the app wrote it)
        return format(value) if current() == DEFAULT and isinstance(value, Moment) else when(value, year=True)
    if isinstance(value, Month):
        return month(value)
    if isinstance(value, date):
        return day(value)
    if isinstance(value, Number) and current() != DEFAULT:
        marked = Number(value)
        marked.mark = decimal_mark()
        return marked
    return value


def decimal_mark() -> str:
    """The reader's decimal mark ("." in English, "," in German and French), from CLDR through Babel."""
    from babel import UnknownLocaleError
    from babel.numbers import get_decimal_symbol

    try:
        return get_decimal_symbol(current())
    except UnknownLocaleError:
        return "."


def N_(message: str) -> str:
    """A message kept in a constant: extracted for translation, translated where it is shown (`_(CONSTANT)`)."""
    return message


def when(moment: datetime, year: bool = False) -> str:
    """A day and time in the reader's language: "Fri 4 Dec, 21:05" (English, as the app always wrote it),
    else CLDR's own order and names through Babel: "Fr., 4. Dez., 21:05", "ven. 4 déc., 21:05"."""
    english = f"{moment:%a} {moment.day} {moment:%b}{f' {moment.year}' if year else ''}, {moment:%H:%M}"
    if current() == DEFAULT:
        return english
    from babel import UnknownLocaleError
    from babel.dates import format_skeleton  # loaded on first use: most screens show no date

    try:
        day = format_skeleton("yMMMEd" if year else "MMMEd", moment, locale=current())
        return f"{day}, {format_skeleton('Hm', moment, locale=current())}"
    except UnknownLocaleError:  # a language CLDR does not know (a test's pseudo-language): the English
        return english


def day(value: date | str) -> str:
    """A day in the reader's language: "2026-12-04" in English (as the app always wrote it), else CLDR's through
    Babel: "4. Dez. 2026", "4 déc. 2026". `value`: a date, or a text that starts with one (a played_at); a text
    that does not is said as it is."""
    if isinstance(value, str):
        try:
            return day(date.fromisoformat(value[:10]))
        except ValueError:
            return value
    if current() == DEFAULT:
        return value.isoformat()
    return _formatted(value, "yMMMd", value.isoformat())


def month(value: date | str) -> str:
    """A month in the reader's language: "2026-11" in English (as the app always wrote it), "Nov. 2026", "nov. 2026".
    `value`: a date, or a month's text ("2026-11", a history file's name); another text is said as it is."""
    if isinstance(value, str):
        found = Month.of(value)
        return month(found) if found else value
    english = f"{value.year:04d}-{value.month:02d}"
    return english if current() == DEFAULT else _formatted(value, "yMMM", english)


def _formatted(value: date, skeleton: str, english: str) -> str:
    from babel import UnknownLocaleError
    from babel.dates import format_skeleton

    try:
        return format_skeleton(skeleton, value, locale=current())
    except UnknownLocaleError:  # a language CLDR does not know (a test's pseudo-language): the English
        return english


class Percent(float):
    """A share (0.5) kept in a Said's values: said as a percentage in the reader's language ("50%", "50 %")."""

    def __format__(self, spec: str) -> str:
        return format(float(self), spec or ".0%")


def percent(fraction: float) -> str:
    """A share as a whole percentage in the reader's language: "50%", "50 %" (German, a no-break space), "50 %"."""
    english = f"{fraction:.0%}"
    if current() == DEFAULT:
        return english
    from babel import UnknownLocaleError
    from babel.numbers import format_percent

    try:
        return format_percent(fraction, locale=current())
    except UnknownLocaleError:
        return english


def number(value: int) -> str:
    """A whole number with the reader's grouping: "20,000" in English (as the app always wrote it), "20.000", "20 000";
    signed with the minus sign ("−35"), as every number the app shows."""
    if current() == DEFAULT:
        return f"{value:,}".replace("-", "\u2212")
    from babel import UnknownLocaleError
    from babel.numbers import format_decimal

    try:
        return format_decimal(value, locale=current()).replace("-", "\u2212")
    except UnknownLocaleError:
        return f"{value:,}".replace("-", "\u2212")


def decimal(value: float, digits: int = 1) -> str:
    """A number with `digits` decimals in the reader's language (1.8, 1,8), signed with the minus sign."""
    rounded = Decimal(format(value, f".{digits}f"))  # rounded as Python rounds a float (26.15 → 26.1), as the English always was
    if current() == DEFAULT:  # as the app always wrote it (and without Babel's English data, which the browser leaves out)
        return format(rounded).replace("-", "\u2212")
    from babel import UnknownLocaleError
    from babel.numbers import format_decimal

    pattern = "0." + "0" * digits if digits else "0"
    try:
        return format_decimal(rounded, format=pattern, locale=current()).replace("-", "\u2212")
    except UnknownLocaleError:
        return format(rounded).replace("-", "\u2212")


def page_words(messages: Iterable[str]) -> str:
    """JavaScript for a page's own script, which speaks before the app can (a notice while it connects, a new
    version ready): `messages` in every language Tableside speaks, and `tablesideSaid(english)`, which says
    one in the first of the browser's languages Tableside speaks (said.js)."""
    import json

    words: dict[str, dict[str, str]] = {}
    for code in LANGUAGES:
        with speaking(code):
            words[code] = {english: _(english) for english in messages}
    said = (Path(__file__).with_name("said.js")).read_text(encoding="utf-8")
    return f"const TABLESIDE_WORDS = {json.dumps(words, ensure_ascii=False)};\n{said}"


def best_match(preferred: Iterable[str]) -> str:
    """The first of a device's preferred languages ("de-AT", "fr_CA", "en") that Tableside speaks; else English."""
    for tag in preferred:
        language = tag.replace("_", "-").split("-")[0].lower()
        if language in LANGUAGES:
            return language
    return DEFAULT
