"""How far a game has come is its rules' answer (GameRules.progress), never a list of games in the service."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import scoring
from companion.services import completion

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())["record"]


@pytest.mark.parametrize(
    "record, progress",
    [
        (scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 3}), (0, 3)),
        (
            {**scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 3}), "rounds": [{"Ana": {"red": {"cards": [4]}}, "Ben": {}}]},
            (1, 3),
        ),
        (
            {**scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 3}), "rounds": [{"Ana": {}, "Ben": {}}]},
            (0, 3),
        ),  # started, empty
        (scoring.new_record("card-commons", ["Ana", "Ben"]), (0, 4)),  # the standard game: four rounds
        (scoring.new_record("cgt", ["Ana", "Ben"]), None),  # scored once
    ],
    ids=["lost cities new", "a card in round 1", "round 1 empty", "card commons new", "cgt"],
)
def test_each_game_counts_its_rounds(record, progress):
    assert completion.rounds_progress(record) == progress


def test_a_game_counts_its_rounds_by_its_own_rules(monkeypatch):
    """A new game played in rounds is counted by what its rules say, with nothing to add here."""
    cgt = scoring.GAMES["cgt"]
    monkeypatch.setitem(scoring.GAMES, "cgt", dataclasses.replace(cgt, progress=lambda game: (2, 5)))
    assert completion.rounds_progress(scoring.new_record("cgt", ["Ana", "Ben"])) == (2, 5)
