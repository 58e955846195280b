"""The import and export screen (/transfer), browserless: downloads, import with confirmation, errors."""

import csv
import io
import json

import flet as ft
import pytest

from tests.ui.uploading import put

from .records import lost_cities_with_duplicated_card, record, records


def saved_files(h) -> list[tuple[str, bytes]]:
    """What the screen asked the browser to download."""
    return [(args["file_name"], args["src_bytes"]) for name, args in h.conn.invoked if name == "save_file"]


def pick(h, name: str | None, data: bytes | None, error: str | None = None, said_size: int | None = None):
    """What the client does after the person chooses a file in the picker the Import button opened: it
    says which file, the screen asks for it to be uploaded, Flet's upload handler writes it to the
    uploads folder, the client reports the upload's progress (or its error). `said_size`: the size the
    browser states, where it is not the data's."""
    (import_button,) = h.buttons("Import")
    action = import_button.action
    assert isinstance(action, ft.PickFiles) and not action.with_data and action.allowed_extensions == ["json", "zip"]
    files = [] if name is None else [{"id": 0, "name": name, "size": len(data or b"") if said_size is None else said_size}]
    asked = len(h.conn.invoked)
    h.fire(action.file_picker, "result", {"files": files})
    uploads = [args for method, args in h.conn.invoked[asked:] if method == "upload"]
    if name is None or not uploads:
        return
    ((file,),) = [u["files"] for u in uploads]
    assert file.id == 0
    h.fire(action.file_picker, "upload", {"file_name": name, "progress": 0.0})
    if error:
        h.fire(action.file_picker, "upload", {"file_name": name, "error": error})
        return
    arrives(h, file.upload_url, data or b"")
    h.fire(action.file_picker, "upload", {"file_name": name, "progress": 1.0})


def arrives(h, upload_url: str, data: bytes) -> None:
    """The browser's PUT of the file to `upload_url`, through the server's upload route."""
    assert put(h, upload_url, data) == 200


def dialog(h):
    open_dialogs = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    return open_dialogs[-1] if open_dialogs else None


def dialog_button(h, name: str):
    found = [b for b in dialog(h).actions if b.content == name]
    assert len(found) == 1, [b.content for b in dialog(h).actions]
    return found[0]


def test_the_screen_is_reached_at_its_route_with_named_buttons(open_app):
    h = open_app("/transfer")
    assert ft.unwrap_component(ft.unwrap_component(h.page.views)[-1]).route == "/transfer"
    for name in ("Export JSON", "Export CSV", "Import"):
        assert len(h.buttons(name)) == 1, name
    assert h.conn.errors == []


def test_export_buttons_wait_for_a_finished_game(open_app, store):
    h = open_app("/transfer")
    assert h.buttons("Export JSON")[0].disabled and h.buttons("Export CSV")[0].disabled
    store.add_finished([record("lc1")])
    h2 = open_app("/transfer")
    assert not h2.buttons("Export JSON")[0].disabled and not h2.buttons("Export CSV")[0].disabled


def export_states(h) -> dict[str, tuple[bool, str]]:
    """Each export button's (disabled, tooltip): the tooltip is also what a screen reader says of it."""
    return {name: (h.buttons(name)[0].disabled, h.buttons(name)[0].tooltip) for name in ("Export JSON", "Export CSV")}


NONE_YET = {"Export JSON": (True, "No saved game to export yet."), "Export CSV": (True, "No saved game to export yet.")}
ONE = {
    "Export JSON": (False, "Download the 1 finished game as one JSON file (every game whole)."),
    "Export CSV": (False, "Download the 1 finished game as a CSV file (one row per player per game)."),
}
TWO = {
    "Export JSON": (False, "Download all 2 finished games as one JSON file (every game whole)."),
    "Export CSV": (False, "Download all 2 finished games as a CSV file (one row per player per game)."),
}


