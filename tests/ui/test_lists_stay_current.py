"""The screen never lies: two sessions on one server, and a list on one changes, without a reload,
when the other session (or the store itself) changes what it shows (issue 17)."""

import flet as ft

import scoring
from companion.access.gate import PIN_SETTING, hash_pin
from companion.ui.widgets.list_row import ListRow

from .conftest import example
from .game_menus import discard_through_menu
from .harness import walk


def start(store, players=("Ana", "Ben")) -> str:
    return store.create(scoring.new_record("lost-cities", list(players), {}, {})).id


def on_top(h):
    return ft.unwrap_component(ft.unwrap_component(h.page.views)[-1])


def keys(h, prefix: str = "") -> list[str]:
    """The keys of the list rows of the screen on top."""
    return [str(t.key) for t in walk(on_top(h)) if isinstance(t, ListRow) and str(t.key).startswith(prefix)]


def in_progress_ids(h) -> list[str]:
    return [k.split(":")[1] for k in keys(h, "in-progress:")]


def texts(h) -> list[str]:
    """The words the screen on top shows (not those inside an invisible control)."""
    hidden = {id(c) for v in walk(on_top(h)) if getattr(v, "visible", True) is False for c in walk(v)}
    return [t.value for t in walk(on_top(h)) if isinstance(t, ft.Text) and isinstance(t.value, str) and id(t) not in hidden]


def snack(h) -> ft.SnackBar:
    return next(m for m in reversed(h.page._dialogs.controls) if isinstance(m, ft.SnackBar))


def test_home_follows_a_discard_and_its_undo_made_on_another_session(open_app, store):
    kept, dropped = start(store), start(store, ("Cy", "Dee"))
    tablet, phone = open_app("/"), open_app("/")
    assert sorted(in_progress_ids(phone)) == sorted([kept, dropped])
    discard_through_menu(tablet, store.get(dropped))
    phone.settle()
    assert in_progress_ids(phone) == [kept]  # gone on the other screen, no reload
    assert in_progress_ids(tablet) == [kept]
    tablet.fire(snack(tablet), "action")  # Undo
    phone.settle()
    assert sorted(in_progress_ids(phone)) == sorted([kept, dropped])
    discard_through_menu(phone, store.get(kept))  # the phone's buttons act on what it now shows
    tablet.settle()
    assert in_progress_ids(tablet) == [dropped] and store.get(kept) is None
    assert not tablet.conn.errors and not phone.conn.errors


def test_the_full_list_follows_the_home_screen_of_another_session(open_app, store):
    games = [start(store, (f"P{i}", "Q")) for i in range(4)]
    full, home = open_app("/in-progress"), open_app("/")
    assert len(in_progress_ids(full)) == 4 and len(in_progress_ids(home)) == 3
    assert home.buttons("All games in progress (4)")
    discard_through_menu(home, store.get(games[0]))
    full.settle()
    assert sorted(in_progress_ids(full)) == sorted(games[1:])
    assert not home.buttons("All games in progress (4)") and len(in_progress_ids(home)) == 3


def test_home_shows_a_game_started_and_then_saved_elsewhere(open_app, store):
    h = open_app("/")
    assert in_progress_ids(h) == [] and "Games in progress" not in texts(h)  # Home hides the empty list
    game_id = start(store)  # another device starts a game
    h.settle()
    assert in_progress_ids(h) == [game_id]
    store.finish(game_id)  # … and saves it
    h.settle()
    assert in_progress_ids(h) == [] and "Latest results" in texts(h)
    assert keys(h, "latest:") == [f"latest:{game_id}"]
    store.delete(game_id)
    h.settle()
    assert keys(h, "latest:") == [] and "Latest results" not in texts(h)
    assert not h.conn.errors


def test_an_edit_opened_elsewhere_shows_on_home_and_its_discard_everywhere(open_app, history):
    home, other = open_app("/"), open_app("/")
    copy = history.edit_copy("lc-1")  # another device opened the saved game to edit it
    home.settle()
    assert in_progress_ids(home) == ["lc-1"]
    other.settle()
    discard_through_menu(other, copy)
    home.settle()
    assert in_progress_ids(home) == [] and history.editing("lc-1") is None and history.get("lc-1").status == "finished"
    other.fire(snack(other), "action")  # Undo: the edit is back, on both screens
    home.settle()
    assert in_progress_ids(home) == ["lc-1"] and history.editing("lc-1") == copy
    assert not home.conn.errors and not other.conn.errors


def test_history_follows_a_delete_and_its_undo_on_another_session(open_app, history):
    listing = open_app("/history")
    assert keys(listing) == ["dan-aldie", "cgt-1", "lc-1"]
    detail = open_app("/history/cgt-1")
    detail.tap("Delete")
    listing.settle()
    assert keys(listing) == ["dan-aldie", "lc-1"]
    assert "2 games" in texts(listing)
    detail.fire(snack(detail), "action")  # Undo
    listing.settle()
    assert keys(listing) == ["dan-aldie", "cgt-1", "lc-1"]
    history.delete("dan-aldie")  # straight in the store: the screen follows all the same
    listing.settle()
    assert keys(listing) == ["cgt-1", "lc-1"]
    assert not listing.conn.errors


