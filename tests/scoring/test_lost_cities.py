"""Lost Cities: rulebook and docs/scoring.md examples, the two known bonus mistakes, variants, draws, invalid records.

Sources: the rulebook (Scoring), docs/scoring.md › Lost Cities, docs/format.md › lost-cities.
"""

from __future__ import annotations

import pytest
from hand_made.lost_cities import records
from hypothesis import HealthCheck, given, settings
from scoring_support import assert_invalid, explanation_naming, mutated, points_by_label

import scoring

ALL = list(range(2, 11))


def game(ana=None, ben=None, rounds=1, **variant):
    """A one-round Lost Cities record for Ana and Ben."""
    return played((ana or {}, ben or {}), rounds=rounds, **variant)


def played(*pairs, rounds=1, **variant):
    """A Lost Cities record for Ana and Ben; each round is (Ana's tableau, Ben's tableau)."""
    return {
        "format": 1,
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": rounds, **variant},
        "rounds": [{"Ana": a, "Ben": b} for a, b in pairs],
    }


def expedition(investments=0, cards=()):
    return {"investments": investments, "cards": list(cards)}


def ana_score(exp, colour="red"):
    return scoring.score(game({colour: exp})).totals["Ana"]


# (sum − 20) × (investments + 1), + 20 at 8 or more cards counting investments, never multiplied.
EXPEDITIONS = [
    pytest.param(expedition(3), -80, id="RULINGS-3-investments-alone-minus-80"),
    pytest.param(expedition(3, [2, 3, 4, 5, 6]), 20, id="RULINGS-3-investments-and-2-to-6-is-20"),
    pytest.param(expedition(3, ALL), 156, id="RULINGS-3-investments-and-2-to-10-is-156-the-maximum"),
    pytest.param(expedition(0, [2, 3, 4, 5, 6, 7, 8]), 15, id="2-to-8-seven-cards-no-bonus-is-15"),
    pytest.param(expedition(1, [3, 6, 9, 10]), 16, id="FORMAT-red-1-investment-3-6-9-10-is-16"),
    pytest.param(expedition(0, [2, 5]), -13, id="FORMAT-blue-2-5-is-minus-13"),
    pytest.param(expedition(0, ALL), 54, id="2-to-10-nine-cards-is-54-minus-20-plus-20"),
    pytest.param(expedition(1, [2, 3, 4, 5, 6, 7, 8]), 50, id="1-investment-and-seven-numbers-is-8-cards"),
    pytest.param(expedition(2), -60, id="2-investments-alone-minus-60"),
    pytest.param(expedition(0, [10]), -10, id="one-card-10"),
    pytest.param(expedition(0, []), 0, id="no-card-scores-0"),
    pytest.param({}, 0, id="empty-object-scores-0"),
]


@pytest.mark.parametrize("exp, points", EXPEDITIONS)
def test_expedition_score(exp, points):
    assert ana_score(exp) == points


def test_all_examples_together_sum_per_colour():
    """docs/format.md's round: Ana red 16 + blue −13 = 3; Ben white −80 (three investments alone)."""
    record = game(
        {"red": {"investments": 1, "cards": [3, 6, 9, 10]}, "blue": {"cards": [2, 5]}},
        {"white": {"investments": 3, "cards": []}},
    )
    result = scoring.score(record)
    assert result.rounds == ({"Ana": 3, "Ben": -80},)
    assert points_by_label(result, "Ana") == {"red": 16, "blue": -13}
    assert points_by_label(result, "Ben") == {"white": -80}


def test_bonus_is_added_once_and_not_multiplied():
    """Our reading (docs/scoring.md): published scorers multiply the bonus. 3 inv + 2..6: multiplied would be (0+20)×4 = 80."""
    result = scoring.score(game({"green": expedition(3, [2, 3, 4, 5, 6])}))
    lines = points_by_label(result, "Ana")
    assert lines == {"green": 0, "green 8-card bonus": 20}
    assert result.totals["Ana"] == 20 != (20 - 20 + 20) * 4


@pytest.mark.parametrize(
    "investments, cards, has_bonus",
    [
        pytest.param(0, [2, 3, 4, 5, 6, 7, 8], False, id="7-numbers"),
        pytest.param(3, [2, 3, 4, 5], False, id="3-investments-4-numbers-is-7"),
        pytest.param(1, [2, 3, 4, 5, 6, 7], False, id="1-investment-6-numbers-is-7"),
        pytest.param(0, [2, 3, 4, 5, 6, 7, 8, 9], True, id="8-numbers"),
        pytest.param(2, [2, 3, 4, 5, 6, 7], True, id="2-investments-6-numbers-is-8"),
        pytest.param(3, [4, 5, 6, 7, 8], True, id="3-investments-5-numbers-is-8"),
    ],
)
def test_bonus_only_from_8_cards_investments_included(investments, cards, has_bonus):
    """Our reading (docs/scoring.md): the other published mistake is a bonus under 8 cards; investments count towards 8."""
    result = scoring.score(game({"yellow": expedition(investments, cards)}))
    base = (sum(cards) - 20) * (investments + 1)
    assert result.totals["Ana"] == base + (20 if has_bonus else 0)
    assert ("yellow 8-card bonus" in points_by_label(result, "Ana")) is has_bonus


