"""Issue 39 item 7: editing a saved game looks exactly like a live game, so the play screen says it:
"Editing — not saved yet", with Save changes and Cancel changes (the edit works on a copy)."""

import flet as ft

import scoring
from companion.ui.widgets.editing_banner import EDITING_SAID

from .harness import walk

RECORD = {**scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}), "rounds": [{"Mia": {"red": {"cards": [10]}}, "Noah": {}}]}


def banner(h) -> list[str]:
    found = h.find_all(ft.Semantics, identifier="editing-banner")
    return [t.value for b in found for t in walk(b) if isinstance(t, ft.Text)]


def editing(open_app, store):
    store.add_finished([{**RECORD, "id": "g", "played_at": "2026-04-03T20:00:00"}])
    h = open_app("/history/g")
    h.tap("Edit")
    assert h.page.route == "/play/g"
    return h


def test_a_live_game_has_no_banner(open_app, store):
    game_id = store.create(RECORD).id
    h = open_app(f"/play/{game_id}")
    assert banner(h) == [] and not h.buttons("Save changes") and not h.buttons("Cancel changes")


def test_an_edit_says_so_and_cancel_changes_keeps_the_saved_game(open_app, store):
    h = editing(open_app, store)
    assert EDITING_SAID in banner(h) and EDITING_SAID == "Editing — not saved yet"
    h.tap("Noah")  # a phone shows one player at a time
    h.tap("Noah blue 10")  # on the copy
    assert store.get("g").record["rounds"][0]["Noah"] == {}  # the saved game waits
    h.tap("Cancel changes")
    assert h.page.route == "/history/g" and store.editing("g") is None
    assert store.get("g").record["rounds"][0]["Noah"] == {} and store.get("g").status == "finished"
    assert not h.conn.errors


def test_save_changes_on_the_banner_replaces_the_saved_game(open_app, store):
    h = editing(open_app, store)
    tablet = open_app("/play/g", width=1024, height=768)  # a second screen of the same edit
    assert EDITING_SAID in banner(tablet)
    h.tap("Noah")
    h.tap("Noah blue 10")
    h.tap("Noah blue 9")  # Noah −1 beats Mia −10
    h.tap("Save changes")
    assert h.page.route == "/history/g" and store.editing("g") is None
    assert store.get("g").record["rounds"][0]["Noah"] == {"blue": {"cards": [9, 10]}}
    assert h.text_of("winner") == "Noah"
    tablet.settle()
    assert tablet.page.route.endswith("/g") and not tablet.page.route.startswith("/play")  # the other screen follows
    assert not h.conn.errors and not tablet.conn.errors
