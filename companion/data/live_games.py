"""Games in progress and the edit copies of saved games (live.json's "games" and "edits" tables).

Editing a saved game never takes it out of the history: `edit_copy` makes a copy held apart,
`save_edit` changes the copy, `replace_finished` swaps it in for the saved game in one step,
`cancel_edit` drops the copy and the saved game is as it was."""

from __future__ import annotations

import copy
import uuid
from typing import Any

from tinydb import Query

import scoring
from companion.data import changes
from companion.data.backups import now_iso
from companion.data.stored_game import EDITING, FINISHED, IN_PROGRESS, StoredGame, admit, check_id, summarise
from companion.data.transactions import StoreCore
from companion.language import _


class LiveGames(StoreCore):
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
                raise ValueError(_("the edited game has no result yet: finish it before saving the changes"))
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
