"""The catalogs as a translator keeps them and a native reader reads them (issue 62): `update` never guesses a new
message's words; one term per meaning (docs/languages.md's table of words never used); French typography; buttons a
phone can hold; every plural message at 0, 1, 2 and 5."""

from __future__ import annotations

import math
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

from companion import language
from companion.language import catalogs


def test_update_leaves_a_new_message_untranslated_and_the_check_fails_on_it(monkeypatch, tmp_path):
    """Babel's default fills a new message with a like one's words, flagged fuzzy: a translator who clears the flag
    ships another message's meaning. A new message starts empty, and `check` says so."""
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    monkeypatch.setattr(catalogs, "TEMPLATE", tmp_path / "tableside.pot")
    german = Catalog(locale="de", domain=catalogs.DOMAIN)
    german.add("Saved {game} to the history.", "{game} im Verlauf gespeichert.")
    catalogs.write(german, catalogs.po_path("de"))
    template = Catalog(domain=catalogs.DOMAIN)
    template.add("Saved {game} to the history.")
    template.add("Saved {game} to the histories.")  # new, and like the first
    monkeypatch.setattr(catalogs, "extracted", lambda: template)

    catalogs.update()

    kept = catalogs.read(catalogs.po_path("de"), "de")
    new = kept.get("Saved {game} to the histories.")
    assert new is not None and not new.string and not new.fuzzy
    assert kept.get("Saved {game} to the history.").string == "{game} im Verlauf gespeichert."
    assert "de: not translated: 'Saved {game} to the histories.'" in catalogs.problems()


DOCS = Path(__file__).resolve().parents[2] / "docs" / "languages.md"
LANGUAGE_COLUMNS = {"de": 1, "fr": 2}


