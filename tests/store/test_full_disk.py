"""A full disk at each write step of every change: the change is all done or not at all, the store
says so in words (StoreWriteError), memory matches the files, and the next start agrees."""

import json
import shutil

import pytest

from companion.data.store import FINISHED, GameStore, StoreWriteError
from companion.services import file_formats

from .faults import disk_full, fail_at
from .test_store import LOST_CITIES, cgt


def data_files(folder):
    """The data as stored (backups aside: a failed backup is logged, it never undoes a save)."""
    files = [folder / "live.json", folder / "damaged.json", *sorted((folder / "history").glob("*.json"))]
    return {str(p.relative_to(folder)): p.read_bytes() for p in files if p.exists() and p.read_bytes() != b"{}"}


def state(store):
    return (
        sorted((g.id, json.dumps(g.record, sort_keys=True)) for g in store.finished()),
        sorted((g.id, json.dumps(g.record, sort_keys=True)) for g in store.in_progress()),
        sorted(g.id for g in store.edits()),
        store.setting("access.pin"),
    )


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    folder = tmp_path_factory.mktemp("base") / "data"
    store = GameStore(folder)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan"), cgt(2, "2026-02-05T20:00:00", "feb")])
    store.create({**LOST_CITIES, "id": "playing"})
    store.edit_copy("feb")
    store.save_edit("feb", cgt(3, "2026-03-05T20:00:00", "feb"))  # saved, it moves from February to March
    store.close()
    return folder


CHANGES = {
    "finish": lambda s: s.finish("playing"),
    "save changes": lambda s: s.replace_finished("feb"),
    "cancel changes": lambda s: s.cancel_edit("feb"),
    "edit copy": lambda s: s.edit_copy("jan"),
    "import over three months": lambda s: s.add_finished([cgt(1, f"2025-{m:02d}-01T10:00:00", f"imp{m}") for m in (4, 5, 6)]),
    "delete": lambda s: s.delete("jan"),
    "set the PIN": lambda s: s.set_setting("access.pin", "hash"),
    "tap": lambda s: s.save_progress("playing", {**LOST_CITIES, "id": "playing", "rounds": []}),
    "rename everywhere": lambda s: s.rename_player("Lea", "Leah"),
}


@pytest.mark.parametrize("change", CHANGES)
def test_a_full_disk_at_each_step_changes_all_or_nothing(base, tmp_path, change):
    outcomes = {"nothing": 0, "done": 0, "completed at the next start": 0}
    n = 0
    while True:
        n += 1
        folder = tmp_path / f"run-{n}"
        shutil.copytree(base, folder)
        store = GameStore(folder)
        before, files_before = state(store), data_files(folder)
        with fail_at(n, disk_full) as seen:
            try:
                CHANGES[change](store)
                error = None
            except StoreWriteError as e:
                error = str(e)
        after = state(store)
        if error is not None and error.endswith("nothing was changed."):
            assert error == "The disk is full: nothing was changed.", error
            assert after == before and data_files(folder) == files_before, f"step {n} ({seen[-1]})"
            if seen[-1] != "unlink":  # a temporary file that could not be removed goes at the next start
                assert not list(folder.glob(".*.tmp")) and not list(folder.glob("history/.*.tmp"))
            outcomes["nothing"] += 1
            CHANGES[change](store)  # with space again the same change works
            done = state(store)
        elif error is not None:
            assert "will be completed when Tableside next starts" in error, error
            outcomes["completed at the next start"] += 1
            done = after
        else:
            assert after != before or change == "cancel changes"
            outcomes["done"] += 1
            done = after
        store.close()
        again = GameStore(folder)
        try:
            assert state(again) == done, f"step {n}: the next start disagrees"
            assert again.recovered == []
            exported = file_formats.export_json(again.finished())
            assert len(json.loads(exported)["games"]) == len(again.finished())
        finally:
            again.close()
        shutil.rmtree(folder)
        if len(seen) < n:  # the change ran to its end without reaching step n: every step was tried
            break
    print(f"\n{change}: {n - 1} steps; {outcomes}")
    assert outcomes["nothing"] >= 1 and outcomes["done"] >= 1


def test_a_full_disk_while_saving_changes_keeps_the_saved_game_in_the_history(base, tmp_path):
    folder = tmp_path / "data"
    shutil.copytree(base, folder)
    store = GameStore(folder)
    with fail_at(1, disk_full), pytest.raises(StoreWriteError, match=r"The disk is full: nothing was changed\."):
        store.replace_finished("feb")
    assert store.get("feb").status == FINISHED and store.get("feb").record["played_at"].startswith("2026-02")
    assert store.editing("feb").record["played_at"].startswith("2026-03")  # the changes are still there to save
    store.close()


def test_a_change_cut_short_in_its_renames_is_completed_before_the_next_change(base, tmp_path):
    for n in range(1, 40):
        folder = tmp_path / f"run-{n}"
        shutil.copytree(base, folder)
        store = GameStore(folder)
        try:
            with fail_at(n, disk_full):
                store.finish("playing")
        except StoreWriteError as e:
            if "next starts" not in str(e):
                store.close()
                continue
            store.set_setting("access.pin", "hash")  # the same process goes on writing
            assert not (folder / "commit.json").exists()
            store.close()
            again = GameStore(folder)
            try:
                assert again.get("playing").status == FINISHED and again.setting("access.pin") == "hash"
                assert again.in_progress() == [] and again.recovered == []
            finally:
                again.close()
            return
        store.close()
    pytest.fail("no step left a change half put in place")
