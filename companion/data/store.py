"""The only module that touches TinyDB: games in progress, finished games, edits and settings.

Layout of the data folder (every file 0600, every folder 0700):

    live.json              games in progress, edit copies of saved games, settings (with the PIN's
                           hash), the schema version (written on every tap: small)
    history/YYYY-MM.json   finished games, one file per month of play
    damaged.json           stored records that no longer score, set aside (damaged.py)
    contents.json          what each data file holds (game ids, settings), written with them (contents.py)
    backups/<n>-<time>/    the last states of the data files (backups.py)
    tableside.lock         held (flock) by the process using the folder; holds its pid
    commit.json, repair.json   present only while a multi-file change or a repair is under way

Finishing a game rewrites only its month's file, so saving stays quick however long the
history grows; all finished games are indexed in memory when the store opens. Every record
is validated by `scoring` before it is stored, and every stored record is checked again at
start-up: one that no longer scores is set aside (`damaged`), listed, never dropped.

Editing a saved game never takes it out of the history: `edit_copy` makes a copy held apart
(live.json's "edits" table), `save_edit` changes the copy, `replace_finished` swaps it in for
the saved game in one step, `cancel_edit` drops the copy and the saved game is as it was.

Nothing lost, no one in:

- Every data file is written whole to a temporary file, fsynced, put in place with
  os.replace, and the folder fsynced; a change of several files (a finish, an import, an
  edit saved) is one transaction (atomic_files.py): all of it or none, after a crash or on a full disk.
- A write that fails raises StoreWriteError, whose text says what happened in words
  ("The disk is full: nothing was changed."); memory is put back as the files are.
- One lock (an RLock) serialises every write of all sessions and threads of this process;
  a second process on the same folder is refused with StoreLocked.
- Backups of the last states, and the repair of a damaged file at start-up: backups.py
  (the home screen shows what was repaired: `recovered`).
"""

from __future__ import annotations

import contextlib
import copy
import errno
import fcntl
import functools
import logging
import os
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any, cast

from tinydb import Query, TinyDB

import scoring
from companion.data import changes, contents
from companion.data.atomic_files import (
    FILE_MODE,
    AtomicJSONStorage,
    CommitPending,
    StoreWriteError,
    Transaction,
    dumps,
    finish_commit,
    fsync_dir,
    in_words,
    private_dir,
    write_bytes_atomically,
)
from companion.data.backups import LIVE, DataFolder, now_iso
from companion.data.checks import doc_problem, metadata_problem, played_when
from companion.data.damaged import DamagedRecord, DamagedRecords
from companion.data.ids import id_problem

SCHEMA_VERSION = 1
IN_PROGRESS = "in_progress"
FINISHED = "finished"
EDITING = "editing"  # the copy of a saved game being edited
# Schema version → the function that upgrades a store from it to the next version.
MIGRATIONS: dict[int, Callable[[GameStore], None]] = {}

log = logging.getLogger("tableside")

__all__ = ["EDITING", "FINISHED", "IN_PROGRESS", "GameStore", "StoreLocked", "StoreWriteError", "StoredGame"]


def atomic_storage(db: TinyDB) -> AtomicJSONStorage:
    """The storage of one of the store's databases: each is opened with storage=AtomicJSONStorage."""
    return cast(AtomicJSONStorage, db.storage)  # TinyDB types its storage as the Storage base class


class StoreLocked(RuntimeError):
    """Another Tableside process already uses this data folder."""


def summarise(record: dict) -> dict:
    """What lists and statistics need of a finished game, kept beside it so they never rescore."""
    result = scoring.score(record)
    return {
        "totals": dict(result.totals),
        "ranking": [list(g) for g in result.ranking],
        "winners": list(result.winners),
        "decided": result.decided,
    }


def check_id(game_id: Any) -> None:
    problem = id_problem(game_id)
    if problem:
        raise scoring.RecordError(("id",), problem)


def admit(record: dict, arriving: bool = False) -> None:
    """What start-up checks of every stored record (checks.py), checked before it is stored:
    RecordError names the field. `arriving`: a new game or an import (a player's name is checked too)."""
    problem = metadata_problem(record, arriving)
    if problem:
        raise scoring.RecordError((), problem)