def test_export_tooltips_follow_the_history_while_the_screen_is_open(open_app, store):
    h = open_app("/transfer")
    assert export_states(h) == NONE_YET
    store.add_finished([record("lc1")])  # saved elsewhere (another device, Results) while this screen is open
    h.settle()
    assert export_states(h) == ONE
    store.add_finished([record("cg1")])
    h.settle()
    assert export_states(h) == TWO
    assert "2 finished games in the history." in [t.value for t in h.find_all(ft.Text)]
    store.delete("lc1")
    store.delete("cg1")
    h.settle()
    assert export_states(h) == NONE_YET


def test_export_tooltips_of_a_screen_opened_with_games(open_app, store):
    store.add_finished([record("lc1"), record("cg1")])
    assert export_states(open_app("/transfer")) == TWO


@pytest.mark.parametrize("button, suffix", [("Export JSON", ".json"), ("Export CSV", ".csv")])
def test_export_downloads_the_history(open_app, store, button, suffix):
    store.add_finished(records())
    h = open_app("/transfer")
    h.tap(button)
    ((name, data),) = saved_files(h)
    assert name.startswith("tableside-") and name.endswith(suffix)
    text = data.decode("utf-8")
    if suffix == ".json":
        assert sorted(g["id"] for g in json.loads(text)["games"]) == sorted(r["id"] for r in records())
    else:
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0][:6] == ["date", "game", "player", "score", "place", "winner"]
        assert len(rows) == 1 + sum(len(r["players"]) for r in records())
    assert h.text_of("message") == f"Exported {len(records())} games to {name}."


def test_import_asks_first_then_stores_and_counts(open_app, store):
    store.add_finished([record("lc1"), record("cg1")])
    h = open_app("/transfer")
    pick(h, "games.json", json.dumps({"format": 1, "games": records()}).encode())
    new = len(records()) - 2
    assert dialog(h).content.value == f"Import {new} games from games.json? 2 are already here."
    assert len(store.finished()) == 2  # nothing stored before the person says so
    h.click(dialog_button(h, f"Import {new} games"))
    assert dialog(h) is None
    assert sorted(g.id for g in store.finished()) == sorted(r["id"] for r in records())
    assert h.text_of("message") == f"Imported {new} games from games.json; skipped 2 already here."


def test_import_cancelled_stores_nothing(open_app, store):
    h = open_app("/transfer")
    pick(h, "one.json", json.dumps(record("bg1")).encode())
    assert dialog(h).content.value == "Import 1 game from one.json?"
    h.click(dialog_button(h, "Cancel"))
    assert dialog(h) is None and store.finished() == []


@pytest.mark.parametrize(
    "data, message",
    [
        (b"not json", "Nothing imported. bad.json: not JSON (Expecting value at line 1, column 1)"),
        (json.dumps({"hello": 1}).encode(), "Nothing imported. bad.json: expected a game record"),
        (
            json.dumps([record("cg1"), lost_cities_with_duplicated_card("x")]).encode(),
            "Nothing imported. bad.json: record 2 (id x): round 1 › Noah › red: 9 is also on Mia's tableau",
        ),
    ],
)
def test_an_invalid_file_is_refused_with_the_reason(open_app, store, data, message):
    h = open_app("/transfer")
    pick(h, "bad.json", data)
    assert dialog(h) is None
    assert h.text_of("message").startswith(message)
    assert store.finished() == []


@pytest.mark.parametrize(
    "games, message",
    [
        (["lc1", "cg1"], "Nothing to import: all 2 games in again.json are already here."),
        (["lc1"], "Nothing to import: the game in again.json is already here."),
        ([], "Nothing to import: again.json holds no games."),
    ],
)
def test_nothing_new_needs_no_confirmation(open_app, store, games, message):
    store.add_finished([record("lc1"), record("cg1")])
    h = open_app("/transfer")
    pick(h, "again.json", json.dumps([record(i) for i in games]).encode())
    assert dialog(h) is None
    assert h.text_of("message") == message


def test_a_cancelled_picker_changes_nothing(open_app, store):
    h = open_app("/transfer")
    pick(h, None, None)
    assert dialog(h) is None and h.text_of("message") == "" and store.finished() == []


