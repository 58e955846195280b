"""The direction of a ranking (the higher or the lower total first) and what every game's rules say of itself:
its end, its name for a record, its identity for statistics, its BoardGameGeek id (scoring/record.py, result.py)."""

from __future__ import annotations

import pytest

import scoring
from scoring.record import Ending, title_key
from scoring.result import Tiebreak, rank, scored_once
from scoring.words import Said

PLAYERS = ("Ana", "Ben", "Cy", "Di")

RANKS = [  # (totals, lower_wins, places)
    ({"Ana": 12, "Ben": 2, "Cy": 74, "Di": 5}, False, [["Cy"], ["Ana"], ["Di"], ["Ben"]]),
    ({"Ana": 12, "Ben": 2, "Cy": 74, "Di": 5}, True, [["Ben"], ["Di"], ["Ana"], ["Cy"]]),
    ({"Ana": 7, "Ben": 7, "Cy": 1, "Di": 9}, False, [["Di"], ["Ana", "Ben"], ["Cy"]]),
    ({"Ana": 7, "Ben": 7, "Cy": 1, "Di": 9}, True, [["Cy"], ["Ana", "Ben"], ["Di"]]),
    ({"Ana": -3, "Ben": 0, "Cy": -3, "Di": 0}, True, [["Ana", "Cy"], ["Ben", "Di"]]),
    ({"Ana": 0, "Ben": 0, "Cy": 0, "Di": 0}, True, [["Ana", "Ben", "Cy", "Di"]]),
]


@pytest.mark.parametrize("totals, lower_wins, places", RANKS)
def test_places_follow_the_direction_and_ties_share(totals, lower_wins, places):
    ranking, _ = rank(PLAYERS, totals, lower_wins=lower_wins)
    assert [list(group) for group in ranking] == places


def test_a_tiebreak_still_prefers_its_higher_key_when_the_lower_total_wins():
    totals = {"Ana": 7, "Ben": 7, "Cy": 1, "Di": 9}
    fewer_cards = Tiebreak(Said("cards"), {"Ana": 3, "Ben": 5, "Cy": 0, "Di": 0}.__getitem__, str, key=lambda n: -n)
    ranking, sentences = rank(PLAYERS, totals, (fewer_cards,), lower_wins=True)
    assert [list(group) for group in ranking] == [["Cy"], ["Ana"], ["Ben"], ["Di"]]
    assert sentences == ("Ana and Ben both have 7; cards: Ana 3, Ben 5, so Ana takes 2nd place.",)


def test_a_game_scored_once_takes_the_direction():
    result = scored_once("toy", PLAYERS, {"Ana": 4, "Ben": 1, "Cy": 9, "Di": 1}, lambda: (), lambda: ({},), lower_wins=True)
    assert result.lower_wins and [list(g) for g in result.ranking] == [["Ben", "Di"], ["Ana"], ["Cy"]]
    assert result.winners == ("Ben", "Di")


# ---- what every registered game's rules say of itself (no game named) -------------------------------------------------


@pytest.mark.parametrize("key", tuple(scoring.GAMES))
def test_every_game_says_its_direction_end_name_identity_and_id(key):
    rules = scoring.GAMES[key]
    variant = dict(rules.default_variant)
    assert isinstance(rules.lower_wins(variant), bool)
    ending = rules.ending(variant)
    assert isinstance(ending, Ending)
    assert ending.scored_once is (rules.body == "final")  # a game in rounds ends after rounds, at a total, or by the players
    assert rules.display_title(variant).strip()
    identity = rules.identity(variant)
    assert identity[0] == key and identity == rules.identity(dict(variant))
    if rules.variant_title is None:
        assert identity == (key, "") and rules.display_title(variant) == rules.title
    else:
        assert identity == (key, title_key(rules.display_title(variant)))
    if rules.variant_bgg_id is None:
        assert rules.bgg_id_of(variant) == rules.bgg_id
