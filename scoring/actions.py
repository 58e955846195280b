"""A change at the table is an action: a small frozen value, checked and applied by the game's own
`apply` to the record as it is now (never to the copy a screen drew).

Each game module defines its actions as subclasses of `Action`; every action names the player
whose tableau it changes, or None for a change of the whole table (the next round). `apply`
returns the new `Table` or raises `RecordError` (where, and why); an action that would change
nothing (a card added twice) raises `Unchanged`, which is said to the person but is no failure.

A tap validates the whole record once: the new `Table` carries its parse (`parsed`), which the
next action, the store and the live game reuse instead of parsing the record again.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .fields import RecordError
from .words import Said


@dataclass(frozen=True, slots=True)
class Table:
    """What actions change: the record, and the round being entered where a game keeps one apart
    (Card Commons: a round is valid only once complete, so it is not in the record until then)."""

    record: dict[str, Any]
    draft: Any = None
    # The record's parse (a scoring.Record) once it is known valid, else None. Not part of the
    # value: two tables with the same record and draft are equal whether parsed or not.
    parsed: Any = field(default=None, compare=False, repr=False)


@dataclass(frozen=True)
class Action:
    player: str | None  # whose tableau this changes; None: the whole table (host only)


@dataclass(frozen=True)
class NextRound(Action):
    """Start entering the next round (games scored round by round)."""

    player: str | None = None


class Unchanged(RecordError):
    """The action changes nothing (already so): worth saying, but nothing is refused or stored."""


def edited(table: Table, edit: Callable[[dict[str, Any], Any], Any], check: Callable[[dict[str, Any], Any], Any]) -> Table:
    """The table after `edit` (which changes a deep copy of record and draft in place and may return
    a new draft), once `check` (the game's validation of the whole record, raising RecordError)
    accepts it; `check` returns the record's parse, which the new table carries."""
    record = copy.deepcopy(table.record)
    draft = copy.deepcopy(table.draft)
    replaced = edit(record, draft)
    draft = draft if replaced is None else replaced
    return Table(record, draft, check(record, draft))


def next_round(table: Table, reason: str | None, blank: dict[str, Any], check: Callable[[dict[str, Any], Any], Any]) -> Table:
    """NextRound in a game that keeps the round being entered as its record's last (Lost Cities, 6 nimmt!, a score
    pad): refused for the rules' `reason` (their refusal), else the table with the `blank` round after the others."""
    if reason:
        raise RecordError(("rounds",), reason)
    return edited(table, lambda r, d: r["rounds"].append(blank), check)


def tapped_round(action: Any, players: tuple[str, ...], rounds: int) -> tuple[str, ...]:
    """The place of a tap on one player's part of a round (`action.player`, `action.round`, 1-based) among a game's
    `rounds`: ("round 2", "Ana"); RecordError for a stranger or a round not begun."""
    if action.player not in players:
        raise RecordError((), Said("'{player}' is not a player of this game", player=action.player))
    if not 1 <= action.round <= rounds:
        raise RecordError((Said("round {n}", n=action.round),), Said("there is no round {round} yet", round=action.round))
    return (Said("round {n}", n=action.round), action.player)
