"""Issue 20, nothing lost silently: what import accepts, start-up keeps; a failed save or backup
is said in words; an emptied or shrunken data file is damage, repaired or named."""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import scoring
from companion import transfer
from companion.live import GameHub
from companion.store import GameStore
from scoring.lost_cities import AddCard

from .faults import disk_full, fail_at
from .test_store import LOST_CITIES, cgt

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scoring"))
from strategies import records

FULL = "The disk is full: nothing was changed."
PROPERTY = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def exported_ids(store: GameStore) -> set[str]:
    return {r["id"] for r in json.loads(transfer.export_json(store.finished()))["games"]}


# ---- one validation: whatever import accepts, start-up keeps ---------------------------------------

DATES = st.one_of(
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59)).map(lambda d: d.isoformat()),
    st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31, 23, 59)).map(lambda d: d.isoformat() + "+00:00"),
    st.sampled_from(["0001-01-01T00:00:00", "9999-12-31T23:59:59-05:00", "9999-12-31T23:59:59+14:00", "1970-01-01T00:00:00", "1969-12-31"]),
    st.sampled_from(["0001-01-01T00:00:00+00:00", "2026-02-30T10:00:00", "2026-13-01", "yesterday", "2026-01-01T25:00:00"]),
)
ODD_TEXT = st.text(st.characters(codec=None, categories=("L", "Cs", "Cc", "Zl", "Zp", "Cf", "Co", "So")), min_size=1, max_size=6)


@st.composite
def arriving_records(draw):
    """A valid finished record with an odd date, odd names, odd notes or an odd id."""
    record = dict(draw(records()))
    record["played_at"] = draw(DATES)
    if draw(st.booleans()):
        names = list(record["players"])
        i = draw(st.integers(0, len(names) - 1))
        odd = draw(ODD_TEXT)
        if odd.strip() and odd not in names:
            record = json.loads(json.dumps(record).replace(json.dumps(names[i]), json.dumps(odd)))
    if draw(st.booleans()):
        record["notes"] = draw(ODD_TEXT)
    if draw(st.booleans()):
        record["id"] = draw(ODD_TEXT)
    return record


@PROPERTY
@given(arriving_records())
@example({**LOST_CITIES, "id": "old", "played_at": "0001-01-01T00:00:00", "rounds": LOST_CITIES["rounds"]})
def test_every_record_import_accepts_survives_a_restart_and_is_exported(record):
    raw = json.dumps(record).encode("utf-8")  # ASCII escapes: a lone surrogate travels as \\ud800, as in a file
    try:
        accepted = transfer.read_import(raw, "games.json")
    except transfer.ImportFileError as e:
        assert "\n" not in str(e) and str(e).startswith("games.json: record 1")
        return
    if not scoring.score(accepted[0]).decided:
        return
    with tempfile.TemporaryDirectory() as tmp:
        store = GameStore(Path(tmp) / "data")
        assert store.add_finished(accepted) == (1, 0)
        game_id = store.finished()[0].id
        store.close()
        again = GameStore(Path(tmp) / "data")
        try:
            assert again.damaged() == [] and again.recovered == []
            assert exported_ids(again) == {game_id}
            assert again.get(game_id).record == {**accepted[0], "id": game_id, "format": 1}
        finally:
            again.close()


@pytest.mark.parametrize(
    "change, message",
    [
        (
            {"played_at": "0001-01-01T00:00:00"},
            "games.json: record 1 (id x): played_at '0001-01-01T00:00:00' is not between the years 1970 and 9999",
        ),
        (
            {"played_at": "9999-12-31T23:00:00-05:00"},
            "games.json: record 1 (id x): played_at '9999-12-31T23:00:00-05:00' is not between the years 1970 and 9999 once placed in UTC",
        ),
        (
            {"players": ["Mia\ud800", "Noah"], "rounds": [{"Mia\ud800": {"red": {"cards": [4, 9]}}, "Noah": {}}]},
            "games.json: record 1 (id x): players › player 1: the name holds a character that cannot be stored (U+D800, half of a surrogate pair)",
        ),
        (
            {"players": ["Mia\tB", "Noah"], "rounds": [{"Mia\tB": {"red": {"cards": [4, 9]}}, "Noah": {}}]},
            "games.json: record 1 (id x): players › player 1: a name cannot hold a control character (U+0009)",
        ),
        (
            {"players": ["Mia", "No\u2028ah"], "rounds": [{"Mia": {"red": {"cards": [4, 9]}}, "No\u2028ah": {}}]},
            "games.json: record 1 (id x): players › player 2: a name cannot hold a line separator (U+2028)",
        ),
        (
            {"notes": "ok \udfff"},
            "games.json: record 1 (id x): notes: it holds a character that cannot be stored (U+DFFF, half of a surrogate pair)",
        ),
    ],
)
def test_odd_dates_and_unicode_are_refused_with_a_sentence_naming_the_field(change, message, folder):
    record = {**LOST_CITIES, "id": "x", "played_at": "2026-01-05T20:00:00", **change}
    with pytest.raises(transfer.ImportFileError) as caught:
        transfer.read_import(json.dumps(record), "games.json")
    assert str(caught.value) == message
    store = GameStore(folder)  # the store refuses it too, with the same words (after the record's place)
    try:
        with pytest.raises(scoring.RecordError) as refused:
            store.add_finished([record])
        assert str(refused.value) == message.removeprefix("games.json: record 1 (id x): ")
        assert store.finished() == []
    finally:
        store.close()