def test_history_keeps_its_filter_while_the_list_changes(open_app, history):
    h = open_app("/history")
    game = h.find(ft.Dropdown, label="Game")
    h.choose(game, "cgt", "select")
    assert keys(h) == ["cgt-1"]
    history.add_finished([example("cgt-values-and-penalty", id="cgt-2", played_at="2026-04-01T20:00:00")])
    h.settle()
    assert keys(h) == ["cgt-2", "cgt-1"]  # the new game shows, the filter stays
    assert h.find(ft.Dropdown, label="Game").value == "cgt"
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-04-02T20:00:00")])
    h.settle()
    assert keys(h) == ["cgt-2", "cgt-1"]


def test_players_follow_a_rename_and_a_merge_made_on_another_session(open_app, history):
    roster = open_app("/players")
    watching = open_app("/players/Noah")
    filters = open_app("/history")
    assert "Noah" in keys(roster)
    renaming = open_app("/players/Noah")
    renaming.type(renaming.find(ft.TextField, label="New name"), "Noa")
    renaming.tap("Rename")
    assert renaming.page.route == "/players/Noa"
    for h in (roster, watching, filters):
        h.settle()
    assert "Noa" in keys(roster) and "Noah" not in keys(roster)
    assert "No game here has a player called Noah (any more)." in texts(watching)
    assert not watching.buttons("Rename")  # nothing left to rename under the old name
    options = [o.key for o in filters.find(ft.Dropdown, label="Player").options]
    assert "Noa" in options and "Noah" not in options
    # Merge: Noa never sat at a table with Dan, so Noa can be Dan's other name.
    merge = renaming.find(ft.Dropdown, label="Same person as…")
    renaming.choose(merge, "Dan", "select")
    renaming.tap("Merge")
    dialog = next(d for d in reversed(renaming.page._dialogs.controls) if isinstance(d, ft.AlertDialog))
    renaming.click(next(b for b in dialog.actions if b.content == "Merge"))
    assert renaming.page.route == "/players/Dan"
    assert renaming.find(ft.TextField, label="New name").value == "Dan"  # the new page's own form, not Noa's
    roster.settle()
    assert "Noa" not in keys(roster) and "Dan" in keys(roster)
    assert history.get("lc-1").players == ["Mia", "Dan"]
    assert not roster.conn.errors and not renaming.conn.errors


def test_players_list_a_name_of_a_game_in_progress_at_once(open_app, store):
    roster = open_app("/players")
    assert keys(roster) == []
    game_id = start(store, ("Zoe", "Yan"))
    roster.settle()
    assert sorted(keys(roster)) == ["Yan", "Zoe"]
    assert "no finished game yet" in texts(roster)
    store.finish(game_id)  # saved: the figures follow
    roster.settle()
    assert "no finished game yet" not in texts(roster)
    assert any(t.startswith("1 game, ") for t in texts(roster))


def test_statistics_follow_the_history(open_app, history):
    h = open_app("/stats")
    assert "Highest score: 171 by Noah on 2026-01-15" in texts(h)
    history.delete("lc-1")
    h.settle()
    assert not any(t.startswith("Highest score: 171") for t in texts(h))
    assert not h.conn.errors


def test_settings_follow_a_pin_set_on_another_session(open_app, store):
    mine, other = open_app("/settings"), open_app("/settings")
    assert "No PIN: anyone who can reach this server can use it." in texts(other)
    field = mine.find(ft.TextField, label="New PIN (4–12 digits)")
    mine.type(field, "482915")
    mine.tap("Set PIN")
    assert mine.find(ft.TextField, label="New PIN (4–12 digits)").value == ""
    other.settle()  # a host without the new PIN is asked for it (issue 18), then sees the PIN is on
    pin = other.find(ft.TextField, label="PIN")
    other.type(pin, "482915")
    other.fire(pin, "submit")
    assert "PIN is on." in texts(other) and not other.find(ft.OutlinedButton, content="Remove PIN").disabled
    store.set_setting(PIN_SETTING, None)
    mine.settle()
    assert "No PIN: anyone who can reach this server can use it." in texts(mine)
    assert store.setting(PIN_SETTING) != hash_pin("482915")


def test_a_screen_left_or_a_session_closed_leaves_no_subscription(open_app, store):
    from companion.data import changes

    keeper = open_app("/stats")  # statistics: the history only
    assert store.changes.count(changes.LIVE) == 0
    h = open_app("/players")  # the roster: the history and the games in progress
    assert store.changes.count(changes.LIVE) == 1
    h.run(h.page.push_route("/stats"))
    h.settle()
    assert store.changes.count(changes.LIVE) == 0  # the roster is gone, and so is its subscription
    h.page.on_disconnect(None)  # the browser left
    assert store.changes.count() == store.changes.count(changes.HISTORY) == 1  # only the keeper's
    assert keeper.page.route == "/stats"