@dataclass(frozen=True)
class StoredGame:
    id: str
    record: dict  # a FORMAT.md record, carrying `id` and `played_at`
    status: str
    modified_at: str
    finished_at: str | None = None
    draft: Any = None  # a round being entered that is not yet complete (Card Commons)
    summary: dict | None = None  # totals, ranking, winners, decided (finished games)

    @property
    def scored(self) -> dict[str, Any]:
        """The summary of a finished game (every finished game has one)."""
        assert self.summary is not None, f"game {self.id} has no summary"
        return self.summary

    @property
    def game(self) -> str:
        return self.record["game"]

    @property
    def players(self) -> list[str]:
        return self.record["players"]

    @functools.cached_property  # lists sort thousands of games by it: parsed once per game
    def when(self) -> datetime:
        """When it was played, an aware datetime (a played_at without offset is local time)."""
        try:
            return played_when(self.record.get("played_at", self.modified_at))
        except ValueError:
            return played_when(self.modified_at)

    @functools.cached_property
    def order(self) -> tuple[float, str]:
        """Sort key: the moment it was played (as a number: cheap to compare), then the id."""
        return self.when.timestamp(), self.id

    @functools.cached_property
    def played_at(self) -> str:
        """played_at normalised: ISO 8601 with its offset, so [:10] is the day it was played."""
        return self.when.isoformat()

    @classmethod
    def from_doc(cls, doc: dict) -> StoredGame:
        return cls(
            id=doc["id"],
            record=copy.deepcopy(doc["record"]),
            status=doc["status"],
            modified_at=doc["modified_at"],
            finished_at=doc.get("finished_at"),
            draft=copy.deepcopy(doc.get("draft")),
            summary=copy.deepcopy(doc.get("summary")),
        )

    def to_doc(self) -> dict:
        return {
            "id": self.id,
            "record": self.record,
            "status": self.status,
            "modified_at": self.modified_at,
            "finished_at": self.finished_at,
            "draft": self.draft,
            "summary": self.summary,
        }


def month_of(game: StoredGame) -> str:
    return game.when.strftime("%Y-%m")


READ_ONLY_ERRORS = (errno.EROFS, errno.EACCES, errno.EPERM)


