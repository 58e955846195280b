"""Backups, start-up recovery of damaged files, the writer lock (threads and processes)."""

import json
import logging
import socket
import subprocess
import sys
import threading
from pathlib import Path

import flet as ft
import pytest

from companion.data.backups import BACKUPS_KEPT
from companion.data.store import FINISHED, IN_PROGRESS, GameStore
from tests.ui.conftest import open_app  # noqa: F401  (uses this module's `store`)

from .test_store import LOST_CITIES, cgt

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def backups(folder):
    return sorted((folder / "backups").iterdir(), key=lambda p: int(p.name.split("-")[0]))


def history_file(game):
    return f"history/{game.played_at[:7]}.json"


def test_each_finish_makes_a_backup_and_six_finishes_keep_five(folder):
    store = GameStore(folder)
    games = [store.finish(store.create({**LOST_CITIES, "played_at": f"2026-0{1 + i % 2}-10T20:00:00"}).id) for i in range(6)]
    kept = backups(folder)
    assert len(kept) == BACKUPS_KEPT == 5
    assert [int(b.name.split("-")[0]) for b in kept] == [2, 3, 4, 5, 6]  # the first one rotated out
    newest = kept[-1]
    # live.json and the month that changed, the same bytes as the data folder...
    for rel in ("live.json", "history/2026-02.json"):
        assert (newest / rel).read_bytes() == (folder / rel).read_bytes()
    # ...and every month's newest copy is kept in some backup, also after the oldest were removed.
    for rel in ("history/2026-01.json", "history/2026-02.json"):
        newest_copy = next(b / rel for b in reversed(kept) if (b / rel).exists())
        assert newest_copy.read_bytes() == (folder / rel).read_bytes()
    # Every copy is its own file: never a hard link to the data file or to another backup's copy.
    copies = [f.stat() for f in folder.rglob("*.json") if f.name != "manifest.json"]
    assert len({(s.st_dev, s.st_ino) for s in copies}) == len(copies) >= 3 + len(kept)
    assert all(s.st_nlink == 1 for s in copies)
    assert {g.id for g in games} == {
        d["id"]
        for rel in ("history/2026-01.json", "history/2026-02.json")
        for d in json.loads((folder / rel).read_text())["games"].values()
    }
    store.close()


def test_imports_edits_deletes_and_settings_are_backed_up_too(folder):
    store = GameStore(folder)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "a")])
    assert len(backups(folder)) == 1
    store.edit_copy("a")
    store.replace_finished("a", cgt(2, "2026-01-05T20:00:00", "a"))
    store.delete("a")
    assert len(backups(folder)) == 3
    store.create(LOST_CITIES)  # a game in progress is backed up at most once a minute
    assert len(backups(folder)) == 3
    store.set_setting("access.pin", "hash")  # a setting at once: the PIN must survive a damaged live.json
    assert len(backups(folder)) == 4
    newest = backups(folder)[-1]
    assert "hash" in (newest / "live.json").read_text() and LOST_CITIES["players"][0] in (newest / "live.json").read_text()
    store.close()


def test_a_damaged_live_json_is_moved_aside_and_its_newest_good_backup_restored(folder, caplog):
    store = GameStore(folder)
    playing = store.create(LOST_CITIES)
    finished = store.finish(store.create(cgt(1, "2026-01-05T20:00:00")).id)
    store.close()
    (folder / "live.json").write_text('{"games": {"1": {"id": ')  # in place: the backups must not change with it
    with caplog.at_level(logging.WARNING, logger="tableside"):
        store = GameStore(folder)
    try:
        assert store.get(playing.id).status == IN_PROGRESS
        assert store.get(finished.id).status == FINISHED
        assert store.schema_version == 1
        assert len(store.recovered) == 1
        message = store.recovered[0]
        assert message.startswith("live.json was damaged: it is not valid JSON")
        aside = [p for p in folder.iterdir() if p.name.startswith("live.json.corrupt-")]
        assert len(aside) == 1 and str(aside[0]) in message and "the backup of" in message.lower()
        assert aside[0].read_text() == '{"games": {"1": {"id": '  # kept as it was
        assert message in caplog.text
    finally:
        store.close()
    again = GameStore(folder)  # repaired, but no one read it yet: said again
    assert again.recovered == [message]
    again.acknowledge_recovered()  # the home screen's OK
    again.close()
    again = GameStore(folder)  # repaired and read: the next start has nothing to say
    assert again.recovered == [] and again.get(playing.id) is not None
    again.close()


def test_a_damaged_month_file_is_restored_from_the_newest_good_backup(folder):
    store = GameStore(folder)
    january = [store.finish(store.create(cgt(n, "2026-01-05T20:00:00")).id) for n in (1, 2, 3)]
    store.close()
    (folder / "history/2026-01.json").write_text("")
    store = GameStore(folder)
    try:
        assert [g.id for g in store.finished()] and {g.id for g in store.finished()} == {g.id for g in january}
        assert len(store.recovered) == 1 and store.recovered[0].startswith("history/2026-01.json was damaged: it is empty")
        assert list((folder / "history").glob("2026-01.json.corrupt-*"))
    finally:
        store.close()


