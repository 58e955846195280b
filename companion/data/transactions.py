"""What every part of the store shares (StoreCore): its state, its lock, and the transaction every
change is made in (`_changing`): every file it writes is put in place together, or none is and
memory is put back as the files are; then the change's topics are published (changes.py).
Also the two reads every part uses (`get`, `editing`) and the history index's writes."""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, cast

from tinydb import Query, TinyDB

from companion.data import changes, contents
from companion.data.atomic_files import (
    AtomicJSONStorage,
    CommitPending,
    StoreWriteError,
    Transaction,
    finish_commit,
    in_words,
)
from companion.data.backups import DataFolder
from companion.data.damaged import DamagedRecords
from companion.data.stored_game import StoredGame, month_of
from companion.language import _
from companion.language import month as said_month

log = logging.getLogger("tableside")

# The tables the store keeps in its TinyDB files (live.json: all four; a month file: "games").
TABLES = ("games", "edits", "settings", "meta")


def atomic_storage(db: TinyDB) -> AtomicJSONStorage:
    """The storage of one of the store's databases: each is opened with storage=AtomicJSONStorage."""
    return cast(AtomicJSONStorage, db.storage)  # TinyDB types its storage as the Storage base class


class StoreCore:
    """The state the store's parts share. Set by `__init__` (the lock, the transaction) and by start-up
    (startup.py: the files, the history index)."""

    folder: Path
    read_only: OSError | None  # the error that said the folder cannot be written; None: it can
    files: DataFolder
    live: TinyDB  # live.json
    recovered: list[str]
    damaged_records: DamagedRecords
    _lock_file: Any
    _shards: dict[str, TinyDB]  # month → its history file
    _finished: dict[str, StoredGame]  # id → game, every finished game
    _where: dict[str, str]  # id → the month file it is stored in
    _unusable: set[str]  # ids set aside but still in a data file (damaged.json could not be written)

    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self._lock = threading.RLock()
        self._tx: Transaction | None = None
        self._pending_commit = False  # a change whose files were written but not all put in place
        self.changes = changes.Changes()  # the screens that draw from this store hear of every change
        self._topics: set[str] = set()  # what the change being made touches (published once it is written)
        self.read_only = None
        # Why no change may be written now, in words (None: it may). The browser build's: another tab took the games.
        self.writes_refused: Callable[[], str | None] = lambda: None

    def _entries(self, only: Iterable[Path] | None = None) -> dict[str, contents.Entry]:
        """contents.json's entries of the data files as they are in memory (those at `only`, or all)."""
        entries = {}
        for db in self._databases():
            storage = atomic_storage(db)
            if only is None or storage.path in only:
                rel = storage.path.relative_to(self.folder).as_posix()
                entries[rel] = contents.entry_of(rel, storage.read())
        return entries

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
            refused = self.writes_refused()
            if refused:
                raise StoreWriteError(refused)
            if self._pending_commit:
                try:  # the renames of an earlier change failed: finish them before writing on top of them
                    finish_commit(self.folder)
                    self._pending_commit = False
                except OSError as e:
                    raise StoreWriteError(
                        in_words(e, _("nothing was changed; an earlier save is completed when Tableside next starts"))
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
                self.files.written(tx.prints)  # commit() clears what it staged, not their fingerprints
                self.files.contents = entries
                published, self._topics = self._topics, set()
                self.changes.publish(published)
            except BaseException as e:
                if isinstance(e, CommitPending):
                    self.files.contents = entries
                    self._pending_commit = True
                    raise StoreWriteError(in_words(e, _("the change will be completed when Tableside next starts"))) from e
                tx.abort()
                self._finished, self._where = before[0], before[1]
                for month in set(self._shards) - before[2]:
                    self._shards.pop(month).close()
                for db in self._databases():
                    atomic_storage(db).forget()
                    for name in TABLES:  # TinyDB keeps query results per table
                        db.table(name).clear_cache()
                if isinstance(e, OSError):
                    log.exception("a write to %s failed", self.folder)
                    raise StoreWriteError(in_words(e)) from e
                raise
            finally:
                self._tx = None
                self._topics.clear()
                for db in self._databases():
                    atomic_storage(db).transaction = None

    @contextlib.contextmanager
    def one_change(self) -> Iterator[None]:
        """Group writes, and what the caller sets in memory after them, into one change: its topics are
        published once the block ends, so a screen that redraws on hearing of it reads the new state."""
        with self._changing():
            yield

    def _shard(self, month: str) -> TinyDB:
        rel = f"history/{month}.json"
        if rel in self.files.blocked:
            raise StoreWriteError(
                _(
                    "The games of {month} are in a damaged file that could not be repaired yet: "
                    "nothing was changed. Restart Tableside once the disk has space."
                ).format(month=said_month(month))
            )
        if month not in self._shards:
            self._shards[month] = TinyDB(self.folder / rel, storage=AtomicJSONStorage)
            atomic_storage(self._shards[month]).transaction = self._tx
        return self._shards[month]

    def close(self) -> None:
        with self._lock:
            self.live.close()
            for shard in self._shards.values():
                shard.close()
            if self._lock_file is not None:
                self._lock_file.close()

    def _live_doc(self, table: str, game_id: str) -> dict | None:
        if game_id in self._unusable:
            return None
        return self.live.table(table).get(Query().id == game_id)

    def taken_ids(self) -> set[str]:
        """Every id a saved game, a game in progress or an edit copy holds (what `get` or `editing` finds):
        one look for thousands of ids (an import), not one query each."""
        with self._lock:
            live = {doc["id"] for name in ("games", "edits") for doc in self.live.table(name).all() if "id" in doc}
            return set(self._finished) | (live - self._unusable)

    def get(self, game_id: str) -> StoredGame | None:
        """The saved game (finished) or the game in progress; an edit copy only through `editing`."""
        with self._lock:
            if game_id in self._finished:
                return self._finished[game_id]
            doc = self._live_doc("games", game_id)
        return None if doc is None else StoredGame.from_doc(doc)

    def editing(self, game_id: str) -> StoredGame | None:
        """The edit copy of a saved game, if one is being edited."""
        with self._lock:
            doc = self._live_doc("edits", game_id)
        return None if doc is None else StoredGame.from_doc(doc)

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
