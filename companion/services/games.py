"""The stored games as a screen reads and changes them: open one, list, start, rematch, delete with an
Undo, drop a game in progress or an edit's changes, import finished ones.

Screens (companion/ui/views) reach the store through this module and its neighbours, never directly:
what a tap may do to the store is written here once. The names a screen needs of a stored game (its
type, its statuses, the error a failed write raises, how its id goes into an address) are given here too.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import scoring
from companion.data.atomic_files import StoreWriteError
from companion.data.damaged import DamagedRecord
from companion.data.ids import route_id
from companion.data.stored_game import EDITING, FINISHED, IN_PROGRESS, StoredGame
from companion.services import kept_figures

if TYPE_CHECKING:
    from companion.data.store import GameStore
    from companion.services.live import Check, Done, GameHub, LiveGame

__all__ = ["EDITING", "FINISHED", "IN_PROGRESS", "DamagedRecord", "Games", "StoreWriteError", "StoredGame", "route_id"]


class Games:
    """The games of one store, for the screens (every session of a server shares the store)."""

    def __init__(self, store: GameStore, hub: GameHub):
        self.store = store
        self.hub = hub

    # -- reading --------------------------------------------------------------------------

    def get(self, game_id: str) -> StoredGame | None:
        return self.store.get(game_id)

    def editing(self, game_id: str) -> StoredGame | None:
        """The edit copy of a saved game someone is editing (None: nobody is)."""
        return self.store.editing(game_id)

    def unfinished(self) -> list[StoredGame]:
        """Games in progress and saved games being edited, the latest changed first."""
        return sorted(self.store.in_progress() + self.store.edits(), key=lambda g: g.modified_at, reverse=True)

    def finished(self, **filters: Any) -> list[StoredGame]:
        """Finished games, newest first (filters: limit, game, group, player, since, until: GameStore.finished)."""
        return self.store.finished(**filters)

    def damaged(self) -> list[DamagedRecord]:
        """Records start-up set aside because they no longer score (kept, exportable as they are)."""
        return self.store.damaged()

    def figures(self) -> kept_figures.KeptFigures:
        """The history's figures and ratings, worked out once per change for every session (kept_figures.py)."""
        return kept_figures.of(self.store)

    def taken_ids(self) -> set[str]:
        """The ids an import would skip as already present."""
        return self.store.taken_ids()

    # -- changing -------------------------------------------------------------------------

    def start(self, record: dict) -> StoredGame:
        """Store a new game in progress (raises scoring.RecordError or StoreWriteError)."""
        return self.store.create(record)

    def rematch(self, stored: StoredGame) -> StoredGame:
        """A new game of the same game, players and options."""
        return self.store.create(scoring.rematch(stored.record))

    # -- changing a game: the one door (the live game, services/live.py, keeps each game's changes in order) --

    def open(self, game_id: str, edit: bool = True) -> LiveGame | None:
        """The live game every device of a table plays on (None: not stored); `edit`: a saved game opens its
        edit copy."""
        return self.hub.open(game_id, edit=edit)

    def set_details(self, game_id: str, location: str, notes: str, check: Check) -> Done:
        """Where a game was played and its notes, by a device `check` allows."""
        return self.hub.set_details(game_id, location, notes, check=check)

    def finish(self, game_id: str) -> StoredGame:
        """Save a game as finished (its clock stops), or an edit's changes over the saved game."""
        return self.hub.finish(game_id)

    def cancel_edit(self, game_id: str) -> StoredGame | None:
        """Drop an edit's changes: the saved game is as it was."""
        return self.hub.cancel_edit(game_id)

    def delete(self, game_id: str) -> StoredGame | None:
        """Delete a game (in progress or finished): what was deleted, for an Undo (None: it was gone)."""
        return self.store.delete(game_id)

    def discard(self, game: StoredGame) -> StoredGame | None:
        """Drop a game in progress, or the changes of a saved game being edited (the saved game stays
        as it was): what was dropped, for an Undo (None: nothing was there)."""
        if game.status == EDITING:
            removed = self.store.editing(game.id)
            self.hub.cancel_edit(game.id)
            return removed
        return self.store.delete(game.id)

    def restore(self, removed: StoredGame) -> None:
        """Undo a delete or a discard: the game as it was."""
        self.store.restore(removed)

    @property
    def folder(self) -> Path:
        """The data folder: the photos of the tableaux sit beside the history (data/photos.py)."""
        return self.store.folder

    def add_finished(
        self, records: list[dict], report: Callable[[int, int], None] | None = None, photos: dict[str, bytes] | None = None
    ) -> tuple[int, int]:
        """Import checked records, with the photos they refer to: (added, skipped as already present); all or nothing."""
        return self.store.add_finished(records, report, photos)
