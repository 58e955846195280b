"""Figures over a long history are not worked out again at every visit: the players list takes one
pass for everyone, and a game's figures of its own are kept until its finished games change."""

from companion.services import history_figures
from companion.ui.widgets.list_row import ListRow

from .conftest import example


def test_the_roster_says_what_each_players_figures_say(history):
    finished = history.finished()
    roster = history_figures.roster(finished)
    assert set(roster) == {p for g in finished for p in g.players}
    for name, line in roster.items():
        figures = history_figures.player_stats(finished, name)
        assert (line.plays, line.wins, line.last_played) == (figures.plays, figures.wins, figures.last_played)


def test_a_games_own_figures_are_kept_until_its_games_change(history):
    calls = []

    def statistic(records):
        calls.append(len(records))
        return (("games read", str(len(records))),)

    for _ in range(3):
        stats = history_figures.game_stats(history.finished(), ("lost-cities", ""), statistic)
    assert calls == [1] and stats.special == (("games read", "1"),)
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-04-15T20:00:00")])
    stats = history_figures.game_stats(history.finished(), ("lost-cities", ""), statistic)
    assert calls == [1, 2] and stats.special == (("games read", "2"),)
    history.delete("lc-1")
    assert history_figures.game_stats(history.finished(), ("lost-cities", ""), statistic).special == (("games read", "1"),)


def test_the_warmer_works_the_figures_out_at_start_and_after_a_change(history):
    import time

    from companion.ui import games as game_screens
    from companion.ui.warm_figures import FiguresWarmer

    def kept(game: str):
        entry = history_figures._specials.get(((game, ""), game_screens.screen(game).statistic))
        return entry and {game_id for game_id, _ in entry[0]}

    def settled(warmer) -> None:
        deadline = time.monotonic() + 20
        while warmer._running and time.monotonic() < deadline:
            time.sleep(0.02)

    history_figures._specials.clear()
    warmer = FiguresWarmer(history)
    warmer.start()
    settled(warmer)
    assert kept("lost-cities") == {"lc-1"} and kept("cgt") == {"cgt-1"}
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-04-15T20:00:00")])
    settled(warmer)
    assert kept("lost-cities") == {"lc-1", "lc-2"}


def test_the_warmer_works_each_games_figures_out_in_every_language_a_session_has_spoken(history, monkeypatch):
    """A game's figures may be words, kept per language: a German reader's first Statistics after a change
    finds them ready too, once a session has spoken German (the English always)."""
    from companion import language
    from companion.services import kept_figures
    from companion.ui import games as game_screens
    from companion.ui.warm_figures import warm

    monkeypatch.setattr(language, "_readers", {"en"})
    warm(history)
    kept = kept_figures.of(history).current().games
    shown = kept_figures.of(history).shown(game_screens.ordered())  # each game (no score pad here)
    assert {code for _, code in kept} == {"en"} and {game for game, _ in kept} == set(shown)
    language.reader_speaks("de")
    warm(history)
    assert {key for key in kept_figures.of(history).current().games} == {(g, c) for g in shown for c in ("en", "de")}


def test_the_first_warming_waits_until_the_server_answers(history, monkeypatch):
    """At start-up the warmer waits its `after` seconds: the figures of 20,000 games worked out beside
    the start-up doubled the time to the first page (a change later is worked out at once: above)."""
    import threading
    import time

    from companion.ui import warm_figures

    warmed = threading.Event()
    when: list[float] = []
    monkeypatch.setattr(warm_figures, "warm", lambda store: (when.append(time.monotonic()), warmed.set()))
    started = time.monotonic()
    warm_figures.FiguresWarmer(history).start(after=0.5)
    assert warmed.wait(5)
    # When it ran, not whether it ran within a wait of ours: a loaded machine may hold this thread past 0.5 s
    assert when[0] - started >= 0.45


def test_the_players_list_under_a_players_page_draws_no_figures(history, open_app, monkeypatch):
    """Nobody sees the list under a player's page: it draws no figures there; once on top it draws them
    from the history's figures the page already worked out (kept_figures: once per change, not per screen)."""
    from companion.services import kept_figures

    calls = []
    work_out = kept_figures.work_out
    monkeypatch.setattr(kept_figures, "work_out", lambda *a: calls.append(1) or work_out(*a))
    player = history.finished()[0].players[0]
    page = open_app(f"/players/{player}")
    assert calls == [1]
    [under] = [t for t in page.find_all(ListRow) if t.key == player]
    assert under.subtitle.value == ""
    page.tap("Back")
    assert page.page.route == "/players"
    assert calls == [1]
    [tile] = [t for t in page.find_all(ListRow) if t.key == player]
    assert tile.subtitle.value.startswith("1 game, ")
