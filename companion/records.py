"""Edits of whole FORMAT.md records that are not scoring: renaming a player everywhere."""

from __future__ import annotations

import copy
from typing import Any


def _rename_key(mapping: Any, old: str, new: str) -> None:
    if isinstance(mapping, dict) and old in mapping:
        # Rebuilt in the same order, so a renamed record reads as before.
        items = [(new if k == old else k, v) for k, v in mapping.items()]
        mapping.clear()
        mapping.update(items)


def rename_player(record: dict, old: str, new: str) -> dict:
    """A copy of `record` with player `old` called `new`: in `players` and every object keyed by player."""
    record = copy.deepcopy(record)
    record["players"] = [new if p == old else p for p in record["players"]]
    game = record["game"]
    if game == "lost-cities":
        for round_ in record.get("rounds", []):
            _rename_key(round_, old, new)
    elif game in ("bgg-card-game", "bgg-game"):
        _rename_key(record.get("final"), old, new)
    elif game == "cgt":
        final = record.get("final", {})
        _rename_key(final.get("collections"), old, new)
        _rename_key(final.get("adjustments"), old, new)
    elif game == "card-commons":
        for round_ in record.get("rounds", []):
            _rename_key(round_.get("commissions"), old, new)
            _rename_key(round_.get("sides"), old, new)
    return record


def rename_in_draft(draft: Any, old: str, new: str) -> Any:
    """The same for a round being entered (Card Commons keeps commissions and sides by player)."""
    if not isinstance(draft, dict):
        return draft
    draft = copy.deepcopy(draft)
    _rename_key(draft.get("commissions"), old, new)
    _rename_key(draft.get("sides"), old, new)
    return draft


def without_player(record: dict, draft: Any, player: str) -> tuple[dict, Any]:
    """The record and draft with `player`'s own tableau blanked: what everyone else owns.

    A phone may change only its player's tableau: comparing this before and after a change
    tells whether anything else moved.
    """
    record = copy.deepcopy(record)
    draft = copy.deepcopy(draft)
    game = record["game"]
    if game == "lost-cities":
        for round_ in record.get("rounds", []):
            round_.pop(player, None)
    elif game in ("bgg-card-game", "bgg-game"):
        record.get("final", {}).pop(player, None)
    elif game == "cgt":
        final = record.get("final", {})
        final.get("collections", {}).pop(player, None)
        final.get("adjustments", {}).pop(player, None)
    elif game == "card-commons" and isinstance(draft, dict):
        draft.get("commissions", {}).pop(player, None)
        draft.get("sides", {}).pop(player, None)
    return record, draft


def changes_only(player: str, before: tuple[dict, Any], after: tuple[dict, Any]) -> bool:
    """Whether going from `before` to `after` (record, draft) touched nothing but `player`'s tableau."""
    return without_player(*before, player) == without_player(*after, player)
