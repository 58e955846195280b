"""The only module that touches TinyDB: games in progress, finished games and settings.

Layout of the data folder:

    live.json              games in progress, settings, the schema version (written on every tap: small)
    history/YYYY-MM.json   finished games, one file per month of play
    backups/<n>-<time>/    the last states of the data files (backups.py)
    tableside.lock         held (flock) by the process using the folder; holds its pid

Finishing a game rewrites only its month's file, so saving stays quick however long the
history grows; all finished games are indexed in memory when the store opens. Every record
is validated by `scoring` before it is stored, so nothing invalid is ever saved.

Nothing lost, no one in:

- Every data file is written whole to a temporary file, fsynced, put in place with
  os.replace, and the folder fsynced (storage.py): a crash leaves the old file or the new.
- One lock (an RLock) serialises every write of all sessions and threads of this process;
  a second process on the same folder is refused with StoreLocked.
- Backups of the last states, and the repair of a damaged file at start-up: backups.py
  (the home screen shows what was repaired: `recovered`).
- A crash between the two writes of a finish (the month file, then live.json) can leave a
  game both finished and in progress: the store opens it as finished.
"""

from __future__ import annotations

import copy
import fcntl
import logging
import os
import threading
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable

from tinydb import Query, TinyDB

import scoring

from .backups import LIVE, DataFolder, now_iso
from .storage import AtomicJSONStorage

SCHEMA_VERSION = 1
IN_PROGRESS = "in_progress"
FINISHED = "finished"
# Schema version → the function that upgrades a store from it to the next version.
MIGRATIONS: dict[int, Callable[["GameStore"], None]] = {}

log = logging.getLogger("tableside")


class StoreLocked(RuntimeError):
    """Another Tableside process already uses this data folder."""


def summarise(record: dict) -> dict:
    """What lists and statistics need of a finished game, kept beside it so they never rescore."""
    result = scoring.score(record)
    return {"totals": dict(result.totals), "ranking": [list(g) for g in result.ranking],
            "winners": list(result.winners), "decided": result.decided}


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
    def game(self) -> str:
        return self.record["game"]

    @property
    def players(self) -> list[str]:
        return self.record["players"]

    @property
    def played_at(self) -> str:
        return self.record.get("played_at", self.modified_at)

    @classmethod
    def from_doc(cls, doc: dict) -> StoredGame:
        return cls(
            id=doc["id"], record=copy.deepcopy(doc["record"]), status=doc["status"],
            modified_at=doc["modified_at"], finished_at=doc.get("finished_at"),
            draft=copy.deepcopy(doc.get("draft")), summary=copy.deepcopy(doc.get("summary")),
        )

    def to_doc(self) -> dict:
        return {
            "id": self.id, "record": self.record, "status": self.status, "modified_at": self.modified_at,
            "finished_at": self.finished_at, "draft": self.draft, "summary": self.summary,
        }


def month_of(game: StoredGame) -> str:
    played = game.played_at
    return played[:7] if len(played) >= 7 and played[4] == "-" else "undated"


