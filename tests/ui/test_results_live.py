"""A results screen is drawn from the stored game: when another device edits, saves, deletes or
restores it, every screen showing it follows at once (browserless: one server, two sessions)."""

import flet as ft

from tests.transfer.records import record

from .test_results_sharing import TIED  # a CGT game tied on points


def texts(h) -> list[str]:
    return [t.value for t in h.find_all(ft.Text) if isinstance(t.value, str)]


def test_an_edit_saved_on_another_device_shows_at_once(open_app, store):
    store.add_finished([{**TIED, "id": "g", "played_at": "2026-04-03T20:00:00"}])
    tablet = open_app("/history/g", width=1024, height=768)
    assert tablet.text_of("total-Ana") == tablet.text_of("total-Ben") == "6"
    store.edit_copy("g")  # another device opens the game to change it
    changed = {**store.editing("g").record, "final": {**TIED["final"], "collections": {"Ana": {"9": 2}, "Ben": {"8": 4}}}}
    store.save_edit("g", changed)
    tablet.settle()
    assert tablet.text_of("total-Ben") == "6"  # /history shows the saved game until the edit is saved
    store.replace_finished("g")
    tablet.settle()
    assert tablet.text_of("total-Ben") == "8" and tablet.text_of("winner") == "Ben"
    assert not tablet.conn.errors


def test_a_game_deleted_and_restored_on_another_device(open_app, store):
    store.add_finished([{**TIED, "id": "g", "played_at": "2026-04-03T20:00:00"}])
    tablet = open_app("/history/g", width=1024, height=768)
    phone = open_app("/history/g")
    phone.tap("Delete")
    tablet.settle()
    assert any("It may have been deleted" in t for t in texts(tablet))
    (snack,) = [d for d in phone.page._dialogs.controls if isinstance(d, ft.SnackBar) and d.action == "Undo"]
    phone.fire(snack, "action")
    tablet.settle()
    assert tablet.text_of("winner") == "Ana"
    assert phone.page.route == "/history/g" and phone.text_of("winner") == "Ana"
    assert not tablet.conn.errors and not phone.conn.errors


def test_a_game_saved_on_another_device_shows_as_saved(open_app, store):
    game_id = store.create(TIED).id
    tablet = open_app(f"/results/{game_id}", width=1024, height=768)
    phone = open_app(f"/results/{game_id}")
    assert tablet.buttons("Save result") and not tablet.buttons("Edit")
    phone.tap("Save result")
    assert phone.page.route == f"/history/{game_id}"
    tablet.settle()
    assert not tablet.buttons("Save result") and tablet.buttons("Edit") and tablet.buttons("Delete")
    assert not tablet.conn.errors


def test_the_transfer_screen_counts_games_stored_elsewhere(open_app, store):
    h = open_app("/transfer")
    assert "No finished games yet." in texts(h) and h.buttons("Export JSON")[0].disabled
    store.add_finished([record("lc1")])  # an import, or a game saved, on another device
    h.settle()
    assert "1 finished game in the history." in texts(h) and not h.buttons("Export JSON")[0].disabled
