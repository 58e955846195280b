"""Player names: one set of rules for setup, rename, merge and import.

A name is stored trimmed and in Unicode's composed form (NFC), so "Zoë" typed two ways is one
name; two names are the same player when they match ignoring case. Names made only of invisible
characters, or holding line breaks or control characters, are refused.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Iterable
from typing import Any

from .record import GameRules

MAX_NAME = 200  # characters; a long name is kept whole in the record and shortened on screen


def clean_name(name: str | None) -> str:
    """What is stored: trimmed, NFC."""
    return unicodedata.normalize("NFC", name or "").strip()


def name_key(name: str) -> str:
    """Two names are the same player when their keys are equal: trimmed, NFC, case-insensitive."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def name_problem(name: str | None, others: Iterable[str] = ()) -> str | None:
    """Why `name` cannot be a player beside `others`, in words for the person typing; None when it can."""
    name = clean_name(name)
    if not any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in name):
        return "Type a name first."  # empty, spaces, or only invisible characters
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return "A name cannot contain line breaks, tabs or control characters."
    if len(name) > MAX_NAME:
        return f"A name can be at most {MAX_NAME} characters long."
    key = name_key(name)
    if any(name_key(other) == key for other in others):
        shown = name if len(name) <= 18 else name[:17] + "…"
        return f"{shown} is already playing."
    return None


def players_problem(players: Iterable[str]) -> str | None:
    """Why a record's players break the name rules (for import), naming the player; None when fine."""
    seen: list[str] = []
    for i, name in enumerate(players, start=1):
        if not isinstance(name, str):
            return f"player {i} is not a name"
        if clean_name(name) != name:
            return f"player {i} ('{name}') has spaces around it or is not in composed (NFC) form"
        problem = name_problem(name, seen)
        if problem:
            return f"player {i} ('{name}'): {problem}"
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
