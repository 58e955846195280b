"""The BoardGameGeek Game: the rulebook's 4-player (74 GG) and 3-player (6, 36, 22, 58 by colour)
examples, GG from the track or a ledger with seat starts, the 3-player sets variant, tiebreaks,
invalid records.

Sources: the rulebook (Initial Setup, End of the Game), docs/scoring.md › The BoardGameGeek
Game, docs/format.md › bgg-game.
"""

from __future__ import annotations

import pytest
from scoring_support import assert_invalid, explanation_naming, lines_of, mutated

import scoring

COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]


def tiles(*pairs):
    """tiles(("blue", 1), ("green", 1)) → the record's tile objects."""
    return [{"colour": c, "number": n} for c, n in pairs]


def game(players, entries, **variant):
    record = {"format": 1, "game": "bgg-game", "players": list(players), "final": dict(zip(players, entries))}
    if variant:
        record["variant"] = variant
    return record


def entry(colour, gg=0, held=(), **more):
    out = {"colour": colour, "gg": gg, "tiles": tiles(*held), **more}
    if "ledger" in more:
        del out["gg"]
    return out


# ---- 4–6 players, number by number ---------------------------------------------------------

# The rulebook's 4-player example (Ada is red; others blue, green, yellow): "18 GG for the 1 tiles;
# 2 for the 2 tile; 18 for the 3s; 8 for the 4s; 10 for the 5s; 18 for the 6s — total 74 GG."
ADA_TILES = [
    ("blue", 1),
    ("green", 1),
    ("yellow", 1),
    ("blue", 2),
    ("blue", 3),
    ("green", 3),
    ("yellow", 3),
    ("green", 4),
    ("yellow", 4),
    ("blue", 5),
    ("green", 5),
    ("green", 5),  # the second green 5 is a duplicate: 0
    ("blue", 6),
    ("green", 6),
    ("yellow", 6),
]
FOUR = ["Ada", "Bo", "Cy", "Di"]


def four_player_example():
    return game(FOUR, [entry("red", 0, ADA_TILES), entry("blue"), entry("green"), entry("yellow")])


def test_rulebook_4_player_example_is_74():
    result = scoring.score(four_player_example())
    per_number = {line.label.split(":")[0]: line.points for line in lines_of(result, "Ada") if line.label[0].isdigit()}
    assert per_number == {"1s": 18, "2s": 2, "3s": 18, "4s": 8, "5s": 10, "6s": 18}
    assert result.totals["Ada"] == 74


def test_breakdown_lines_name_sets_and_duplicates():
    labels = [line.label for line in lines_of(scoring.score(four_player_example()), "Ada")]
    assert "1s: set of 3 colours" in labels
    assert "5s: 2 colours, 1 duplicate score 0" in labels


@pytest.mark.parametrize(
    "count, held, points",
    [
        pytest.param(4, [("blue", 4), ("green", 4), ("yellow", 4)], 18, id="4p-three-colours-is-a-set"),
        pytest.param(4, [("blue", 4), ("green", 4)], 8, id="4p-two-colours-face-value"),
        pytest.param(4, [("blue", 4), ("blue", 4), ("blue", 4)], 4, id="4p-duplicates-score-0"),
        pytest.param(4, [("blue", 1), ("green", 1), ("yellow", 1), ("yellow", 1)], 18, id="4p-set-plus-duplicate"),
        pytest.param(5, [("blue", 2), ("green", 2), ("yellow", 2)], 6, id="5p-three-of-four-colours-face-value"),
        pytest.param(5, [("blue", 2), ("green", 2), ("yellow", 2), ("purple", 2)], 24, id="5p-four-colours-is-a-set"),
        pytest.param(6, [("blue", 6), ("green", 6), ("yellow", 6), ("purple", 6), ("black", 6)], 30, id="6p-five-colours-is-a-set"),
        pytest.param(6, [("blue", 6), ("green", 6), ("yellow", 6), ("purple", 6)], 24, id="6p-four-colours-face-value"),
    ],
)
def test_number_by_number(count, held, points):
    players = FOUR + ["Eve", "Fay"][: count - 4]
    entries = [entry(COLOURS[0], 0, held)] + [entry(c) for c in COLOURS[1:count]]
    assert scoring.score(game(players, entries)).totals["Ada"] == points


