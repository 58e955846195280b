"""Opening the data folder: its lock (one process per folder; a read-only folder is read as it is),
finishing a change cut short, emptying tmp/ (what a run cut short left there), repair (backups/repair.py),
setting aside stored records that no longer score (damaged.py), indexing the history, migrations, and what
the home screen says about all that."""

from __future__ import annotations

import contextlib
import copy
import errno
import logging
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import filelock
from tinydb import Query, TinyDB

from companion.data import contents
from companion.data.atomic_files import (
    BINARY,
    FILE_MODE,
    AtomicJSONStorage,
    StoreWriteError,
    dumps,
    finish_commit,
    fsync_dir,
    private_dir,
    write_bytes_atomically,
)
from companion.data.backups import LIVE, DataFolder, now_iso
from companion.data.checks import doc_problem
from companion.data.damaged import DamagedRecord, DamagedRecords
from companion.data.stored_game import StoredGame
from companion.data.transactions import StoreCore
from companion.language import _
from scoring.words import Said

log = logging.getLogger("tableside")

SCHEMA_VERSION = 1
TEMPORARY = "tmp"  # scratch space of the running process (uploads under way: server/uploads.py), emptied at every start
READ_ONLY_ERRORS = (errno.EROFS, errno.EACCES, errno.EPERM)
# Schema version → the function that upgrades a store from it to the next version.
MIGRATIONS: dict[int, Callable[[StartUp], None]] = {}


class StoreLocked(RuntimeError):
    """Another Tableside process already uses this data folder."""


def lock_folder(folder: Path) -> tuple[Any, OSError | None]:
    """The held lock file of `folder` (None when there is none to hold) and, when the folder cannot be
    written, the error that said so. Another process holding it: StoreLocked.

    The lock is the system's own on the open file (flock on Linux and macOS, LockFileEx on Windows,
    through filelock): it goes with the process, so a crash leaves no stale lock behind. A folder that
    cannot be written is read under the same lock when its lock file is there (a writer stays out,
    and since Windows has no shared lock, so does a second reader)."""
    read_only: OSError | None = None
    lock = folder / "tableside.lock"
    try:
        private_dir(folder)
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | BINARY, FILE_MODE)
        lock_file: Any = os.fdopen(fd, "r+", encoding="utf-8")
    except OSError as e:
        if e.errno not in READ_ONLY_ERRORS or not folder.is_dir():
            raise
        read_only = e  # read it as it is
        try:
            lock_file = open(lock, encoding="utf-8")  # noqa: SIM115  (held until close())
        except OSError:
            lock_file = None
    try:
        held = lock_file is None or hold(lock_file, folder)
    except BaseException:
        lock_file.close()
        raise
    if not held:
        holder = ""
        try:
            lock_file.seek(0)
            holder = lock_file.read().strip()
        except (OSError, ValueError):
            pass  # Windows keeps the holder's first byte from others: the pid goes unsaid
        lock_file.close()
        who = f" (process {holder})" if holder.isdigit() else ""
        raise StoreLocked(f"another Tableside process{who} is using {folder}; stop it or choose another --data folder") from None
    return lock_file, read_only


def hold(lock_file: Any, folder: Path) -> bool:
    """Take the lock of an open lock file; False when another process (or another open here) has it."""
    try:
        return filelock.lock_descriptor(lock_file.fileno(), blocking=False)
    except OSError as e:
        if e.errno != errno.ENOSYS:
            raise
        # A Python without any file lock (neither fcntl nor Windows' locking): start all the same, say so.
        log.warning("this system offers no file lock: make sure no other Tableside uses %s", folder)
        return True


