"""Each game scores twice over: plain arithmetic for totals and places (every rescoring), and
Lines with formulas for the breakdown (built only when shown). Worked examples per game: both
agree, helper by helper and through scoring.score, and the breakdown is built once, lazily.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scoring
from scoring import bgg_card_game, bgg_game, card_commons, cgt, lost_cities

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"  # the worked examples the project carries


def line_sum(lines) -> int:
    return sum(line.points for line in lines)


def assert_rounds_are_their_lines(result: scoring.Result) -> None:
    assert len(result.rounds) == len(result.breakdown)
    for scores, lines in zip(result.rounds, result.breakdown):
        assert list(scores) == list(result.players) == list(lines)
        for p in result.players:
            assert scores[p] == line_sum(lines[p])
    for p in result.players:
        assert result.totals[p] == sum(line_sum(lines[p]) for lines in result.breakdown)


# --- Lost Cities -------------------------------------------------------------------------------

LOST_CITIES = [
    # (investments, cards, points): docs/format.md and docs/scoring.md examples, bonus at 8 counting investments
    (1, (3, 6, 9, 10), 16),
    (0, (2, 5), -13),
    (3, (), -80),
    (3, (2, 3, 4, 5, 6), 20),
    (3, tuple(range(2, 11)), 156),
    (1, (2, 3, 4, 5, 6, 7, 8), 50),
    (0, (2, 3, 4, 5, 6, 7, 8), 15),
    (0, (), 0),
    (1, (9, 3, 2), -12),  # unsorted, as the play screen builds it
]


@pytest.mark.parametrize("investments, cards, points", LOST_CITIES)
def test_lost_cities_expedition_points_are_its_lines(investments, cards, points):
    expedition = lost_cities.Expedition(investments, cards)
    assert expedition.score() == points
    assert lost_cities.expedition_points(investments, cards) == points
    assert line_sum(expedition.lines("red")) == points


def test_lost_cities_rounds_are_their_lines():
    record = {
        "format": 1,
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": 3, "purple": True},
        "rounds": [
            {
                "Ana": {"red": {"investments": 1, "cards": [3, 6, 9, 10]}, "blue": {"cards": [2, 5]}},
                "Ben": {"purple": {"investments": 2, "cards": [2, 3, 4, 5, 6, 7]}, "white": {"investments": 3}},
            },
            {"Ana": {"green": {"cards": list(range(2, 11))}}, "Ben": {}},
        ],
    }
    result = scoring.score(record)
    assert result.rounds == ({"Ana": 3, "Ben": 21 + 20 - 80}, {"Ana": 54, "Ben": 0})
    assert_rounds_are_their_lines(result)
    game = scoring.parse(record).game
    for round_ in game.rounds:
        for p in game.players:
            assert lost_cities.round_points(round_[p]) == line_sum(lost_cities.round_lines(round_[p]))
    assert lost_cities.next_starter(game) == "Ana" == result.extras["next_starter"]


# --- The BoardGameGeek Game --------------------------------------------------------------------


def bgg_game_record(players, final, sets="one"):
    return {"format": 1, "game": "bgg-game", "players": players, "variant": {"three_player_sets": sets}, "final": final}


def tiles(*pairs):
    return [{"colour": c, "number": n} for c, n in pairs]


BGG_GAME = [
    pytest.param(
        bgg_game_record(
            ["A", "B", "C", "D"],
            {
                # 2s in all three other colours: a set (3 × 6); 5s in two colours with a duplicate
                "A": {
                    "colour": "red",
                    "gg": 40,
                    "tiles": tiles(("blue", 2), ("green", 2), ("yellow", 2), ("blue", 5), ("green", 5), ("green", 5)),
                },
                "B": {"colour": "blue", "ledger": [{"income": 5, "spent": 1}, {"income": 7}, {"spent": 2}], "tiles": tiles(("red", 6))},
                "C": {"colour": "green", "ledger": [], "tiles": []},
                "D": {"colour": "yellow", "ledger": [{"income": 3, "spent": 3}] * 6, "tiles": tiles(("red", 1), ("red", 1))},
            },
        ),
        {"A": 40 + 18 + 10, "B": 10 + 12 - 3 + 6, "C": 10, "D": 11 + 18 - 18 + 1},
        id="4p-sets-duplicates-ledgers-seat-4",
    ),
    pytest.param(
        bgg_game_record(
            ["A", "B", "C"],
            {
                "A": {"colour": "red", "gg": 30, "tiles": tiles(*[("blue", n) for n in range(1, 7)] * 2, ("blue", 4), ("green", 6))},
                "B": {"colour": "blue", "gg": 0, "tiles": tiles(("green", 2), ("green", 2), ("red", 5))},
                "C": {"colour": "green", "ledger": [{"income": 1}], "tiles": []},
            },
            sets="every",
        ),
        {"A": 30 + 72 + 4 + 6, "B": 9, "C": 11},
        id="3p-every-set-two-sets-and-rest",
    ),
    pytest.param(
        bgg_game_record(
            ["A", "B", "C"],
            {
                "A": {"colour": "red", "gg": 30, "tiles": tiles(*[("blue", n) for n in range(1, 7)] * 2, ("blue", 4), ("green", 6))},
                "B": {"colour": "blue", "gg": 0, "tiles": []},
                "C": {"colour": "green", "gg": 1, "tiles": []},
            },
            sets="one",
        ),
        {"A": 30 + 36 + 21 + 4 + 6, "B": 0, "C": 1},
        id="3p-one-set-only",
    ),
]


@pytest.mark.parametrize("record, totals", BGG_GAME)
def test_bgg_game_points_are_its_lines(record, totals):
    result = scoring.score(record)
    assert result.totals == totals
    assert_rounds_are_their_lines(result)
    game = scoring.parse(record).game
    for p in game.players:
        assert bgg_game.gg_points(game, p) == line_sum(bgg_game.gg_lines(game, p))
        assert bgg_game.tile_points(game, p) == line_sum(bgg_game.tile_lines(game, p))


# --- BoardGameGeek: The Card Game --------------------------------------------------------------


def test_bgg_card_game_points_are_its_lines():
    record = {
        "format": 1,
        "game": "bgg-card-game",
        "players": ["A", "B", "C"],
        "final": {
            "A": {
                "played": [{"subdomain": "war", "cards": 4, "popular": True}, {"subdomain": "party", "cards": 2}],
                "collections": [{"subdomains": ["war", "party", "family"], "rare_gems": ["family", "war"]}],
            },
            "B": {"played": [{"subdomain": "abstract", "cards": 9}], "collections": [{"subdomains": list(bgg_card_game.SUBDOMAINS)}]},
            "C": {},
        },
    }
    result = scoring.score(record)
    assert result.totals == {"A": 16 + 8 + 4 + 6 + 2 * 3, "B": 81 + 36, "C": 0}
    assert_rounds_are_their_lines(result)
    game = scoring.parse(record).game
    for p in game.players:
        tableau = game.tableaux[p]
        assert tableau.points() == line_sum(tableau.lines())
        for group in tableau.played + tableau.collections:
            assert group.points() == group.line().points


# --- CGT ---------------------------------------------------------------------------------------


def test_cgt_points_are_its_lines():
    record = {
        "format": 1,
        "game": "cgt",
        "players": ["A", "B", "C"],
        "variant": {"first_player_penalty": 2},
        "final": {
            "meta": {"5": 2, "6": 1, "8": 3},
            "modifiers": {"6": -3, "8": 2},  # type 6: max(1, 1 − 3) = 1; type 8: 3 + 2 = 5
            "collections": {"A": {"5": 2, "6": 3}, "B": {"8": 2, "6": 0}, "C": {}},
            "adjustments": {"B": 4, "C": -1},
        },
    }
    result = scoring.score(record)
    assert result.totals == {"A": 4 + 3 - 2, "B": 10 + 4, "C": -1}
    assert_rounds_are_their_lines(result)
    game = scoring.parse(record).game
    for p in game.players:
        assert cgt.points(game, p) == line_sum(cgt.lines(game, p))


# --- Card Commons ------------------------------------------------------------------------------


def commons_round(nest_egg, you, opp, you_side, opp_side, replacement=None):
    return {
        "nest_egg": nest_egg,
        "replacement": replacement,
        "commissions": {"You": you, "Opp": opp},
        "sides": {"You": you_side, "Opp": opp_side},
    }


CARD_COMMONS = [
    pytest.param(
        False,
        [
            commons_round("3H", "2H", "3S", ["4D", "5D", "2C"], ["4S", "5C", "2D"]),  # suit; rank
            commons_round("4C", "2D", "5C", ["3H"], ["3C", "2S"]),  # no match; suit
            commons_round("QH", "2D", "3S", ["4H", "KS"], ["2C"], replacement="4D"),  # Wild replaced by 4D
            commons_round("5S", "4C", "2H", ["5C", "3S", "2S", "4S", "3C"], ["5H"]),  # ×2
        ],
        {"You": [2, 0, 2, 0], "Opp": [2, 2, 0, 0]},
        id="standard-suit-rank-no-match-replacement",
    ),
    pytest.param(
        True,
        [
            commons_round("KS", "2C", "3H", ["4C", "5S"], ["4D", "5H"]),  # Peek: the Wild stays, black
            commons_round("QH", "2C", "3H", ["4C"], ["4D", "5H", "2S"]),  # red Wild
            commons_round("2D", "3D", "2S", ["4D", "5H", "QH"], ["3C"]),  # ×2
        ],
        {"You": [2, 0, 6], "Opp": [0, 2, 2]},
        id="peek-wild-nest-eggs",
    ),
]


@pytest.mark.parametrize("peek, rounds, points", CARD_COMMONS)
def test_card_commons_points_are_its_lines(peek, rounds, points):
    record = {"format": 1, "game": "card-commons", "players": ["You", "Opp"], "variant": {"peek": peek}, "rounds": rounds}
    result = scoring.score(record)
    assert [r["You"] for r in result.rounds] == points["You"]
    assert [r["Opp"] for r in result.rounds] == points["Opp"]
    assert_rounds_are_their_lines(result)
    game = scoring.parse(record).game
    for n, round_ in enumerate(game.rounds, start=1):
        mult = card_commons.multiplier(n, peek)
        for p in game.players:
            line = card_commons.commission_line(round_, p, mult, peek)
            assert card_commons.commission_points(round_, p, mult, peek) == line.points
            assert card_commons.commission_scores(round_, p, peek) == (" does not match " not in line.label)
    assert card_commons.scores_by_round(game) == result.rounds


# --- Every shared example, and the lazy breakdown ----------------------------------------------

VALID_EXAMPLES = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.startswith("invalid-"))
assert VALID_EXAMPLES, f"no worked examples in {EXAMPLES}"  # an empty list would run no test silently


@pytest.mark.parametrize("path", VALID_EXAMPLES, ids=[p.stem for p in VALID_EXAMPLES])
def test_shared_examples_rounds_are_their_lines(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    assert_rounds_are_their_lines(scoring.score(data.get("record", data)))


def test_breakdown_is_built_once_on_first_access_and_kept():
    calls = []
    line = scoring.Line("red", 16, "(3+6+9+10 − 20) × 2")

    def build():
        calls.append(1)
        return ({"Ana": (line,), "Ben": ()},)

    result = scoring.Result(
        game="lost-cities",
        players=("Ana", "Ben"),
        rounds=({"Ana": 16, "Ben": 0},),
        build_breakdown=build,
        totals={"Ana": 16, "Ben": 0},
        ranking=(("Ana",), ("Ben",)),
        decided=True,
    )
    assert calls == []  # scoring does not build the lines
    assert result.breakdown == ({"Ana": (line,), "Ben": ()},)
    assert result.breakdown is result.breakdown
    assert result.to_json()["breakdown"] == [{"Ana": ["red: (3+6+9+10 − 20) × 2 = 16"], "Ben": []}]
    assert calls == [1]
    assert "breakdown=({'Ana': (Line(label='red'" in repr(result)


def test_results_compare_by_their_lines_not_by_the_function():
    record = json.loads((EXAMPLES / "lost-cities-in-progress.json").read_text(encoding="utf-8"))
    record = record.get("record", record)
    assert scoring.score(record) == scoring.score(record)
    assert scoring.score(record).to_json() == scoring.score(record).to_json()