def test_expedition_range_is_minus_80_to_156():
    """Our reading (docs/scoring.md): range of one expedition −80 to 156; enumerate every legal expedition's extremes."""
    seen = set()
    import itertools

    for investments in range(4):
        for size in range(0, 10):
            for cards in itertools.combinations(ALL, size):
                if investments or cards:
                    seen.add(ana_score(expedition(investments, cards)))
    assert min(seen) == -80 and max(seen) == 156


def test_round_and_game_totals_add_up_over_three_rounds():
    record = played(
        ({"red": expedition(0, [10, 9, 8])}, {}),  # 7
        ({}, {"blue": expedition(1, [4])}),  # −32
        ({"white": expedition(0, [2])}, {"white": expedition(0, [3])}),  # −18, −17
        rounds=3,
    )
    result = scoring.score(record)
    assert result.rounds == ({"Ana": 7, "Ben": 0}, {"Ana": 0, "Ben": -32}, {"Ana": -18, "Ben": -17})
    assert result.totals == {"Ana": -11, "Ben": -49}
    assert result.ranking == (("Ana",), ("Ben",))
    assert result.decided and result.winners == ("Ana",)


# ---- variants: rounds 1 / 3 (default 3), purple -------------------------------------------


@pytest.mark.parametrize(
    "variant, recorded, decided",
    [
        pytest.param({"rounds": 1}, 1, True, id="rounds-1-decided-after-1"),
        pytest.param({"rounds": 3}, 1, False, id="rounds-3-open-after-1"),
        pytest.param({"rounds": 3}, 2, False, id="rounds-3-open-after-2"),
        pytest.param({"rounds": 3}, 3, True, id="rounds-3-decided-after-3"),
        pytest.param({}, 2, False, id="default-is-3-rounds-open-after-2"),
        pytest.param({}, 3, True, id="default-is-3-rounds-decided-after-3"),
        pytest.param({"rounds": 1}, 0, False, id="no-round-yet"),
    ],
)
def test_decided_once_every_round_is_recorded(variant, recorded, decided):
    record = {
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": variant,
        "rounds": [{"Ana": {"red": expedition(0, [10])}, "Ben": {}}] * recorded,
    }
    result = scoring.score(record)
    assert result.decided is decided
    assert result.winners == (("Ben",) if decided else ())  # Ana −10 × rounds, Ben 0
    assert len(result.rounds) == recorded


def test_default_variant_refuses_a_fourth_round():
    record = {"game": "lost-cities", "players": ["Ana", "Ben"], "rounds": [{"Ana": {}, "Ben": {}}] * 4}
    assert_invalid(record, "rounds", "4")


def test_purple_variant_scores_the_sixth_expedition_the_same_way():
    result = scoring.score(game({"purple": expedition(3, [2, 3, 4, 5, 6])}, {"purple": expedition(0, [7, 8])}, purple=True))
    assert result.totals == {"Ana": 20, "Ben": -5}


def test_purple_is_refused_without_the_variant():
    assert_invalid(game({"purple": expedition(0, [5])}), "round 1", "Ana", "purple")


def test_next_starter_is_the_higher_total_and_level_lets_players_choose():
    ahead = scoring.score(played(({"red": expedition(0, [10])}, {}), rounds=3))
    assert ahead.extras["next_starter"] == "Ben"  # Ana −10, Ben 0
    explanation_naming(ahead, "Ben", "starts round 2")
    level = scoring.score(played(({}, {}), rounds=3))
    assert level.extras["next_starter"] is None
    explanation_naming(level, "level", "round 2")


# ---- no tiebreak: a draw shares the place ---------------------------------------------------


def test_level_totals_are_a_draw_shared_by_both_when_decided():
    record = game({"red": expedition(0, [10, 9, 8])}, {"blue": expedition(0, [10, 9, 8])})
    result = scoring.score(record)
    assert result.totals == {"Ana": 7, "Ben": 7}
    assert result.ranking == (("Ana", "Ben"),)
    assert result.decided is True
    assert result.winners == ("Ana", "Ben")
    explanation_naming(result, "no tiebreak", "draw")


def test_level_totals_before_the_end_are_shared_but_not_decided():
    result = scoring.score(played(({}, {}), rounds=3))
    assert result.ranking == (("Ana", "Ben"),)
    assert not result.decided and result.winners == ()
    assert not any("draw" in s for s in result.explanations)


# ---- invalid records (docs/format.md › lost-cities › Invalid) -------------------------------------

VALID = game(
    {"red": expedition(1, [3, 6, 9, 10]), "blue": expedition(0, [2, 5])}, {"white": expedition(2, [4]), "red": expedition(2, [2, 4])}
)


