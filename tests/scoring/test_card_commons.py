"""Card Commons: the rulebook's round-3 example (6, 4 and the 3♦ counterfactual 0), multipliers,
Wild Nest Eggs, the Peek variant, extra rounds, invalid records.

Sources: the rulebook (Scoring, Examples, Variants), docs/scoring.md › Card Commons,
docs/format.md › card-commons.
"""

from __future__ import annotations

import pytest
from hand_made.card_commons import records, round_points
from hypothesis import HealthCheck, given, settings
from scoring_support import assert_invalid, explanation_naming, lines_of, mutated

import scoring

# A round in which nobody scores: 3♦ and 4♥ match neither the suit nor the rank of 2♣.
BLANK = {"nest_egg": "2C", "commissions": {"You": "3D", "Opp": "4H"}, "sides": {"You": ["5D"], "Opp": ["5H"]}}
# A round in which both score 1 × the multiplier: 3♣ matches 2♣ by suit, 2♦ by rank; one card of each colour.
LEVEL = {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "2D"}, "sides": {"You": ["4C"], "Opp": ["4D"]}}
# A round only You scores 1 × the multiplier.
YOU_AHEAD = {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "4H"}, "sides": {"You": ["4C"], "Opp": ["5H"]}}


def game(*rounds, peek=None):
    record = {"format": 1, "game": "card-commons", "players": ["You", "Opp"], "rounds": list(rounds)}
    if peek is not None:
        record["variant"] = {"peek": peek}
    return record


def round_(nest_egg, you, opp, you_side, opp_side, replacement=None):
    out = {"nest_egg": nest_egg, "commissions": {"You": you, "Opp": opp}, "sides": {"You": you_side, "Opp": opp_side}}
    if replacement is not None:
        out["replacement"] = replacement
    return out


# The rulebook: "The end of round 3, so the multiplier is ×2. The Nest Egg turns out to be the 4♣."
@pytest.mark.parametrize(
    "you, points",
    [
        pytest.param("4H", 6, id="your-4H-matches-4C-by-value-3-red-incl-QH-x2-is-6"),
        pytest.param("3D", 0, id="had-it-been-3D-it-matches-neither-0"),
    ],
)
def test_rulebook_round_3_example(you, points):
    example = round_("4C", you, "5C", ["QH", "2D", "3H", "2S"], ["5S", "2C", "3D" if you != "3D" else "4D"])
    result = scoring.score(game(BLANK, BLANK, example))
    assert result.rounds[2] == {"You": points, "Opp": 4}  # "Their 5♣ matches by suit; 2 black × 2 = 4"
    assert result.totals == {"You": points, "Opp": 4}


def test_rulebook_example_breakdown_says_why():
    result = scoring.score(game(BLANK, BLANK, round_("4C", "4H", "5C", ["QH", "2D", "3H", "2S"], ["5S", "2C", "3D"])))
    (you,) = lines_of(result, "You", 2)
    (opp,) = lines_of(result, "Opp", 2)
    assert "by rank" in you.label and you.points == 6
    assert "by suit" in opp.label and opp.points == 4


@pytest.mark.parametrize(
    "peek, expected",
    [
        pytest.param(False, [1, 1, 2, 2, 1, 1], id="standard-x1-x1-x2-x2-then-extra-x1"),
        pytest.param(True, [1, 1, 2, 1, 1], id="peek-x1-x1-x2-then-extra-x1"),
    ],
)
def test_multiplier_fixed_by_round_number(peek, expected):
    # Both players score 1 card × the multiplier in every round, so the totals stay level and every
    # further round is a legal extra round.
    result = scoring.score(game(*[LEVEL] * len(expected), peek=peek))
    assert [r["You"] for r in result.rounds] == expected
    assert [r["Opp"] for r in result.rounds] == expected
    assert not result.decided


@pytest.mark.parametrize("count", range(0, 7))
def test_score_is_cards_of_the_commission_colour_times_multiplier(count):
    black = ["2S", "3S", "4S", "5S", "KS", "4C"][:count]
    red = ["2H", "3H", "4H", "5H", "2D", "3D"][: 6 - count]
    result = scoring.score(game(BLANK, BLANK, round_("2C", "3C", "4D", black, red)))
    assert result.rounds[2] == {"You": 2 * count, "Opp": 0}  # 4♦ matches neither: red cards do not count


