"""Everything downstream asks the rules (issue 63): in a game where the lowest total wins (6 nimmt!, a score pad of
Hearts) Tonight's points, the records and margins, Statistics' best score, a player's best and worst, the ratings
and "leads" follow the rules' places and direction; and a score pad is one game per title (Hearts and Skyjo apart,
"hearts" and "Hearts" one), named by its latest game's title."""

from __future__ import annotations

import pytest

import scoring
from companion.data.stored_game import FINISHED, StoredGame, summarise
from companion.services import evenings, game_groups, history_figures, ratings, records
from companion.services.share import provisional_standing
from tests import every_game

SIX = ("six-nimmt", "")
HEARTS, SKYJO, QWIXX = ("score-pad", "hearts"), ("score-pad", "skyjo"), ("score-pad", "qwixx")


def saved(record: dict, game_id: str, day: str) -> StoredGame:
    """A finished game as the store keeps it: its summary worked out by the rules."""
    record = {**record, "id": game_id, "played_at": f"{day}T20:00:00+00:00"}
    return StoredGame(id=game_id, record=record, status=FINISHED, modified_at=record["played_at"], summary=summarise(record))


def pad(title: str, lower_wins: bool, *rounds: dict) -> dict:
    players = list(rounds[0])
    return {
        "game": "score-pad",
        "players": players,
        "variant": {"title": title, "lower_wins": lower_wins},
        "rounds": list(rounds),
        "finished": True,
    }


# 6 nimmt!: g1 Ana 74 (rounds 8, 66), Ben 12 (11, 1), Cy 2 (0, 2); g2 Ana 12 (3, 9), Cy 1 (1, 0). Cy wins both.
G1 = saved(every_game.record("six-nimmt-end-at-66"), "g1", "2026-03-01")
G2 = saved(
    {
        "game": "six-nimmt",
        "players": ["Ana", "Cy"],
        "variant": {"end_at": 10},
        "rounds": [{"Ana": {"cards": [1, 2, 3]}, "Cy": {"cards": [4]}}, {"Ana": {"cards": [55, 6, 7]}, "Cy": {"cards": []}}],
    },
    "g2",
    "2026-03-02",
)
# Score pads: two of Hearts (titled "hearts", then "Hearts"), one of Skyjo (lowest wins), one of Qwixx (highest wins).
H1 = saved(
    {**every_game.record("score-pad-hearts-target"), "variant": {"title": "hearts", "lower_wins": True, "target": 100}}, "h1", "2026-03-03"
)
H2 = saved(pad("Hearts", True, {"Ana": 5, "Ben": 20}), "h2", "2026-03-04")
S1 = saved(pad("Skyjo", True, {"Ana": 30, "Ben": 12}), "s1", "2026-03-05")
Q1 = saved(every_game.record("score-pad-finished-higher"), "q1", "2026-03-06")
HISTORY = [Q1, S1, H2, H1, G2, G1]  # newest first, as the store lists them


def test_the_games_are_ranked_as_the_rules_say():
    assert [G1.scored["ranking"], G2.scored["ranking"], H1.scored["winners"], S1.scored["winners"]] == [
        [["Cy"], ["Ben"], ["Ana"]],
        [["Cy"], ["Ana"]],
        ["Ben"],
        ["Ben"],
    ]


# -- Tonight's points ----------------------------------------------------------------------------------------------

SHARES = [  # (game, each player's points): the winner 1, the others the best score's share
    (G1, {"Cy": 1.0, "Ben": 2 / 12, "Ana": 2 / 74}),  # twice the winner's total is half the points
    (G2, {"Cy": 1.0, "Ana": 1 / 12}),
    (H1, {"Ben": 1.0, "Di": 13 / 16, "Cy": 13 / 23, "Ana": 13 / 101}),
    (S1, {"Ben": 1.0, "Ana": 12 / 30}),
    (saved(pad("Skyjo", True, {"Ana": 0, "Ben": 7}), "z", "2026-03-07"), {"Ana": 1.0, "Ben": 0.0}),  # a best of 0: the rest 0
    (saved(pad("Hearts", True, {"Ana": -26, "Ben": 26}), "m", "2026-03-07"), {"Ana": 1.0, "Ben": 0.0}),  # below 0 alike
    (saved(every_game.record("six-nimmt-shared-first"), "t", "2026-03-07"), {"Ana": 1.0, "Ben": 1.0}),  # a shared win
    (Q1, {"Ben": 1.0, "Ana": 42 / 57}),  # where the highest wins: score ÷ the best, as before
]


@pytest.mark.parametrize("game, shares", SHARES, ids=[g.id for g, unused in SHARES])
def test_tonights_points_give_the_winner_the_best_and_the_loser_never_the_winners(game, shares):
    found = evenings.shares(game)
    assert found == pytest.approx(shares)
    winners = set(game.scored["winners"])
    assert all(points < 1.0 for player, points in found.items() if player not in winners)


def test_tonights_standings_put_the_lowest_scorer_first():
    rows = evenings.standings(evenings.Evening((G1, G2)))
    assert [(s.player, s.wins, round(s.points, 3)) for s in rows] == [("Cy", 2, 2.0), ("Ben", 0, 0.167), ("Ana", 0, 0.11)]
    assert evenings.game_line(G1) == "6 nimmt!: Cy wins (Cy 2 · Ben 12 · Ana 74)"
    assert evenings.game_line(H2) == "Hearts: Ana wins (Ana 5 · Ben 20)"  # a score pad by its title


