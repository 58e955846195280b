"""The catalogs' tools, on Babel (a tool of the team's, never imported by the app as it runs):

    python -m companion.language update    extract the messages from companion/ into tableside.pot, and merge
                                           them into each language's .po (new ones empty, never a fuzzy guess; gone ones dropped)
    python -m companion.language compile   write each .po's .mo (what the app reads)
    python -m companion.language check     say what is untranslated, fuzzy, or compiled from another .po

A translator edits locales/<language>/LC_MESSAGES/tableside.po (any .po editor), then runs compile.
"""

from __future__ import annotations

import io
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

from companion.language import DEFAULT, DOMAIN, LANGUAGES, LOCALES

REPO = Path(__file__).resolve().parents[2]
# The app's words, and the rules' (scoring/words.py: `Said`, `Said.counted` and `Said.beside`, a word in its noun's context;
# its CLI and JSON stay English).
SOURCES = ("companion", "scoring")
KEYWORDS = {**DEFAULT_KEYWORDS, "Said": None, "counted": (1, 2), "beside": ((1, "c"), 2)}
TEMPLATE = LOCALES / f"{DOMAIN}.pot"
TRANSLATED = tuple(code for code in LANGUAGES if code != DEFAULT)


def po_path(language: str) -> Path:
    return LOCALES / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extracted() -> Catalog:
    """Every message the app marks (`_`, `ngettext`, `N_`), with where it is and a translator's comment."""
    template = Catalog(project="Tableside", domain=DOMAIN, fuzzy=False, copyright_holder="the Tableside authors")
    for folder in SOURCES:
        for filename, lineno, message, comments, context in extract_from_dir(
            REPO / folder,
            method_map=[("language/**.py", "ignore"), ("**.py", "python")],
            keywords=KEYWORDS,
            comment_tags=("Translators:",),
            strip_comment_tags=True,
        ):
            template.add(message, None, [(f"{folder}/{filename}", lineno)], auto_comments=comments, context=context)
    return template


def read(path: Path, language: str | None = None) -> Catalog:
    if not path.exists():
        return Catalog(locale=language, domain=DOMAIN, fuzzy=False)
    with path.open("rb") as file:
        return read_po(file, locale=language, domain=DOMAIN)


def write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:  # no line numbers: a moved line is no change to a translator
        write_po(file, catalog, width=120, include_lineno=False, sort_output=True)


def update() -> None:
    template = extracted()
    write(template, TEMPLATE)
    for language in TRANSLATED:
        catalog = read(po_path(language), language)
        # No fuzzy guess for a new message (Babel's default fills it with a like one's words, flagged fuzzy, and a
        # translator who clears the flag ships another message's meaning): a new message starts untranslated.
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()  # a message gone from the app leaves its catalog
        write(catalog, po_path(language))


def compiled(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_all() -> None:
    for language in TRANSLATED:
        po_path(language).with_suffix(".mo").write_bytes(compiled(read(po_path(language), language)))


def problems() -> list[str]:
    """Everything a release must not ship: a message of the app without a translation in each language, a fuzzy
    one, a placeholder or a plural form missing from a translation, a .mo that is not its .po compiled."""
    found = []
    template = extracted()
    for language in TRANSLATED:
        catalog = read(po_path(language), language)
        for message in template:
            if not message.id:
                continue
            said = catalog.get(message.id, message.context)
            name = str(message.id if isinstance(message.id, str) else message.id[0])
            if said is None or not said.string or (isinstance(said.string, tuple) and not all(said.string)):
                found.append(f"{language}: not translated: {name!r}")
            elif said.fuzzy:
                found.append(f"{language}: fuzzy: {name!r}")
            elif said.python_format or "{" in name:
                placeholders = set(_fields(name))
                strings = said.string if isinstance(said.string, tuple) else (said.string,)
                if any(set(_fields(str(s))) != placeholders for s in strings):
                    found.append(f"{language}: the placeholders differ: {name!r}")
        mo = po_path(language).with_suffix(".mo")
        if not mo.exists():
            found.append(f"{language}: {mo.name} is missing: python -m companion.language compile")
            continue
        with mo.open("rb") as file:
            kept = {_pair(m.id, m.string) for m in read_mo(file) if m.id}
        wanted = {_pair(m.id, m.string) for m in catalog if m.id and m.string and not m.fuzzy}
        if kept != wanted:
            found.append(f"{language}: {mo.name} is not {po_path(language).name} compiled: python -m companion.language compile")
    return found


def _pair(message_id: object, string: object) -> tuple[object, object]:
    """A message as a comparable pair (plural forms come as lists from a .mo, tuples from a .po)."""
    as_tuple = lambda value: tuple(value) if isinstance(value, list | tuple) else value
    return as_tuple(message_id), as_tuple(string)


def _fields(text: str) -> list[str]:
    import string

    return sorted(name for _, name, _, _ in string.Formatter().parse(text) if name is not None)