class GameStore:
    """`read_only` (set when the folder cannot be written: a read-only disk, a folder of someone else)
    is the error that said so: the games can be read and exported, every change raises StoreWriteError
    in words, nothing is repaired on disk, and `notices()` says so first."""

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self._lock = threading.RLock()
        self._tx: Transaction | None = None
        self._pending_commit = False  # a change whose files were written but not all put in place
        self.changes = changes.Changes()  # the screens that draw from this store hear of every change
        self._topics: set[str] = set()  # what the change being made touches (published once it is written)
        self.read_only: OSError | None = None
        lock = self.folder / "tableside.lock"
        try:
            private_dir(self.folder)
            fd = os.open(lock, os.O_RDWR | os.O_CREAT, FILE_MODE)
            self._lock_file: Any = os.fdopen(fd, "r+")
        except OSError as e:
            if e.errno not in READ_ONLY_ERRORS or not self.folder.is_dir():
                raise
            self.read_only = e  # read it as it is: a shared lock, if a lock file is there, keeps a writer out meanwhile
            try:
                self._lock_file = open(lock, encoding="utf-8")  # noqa: SIM115  (held until close())
            except OSError:
                self._lock_file = None
        try:
            if self._lock_file is not None:
                fcntl.flock(self._lock_file, (fcntl.LOCK_SH if self.read_only else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.seek(0)
            holder = self._lock_file.read().strip()
            self._lock_file.close()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise StoreLocked(f"another Tableside process{who} is using {self.folder}; stop it or choose another --data folder") from None
        try:
            self._open()
        except BaseException:
            if self._lock_file is not None:
                self._lock_file.close()
            raise

    def read_only_notice(self) -> str | None:
        """The banner of a folder that cannot be written, None when it can."""
        if self.read_only is None:
            return None
        if self.read_only.errno == errno.EROFS:
            why = f"The data folder {self.folder} is on a read-only disk"
        else:
            why = f"Tableside is not allowed to write to its data folder {self.folder}"
        return f"{why}: the games can be looked at and exported, but no change can be saved."

    def _open(self) -> None:
        if self.read_only is None:
            self._lock_file.truncate(0)
            self._lock_file.write(str(os.getpid()))
            self._lock_file.flush()
            os.fchmod(self._lock_file.fileno(), FILE_MODE)
            history = private_dir(self.folder / "history")
        else:
            history = self.folder / "history"
        interrupted = ""
        try:
            finish_commit(self.folder)  # a change cut short during its renames: completed before anything reads
        except OSError as e:
            if self.read_only is None:
                raise RuntimeError(f"an interrupted save in {self.folder} could not be completed: {e.strerror or e}") from None
            interrupted = "A save was cut short in this folder and cannot be completed while it is read-only: the last change may not show."
        self._make_private()
        self.files = DataFolder(self.folder, read_only=self.read_only is not None)
        if interrupted:
            self.files.recovered.append(interrupted)
        self.files.remove_leftovers()
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
        for month in sorted(months):
            rel = f"history/{month}.json"
            data = self.files.open_file(rel, month=True)
            if rel in self.files.blocked:
                continue
            checked = self._set_aside(rel, data, {"games": True})
            if checked is data and rel in self.files.prints:  # unchanged: these bytes have every record scoring
                self.files.verified.add(tuple(self.files.prints[rel]))
            data = checked
            self._shards[month] = TinyDB(self.folder / rel, storage=AtomicJSONStorage, data=data)
            for doc in self._shards[month].table("games").all():
                if doc["id"] in self._unusable:
                    continue
                game, other = StoredGame.from_doc(doc), self._finished.get(doc["id"])
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

    def _entries(self, only: Iterable[Path] | None = None) -> dict[str, contents.Entry]:
        """contents.json's entries of the data files as they are in memory (those at `only`, or all)."""
        entries = {}
        for db in self._databases():
            storage = atomic_storage(db)
            if only is None or storage.path in only:
                rel = storage.path.relative_to(self.folder).as_posix()
                entries[rel] = contents.entry_of(rel, storage.read())
        return entries

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
        for _, _, d in found:
            message = f"A game in {rel} (id {d.id}) cannot be used and was set aside: {d.reason}. It is listed in the history as damaged."
            self.recovered.append(message)
            log.warning("%s", message)
        try:
            self.damaged_records.add([d for _, _, d in found])
        except OSError:
            log.exception("could not write %s: the damaged records stay in %s", self.damaged_records.path, rel)
            self.damaged_records.records += [d for _, _, d in found]
            self._unusable |= {d.id for _, _, d in found}
            return data
        data = copy.deepcopy(data)
        for table, doc_id, _ in found:
            del data[table][doc_id]
        self.files.prints.pop(rel, None)  # the file changes: its backups no longer hold its content
        try:
            write_bytes_atomically(self.folder / rel, dumps(data))
            fsync_dir((self.folder / rel).parent)
        except OSError:
            log.exception("could not rewrite %s without its damaged records (they are kept in damaged.json)", rel)
        return data

    def _databases(self) -> list[TinyDB]:
        return [self.live, *self._shards.values()]

    @contextlib.contextmanager
    def _changing(self, *topics: str) -> Iterator[None]:
        """One change of the store: every file it writes is put in place together, or none is and
        memory is put back as the files are. An OSError becomes StoreWriteError, said in words.
        Once written, the change's `topics` (changes.py) are published: every screen showing them redraws."""
        with self._lock:
            self._topics.update(topics)
            if self._tx is not None:  # part of a larger change
                yield
                return
            if self.read_only is not None:
                raise StoreWriteError(in_words(self.read_only))
            if self._pending_commit:
                try:  # the renames of an earlier change failed: finish them before writing on top of them
                    finish_commit(self.folder)
                    self._pending_commit = False
                except OSError as e:
                    raise StoreWriteError(
                        in_words(e, "nothing was changed; an earlier save is completed when Tableside next starts")
                    ) from e
            tx = self._tx = Transaction(self.folder)
            for db in self._databases():
                atomic_storage(db).transaction = tx
            before = (dict(self._finished), dict(self._where), set(self._shards))
            entries = self.files.contents
            try:
                yield
                entries = {**entries, **self._entries(only=set(tx.staged))}
                if entries != self.files.contents:  # games or settings came or went: written with the files (a tap: not)
                    tx.stage(self.folder / contents.FILE, contents.dumps(entries))
                tx.commit()
                self.files.contents = entries
                published, self._topics = self._topics, set()
                self.changes.publish(published)
            except BaseException as e:
                if isinstance(e, CommitPending):
                    self.files.contents = entries
                    self._pending_commit = True
                    raise StoreWriteError(in_words(e, "the change will be completed when Tableside next starts")) from e
                tx.abort()
                self._finished, self._where = before[0], before[1]
                for month in set(self._shards) - before[2]:
                    self._shards.pop(month).close()
                for db in self._databases():
                    atomic_storage(db).forget()
                    for table in db._tables.values():  # TinyDB keeps query results per table
                        table.clear_cache()
                if isinstance(e, OSError):
                    log.exception("a write to %s failed", self.folder)
                    raise StoreWriteError(in_words(e)) from e
                raise
            finally:
                self._tx = None
                self._topics.clear()
                for db in self._databases():
                    atomic_storage(db).transaction = None

    def _shard(self, month: str) -> TinyDB:
        rel = f"history/{month}.json"
        if rel in self.files.blocked:
            raise StoreWriteError(
                f"The games of {month} are in a damaged file that could not be repaired yet: "
                "nothing was changed. Restart Tableside once the disk has space."
            )
        if month not in self._shards:
            self._shards[month] = TinyDB(self.folder / rel, storage=AtomicJSONStorage)
            atomic_storage(self._shards[month]).transaction = self._tx
        return self._shards[month]

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

    def close(self) -> None:
        with self._lock:
            self.live.close()
            for shard in self._shards.values():
                shard.close()
            if self._lock_file is not None:
                self._lock_file.close()

    # -- games in progress -------------------------------------------------

    def create(self, record: dict) -> StoredGame:
        record = dict(record)
        record.setdefault("format", 1)
        record.setdefault("id", str(uuid.uuid4()))
        record.setdefault("played_at", now_iso())
        check_id(record["id"])
        scoring.parse(record)
        admit(record, arriving=True)
        game = StoredGame(id=record["id"], record=record, status=IN_PROGRESS, modified_at=now_iso())
        with self._lock:
            if self.get(game.id) is not None:
                raise ValueError(f"a game with id {game.id} is already stored")
            with self._changing(changes.LIVE, changes.game(game.id)):
                self.live.table("games").insert(game.to_doc())
            self.files.live_changed()
        return game

    def _live_doc(self, table: str, game_id: str) -> dict | None:
        if game_id in self._unusable:
            return None
        return self.live.table(table).get(Query().id == game_id)

    def get(self, game_id: str) -> StoredGame | None:
        """The saved game (finished) or the game in progress; an edit copy only through `editing`."""
        with self._lock:
            if game_id in self._finished:
                return self._finished[game_id]
            doc = self._live_doc("games", game_id)
        return None if doc is None else StoredGame.from_doc(doc)

    def holds(self, game_id: str, status: str, record: dict, draft: Any) -> bool:
        """Whether the game's stored state (its edit copy while EDITING) is exactly this one: compared
        where it lies, nothing copied (a live game asks on every tap whether someone else wrote it)."""
        with self._lock:
            if status != EDITING and game_id in self._finished:
                return False
            doc = self._live_doc("edits" if status == EDITING else "games", game_id)
            return doc is not None and doc["status"] == status and doc["record"] == record and doc.get("draft") == draft

    def save_progress(self, game_id: str, record: dict, draft: Any = None, checked: scoring.Record | None = None) -> StoredGame:
        """Store the new state of a game in progress; refuses an invalid record (nothing changes).
        `checked`: the record's parse when the caller has just validated it (a tap: scoring.apply),
        so a tap is validated once."""
        if checked is None:
            scoring.parse(record)
        admit(record)
        with self._lock:
            current = None if game_id in self._finished else self._live_doc("games", game_id)  # read, not copied
            if current is None or current["status"] != IN_PROGRESS:
                raise KeyError(game_id)
            game = StoredGame(
                id=game_id, record=record, status=IN_PROGRESS, modified_at=now_iso(), finished_at=current.get("finished_at"), draft=draft
            )
            with self._changing(changes.LIVE, changes.game(game_id)):
                self.live.table("games").update(game.to_doc(), Query().id == game_id)
            self.files.live_changed()
        return game

    def in_progress(self) -> list[StoredGame]:
        with self._lock:
            games = [
                StoredGame.from_doc(d)
                for d in self.live.table("games").all()
                if d["id"] not in self._finished and d["id"] not in self._unusable
            ]
        return sorted(games, key=lambda g: g.modified_at, reverse=True)

    # -- editing a saved game ------------------------------------------------

    def editing(self, game_id: str) -> StoredGame | None:
        """The edit copy of a saved game, if one is being edited."""
        with self._lock:
            doc = self._live_doc("edits", game_id)
        return None if doc is None else StoredGame.from_doc(doc)

    def edits(self) -> list[StoredGame]:
        """Saved games being edited (their copies), newest change first."""
        with self._lock:
            games = [StoredGame.from_doc(d) for d in self.live.table("edits").all() if d["id"] not in self._unusable]
        return sorted(games, key=lambda g: g.modified_at, reverse=True)

    def edit_copy(self, game_id: str) -> StoredGame:
        """The copy of a saved game to edit (the one already being edited, or a new one);
        the saved game stays in the history, unchanged, until `replace_finished`."""
        with self._lock:
            existing = self.editing(game_id)
            if existing is not None:
                return existing
            saved = self._finished.get(game_id)
            if saved is None:
                raise KeyError(game_id)
            game = StoredGame(
                id=game_id, record=copy.deepcopy(saved.record), status=EDITING, modified_at=now_iso(), finished_at=saved.finished_at
            )
            with self._changing(changes.LIVE, changes.game(game_id)):
                self.live.table("edits").insert(game.to_doc())
        return game

    def save_edit(self, game_id: str, record: dict, draft: Any = None, checked: scoring.Record | None = None) -> StoredGame:
        """Store the new state of an edit copy; refuses an invalid record (nothing changes).
        `checked`: as for save_progress."""
        if checked is None:
            scoring.parse(record)
        admit(record)
        if record.get("id", game_id) != game_id:
            raise ValueError("an edit cannot change the game's id")
        with self._lock:
            current = self._live_doc("edits", game_id)  # read, not copied
            if current is None:
                raise KeyError(game_id)
            game = StoredGame(
                id=game_id, record=record, status=EDITING, modified_at=now_iso(), finished_at=current.get("finished_at"), draft=draft
            )
            with self._changing(changes.LIVE, changes.game(game_id)):
                self.live.table("edits").update(game.to_doc(), Query().id == game_id)
            self.files.live_changed()
        return game

    def replace_finished(self, game_id: str, record: dict | None = None) -> StoredGame:
        """Save changes: the edit copy (or `record`) replaces the saved game in one atomic step and the
        copy is dropped. The record must be a finished game (ValueError otherwise: nothing changes)."""
        with self._lock:
            copy_ = self.editing(game_id)
            if record is None:
                if copy_ is None:
                    raise KeyError(game_id)
                record = copy_.record
            record = {**record, "id": game_id}
            summary = summarise(record)
            admit(record)
            if not summary["decided"]:
                raise ValueError("the edited game has no result yet: finish it before saving the changes")
            saved = self._finished.get(game_id)  # None: deleted meanwhile; saving puts it back
            game = StoredGame(
                id=game_id,
                record=record,
                status=FINISHED,
                modified_at=now_iso(),
                finished_at=(saved.finished_at if saved else None) or now_iso(),
                summary=summary,
            )
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game_id)):
                if saved is not None:
                    self._drop_finished(saved)
                self._put_finished([game])
                self.live.table("edits").remove(Query().id == game_id)
            self.files.history_changed()
        return game

    def cancel_edit(self, game_id: str) -> StoredGame | None:
        """Drop the edit copy; the saved game is exactly as it was (returned; None if it is gone)."""
        with self._lock:
            if self.editing(game_id) is not None:
                with self._changing(changes.LIVE, changes.game(game_id)):
                    self.live.table("edits").remove(Query().id == game_id)
            return self._finished.get(game_id)

    # -- finished games ----------------------------------------------------

    def _put_finished(self, games: Iterable[StoredGame]) -> None:
        """Inside _changing: one staged write per month file, however many games."""
        by_month: dict[str, list[StoredGame]] = {}
        for g in games:
            by_month.setdefault(month_of(g), []).append(g)
        for month, group in by_month.items():
            table = self._shard(month).table("games")
            stored = {d["id"] for d in table.all()}
            for g in group:
                if g.id in stored:
                    table.update(g.to_doc(), Query().id == g.id)
            table.insert_multiple(g.to_doc() for g in group if g.id not in stored)
            for g in group:
                self._finished[g.id], self._where[g.id] = g, month

    def _drop_finished(self, game: StoredGame) -> None:
        month = self._where.get(game.id, month_of(game))
        self._shard(month).table("games").remove(Query().id == game.id)
        self._finished.pop(game.id, None)
        self._where.pop(game.id, None)

    def finish(self, game_id: str, record: dict | None = None) -> StoredGame:
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            record = record if record is not None else current.record
            admit(record)
            game = StoredGame(
                id=game_id,
                record=record,
                status=FINISHED,
                modified_at=now_iso(),
                finished_at=current.finished_at or now_iso(),
                summary=summarise(record),
            )
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game_id)):
                if current.status == FINISHED:
                    self._drop_finished(current)
                self._put_finished([game])
                if current.status == IN_PROGRESS:
                    self.live.table("games").remove(Query().id == game_id)
            self.files.history_changed()
        return game

    def reopen(self, game_id: str) -> StoredGame:
        """Deprecated: takes a saved game out of the history until it is finished again.
        Screens use edit_copy / replace_finished / cancel_edit instead."""
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            if current.status == IN_PROGRESS:
                return current
            game = StoredGame(id=game_id, record=current.record, status=IN_PROGRESS, modified_at=now_iso(), finished_at=current.finished_at)
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game_id)):
                self.live.table("games").insert(game.to_doc())
                self._drop_finished(current)
            self.files.history_changed()
        return game

    def delete(self, game_id: str) -> StoredGame | None:
        """Remove a game (and any edit copy of it); returns it, for `restore` (undo)."""
        with self._lock:
            current = self.get(game_id)
            if current is None:
                return None
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game_id)):
                if current.status == FINISHED:
                    self._drop_finished(current)
                    self.live.table("edits").remove(Query().id == game_id)
                else:
                    self.live.table("games").remove(Query().id == game_id)
            if current.status == FINISHED:
                self.files.history_changed()
            else:
                self.files.live_changed()
        return current

    def restore(self, game: StoredGame) -> None:
        """Put back a game exactly as it was (undo of a delete, or of an edit copy's discard)."""
        table = {IN_PROGRESS: "games", EDITING: "edits"}.get(game.status)
        with self._lock:
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game.id)):
                if game.status == FINISHED:
                    self._put_finished([game])
                else:  # a game in progress, or the edit copy of a saved game: each back in its own table
                    self.live.table(table or "games").upsert(game.to_doc(), Query().id == game.id)
            if game.status == FINISHED:
                self.files.history_changed()
            else:
                self.files.live_changed()

    def finished(
        self,
        limit: int | None = None,
        offset: int = 0,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
    ) -> list[StoredGame]:
        """Finished games, newest played first (compared as datetimes), filtered by game, player and
        date range (inclusive, ISO dates, each game's date where it was played)."""
        with self._lock:
            games = list(self._finished.values())
        if game:
            games = [g for g in games if g.game == game]
        if player:
            games = [g for g in games if player in g.players]
        if since:
            games = [g for g in games if g.when.date().isoformat() >= since]
        if until:
            games = [g for g in games if g.when.date().isoformat() <= until]
        games.sort(key=lambda g: g.order, reverse=True)
        return games[offset : None if limit is None else offset + limit]

    def damaged(self) -> list[DamagedRecord]:
        """Stored records set aside because they cannot be used, with the reason (damaged.py)."""
        with self._lock:
            return list(self.damaged_records.records)

    def add_finished(self, records: list[dict], progress: Callable[[int, int], None] | None = None) -> tuple[int, int]:
        """Store finished games (an import), all or nothing: every record is validated first (ValueError /
        RecordError), then all are written in one transaction (StoreWriteError: nothing was stored).
        An id repeated within `records` is an error; ids already stored are skipped. Returns (added, skipped).
        The records are checked without the store's lock (other sessions' changes go on meanwhile);
        `progress(done, all)` hears how many are checked."""
        prepared: list[StoredGame] = []
        first_seen: dict[str, int] = {}  # id → the record's position in `records`
        for position, record in enumerate(records, start=1):
            if progress is not None and position % 200 == 0:
                progress(position, len(records))
            record = dict(record)
            record.setdefault("format", 1)
            record.setdefault("id", str(uuid.uuid4()))
            record.setdefault("played_at", now_iso())
            check_id(record["id"])
            summary = summarise(record)
            admit(record, arriving=True)
            if record["id"] in first_seen:
                raise ValueError(f"record {position} repeats the id {record['id']!r} of record {first_seen[record['id']]}")
            first_seen[record["id"]] = position
            prepared.append(
                StoredGame(
                    id=record["id"], record=record, status=FINISHED, modified_at=now_iso(), finished_at=record["played_at"], summary=summary
                )
            )
        with self._lock:
            fresh = [g for g in prepared if self.get(g.id) is None and self.editing(g.id) is None]
            if fresh:
                with self._changing(changes.HISTORY):
                    self._put_finished(fresh)
                self.files.history_changed()
        return len(fresh), len(prepared) - len(fresh)

    # -- players ---------------------------------------------------------------

    def players(self) -> list[str]:
        """Everyone who has played, most recent first."""
        return self.recent_players(limit=None)

    def recent_players(self, limit: int | None = 12) -> list[str]:
        """Names from the newest games first, each once."""
        with self._lock:
            games = self.in_progress() + list(self._finished.values())
        games.sort(key=lambda g: g.modified_at, reverse=True)
        names: dict[str, None] = {}
        for g in games:
            for name in g.players:
                names.setdefault(name, None)
        return list(names)[:limit]

    def rename_player(self, old: str, new: str) -> int:
        """Rename (or, when `new` already exists, merge into) a player in every game; returns games changed.
        All games change in one step, or none (StoreWriteError).

        A game in which both names play cannot be merged: nothing is changed and ValueError says which.
        """
        with self._lock:
            games = self.in_progress() + self.edits() + list(self._finished.values())
            touched = [g for g in games if old in g.players]
            both = [g for g in touched if new in g.players]
            if both:
                raise ValueError(f"{old} and {new} both played in the game of {both[0].played_at[:10]}: they are two people")
            renamed = [(g, *scoring.rename_player(g.record, old, new, g.draft)) for g in touched]
            for _, record, _ in renamed:
                scoring.parse(record)
                admit(record)
            with self._changing(changes.EVERYTHING):
                for g, record, draft in renamed:
                    if g.status == FINISHED:
                        self._drop_finished(g)
                        self._put_finished(
                            [
                                StoredGame(
                                    id=g.id,
                                    record=record,
                                    status=FINISHED,
                                    modified_at=g.modified_at,
                                    finished_at=g.finished_at,
                                    summary=summarise(record),
                                )
                            ]
                        )
                    elif g.status == EDITING:
                        self.save_edit(g.id, record, draft)
                    else:
                        self.save_progress(g.id, record, draft)
            if renamed:
                self.files.history_changed()
        return len(renamed)

    # -- settings ----------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        with self._lock:
            doc = self.live.table("settings").get(Query().key == key)
        return default if doc is None else doc["value"]

    def set_setting(self, key: str, value: Any) -> None:
        """Stored and backed up at once (the PIN's hash must survive a damaged live.json)."""
        with self._lock:
            if self.setting(key, object()) == value:
                return
            with self._changing(changes.SETTINGS):
                self.live.table("settings").upsert({"key": key, "value": value}, Query().key == key)
            self.files.history_changed()


def default_data_folder() -> Path:
    """Flet's app storage when packaged, else the platform's user data folder."""
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    import platformdirs

    return Path(platformdirs.user_data_dir("tableside", appauthor=False))
