"""BG Stats and CSV of a game where the lowest total wins (6 nimmt!, a score pad of Hearts) and of a score pad: the
direction, the places, the winners, the game's name and its BoardGameGeek id are the rules' for that record."""

import csv
import io

import pytest

from companion.services import bg_stats, file_formats
from tests import every_game

SIX_NIMMT = {"name": "6 nimmt!", "sourceGameId": "six-nimmt", "highestWins": False, "noPoints": False, "bggId": 432}

# (worked example, BG Stats' game, {player: (score, rank, winner)})
PLAYS = [
    ("six-nimmt-end-at-66", SIX_NIMMT, {"Ana": (74, 3, False), "Ben": (12, 2, False), "Cy": (2, 1, True)}),
    ("six-nimmt-shared-first", SIX_NIMMT, {"Ana": (10, 1, True), "Ben": (10, 1, True)}),
    (
        "score-pad-hearts-target",
        {"name": "Hearts", "sourceGameId": "score-pad", "highestWins": False, "noPoints": False, "bggId": 6887},
        {"Ana": (101, 4, False), "Ben": (13, 1, True), "Cy": (23, 3, False), "Di": (16, 2, False)},
    ),
    (
        "score-pad-finished-higher",  # no BoardGameGeek id given: BG Stats matches "Qwixx" by its name
        {"name": "Qwixx", "sourceGameId": "score-pad", "highestWins": True, "noPoints": False},
        {"Ana": (42, 2, False), "Ben": (57, 1, True)},
    ),
]


@pytest.mark.parametrize("example, game, players", PLAYS)
def test_a_bg_stats_play_ranks_as_the_rules_do_and_names_the_game_as_the_record_does(example, game, players):
    play = bg_stats.bgstats_play(every_game.record(example))
    assert play["game"] == game
    assert {p["name"]: (p["score"], p["rank"], p["winner"]) for p in play["players"]} == players


@pytest.mark.parametrize("example, game, players", PLAYS)
def test_the_qr_codes_short_play_gives_bg_stats_the_same_places(example, game, players):
    """The short play leaves a rank out where BG Stats works it out from the scores (by highestWins): then its
    working-out must give the places of the rules."""
    short = bg_stats.qr_play(bg_stats.bgstats_play(every_game.record(example)))
    sign = 1 if short["game"]["highestWins"] else -1
    for p in short["players"]:
        worked_out = 1 + sum(sign * other["score"] > sign * p["score"] for other in short["players"])
        assert p.get("rank", worked_out) == players[p["name"]][1], p


def test_the_short_play_keeps_a_rank_its_scores_would_not_give_where_the_lowest_wins():
    """A score pad of Hearts where the lower total wins: had the short play read its scores as "higher wins" it
    would have left out ranks that are wrong for BG Stats; with highestWins false they are the places."""
    play = bg_stats.bgstats_play(every_game.record("score-pad-hearts-target"))
    inverted = {**play, "game": {**play["game"], "highestWins": True}}  # the same scores read the other way
    assert all("rank" not in p for p in bg_stats.qr_play(play)["players"])
    assert [p["rank"] for p in bg_stats.qr_play(inverted)["players"]] == [4, 1, 3, 2]


# (worked example, the CSV's rows: game, player, score, place, winner)
CSV_ROWS = [
    (
        "six-nimmt-end-at-66",
        [("6 nimmt!", "Ana", "74", "3", "no"), ("6 nimmt!", "Ben", "12", "2", "no"), ("6 nimmt!", "Cy", "2", "1", "yes")],
    ),
    ("six-nimmt-shared-first", [("6 nimmt!", "Ana", "10", "1", "yes"), ("6 nimmt!", "Ben", "10", "1", "yes")]),
    (
        "score-pad-hearts-target",
        [
            ("Hearts", "Ana", "101", "4", "no"),
            ("Hearts", "Ben", "13", "1", "yes"),
            ("Hearts", "Cy", "23", "3", "no"),
            ("Hearts", "Di", "16", "2", "no"),
        ],
    ),
    ("score-pad-finished-higher", [("Qwixx", "Ana", "42", "2", "no"), ("Qwixx", "Ben", "57", "1", "yes")]),
]


@pytest.mark.parametrize("example, rows", CSV_ROWS)
def test_a_csv_row_has_the_rules_place_and_winner_and_the_records_game_name(example, rows):
    record = every_game.record(example, id="g1", played_at="2026-03-02T20:00:00+00:00")
    found = list(csv.DictReader(io.StringIO(file_formats.export_csv([record]))))
    assert [(r["game"], r["player"], r["score"], r["place"], r["winner"]) for r in found] == rows
