"""Keeping the data folder whole: checks of every data file at start-up, the repair of a
damaged one from its newest good backup, and the rotating backups themselves.

    backups/<n>-<time>/    the last BACKUPS_KEPT states of the data files

Backups: whenever the history changes (a game finishes, an import, a reopen, a delete, a
rename), the state is kept in backups/<n>-<UTC time>/: live.json and every
history/YYYY-MM.json, so each backup is complete on its own. It stays cheap: live.json and
the month files that changed are copied; a month file that is the same as in the previous
backup (same size and CRC-32, listed in each backup's manifest.json) is a hard link to that
backup's copy (so an unchanged month has one copy shared by the backups). Backups never share
a file with the data folder, so damage to a data file cannot reach them. A backup is built in
backups/.tmp-… (its copies fsynced) and renamed into place, so a crash leaves no half backup;
the oldest beyond BACKUPS_KEPT are removed (renamed to .del-… first). Nothing ever rewrites a
backup file. Backups are made after the change is stored: a failed backup is logged, it does
not undo or fail the save.

At start-up every data file is read and checked. One that is unreadable, not JSON or not shaped
like Tableside's data is moved aside (kept as e.g. live.json.corrupt-20261129T141000) and the
newest backup whose copy of it is good is put in its place; without one, the file starts
empty. Either way a sentence in `recovered` says what happened and where the damaged file is;
it is logged (logger "tableside") and the home screen shows it.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import zlib
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .storage import fsync_dir, write_bytes_atomically

BACKUPS_KEPT = 5
LIVE = "live.json"

log = logging.getLogger("tableside")


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class DataFileError(ValueError):
    """A data file that cannot be used as it is; the message says why, in words."""


def check_data(data: Any, month: bool) -> None:
    """Raise DataFileError unless `data` is shaped like live.json (month=False) or a month file."""
    if not isinstance(data, dict):
        raise DataFileError("it does not hold a TinyDB database")
    for name, table in data.items():
        if not isinstance(table, dict):
            raise DataFileError(f"its table {name!r} is not a table")
        for doc_id, doc in table.items():
            if not (isinstance(doc_id, str) and doc_id.isdigit()) or not isinstance(doc, dict):
                raise DataFileError(f"its table {name!r} has a malformed entry {doc_id!r}")
    status = "finished" if month else "in_progress"  # the store's statuses
    for doc_id, doc in data.get("games", {}).items():
        record = doc.get("record")
        if not (isinstance(doc.get("id"), str) and isinstance(record, dict) and isinstance(record.get("game"), str)
                and isinstance(record.get("players"), list) and doc.get("status") == status
                and isinstance(doc.get("modified_at"), str)):
            raise DataFileError(f"game entry {doc_id} is incomplete")
        if month and not isinstance(doc.get("summary"), dict):
            raise DataFileError(f"game entry {doc_id} has no summary")
    if not month:
        meta = data.get("meta", {})
        if meta and not isinstance(meta.get("1", {}).get("schema"), int):
            raise DataFileError("its schema version is missing")


def read_data_file(path: Path, month: bool) -> tuple[dict | None, bytes]:
    """The parsed, checked content of a data file (None: it does not exist) and its bytes.

    Raises DataFileError when it cannot be read, is empty (we never write an empty file),
    is not JSON or is not shaped like our data."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, b""
    except OSError as e:
        raise DataFileError(f"it cannot be read: {e.strerror or e}") from None
    if not raw.strip():
        raise DataFileError("it is empty")
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataFileError("it is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise DataFileError(f"it is not valid JSON ({e.msg} at line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise DataFileError("it is not valid JSON (nested too deeply)") from None
    check_data(data, month)
    return data, raw


def fingerprint(raw: bytes) -> list[int]:
    return [len(raw), zlib.crc32(raw)]


def backup_number(path: Path) -> int:
    """The sequence number of a backup folder (`12-20261129T141000.123456Z`), -1 for anything else."""
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() and not path.name.startswith(".") else -1


def backup_time(path: Path) -> str:
    """When a backup was made, in local time for people: '2026-11-29 14:10'."""
    try:
        made = datetime.strptime(path.name.split("-", 1)[1], "%Y%m%dT%H%M%S.%fZ").replace(tzinfo=timezone.utc)
    except (IndexError, ValueError):
        return path.name
    return made.astimezone().strftime("%Y-%m-%d %H:%M")


class DataFolder:
    """A data folder's files as they are on disk, their backups, and what start-up repaired."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.backups = folder / "backups"
        self.recovered: list[str] = []  # sentences for people: what was damaged and what was done
        self.prints: dict[str, list[int]] = {}  # size and CRC-32 of each data file as on disk now
        self.dirty: set[str] = set()  # data files written since the last backup

    def remove_leftovers(self) -> None:
        """Temporary files and half-made or half-removed backups of a process that was cut short."""
        for tmp in [*self.folder.glob(".*.tmp"), *(self.folder / "history").glob(".*.tmp")]:
            tmp.unlink(missing_ok=True)
        if self.backups.is_dir():
            for leftover in [*self.backups.glob(".tmp-*"), *self.backups.glob(".del-*")]:
                shutil.rmtree(leftover, ignore_errors=True)

    def open_file(self, rel: str, month: bool) -> dict | None:
        """The checked content of a data file; a damaged one is moved aside and replaced by its newest good backup."""
        path = self.folder / rel
        try:
            data, raw = read_data_file(path, month)
        except DataFileError as e:
            problem = str(e)
        else:
            if data is not None:
                self.prints[rel] = fingerprint(raw)
            return data
        aside = path.with_name(f"{path.name}.corrupt-{datetime.now().strftime('%Y%m%dT%H%M%S')}")
        n = 1
        while aside.exists():
            n += 1
            aside = aside.with_name(f"{path.name}.corrupt-{datetime.now().strftime('%Y%m%dT%H%M%S')}-{n}")
        try:
            os.replace(path, aside)
        except OSError as e:
            raise RuntimeError(f"{path} is damaged ({problem}) and could not be moved aside: {e.strerror or e}") from None
        fsync_dir(path.parent)
        data, backup = None, None
        for candidate in self.folders():
            try:
                data, raw = read_data_file(candidate / rel, month)
            except DataFileError:
                continue
            if data is not None:
                backup = candidate
                break
        if backup is not None:
            write_bytes_atomically(path, raw)
            fsync_dir(path.parent)
            self.prints[rel] = fingerprint(raw)
            message = (f"{rel} was damaged: {problem}. It was moved aside to {aside} and the backup of "
                       f"{backup_time(backup)} was restored; changes made after that backup may be missing.")
        else:
            what = "games in progress and settings" if not month else f"games finished in {Path(rel).stem}"
            message = (f"{rel} was damaged: {problem}. No good backup of it was found: the damaged file was kept "
                       f"as {aside} and Tableside starts without it, so {what} may be missing.")
        self.recovered.append(message)
        log.warning("%s", message)
        return data

    def folders(self) -> list[Path]:
        """Complete backups, newest first."""
        if not self.backups.is_dir():
            return []
        found = [p for p in self.backups.iterdir() if backup_number(p) >= 0 and p.is_dir()]
        return sorted(found, key=backup_number, reverse=True)

    def backup(self) -> None:
        """Keep the current state of the data files as the newest backup (called with the lock held)."""
        existing = self.folders()
        previous = existing[0] if existing else None
        try:
            before = json.loads((previous / "manifest.json").read_text(encoding="utf-8"))["files"] if previous else {}
        except (OSError, ValueError, KeyError, TypeError):
            before = {}
        number = backup_number(previous) + 1 if previous else 1
        name = f"{number}-{datetime.now(timezone.utc).strftime('%Y%m%dT%H%M%S.%fZ')}"
        self.backups.mkdir(exist_ok=True)
        tmp = self.backups / f".tmp-{name}"
        (tmp / "history").mkdir(parents=True)
        files = [LIVE] + [f"history/{p.name}" for p in sorted((self.folder / "history").glob("*.json"))]
        manifest: dict[str, list[int]] = {}
        for rel in files:
            if rel != LIVE and rel not in self.dirty and rel in self.prints and before.get(rel) == self.prints[rel]:
                try:
                    os.link(previous / rel, tmp / rel)  # the same bytes as the previous backup's copy
                    manifest[rel] = self.prints[rel]
                    continue
                except OSError:
                    pass  # no hard links here (or the copy is gone): copy it
            try:
                raw = (self.folder / rel).read_bytes()
            except FileNotFoundError:
                continue
            with open(tmp / rel, "wb") as f:
                f.write(raw)
                f.flush()
                os.fsync(f.fileno())  # its bytes are on disk before the backup gets its name
            manifest[rel] = self.prints[rel] = fingerprint(raw)
        # The manifest is a hint (a damaged one only means full copies next time): not fsynced. Nor are
        # the backup's folders: after a power cut the newest backup may be missing, and every file of a
        # backup is checked before it is used. This keeps a finish's backup to two fsyncs.
        (tmp / "manifest.json").write_text(json.dumps({"made_at": now_iso(), "files": manifest}), encoding="utf-8")
        os.rename(tmp, self.backups / name)
        self.dirty.clear()
        for old in existing[BACKUPS_KEPT - 1:]:
            gone = self.backups / f".del-{old.name}"
            os.rename(old, gone)  # a removal cut short leaves no half backup that looks complete
            shutil.rmtree(gone, ignore_errors=True)

    def history_changed(self) -> None:
        """A backup after each change of the history; the change itself is already safely stored."""
        try:
            self.backup()
        except OSError:
            log.exception("could not make a backup in %s", self.backups)
