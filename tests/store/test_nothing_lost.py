"""Issue 20, nothing lost silently: what import accepts, start-up keeps; a failed save or backup
is said in words; an emptied or shrunken data file is damage, repaired or named."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import scoring
from companion.data.checks import with_offset
from companion.data.store import GameStore, StoreWriteError
from companion.services import file_formats
from companion.services.live import GameHub
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
    return {r["id"] for r in json.loads(file_formats.export_json(store.finished()))["games"]}


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
        accepted = file_formats.read_import(raw, "games.json")
    except file_formats.ImportFileError as e:
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
            stored_at = with_offset(accepted[0]["played_at"])  # a time without an offset is stored with this machine's
            assert again.get(game_id).record == {**accepted[0], "id": game_id, "format": 1, "played_at": stored_at}
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
            "games.json: record 1 (id x): played_at '9999-12-31T23:00:00-05:00' is in the future"
            " (a game is recorded once it is played: is the year right?)",
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
    with pytest.raises(file_formats.ImportFileError) as caught:
        file_formats.read_import(json.dumps(record), "games.json")
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
    from companion.data.backups import DataFolder

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


# ---- an emptied or shrunken data file is damage -----------------------------------------------------


def snapshot_of(store: GameStore) -> tuple:
    return (
        sorted(g.id for g in store.finished()),
        sorted(g.id for g in store.in_progress()),
        sorted(g.id for g in store.edits()),
        store.setting("access.pin"),
        store.setting("invites"),
        store.setting("seats"),
    )


@pytest.fixture(scope="module")
def kept(tmp_path_factory):
    """A folder with 12 games in January, 3 in February, a game in progress, an edit copy, the PIN and invitations."""
    folder = tmp_path_factory.mktemp("kept") / "data"
    store = GameStore(folder)
    store.add_finished([cgt(1, f"2026-01-{d:02d}T20:00:00", f"jan{d:02d}") for d in range(1, 13)])
    store.add_finished([cgt(1, f"2026-02-{d:02d}T20:00:00", f"feb{d:02d}") for d in range(1, 4)])
    store.create({**LOST_CITIES, "id": "playing", "rounds": []})
    store.edit_copy("feb01")
    store.set_setting("access.pin", {"salt": "00", "hash": "11"})
    store.set_setting("invites", {"playing": "ABCD-EFGH-JK"})
    store.set_setting("seats", {"grant": {"game": "playing", "seat": "Mia"}})
    before = snapshot_of(store)
    store.close()
    return folder, before


def month_of_february(folder: Path) -> bytes:
    return (folder / "history" / "2026-02.json").read_bytes()


DAMAGE = {
    "{}": lambda folder, raw: b"{}",
    "[]": lambda folder, raw: b"[]",
    "empty tables": lambda folder, raw: b'{"games": {}, "edits": {}, "settings": {}}',
    "another month": lambda folder, raw: month_of_february(folder),
    "truncated": lambda folder, raw: raw[: len(raw) // 2],
}


@pytest.mark.parametrize("rel", ["live.json", "history/2026-01.json"])
@pytest.mark.parametrize("damage", DAMAGE)
def test_a_data_file_emptied_or_replaced_is_restored_at_start_up_and_said(kept, tmp_path, rel, damage):
    base, before = kept
    folder = tmp_path / "data"
    shutil.copytree(base, folder)
    path = folder / rel
    path.write_bytes(DAMAGE[damage](folder, path.read_bytes()))
    store = GameStore(folder)
    try:
        assert snapshot_of(store) == before
        assert exported_ids(store) == set(before[0])
        [notice] = store.notices()
        assert notice.startswith(f"{rel} was damaged: ") and " was restored; changes made after that backup may be missing." in notice
        if damage in ("{}", "empty tables") and rel == "live.json":
            assert notice.startswith(
                "live.json was damaged: it lost 1 game in progress (ids playing) and 1 edited copy of a saved game (ids feb01) "
                "and the settings access.pin, invites, seats. The damaged file was kept as "
            )
        if damage in ("{}", "another month") and rel != "live.json":
            assert notice.startswith(
                "history/2026-01.json was damaged: it lost 12 of its 12 games (ids jan01, jan02, jan03, jan04, jan05 and 7 more). "
            )
    finally:
        store.close()
    again = GameStore(folder)  # said once: the next start finds everything in its place
    try:
        assert snapshot_of(again) == before and again.notices() == [notice]  # kept until someone dismisses it
        again.acknowledge_recovered()
    finally:
        again.close()
    third = GameStore(folder)
    try:
        assert third.notices() == []
    finally:
        third.close()


def test_games_no_backup_holds_are_named_on_home_and_by_the_cli(kept, tmp_path):
    base, _before = kept
    folder = tmp_path / "data"
    shutil.copytree(base, folder)
    shutil.rmtree(folder / "backups")
    (folder / "history" / "2026-01.json").write_bytes(b"{}")
    said = (
        "history/2026-01.json was damaged: it lost 12 of its 12 games (ids jan01, jan02, jan03, jan04, jan05 and 7 more). "
        "No backup holds them, so these games are missing; the file was left as it is."
    )
    store = GameStore(folder)
    try:
        assert store.notices() == [said] and exported_ids(store) == {"feb01", "feb02", "feb03"}
    finally:
        store.close()
    root = Path(__file__).resolve().parents[2]
    for _ in range(2):  # the CLI says it too, each time, until the home screen's OK; once each time
        done = subprocess.run(
            [sys.executable, "-m", "companion", "export", "--data", str(folder)], cwd=root, capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0 and done.stderr == f"warning: {said}\n", done.stderr
        assert {g["id"] for g in json.loads(done.stdout)["games"]} == {"feb01", "feb02", "feb03"}


def test_one_bad_file_cannot_age_every_good_copy_of_its_games_out(kept, tmp_path):
    base, _before = kept
    folder = tmp_path / "data"
    shutil.copytree(base, folder)
    (folder / "contents.json").unlink()  # with it gone too, start-up cannot tell that the month lost its games
    (folder / "history" / "2026-01.json").write_bytes(b"{}")
    store = GameStore(folder)
    try:
        assert len(store.finished()) == 3  # the loss went unnoticed...
        for day in range(13, 19):  # ...and six more saves to that month rotate every earlier backup out
            store.add_finished([cgt(1, f"2026-01-{day:02d}T20:00:00", f"new{day}")])
        lost = {f"jan{d:02d}" for d in range(1, 13)}
        copies = [b / "history" / "2026-01.json" for b in (folder / "backups").iterdir()]
        holding = [c for c in copies if c.exists() and lost <= {d["id"] for d in json.loads(c.read_text())["games"].values()}]
        assert holding, "no backup holds the twelve games any more"
        assert len([b for b in (folder / "backups").iterdir() if (b / "live.json").exists()]) == 5
    finally:
        store.close()


# ---- a folder that cannot be written is read ----------------------------------------------------------


@pytest.mark.parametrize(
    "errno_, banner, refused",
    [
        (
            "EROFS",
            "The data folder {folder} is on a read-only disk: the games can be looked at and exported, but no change can be saved.",
            "The data folder is on a read-only disk: nothing was changed.",
        ),
        (
            "EACCES",
            "Tableside is not allowed to write to its data folder {folder}: the games can be looked at and exported, but no change can be saved.",
            "Tableside is not allowed to write to its data folder: nothing was changed.",
        ),
    ],
)
def test_a_folder_that_cannot_be_written_opens_read_only_and_says_so(kept, tmp_path, errno_, banner, refused):
    import errno

    from . import faults

    base, before = kept
    folder = tmp_path / "data"
    shutil.copytree(base, folder)
    (folder / "live.json").write_bytes(b"{not json")  # damaged too: read from its backup, not repaired
    files = {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()}
    with faults.read_only(folder, getattr(errno, errno_)):
        store = GameStore(folder)
        try:
            assert snapshot_of(store) == before and exported_ids(store) == set(before[0])
            notices = store.notices()
            assert notices[0] == banner.format(folder=folder)
            assert notices[1].startswith("live.json is damaged (it is not valid JSON") and notices[1].endswith(
                "the folder is read-only, so it was not repaired: the backup of " + notices[1].rsplit("the backup of ", 1)[1]
            )
            for change in (
                lambda: store.set_setting("theme.dark", True),
                lambda: store.add_finished([cgt(1, "2026-03-01T20:00:00", "mar")]),
                lambda: store.delete("jan01"),
                lambda: store.create({**LOST_CITIES, "rounds": []}),
            ):
                with pytest.raises(StoreWriteError) as e:
                    change()
                assert str(e.value) == refused
        finally:
            store.close()
    assert {p: p.read_bytes() for p in folder.rglob("*") if p.is_file()} == files  # not a byte changed


# ---- the CLI on a real read-only disk, and the home screen ----------------------------------------------


def tableside(*args) -> subprocess.CompletedProcess[str]:
    root = Path(__file__).resolve().parents[2]  # `-m companion` from the worktree runs its own code
    return subprocess.run([sys.executable, "-m", "companion", *map(str, args)], cwd=root, capture_output=True, text=True, timeout=60)


@pytest.fixture
def read_only_disk(kept, tmp_path):
    """The kept folder on a tmpfs remounted read-only (needs the right to mount: root, as in CI here)."""
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")  # reported as skipped, never as passed
    try:
        shutil.copytree(kept[0], mount / "data")
        subprocess.run(["mount", "-o", "remount,ro", str(mount)], check=True)
        yield mount / "data"
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def test_the_cli_exports_a_read_only_folder_and_refuses_an_import_in_words(kept, read_only_disk, tmp_path):
    done = tableside("export", "--data", read_only_disk)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert {g["id"] for g in json.loads(done.stdout)["games"]} == set(kept[1][0])
    record = tmp_path / "one.json"
    record.write_text(json.dumps(cgt(1, "2026-03-01T20:00:00", "mar")))
    done = tableside("import", record, "--data", read_only_disk)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == "error: nothing imported: The data folder is on a read-only disk: nothing was changed.\n"
    done = tableside("import", record, "--data", read_only_disk / "new")  # a folder that cannot even be made
    assert done.stderr == "error: nothing imported: The data folder is on a read-only disk: nothing was changed.\n"


def test_the_cli_import_of_a_date_it_cannot_keep_is_refused_in_one_line(tmp_path):
    record = tmp_path / "old.json"
    record.write_text(json.dumps({**cgt(1, "0001-01-01T00:00:00", "old")}))
    done = tableside("import", record, "--data", tmp_path / "data")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == f"error: {record}: record 1 (id old): played_at '0001-01-01T00:00:00' is not between the years 1970 and 9999\n"
    record.write_text(
        '{"game": "cgt", "players": ["Lea\\ud800", "Max"], "variant": {"first_player_penalty": 1}, '
        '"final": {"meta": {"5": 1}, "collections": {"Lea\\ud800": {"5": 2}, "Max": {"5": 1}}}, "id": "s"}'
    )
    done = tableside("import", record, "--data", tmp_path / "data")
    assert done.stderr == (
        f"error: {record}: record 1 (id s): players › player 1: the name holds a character that cannot be stored "
        "(U+D800, half of a surrogate pair)\n"
    )