# ---- Wild Nest Egg ----------------------------------------------------------------------------


def test_standard_wild_nest_egg_is_replaced_and_the_replacement_matches():
    result = scoring.score(game(round_("QH", "2D", "3C", ["4D", "5H"], ["4C", "5S", "KS"], replacement="2S")))
    assert result.rounds[0] == {"You": 2, "Opp": 0}  # 2♦ matches 2♠ by rank; 3♣ matches neither
    # The lines say the card matched against replaced the Wild on the table (issue 49).
    you, opp = (next(line.label for line in result.breakdown[0][p] if line.label.startswith("Commission")) for p in ("You", "Opp"))
    assert you == "Commission 2♦ matches 2♠ by rank (2♠ replaced the Wild Nest Egg Q♥)"
    assert opp == "Commission 3♣ does not match 2♠ (2♠ replaced the Wild Nest Egg Q♥)"


def test_standard_wild_with_only_the_other_wild_face_down_both_commissions_score():
    # Our reading (docs/scoring.md): with one face-down discard, the other Wild leaves no card to use: both score.
    result = scoring.score(game(round_("QH", "2D", "3C", ["4D", "5H"], ["4C", "5S"])))
    assert result.rounds[0] == {"You": 2, "Opp": 2}
    explicit_null = game({**round_("KS", "2D", "3C", ["4D"], ["4C", "5S"]), "replacement": None})
    assert scoring.score(explicit_null).rounds[0] == {"You": 1, "Opp": 2}


def test_standard_wild_multiplier_is_unchanged_by_the_swap():
    result = scoring.score(game(BLANK, BLANK, round_("KS", "2D", "3C", ["4D"], ["4C"], replacement="2H")))
    assert result.rounds[2] == {"You": 2, "Opp": 0}


@pytest.mark.parametrize(
    "nest_egg, commission, side, points",
    [
        pytest.param("KS", "4C", ["2S", "5C", "3D"], 2, id="KS-stays-black-commission-scores"),
        pytest.param("KS", "2H", ["3H", "QH"], 0, id="KS-stays-red-commission-does-not"),
        pytest.param("QH", "2D", ["3H", "4D", "5C"], 2, id="QH-matches-a-diamond-by-colour-not-suit"),
        pytest.param("QH", "3S", ["2S", "KS"], 0, id="QH-stays-black-commission-does-not"),
    ],
)
def test_peek_wild_nest_egg_stays_and_matches_by_colour(nest_egg, commission, side, points):
    result = scoring.score(game(round_(nest_egg, commission, "5D" if commission != "5D" else "4H", side, []), peek=True))
    assert result.rounds[0]["You"] == points


# ---- decided, level totals and extra rounds ---------------------------------------------------


def test_not_decided_before_the_last_regular_round():
    for played in range(0, 4):
        result = scoring.score(game(*[YOU_AHEAD] * played))
        assert not result.decided and result.winners == ()


def test_decided_after_the_last_regular_round_when_totals_differ():
    result = scoring.score(game(BLANK, BLANK, BLANK, YOU_AHEAD))
    assert result.totals == {"You": 2, "Opp": 0}
    assert result.decided and result.winners == ("You",)
    peek = scoring.score(game(BLANK, BLANK, YOU_AHEAD, peek=True))
    assert peek.decided and peek.winners == ("You",)


@pytest.mark.parametrize("peek, regular", [(False, 4), (True, 3)], ids=["standard", "peek"])
def test_level_after_regular_rounds_is_not_decided_and_says_an_extra_round_is_needed(peek, regular):
    result = scoring.score(game(*[LEVEL] * regular, peek=peek))
    assert result.ranking == (("You", "Opp"),)
    assert result.decided is False and result.winners == ()
    explanation_naming(result, "level", "extra round")
    assert result.extras["next_multiplier"] == 1


def test_extra_round_decides():
    result = scoring.score(game(LEVEL, LEVEL, LEVEL, LEVEL, YOU_AHEAD))
    assert result.rounds[4] == {"You": 1, "Opp": 0}  # ×1
    assert result.decided and result.winners == ("You",)
    assert result.ranking == (("You",), ("Opp",))
    assert not any("extra round is required" in s for s in result.explanations)


