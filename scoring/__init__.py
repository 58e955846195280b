"""Tableside's rules: turn a game record (docs/format.md) into scores, places and reasons, and apply
the actions that change a game at the table.

Pure Python, standard library only, no I/O (the CLI lives in __main__).

    >>> from scoring import score
    >>> record = {"format": 1, "game": "lost-cities", "players": ["Mia", "Noah"], "variant": {"rounds": 1},
    ...           "rounds": [{"Mia": {"red": {"investments": 1, "cards": [4, 9]}}, "Noah": {"blue": {"cards": [10]}}}]}
    >>> result = score(record)
    >>> dict(result.totals)  # Mia: (4 + 9 − 20) × 2; Noah: 10 − 20
    {'Mia': -14, 'Noah': -10}
    >>> result.winners
    ('Noah',)

A game is one module of this package that builds a `GameRules` (its GAME); scoring/registry.py
lists them all (ALL_RULES, and GAMES by key).
"""

from __future__ import annotations

from typing import Any

from . import names
from .actions import Action, NextRound, Table, Unchanged
from .fields import RecordError
from .record import GameRules, Record, parse_record
from .registry import ALL_RULES, GAMES, register
from .result import Line, Result, number


def parse(record: Any) -> Record:
    """Validate a record (parsed JSON) exactly as docs/format.md says; raises RecordError."""
    return parse_record(record, GAMES)


def score(record: Any) -> Result:
    """Score a record (parsed JSON, or an already parsed Record); raises RecordError when invalid."""
    parsed = record if isinstance(record, Record) else parse(record)
    return parsed.rules.score(parsed.game)


def new_record(
    game: str, players: list[str] | tuple[str, ...], variant: dict[str, Any] | None = None, choices: dict[str, str] | None = None
) -> dict[str, Any]:
    """The record of a game about to be played: nothing on the table yet."""
    rules = GAMES[game]
    variant = {**rules.default_variant, **(variant or {})}
    return {
        "format": 1,
        "game": game,
        "players": list(players),
        "variant": variant,
        rules.body: rules.new_body(tuple(players), variant, choices or {}),
    }


def rematch(record: dict[str, Any]) -> dict[str, Any]:
    """The same players, seats, options and setup choices, nothing on the table. Names stored before
    Setup's rules took hidden characters out are cleaned as Setup would (when they stay distinct)."""
    rules = GAMES[record["game"]]
    players = list(record["players"])
    choices = dict(rules.choices_of(record[rules.body]))
    cleaned = {p: names.clean_name(p) for p in players}
    if cleaned != {p: p for p in players} and all(cleaned.values()) and len({names.name_key(c) for c in cleaned.values()}) == len(players):
        players = [cleaned[p] for p in players]
        choices = {cleaned.get(p, p): c for p, c in choices.items()}
    return new_record(record["game"], players, dict(record.get("variant", {})), choices)


def rename_player(record: dict[str, Any], old: str, new: str, draft: Any = None) -> tuple[dict[str, Any], Any]:
    """The record (and the round being entered) with player `old` called `new` everywhere."""
    return names.rename(GAMES[record["game"]], record, old, new, draft)


def apply(table: Table, action: Action) -> Table:
    """`action` applied to `table` by its game's rules; raises RecordError (Unchanged: nothing to do).
    The new table carries its record's parse (`parsed`): the tap's one validation, for the store to reuse."""
    after = GAMES[table.record["game"]].apply(table, action)
    if not isinstance(after.parsed, Record):  # a game whose apply does not return its parse: parsed here, once
        after = Table(after.record, after.draft, parse(after.record))
    return after


def refusal(table: Table, action: Action) -> str | None:
    """Why `table`'s game would refuse `action` now, in its rules' words (the words `apply` refuses it
    with); None when its rules allow it. Asked of a well-formed action of the game, for one of its
    players: whether the action is one, and whether it would change anything, is `apply`'s to say."""
    return GAMES[table.record["game"]].refusal(table, action)


__all__ = [
    "ALL_RULES",
    "GAMES",
    "Action",
    "GameRules",
    "Line",
    "NextRound",
    "Record",
    "RecordError",
    "Result",
    "Table",
    "Unchanged",
    "apply",
    "new_record",
    "number",
    "parse",
    "refusal",
    "register",
    "rematch",
    "rename_player",
    "score",
]
