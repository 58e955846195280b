"""Words a person reads, said in English and kept as their template, so that the app can say them in the reader's
language (companion.language.spoken) while the command line and the JSON output keep today's English.

A `Said` is the English text itself (a str: every use of it as text is unchanged) that also remembers the
message it was made from and the values put into it:

    >>> line = Said("collection of {n} ({subdomains})", n=3, subdomains="war, party, family")
    >>> line, line.template, dict(line.values)
    ('collection of 3 (war, party, family)', 'collection of {n} ({subdomains})', {'n': 3, 'subdomains': 'war, party, family'})
    >>> Said.counted("{count} card", "{count} cards", 2)
    '2 cards'

A value may itself be a Said (a colour, an ordinal, a list of names): the app says each in the reader's language, as it
says a moment (a `datetime`), a day (a `date`) or a `Month` in the reader's words ("4. Dez. 2026").
A word that agrees with a noun (a colour of a tile, a subdomain of a Rare Gem) is `Said.beside(noun, word)`: the
translator gets the noun as the message's context (French "tuile verte", "Perle rare abstraite").
`N_` marks a constant message (a help text) for translation, unchanged here. The message ids are extracted from
this package by the app's catalogs tools (keywords `Said`, `Said.counted`, `Said.beside` and `N_`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any


class Said(str):
    template: str
    plural: str | None  # with `quantity`: the message's plural form (the reader's language picks its own)
    quantity: int | None  # what the plural depends on (not `count`: a str has a method of that name)
    values: Mapping[str, Any]
    context: str | None = None  # the message's context (pgettext): the noun a word is said beside

    def __new__(cls, template: str, **values: Any) -> Said:
        said = super().__new__(cls, template.format(**values) if values else template)
        said.template, said.plural, said.quantity, said.values = template, None, None, values
        return said

    @classmethod
    def beside(cls, noun: str, word: str) -> Said:
        """`word` as it agrees with `noun` (its context for the translator): `Said.beside("tile", "green")` is "green"
        in English, "verte" in French (une tuile verte). Each noun's words are messages of their own."""
        said = cls(word)
        said.context = noun
        return said

    @classmethod
    def counted(cls, singular: str, plural: str, count: int, **values: Any) -> Said:
        """A message that depends on `count` (given to it as {count}), e.g. "1 card", "2 cards"."""
        said = cls(singular if count == 1 else plural, count=count, **values)
        said.template, said.plural, said.quantity = singular, plural, count
        return said

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle keeps the words it came from
        return (_rebuilt, (self.template, self.plural, self.quantity, dict(self.values), self.context))


def _rebuilt(template: str, plural: str | None, count: int | None, values: dict[str, Any], context: str | None = None) -> Said:
    if context is not None:
        return Said.beside(context, template)
    if plural is None or count is None:
        return Said(template, **values)
    return Said.counted(template, plural, count, **{k: v for k, v in values.items() if k != "count"})


class Moment(datetime):
    """A moment in a Said: "2026-11-29 14:10" as text (a log's, the English's); the app says it in the reader's words
    ("So., 29. Nov. 2026, 14:10").

    >>> "{when}".format(when=Moment.of(datetime(2026, 11, 29, 14, 10, 5)))
    '2026-11-29 14:10'
    """

    @classmethod
    def of(cls, moment: datetime) -> Moment:
        return cls.combine(moment.date(), moment.timetz())

    def __format__(self, spec: str) -> str:
        return self.strftime("%Y-%m-%d %H:%M") if not spec else super().__format__(spec)


class Month(date):
    """A month of the calendar, "2026-11" as text (the command line's, a log's); the app says it in the reader's
    language ("Nov. 2026"). Its day is the first.

    >>> str(Month.of("2026-11")), Month.of("notes") is None
    ('2026-11', True)
    """

    @classmethod
    def of(cls, text: str) -> Month | None:
        try:
            year, month = text.split("-")
            return cls(int(year), int(month), 1) if len(year) == 4 and len(month) == 2 else None
        except ValueError:
            return None

    def __str__(self) -> str:
        return f"{self.year:04d}-{self.month:02d}"

    def __format__(self, spec: str) -> str:
        return str(self) if not spec else super().__format__(spec)


