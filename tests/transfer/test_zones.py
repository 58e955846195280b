"""Issue 39, item 12: a date is checked the same way in every time zone. A naive 9999-12-31T22:00:00
that an older version stored under UTC is set aside at the next start in any zone (with its reason),
and an export that meets such a game names it in words (the command and the screen) instead of
failing with `date value out of range` or downloading nothing."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
import time

import pytest

from companion.__main__ import main
from companion.data.backups import now_iso
from companion.data.checks import date_problem, with_offset
from companion.data.store import GameStore
from companion.data.stored_game import FINISHED, StoredGame, summarise
from companion.services import file_formats

from .records import record
from .test_cli import ROOT, snapshot
from .test_screen import saved_files

ZONES = ["UTC", "America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata"]
EDGE = "9999-12-31T22:00:00"  # no offset: local time wherever it is read
REASON = f"played_at '{EDGE}' is too near the end of the year 9999 to be read in every time zone"


@pytest.fixture
def zone(monkeypatch):
    """zone(name): this process reads local time in `name` from now on (restored after the test)."""
    if not hasattr(time, "tzset"):
        pytest.fail("these tests change the local zone with time.tzset (Linux and macOS)")

    def set_zone(name: str) -> None:
        monkeypatch.setenv("TZ", name)
        time.tzset()

    yield set_zone
    monkeypatch.undo()
    time.tzset()


DATES = [
    "2026-03-01T20:00:00",
    "2026-03-01T20:00:00+14:00",
    "1970-01-01T00:00:00",
    "1970-01-01T00:00:00-12:00",
    "9999-12-30T09:00:00",
    "9999-12-31T09:00:00+00:00",
    "9999-12-31T10:00:00+00:00",
    "9999-12-31T23:59:59+14:00",
    "9999-12-31T23:00:00-05:00",
    EDGE,
]


def test_a_date_is_judged_the_same_in_every_zone(zone):
    said = {}
    for name in ZONES:
        zone(name)
        said[name] = [date_problem(text) for text in DATES]
    assert all(answers == said["UTC"] for answers in said.values()), said
    assert dict(zip(DATES, said["UTC"], strict=True)) == {
        **{d: None for d in DATES[:6]},
        "9999-12-31T09:00:00+00:00": None,
        "9999-12-31T10:00:00+00:00": "played_at '9999-12-31T10:00:00+00:00' is too near the end of the year 9999 to be read in every time zone",
        "9999-12-31T23:59:59+14:00": None,  # 09:59:59 in UTC
        "9999-12-31T23:00:00-05:00": "played_at '9999-12-31T23:00:00-05:00' is too near the end of the year 9999 to be read in every time zone",
        EDGE: REASON,
    }


@pytest.mark.parametrize("name", ["UTC", "Europe/Berlin", "America/New_York"])
def test_an_imported_date_without_offset_is_stored_with_the_offset_of_the_machine(tmp_path, zone, name):
    zone(name)
    store = GameStore(tmp_path / "data")
    try:
        store.add_finished([record("lc1", played_at="2026-07-01T20:00:00")])
        stored = store.get("lc1").record["played_at"]
        assert stored == with_offset("2026-07-01T20:00:00")
        assert stored == {"UTC": "2026-07-01T20:00:00+00:00", "Europe/Berlin": "2026-07-01T20:00:00+02:00"}.get(
            name, "2026-07-01T20:00:00-04:00"
        )
    finally:
        store.close()
    zone("Asia/Tokyo")  # read elsewhere, it is the same evening
    again = GameStore(tmp_path / "data")
    try:
        assert again.get("lc1").record["played_at"] == stored
        rows = list(csv.DictReader(io.StringIO(file_formats.export_csv(again.finished()))))
        assert rows[0]["date"] == "2026-07-01"
    finally:
        again.close()


def stored_by_an_older_version(folder) -> None:
    """A history as an older version left it under UTC: `edge` dated 9999-12-31T22:00:00 without offset
    (it took that date in, then), `ok` an ordinary game."""
    store = GameStore(folder)
    store.add_finished([record("lc1", id="edge", played_at="2026-01-04T20:00:00+00:00"), record("cg1", id="ok")])
    store.close()
    path = folder / "history" / "2026-01.json"
    data = json.loads(path.read_text())
    for doc in data["games"].values():
        if doc["id"] == "edge":
            doc["record"]["played_at"] = doc["finished_at"] = EDGE
    path.write_text(json.dumps(data))


@pytest.mark.parametrize("name", ZONES)
def test_start_up_sets_such_a_record_aside_in_any_zone_and_says_why(tmp_path, zone, name):
    folder = tmp_path / "data"
    zone("UTC")
    stored_by_an_older_version(folder)
    zone(name)
    store = GameStore(folder)
    try:
        assert [g.id for g in store.finished()] == ["ok"]
        [damaged] = store.damaged()
        assert (damaged.id, damaged.reason) == ("edge", REASON)
        assert damaged.entry["record"]["played_at"] == EDGE  # kept as it was stored
        assert any("(id edge)" in said and REASON in said for said in store.recovered)
        file_formats.export_csv(store.finished())  # the rest exports
    finally:
        store.close()
    done = subprocess.run(
        [sys.executable, "-m", "companion", "export", "--format", "csv", "--data", str(folder)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "TZ": name},
    )
    assert done.returncode == 0 and done.stderr == "" and "edge" not in done.stdout


def edge_game() -> StoredGame:
    """A game holding the date, as a store that could not set it aside would still hand it out."""
    r = record("lc1", id="edge", played_at=EDGE)
    return StoredGame(id="edge", record=r, status=FINISHED, modified_at=now_iso(), finished_at=EDGE, summary=summarise(r))


SAID = f"the game of 9999-12-31 (id edge) cannot be exported: {REASON}"


def test_export_names_the_game_it_cannot_write(zone):
    zone("America/New_York")
    with pytest.raises(file_formats.ExportError) as refused:
        file_formats.export_csv([edge_game()])
    assert str(refused.value) == SAID


def test_tableside_export_names_the_game_in_one_line(tmp_path, zone, monkeypatch, capsys):
    zone("America/New_York")
    folder = tmp_path / "data"
    GameStore(folder).close()
    monkeypatch.setattr(GameStore, "finished", lambda self, *a, **k: [edge_game()])
    out = tmp_path / "out.csv"
    before = snapshot(folder, lock=False)
    assert main(["export", "--format", "csv", "-o", str(out), "--data", str(folder)]) == 2
    said = capsys.readouterr()
    assert (said.out, said.err) == ("", f"error: nothing exported: {SAID}\n")
    assert not out.exists() and snapshot(folder, lock=False) == before


def test_the_screens_export_names_the_game_and_downloads_nothing(open_app, store, zone, monkeypatch):
    zone("America/New_York")
    store.add_finished([record("cg1")])
    monkeypatch.setattr(store, "finished", lambda *a, **k: [edge_game()])
    h = open_app("/transfer")
    h.tap("Export CSV")
    assert saved_files(h) == []
    assert h.text_of("message") == f"Nothing exported: {SAID}."