def put(player, colour, value):
    def change(r):
        r["rounds"][0][player][colour] = value

    return change


INVALID = [
    pytest.param(put("Ana", "red", expedition(4, [3])), ("round 1", "Ana", "red", "investments"), id="investments-4"),
    pytest.param(put("Ana", "red", expedition(-1, [3])), ("round 1", "Ana", "red", "investments"), id="investments-negative"),
    pytest.param(put("Ana", "red", expedition(0, [1])), ("round 1", "Ana", "red", "cards", "1"), id="card-1"),
    pytest.param(put("Ana", "red", expedition(0, [11])), ("round 1", "Ana", "red", "cards", "11"), id="card-11"),
    pytest.param(put("Ana", "red", expedition(0, [0])), ("round 1", "Ana", "red", "cards"), id="card-0"),
    pytest.param(put("Ana", "red", expedition(0, [5, 5])), ("round 1", "Ana", "red", "cards", "5"), id="card-twice-in-expedition"),
    pytest.param(put("Ben", "blue", expedition(0, [5])), ("round 1", "Ben", "blue", "5", "Ana"), id="same-card-on-both-tableaux"),
    pytest.param(put("Ben", "red", expedition(3, [2, 4])), ("round 1", "red", "investment"), id="4-investments-across-players"),
    pytest.param(put("Ana", "orange", expedition(0, [5])), ("round 1", "Ana", "orange"), id="unknown-colour"),
    pytest.param(put("Ana", "purple", expedition(0, [5])), ("round 1", "Ana", "purple"), id="purple-without-variant"),
    pytest.param(lambda r: r["rounds"].append(r["rounds"][0]), ("rounds", "2"), id="more-rounds-than-variant"),
    pytest.param(lambda r: r["variant"].update(rounds=2), ("variant", "rounds", "2"), id="variant-rounds-2"),
    pytest.param(lambda r: r["variant"].update(rounds="3"), ("variant", "rounds"), id="variant-rounds-as-text"),
    pytest.param(lambda r: r["variant"].update(purple="yes"), ("variant", "purple"), id="variant-purple-as-text"),
    pytest.param(lambda r: r["variant"].update(colours=6), ("variant", "colours"), id="variant-unknown-option"),
    pytest.param(put("Ana", "red", {"cards": [3], "bonus": True}), ("round 1", "Ana", "red", "bonus"), id="unknown-expedition-field"),
    pytest.param(put("Ana", "red", {"cards": ["3"]}), ("round 1", "Ana", "red", "cards"), id="card-as-text"),
    pytest.param(put("Ana", "red", {"cards": [True]}), ("round 1", "Ana", "red", "cards"), id="card-as-true"),
    pytest.param(put("Ana", "red", {"cards": [3.0]}), ("round 1", "Ana", "red", "cards"), id="card-as-decimal"),
    pytest.param(put("Ana", "red", {"cards": 3}), ("round 1", "Ana", "red", "cards"), id="cards-not-a-list"),
    pytest.param(put("Ana", "red", {"investments": None}), ("round 1", "Ana", "red", "investments"), id="investments-null"),
    pytest.param(put("Ana", "red", {"investments": True}), ("round 1", "Ana", "red", "investments"), id="investments-true"),
    pytest.param(put("Ana", "red", [3, 6]), ("round 1", "Ana", "red"), id="expedition-not-an-object"),
    pytest.param(lambda r: r["rounds"][0].pop("Ben"), ("round 1", "Ben"), id="player-missing-from-round"),
    pytest.param(lambda r: r["rounds"][0].update(Cy={}), ("round 1", "Cy"), id="stranger-in-round"),
    pytest.param(lambda r: r["rounds"][0].update(Ben=None), ("round 1", "Ben"), id="tableau-null"),
    pytest.param(lambda r: r["rounds"].__setitem__(0, []), ("round 1",), id="round-not-an-object"),
    pytest.param(lambda r: r.update(rounds={}), ("rounds",), id="rounds-not-a-list"),
]


@pytest.mark.parametrize("change, places", INVALID)
def test_invalid(change, places):
    scoring.score(VALID)  # the base record is valid
    assert_invalid(mutated(VALID, change), *places)


def test_second_round_errors_name_round_2():
    record = played(({}, {}), ({"red": expedition(0, [4, 4])}, {}), rounds=3)
    assert_invalid(record, "round 2", "Ana", "red")


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(records())
def test_lost_cities_matches_an_independent_reading(record):
    result = scoring.score(record)
    for scores, round_ in zip(result.rounds, record["rounds"]):
        for p in record["players"]:
            expected = 0
            for expedition in round_[p].values():
                cards, inv = expedition.get("cards", []), expedition.get("investments", 0)
                if cards or inv:
                    expected += (sum(cards) - 20) * (inv + 1) + (20 if len(cards) + inv >= 8 else 0)
            assert scores[p] == expected
