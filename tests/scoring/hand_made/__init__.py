"""Records made by hand, for the games that have them: one module per game, named after its key ("lost-cities":
lost_cities.py) and found by that name (`of`), so that nothing lists the games. Every game is also walked tap by
tap by its own moves (strategies.walked); a hand-made strategy reaches what a walk rarely does: options, finished
games, the optional forms of the record.

A game's module may define:
- `records()`: a strategy of valid records of the game;
- `duplicated(draw, record)`: the record with one rule of its game's "Invalid" list broken (a card put onto a second
  tableau, a round after the end): always invalid, and refused with the place at fault;
- `reseated(draw, record)`: another seating of its players that cannot change any score (by default any order:
  a game keyed by name alone);
- `SEAT_BREAKS_TIES = True`: the seat is the game's last tiebreak (no two players ever share a place, and a new
  seating may order equal totals anew).
"""

from __future__ import annotations

import importlib
from types import ModuleType


def of(key: str) -> ModuleType | None:
    """The hand-made module of the game `key`, or None where it has none."""
    name = f"{__name__}.{key.replace('-', '_')}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise
        return None
