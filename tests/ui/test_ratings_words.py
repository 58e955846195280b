"""Issue 39 item 8: ratings a player understands. A new rating is marked provisional (from openskill's σ);
the words beside a rating are true of a −1.8 after one lost game; Statistics lists every rated player
of a game (or says how many it leaves out, and why); "How ratings work" opens help inside the app."""

import flet as ft
import pytest

import scoring
from companion.services import ratings
from companion.ui.widgets import rating_parts

from .conftest import example
from .game_nights import finished
from .harness import walk
from .test_no_code_on_screen import problems


def texts(h) -> list[str]:
    return [c.value for c in h.controls() if isinstance(c, ft.Text) and c.value]


@pytest.mark.parametrize(("games", "provisional"), [(1, True), (2, True), (3, True), (4, False), (8, False)])
def test_a_rating_is_provisional_for_its_first_few_games(games, provisional):
    history = [
        finished(f"g{i}", f"2026-01-{i + 1:02d}T20:00:00", {"Ana": 10, "Ben": 5} if i % 2 else {"Ben": 10, "Ana": 5}) for i in range(games)
    ]
    for rating in ratings.ratings(history)[("lost-cities", "")].values():
        assert rating.games == games
        assert rating.provisional is provisional
        assert rating.provisional is (rating.sigma > ratings.PROVISIONAL_SIGMA)


def test_a_first_lost_game_reads_as_provisional_and_the_words_say_why_it_is_below_zero(open_app, history):
    loser = next(p for p in history.get("lc-1").players if p not in history.get("lc-1").scored["winners"])
    h = open_app(f"/players/{loser}")
    [line] = [c.value for c in walk(h.find_semantics("player-ratings")) if isinstance(c, ft.Text)]
    assert line.startswith("Lost Cities: −1.8 (provisional) · 2nd of 2 · 1 rated game")
    shown = " ".join(texts(h))
    assert "a loss lowers it" in shown and "below 0 after early losses is normal" in shown
    assert "rises as wins confirm it" not in shown  # the words that a −1.8 made untrue
    assert "docs/" not in shown and ".md" not in shown  # help is in the app, not a file path


def test_how_ratings_work_opens_help_in_plain_words(open_app, history):
    h = open_app("/stats")
    h.tap(rating_parts.HELP_LABEL)
    [dialog] = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    said = [c.value for c in walk(dialog) if isinstance(c, ft.Text)]
    assert dialog.title.value == rating_parts.HELP_LABEL
    words = " ".join(said)
    for needed in ("starts at 0", "below 0", "provisional", "Only places count", "own ratings"):
        assert needed in words
    assert not [t for t in said if problems(t)] and "docs/" not in words
    [close] = dialog.actions
    assert close.content == "Close"
    h.click(close)
    assert not [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]


def test_statistics_list_every_rated_player_of_a_game(open_app, store):
    store.add_finished([example("bgg-game-4p-rulebook", id="bgg-1", played_at="2026-03-01T20:00:00")])
    h = open_app("/stats", width=1024, height=768)
    card = h.find(ft.Card, key="top-rated:bgg-game")
    lines = [c.value for c in walk(card) if isinstance(c, ft.Text)]
    assert lines[1] == "All 4 rated players"
    assert [line.split("  ")[1] for line in lines[2:]] == sorted(
        ["Ada", "Bo", "Cy", "Di"], key=lambda p: -ratings.ratings(store.finished())[("bgg-game", "")][p].shown
    )
    assert all(line.endswith("(1 rated game, provisional)") for line in lines[2:])


def test_a_big_group_says_how_many_it_leaves_out(open_app, store):
    names = [f"P{i:02d}" for i in range(rating_parts.TOP + 2)]
    games = []
    for i in range(0, len(names), 2):
        record = example("lost-cities-edge-values", id=f"lc-{i}", played_at=f"2026-03-{i + 1:02d}T20:00:00")
        record, _ = scoring.rename_player(record, "Mia", names[i])
        record, _ = scoring.rename_player(record, "Noah", names[i + 1])
        games.append(record)
    store.add_finished(games)
    h = open_app("/stats")
    lines = [c.value for c in walk(h.find(ft.Card, key="top-rated:lost-cities")) if isinstance(c, ft.Text)]
    assert lines[1] == f"The {rating_parts.TOP} highest of {len(names)} rated players (each player's page shows their own)"
    assert len(lines) == 2 + rating_parts.TOP
