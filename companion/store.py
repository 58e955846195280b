"""The only module that touches TinyDB: games in progress, finished games and settings.

Layout of the data folder:

    live.json              games in progress, settings, the schema version (written on every tap: small)
    history/YYYY-MM.json   finished games, one file per month of play
    backups/<n>-<time>/    the last BACKUPS_KEPT states of the data files (see below)
    tableside.lock         held (flock) by the process using the folder; holds its pid

Finishing a game rewrites only its month's file, so saving stays quick however long the
history grows; all finished games are indexed in memory when the store opens. Every record
is validated by `scoring` before it is stored, so nothing invalid is ever saved.

Nothing lost, no one in:

- Every data file is written whole to a temporary file, fsynced, put in place with
  os.replace, and the folder fsynced (storage.py): a crash leaves the old file or the new.
- One lock (an RLock) serialises every write of all sessions and threads of this process;
  a second process on the same folder is refused with StoreLocked.
- Backups: whenever the history changes (a game finishes, an import, a reopen, a delete,
  a rename), the state is kept in backups/<n>-<UTC time>/: live.json and every
  history/YYYY-MM.json, so each backup is complete on its own. It stays cheap: live.json
  and the month files that changed are copied; a month file that is the same as in the
  previous backup (same size and CRC-32, listed in each backup's manifest.json) is a hard
  link to that backup's copy (so an unchanged month has one copy shared by the backups).
  Backups never share a file with the data folder, so damage to a data file cannot reach
  them. A backup is built in backups/.tmp-… (its copies fsynced) and renamed into place,
  so a crash leaves no half backup; the oldest beyond BACKUPS_KEPT are removed (renamed
  to .del-… first). Nothing ever rewrites a backup file. Backups are made after the change
  is stored: a failed backup is logged, it does not undo or fail the save.
- At start-up every data file is read and checked. One that is unreadable, not JSON or not
  shaped like Tableside's data is moved aside (kept as e.g. live.json.corrupt-20261129T141000)
  and the newest backup whose copy of it is good is put in its place; without one, the file
  starts empty. Either way a sentence in `recovered` says what happened and where the
  damaged file is; it is logged (logger "tableside") and the home screen shows it.
- A crash between the two writes of a finish (the month file, then live.json) can leave a
  game both finished and in progress: the store opens it as finished.
"""

from __future__ import annotations

import copy
import fcntl
import json
import logging
import os
import shutil
import threading
import uuid
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, Iterable

from tinydb import Query, TinyDB

import scoring

from .records import rename_in_draft, rename_player
from .storage import AtomicJSONStorage, fsync_dir, write_bytes_atomically

SCHEMA_VERSION = 1
IN_PROGRESS = "in_progress"
FINISHED = "finished"
# Schema version → the function that upgrades a store from it to the next version.
MIGRATIONS: dict[int, Callable[["GameStore"], None]] = {}
BACKUPS_KEPT = 5
LIVE = "live.json"

log = logging.getLogger("tableside")


class StoreLocked(RuntimeError):
    """Another Tableside process already uses this data folder."""


