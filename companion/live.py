"""Games being entered: the record, every change checked by `scoring`, undo, autosave,
shared by every browser session of this server.

A change is a function that edits a copy of the record. If `scoring` refuses the result,
nothing changes and the reason is returned for the screen to show; otherwise the new record
is saved at once, so a reload or a restarted server resumes exactly here.

All sessions (a tablet and the players' phones) work on one `LiveGame` per game, so no
change can overwrite another. Anything else that writes a game (a rename, an import)
goes straight to the store; a change made on top of a stale copy is refused, the copy
is refreshed, and the screen says so: never a silent overwrite.
"""

from __future__ import annotations

import copy
import threading
from typing import Any, Callable

import scoring
from scoring import Record, RecordError

from .records import changes_only
from .store import EDITING, FINISHED, GameStore, StoredGame

UNDO_DEPTH = 100
Edit = Callable[[dict], Any]
NOT_YOURS = "This phone can change only its own player's cards; the table's host can change everything."
STALE = "This game was changed elsewhere: the screen now shows the latest state. Tap again if you still need to."


class LiveGame:
    def __init__(self, store: GameStore, game: StoredGame):
        self.store = store
        self.id = game.id
        self.status = game.status
        self._undo: list[tuple[dict, Any, str]] = []  # (record, draft, who made the change undone by it)
        self._set(game.record, game.draft, scoring.parse(game.record))

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def rules(self) -> Any:
        """The game module's parsed record (e.g. a lost_cities.Game), for the rule helpers."""
        return self.parsed.game

    def _set(self, record: dict, draft: Any, parsed: Record) -> None:
        self.record, self.draft, self.parsed, self.result = record, draft, parsed, scoring.score(parsed)

    def _stored(self) -> StoredGame | None:
        """The edit copy while editing a saved game (the saved game once the copy is saved or cancelled)."""
        return (self.store.editing(self.id) if self.status == EDITING else None) or self.store.get(self.id)

    def _save(self, record: dict, draft: Any) -> None:
        (self.store.save_edit if self.status == EDITING else self.store.save_progress)(self.id, record, draft)

    def _refresh_if_stale(self) -> bool:
        stored = self._stored()
        if stored is None:
            raise KeyError(f"the game {self.id} is no longer stored")
        if stored.record == self.record and stored.draft == self.draft and stored.status == self.status:
            return False
        self.status = stored.status
        self._undo.clear()
        self._set(stored.record, stored.draft, scoring.parse(stored.record))
        return True

    def try_record(self, edit: Edit) -> tuple[dict, Record] | str:
        """The record `edit` would make, parsed, or why it is refused."""
        record = copy.deepcopy(self.record)
        edit(record)
        try:
            return record, scoring.parse(record)
        except RecordError as e:
            return str(e)

    def change(self, edit: Edit, draft: Any = ..., who: str = "") -> str | None:
        """Apply `edit` to the record (and replace the draft if given); None, or the refusal."""
        if self._refresh_if_stale():
            return STALE
        attempt = self.try_record(edit)
        if isinstance(attempt, str):
            return attempt
        record, parsed = attempt
        new_draft = self.draft if draft is ... else draft
        if who and not changes_only(who, (self.record, self.draft), (record, new_draft)):
            return NOT_YOURS
        self._save(record, new_draft)
        self._undo.append((self.record, self.draft, who))
        del self._undo[:-UNDO_DEPTH]
        self._set(record, new_draft, parsed)
        return None

    def can_undo(self, who: str = "") -> bool:
        """Undo takes back the last change at the table; a player's phone only its own."""
        return bool(self._undo) and (not who or self._undo[-1][2] == who)

    def undo(self, who: str = "") -> str | None:
        if self._refresh_if_stale():
            return STALE
        if not self.can_undo(who):
            return "The last change was made on another device."
        record, draft, _ = self._undo.pop()
        self._save(record, draft)
        self._set(record, draft, scoring.parse(record))
        return None


class GameHub:
    """One LiveGame per game for all the sessions of this process."""

    def __init__(self, store: GameStore):
        self.store = store
        self._games: dict[str, LiveGame] = {}
        self._lock = threading.RLock()

    def open(self, game_id: str) -> LiveGame | None:
        """The game in progress, shared; for a saved game its edit copy (the saved game stays in the history)."""
        with self._lock:
            live = self._games.get(game_id)
            if live is not None and self.store.get(game_id) is not None and not live.finished:
                return live
            stored = self.store.get(game_id)
            if stored is None:
                self._games.pop(game_id, None)
                return None
            if stored.status == FINISHED:
                stored = self.store.edit_copy(game_id)
            live = self._games[game_id] = LiveGame(self.store, stored)
            return live

    def finish(self, game_id: str) -> StoredGame:
        with self._lock:
            live = self._games.pop(game_id, None)
            if self.store.editing(game_id) is not None:
                game = self.store.replace_finished(game_id)  # Save changes: one atomic swap
            else:
                game = self.store.finish(game_id)
            if live is not None:
                live.status = FINISHED
            return game

    def cancel_edit(self, game_id: str) -> StoredGame | None:
        """Drop the edit copy: the saved game is exactly as it was."""
        with self._lock:
            live = self._games.pop(game_id, None)
            if live is not None:
                live.status = FINISHED
            return self.store.cancel_edit(game_id)