def test_extra_rounds_continue_while_level():
    result = scoring.score(game(BLANK, BLANK, BLANK, BLANK, BLANK, LEVEL))
    assert not result.decided
    explanation_naming(result, "extra round")
    result = scoring.score(game(BLANK, BLANK, BLANK, BLANK, BLANK, LEVEL, YOU_AHEAD))
    assert result.decided and result.winners == ("You",)


@pytest.mark.parametrize(
    "record, place",
    [
        pytest.param(game(BLANK, BLANK, BLANK, YOU_AHEAD, BLANK), "round 5", id="after-a-decided-4th-round"),
        pytest.param(game(BLANK, BLANK, BLANK, BLANK, YOU_AHEAD, BLANK), "round 6", id="after-a-decided-extra-round"),
        pytest.param(game(BLANK, BLANK, YOU_AHEAD, BLANK, peek=True), "round 4", id="peek-after-a-decided-3rd-round"),
    ],
)
def test_no_extra_round_unless_level(record, place):
    assert_invalid(record, place, "level")


# ---- invalid records (docs/format.md › card-commons › Invalid) -------------------------------------

VALID = game(round_("4C", "4H", "5C", ["QH", "2D", "3H", "2S"], ["5S", "2C", "3D"]))


def at(**changes):
    def change(r):
        r["rounds"][0].update(changes)

    return change


def side(player, cards):
    def change(r):
        r["rounds"][0]["sides"][player] = cards

    return change


def commission(player, card):
    def change(r):
        r["rounds"][0]["commissions"][player] = card

    return change


INVALID = [
    pytest.param(at(nest_egg="6C"), ("round 1", "nest_egg", "6C"), id="6C-not-in-deck"),
    pytest.param(at(nest_egg="AH"), ("round 1", "nest_egg", "AH"), id="ace-not-in-deck"),
    pytest.param(at(nest_egg="QS"), ("round 1", "nest_egg", "QS"), id="QS-not-in-deck"),
    pytest.param(at(nest_egg="4c"), ("round 1", "nest_egg", "4c"), id="lower-case-suit"),
    pytest.param(at(nest_egg="4♣"), ("round 1", "nest_egg"), id="suit-symbol"),
    pytest.param(at(nest_egg=4), ("round 1", "nest_egg"), id="card-as-number"),
    pytest.param(at(nest_egg=None), ("round 1", "nest_egg"), id="nest-egg-null"),
    pytest.param(side("You", ["QH", "2D", "3H", "9S"]), ("round 1", "sides", "You", "9S"), id="side-card-not-in-deck"),
    pytest.param(commission("Opp", "7C"), ("round 1", "commissions", "Opp", "7C"), id="commission-not-in-deck"),
    pytest.param(side("You", ["QH", "2D", "3H", "4C"]), ("round 1", "4C", "Nest Egg"), id="nest-egg-also-on-a-side"),
    pytest.param(side("Opp", ["5S", "2C", "3D", "2S"]), ("round 1", "2S", "You", "Opp"), id="card-on-both-sides"),
    pytest.param(side("You", ["QH", "2D", "2D"]), ("round 1", "2D appears twice on You's side"), id="card-twice-on-one-side"),
    pytest.param(side("You", ["QH", "2D", "4H"]), ("round 1", "4H", "Commission"), id="commission-also-on-a-side"),
    pytest.param(commission("Opp", "4H"), ("round 1", "4H", "You", "Opp"), id="same-commission-twice"),
    pytest.param(commission("You", "QH"), ("round 1", "commissions", "You", "Wild"), id="wild-commission-QH"),
    pytest.param(commission("Opp", "KS"), ("round 1", "commissions", "Opp", "Wild"), id="wild-commission-KS"),
    pytest.param(side("You", ["QH", "2D", "3H", "2S", "2H", "3C", "5D"]), ("round 1", "sides", "You", "7"), id="7-cards-on-a-side"),
    pytest.param(at(replacement="2H"), ("round 1", "replacement", "4C"), id="replacement-for-a-non-wild"),
    pytest.param(
        lambda r: (r["rounds"][0].update(nest_egg="KS", replacement="QH"), r["rounds"][0]["sides"]["You"].remove("QH")),
        ("round 1", "replacement", "Wild"),
        id="replacement-is-a-wild",
    ),
    pytest.param(
        lambda r: r["rounds"][0].update(nest_egg="KS"), ("round 1", "replacement", "QH"), id="no-replacement-while-other-wild-on-a-side"
    ),
    pytest.param(
        lambda r: (r.update(variant={"peek": True}), r["rounds"][0].update(nest_egg="KS", replacement="4C")),
        ("round 1", "replacement", "Peek"),
        id="replacement-in-peek",
    ),
    pytest.param(lambda r: r["rounds"][0].pop("nest_egg"), ("round 1", "nest_egg"), id="nest-egg-missing"),
    pytest.param(lambda r: r["rounds"][0]["commissions"].pop("Opp"), ("round 1", "commissions", "Opp"), id="commission-missing-player"),
    pytest.param(lambda r: r["rounds"][0]["sides"].pop("You"), ("round 1", "sides", "You"), id="side-missing-player"),
    pytest.param(lambda r: r["rounds"][0]["sides"].update(Eve=[]), ("round 1", "sides", "Eve"), id="stranger-side"),
    pytest.param(side("You", "QH 2D"), ("round 1", "sides", "You"), id="side-not-a-list"),
    pytest.param(at(multiplier=2), ("round 1", "multiplier"), id="round-unknown-field"),
    pytest.param(lambda r: r.update(variant={"peek": "yes"}), ("variant", "peek"), id="peek-as-text"),
    pytest.param(lambda r: r.update(variant={"peek": 1}), ("variant", "peek"), id="peek-as-number"),
    pytest.param(lambda r: r.update(variant={"rounds": 3}), ("variant", "rounds"), id="variant-unknown-option"),
    pytest.param(lambda r: r.update(players=["You", "Opp", "Third"]), ("players", "3"), id="3-players"),
]


