"""A change at the table is an action: a small frozen value, checked and applied by the game's own
`apply` to the record as it is now (never to the copy a screen drew).

Each game module defines its actions as subclasses of `Action`; every action names the player
whose tableau it changes, or None for a change of the whole table (the next round). `apply`
returns the new `Table` or raises `RecordError` (where, and why); an action that would change
nothing (a card added twice) raises `Unchanged`, which is said to the person but is no failure.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from .fields import RecordError


class Table(NamedTuple):
    """What actions change: the record, and the round being entered where a game keeps one apart
    (Card Commons: a round is valid only once complete, so it is not in the record until then)."""

    record: dict[str, Any]
    draft: Any = None


@dataclass(frozen=True)
class Action:
    player: str | None  # whose tableau this changes; None: the whole table (host only)


@dataclass(frozen=True)
class NextRound(Action):
    """Start entering the next round (games scored round by round)."""

    player: str | None = None


class Unchanged(RecordError):
    """The action changes nothing (already so): worth saying, but nothing is refused or stored."""


def edited(table: Table, edit: Callable[[dict[str, Any], Any], Any], check: Callable[[dict[str, Any], Any], None]) -> Table:
    """The table after `edit` (which changes a deep copy of record and draft in place and may return
    a new draft), once `check` (the game's validation, raising RecordError) accepts it."""
    record = copy.deepcopy(table.record)
    draft = copy.deepcopy(table.draft)
    replaced = edit(record, draft)
    draft = draft if replaced is None else replaced
    check(record, draft)
    return Table(record, draft)