def test_three_player_sets_option_does_not_change_4_player_scoring():
    one = scoring.score(four_player_example())
    every = scoring.score({**four_player_example(), "variant": {"three_player_sets": "every"}})
    assert one.totals == every.totals


# ---- 3 players, colour by colour ------------------------------------------------------------

THREE = ["Ada", "Bo", "Cy"]  # red, blue, green


def colour_points(result, player):
    out: dict[str, int] = {}
    for line in lines_of(result, player):
        colour = line.label.split()[0]
        if colour in COLOURS:
            out[colour] = out.get(colour, 0) + line.points
    return out


def test_rulebook_3_player_example_6_36_22_58():
    """'6, 36, 22, 58 GG for the four colors shown.' With 3 players each holds two colours, so the
    four colour piles are spread over the table: one tile (6), a set (36), an incomplete run with a
    duplicate (22), a set and further tiles (58)."""
    record = game(
        THREE,
        [
            entry(
                "red",
                0,
                [("blue", 6)]  # 6
                + [("green", n) for n in range(1, 7)]
                + [("green", 5), ("green", 5), ("green", 6), ("green", 6)],
            ),  # 36 + 22
            entry("blue", 0, [("red", n) for n in range(1, 7)]),  # 36
            entry("green", 0, [("red", 2), ("red", 3), ("red", 4), ("red", 5), ("red", 6), ("red", 2)]),  # 22
        ],
    )
    result = scoring.score(record)
    assert colour_points(result, "Ada") == {"blue": 6, "green": 58}
    assert colour_points(result, "Bo") == {"red": 36}
    assert colour_points(result, "Cy") == {"red": 22}
    assert result.totals == {"Ada": 64, "Bo": 36, "Cy": 22}


@pytest.mark.parametrize(
    "held, one, every",
    [
        pytest.param([("blue", n) for n in range(1, 7)], 36, 36, id="one-set"),
        pytest.param([("blue", n) for n in range(1, 6)], 15, 15, id="five-of-six-face-value"),
        pytest.param([("blue", n) for n in range(1, 7)] + [("blue", 4)], 40, 40, id="set-plus-duplicate-at-face-value"),
        pytest.param([("blue", n) for n in range(1, 7)] * 2, 57, 72, id="two-sets"),
        pytest.param([("blue", n) for n in range(1, 7)] * 3, 78, 108, id="three-sets"),
        pytest.param([("blue", n) for n in range(1, 7)] * 2 + [("green", 3)], 60, 75, id="two-sets-and-another-colour"),
    ],
)
def test_three_player_sets_one_and_every(held, one, every):
    def total(option):
        variant = {} if option is None else {"three_player_sets": option}
        record = game(THREE, [entry("red", 0, held), entry("blue"), entry("green")], **variant)
        return scoring.score(record).totals["Ada"]

    assert total("one") == total(None) == one  # "one" is the default
    assert total("every") == every


# ---- GG: the track, or a ledger from the seat's start ----------------------------------------


def test_gg_from_the_track_is_taken_as_is_and_may_be_negative_or_past_100():
    record = game(THREE, [entry("red", 137), entry("blue", -2), entry("green", 0)])
    assert scoring.score(record).totals == {"Ada": 137, "Bo": -2, "Cy": 0}


@pytest.mark.parametrize("count", [3, 4, 5, 6])
def test_ledger_starts_seats_0_to_2_at_10_and_later_seats_at_11(count):
    players = ["P1", "P2", "P3", "P4", "P5", "P6"][:count]
    record = game(players, [{"colour": c, "ledger": []} for c in COLOURS[:count]])
    totals = scoring.score(record).totals
    assert [totals[p] for p in players] == [10, 10, 10, 11, 11, 11][:count]


def test_ledger_adds_income_and_subtracts_spend():
    # The example file's Bo (seat 2: 10 + 7 + 4 + 9 − 1 − 2 = 27) and Di (seat 4: 11 + 36 − 3 = 44).
    record = game(
        FOUR,
        [
            entry("red"),
            {"colour": "blue", "ledger": [{"income": 7, "spent": 1}, {"income": 4}, {"income": 9, "spent": 2}]},
            entry("green"),
            {"colour": "yellow", "ledger": [{"income": 12}, {"income": 10}, {"income": 8}, {"income": 6, "spent": 3}]},
        ],
    )
    result = scoring.score(record)
    assert result.totals["Bo"] == 27 and result.totals["Di"] == 44
    assert [line.points for line in lines_of(result, "Di")] == [11, 36, -3]