def test_a_game_in_progress_cannot_take_an_unstorable_name_or_date(folder):
    store = GameStore(folder)
    try:
        with pytest.raises(scoring.RecordError, match=r"^players › player 1: a name cannot hold a control character \(U\+0000\)$"):
            store.create({**LOST_CITIES, "players": ["A\x00", "B"], "rounds": []})
        game = store.create({**LOST_CITIES, "rounds": []})
        with pytest.raises(scoring.RecordError, match="not between the years 1970 and 9999"):
            store.save_progress(game.id, {**game.record, "played_at": "1900-01-01T00:00:00"})
        assert store.get(game.id).record == game.record
    finally:
        store.close()


# ---- a full disk on a tap: the person is told it is full ----------------------------------------


def test_a_tap_or_an_undo_on_a_full_disk_says_the_disk_is_full(folder):
    store = GameStore(folder)
    try:
        game = store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 3}))
        live = GameHub(store).open(game.id)
        assert live.act(AddCard("Ana", "red", 7, 1), who="tablet").changed
        before = store.get(game.id).record
        with fail_at(1, disk_full):
            done = live.act(AddCard("Ana", "red", 8, 1), who="tablet")
        assert (done.changed, done.message) == (False, FULL)
        assert store.get(game.id).record == before == live.record
        with fail_at(1, disk_full):
            undone = live.undo("tablet")
        assert (undone.changed, undone.message) == (False, FULL)
        assert store.get(game.id).record == before == live.record
        assert live.undo("tablet").changed  # with room again the same undo works: the log was kept
        assert store.get(game.id).record["rounds"] == [{"Ana": {}, "Ben": {}}]
    finally:
        store.close()


# ---- backups never stop silently ------------------------------------------------------------------


def backups_of(folder: Path) -> list[Path]:
    return sorted((folder / "backups").iterdir(), key=lambda p: int(p.name.split("-")[0]))


def failing_backups(monkeypatch, times: int) -> list[int]:
    """The next `times` backups fail as on a full disk (after creating their folder: the step that needs space)."""
    from companion.backups import DataFolder

    original, calls = DataFolder.backup, []

    def backup(self):
        calls.append(1)
        if len(calls) <= times:
            raise OSError(28, "No space left on device")
        return original(self)

    monkeypatch.setattr(DataFolder, "backup", backup)
    return calls


def test_a_backup_that_fails_once_is_tried_again_at_once_and_said(folder, monkeypatch):
    store = GameStore(folder)
    try:
        calls = failing_backups(monkeypatch, 1)
        store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan")])
        assert len(calls) == 2 and len(backups_of(folder)) == 1  # the retry made it
        [notice] = store.notices()
        assert (
            notice.startswith("A backup failed on ")
            and " (The disk is full). The backup of " in notice
            and notice.endswith(" worked: every change is backed up again.")
        )
        assert "jan" in (backups_of(folder)[-1] / "history" / "2026-01.json").read_text()
    finally:
        store.close()


def test_a_backup_that_fails_twice_is_said_and_the_next_change_is_backed_up(folder, monkeypatch):
    store = GameStore(folder)
    try:
        failing_backups(monkeypatch, 2)
        store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan")])  # saved: the backup failure does not undo it
        assert not (folder / "backups").exists() or backups_of(folder) == []
        [notice] = store.notices()
        assert notice.startswith("The last backup failed: The disk is full (")
        assert notice.endswith("). Your changes are saved; Tableside tries again at the next change.")
        store.add_finished([cgt(1, "2026-02-05T20:00:00", "feb")])  # later backups are not disabled
        [made] = backups_of(folder)
        assert {p.name for p in (made / "history").iterdir()} == {"2026-01.json", "2026-02.json"}  # the missed month too
        [notice] = store.notices()
        assert notice.startswith("A backup failed on ") and " (The disk is full). The backup of " in notice
    finally:
        store.close()


def test_a_data_file_that_does_not_verify_is_left_out_of_the_backup_and_the_others_are_backed_up(folder):
    store = GameStore(folder)
    try:
        store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan"), cgt(1, "2026-02-05T20:00:00", "feb")])
        path = folder / "history" / "2026-01.json"
        data = json.loads(path.read_text())
        data["games"]["1"]["record"]["played_at"] = "0001-01-01T00:00:00"  # as an older Tableside let in
        path.write_text(json.dumps(data))
        store.files.backed_up.clear()
        store.add_finished([cgt(1, "2026-02-06T20:00:00", "feb2")])
        newest = backups_of(folder)[-1]
        assert (newest / "history" / "2026-02.json").exists() and not (newest / "history" / "2026-01.json").exists()
        [notice] = store.notices()
        assert notice.startswith(
            "The last backup failed for history/2026-01.json (game entry 1: played_at '0001-01-01T00:00:00' is not between the years 1970 and 9999) ("
        )
        assert notice.endswith("). Its older backups are kept; the other files were backed up.")
        store.set_setting("x", 1)  # every later backup still happens
        assert len(backups_of(folder)) == 3
    finally:
        store.close()