class GameStore:
    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._lock_file = open(self.folder / "tableside.lock", "a+")
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.seek(0)
            holder = self._lock_file.read().strip()
            self._lock_file.close()
            who = f" (process {holder})" if holder.isdigit() else ""
            raise StoreLocked(f"another Tableside process{who} is using {self.folder}; "
                              "stop it or choose another --data folder") from None
        self._lock_file.truncate(0)
        self._lock_file.write(str(os.getpid()))
        self._lock_file.flush()
        history = self.folder / "history"
        history.mkdir(exist_ok=True)
        self.files = DataFolder(self.folder)
        self.files.remove_leftovers()
        self.recovered = self.files.recovered  # what start-up found damaged and did about it (for people)
        live_data = self.files.open_file(LIVE, month=False)
        self.live = TinyDB(self.folder / LIVE, storage=AtomicJSONStorage, data=live_data)
        self._shards: dict[str, TinyDB] = {}
        self._finished: dict[str, StoredGame] = {}  # id → game, every finished game
        for path in sorted(history.glob("*.json")):
            data = self.files.open_file(f"history/{path.name}", month=True)
            self._shards[path.stem] = TinyDB(path, storage=AtomicJSONStorage, data=data)
            for doc in self._shards[path.stem].table("games").all():
                self._finished[doc["id"]] = StoredGame.from_doc(doc)
        # A finish (or reopen) cut short between its two files: the history copy wins.
        both = [d["id"] for d in self.live.table("games").all() if d["id"] in self._finished]
        if both:
            self.live.table("games").remove(Query().id.one_of(both))
            log.info("%d game(s) were both finished and in progress (an interrupted save): kept as finished", len(both))
        self._migrate()

    def _shard(self, month: str) -> TinyDB:
        self.files.dirty.add(f"history/{month}.json")  # callers write to it
        if month not in self._shards:
            self._shards[month] = TinyDB(self.folder / "history" / f"{month}.json", storage=AtomicJSONStorage)
        return self._shards[month]

    def _migrate(self) -> None:
        meta = self.live.table("meta")
        version = (meta.get(doc_id=1) or {}).get("schema")
        if version is None:
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
        return self.live.table("meta").get(doc_id=1)["schema"]

    def close(self) -> None:
        with self._lock:
            self.live.close()
            for shard in self._shards.values():
                shard.close()
            self._lock_file.close()

    # -- games in progress -------------------------------------------------

    def create(self, record: dict) -> StoredGame:
        record = dict(record)
        record.setdefault("format", 1)
        record.setdefault("id", str(uuid.uuid4()))
        record.setdefault("played_at", now_iso())
        scoring.parse(record)
        game = StoredGame(id=record["id"], record=record, status=IN_PROGRESS, modified_at=now_iso())
        with self._lock:
            if self.get(game.id) is not None:
                raise ValueError(f"a game with id {game.id} is already stored")
            self.live.table("games").insert(game.to_doc())
        return game

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            if game_id in self._finished:
                return self._finished[game_id]
            doc = self.live.table("games").get(Query().id == game_id)
        return None if doc is None else StoredGame.from_doc(doc)

    def save_progress(self, game_id: str, record: dict, draft: Any = None) -> StoredGame:
        """Store the new state of a game in progress; refuses an invalid record (nothing changes)."""
        scoring.parse(record)
        with self._lock:
            current = self.get(game_id)
            if current is None or current.status != IN_PROGRESS:
                raise KeyError(game_id)
            game = StoredGame(id=game_id, record=record, status=IN_PROGRESS, modified_at=now_iso(),
                              finished_at=current.finished_at, draft=draft)
            self.live.table("games").update(game.to_doc(), Query().id == game_id)
        return game

    def in_progress(self) -> list[StoredGame]:
        with self._lock:
            games = [StoredGame.from_doc(d) for d in self.live.table("games").all()]
        return sorted(games, key=lambda g: g.modified_at, reverse=True)

    # -- finished games ----------------------------------------------------

    def _put_finished(self, games: Iterable[StoredGame]) -> None:
        by_month: dict[str, list[StoredGame]] = {}
        for g in games:
            by_month.setdefault(month_of(g), []).append(g)
        for month, group in by_month.items():
            table = self._shard(month).table("games")
            stored = {d["id"] for d in table.all()}
            for g in group:
                if g.id in stored:
                    table.update(g.to_doc(), Query().id == g.id)
            # New games go in with one write per month file, however many there are.
            table.insert_multiple(g.to_doc() for g in group if g.id not in stored)
            for g in group:
                self._finished[g.id] = g

    def _drop_finished(self, game: StoredGame) -> None:
        self._shard(month_of(game)).table("games").remove(Query().id == game.id)
        self._finished.pop(game.id, None)

    def finish(self, game_id: str, record: dict | None = None) -> StoredGame:
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            record = record if record is not None else current.record
            game = StoredGame(id=game_id, record=record, status=FINISHED, modified_at=now_iso(),
                              finished_at=current.finished_at or now_iso(), summary=summarise(record))
            if current.status == FINISHED:
                self._drop_finished(current)
            self._put_finished([game])
            if current.status == IN_PROGRESS:
                self.live.table("games").remove(Query().id == game_id)
            self.files.history_changed()
        return game

    def reopen(self, game_id: str) -> StoredGame:
        """Move a finished game back to the games in progress, to be edited."""
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            if current.status == IN_PROGRESS:
                return current
            game = StoredGame(id=game_id, record=current.record, status=IN_PROGRESS, modified_at=now_iso(),
                              finished_at=current.finished_at)
            self.live.table("games").insert(game.to_doc())
            self._drop_finished(current)
            self.files.history_changed()
        return game

    def delete(self, game_id: str) -> StoredGame | None:
        with self._lock:
            current = self.get(game_id)
            if current is None:
                return None
            if current.status == FINISHED:
                self._drop_finished(current)
                self.files.history_changed()
            else:
                self.live.table("games").remove(Query().id == game_id)
        return current

    def restore(self, game: StoredGame) -> None:
        """Put back a game exactly as it was (undo of a delete)."""
        with self._lock:
            if game.status == FINISHED:
                self._put_finished([game])
                self.files.history_changed()
            else:
                self.live.table("games").upsert(game.to_doc(), Query().id == game.id)

    def finished(self, limit: int | None = None, offset: int = 0, game: str | None = None, player: str | None = None,
                 since: str | None = None, until: str | None = None) -> list[StoredGame]:
        """Finished games, newest played first, filtered by game, player and date range (inclusive, ISO dates)."""
        with self._lock:
            games = list(self._finished.values())
        if game:
            games = [g for g in games if g.game == game]
        if player:
            games = [g for g in games if player in g.players]
        if since:
            games = [g for g in games if g.played_at[:10] >= since]
        if until:
            games = [g for g in games if g.played_at[:10] <= until]
        games.sort(key=lambda g: g.played_at, reverse=True)
        return games[offset:None if limit is None else offset + limit]

    def add_finished(self, records: list[dict]) -> tuple[int, int]:
        """Store finished games (an import): every record is validated first, then written;
        records whose id is already stored are skipped. Returns (added, skipped)."""
        prepared, skipped, seen = [], 0, set()
        for record in records:
            record = dict(record)
            record.setdefault("format", 1)
            record.setdefault("id", str(uuid.uuid4()))
            record.setdefault("played_at", now_iso())
            summary = summarise(record)
            if record["id"] in seen:
                skipped += 1
                continue
            seen.add(record["id"])
            prepared.append(StoredGame(id=record["id"], record=record, status=FINISHED, modified_at=now_iso(),
                                       finished_at=record["played_at"], summary=summary))
        with self._lock:
            fresh = [g for g in prepared if self.get(g.id) is None]
            skipped += len(prepared) - len(fresh)
            self._put_finished(fresh)
            if fresh:
                self.files.history_changed()
        return len(fresh), skipped

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

        A game in which both names play cannot be merged: nothing is changed and ValueError says which.
        """
        with self._lock:
            games = self.in_progress() + list(self._finished.values())
            touched = [g for g in games if old in g.players]
            both = [g for g in touched if new in g.players]
            if both:
                raise ValueError(f"{old} and {new} both played in the game of {both[0].played_at[:10]}: they are two people")
            renamed = [(g, *scoring.rename_player(g.record, old, new, g.draft)) for g in touched]
            for _, record, _ in renamed:
                scoring.parse(record)
            for g, record, draft in renamed:
                if g.status == FINISHED:
                    self._drop_finished(g)
                    self._put_finished([StoredGame(id=g.id, record=record, status=FINISHED, modified_at=g.modified_at,
                                                   finished_at=g.finished_at, summary=summarise(record))])
                else:
                    self.save_progress(g.id, record, draft)
            if any(g.status == FINISHED for g, _, _ in renamed):
                self.files.history_changed()
        return len(renamed)

    # -- settings ----------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        with self._lock:
            doc = self.live.table("settings").get(Query().key == key)
        return default if doc is None else doc["value"]

    def set_setting(self, key: str, value: Any) -> None:
        with self._lock:
            self.live.table("settings").upsert({"key": key, "value": value}, Query().key == key)


def default_data_folder() -> Path:
    """Flet's app storage when packaged, else the platform's user data folder."""
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    import platformdirs

    return Path(platformdirs.user_data_dir("tableside", appauthor=False))