def test_ledger_and_track_mix_and_tiles_add():
    record = game(
        FOUR,
        [
            {"colour": "red", "ledger": [{"spent": 4}], "tiles": tiles(("blue", 3))},
            entry("blue"),
            entry("green"),
            entry("yellow"),
        ],
    )
    assert scoring.score(record).totals["Ada"] == 10 - 4 + 3


# ---- tiebreak: more distinct 1s, then 2s, … 6s, then shared -----------------------------------


@pytest.mark.parametrize("number", range(1, 7), ids=[f"distinct-{n}s" for n in range(1, 7)])
def test_tiebreak_distinct_tiles_by_number(number):
    # Equal on every lower number (one green tile each), Ana has 2 colours of `number`, Ben 1;
    # Ben's track makes up the difference (2n vs n face value, 3 colours would be a set at 4p).
    lower = [("green", m) for m in range(1, number)]
    record = game(
        FOUR,
        [
            entry("red", 10, lower + [("green", number), ("yellow", number)]),
            entry("blue", 10 + number, lower + [("green", number)]),
            entry("green", 0),
            entry("yellow", 0),
        ],
    )
    result = scoring.score(record)
    assert result.totals["Ada"] == result.totals["Bo"]
    assert result.ranking[:2] == (("Ada",), ("Bo",))
    assert result.winners == ("Ada",)
    sentence = explanation_naming(result, f"distinct tiles numbered {number}")
    assert "Ada 2" in sentence and "Bo 1" in sentence


def test_tiebreak_counts_colours_not_duplicates():
    # Ada: one blue 1.  Bo: two red 1s, the second a duplicate (0 GG, and not a second distinct 1).
    record = game(
        FOUR,
        [
            entry("red", 10, [("blue", 1)]),
            entry("blue", 10, [("red", 1), ("red", 1)]),
            entry("green", 0),
            entry("yellow", 0),
        ],
    )
    result = scoring.score(record)
    assert result.totals["Ada"] == result.totals["Bo"] == 11
    assert result.ranking[0] == ("Ada", "Bo")
    sentence = explanation_naming(result, "share 1st place")
    assert "distinct tiles numbered 1 (1)" in sentence


def test_tiebreak_applies_with_3_players():
    record = game(
        THREE,
        [
            entry("red", 10, [("blue", 1), ("green", 1)]),  # 1 + 1
            entry("blue", 10, [("red", 2)]),  # 2
            entry("green", 0),
        ],
    )
    result = scoring.score(record)
    assert result.totals["Ada"] == result.totals["Bo"] == 12
    assert result.winners == ("Ada",)
    explanation_naming(result, "distinct tiles numbered 1")


def test_tiebreak_still_equal_shares_the_place():
    record = game(
        FOUR,
        [
            entry("red", 20, [("green", 5)]),
            entry("blue", 20, [("yellow", 5)]),
            entry("green", 30),
            entry("yellow", 0),
        ],
    )
    result = scoring.score(record)
    assert result.ranking == (("Cy",), ("Ada", "Bo"), ("Di",))
    assert result.decided and result.winners == ("Cy",)
    sentence = explanation_naming(result, "share 2nd place")
    assert "distinct tiles numbered 6" in sentence


def test_full_tie_for_first_is_shared_and_both_win():
    record = game(THREE, [entry("red", 5), entry("blue", 5), entry("green", 1)])
    result = scoring.score(record)
    assert result.decided and result.winners == ("Ada", "Bo")
    explanation_naming(result, "share 1st place")


# ---- invalid records (docs/format.md › bgg-game › Invalid) ------------------------------------------

VALID = game(
    FOUR,
    [
        entry("red", 41, [("blue", 1), ("green", 1)]),
        {"colour": "blue", "ledger": [{"income": 7, "spent": 1}], "tiles": tiles(("red", 2))},
        entry("green", 60),
        entry("yellow", 12),
    ],
)


def ada(**changes):
    def change(r):
        r["final"]["Ada"].update(changes)

    return change


def bo(**changes):
    def change(r):
        r["final"]["Bo"].update(changes)

    return change


