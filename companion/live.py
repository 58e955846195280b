"""A game being entered: the record, every change checked by `scoring`, undo, autosave.

A change is a function that edits a copy of the record. If `scoring` refuses the
result, nothing changes and the reason is returned for the screen to show; otherwise the
new record is saved at once, so a reload or a restarted server resumes exactly here.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

import scoring
from scoring import Record, RecordError, Result

from .store import FINISHED, GameStore, StoredGame

UNDO_DEPTH = 100
Edit = Callable[[dict], Any]


class LiveGame:
    def __init__(self, store: GameStore, game: StoredGame):
        self.store = store
        self.id = game.id
        self.record = game.record
        self.draft = game.draft
        self.status = game.status
        self._undo: list[tuple[dict, Any]] = []
        self.parsed: Record = scoring.parse(self.record)
        self.result: Result = scoring.score(self.parsed)

    @classmethod
    def load(cls, store: GameStore, game_id: str) -> LiveGame | None:
        game = store.get(game_id)
        return None if game is None else cls(store, game)

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def rules(self) -> Any:
        """The game module's parsed record (e.g. a lost_cities.Game), for the rule helpers."""
        return self.parsed.game

    def _set(self, record: dict, draft: Any, parsed: Record) -> None:
        self.record, self.draft, self.parsed, self.result = record, draft, parsed, scoring.score(parsed)

    def try_record(self, edit: Edit) -> tuple[dict, Record] | str:
        """The record `edit` would make, parsed, or why it is refused."""
        record = copy.deepcopy(self.record)
        edit(record)
        try:
            return record, scoring.parse(record)
        except RecordError as e:
            return str(e)

    def change(self, edit: Edit, draft: Any = ...) -> str | None:
        """Apply `edit` to the record (and replace the draft if given); None, or the refusal."""
        attempt = self.try_record(edit)
        if isinstance(attempt, str):
            return attempt
        record, parsed = attempt
        new_draft = self.draft if draft is ... else draft
        self.store.save_progress(self.id, record, new_draft)
        self._undo.append((self.record, self.draft))
        del self._undo[:-UNDO_DEPTH]
        self._set(record, new_draft, parsed)
        return None

    def set_draft(self, draft: Any) -> None:
        self.change(lambda r: None, draft=draft)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    def undo(self) -> None:
        if not self._undo:
            return
        record, draft = self._undo.pop()
        self.store.save_progress(self.id, record, draft)
        self._set(record, draft, scoring.parse(record))

    def finish(self) -> None:
        self.store.finish(self.id, self.record)
        self.status = FINISHED
