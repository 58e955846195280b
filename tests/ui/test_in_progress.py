"""Games in progress on Home and at /in-progress: when, how far, who; Discard with an Undo."""

import flet as ft

import scoring
from companion.ui.views import in_progress

from .harness import walk
from .helpers import set_up


def started(store, n):
    """n Lost Cities games in progress, the last one started the latest change."""
    ids = []
    for i in range(n):
        record = scoring.new_record("lost-cities", [f"Ana{i}", "Ben"], {}, {})
        ids.append(store.create(record).id)
    return ids


def snack(h):
    return next(m for m in reversed(h.page._dialogs.controls) if isinstance(m, ft.SnackBar))


def on_top(h):
    """The screen on top of the stack the app's root component drew."""
    return ft.unwrap_component(ft.unwrap_component(h.page.views)[-1])


def tap_on_top(h, name):
    """Tap a button of the screen on top (the home screen under /in-progress has the same buttons)."""
    [button] = [b for b in walk(on_top(h)) if isinstance(b, ft.IconButton) and b.icon.semantics_label == name]
    h.click(button)


def tiles(h):
    """The in-progress rows of the screen on top (home lies under /in-progress)."""
    return [t for t in walk(on_top(h)) if isinstance(t, ft.ListTile) and str(t.key).startswith("in-progress:")]


def test_home_shows_the_latest_three_and_a_link_to_all(open_app, store):
    started(store, 5)
    h = open_app("/")
    assert len(tiles(h)) == 3
    h.tap("All games in progress (5)")
    assert h.page.route == "/in-progress"
    assert len(tiles(h)) == 5
    assert not h.conn.errors


def test_each_game_says_when_it_started_how_far_it_is_and_who_plays(open_app, store):
    [game_id] = started(store, 1)
    h = open_app("/")
    tile = tiles(h)[0]
    when = in_progress.when_said(store.get(game_id).when)
    assert tile.title.value == f"Lost Cities, started {when}"
    lines = [c.value for c in tile.subtitle.controls if isinstance(c, ft.Text)]
    assert lines[0] == "Nothing entered yet"
    assert "Ana0 0" in lines[1] and "Ben 0" in lines[1]


def test_progress_counts_rounds_with_cards_and_players_with_cards(store):
    record = scoring.new_record("lost-cities", ["Ana", "Ben"], {}, {})
    record["rounds"][0]["Ana"] = {"red": {"cards": [5, 6]}}
    game = store.get(store.create(record).id)
    assert in_progress.progress(game) == "1 round entered"
    record = scoring.new_record("bgg-card-game", ["Ana", "Ben"], {}, {})
    game = store.get(store.create(record).id)
    assert in_progress.progress(game) == "Nothing entered yet"


def test_discard_then_undo_puts_the_game_back_exactly(open_app, store):
    [game_id] = started(store, 1)
    before = store.get(game_id)
    h = open_app("/")
    name = in_progress.discard_label(before)
    assert name.endswith(", Ana0, Ben")
    h.tap(name)
    assert store.get(game_id) is None and not tiles(h)
    bar = snack(h)
    assert bar.action == "Undo" and "Discarded the game of Lost Cities" in bar.content.value
    h.fire(bar, "action")
    assert store.get(game_id) == before
    assert len(tiles(h)) == 1  # the list shows it again
    h.tap(name)  # and it can be discarded again
    assert store.get(game_id) is None
    assert not h.conn.errors


def test_discard_on_the_full_list_drops_only_that_game(open_app, store):
    [kept, dropped] = started(store, 2)
    h = open_app("/in-progress")
    tap_on_top(h, in_progress.discard_label(store.get(dropped)))
    assert [g.id for g in store.in_progress()] == [kept]


def test_a_saved_game_being_edited_is_listed_and_discarding_keeps_the_saved_game(open_app, store):
    h = open_app("/setup/lost-cities")
    game_id = set_up(h, ["Ana", "Ben"])
    h.tap("Ana red 5")
    store.finish(game_id)
    saved = store.get(game_id)
    copy = store.edit_copy(game_id)
    h = open_app("/")
    title = in_progress.title_of(copy)
    assert title.endswith("(editing)")
    h.tap(in_progress.discard_label(copy))
    assert store.editing(game_id) is None and store.get(game_id) == saved
    bar = snack(h)
    assert "Discarded the changes to Lost Cities" in bar.content.value
    h.fire(bar, "action")
    assert store.editing(game_id) == copy and store.get(game_id) == saved
    assert [g.id for g in store.in_progress()] == []
    assert not h.conn.errors


def test_back_from_the_full_list_and_from_a_player_goes_to_the_screen_under(open_app, store):
    started(store, 1)
    h = open_app("/in-progress")
    tap_on_top(h, "Back")
    assert h.page.route == "/" and tiles(h)
    h = open_app("/players/Ben")
    h.tap("Back")
    assert h.page.route == "/players"
    assert not h.conn.errors
