"""An import: finished games stored all or nothing, with the photos they name, checked first without the store's lock."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable

from companion.data import changes, collector, photos
from companion.data.atomic_files import CommitPending, StoreWriteError, in_words
from companion.data.backups import now_iso
from companion.data.checks import with_offset
from companion.data.stored_game import FINISHED, StoredGame, admit, check_id, summarise
from companion.data.transactions import StoreCore
from companion.language import _


class Imports(StoreCore):
    def add_finished(
        self, records: list[dict], progress: Callable[[int, int], None] | None = None, brought: dict[str, bytes] | None = None
    ) -> tuple[int, int]:
        """Store finished games (an import), all or nothing: every record is validated first (ValueError /
        RecordError), then all are written in one transaction (StoreWriteError: nothing was stored).
        `brought`: the photos that came with them (name → bytes checked to match it); see `_with_photos`.
        An id repeated within `records` is an error; ids already stored are skipped. Returns (added, skipped).
        The records are checked without the store's lock (other sessions' changes go on meanwhile);
        `progress(done, all)` hears how many are checked. A `played_at` without an offset is stored with
        this machine's (checks.with_offset)."""
        # Thousands of games' objects at once. Not frozen (collector.keep) as at start-up: the sessions
        # open now would be frozen too, and what they leave behind never collected.
        with collector.paused():
            return self._add_finished(records, progress, brought or {})

    def _add_finished(self, records: list[dict], progress: Callable[[int, int], None] | None, brought: dict[str, bytes]) -> tuple[int, int]:
        prepared: list[StoredGame] = []
        first_seen: dict[str, int] = {}  # id → the record's position in `records`
        now = now_iso()
        for position, record in enumerate(records, start=1):
            if progress is not None and position % 200 == 0:
                progress(position, len(records))
            record = dict(record)
            record.setdefault("format", 1)
            if "id" not in record:
                # Only then: uuid4 reads os.urandom, and a worker thread's system call per game let it
                # take Python's lock back before the event loop's thread could (every tap waited seconds).
                record["id"] = str(uuid.uuid4())
            record.setdefault("played_at", now)
            check_id(record["id"])
            summary = summarise(record)
            admit(record, arriving=True, finished=True)
            record["played_at"] = with_offset(record["played_at"])  # stored with its offset: read alike in every zone
            if record["id"] in first_seen:
                raise ValueError(
                    _("record {position} repeats the id {id} of record {first}").format(
                        position=position, id=repr(record["id"]), first=first_seen[record["id"]]
                    )
                )
            first_seen[record["id"]] = position
            prepared.append(
                StoredGame(
                    id=record["id"], record=record, status=FINISHED, modified_at=now, finished_at=record["played_at"], summary=summary
                )
            )
        with self._lock:  # every other session's tap waits while it is held: no lookup per game in it
            taken = self.taken_ids()
            fresh = [g for g in prepared if g.id not in taken]
            if fresh:
                fresh, written = self._with_photos(fresh, brought)
                try:
                    with self._changing(changes.HISTORY):
                        self._put_finished(fresh)
                except CommitPending:
                    raise  # the games are written and the next start puts them in place: their photos stay
                except BaseException:
                    photos.PhotoFolder(self.folder).discard_new(written)  # "nothing was changed" stays true
                    raise
                self.files.history_changed()
        return len(fresh), len(prepared) - len(fresh)

    def _with_photos(self, games: list[StoredGame], brought: dict[str, bytes]) -> tuple[list[StoredGame], set[str]]:
        """The games to store, each naming only photos that are here now, and the photo files written for
        them. Under the store's lock, at the moment of storing: a game deleted since the import was asked
        about may have taken a photo to the trash (it is brought back), and a game skipped as already
        present writes nothing. OSError (StoreWriteError in words): what was written is removed again."""
        folder = photos.PhotoFolder(self.folder)
        written: set[str] = set()
        out: list[StoredGame] = []
        try:
            for game in games:
                names = photos.names_of(game.record)
                for name in sorted(names):
                    if folder.has(name) or folder.bring_back([name]) or name not in brought:
                        continue
                    folder.put(brought[name])
                    written.add(name)
                kept = [r for r in photos.refs_of(game.record) if folder.has(r.get("file", ""))]
                if len(kept) == len(photos.refs_of(game.record)):
                    out.append(game)
                    continue
                record = {**game.record, "photos": kept} if kept else {k: v for k, v in game.record.items() if k != "photos"}
                out.append(dataclasses.replace(game, record=record))
        except OSError as e:
            folder.discard_new(written)
            raise StoreWriteError(_("A photo could not be written: {problem}").format(problem=in_words(e))) from e
        return out, written
