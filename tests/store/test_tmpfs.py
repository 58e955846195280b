"""A real full disk: a small tmpfs filled to the last byte (needs the right to mount: root, as in CI here)."""

import errno
import json
import os
import subprocess
import uuid

import pytest

from companion.data.store import GameStore, StoreWriteError
from companion.services import file_formats

from .test_store import LOST_CITIES, cgt

FULL = "The disk is full: nothing was changed."


@pytest.fixture
def small_disk(tmp_path):
    mount = tmp_path / "disk"
    mount.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(mount)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip()}")  # reported as skipped, never as passed
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(folder):
    """Write until the disk refuses; returns the filler file (delete it to make room again)."""
    filler = folder / f"filler-{uuid.uuid4().hex}"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError as e:
            assert e.errno == errno.ENOSPC
        try:
            while True:
                f.write(b"\0")  # the last bytes of the last block
        except OSError as e:
            assert e.errno == errno.ENOSPC
    return filler


def snapshot(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*.json")) if "backups" not in p.parts}


def test_every_change_on_a_really_full_disk_changes_nothing_and_says_so(small_disk):
    folder = small_disk / "data"
    store = GameStore(folder)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan")])
    playing = store.create({**LOST_CITIES, "id": "playing"})
    filler = fill(small_disk)
    before = snapshot(folder)
    changes = [
        lambda: store.finish("playing"),
        lambda: store.add_finished([cgt(1, f"2025-{m:02d}-01T10:00:00", f"i{m}") for m in (1, 2, 3)]),
        lambda: store.save_progress("playing", {**LOST_CITIES, "id": "playing", "played_at": playing.played_at, "rounds": []}),
        lambda: store.set_setting("access.pin", "x" * 5000),
        lambda: store.edit_copy("jan"),
        lambda: store.delete("jan"),
    ]
    for change in changes:
        with pytest.raises(StoreWriteError) as e:
            change()
        assert str(e.value) == FULL
        assert snapshot(folder) == before
    assert [g.id for g in store.finished()] == ["jan"] and [g.id for g in store.in_progress()] == ["playing"]
    os.unlink(filler)
    store.finish("playing")  # room again: the same store goes on
    assert sorted(g.id for g in store.finished()) == ["jan", "playing"]
    store.close()
    again = GameStore(folder)
    try:
        assert again.recovered == [] and sorted(g.id for g in again.finished()) == ["jan", "playing"]
        json.loads(file_formats.export_json(again.finished()))
    finally:
        again.close()
