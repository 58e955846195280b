"""What each data file holds, kept beside the files so that an emptied or shrunken file is damage.

    contents.json   {"format": 1, "files": {"live.json": {"games": [id, ...], "edits": [id, ...],
                     "settings": [key, ...]}, "history/2026-01.json": {"games": [id, ...], "count": 12}}}

The store writes it in the same transaction as the data files whose contents it describes
(storage.Transaction: all of them or none), and only when what they hold changes (a game
finished, imported, deleted, moved by an edit; a setting added): a tap changes no entry, so
it still writes live.json alone. At start-up a data file that reads as valid JSON but lacks a
game or a setting its entry lists lost them: it is treated as a damaged file (backups/repair.py
restores the newest backup that still holds them, and says so). An entry lists game ids
(sorted) and, for a month file, their count; for live.json also the keys of the settings
(the PIN's hash is `access.pin`, the invitations `invites` and `seats`).

A missing or unreadable contents.json (a folder of an older Tableside) expects nothing: it is
written again from the files as they are once the store has opened.
"""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any

from scoring.words import Said

FILE = "contents.json"
FORMAT = 1
SHOWN = 5  # ids named in a sentence; the rest are counted

log = logging.getLogger("tableside")

Entry = dict[str, Any]


def _ids(table: Any) -> list[str]:
    if not isinstance(table, dict):
        return []
    return sorted({doc["id"] for doc in table.values() if isinstance(doc, dict) and isinstance(doc.get("id"), str)})


def entry_of(rel: str, data: dict | None) -> Entry:
    """What the data file `rel` holds, as contents.json keeps it."""
    data = data or {}
    if rel.startswith("history/"):
        games = _ids(data.get("games"))
        return {"games": games, "count": len(games)}
    settings = data.get("settings")
    docs = settings.values() if isinstance(settings, dict) else ()
    keys = sorted({d["key"] for d in docs if isinstance(d, dict) and isinstance(d.get("key"), str)})
    return {"games": _ids(data.get("games")), "edits": _ids(data.get("edits")), "settings": keys}


def read(folder: Path) -> dict[str, Entry]:
    """The entries of contents.json ({} when it is missing or unreadable: nothing is expected)."""
    try:
        raw = json.loads((folder / FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as e:
        log.warning("%s could not be read (%s): start-up cannot tell whether a data file lost games", folder / FILE, e)
        return {}
    files = raw.get("files") if isinstance(raw, dict) else None
    if not isinstance(files, dict):
        return {}
    return {rel: entry for rel, entry in files.items() if isinstance(rel, str) and isinstance(entry, dict)}


def dumps(entries: dict[str, Entry]) -> bytes:
    return json.dumps({"format": FORMAT, "files": dict(sorted(entries.items()))}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def missing(expected: Entry | None, actual: Entry) -> dict[str, list[str]]:
    """What `expected` lists that `actual` lacks, per kind ("games", "edits", "settings"); {} when nothing."""
    if not expected:
        return {}
    lost: dict[str, list[str]] = {}
    for kind in ("games", "edits", "settings"):
        want = expected.get(kind)
        if isinstance(want, list):
            gone = sorted(set(map(str, want)) - set(actual.get(kind, [])))
            if gone:
                lost[kind] = gone
    return lost


def count(lost: dict[str, list[str]]) -> int:
    return sum(len(v) for v in lost.values())


def _named(items: list[str]) -> str:
    shown = ", ".join(items[:SHOWN])
    return Said("{names} and {count} more", names=shown, count=len(items) - SHOWN) if len(items) > SHOWN else shown


def lost_in_words(rel: str, lost: dict[str, list[str]], expected: Entry | None = None) -> str:
    """'12 of its 12 games (ids a, b, c, d, e and 7 more)', '1 game in progress (ids x) and the settings access.pin':
    a Said (English as it is kept, the reader's language where it is said)."""
    parts: list[str] = []
    games, edits = lost.get("games", []), lost.get("edits", [])
    if games and rel.startswith("history/"):
        held = len((expected or {}).get("games") or [])
        if held:
            parts.append(
                Said.counted(
                    "{lost} of its {count} game (ids {ids})",
                    "{lost} of its {count} games (ids {ids})",
                    held,
                    lost=len(games),
                    ids=_named(games),
                )
            )
        else:
            parts.append(Said.counted("{count} game (ids {ids})", "{count} games (ids {ids})", len(games), ids=_named(games)))
    elif games:
        parts.append(
            Said.counted("{count} game in progress (ids {ids})", "{count} games in progress (ids {ids})", len(games), ids=_named(games))
        )
    if edits:
        parts.append(
            Said.counted(
                "{count} edited copy of a saved game (ids {ids})",
                "{count} edited copies of saved games (ids {ids})",
                len(edits),
                ids=_named(edits),
            )
        )
    if lost.get("settings"):
        parts.append(Said("the settings {keys}", keys=_named(lost["settings"])))
    said = parts[0] if parts else ""
    for part in parts[1:]:
        said = Said("{parts} and {part}", parts=said, part=part)
    return said


def in_words(rel: str, lost: dict[str, list[str]], expected: Entry | None = None) -> str:
    """'it lost 12 of its 12 games (ids a, b, c, d, e and 7 more)', 'it lost 1 game in progress (ids x) and the settings
    access.pin' (a Said: see lost_in_words)."""
    return Said("it lost {what}", what=lost_in_words(rel, lost, expected))
