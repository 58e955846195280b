"""Statistics: the highest score names every player who scored it (a tie said as a tie, whatever
their places); a player's figures per game all shown; player colours on the wins chart."""

import json
from pathlib import Path

import flet as ft
import flet_charts as charts

import scoring
from companion.data.store import StoredGame, summarise
from companion.services import history_figures
from companion.services.player_colours import player_colour


def finished(game_id, played_at, totals):
    """A finished game as the statistics see it: its summary (the record is never rescored there)."""
    record = {"format": 1, "game": "lost-cities", "id": game_id, "played_at": played_at, "players": list(totals)}
    ranking = sorted(totals, key=lambda p: -totals[p])
    summary = {"totals": totals, "ranking": [[p] for p in ranking], "winners": [ranking[0]], "decided": True}
    return StoredGame(id=game_id, record=record, status="finished", modified_at=played_at, summary=summary)


def example() -> dict:
    examples = Path(__file__).resolve().parents[2] / "docs" / "examples"  # the worked examples the project carries
    return json.loads((examples / "lost-cities-edge-values.json").read_text())["record"]


def test_highest_is_the_highest_total_and_a_tie_names_everyone():
    games = [
        finished("a", "2026-01-02T20:00:00", {"Ana": 20, "Ben": 20, "Kai": 20, "Dee": 25}),
        finished("b", "2026-01-05T20:00:00", {"Kai": 31, "Ana": 31}),
        finished("c", "2026-01-07T20:00:00", {"Kai": 12, "Ben": 9}),
    ]
    high = history_figures.high_score(games)
    assert high.score == 31 and high.tie
    assert [p for p, _, _ in high.by] == ["Kai", "Ana"]
    assert high.words() == "Highest score: 31, a tie between Kai and Ana"


def test_highest_of_one_player_says_when_and_how_often():
    once = history_figures.high_score([finished("a", "2026-01-02T20:00:00", {"Ana": 20, "Kai": 12})])
    assert once.words() == "Highest score: 20 by Ana on 2026-01-02"
    twice = history_figures.high_score(
        [finished("a", "2026-01-02T20:00:00", {"Ana": 20, "Kai": 12}), finished("b", "2026-01-09T20:00:00", {"Ana": 20, "Kai": 19})]
    )
    assert twice.words() == "Highest score: 20 by Ana, 2 times (first on 2026-01-02)"
    assert history_figures.high_score([]) is None


def test_a_player_third_on_a_tiebreak_shares_the_highest_score():
    # Three players level on 20, placed by the tiebreak: the highest score is theirs together, not Kai's.
    game = finished("a", "2026-01-02T20:00:00", {"Ana": 20, "Ben": 20, "Kai": 20})
    assert history_figures.high_score([game]).words() == "Highest score: 20, a tie between Ana, Ben and Kai"


def test_statistics_screen_says_a_tie(open_app, store):
    record = {
        "format": 1,
        "game": "bgg-card-game",
        "players": ["Ana", "Ben"],
        "variant": {},
        "final": {"Ana": {"played": [], "collections": []}, "Ben": {"played": [], "collections": []}},
    }
    store.add_finished([{**record, "id": "tie", "played_at": "2026-01-02T20:00:00"}])
    h = open_app("/stats")
    shown = [t.value for t in h.find_all(ft.Text)]
    total = summarise(store.get("tie").record)["totals"]["Ana"]
    assert f"Highest score: {total}, a tie between Ana and Ben" in shown
    assert not h.conn.errors


def test_player_figures_by_game_show_every_figure(open_app, store):
    record = example()
    store.add_finished([{**record, "id": "lc", "played_at": "2026-01-15T20:00:00"}])
    player = record["players"][0]
    h = open_app(f"/players/{player}")
    spans = ["".join(s.text for s in t.spans) for t in h.find_all(ft.Text) if t.spans]
    for what in ("Plays 1", "Wins", "Win rate", "Average", "Best", "Worst"):
        assert any(s.startswith(what) for s in spans), what
    assert not h.find_all(ft.DataTable)


def test_wins_chart_bars_wear_the_players_colours(open_app, store):
    record = example()
    store.add_finished([{**record, "id": "lc", "played_at": "2026-01-15T20:00:00"}])
    winner = scoring.score(record).winners[0]
    h = open_app("/stats")
    [rod] = h.find_all(charts.BarChartRod)
    assert rod.color == player_colour(winner)