def now_iso() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


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
    status = FINISHED if month else IN_PROGRESS
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
        # What start-up found damaged and did about it: sentences for people (shown on the home screen).
        self.recovered: list[str] = []
        self.backups = self.folder / "backups"
        history = self.folder / "history"
        history.mkdir(exist_ok=True)
        self._remove_leftovers()
        # Size and CRC-32 of each data file as it is on disk now (keys: live.json, history/YYYY-MM.json).
        self._prints: dict[str, list[int]] = {}
        live_data = self._open_file(LIVE, month=False)
        self.live = TinyDB(self.folder / LIVE, storage=AtomicJSONStorage, data=live_data)
        self._shards: dict[str, TinyDB] = {}
        self._finished: dict[str, StoredGame] = {}  # id → game, every finished game
        for path in sorted(history.glob("*.json")):
            data = self._open_file(f"history/{path.name}", month=True)
            self._shards[path.stem] = TinyDB(path, storage=AtomicJSONStorage, data=data)
            for doc in self._shards[path.stem].table("games").all():
                self._finished[doc["id"]] = StoredGame.from_doc(doc)
        self._dirty: set[str] = set()  # data files written since the last backup
        # A finish (or reopen) cut short between its two files: the history copy wins.
        both = [d["id"] for d in self.live.table("games").all() if d["id"] in self._finished]
        if both:
            self.live.table("games").remove(Query().id.one_of(both))
            log.info("%d game(s) were both finished and in progress (an interrupted save): kept as finished", len(both))
        self._migrate()

    # -- start-up checks and backups ---------------------------------------------

    def _remove_leftovers(self) -> None:
        """Temporary files and half-made or half-removed backups of a process that was cut short."""
        for tmp in [*self.folder.glob(".*.tmp"), *(self.folder / "history").glob(".*.tmp")]:
            tmp.unlink(missing_ok=True)
        if self.backups.is_dir():
            for leftover in [*self.backups.glob(".tmp-*"), *self.backups.glob(".del-*")]:
                shutil.rmtree(leftover, ignore_errors=True)

    def _open_file(self, rel: str, month: bool) -> dict | None:
        """The checked content of a data file; a damaged one is moved aside and replaced by its newest good backup."""
        path = self.folder / rel
        try:
            data, raw = read_data_file(path, month)
        except DataFileError as e:
            problem = str(e)
        else:
            if data is not None:
                self._prints[rel] = fingerprint(raw)
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
        for candidate in self._backup_folders():
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
            self._prints[rel] = fingerprint(raw)
            message = (f"{rel} was damaged: {problem}. It was moved aside to {aside} and the backup of "
                       f"{backup_time(backup)} was restored; changes made after that backup may be missing.")
        else:
            what = "games in progress and settings" if not month else f"games finished in {Path(rel).stem}"
            message = (f"{rel} was damaged: {problem}. No good backup of it was found: the damaged file was kept "
                       f"as {aside} and Tableside starts without it, so {what} may be missing.")
        self.recovered.append(message)
        log.warning("%s", message)
        return data

    def _backup_folders(self) -> list[Path]:
        """Complete backups, newest first."""
        if not self.backups.is_dir():
            return []
        found = [p for p in self.backups.iterdir() if backup_number(p) >= 0 and p.is_dir()]
        return sorted(found, key=backup_number, reverse=True)

    def _backup(self) -> None:
        """Keep the current state of the data files as the newest backup (called with the lock held)."""
        existing = self._backup_folders()
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
            if rel != LIVE and rel not in self._dirty and rel in self._prints and before.get(rel) == self._prints[rel]:
                try:
                    os.link(previous / rel, tmp / rel)  # the same bytes as the previous backup's copy
                    manifest[rel] = self._prints[rel]
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
            manifest[rel] = self._prints[rel] = fingerprint(raw)
        # The manifest is a hint (a damaged one only means full copies next time): not fsynced. Nor are
        # the backup's folders: after a power cut the newest backup may be missing, and every file of a
        # backup is checked before it is used. This keeps a finish's backup to two fsyncs.
        (tmp / "manifest.json").write_text(json.dumps({"made_at": now_iso(), "files": manifest}), encoding="utf-8")
        os.rename(tmp, self.backups / name)
        self._dirty.clear()
        for old in existing[BACKUPS_KEPT - 1:]:
            gone = self.backups / f".del-{old.name}"
            os.rename(old, gone)  # a removal cut short leaves no half backup that looks complete
            shutil.rmtree(gone, ignore_errors=True)

    def _history_changed(self) -> None:
        """A backup after each change of the history; the change itself is already safely stored."""
        try:
            self._backup()
        except OSError:
            log.exception("could not make a backup in %s", self.backups)

    def _shard(self, month: str) -> TinyDB:
        self._dirty.add(f"history/{month}.json")  # callers write to it
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
            self._history_changed()
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
            self._history_changed()
        return game

    def delete(self, game_id: str) -> StoredGame | None:
        with self._lock:
            current = self.get(game_id)
            if current is None:
                return None
            if current.status == FINISHED:
                self._drop_finished(current)
                self._history_changed()
            else:
                self.live.table("games").remove(Query().id == game_id)
        return current

    def restore(self, game: StoredGame) -> None:
        """Put back a game exactly as it was (undo of a delete)."""
        with self._lock:
            if game.status == FINISHED:
                self._put_finished([game])
                self._history_changed()
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
                self._history_changed()
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
            renamed = [(g, rename_player(g.record, old, new)) for g in touched]
            for _, record in renamed:
                scoring.parse(record)
            for g, record in renamed:
                if g.status == FINISHED:
                    self._drop_finished(g)
                    self._put_finished([StoredGame(id=g.id, record=record, status=FINISHED, modified_at=g.modified_at,
                                                   finished_at=g.finished_at, summary=summarise(record))])
                else:
                    self.save_progress(g.id, record, rename_in_draft(g.draft, old, new))
            if any(g.status == FINISHED for g, _ in renamed):
                self._history_changed()
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
