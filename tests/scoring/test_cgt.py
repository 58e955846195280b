"""CGT – Card Game Traders: values with the floor of 1, modifiers, scoring abilities, the first
player's penalty, tiebreaks (fewer Collection cards, then later seat), invalid records.

Sources: the rulebook (Playing the Game: "No Free Lunch!", Scoring and Winning),
docs/scoring.md › CGT, docs/format.md › cgt.
"""

from __future__ import annotations

import pytest
from scoring_support import assert_invalid, explanation_naming, lines_of, mutated

import scoring


def game(collections, meta, penalty=0, modifiers=None, adjustments=None):
    final = {"meta": meta, "collections": collections}
    if modifiers is not None:
        final["modifiers"] = modifiers
    if adjustments is not None:
        final["adjustments"] = adjustments
    return {"format": 1, "game": "cgt", "players": list(collections), "variant": {"first_player_penalty": penalty}, "final": final}


@pytest.mark.parametrize(
    "meta, modifier, value",
    [
        pytest.param(3, None, 3, id="value-is-the-meta-count"),
        pytest.param(1, None, 1, id="marker-alone-is-1"),
        pytest.param(4, -1, 3, id="passive-minus-1"),
        pytest.param(2, 2, 4, id="passive-plus-2"),
        pytest.param(2, -1, 1, id="down-to-exactly-1"),
        pytest.param(2, -2, 1, id="floor-at-0-becomes-1"),
        pytest.param(1, -5, 1, id="floor-far-below-becomes-1"),
    ],
)
def test_type_value_floor_of_one(meta, modifier, value):
    """'A Card's Value is equal to the number of copies in the Meta Row, modified by passive abilities.
    No Free Lunch! A Card's Value can never be lower than 1.' Two cards of type 9 score 2 × value."""
    record = game({"Ana": {}, "Ben": {"9": 2}}, {"9": meta}, modifiers=None if modifier is None else {"9": modifier})
    assert scoring.score(record).totals["Ben"] == 2 * value


def test_adjustments_are_added_after_the_floor():
    # Our reading (docs/scoring.md): the floor applies to a type's value; scoring-ability points are added after it.
    record = game({"Ana": {}, "Ben": {"9": 2}}, {"9": 1}, modifiers={"9": -3}, adjustments={"Ben": -5})
    assert scoring.score(record).totals["Ben"] == 2 * 1 - 5


def test_example_file_figures():
    """shared/examples/cgt-values-and-penalty: Lea 2×max(1,4−2) + 1×5 − 2 = 7, Max 2×3 + 2×1 + 3 = 11, Ola 1 + 3×2 = 7."""
    record = game(
        {"Lea": {"8": 2, "11": 1}, "Max": {"6": 2, "9": 2}, "Ola": {"5": 1, "10": 3}},
        {"5": 1, "6": 3, "7": 2, "8": 4, "9": 1, "10": 2, "11": 5},
        penalty=2,
        modifiers={"8": -2, "9": -3},
        adjustments={"Max": 3},
    )
    result = scoring.score(record)
    assert result.totals == {"Lea": 7, "Max": 11, "Ola": 7}
    assert [line.points for line in lines_of(result, "Lea")] == [4, 5, -2]
    assert [line.points for line in lines_of(result, "Max")] == [6, 2, 3]
    # Lea and Ola tie at 7 with 3 and 4 cards: fewer cards wins.
    assert result.ranking == (("Max",), ("Lea",), ("Ola",))
    explanation_naming(result, "Lea and Ola", "cards in the Collection")


@pytest.mark.parametrize("penalty", [0, 1, 2, 5])
@pytest.mark.parametrize("first", ["Ana", "Ben", "Cy"])
def test_penalty_applies_to_players_0_only(first, penalty):
    collections = {"Ana": {"6": 1}, "Ben": {"6": 1}, "Cy": {"6": 1}}
    order = [first] + [p for p in collections if p != first]
    record = game({p: collections[p] for p in order}, {"6": 3}, penalty=penalty)
    totals = scoring.score(record).totals
    assert totals == {p: 3 - (penalty if p == first else 0) for p in collections}