def test_a_damaged_backup_is_passed_over_for_an_older_good_one(folder):
    store = GameStore(folder)
    january = [store.finish(store.create(cgt(n, "2026-01-05T20:00:00")).id) for n in (1, 2, 3)]
    store.close()
    newest = backups(folder)[-1]
    (newest / "history/2026-01.json").write_bytes(b"\x00" * 40)
    (folder / "history/2026-01.json").write_text("{")
    store = GameStore(folder)
    try:
        assert {g.id for g in store.finished()} == {g.id for g in january[:2]}  # the backup before the third finish
        assert (
            "The damaged file was kept as" in store.recovered[0] and "changes made after that backup may be missing" in store.recovered[0]
        )
    finally:
        store.close()


def test_a_damaged_file_without_a_backup_is_kept_aside_and_reported(folder):
    store = GameStore(folder)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "a")])
    store.close()
    for b in backups(folder):
        (b / "history/2026-01.json").unlink()
    (folder / "history/2026-01.json").write_text('{"games": {"1": {"id": "a"}}}')  # JSON, but not a game
    store = GameStore(folder)
    try:
        assert store.finished() == []
        [message] = store.recovered
        aside = next((folder / "history").glob("2026-01.json.corrupt-*"))
        assert "No good backup" in message and "games finished in 2026-01 may be missing" in message
        assert str(aside) in message
        assert aside.read_text() == '{"games": {"1": {"id": "a"}}}'
    finally:
        store.close()


def test_an_unreadable_file_is_not_silently_replaced(folder):
    GameStore(folder).close()
    (folder / "live.json").write_text("[1, 2]")  # valid JSON, not ours
    store = GameStore(folder)
    assert "live.json was damaged" in store.recovered[0] and "games in progress and settings may be missing" in store.recovered[0]
    store.close()


def test_a_finish_cut_between_its_two_writes_opens_as_finished(folder):
    store = GameStore(folder)
    game = store.create(LOST_CITIES)
    live_before = (folder / "live.json").read_bytes()
    store.finish(game.id)
    store.close()
    (folder / "live.json").write_bytes(live_before)  # as if killed after the month file was written
    store = GameStore(folder)
    assert store.in_progress() == [] and store.get(game.id).status == FINISHED and store.recovered == []
    store.close()


def test_leftover_temporary_files_and_half_backups_are_removed(folder):
    GameStore(folder).close()
    (folder / ".live.json.abc.tmp").write_text("{")
    (folder / "backups" / ".tmp-9-x" / "history").mkdir(parents=True)
    store = GameStore(folder)
    assert not (folder / ".live.json.abc.tmp").exists() and not (folder / "backups" / ".tmp-9-x").exists()
    store.close()


def test_all_threads_write_through_one_lock(folder):
    store = GameStore(folder)
    ids, errors = [], []

    def play(n):
        try:
            for i in range(8):
                game = store.create(cgt(i % 3, f"2026-0{1 + n % 3}-0{1 + i}T20:00:00"))
                store.save_progress(game.id, game.record)
                store.set_setting(f"t{n}", i)
                ids.append(store.finish(game.id).id)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=play, args=(n,)) for n in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    store.close()
    store = GameStore(folder)
    assert sorted(g.id for g in store.finished()) == sorted(ids) and len(ids) == 48
    assert store.in_progress() == [] and store.recovered == []
    store.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.parametrize("command", [["serve", "--port", "0"], ["import", "FILE"]])
def test_a_second_process_gets_one_error_line_and_status_2(folder, tmp_path, command):
    store = GameStore(folder)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(cgt(1, "2026-01-05T20:00:00", "a")))
    command = [str(record) if c == "FILE" else str(free_port()) if c == "0" else c for c in command]
    try:
        run = subprocess.run(
            [sys.executable, "-m", "companion", *command, "--data", str(folder)], cwd=ROOT, capture_output=True, text=True, timeout=60
        )
    finally:
        store.close()
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2 and len(lines) == 1, run.stderr
    assert lines[0].startswith("error: another Tableside process") and str(folder) in lines[0]
    assert "Tableside is serving" not in run.stdout


@pytest.fixture
def store(folder):
    """A store that had to restore live.json from its backup at start-up."""
    s = GameStore(folder)
    s.finish(s.create(LOST_CITIES).id)
    s.close()
    (folder / "live.json").write_text("{not json")
    s = GameStore(folder)
    yield s
    s.close()


def test_the_home_screen_says_what_was_recovered_until_dismissed(open_app, store):  # noqa: F811
    assert store.recovered
    h = open_app("/")
    notice = h.find_semantics("recovery")
    texts = [c.value for c in h.controls() if isinstance(c, ft.Text) and c.value]
    assert "About your saved data" in texts
    assert store.recovered[0] in texts and "live.json.corrupt-" in store.recovered[0]
    h.click(h.find(ft.TextButton, content="OK"))
    assert notice is not None and h.find_all(ft.Semantics, identifier="recovery") == []  # drawn again without it
    for route in ("/history", "/"):  # dismissed: this session does not show it again
        h.run(h.page.push_route(route))
        h.settle()
    assert h.page.route == "/" and h.find_all(ft.Semantics, identifier="recovery") == []
    second = open_app("/")  # another session is told as well
    assert second.find_semantics("recovery").visible is not False