class StartUp(StoreCore):
    """Opening the folder (`_open`, called once by GameStore) and what it found, for the home screen."""

    def read_only_notice(self) -> str | None:
        """The banner of a folder that cannot be written, None when it can."""
        if self.read_only is None:
            return None
        if self.read_only.errno == errno.EROFS:
            why = _("The data folder {folder} is on a read-only disk: the games can be looked at and exported, but no change can be saved.")
        else:
            why = _(
                "Tableside is not allowed to write to its data folder {folder}: "
                "the games can be looked at and exported, but no change can be saved."
            )
        return why.format(folder=self.folder)

    def _open(self) -> None:
        if self.read_only is None:
            self._lock_file.truncate(0)
            self._lock_file.write(str(os.getpid()))
            self._lock_file.flush()
            with contextlib.suppress(OSError):  # (Windows keeps only a read-only flag: nothing to tighten)
                os.chmod(self.folder / "tableside.lock", FILE_MODE)
            history = private_dir(self.folder / "history")
        else:
            history = self.folder / "history"
        interrupted = ""
        try:
            finish_commit(self.folder)  # a change cut short during its renames: completed before anything reads
        except OSError as e:
            if self.read_only is None:
                raise RuntimeError(f"an interrupted save in {self.folder} could not be completed: {e.strerror or e}") from None
            # Said: told on the home screen later, in its reader's language (services/remembered.py says it)
            interrupted = Said(
                "A save was cut short in this folder and cannot be completed while it is read-only: the last change may not show."
            )
        self._make_private()
        self.files = DataFolder(self.folder, read_only=self.read_only is not None)
        if interrupted:
            self.files.recovered.append(interrupted)
        self.files.remove_leftovers()
        if self.read_only is None:
            # This process holds the folder's lock: nothing in tmp/ is another's (an upload a crash cut short).
            shutil.rmtree(self.folder / TEMPORARY, ignore_errors=True)
        self.files.load_notices()
        self.recovered = self.files.recovered  # what start-up found damaged and did about it (for people)
        self.damaged_records = DamagedRecords(self.folder)
        self._unusable: set[str] = set()  # ids set aside but still in a data file (damaged.json could not be written)
        live_data = self.files.open_file(LIVE, month=False)
        if LIVE in self.files.blocked:
            raise RuntimeError(self.recovered[-1])  # nothing works without live.json: say why, change nothing
        live_data = self._set_aside(LIVE, live_data, {"games": False, "edits": False})
        self.live = TinyDB(self.folder / LIVE, storage=AtomicJSONStorage, data=live_data)
        self._shards: dict[str, TinyDB] = {}
        self._finished: dict[str, StoredGame] = {}  # id → game, every finished game
        self._where: dict[str, str] = {}  # id → the month file it is stored in
        months = {p.stem for p in history.glob("*.json")}
        months |= {Path(rel).stem for rel in self.files.expected_files() if rel.startswith("history/")}
        duplicates: list[tuple[str, str]] = []  # (month, id) of older copies of a game stored twice
        checked_before = self.files.checked_before()
        for month in sorted(months):
            rel = f"history/{month}.json"
            data = self.files.open_file(rel, month=True)
            if rel in self.files.blocked:
                continue
            fingerprint = tuple(self.files.prints.get(rel, ()))
            checked = data if fingerprint in checked_before else self._set_aside(rel, data, {"games": True})
            if checked is data and rel in self.files.prints:  # unchanged: these bytes have every record scoring
                self.files.verified.add(tuple(self.files.prints[rel]))
            data = checked
            self._shards[month] = TinyDB(self.folder / rel, storage=AtomicJSONStorage, data=data)
            for doc in self._shards[month].table("games").all():
                if doc["id"] in self._unusable:
                    continue
                # Not copied: the file was parsed for this store alone (20,000 games: 0.35 s of copying saved).
                game, other = StoredGame.from_doc(doc, copy=False), self._finished.get(doc["id"])
                if other is not None:  # an edit saved across two months, cut short: the newer copy wins
                    if other.modified_at >= game.modified_at:
                        duplicates.append((month, game.id))
                        continue
                    duplicates.append((self._where[game.id], game.id))
                self._finished[game.id], self._where[game.id] = game, month
        if duplicates:
            log.info("%d game(s) were stored twice (an interrupted save): kept the newer copy", len(duplicates))
            try:
                with self._changing():
                    for month, game_id in duplicates:
                        stale = [
                            d.doc_id
                            for d in self._shards[month].table("games").all()
                            if d["id"] == game_id and d != self._finished[game_id].to_doc()
                        ]
                        self._shards[month].table("games").remove(doc_ids=stale)
            except StoreWriteError:
                log.exception("could not remove the older copies")
        # A finish cut short between its two files (older versions): the history copy wins.
        both = [d["id"] for d in self.live.table("games").all() if d["id"] in self._finished]
        if both:
            try:
                with self._changing():
                    self.live.table("games").remove(Query().id.one_of(both))
            except StoreWriteError:
                log.exception("could not tidy live.json")  # in_progress() leaves them out anyway
        if self.read_only is None:
            self._migrate()
            self._write_contents()
        self.files.note_backed_up()

    def _write_contents(self) -> None:
        """After start-up: contents.json says what the files hold now (repairs, records set aside and what
        was said about losses are behind us), so the next start compares with this."""
        entries = self._entries()
        if entries == self.files.contents:
            return
        try:
            write_bytes_atomically(self.folder / contents.FILE, contents.dumps(entries))
            fsync_dir(self.folder)
        except OSError:
            log.exception("could not write %s", contents.FILE)
            return
        self.files.contents = entries

    def notices(self) -> list[str]:
        """What the home screen says until its session dismisses it, one sentence each: what start-up
        repaired or could not (`recovered`), and how the last backup went when one failed
        ("The last backup, at …, failed: …", then "A backup failed on …; the backup of … worked …")."""
        with self._lock:
            banner = self.read_only_notice()
            return [*([banner] if banner else []), *self.recovered, *([self.files.backup_notice] if self.files.backup_notice else [])]

    def acknowledge_recovered(self) -> None:
        """Someone read the notices (the home screen's OK): the next start does not repeat them."""
        with self._lock:
            self.files.acknowledge()

    def _make_private(self) -> None:
        """Files written by older versions (or copied in) become 0600: live.json holds the PIN's hash."""
        for path in [*self.folder.glob("*.json*"), *(self.folder / "history").glob("*.json*")]:
            try:
                if path.is_file() and path.stat().st_mode & 0o077:
                    os.chmod(path, FILE_MODE)
            except OSError:
                pass
        backups = self.folder / "backups"
        if backups.is_dir():
            private_dir(backups)
            for path in backups.rglob("*"):
                try:
                    if path.stat().st_mode & 0o077:
                        os.chmod(path, 0o700 if path.is_dir() else FILE_MODE)
                except OSError:
                    pass

    def _set_aside(self, rel: str, data: dict | None, tables: dict[str, bool]) -> dict | None:
        """Entries of `data` whose record cannot be used are kept in damaged.json and removed from the file."""
        if not data:
            return data
        found: list[tuple[str, str, DamagedRecord]] = []
        for table, finished in tables.items():
            for doc_id, doc in data.get(table, {}).items():
                problem = doc_problem(doc, finished)
                if problem:
                    found.append((table, doc_id, DamagedRecord(rel, problem, now_iso(), doc)))
        if not found:
            return data
        damaged = [d for unused_table, unused_id, d in found]
        for d in damaged:
            # Said: told on the home screen later, in its reader's language (services/remembered.py says it)
            message = Said(
                "A game in {file} (id {id}) cannot be used and was set aside: {reason}. It is listed in the history as damaged.",
                file=rel,
                id=d.id,
                reason=d.reason,
            )
            self.recovered.append(message)
            log.warning("%s", message)
        try:
            self.damaged_records.add(damaged)
        except OSError:
            log.exception("could not write %s: the damaged records stay in %s", self.damaged_records.path, rel)
            self.damaged_records.records += damaged
            self._unusable |= {d.id for d in damaged}
            return data
        data = copy.deepcopy(data)
        for table, doc_id, _damaged in found:
            del data[table][doc_id]
        self.files.prints.pop(rel, None)  # the file changes: its backups no longer hold its content
        try:
            write_bytes_atomically(self.folder / rel, dumps(data))
            fsync_dir((self.folder / rel).parent)
        except OSError:
            log.exception("could not rewrite %s without its damaged records (they are kept in damaged.json)", rel)
        return data

    def _migrate(self) -> None:
        meta = self.live.table("meta")
        doc: dict[str, Any] = meta.get(doc_id=1) or {}
        version = doc.get("schema")
        if version is None:
            with self._changing():
                meta.insert({"schema": SCHEMA_VERSION})
            return
        if version > SCHEMA_VERSION:
            raise RuntimeError(f"{self.folder} was written by a newer Tableside (schema {version}); update Tableside")
        while version < SCHEMA_VERSION:
            MIGRATIONS[version](self)
            version += 1
            meta.update({"schema": version}, doc_ids=[1])

    @property
    def schema_version(self) -> int:
        meta = self.live.table("meta").get(doc_id=1)
        assert meta is not None or self.read_only is not None  # written by _migrate when the store opened
        return meta["schema"] if meta else SCHEMA_VERSION
