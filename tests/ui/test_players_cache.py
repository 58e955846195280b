"""Issue 39 item 15: the Players screens over a big history. The history's figures (each player's games,
the roster's lines, a player's figures, the ratings) are worked out once per change of the history and
kept for every session (services/kept_figures.py); the lists are paged. Speed itself is measured in
bench/players.py, never here: these tests hold the mechanism."""

import flet as ft
import pytest

import scoring
from companion.services import history_figures, kept_figures, ratings
from companion.ui import games as game_screens
from companion.ui.views import players
from companion.ui.widgets.list_row import ListRow

from .conftest import example
from .harness import walk


def lost_cities(i: int, a: str, b: str) -> dict:
    record = example("lost-cities-edge-values", id=f"lc-{i}", played_at=f"2026-0{1 + i % 9}-{1 + i % 28:02d}T20:{i % 60:02d}:00")
    record, _ = scoring.rename_player(record, "Mia", a)
    record, _ = scoring.rename_player(record, "Noah", b)
    return record


@pytest.fixture
def counted(monkeypatch):
    """How many times the history's figures were worked out."""
    calls: list[int] = []
    work_out = kept_figures.work_out
    monkeypatch.setattr(kept_figures, "work_out", lambda version, finished: calls.append(len(finished)) or work_out(version, finished))
    return calls


def test_the_figures_are_worked_out_once_for_every_open_and_again_after_a_change(open_app, history, counted):
    player = history.get("lc-1").players[0]
    first = open_app("/players")
    second = open_app("/players", width=1024, height=768)  # another device
    page = open_app(f"/players/{player}")
    assert counted == [3]
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-04-15T20:00:00")])
    for h in (first, second, page):
        h.settle()
    assert counted == [3, 4]  # the sessions on screen redraw from one new working-out
    [tile] = [t for t in first.find_all(ListRow) if t.key == player]
    assert tile.subtitle.value.startswith("2 games, ")
    assert page.find_all(ft.Text, value=f"vs {history.get('lc-1').players[1]}: 2 games, ahead in 0, behind in 2")
    open_app("/players")
    assert counted == [3, 4]


@pytest.mark.parametrize(
    ("change", "again"),
    [
        (lambda s: s.delete("lc-1"), True),
        (lambda s: s.rename_player("Mia", "Mira"), True),
        (lambda s: s.create(scoring.new_record("lost-cities", ["Zoe", "Yan"], {"rounds": 1})), False),  # a game begun: not the history
        (lambda s: s.set_setting("theme.dark", True), False),
    ],
)
def test_what_changes_the_history_works_the_figures_out_again(open_app, history, counted, change, again):
    h = open_app("/players")
    change(history)
    h.settle()
    open_app("/players")
    assert len(counted) == (2 if again else 1)
    names = [t.key for t in open_app("/players").find_all(ListRow)]
    assert names == sorted(history.players(), key=str.casefold)  # a name in a game begun shows without a new working-out


def test_a_players_figures_and_the_ratings_are_kept_until_the_history_changes(open_app, history, monkeypatch):
    player = history.get("lc-1").players[0]
    stats_calls, rating_calls = [], []
    player_stats, rate = history_figures.player_stats, ratings.ratings
    monkeypatch.setattr(history_figures, "player_stats", lambda games, p: stats_calls.append(p) or player_stats(games, p))
    monkeypatch.setattr(ratings, "ratings", lambda games: rating_calls.append(1) or rate(games))
    open_app(f"/players/{player}")
    open_app(f"/players/{player}", width=1024, height=768)
    assert stats_calls == [player] and rating_calls == [1]
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-04-15T20:00:00")])
    open_app(f"/players/{player}")
    assert stats_calls == [player, player] and rating_calls == [1, 1]


def test_a_long_roster_is_drawn_a_page_at_a_time(open_app, store):
    names = [f"P{i:03d}" for i in range(2 * players.PAGE + 10)]
    store.add_finished([lost_cities(i, names[2 * i], names[2 * i + 1]) for i in range(len(names) // 2)])
    h = open_app("/players")

    def listed() -> list[str]:
        return [t.key for t in h.find_all(ListRow)]

    assert listed() == names[: players.PAGE]
    assert h.find_all(ft.Text, value=f"{players.PAGE} of {len(names)} players shown")
    h.tap(f"Show {players.PAGE} more")
    assert listed() == names[: 2 * players.PAGE]
    h.tap("Show 10 more")
    assert listed() == names and not [b for b in h.find_all(ft.OutlinedButton) if str(b.content).startswith("Show")]


def test_head_to_head_lists_the_opponents_met_most_then_all_on_asking(open_app, store):
    rivals = [f"R{i:02d}" for i in range(players.RIVALS + 3)]
    games = [lost_cities(i, "Ana", r) for i, r in enumerate(rivals)]
    games += [lost_cities(100 + i, "Ana", rivals[-1]) for i in range(2)]  # the last met most
    store.add_finished(games)
    h = open_app("/players/Ana")

    def met() -> list[str]:
        return [t.value.split(":")[0][3:] for t in h.find_all(ft.Text) if (t.value or "").startswith("vs ")]

    assert met() == [rivals[-1], *rivals[: players.RIVALS - 1]]
    h.tap(f"Show all {len(rivals)} opponents ({players.RIVALS} met most shown)")
    assert sorted(met()) == rivals


@pytest.mark.parametrize("route", ["/players/Mia", "/stats"])
def test_a_screen_opened_while_the_worker_rates_says_so_and_shows_them_when_done(open_app, store, route):
    """The figures' worker rating a long history holds the ratings' lock: a screen opened meanwhile
    neither waits on the server's event loop (every session would wait with it) nor rates it again."""
    import time

    from companion.ui.widgets import rating_parts

    store.add_finished([example("lost-cities-edge-values", id="lc-1", played_at="2026-01-15T20:00:00")])
    worked = kept_figures.of(store).current()
    worked.rating.acquire()  # the worker, rating
    try:
        h = open_app(route)
        assert h.find_all(ft.Text, value=rating_parts.WORKING)
    finally:
        worked.rating.release()
    deadline = time.monotonic() + 10
    while h.find_all(ft.Text, value=rating_parts.WORKING) and time.monotonic() < deadline:
        h.settle()
        time.sleep(0.01)
    assert not h.find_all(ft.Text, value=rating_parts.WORKING)
    identifier = "player-ratings" if route.startswith("/players") else "top-rated"
    assert h.find_all(ft.Semantics, identifier=identifier) and not h.conn.errors


def test_statistics_work_each_games_figures_out_once_per_change(open_app, history, monkeypatch):
    calls: list[str] = []
    game_stats = history_figures.game_stats
    monkeypatch.setattr(history_figures, "game_stats", lambda games, key, statistic: calls.append(key) or game_stats(games, key, statistic))
    open_app("/stats")
    open_app("/stats", width=1024, height=768)
    shown = kept_figures.of(history).shown(game_screens.ordered())  # each game with a screen (no score pad here)
    assert sorted(calls) == sorted(shown)  # each game once, for both devices
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-04-15T20:00:00")])
    h = open_app("/stats")
    assert len(calls) == 2 * len(shown)
    card = [c.value for c in walk(h.find_semantics("top-rated")) if isinstance(c, ft.Text)]
    assert "All 2 rated players" in card