def test_bgstats_download_of_one_game(open_app, store):
    from types import SimpleNamespace

    from companion.server.flet_seams import set_current_page
    from companion.services.games import Games
    from companion.ui.views import import_export as screen

    store.add_finished([record("lc1")])
    h = open_app("/transfer")

    async def export_from_results_screen():
        set_current_page(h.page)  # as inside an event handler of this session
        # what bgstats_download uses of the App, as the results screen would pass it
        app = SimpleNamespace(page=h.page, games=Games(store, None), file_picker=None, notify=lambda message, error=False: None)
        await screen.bgstats_download(app, "lc1")

    h.run(export_from_results_screen())
    h.settle()
    ((name, data),) = saved_files(h)
    assert name == "tableside-lost-cities-2025-03-01-bgstats.json"
    play = json.loads(data)
    assert play["sourcePlayId"] == "lc1" and play["game"]["bggId"] == 50
    assert [p["name"] for p in play["players"]] == ["Mia", "Noah"]


def test_a_file_on_its_way_shows_how_much_has_arrived(open_app, store):
    h = open_app("/transfer")
    data = json.dumps({"format": 1, "games": records()}).encode() + b" " * 200_000  # about 200 kB
    (import_button,) = h.buttons("Import")
    picker = import_button.action.file_picker
    h.fire(picker, "result", {"files": [{"id": 0, "name": "games.json", "size": len(data)}]})
    h.fire(picker, "upload", {"file_name": "games.json", "progress": 0.5})
    shown = [str(c.value) for c in h.controls() if isinstance(c, ft.Text) and str(c.value).startswith("Receiving")]
    assert shown == [f"Receiving games.json: {round(len(data) / 2048):,} of {round(len(data) / 1024):,} kB…"]
    ((upload,),) = [args["files"] for method, args in h.conn.invoked if method == "upload"]
    arrives(h, upload.upload_url, data)
    h.fire(picker, "upload", {"file_name": "games.json", "progress": 1.0})
    assert dialog(h).content.value == f"Import {len(records())} games from games.json?"
    assert not [c for c in h.controls() if isinstance(c, ft.Text) and str(c.value).startswith("Receiving")]


def arrive(uploads, name: str, data: bytes) -> None:
    """What the upload route does with a whole body: the ticket's one PUT, written, arrived."""
    file, limit = uploads.begin(name)
    assert len(data) <= limit
    with file:
        file.write(data)
    assert uploads.arrived(name)


def test_uploads_abandoned_past_their_urls_life_are_removed(tmp_path):
    """A tab closed mid-upload, a file never taken: nobody can take them once the URL has expired. One its
    screen is reading stays; a PUT still under way is told to stop."""
    import time

    from companion.server.uploads import UPLOAD_VALID_SECONDS, NotIssued, Uploads

    uploads = Uploads(tmp_path / "uploads")
    old, held, sending, unused = (uploads.new_name(f"192.168.1.{i}", 1000) for i in range(4))
    arrive(uploads, old, b"x" * 1000)
    arrive(uploads, held, b"y")
    path = uploads.hold(held)
    file = uploads.begin(sending)[0]
    file.close()
    uploads.sweep(now=time.time() + UPLOAD_VALID_SECONDS + 1)
    assert sorted(p.name for p in uploads.folder.iterdir()) == sorted([held, sending])  # the PUT removes its own
    assert path.read_bytes() == b"y" and not uploads.receiving(sending)
    with pytest.raises(FileNotFoundError):
        uploads.take(old)
    with pytest.raises(NotIssued):
        uploads.begin(unused)


