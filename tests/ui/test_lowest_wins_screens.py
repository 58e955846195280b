"""The screens of the history where the lowest total wins (issue 63): Statistics says "Lowest score" for 6 nimmt!
and a score pad of Hearts, a player's page gives their lowest as their best, Tonight's standings put the lowest
scorer first, and a score pad is one game per title (Hearts and Skyjo apart) in Statistics, the ratings, a
player's page and the history's filter, named by its title (browserless)."""

from __future__ import annotations

import flet as ft
import pytest

from companion.ui import games as game_screens
from companion.ui.games import GameScreen
from companion.ui.widgets.list_row import ListRow
from tests import every_game

from .harness import walk


@pytest.fixture
def screens():
    """The two games' screens; a stand-in for one not written yet (the history's screens need only its colours)."""
    added = []
    for key in ("six-nimmt", "score-pad"):
        if key not in game_screens.SCREENS:
            added.append(game_screens.register(type(f"StandIn{len(added)}", (GameScreen,), {"key": key})))
    yield
    for screen in added:
        del game_screens.SCREENS[screen.key]


def pad(title: str, lower_wins: bool, game_id: str, day: str, scores: dict) -> dict:
    variant = {"title": title, "lower_wins": lower_wins}
    return {
        "game": "score-pad",
        "players": list(scores),
        "variant": variant,
        "rounds": [scores],
        "finished": True,
        "id": game_id,
        "played_at": day,
    }


def six(game_id: str, day: str, rounds: list[dict], end_at: int = 66) -> dict:
    players = list(rounds[0])
    body = [{p: {"cards": cards} for p, cards in r.items()} for r in rounds]
    return {"game": "six-nimmt", "players": players, "variant": {"end_at": end_at}, "rounds": body, "id": game_id, "played_at": day}


def hearts_in_lower_case(game_id: str, day: str) -> dict:
    record = every_game.record("score-pad-hearts-target", id=game_id, played_at=day)
    return {**record, "variant": {**record["variant"], "title": "hearts"}}


@pytest.fixture
def lowest(store, screens):
    """Two games of 6 nimmt! one evening (Cy wins both: 2 and 1), two score pads of Hearts (titled "hearts", then
    "Hearts"), one of Skyjo and one of Qwixx, the evening before."""
    store.add_finished(
        [
            every_game.record("six-nimmt-end-at-66", id="g1", played_at="2026-03-02T20:00:00"),  # Ana 74, Ben 12, Cy 2
            six("g2", "2026-03-02T21:00:00", [{"Ana": [1, 2, 3], "Cy": [4]}, {"Ana": [55, 6, 7], "Cy": []}], end_at=10),  # Ana 12, Cy 1
            hearts_in_lower_case("h1", "2026-03-01T18:00:00"),  # Ben 13 wins
            pad("Hearts", True, "h2", "2026-03-01T19:00:00", {"Ana": 5, "Ben": 20}),
            pad("Skyjo", True, "s1", "2026-03-01T20:00:00", {"Ana": 30, "Ben": 12}),
            pad("Qwixx", False, "q1", "2026-03-01T21:00:00", {"Ana": 42, "Ben": 57}),
        ]
    )
    return store


def texts(control) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def cards(h) -> dict[str, list[str]]:
    """Statistics' cards of each game, by the title they start with."""
    found = [texts(c) for c in h.find_all(ft.Card) if not str(c.key or "").startswith("top-rated:")]
    return {said[0]: said[1:] for said in found if said}


def test_statistics_say_lowest_score_and_give_each_score_pad_title_a_card(open_app, lowest):
    h = open_app("/stats")
    by_game = cards(h)
    assert "Lowest score: 1 by Cy on 2026-03-02" in by_game["6 nimmt!"]
    assert "Lowest score: 5 by Ana on 2026-03-01" in by_game["Hearts"] and "2 games played" in by_game["Hearts"]
    assert "Lowest score: 12 by Ben on 2026-03-01" in by_game["Skyjo"]
    assert "Highest score: 57 by Ben on 2026-03-01" in by_game["Qwixx"]
    assert "Score pad" not in by_game and "hearts" not in by_game
    rated = {c.key: texts(c)[0] for c in h.find_all(ft.Card) if str(c.key or "").startswith("top-rated:")}
    assert {key: rated[key] for key in ("top-rated:six-nimmt", "top-rated:score-pad:hearts", "top-rated:score-pad:skyjo")} == {
        "top-rated:six-nimmt": "6 nimmt!",
        "top-rated:score-pad:hearts": "Hearts",
        "top-rated:score-pad:skyjo": "Skyjo",
    }
    assert not h.conn.errors


def figures_of(h) -> dict[str, str]:
    """A player's page's cards by game: their figures in one line ("Plays 2 Wins 2 … Best 1 Worst 2")."""
    found = {}
    for card in h.find_all(ft.Card):
        said = texts(card)
        spans = ["".join(s.text for s in t.spans) for t in walk(card) if isinstance(t, ft.Text) and t.spans]
        if said and spans:
            found[said[0]] = " ".join(spans)
    return found


@pytest.mark.parametrize(
    "player, game, best, worst",
    [("Cy", "6 nimmt!", 1, 2), ("Ana", "6 nimmt!", 12, 74), ("Ana", "Hearts", 5, 101), ("Ben", "Skyjo", 12, 12), ("Ana", "Qwixx", 42, 42)],
)
def test_a_players_best_and_worst_are_as_the_game_ranks(open_app, lowest, player, game, best, worst):
    h = open_app(f"/players/{player}")
    figures = figures_of(h)
    assert f"Best {best} Worst {worst}" in figures[game], figures
    assert "Score pad" not in figures
    assert not h.conn.errors


def test_a_players_ratings_and_records_name_each_score_pad_by_its_title(open_app, lowest):
    h = open_app("/players/Ben")
    rated = texts(h.find_semantics("player-ratings"))
    assert [line.split(":")[0] for line in rated] == ["6 nimmt!", "Hearts", "Qwixx", "Skyjo"]
    records = texts(h.find_semantics("player-records"))
    assert "Hearts" in records and "Lowest score: 13 (2026-03-01)" in records and "Highest score: 57 (2026-03-01)" in records


def test_tonights_standings_put_the_lowest_scorer_first(open_app, lowest):
    h = open_app("/tonight")
    standings = texts(h.find_semantics("evening-standings"))
    assert standings[:2] == ["1st", "Cy"] and standings[2].startswith("2 wins · 2.00 points in 2 games"), standings
    assert "6 nimmt!: Cy wins (Cy 2 · Ben 12 · Ana 74)" in texts(h.top_view())


def test_the_history_filters_a_score_pad_by_its_title(open_app, lowest):
    h = open_app("/history")
    games = h.find(ft.Dropdown, label="Game")
    offered = {o.key: o.text for o in games.options}
    assert offered["score-pad:hearts"] == "Hearts" and offered["score-pad:skyjo"] == "Skyjo" and offered["six-nimmt"] == "6 nimmt!"
    assert "score-pad" not in offered
    h.choose(games, "score-pad:hearts", "select")
    assert [t.key for t in h.find_all(ListRow)] == ["h2", "h1"]
    assert [t.title.value for t in h.find_all(ListRow)] == ["2026-03-01 · Hearts", "2026-03-01 · hearts"]
    assert not h.conn.errors
