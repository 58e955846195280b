"""Keeping the data folder whole: checks of every data file at start-up, the repair of a
damaged one from its newest good backup, and the rotating backups themselves.

    backups/<n>-<time>/    the last BACKUPS_KEPT states of the data files
    repair.json            present only while a repair is under way

Backups: after every change of the history (a finish, an edit saved, an import, a delete, a
rename), of a setting, and at most every LIVE_BACKUP_SECONDS while games in progress change,
the state is kept in backups/<n>-<UTC time>/: live.json (games in progress, settings with the
PIN's hash), damaged.json, and each history/YYYY-MM.json that changed since it was last backed
up (so a finish copies one month, not the whole history). Every month file always has its
newest copy in some backup: when the oldest backup is removed, a month copy found nowhere
else is moved into the oldest backup kept. A repair takes the newest good copy of the file
wherever it is. Every file of a backup is an independent copy (never a hard link: damage to
one copy cannot reach another). A backup is built in backups/.tmp-…, verified (every copy is read
back, compared with the data file, parsed, and every record in it scores), then renamed into
place with a manifest that says so; a crash leaves no half backup. The oldest beyond
BACKUPS_KEPT are removed. A backup never undoes or fails the save, and never stops silently:
a data file whose copy does not verify is left out of that backup (its older copies stay the
good ones) while the other files are backed up; a backup that fails is tried once more at
once, logged, and said on the home screen (`notices`: "The last backup failed: …"); the next
change tries again, and a backup that works after a failure says so.

At start-up every data file is read and checked. One that is unreadable, not JSON, not shaped
like Tableside's data, or missing while the newest backup has it, is repaired restore-then-swap:
repair.json is written first; the damaged file is kept aside (e.g.
live.json.corrupt-20261129T141000); the newest backup whose copy is good is written beside it
in full; only then does it replace the damaged file; repair.json is removed last. A start that
finds repair.json finishes the repair it names. A sentence in `recovered` says what was
restored and from when, or what could not be; it is logged and the home screen shows it.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.data import contents
from companion.data.atomic_files import (
    cause_in_words,
    fingerprint,
    fsync_dir,
    private_dir,
    write_atomically,
    write_bytes_atomically,
    write_new_file,
)
from companion.data.checks import CHECKS, doc_problem
from companion.data.damaged import FILE as DAMAGED
from companion.data.photos import back_up_photos

BACKUPS_KEPT = 5
LIVE_BACKUP_SECONDS = 60.0  # games in progress change on every tap: back them up at most this often
LIVE = "live.json"
REPAIR_MARKER = "repair.json"
NOTICES = "notices.json"  # what repairs told, kept until a person dismisses it (a killed start told no one)
EMPTY = b"{}"

StatKey = tuple[int, int, int]  # (inode, size, mtime_ns): changes with every write

log = logging.getLogger("tableside")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


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
    tables = {"games": "finished"} if month else {"games": "in_progress", "edits": "editing"}  # the store's statuses
    for table, status in tables.items():
        for doc_id, doc in data.get(table, {}).items():
            record = doc.get("record")
            if not (
                isinstance(doc.get("id"), str)
                and isinstance(record, dict)
                and isinstance(record.get("game"), str)
                and isinstance(record.get("players"), list)
                and doc.get("status") == status
                and isinstance(doc.get("modified_at"), str)
            ):
                raise DataFileError(f"game entry {doc_id} is incomplete")
            if month and not isinstance(doc.get("summary"), dict):
                raise DataFileError(f"game entry {doc_id} has no summary")
    if not month:
        meta = data.get("meta", {})
        if meta and not isinstance(meta.get("1", {}).get("schema"), int):
            raise DataFileError("its schema version is missing")


def records_problem(data: dict, month: bool) -> str | None:
    """The first stored record that cannot be used, in words (for backups: all of them must be good)."""
    tables = ("games",) if month else ("games", "edits")
    for table in tables:
        for doc_id, doc in data.get(table, {}).items():
            problem = doc_problem(doc, finished=month)
            if problem:
                return f"game entry {doc_id}: {problem}"
    return None


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


def backup_number(path: Path) -> int:
    """The sequence number of a backup folder (`12-20261129T141000.123456Z`), -1 for anything else."""
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() and not path.name.startswith(".") else -1


def backup_time(path: Path) -> str:
    """When a backup was made, in local time for people: '2026-11-29 14:10'."""
    try:
        made = datetime.strptime(path.name.split("-", 1)[1], "%Y%m%dT%H%M%S.%fZ").replace(tzinfo=UTC)
    except (IndexError, ValueError):
        return path.name
    return made.astimezone().strftime("%Y-%m-%d %H:%M")


def manifest_of(backup: Path) -> dict:
    try:
        manifest = json.loads((backup / "manifest.json").read_text(encoding="utf-8"))
        return manifest if isinstance(manifest, dict) and isinstance(manifest.get("files"), dict) else {}
    except (OSError, ValueError):
        return {}


def is_month(rel: str) -> bool:
    return rel.startswith("history/")


class DataFolder:
    """A data folder's files as they are on disk, their backups, and what start-up repaired."""

    def __init__(self, folder: Path, read_only: bool = False):
        self.folder = folder
        self.read_only = read_only  # nothing is written: a damaged file is read from its backup instead
        self.backups = folder / "backups"
        self.recovered: list[str] = []  # sentences for people: what was damaged and what was done
        self.blocked: set[str] = set()  # data files still damaged (a repair that could not finish): never written
        self.verified: set[tuple[int, ...]] = set()  # fingerprints (as tuples) of contents whose every record scores
        self.last_backup = time.monotonic()  # of the last backup (or the start: the newest backup holds that state)
        self.live_dirty = False  # games in progress changed since the last backup
        self.interrupted: dict | None = None  # the repair a killed process left unfinished
        self.prints: dict[str, list[int]] = {}  # size and CRC-32 of each data file as read at start-up
        self.backed_up: dict[str, StatKey | None] = {}  # data file → stat_key of the content last copied to a backup
        self._expected: set[str] | None = None
        self.contents = contents.read(folder)  # what each data file held when last written (contents.py)
        self._ids: dict[tuple[int, int, int, int], set[str]] = {}  # a backup copy (device, inode, size, mtime) → its game ids
        self.left_out: dict[str, str] = {}  # data file → why the last backup left it out (its copy did not verify)
        self.backup_failed: str | None = None  # when the last failed backup was tried, and why (None: the last one worked)
        self.backup_notice: str | None = None  # the sentence for the home screen about backups (kept until dismissed)

    def remove_leftovers(self) -> None:
        """Temporary files and half-made or half-removed backups of a process that was cut short
        (run after storage.finish_commit, which may still need its temporary files)."""
        for tmp in [*self.folder.glob(".*.tmp"), *(self.folder / "history").glob(".*.tmp")]:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass  # a read-only folder: the next start that can write removes it
        if self.backups.is_dir() and not self.read_only:
            for leftover in [*self.backups.glob(".tmp-*"), *self.backups.glob(".del-*")]:
                shutil.rmtree(leftover, ignore_errors=True)
        try:
            marker = json.loads((self.folder / REPAIR_MARKER).read_text(encoding="utf-8"))
            if isinstance(marker, dict) and isinstance(marker.get("file"), str):
                self.interrupted = marker
        except (OSError, ValueError):
            pass

    def load_notices(self) -> None:
        """Messages of earlier starts that no one has dismissed yet."""
        try:
            earlier = json.loads((self.folder / NOTICES).read_text(encoding="utf-8"))
            self.recovered += [m for m in earlier if isinstance(m, str)]
        except (OSError, ValueError, TypeError):
            pass

    def tell(self, message: str) -> None:
        """Say what a repair did: logged, shown on the home screen, and kept in notices.json until dismissed."""
        self.recovered.append(message)
        log.warning("%s", message)
        if self.read_only:
            return  # said now; the next start that can write repairs and says it again
        try:
            write_atomically(self.folder / NOTICES, json.dumps(self.recovered))
        except OSError:
            log.exception("could not keep the notice in %s", NOTICES)

    def acknowledge(self) -> None:
        """A person has read the notices: the next start does not repeat them."""
        try:
            (self.folder / NOTICES).unlink(missing_ok=True)
        except OSError:
            log.exception("could not remove %s", NOTICES)

    def stat_key(self, rel: str) -> StatKey | None:
        """Changes with every write (each write is a new file put in place: a new inode)."""
        try:
            st = (self.folder / rel).stat()
        except OSError:
            return None
        return st.st_ino, st.st_size, st.st_mtime_ns

    def note_backed_up(self) -> None:
        """After start-up: data files whose content a backup already holds need no copy until they change."""
        for candidate in self.folders():
            for rel, fp in manifest_of(candidate).get("files", {}).items():
                if rel not in self.backed_up and self.prints.get(rel) == fp:
                    self.backed_up[rel] = self.stat_key(rel)

    def checked_before(self) -> set[tuple[int, ...]]:
        """Fingerprints of file contents a backup verified record by record under today's CHECKS: a data
        file read with one of them needs no check of its records at start-up (the slow part of opening
        a long history)."""
        known: set[tuple[int, ...]] = set()
        for candidate in self.folders():
            manifest = manifest_of(candidate)
            if manifest.get("verified") and manifest.get("checks") == CHECKS:
                known |= {tuple(fp) for fp in manifest["files"].values() if isinstance(fp, list)}
        return known

    def expected_files(self) -> set[str]:
        """Data files that must exist: every one some backup holds, and the one of an interrupted repair.
        Tableside never removes a data file, so one of these missing was lost."""
        if self._expected is None:
            self._expected = {self.interrupted["file"]} if self.interrupted else set()
            for candidate in self.folders():
                self._expected |= {f"history/{p.name}" for p in (candidate / "history").glob("*.json")}
                if (candidate / LIVE).exists():
                    self._expected.add(LIVE)
            self._expected |= {rel for rel, entry in self.contents.items() if any(entry.get(k) for k in ("games", "edits", "settings"))}
        return self._expected

    def open_file(self, rel: str, month: bool) -> dict | None:
        """The checked content of a data file; a damaged or lost one is repaired from its newest good backup,
        and so is one that reads well but lost games or settings that contents.json lists."""
        path = self.folder / rel
        try:
            data, raw = read_data_file(path, month)
        except DataFileError as e:
            problem = str(e)
        else:
            if data is not None:
                self.prints[rel] = fingerprint(raw)
            if data is not None or rel not in self.expected_files():
                if self.interrupted and self.interrupted.get("file") == rel:
                    self._finish_interrupted(rel)
                lost = contents.missing(self.contents.get(rel), contents.entry_of(rel, data))
                return self._restore_lost(rel, month, data, lost) if lost else data
            problem = "it was missing"
        return self._repair(rel, month, problem)

    def _still_missing(self, rel: str, data: dict | None) -> dict[str, list[str]]:
        return contents.missing(self.contents.get(rel), contents.entry_of(rel, data))

    def _restore_lost(self, rel: str, month: bool, data: dict | None, lost: dict[str, list[str]]) -> dict | None:
        """A file that reads well but lacks what contents.json lists: restored from the newest backup that
        holds more of it (repaired like a damaged file), else left as it is; either way said in words."""
        problem = contents.in_words(rel, lost, self.contents.get(rel))
        found = self.good_copy(rel, month)
        if found is not None and contents.count(self._still_missing(rel, json.loads(found[1].decode("utf-8")))) < contents.count(lost):
            return self._repair(rel, month, problem, found)
        what = "games" if month else "games in progress and settings"
        self.tell(f"{rel} was damaged: {problem}. No backup holds them, so these {what} are missing; the file was left as it is.")
        return data

    def _finish_interrupted(self, rel: str) -> None:
        """The file of an interrupted repair is good now: the swap had happened; say so and clear the marker."""
        marker = self.interrupted or {}
        self.tell(
            f"A repair of {rel} (it was damaged: {marker.get('problem', 'unknown')}) was interrupted on "
            f"{marker.get('started_at', '?')}; it had already restored {marker.get('restoring', 'the file')} and is now complete."
        )
        self._clear_marker()

    def _clear_marker(self) -> None:
        try:
            (self.folder / REPAIR_MARKER).unlink(missing_ok=True)
            fsync_dir(self.folder)
        except OSError:
            log.exception("could not remove %s", REPAIR_MARKER)
        self.interrupted = None

    def good_copy(self, rel: str, month: bool) -> tuple[Path, bytes] | None:
        """The newest backup whose copy of `rel` reads, whose every record scores and which holds all that
        contents.json lists for it; verified backups first. When none holds all, the one that lacks least."""
        candidates = self.folders()
        candidates.sort(key=lambda b: not manifest_of(b).get("verified"))  # stable: newest first within each kind
        best: tuple[int, Path, bytes] | None = None
        for candidate in candidates:
            try:
                data, raw = read_data_file(candidate / rel, month)
            except DataFileError:
                continue
            if data is not None and records_problem(data, month) is None:
                lacking = contents.count(self._still_missing(rel, data))
                if not lacking:
                    return candidate, raw
                if best is None or lacking < best[0]:
                    best = (lacking, candidate, raw)
        return None if best is None else (best[1], best[2])

    def _repair(self, rel: str, month: bool, problem: str, found: tuple[Path, bytes] | None = None) -> dict | None:
        """Restore-then-swap, with repair.json marking it under way (see the module docstring)."""
        path = self.folder / rel
        earlier = ""
        if self.interrupted and self.interrupted.get("file") == rel:
            earlier = f" (a repair begun on {self.interrupted.get('started_at', '?')} had been interrupted)"
        stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = aside.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        found = found or self.good_copy(rel, month)
        if self.read_only:  # nothing written: the good copy is read instead of the damaged file
            what = "games in progress and settings" if not month else f"games finished in {Path(rel).stem}"
            shown = f"the backup of {backup_time(found[0])} is shown instead" if found else f"{what} are not shown"
            self.tell(f"{rel} is damaged ({problem}); the folder is read-only, so it was not repaired: {shown}.")
            return json.loads(found[1].decode("utf-8")) if found else {}
        restoring = f"the backup of {backup_time(found[0])}" if found else "an empty file"
        try:
            write_atomically(
                self.folder / REPAIR_MARKER,
                json.dumps({"file": rel, "problem": problem, "aside": aside.name, "restoring": restoring, "started_at": now_iso()}),
            )
            if path.exists():
                try:
                    os.link(path, aside)  # the damaged bytes kept as they are, under a name of their own
                except OSError:
                    shutil.copyfile(path, aside)
                    os.chmod(aside, 0o600)
            write_bytes_atomically(path, found[1] if found else EMPTY)  # the whole restored file first, then the swap
            fsync_dir(path.parent)
        except OSError as e:
            self.blocked.add(rel)
            what = "games in progress and settings" if not month else f"games finished in {Path(rel).stem}"
            message = (
                f"{rel} is damaged ({problem}) and could not be repaired now: {e.strerror or e}. "
                f"It was left as it is and Tableside starts without it, so {what} are not shown; "
                f"the repair will be finished at the next start."
            )
            self.recovered.append(message)  # not kept: the next start says it again, or says what it did
            log.warning("%s", message)
            return None
        kept = f"The damaged file was kept as {aside}. " if aside.exists() else ""
        if found:
            self.prints[rel] = fingerprint(found[1])
            message = (
                f"{rel} was damaged: {problem}{earlier}. {kept}The backup of {backup_time(found[0])} was "
                f"restored; changes made after that backup may be missing."
            )
            data = json.loads(found[1].decode("utf-8"))
            lacking = self._still_missing(rel, data)
            if lacking:
                message += f" No backup holds the rest: {contents.in_words(rel, lacking).removeprefix('it lost ')} are still missing."
        else:
            what = "games in progress and settings" if not month else f"games finished in {Path(rel).stem}"
            message = (
                f"{rel} was damaged: {problem}{earlier}. No good backup of it was found: {kept}Tableside "
                f"starts without it, so {what} may be missing."
            )
            data = {}
        self.tell(message)  # kept before the marker goes: a kill in between still tells at the next start
        self._clear_marker()
        return data

    def folders(self) -> list[Path]:
        """Complete backups, newest first."""
        if not self.backups.is_dir():
            return []
        found = [p for p in self.backups.iterdir() if backup_number(p) >= 0 and p.is_dir()]
        return sorted(found, key=backup_number, reverse=True)

    def _verify(self, copy: Path, source_raw: bytes, rel: str) -> None:
        """The copy reads back as the data file's bytes, parses, and every record in it scores."""
        raw = copy.read_bytes()
        if raw != source_raw:
            raise DataFileError(f"the backup copy of {rel} differs from the data file")
        key = tuple(fingerprint(raw))
        if key in self.verified:
            return  # these very bytes were checked record by record before
        if rel == DAMAGED:
            json.loads(raw.decode("utf-8"))
        else:
            data, _ = read_data_file(copy, is_month(rel))
            problem = records_problem(data or {}, is_month(rel))
            if problem:
                raise DataFileError(f"{rel}: {problem}")
        self.verified.add(key)

    def backup(self) -> Path:
        """Keep the current state of the data files as the newest backup (called with the lock held)."""
        back_up_photos(self.folder)  # the photos of the tableaux: one copy each, shared by every backup (photos.py)
        existing = self.folders()
        number = backup_number(existing[0]) + 1 if existing else 1
        name = f"{number}-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S.%fZ')}"
        private_dir(self.backups)
        tmp = self.backups / f".tmp-{name}"
        private_dir(tmp)  # mkdir(parents=True) would make the parent with the umask's mode
        private_dir(tmp / "history")
        months = [f"history/{p.name}" for p in sorted((self.folder / "history").glob("*.json"))]
        files = [LIVE, DAMAGED] + [rel for rel in months if self.backed_up.get(rel) != self.stat_key(rel)]
        manifest: dict[str, list[int]] = {}
        copied: dict[str, StatKey] = {}
        left_out: dict[str, str] = {}
        try:
            for rel in files:
                if rel in self.blocked:
                    continue  # still damaged: its older backups stay the good copies
                key = self.stat_key(rel)
                try:
                    raw = (self.folder / rel).read_bytes()
                except FileNotFoundError:
                    continue
                write_new_file(tmp / rel, raw)  # an independent copy, fsynced
                try:
                    self._verify(tmp / rel, raw, rel)
                except (DataFileError, ValueError) as e:  # this file only: the others are still backed up
                    (tmp / rel).unlink()
                    left_out[rel] = " ".join(str(e).removeprefix(f"{rel}: ").split())
                    log.warning("the backup leaves out %s: %s", rel, e)
                    continue
                manifest[rel] = fingerprint(raw)
                if key is not None and key == self.stat_key(rel):
                    copied[rel] = key
            made = {"made_at": now_iso(), "files": manifest, "verified": True, "checks": CHECKS}
            write_new_file(tmp / "manifest.json", json.dumps(made).encode("utf-8"))
            fsync_dir(tmp / "history")
            fsync_dir(tmp)
            os.rename(tmp, self.backups / name)
            fsync_dir(self.backups)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        self.backed_up.update(copied)
        self.last_backup = time.monotonic()
        self.live_dirty = False
        self.left_out = left_out
        kept = [self.backups / name] + existing[: BACKUPS_KEPT - 1]
        try:
            for old in reversed(existing[BACKUPS_KEPT - 1 :]):  # oldest first
                self._hand_on(old, kept)
            rotated = existing[BACKUPS_KEPT - 1 :]
            held: set[str] = set()
            if rotated:
                held = set().union(*(self._copy_ids(c) for b in kept for c in (b / "history").glob("*.json")))
            for old in rotated:  # newest first: the newest copy still holding a game is the one kept
                needed = [c for c in sorted((old / "history").glob("*.json")) if self._copy_ids(c) - held]
                if needed:
                    self._prune(old, needed)
                    held |= set().union(*(self._copy_ids(c) for c in needed))
                    continue
                gone = self.backups / f".del-{old.name}"
                os.rename(old, gone)  # a removal cut short leaves no half backup that looks complete
                shutil.rmtree(gone, ignore_errors=True)
        except OSError:  # the new backup is complete: an old one not removed yet goes next time
            log.exception("could not remove an old backup in %s", self.backups)
        return self.backups / name

    def _copy_ids(self, copy: Path) -> set[str]:
        """The game ids in a backup's month copy (read once per copy: a copy never changes, and keeps its
        inode when it is handed on to another backup)."""
        try:
            st = copy.stat()
        except OSError:
            return set()
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if key not in self._ids:
            try:
                data = json.loads(copy.read_bytes().decode("utf-8"))
                self._ids[key] = set(contents.entry_of(f"history/{copy.name}", data if isinstance(data, dict) else {})["games"])
            except (OSError, ValueError):
                self._ids[key] = set()
        return self._ids[key]

    def _prune(self, old: Path, needed: list[Path]) -> None:
        """An old backup beyond BACKUPS_KEPT that holds the newest copy of some game no newer backup holds
        (a file emptied or shrunk while Tableside ran on, say) is kept with those month copies only."""
        keep = {f"history/{c.name}" for c in needed}
        manifest = manifest_of(old) or {"files": {}}
        for path in sorted(old.rglob("*"), reverse=True):
            rel = path.relative_to(old).as_posix()
            if path.is_file() and rel not in keep and rel != "manifest.json":
                path.unlink()
        if set(manifest["files"]) != keep:
            manifest["files"] = {rel: fp for rel, fp in manifest["files"].items() if rel in keep}
            manifest["pruned"] = True
            write_atomically(old / "manifest.json", json.dumps(manifest))
        fsync_dir(old / "history")
        fsync_dir(old)

    def _hand_on(self, old: Path, kept: list[Path]) -> None:
        """Month copies found in no kept backup move (never link) into the oldest kept one with its manifest entry."""
        heir = kept[-1]
        held = {f"history/{p.name}" for b in kept for p in (b / "history").glob("*.json")}
        moved = {}
        for copy in sorted((old / "history").glob("*.json")):
            rel = f"history/{copy.name}"
            if rel not in held:
                os.rename(copy, heir / rel)
                moved[rel] = manifest_of(old).get("files", {}).get(rel)
        if moved:
            manifest = manifest_of(heir) or {"files": {}}
            manifest["files"].update({rel: fp for rel, fp in moved.items() if fp})
            manifest["verified"] = bool(manifest_of(heir).get("verified")) and bool(manifest_of(old).get("verified"))
            if manifest_of(old).get("checks") != manifest.get("checks"):
                manifest.pop("checks", None)
            write_atomically(heir / "manifest.json", json.dumps(manifest))
            fsync_dir(heir / "history")

    def written(self, prints: dict[Path, tuple[int, ...]]) -> None:
        """History files this process just wrote (`prints`: their fingerprints), from games it checked when
        they came in: a backup compares its copies of these bytes byte for byte and does not check them
        record by record again (an import of 10,000 games: 1.9 s of re-checking, with every tap waiting)."""
        self.verified.update(p for path, p in prints.items() if path.parent == self.folder / "history")

    def history_changed(self) -> None:
        """A backup after each change of the history or the settings; the change itself is already stored.
        A failure is tried once more, logged and said (`backup_notice`); the next change tries again."""
        why = when = ""
        for attempt in (1, 2):
            try:
                made = self.backup()
            except Exception as e:  # whatever it is, the save stands and the next change tries again
                log.exception("could not make a backup in %s (attempt %d of 2)", self.backups, attempt)
                why, when = cause_in_words(e), datetime.now().strftime("%Y-%m-%d %H:%M:%S")
                self.backup_failed = f"{when} ({why})"
                continue
            self._backup_done(made)
            return
        self.live_dirty = True  # what this backup should have kept is kept by the next one
        self.backup_notice = f"The last backup failed: {why} ({when}). Your changes are saved; Tableside tries again at the next change."

    def _backup_done(self, made: Path) -> None:
        if self.left_out:
            what = "; ".join(f"{rel} ({why})" for rel, why in sorted(self.left_out.items()))
            when = datetime.now().strftime("%Y-%m-%d %H:%M:%S")
            self.backup_failed = f"{when} (it left out {what})"
            self.backup_notice = f"The last backup failed for {what} ({when}). Its older backups are kept; the other files were backed up."
        elif self.backup_failed is not None:
            self.backup_notice = (
                f"A backup failed on {self.backup_failed}. The backup of {backup_time(made)} worked: every change is backed up again."
            )
            self.backup_failed = None

    def live_changed(self) -> None:
        """Games in progress changed: a backup if the last one is older than LIVE_BACKUP_SECONDS."""
        self.live_dirty = True
        if time.monotonic() - self.last_backup >= LIVE_BACKUP_SECONDS:
            self.history_changed()