def test_each_device_and_the_server_have_a_budget_of_uploads_under_way(tmp_path):
    """No device can hold more than two uploads open at once, nor all of them more than MAX_UNDER_WAY; an
    upload ended (taken, discarded) or expired gives its place back."""
    from companion.server.uploads import MAX_UNDER_WAY, MAX_UNDER_WAY_PER_DEVICE, UPLOAD_VALID_SECONDS, UploadRefused, Uploads

    uploads = Uploads(tmp_path / "uploads")
    phone = [uploads.new_name("10.0.0.2", 100) for _ in range(MAX_UNDER_WAY_PER_DEVICE)]
    with pytest.raises(UploadRefused, match="still on its way"):
        uploads.new_name("10.0.0.2", 100)
    uploads.discard(phone[0])  # the first one failed: its place is free again
    arrive(uploads, phone[1], b"{}")
    assert uploads.take(phone[1]) == b"{}"
    uploads.new_name("10.0.0.2", 100)
    others = [uploads.new_name(f"10.0.1.{i}", 100) for i in range(MAX_UNDER_WAY - 1)]
    with pytest.raises(UploadRefused, match="receiving other files"):
        uploads.new_name("10.0.2.1", 100)
    import time

    later = time.time() + UPLOAD_VALID_SECONDS + 1  # every URL issued has expired: nobody can send on them
    assert uploads.new_name("10.0.2.1", 100, now=later) and len(others) == MAX_UNDER_WAY - 1


def test_a_refused_upload_counts_until_its_screen_hears_of_it_and_leaves_no_file(tmp_path):
    """A body cut off at its limit: its file is gone at once, the screen can still tell why, and the device's
    place comes back when the screen has said it."""
    from companion.server.uploads import MAX_UNDER_WAY_PER_DEVICE, UploadRefused, Uploads

    uploads = Uploads(tmp_path / "uploads")
    names = [uploads.new_name("10.0.0.2", 100) for _ in range(MAX_UNDER_WAY_PER_DEVICE)]
    file = uploads.begin(names[0])[0]
    with file:
        file.write(b"x" * 100)
    uploads.refused(names[0], cut_off=True)
    assert list(uploads.folder.iterdir()) == [] and uploads.cut_off(names[0]) and not uploads.cut_off(names[1])
    with pytest.raises(UploadRefused):
        uploads.new_name("10.0.0.2", 100)
    uploads.discard(names[0])
    uploads.new_name("10.0.0.2", 100)


def test_settings_say_when_the_history_was_last_exported(open_app, store):
    from datetime import date

    store.add_finished([record("lc1")])
    settings = open_app("/settings")
    assert settings.text_of("last-export").startswith("The history has never been exported.")
    transfer = open_app("/transfer")
    transfer.tap("Export CSV")  # a spreadsheet's file does not import back: not counted
    assert open_app("/settings").text_of("last-export").startswith("The history has never been exported.")
    transfer.tap("Export JSON")
    assert open_app("/settings").text_of("last-export").startswith(f"History last exported on {date.today().isoformat()}.")


def test_an_upload_url_ends_with_another_pick_or_when_the_screen_is_left(open_app, store):
    """A URL the screen no longer waits for takes no file: not the first pick's once a second file is chosen, not
    any once the person has left the screen. What the browser may still send to them is refused before a byte is kept."""
    h = open_app("/transfer")
    data = json.dumps(records()).encode()
    (import_button,) = h.buttons("Import")
    picker = import_button.action.file_picker
    for name in ("first.json", "games.json"):
        h.fire(picker, "result", {"files": [{"id": 0, "name": name, "size": len(data)}]})
    first, second = [args["files"][0].upload_url for method, args in h.conn.invoked if method == "upload"]
    assert put(h, first, data) == 403
    h.fire(picker, "upload", {"file_name": "first.json", "progress": 1.0})  # the first pick's late report: not this upload
    assert dialog(h) is None
    arrives(h, second, data)
    h.fire(picker, "upload", {"file_name": "games.json", "progress": 1.0})
    assert dialog(h).content.value == f"Import {len(records())} games from games.json?"
    assert put(h, second, data) == 403  # taken: the URL is spent
    h.fire(picker, "result", {"files": [{"id": 0, "name": "later.json", "size": len(data)}]})
    (last,) = [args["files"][0].upload_url for method, args in h.conn.invoked if method == "upload"][2:]
    h.run(h.page.push_route("/"))
    h.settle()
    assert put(h, last, data) == 403 and list(h.uploads.folder.iterdir()) == []


