"""What a person sees when saving fails or a record was set aside (browserless sessions)."""

import json

import flet as ft

from companion.data.ids import route_id
from tests.ui.conftest import open_app, store  # noqa: F401

from .faults import disk_full, fail_at
from .test_damaged import card_eleven, corrupt
from .test_store import LOST_CITIES, cgt

FULL = "The disk is full: nothing was changed."


def snack_texts(h):
    return [d.content.value for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar) and d.open]


def test_a_full_disk_in_any_handler_is_said_in_words_and_no_traceback_is_sent(open_app, store):  # noqa: F811
    h = open_app("/settings")
    field = h.find(ft.TextField, label="New PIN (4–12 digits)")
    h.type(field, "123456")
    with fail_at(1, disk_full):
        h.click(h.buttons("Set PIN")[0])  # settings does not catch it: the one handler for every event does
    h.settle()
    assert h.conn.errors == []  # no crash screen, no traceback
    assert FULL in snack_texts(h)
    assert store.setting("access.pin") is None


def test_delete_on_a_full_disk_says_so_and_keeps_the_game(open_app, store):  # noqa: F811
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "a/b?c#d %")])
    h = open_app(f"/history/{route_id('a/b?c#d %')}")  # an id with / ? # % and a space opens
    assert h.conn.errors == [] and h.buttons("Delete")
    with fail_at(1, disk_full):
        h.click(h.buttons("Delete")[0])
    h.settle()
    assert FULL in snack_texts(h) and h.conn.errors == []
    assert store.get("a/b?c#d %") is not None
    h.click(h.buttons("Delete")[0])  # with space again it goes (and the route found the right game)
    h.settle()
    assert store.get("a/b?c#d %") is None


def test_edit_then_back_keeps_the_game_in_the_history(open_app, store):  # noqa: F811
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "g"), cgt(2, "2026-01-06T20:00:00", "h")])
    h = open_app("/history/g")
    h.click(h.buttons("Edit")[0])
    h.settle()
    assert h.page.route == "/play/g" and h.conn.errors == []
    assert len(store.finished()) == 2 and store.in_progress() == [] and store.editing("g") is not None
    h.run(h.page.push_route("/history"))  # Back, without saving
    h.settle()
    assert len(store.finished()) == 2 and store.get("g").status == "finished"


def test_an_import_on_a_full_disk_stores_nothing_and_says_why(open_app, store):  # noqa: F811
    from tests.transfer.records import records
    from tests.transfer.test_screen import dialog, dialog_button, pick

    h = open_app("/transfer")
    pick(h, "games.json", json.dumps({"format": 1, "games": records()}).encode())
    with fail_at(3, disk_full):
        h.click(dialog_button(h, f"Import {len(records())} games"))
    assert store.finished() == []
    assert h.text_of("message") == f"games.json: nothing imported. {FULL}"
    assert dialog(h) is None and h.conn.errors == []


def test_the_history_lists_damaged_records_and_exports_them_raw(open_app, store, tmp_path):  # noqa: F811
    folder = store.folder
    store.add_finished([{**LOST_CITIES, "id": "bad", "played_at": "2026-01-04T20:00:00"}, cgt(1, "2026-01-05T20:00:00", "ok")])
    store.close()
    corrupt(folder / "history/2026-01.json", "bad", card_eleven)
    from companion.data.store import GameStore

    reopened = GameStore(folder)
    try:
        from companion.bootstrap import make_main
        from tests.ui.harness import Harness

        h = Harness(make_main(reopened), route="/history")
        try:
            section = h.find_semantics("damaged")
            texts = [c.value for c in h.controls() if isinstance(c, ft.Text) and c.value]
            assert "1 damaged record set aside" in texts
            assert any(t.startswith("history/2026-01.json · id bad: ") and "11" in t for t in texts)
            h.click(h.buttons("Export damaged records")[0])
            h.settle()
            [(name, data)] = [(a["file_name"], a["src_bytes"]) for n, a in h.conn.invoked if n == "save_file"]
            assert name.startswith("tableside-damaged-") and json.loads(data)["damaged"][0]["entry"]["id"] == "bad"
            assert section is not None and h.conn.errors == []
        finally:
            h.close()
    finally:
        reopened.close()