# -- records -------------------------------------------------------------------------------------------------------


def test_a_players_records_where_the_lowest_wins_are_their_lowest_and_a_margin_is_below_the_others():
    plays = [records.play_of(g) for g in HISTORY]
    cy, ana = records.player_records(plays, "Cy")[SIX], records.player_records(plays, "Ana")[SIX]
    assert {k: (b.value, b.game_id) for k, b in cy.items()} == {
        "score": (1, "g2"),
        "round": (0, "g1"),  # equalled in g2: the first to reach it keeps it
        "streak": (2, "g2"),
        "margin": (11, "g2"),  # Ana's 12 − Cy's 1 (g1: Ben's 12 − Cy's 2 = 10)
    }
    assert {k: (b.value, b.game_id) for k, b in ana.items()} == {"score": (12, "g2"), "round": (3, "g2")}
    assert [records.label(cy[k]) for k in records.KINDS] == ["Lowest score", "Best round", "Longest winning streak", "Largest win"]


def test_a_game_where_the_lowest_wins_announces_a_lower_score_as_a_record():
    assert [a.text for a in records.set_by([records.play_of(g) for g in HISTORY], "g2")] == [
        "Ana's best 6 nimmt! score: 12",
        "Ana's best 6 nimmt! round: 3",
        "Cy's best 6 nimmt! score: 1",
        "Cy's longest 6 nimmt! winning streak: 2 wins",
        "Cy's largest 6 nimmt! win: by 11 points",
    ]


@pytest.mark.parametrize(
    "game, player, margin",
    [(G1, "Cy", 10), (G1, "Ben", None), (H1, "Ben", 3), (S1, "Ben", 18), (Q1, "Ben", 15)],
)
def test_a_margin_is_how_far_ahead_the_winner_is_as_the_game_ranks(game, player, margin):
    assert records.margin(records.play_of(game), player) == margin


# -- Statistics and a player's figures -----------------------------------------------------------------------------

BEST = [  # (game, plays, what Statistics says of its best score)
    (SIX, 2, "Lowest score: 1 by Cy on 2026-03-02"),
    (HEARTS, 2, "Lowest score: 5 by Ana on 2026-03-04"),  # "hearts" and "Hearts" are one game
    (SKYJO, 1, "Lowest score: 12 by Ben on 2026-03-05"),
    (QWIXX, 1, "Highest score: 57 by Ben on 2026-03-06"),
]


@pytest.mark.parametrize("group, plays, said", BEST)
def test_statistics_say_the_best_score_as_the_game_ranks_and_group_a_score_pad_by_its_title(group, plays, said):
    stats = history_figures.game_stats(HISTORY, group)
    assert (stats.plays, stats.best.words() if stats.best else None) == (plays, said)


def test_a_score_pads_games_are_named_by_their_latest_title_and_stand_in_homes_order():
    titles = game_groups.titles(HISTORY)
    assert [titles[g] for g in (SIX, HEARTS, SKYJO, QWIXX)] == ["6 nimmt!", "Hearts", "Skyjo", "Qwixx"]
    keys = [rules.key for rules in scoring.ALL_RULES]
    assert game_groups.shown(keys, titles)[-4:] == [SIX, HEARTS, QWIXX, SKYJO]  # 6 nimmt!, then the pads by title
    assert history_figures.game_stats(HISTORY, HEARTS).title == "Hearts"


@pytest.mark.parametrize(
    "player, group, best, worst",
    [("Cy", SIX, 1, 2), ("Ana", SIX, 12, 74), ("Ana", HEARTS, 5, 101), ("Ben", SKYJO, 12, 12), ("Ana", QWIXX, 42, 42)],
)
def test_a_players_best_and_worst_are_as_the_game_ranks(player, group, best, worst):
    figures = history_figures.player_stats(HISTORY, player).by_game[group]
    assert (figures.best, figures.worst) == (best, worst)


def test_a_players_games_are_one_per_score_pad_title():
    assert set(history_figures.player_stats(HISTORY, "Ben").by_game) == {SIX, HEARTS, SKYJO, QWIXX}


# -- ratings and "leads" -------------------------------------------------------------------------------------------


def test_ratings_take_the_rules_places_and_rate_each_score_pad_title_apart():
    rated = ratings.ratings(HISTORY)
    assert set(rated) == {SIX, HEARTS, SKYJO, QWIXX}
    assert [r.player for r in ratings.top(rated[SIX])] == ["Cy", "Ben", "Ana"]  # the lowest totals first
    assert rated[HEARTS]["Ben"].games == 2 and rated[SKYJO]["Ben"].games == 1


def test_the_lowest_total_leads_a_game_under_way():
    record = {**every_game.record("six-nimmt-end-at-66"), "rounds": every_game.record("six-nimmt-end-at-66")["rounds"][:1]}
    parsed = scoring.parse(record)
    result = scoring.score(record)  # Ana 8, Ben 11, Cy 0
    line = provisional_standing(result, parsed.rules.anything_entered(parsed.game), parsed.rules.progress(parsed.game))
    assert (line.sentence, line.final) == ("Cy leads so far", False)