def kept(words: Any) -> Any:
    """Words as JSON keeps them, to be said later in a reader's language (`restored`): a Said as its message and
    values (each value kept the same way), any other value as it is (str() where JSON has no form for it).

    >>> kept(Said("{rel} was damaged: {problem}", rel="live.json", problem=Said("it is empty")))
    {'said': '{rel} was damaged: {problem}', 'values': {'rel': 'live.json', 'problem': {'said': 'it is empty', 'values': {}}}}
    """
    if isinstance(words, Said):
        kept_said: dict[str, Any] = {"said": words.template, "values": {k: kept(v) for k, v in words.values.items()}}
        if words.plural is not None:
            kept_said |= {"plural": words.plural, "quantity": words.quantity}
        if words.context is not None:
            kept_said["context"] = words.context
        return kept_said
    if isinstance(words, Month):
        return {"month": str(words)}
    if isinstance(words, datetime):
        return {"moment": words.isoformat()}
    if isinstance(words, date):
        return {"day": words.isoformat()}
    return words if words is None or isinstance(words, str | int | float | bool) else str(words)


def restored(data: Any) -> Any:
    """What `kept` wrote, as the Said it was (None when it is not such data: a file edited by hand, say).

    >>> restored(kept(Said.counted("{count} game", "{count} games", 2)))
    '2 games'
    >>> restored({"said": "{rel}: {problem}", "values": {"rel": "live.json"}}) is None
    True
    """
    if isinstance(data, str):
        return data
    if isinstance(data, dict) and len(data) == 1 and isinstance(moment := next(iter(data.values())), str):  # kept(a date)
        kind = next(iter(data))
        try:
            if kind in ("moment", "day"):
                return Moment.fromisoformat(moment) if kind == "moment" else date.fromisoformat(moment)
        except ValueError:
            return None
        if kind == "month":
            return Month.of(moment)
    if not (isinstance(data, dict) and isinstance(data.get("said"), str) and isinstance(data.get("values", {}), dict)):
        return None
    values = {k: restored(v) if isinstance(v, dict | str) else v for k, v in data.get("values", {}).items()}
    if any(v is None and isinstance(data["values"][k], dict) for k, v in values.items()):
        return None  # a value that is no such data
    plural, quantity, context = data.get("plural"), data.get("quantity"), data.get("context")
    try:
        if isinstance(context, str):
            return Said.beside(context, data["said"])
        if isinstance(plural, str) and isinstance(quantity, int):
            return _rebuilt(data["said"], plural, quantity, values)
        data["said"].format(**values)  # every placeholder filled (Said leaves a message without values as it is)
        return Said(data["said"], **values)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # a message its values do not fill
        return None


class Number(float):
    """A number with decimals as a person reads it, signed with the minus sign: `format(Number(-1.5), ".1f")` is
    "−1.5". `mark`: the decimal mark (the app gives the reader's: "−1,5")."""

    mark = "."

    def __format__(self, spec: str) -> str:
        return format(float(self), spec).replace("-", "\u2212").replace(".", self.mark)


def decimal(value: float, spec: str = ".1f") -> Said:
    """`value` with decimals, as words of the rules: "32.8" (its template is no message: only the number changes).

    >>> decimal(-1.84), decimal(32.75, ".2f")
    ('−1.8', '32.75')
    """
    template = "{value:" + spec + "}"  # (a name, not a literal: no message for the catalogs)
    return Said(template, value=Number(value))


def listed(words: Iterable[str]) -> str:
    """Words said in a list, "war, party, family", each word kept for the app to say in the reader's language."""
    said = ""
    for word in words:
        said = Said("{words}, {word}", words=said, word=word) if said else word
    return said


def N_(message: str) -> str:
    """A constant message (a help text): extracted for translation, said as written here."""
    return message


def ordinal(n: int) -> Said:
    """1st, 2nd, 3rd, 4th, …, 11th, 12th, 13th, 21st. (1st is a message of its own: French says "1er", "21e".)
    Before a noun, the ordinal and its noun are one message (`place`, `seat`): French "1re place", "1er siège"."""
    if n == 1:
        return Said("1st")
    return {"st": Said("{n}st", n=n), "nd": Said("{n}nd", n=n), "rd": Said("{n}rd", n=n)}.get(_suffix(n)) or Said("{n}th", n=n)


def place(n: int) -> Said:
    """A place of a ranking, "1st place", "2nd place" (German "1. Platz", French "1re place", "2e place")."""
    if n == 1:
        return Said("1st place")
    return {"st": Said("{n}st place", n=n), "nd": Said("{n}nd place", n=n), "rd": Said("{n}rd place", n=n)}.get(_suffix(n)) or Said(
        "{n}th place", n=n
    )


def seat(n: int) -> Said:
    """A seat in play order, "1st seat", "2nd seat" (German "1. Sitzplatz", French "1er siège")."""
    if n == 1:
        return Said("1st seat")
    return {"st": Said("{n}st seat", n=n), "nd": Said("{n}nd seat", n=n), "rd": Said("{n}rd seat", n=n)}.get(_suffix(n)) or Said(
        "{n}th seat", n=n
    )


def _suffix(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")


def join_names(names: Iterable[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana, Ben and Cy"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return Said("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])