def test_what_a_run_cut_short_left_in_the_data_folders_tmp_goes_at_the_next_start(tmp_path):
    """A server killed (SIGKILL, a power cut) leaves partial uploads in <data>/tmp/uploads: the next opening of
    the folder removes them (tests/security/test_uploads.py does it to the real server)."""
    from companion.data.store import GameStore

    GameStore(tmp_path / "data").close()
    left = tmp_path / "data" / "tmp" / "uploads" / "0123.upload"
    left.parent.mkdir(parents=True)
    left.write_bytes(b"x" * 1000)
    store = GameStore(tmp_path / "data")
    store.close()
    assert not (tmp_path / "data" / "tmp").exists()


def test_a_long_check_can_be_cancelled_and_imports_nothing(open_app, store, monkeypatch):
    """Checking a large file (thousands of games, a ZIP of photos) takes a while in a worker thread: Cancel,
    tapped while it runs, stops it at its next step; nothing is asked and nothing stored."""
    import asyncio
    import threading

    from companion.services import file_formats

    h = open_app("/transfer")
    tapped = threading.Event()
    steps: list[int] = []

    async def tap_cancel() -> None:  # the person's tap, arriving while the check runs
        (cancel,) = h.buttons("Cancel")
        await h.session.dispatch_event(cancel._i, "click", None)
        tapped.set()

    def slow_read(text, name, report=None):
        for done in range(1, 500):  # a long file: a report at each step, as read_import gives every 200 games
            steps.append(done)
            report(done * 200, 100_000)
            if done == 3:
                asyncio.run_coroutine_threadsafe(tap_cancel(), h.loop)
                tapped.wait(5)
        raise AssertionError("the check was not stopped")

    monkeypatch.setattr(file_formats, "read_import", slow_read)
    data = json.dumps(records()).encode()
    (import_button,) = h.buttons("Import")
    picker = import_button.action.file_picker
    h.fire(picker, "result", {"files": [{"id": 0, "name": "games.json", "size": len(data)}]})
    ((upload,),) = [args["files"] for method, args in h.conn.invoked if method == "upload"]
    arrives(h, upload.upload_url, data)
    h.fire(picker, "upload", {"file_name": "games.json", "progress": 1.0})
    assert tapped.is_set() and len(steps) == 4  # stopped at the report after the tap
    assert h.text_of("message") == "Nothing imported: the check of games.json was cancelled."
    assert dialog(h) is None and store.finished() == [] and not h.buttons("Cancel")


def test_an_uploaded_zip_is_read_a_part_at_a_time_and_its_file_goes_with_the_question(open_app, store):
    """A ZIP of hundreds of MB (an export with photos) is read from the upload's file, an entry at a time:
    an entry no game names is never in memory. Once the question is asked the file is gone and the
    device's upload budget is free again."""
    import tracemalloc
    import zipfile

    h = open_app("/transfer")
    junk = 40 * 1024 * 1024
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("games.json", json.dumps(records()[:1]))
        archive.writestr("notes/padding.bin", bytes(junk))  # stored, not compressed: 40 MB on disk
    data = buffer.getvalue()
    buffer = None  # only the test's copy of the file, before the upload writes it
    (import_button,) = h.buttons("Import")
    picker = import_button.action.file_picker
    h.fire(picker, "result", {"files": [{"id": 0, "name": "photos.zip", "size": len(data)}]})
    ((upload,),) = [args["files"] for method, args in h.conn.invoked if method == "upload"]
    arrives(h, upload.upload_url, data)
    data = None
    tracemalloc.start()
    try:
        h.fire(picker, "upload", {"file_name": "photos.zip", "progress": 1.0})
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert dialog(h).content.value == "Import 1 game from photos.zip?"
    assert peak < junk / 4, f"{peak / 2**20:.0f} MB at the peak of the check"
    assert list(h.uploads.folder.iterdir()) == []  # nothing of the upload is left
    for _ in range(2):  # the device's budget (two under way) is whole again
        h.uploads.new_name("127.0.0.1", 1)