@pytest.mark.parametrize("change, places", INVALID)
def test_invalid(change, places):
    scoring.score(VALID)
    assert_invalid(mutated(VALID, change), *places)


def test_errors_in_later_rounds_name_the_round():
    assert_invalid(game(BLANK, BLANK, {**BLANK, "nest_egg": "KS", "commissions": {"You": "KS", "Opp": "4H"}}), "round 3", "You")


@pytest.mark.parametrize("number, each", [(1, 1), (3, 2)])
def test_the_preview_of_a_complete_round_is_what_scoring_it_gives(number, each):
    """preview: what the round being entered would score now is what the round scores once recorded."""
    from scoring import card_commons as cc

    draft = {**cc.empty_draft(["You", "Opp"]), **LEVEL}
    earlier = [BLANK] * (number - 1)
    recorded = scoring.score(game(*earlier, LEVEL)).rounds[number - 1]
    assert {p: line.points for p, line in cc.preview(draft, ["You", "Opp"], False, number).items()} == recorded
    assert recorded == {"You": each, "Opp": each}  # one card of the colour, ×1 in round 1, ×2 in round 3


def test_the_preview_names_only_chosen_commissions_and_nothing_before_the_nest_egg():
    from scoring import card_commons as cc

    draft = cc.empty_draft(["You", "Opp"])
    assert cc.preview(draft, ["You", "Opp"], False, 1) == {}
    draft["commissions"]["You"] = "3C"
    assert cc.preview(draft, ["You", "Opp"], False, 1) == {}  # no Nest Egg yet: nothing to match
    draft["nest_egg"], draft["sides"]["You"] = "2C", ["4C", "5S"]
    (line,) = cc.preview(draft, ["You", "Opp"], False, 1).values()
    assert (line.points, "by suit" in line.label) == (2, True)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(records())
def test_card_commons_matches_an_independent_reading(record):
    result = scoring.score(record)
    peek = record.get("variant", {}).get("peek", False)
    table = (1, 1, 2) if peek else (1, 1, 2, 2)
    for number, (scores, round_) in enumerate(zip(result.rounds, record["rounds"]), start=1):
        mult = table[number - 1] if number <= len(table) else 1
        assert scores == {p: round_points(round_, p, mult, peek) for p in record["players"]}