INVALID = [
    pytest.param(ada(tiles=tiles(("red", 3))), ("final", "Ada", "tile 1", "colour", "own colour"), id="own-colour-tile"),
    pytest.param(ada(tiles=tiles(("purple", 3))), ("final", "Ada", "tile 1", "colour", "purple"), id="colour-not-in-play"),
    pytest.param(ada(tiles=tiles(("blue", 0))), ("final", "Ada", "tile 1", "number"), id="number-0"),
    pytest.param(ada(tiles=tiles(("blue", 7))), ("final", "Ada", "tile 1", "number"), id="number-7"),
    pytest.param(ada(tiles=tiles(*[("blue", n) for n in range(1, 7)] * 3, ("green", 1))), ("final", "Ada", "tiles", "19"), id="19-tiles"),
    pytest.param(ada(colour="blue"), ("final", "blue", "Bo"), id="colours-not-distinct"),
    pytest.param(ada(colour=""), ("final", "Ada", "colour"), id="colour-empty"),
    pytest.param(ada(colour=3), ("final", "Ada", "colour"), id="colour-not-text"),
    pytest.param(lambda r: r["final"]["Ada"].pop("colour"), ("final", "Ada", "colour"), id="colour-missing"),
    pytest.param(ada(ledger=[]), ("final", "Ada", "gg", "ledger"), id="both-gg-and-ledger"),
    pytest.param(lambda r: r["final"]["Ada"].pop("gg"), ("final", "Ada", "gg", "ledger"), id="neither-gg-nor-ledger"),
    pytest.param(bo(ledger=[{"income": -1}]), ("final", "Bo", "ledger", "round 1", "income"), id="negative-income"),
    pytest.param(bo(ledger=[{"income": 3}, {"spent": -2}]), ("final", "Bo", "ledger", "round 2", "spent"), id="negative-spend"),
    pytest.param(bo(ledger=[{"income": 1}] * 7), ("final", "Bo", "ledger", "7"), id="ledger-7-rounds"),
    pytest.param(bo(ledger=[{"income": 1, "bonus": 2}]), ("final", "Bo", "ledger", "round 1", "bonus"), id="ledger-unknown-field"),
    pytest.param(bo(ledger=[{"income": "7"}]), ("final", "Bo", "ledger", "round 1", "income"), id="income-as-text"),
    pytest.param(bo(ledger={"income": 7}), ("final", "Bo", "ledger"), id="ledger-not-a-list"),
    pytest.param(ada(gg="41"), ("final", "Ada", "gg"), id="gg-as-text"),
    pytest.param(ada(gg=True), ("final", "Ada", "gg"), id="gg-true"),
    pytest.param(ada(gg=None), ("final", "Ada", "gg"), id="gg-null"),
    pytest.param(ada(gg=41.5), ("final", "Ada", "gg"), id="gg-decimal"),
    pytest.param(ada(tiles=[{"colour": "blue"}]), ("final", "Ada", "tile 1", "number"), id="tile-missing-number"),
    pytest.param(
        ada(tiles=[{"colour": "blue", "number": 1, "blank": False}]), ("final", "Ada", "tile 1", "blank"), id="tile-unknown-field"
    ),
    pytest.param(ada(tiles=[["blue", 1]]), ("final", "Ada", "tile 1"), id="tile-not-an-object"),
    pytest.param(ada(score=3), ("final", "Ada", "score"), id="entry-unknown-field"),
    pytest.param(
        lambda r: (
            r["final"]["Ada"].update(tiles=tiles(("blue", 5), ("blue", 5))),
            r["final"]["Cy"].update(tiles=tiles(("blue", 5), ("blue", 5))),
        ),
        ("final", "4 blue 5 tiles across all players (Ada 2, Cy 2)"),
        id="4-copies-of-a-colour-and-number",
    ),
    pytest.param(lambda r: r["final"].pop("Di"), ("final", "Di"), id="player-missing-from-final"),
    pytest.param(lambda r: r["final"].update(Eve=entry("black")), ("final", "Eve"), id="stranger-in-final"),
    pytest.param(lambda r: r.update(variant={"three_player_sets": "two"}), ("variant", "three_player_sets"), id="sets-option-unknown"),
    pytest.param(lambda r: r.update(variant={"sets": "one"}), ("variant", "sets"), id="variant-unknown-option"),
    pytest.param(lambda r: (r.update(players=["Ada", "Bo"]), r["final"].pop("Cy"), r["final"].pop("Di")), ("players", "2"), id="2-players"),
]


@pytest.mark.parametrize("change, places", INVALID)
def test_invalid(change, places):
    scoring.score(VALID)
    assert_invalid(mutated(VALID, change), *places)
