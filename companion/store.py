"""The only module that touches TinyDB: games in progress, finished games and settings.

Games in progress live in `live.json`, finished games in `history.json`: the file written on
every tap stays small however long the history grows. Every record is validated by
`scoring` before it is stored, so nothing invalid is ever saved.
"""

from __future__ import annotations

import copy
import fcntl
import os
import threading
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from tinydb import Query, TinyDB

import scoring

from .storage import AtomicJSONStorage

SCHEMA_VERSION = 1
IN_PROGRESS = "in_progress"
FINISHED = "finished"


class StoreLocked(RuntimeError):
    """Another Tableside process already uses this data folder."""


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass(frozen=True)
class StoredGame:
    id: str
    record: dict  # a FORMAT.md record, carrying `id` and `played_at`
    status: str
    modified_at: str
    finished_at: str | None = None
    draft: Any = None  # a round being entered that is not yet complete (Card Commons)

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
            modified_at=doc["modified_at"], finished_at=doc.get("finished_at"), draft=copy.deepcopy(doc.get("draft")),
        )

    def to_doc(self) -> dict:
        return {
            "id": self.id, "record": self.record, "status": self.status, "modified_at": self.modified_at,
            "finished_at": self.finished_at, "draft": self.draft,
        }


class GameStore:
    def __init__(self, folder: str | os.PathLike):
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self._lock = threading.RLock()
        self._lock_file = open(self.folder / "tableside.lock", "a+")
        try:
            fcntl.flock(self._lock_file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._lock_file.close()
            raise StoreLocked(f"another Tableside process is using {self.folder}; stop it or choose another --data folder") from None
        self.live = TinyDB(self.folder / "live.json", storage=AtomicJSONStorage)
        self.history = TinyDB(self.folder / "history.json", storage=AtomicJSONStorage)
        meta = self.live.table("meta")
        if not meta.all():
            meta.insert({"schema": SCHEMA_VERSION})

    def close(self) -> None:
        with self._lock:
            self.live.close()
            self.history.close()
            self._lock_file.close()

    # -- games --------------------------------------------------------------

    def _games(self, status: str):
        return self.live.table("games") if status == IN_PROGRESS else self.history.table("games")

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
            self._games(IN_PROGRESS).insert(game.to_doc())
        return game

    def get(self, game_id: str) -> StoredGame | None:
        with self._lock:
            for status in (IN_PROGRESS, FINISHED):
                doc = self._games(status).get(Query().id == game_id)
                if doc is not None:
                    return StoredGame.from_doc(doc)
        return None

    def save_progress(self, game_id: str, record: dict, draft: Any = None) -> StoredGame:
        """Store the new state of a game in progress; refuses an invalid record (nothing changes)."""
        scoring.parse(record)
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            game = StoredGame(id=game_id, record=record, status=current.status, modified_at=now_iso(),
                              finished_at=current.finished_at, draft=draft)
            self._games(current.status).update(game.to_doc(), Query().id == game_id)
        return game

    def finish(self, game_id: str, record: dict | None = None) -> StoredGame:
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            record = record if record is not None else current.record
            scoring.parse(record)
            game = StoredGame(id=game_id, record=record, status=FINISHED, modified_at=now_iso(),
                              finished_at=current.finished_at or now_iso())
            self._games(current.status).remove(Query().id == game_id)
            self._games(FINISHED).upsert(game.to_doc(), Query().id == game_id)
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
            self._games(FINISHED).remove(Query().id == game_id)
            self._games(IN_PROGRESS).insert(game.to_doc())
        return game

    def delete(self, game_id: str) -> StoredGame | None:
        with self._lock:
            current = self.get(game_id)
            if current is not None:
                self._games(current.status).remove(Query().id == game_id)
        return current

    def restore(self, game: StoredGame) -> None:
        """Put back a game exactly as it was (undo of a delete)."""
        with self._lock:
            self._games(game.status).upsert(game.to_doc(), Query().id == game.id)

    def in_progress(self) -> list[StoredGame]:
        with self._lock:
            games = [StoredGame.from_doc(d) for d in self._games(IN_PROGRESS).all()]
        return sorted(games, key=lambda g: g.modified_at, reverse=True)

    def finished(self, limit: int | None = None) -> list[StoredGame]:
        with self._lock:
            docs = list(self._games(FINISHED).all())
        docs.sort(key=lambda d: d.get("finished_at") or "", reverse=True)
        return [StoredGame.from_doc(d) for d in docs[:limit]]

    # -- players and settings -----------------------------------------------

    def recent_players(self, limit: int = 12) -> list[str]:
        """Names from the newest games first, each once."""
        with self._lock:
            games = self.in_progress() + self.finished()
        games.sort(key=lambda g: g.modified_at, reverse=True)
        names: dict[str, None] = {}
        for g in games:
            for name in g.players:
                names.setdefault(name, None)
        return list(names)[:limit]

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