def test_penalty_line_is_shown_only_when_there_is_a_penalty():
    with_penalty = scoring.score(game({"Ana": {}, "Ben": {}}, {"6": 1}, penalty=3))
    assert [(line.label, line.points) for line in lines_of(with_penalty, "Ana")] == [("first player penalty", -3)]
    assert lines_of(with_penalty, "Ben") == ()
    assert lines_of(scoring.score(game({"Ana": {}, "Ben": {}}, {"6": 1}, penalty=0)), "Ana") == ()


def test_zero_counts_and_empty_collections_score_nothing():
    record = game({"Ana": {"6": 0}, "Ben": {}}, {"6": 4})
    result = scoring.score(record)
    assert result.totals == {"Ana": 0, "Ben": 0}


# ---- tiebreaks: fewer Collection cards, then later seat -----------------------------------------


def test_tiebreak_fewer_cards_in_the_collection():
    # Ana: 2 × value 3 = 6 (2 cards).  Ben: 3 × value 2 = 6 (3 cards).  Ben sits later but has more cards.
    result = scoring.score(game({"Ana": {"9": 2}, "Ben": {"8": 3}}, {"9": 3, "8": 2}))
    assert result.totals == {"Ana": 6, "Ben": 6}
    assert result.ranking == (("Ana",), ("Ben",))
    assert result.decided and result.winners == ("Ana",)
    sentence = explanation_naming(result, "cards in the Collection (fewer wins)")
    assert "Ana 2 cards" in sentence and "Ben 3 cards" in sentence


def test_tiebreak_later_seat():
    result = scoring.score(game({"Ana": {"9": 2}, "Ben": {"9": 2}, "Cy": {"9": 2}}, {"9": 3}))
    assert result.totals == {"Ana": 6, "Ben": 6, "Cy": 6}
    assert result.ranking == (("Cy",), ("Ben",), ("Ana",))
    assert result.winners == ("Cy",)
    explanation_naming(result, "seat (later in play order wins)", "Cy")


def test_tiebreak_with_the_penalty_the_first_player_is_behind_on_points_not_seat():
    # Ana (first, penalty 2) has 8 − 2 = 6, Ben has 6 with the same cards count: Ben by later seat.
    result = scoring.score(game({"Ana": {"9": 2, "8": 1}, "Ben": {"9": 1, "8": 2}}, {"9": 3, "8": 2}, penalty=2))
    assert result.totals == {"Ana": 6, "Ben": 7}
    result = scoring.score(game({"Ana": {"9": 2, "8": 1}, "Ben": {"9": 2}}, {"9": 3, "8": 2}, penalty=2))
    assert result.totals == {"Ana": 6, "Ben": 6}
    assert result.winners == ("Ben",)  # 2 cards against Ana's 3


def test_never_a_shared_place():
    result = scoring.score(game({"Ana": {}, "Ben": {}, "Cy": {}, "Di": {}}, {"6": 1}))
    assert result.ranking == (("Di",), ("Cy",), ("Ben",), ("Ana",))
    assert len(result.explanations) == 3  # one sentence per decided pair


# ---- invalid records (docs/format.md › cgt › Invalid) ----------------------------------------------

VALID = game({"Lea": {"8": 2, "11": 1}, "Max": {"6": 2}}, {"6": 3, "8": 4, "11": 5}, penalty=2, modifiers={"8": -1}, adjustments={"Max": 3})


def final(**changes):
    def change(r):
        r["final"].update(changes)

    return change


def lea(collection):
    def change(r):
        r["final"]["collections"]["Lea"] = collection

    return change