def translations(code: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """(English forms, translated forms) of every message of a language's catalog that the app says."""
    catalog = catalogs.read(catalogs.po_path(code), code)
    said = {(m.id, m.context) for m in catalogs.extracted() if m.id}
    found = []
    for m in catalog:
        if not m.id or (m.id, m.context) not in said:
            continue
        english = m.id if isinstance(m.id, tuple) else (m.id,)
        found.append((english, m.string if isinstance(m.string, tuple) else (m.string,)))
    return found


def without_placeholders(text: str) -> str:
    return re.sub(r"\{[^{}]*\}", " ", text)


def forbidden_words() -> list[tuple[str, str, list[tuple[str, list[str]]]]]:
    """The docs' table of words a translation never uses: (language, English terms, [(word, unless the English says)])."""
    text = DOCS.read_text(encoding="utf-8")
    table = text[text.index("| English | Deutsch: never | Français: never |") :].split("\n\n")[0]
    rules = []
    for row in table.splitlines()[2:]:
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        for code, column in LANGUAGE_COLUMNS.items():
            words = []
            for entry in filter(None, (e.strip() for e in re.split(r",\s*(?![^()]*\))", cells[column]))):
                word, _, unless = entry.partition(" (")
                words.append((word, [u.strip() for u in unless.rstrip(")").split(",") if u.strip()]))
            if words:
                rules.append((code, cells[0], words))
    return rules


def says(text: str, word: str) -> bool:
    """Whether `text` says `word` as a word: as written where the word has a capital (German nouns, "Sie"), else in any case."""
    flags = 0 if word != word.lower() else re.IGNORECASE
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", without_placeholders(text), flags) is not None


def test_the_docs_list_words_a_translation_never_uses():
    rules = forbidden_words()
    assert ("de", "seat, seats", [("Platz", ["place", "room"]), ("Plätze", ["places"])]) in rules
    assert {code for code, *_ in rules} == {"de", "fr"} and len(rules) > 8


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_term_is_never_translated_by_a_word_the_list_forbids(code):
    """docs/languages.md's terms: "seat" is never German "Platz" (a place of a ranking), "you" never "Sie", a rating
    never "Rating", French "Discard" never "Abandonner" (to resign), the clock never "horloge" beside "chrono"."""
    wrong = []
    for english, said in translations(code):
        for language_code, terms, words in forbidden_words():
            if language_code != code or not any(says(e, t.strip()) for e in english for t in terms.split(",")):
                continue
            for word, unless in words:
                if any(says(s, word) for s in said) and not any(says(e, u) for e in english for u in unless):
                    wrong.append((english[0], word, said[0]))
    assert wrong == []


NO_BREAK = "\u00a0\u202f"


def spaces_wrong(text: str) -> list[str]:
    """Where French typography wants a no-break space and `text` has none: before : ; ? ! » and after «.
    (A time, "21:05", a link's "://" and a placeholder's format are no punctuation.)"""
    text = re.sub(r"\S+://\S+", " ", without_placeholders(text))
    found = [m.group(0) for m in re.finditer(r".[:;?!»]", text) if m.group(0)[0] not in NO_BREAK and not re.fullmatch(r"\d:", m.group(0))]
    found = [f for f in found if not (f[1] == ":" and re.search(re.escape(f) + r"\d", text))]
    return found + [m.group(0) for m in re.finditer(r"«.", text) if m.group(0)[1] not in NO_BREAK]


def test_french_puts_a_no_break_space_before_its_double_punctuation():
    wrong = {english[0]: s for english, said in translations("fr") for s in said if spaces_wrong(s)}
    assert wrong == {}


def test_the_typography_check_sees_an_ordinary_space():
    assert spaces_wrong("Lieu : {place}") == [" :"]
    assert sorted(spaces_wrong("« {x} » ; ok ?")) == sorted(["« ", " »", " ;", " ?"])
    assert spaces_wrong("Lieu\u00a0: à 21:05, https://a.b/c\u202f!") == []


BUTTONS = ("TextButton", "OutlinedButton", "FilledButton", "ElevatedButton", "FilledTonalButton", "BarButton")
SOURCE = Path(__file__).resolve().parents[2] / "companion"


def button_labels() -> set[str]:
    """The messages the app's buttons say: `ft.TextButton(_("Save"), …)`, or a constant kept with N_ and shown there."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in SOURCE.rglob("*.py"))
    constants = dict(re.findall(r'^\s*(\w+) = N_\("([^"]+)"\)', text, re.M))
    found = set()
    for m in re.finditer(rf"\b(?:{'|'.join(BUTTONS)})\(\s*(?:content=|text=)?_\((?:\"([^\"]+)\"|(\w+))\)", text):
        found.add(m.group(1) or constants.get(m.group(2), ""))
    return found - {""}


def shown_length(text: str) -> int:
    """A label's length as a phone shows it, a value put in for a placeholder counted as two characters."""
    return len(re.sub(r"\{[^{}]*\}", "xx", text))


@pytest.mark.parametrize("code", ["de", "fr"])
def test_a_buttons_words_fit_where_the_english_fit(code):
    """A button on a 360 px phone holds about 25 characters beside another: a translation keeps to that, or to the
    English's own length and a quarter more ("Exporter les enregistrements endommagés" did not)."""
    labels = button_labels()
    assert {"Export damaged records", "Save image", "Rematch"} <= labels
    long = {}
    for english, said in translations(code):
        if english[0] in labels:
            most = max(25, math.ceil(1.25 * shown_length(english[0])))
            if shown_length(said[0]) > most:
                long[english[0]] = said[0]
    assert long == {}


def counted_field(singular: str, plural: str) -> str | None:
    """The placeholder a plural message counts: {count}, else the one number only the message's count fills."""
    fields = {name for _, name, _, _ in string.Formatter().parse(singular + plural) if name}
    for name in ("count", "hours", "shown", "lost"):
        if name in fields:
            return name
    return None


FORM = {"de": lambda n: 0 if n == 1 else 1, "fr": lambda n: 0 if n in (0, 1) else 1}


@pytest.mark.parametrize("code", ["de", "fr"])
def test_every_plural_message_reads_with_its_count_at_0_1_2_and_5(code):
    """The plural table: each message said by a count (ngettext, Said.counted) at 0, 1, 2 and 5 takes the language's
    form for that count (German: 1 is singular; French: 0 and 1) and says the count. Names said with a count (a
    winner, the winners) are plural messages too."""
    plural = [m.id for m in catalogs.extracted() if isinstance(m.id, tuple)]
    assert ("Winner: {names}", "Winners: {names}") in plural
    assert ("{shown} of {count} players shown", "{shown} of {count} players shown") in plural
    wrong = []
    catalog = catalogs.read(catalogs.po_path(code), code)
    for singular, plural_form in plural:
        kept = catalog.get(singular)
        if kept is None:
            continue  # not translated yet: the check of every message says so
        forms = kept.string
        counted = counted_field(singular, plural_form)
        for n in (0, 1, 2, 5):
            with language.speaking(code):
                said = language.ngettext(singular, plural_form, n)
            if said != forms[FORM[code](n)]:
                wrong.append((singular, n, said))
            fields = {name for _, name, _, _ in string.Formatter().parse(said) if name}
            text = said.format(**{name: n if name == counted else "Ana" for name in fields})
            if counted and not re.search(rf"(?<!\d){n}(?!\d)", text):
                wrong.append((singular, n, text))
    assert wrong == []
