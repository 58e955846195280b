"""Start-up checks every record of a history file only when its bytes are not those a backup verified
record by record (under today's checks): a long history opens in about the time it takes to read it,
and a file changed behind the store's back is still checked to the last record."""

import json

import pytest

from companion.data import checks, startup
from companion.data.store import GameStore

from .test_damaged import card_eleven, corrupt
from .test_store import LOST_CITIES, cgt


@pytest.fixture
def counted(monkeypatch):
    """The history records start-up checks one by one."""
    seen: list[str] = []

    def counting(doc, finished):
        if finished:
            seen.append(doc.get("id"))
        return checks.doc_problem(doc, finished)

    monkeypatch.setattr(startup, "doc_problem", counting)
    return seen


def saved_history(folder) -> None:
    store = GameStore(folder)
    store.add_finished([{**LOST_CITIES, "id": "lc", "played_at": "2026-01-04T20:00:00"}, cgt(1, "2026-01-05T20:00:00", "c1")])
    store.close()


def test_a_history_file_a_backup_verified_is_not_checked_again(tmp_path, counted):
    saved_history(tmp_path / "data")
    store = GameStore(tmp_path / "data")
    assert counted == []
    assert {g.id for g in store.finished()} == {"lc", "c1"}
    store.close()


def test_a_file_changed_behind_the_stores_back_is_checked_and_its_damage_set_aside(tmp_path, counted):
    folder = tmp_path / "data"
    saved_history(folder)
    corrupt(folder / "history/2026-01.json", "lc", card_eleven)
    store = GameStore(folder)
    assert sorted(counted) == ["c1", "lc"]
    assert [g.id for g in store.finished()] == ["c1"]
    assert any("lc" in said for said in store.recovered)
    store.close()


def test_backups_made_under_other_checks_are_not_trusted(tmp_path, counted, monkeypatch):
    folder = tmp_path / "data"
    saved_history(folder)
    for manifest in (folder / "backups").glob("*/manifest.json"):
        made = json.loads(manifest.read_text())
        assert made["checks"] == checks.CHECKS
    for job in ("startup_checks", "rotation"):  # what a record must pass changed
        monkeypatch.setattr(f"companion.data.backups.{job}.CHECKS", checks.CHECKS + 1)
    GameStore(folder).close()
    assert sorted(counted) == ["c1", "lc"]


@pytest.fixture
def backup_checked(monkeypatch):
    """The history files a backup checks record by record."""
    from companion.data.backups import rotation

    seen: list[int] = []  # how many games each checked file held
    records_problem = rotation.records_problem

    def counting(data, finished):
        if finished:
            seen.append(sum(len(table) for table in (data or {}).values()))
        return records_problem(data, finished)

    monkeypatch.setattr(rotation, "records_problem", counting)  # where a backup's copies are checked
    return seen


def test_a_backup_does_not_check_again_what_the_store_wrote_from_checked_games(tmp_path, backup_checked):
    """An import of 10,000 games held every tap for 1.9 s while the backup checked again, record by
    record, the month files the store had just written from games it checked as they came in."""
    store = GameStore(tmp_path / "data")
    store.add_finished([{**LOST_CITIES, "id": "lc", "played_at": "2026-01-04T20:00:00"}, cgt(1, "2026-02-05T20:00:00", "c1")])
    assert backup_checked == []
    newest = store.files.folders()[0]
    assert json.loads((newest / "manifest.json").read_text())["verified"] is True
    assert {"history/2026-01.json", "history/2026-02.json"} <= set(json.loads((newest / "manifest.json").read_text())["files"])
    store.close()


def test_a_history_file_changed_behind_the_stores_back_is_checked_by_the_next_backup(tmp_path, backup_checked):
    folder = tmp_path / "data"
    store = GameStore(folder)
    store.add_finished([{**LOST_CITIES, "id": "lc", "played_at": "2026-01-04T20:00:00"}])
    corrupt(folder / "history/2026-01.json", "lc", card_eleven)  # a bad disk block, a hand edit
    store.add_finished([cgt(1, "2026-02-05T20:00:00", "c1")])  # another month: the next backup
    assert backup_checked == [1]
    assert "history/2026-01.json" in store.files.left_out
    store.close()