INVALID = [
    pytest.param(final(meta={"1": 1}), ("final", "meta", "'1'"), id="type-1"),
    pytest.param(final(meta={"21": 1}), ("final", "meta", "'21'"), id="type-21"),
    pytest.param(final(meta={"eight": 1}), ("final", "meta", "'eight'"), id="type-not-a-number"),
    pytest.param(final(meta={"-8": 1}), ("final", "meta", "'-8'"), id="type-negative"),
    pytest.param(final(meta={"8.0": 1}), ("final", "meta", "'8.0'"), id="type-decimal"),
    pytest.param(final(meta={"08": 1}), ("final", "meta", "'08'"), id="type-with-leading-zero"),
    pytest.param(final(meta={"６": 1}), ("final", "meta"), id="type-fullwidth-digit"),
    pytest.param(final(meta={str(t): 1 for t in range(5, 13)}), ("final", "meta", "8 Meta columns"), id="8-meta-columns"),
    pytest.param(final(meta={"6": 0, "8": 4, "11": 5}), ("final", "meta", "type 6"), id="meta-count-0"),
    pytest.param(final(meta={"6": 7, "8": 4, "11": 5}), ("final", "meta", "type 6", "7"), id="meta-count-above-type"),
    pytest.param(final(meta={"6": "3", "8": 4, "11": 5}), ("final", "meta", "type 6"), id="meta-count-as-text"),
    pytest.param(lea({"8": 2, "7": 1}), ("final", "collections", "Lea", "type 7", "no Meta column"), id="collection-type-without-meta"),
    pytest.param(lea({"8": 5}), ("final", "type 8", "9 cards"), id="more-cards-than-the-type"),
    pytest.param(
        lambda r: r["final"]["collections"]["Max"].update({"6": 4}),
        ("final", "type 6", "7 cards (Meta column 3, Max 4)"),
        id="too-many-across-collections",
    ),
    pytest.param(lea({"8": -1}), ("final", "collections", "Lea", "type 8"), id="collection-count-negative"),
    pytest.param(lea({"8": True}), ("final", "collections", "Lea", "type 8"), id="collection-count-true"),
    pytest.param(lea({"8": None}), ("final", "collections", "Lea", "type 8"), id="collection-count-null"),
    pytest.param(lea([8, 8]), ("final", "collections", "Lea"), id="collection-not-an-object"),
    pytest.param(lambda r: r["final"]["collections"].pop("Max"), ("final", "collections", "Max"), id="player-missing-from-collections"),
    pytest.param(lambda r: r["final"]["collections"].update(Eve={}), ("final", "collections", "Eve"), id="stranger-in-collections"),
    pytest.param(final(adjustments={"Eve": 2}), ("final", "adjustments", "Eve"), id="stranger-in-adjustments"),
    pytest.param(final(adjustments={"Max": "3"}), ("final", "adjustments", "Max"), id="adjustment-as-text"),
    pytest.param(final(modifiers={"8": 1.5}), ("final", "modifiers", "type 8"), id="modifier-decimal"),
    pytest.param(final(modifiers={"30": 1}), ("final", "modifiers", "'30'"), id="modifier-type-out-of-range"),
    pytest.param(lambda r: r["final"].pop("meta"), ("final", "meta"), id="meta-missing"),
    pytest.param(lambda r: r["final"].pop("collections"), ("final", "collections"), id="collections-missing"),
    pytest.param(final(offer={"5": 1}), ("final", "offer"), id="final-unknown-field"),
    pytest.param(lambda r: r.pop("variant"), ("variant", "first_player_penalty"), id="variant-missing-penalty-required"),
    pytest.param(lambda r: r["variant"].update(first_player_penalty=-1), ("variant", "first_player_penalty"), id="penalty-negative"),
    pytest.param(lambda r: r["variant"].update(first_player_penalty="2"), ("variant", "first_player_penalty"), id="penalty-as-text"),
    pytest.param(lambda r: r["variant"].update(first_player_penalty=None), ("variant", "first_player_penalty"), id="penalty-null"),
    pytest.param(lambda r: r["variant"].update(types=7), ("variant", "types"), id="variant-unknown-option"),
    pytest.param(
        lambda r: (r.update(players=["Lea", "Max", "A", "B", "C"]), r["final"]["collections"].update(A={}, B={}, C={})),
        ("players", "5"),
        id="5-players",
    ),
]


@pytest.mark.parametrize("change, places", INVALID)
def test_invalid(change, places):
    scoring.score(VALID)
    assert_invalid(mutated(VALID, change), *places)


def test_types_2_and_20_and_a_full_meta_column_are_valid():
    record = game({"Ana": {"20": 3}, "Ben": {}}, {"2": 2, "20": 17})
    assert scoring.score(record).totals == {"Ana": 51, "Ben": 0}
