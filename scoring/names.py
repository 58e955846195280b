"""Player names: one set of rules for setup, rename, merge and import. (A game's location and notes lose
the same hidden characters, by `strip_hidden`: companion/data/details.py.)

A name is stored trimmed and in Unicode's composed form (NFC), so "Zoë" typed two ways is one
name; two names are the same player when they match ignoring case. Names made only of invisible
characters, or holding line breaks or control characters, are refused.

Characters that change the direction of the text around them (Unicode's bidi controls, such as
U+202E) or that are invisible by definition (Unicode's default-ignorable code points, such as the
zero-width space U+200B) are taken out of a name: `Ana\u202eevil` would show reversed on every
screen, the CSV and BG Stats, and `Ben\u200b` would look like Ben while being someone else. The
joiners and selectors an emoji or a script needs (U+200C, U+200D between two characters, variation
selectors and tags after one, never beside a space) are kept in the stored name; the key that says whether two names
are the same player leaves every one of them out, so "Ben\u200b" is Ben.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .words import Said

if TYPE_CHECKING:  # (record.py asks name_key of a game's own title)
    from .record import GameRules

MAX_NAME = 200  # characters; a long name is kept whole in the record and shortened on screen

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, Unicode 15.1), as ranges; the
# bidi controls (U+061C, U+200E, U+200F, U+202A..U+202E, U+2066..U+2069) are among them.
IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
JOINERS = frozenset("\u200c\u200d")  # zero-width (non-)joiner: emoji sequences, Persian, Indic scripts
# Variation selectors and tags: an emoji's presentation, a subdivision flag's letters.
SELECTORS = ((0xFE00, 0xFE0F), (0xE0020, 0xE007F), (0xE0100, 0xE01EF))


def _within(ch: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in ranges)


def is_ignorable(ch: str) -> bool:
    """A bidi control or a default-ignorable code point: nothing a reader sees, or a change of direction."""
    return ch >= "\u00ad" and _within(ch, IGNORABLE)


def _bears(ch: str) -> bool:
    """Whether a joiner or a selector may stand beside `ch`: a character a reader sees, not a space. (Beside a
    space it joins or selects nothing, and trimming the space would leave it at an end: a cleaning that is
    not its own cleaning.)"""
    return bool(ch) and not is_ignorable(ch) and not ch.isspace()


def _kept(name: str) -> list[bool]:
    """For each character of `name`, whether a clean name keeps it."""
    kept: list[bool] = []
    for i, ch in enumerate(name):
        if not is_ignorable(ch):
            kept.append(True)
            continue
        before = name[i - 1] if i else ""
        if ch in JOINERS:  # only between two characters a reader sees
            after = name[i + 1] if i + 1 < len(name) else ""
            kept.append(_bears(before) and _bears(after))
        elif _within(ch, SELECTORS):  # only right after a visible character, or a selector kept after one
            kept.append(bool(before) and (_bears(before) or (_within(before, SELECTORS) and kept[i - 1])))
        else:
            kept.append(False)
    return kept


def hidden_characters(name: str) -> list[str]:
    """The characters `clean_name` takes out of `name`, in order (none in a plain name)."""
    if name.isascii():
        return []
    return [ch for ch, keep in zip(name, _kept(name), strict=True) if not keep]


def strip_hidden(name: str) -> str:
    """`name` without its bidi controls and default-ignorable code points (see the module docstring)."""
    if name.isascii():
        return name
    return "".join(ch for ch, keep in zip(name, _kept(name), strict=True) if keep)


def clean_name(name: str | None) -> str:
    """What is stored: without hidden characters, trimmed, NFC. Setup, rename and the players screen
    store this; an import must already hold it (players_problem)."""
    return unicodedata.normalize("NFC", strip_hidden(name or "")).strip()


def name_key(name: str) -> str:
    """Two names are the same player when their keys are equal: cleaned, case-insensitive, and without
    any default-ignorable character at all ("Ben\u200b" and "Ben" are one player)."""
    folded = "".join(ch for ch in clean_name(name) if not is_ignorable(ch))
    return unicodedata.normalize("NFC", folded.casefold())


def name_problem(name: str | None, others: Iterable[str] = ()) -> str | None:
    """Why `name` cannot be a player beside `others`, in words for the person typing (a Said); None when it can."""
    name = clean_name(name)
    if not any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in name):
        return Said("Type a name first.")  # empty, spaces, or only invisible characters
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return Said("A name cannot contain line breaks, tabs or control characters.")
    if len(name) > MAX_NAME:
        return Said("A name can be at most {count} characters long.", count=MAX_NAME)
    key = name_key(name)
    if any(name_key(other) == key for other in others):
        shown = name if len(name) <= 18 else name[:17] + "…"
        return Said("{player} is already playing.", player=shown)
    return None


def shown_name(name: str) -> str:
    """`name` quoted for a message, its hidden and unprintable characters written as escapes (an
    override inside a message would turn the rest of the message around)."""
    hidden = set(hidden_characters(name))
    if len(name) > 40:
        name = name[:39] + "…"
    return "'" + "".join(ch if ch.isprintable() and ch not in hidden else f"\\u{ord(ch):04x}" for ch in name) + "'"


def players_problem(players: Iterable[str]) -> str | None:
    """Why a record's players break the rules Setup and renaming apply (for an import), naming the
    player in words (a Said); None when every name is as Setup would have stored it."""
    seen: list[str] = []
    for i, name in enumerate(players, start=1):
        if not isinstance(name, str):
            return Said("player {n} is not a name", n=i)
        where = Said("player {n} ({name})", n=i, name=shown_name(name))
        hidden = hidden_characters(name)
        if hidden:
            codes = ", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in hidden))
            return Said("{where}: a name cannot hold invisible or direction-changing characters ({codes})", where=where, codes=codes)
        if name != name.strip():
            return Said("{where}: a name cannot have spaces around it", where=where)
        if unicodedata.normalize("NFC", name) != name:
            return Said("{where}: a name must be in Unicode's composed form (NFC), as Setup stores it", where=where)
        key = name_key(name)
        for j, other in enumerate(seen, start=1):
            if name_key(other) == key:
                return Said(
                    "{where}: the same player as player {n} ({name}): names that differ only in case are one player",
                    where=where,
                    n=j,
                    name=shown_name(other),
                )
        problem = name_problem(name)
        if problem:
            return Said("{where}: {message}", where=where, message=problem)
        seen.append(name)
    return None


def _rename_keys(mapping: Any, old: str, new: str) -> None:
    if isinstance(mapping, dict) and old in mapping:
        items = [(new if k == old else k, v) for k, v in mapping.items()]  # same order: reads as before
        mapping.clear()
        mapping.update(items)


def keyed_objects(root: Any, path: tuple[str, ...]) -> list[Any]:
    """The objects at `path` below `root` ("*": every item of a list), skipping what is missing."""
    found = [root]
    for step in path:
        nxt: list[Any] = []
        for node in found:
            if step == "*" and isinstance(node, list):
                nxt.extend(node)
            elif isinstance(node, dict) and step in node:
                nxt.append(node[step])
        found = nxt
    return found


def rename(rules: GameRules, record: dict[str, Any], old: str, new: str, draft: Any = None) -> tuple[dict[str, Any], Any]:
    """Copies of `record` (and the round being entered) with player `old` called `new`, in
    `players` and every object the game keys by player."""
    record, draft = copy.deepcopy(record), copy.deepcopy(draft)
    record["players"] = [new if p == old else p for p in record["players"]]
    for path in rules.player_keyed:
        for obj in keyed_objects(record, path):
            _rename_keys(obj, old, new)
    for path in rules.draft_player_keyed:
        for obj in keyed_objects(draft, path):
            _rename_keys(obj, old, new)
    return record, draft
