"""Every game, for the tests that walk them all without naming one: each game's worked examples (docs/examples,
the records with their hand-worked answers) and the games that have a screen. A new game is in these tests
once its rules, its examples and its screen exist (docs/games.md): nothing here lists the games."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import scoring

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"


@cache
def _worked() -> dict[str, dict[str, Any]]:
    return {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(EXAMPLES.glob("*.json"))
        if not path.name.startswith("invalid-")
    }


def examples(game: str) -> dict[str, dict[str, Any]]:
    """The game's valid worked examples, name → {"record", "expect"} (the scorer's answer), by name."""
    return {name: worked for name, worked in _worked().items() if worked["record"]["game"] == game}


def example_of(game: str, decided: bool | None = None) -> str:
    """The name of one of the game's worked examples: the first by name that is `decided` as asked (a finished
    game; False: one under way), else its first; KeyError for a game without one (docs/games.md asks for one)."""
    found = examples(game)
    if not found:
        raise KeyError(f"{game} has no worked example in docs/examples")
    return next((name for name, worked in found.items() if decided is None or worked["expect"]["decided"] == decided), next(iter(found)))


def record(name: str, **changes: Any) -> dict[str, Any]:
    """The worked example's record (a fresh copy), with `changes` (an id, a date)."""
    return {**json.loads(json.dumps(_worked()[name]["record"])), **changes}


def with_screens() -> list[str]:
    """The games the app can show, in Home's order: a game whose screen is not written yet is left out until it is."""
    from companion.ui import games as game_screens

    return game_screens.ordered()


def registered() -> list[str]:
    """Every game the rules know (scoring.registry.ALL_RULES), in Home's order."""
    return [rules.key for rules in scoring.ALL_RULES]
