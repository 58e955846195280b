"""The players of every stored game: the roster, recent names, renaming (or merging) a player everywhere."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import scoring
from companion.data import changes
from companion.data.stored_game import EDITING, FINISHED, StoredGame, admit, summarise
from companion.data.transactions import StoreCore
from companion.language import _, day


class Players(StoreCore):
    """A part of GameStore (store.py), beside LiveGames: a rename reaches the games in progress through it."""

    if TYPE_CHECKING:  # LiveGames' own (the same GameStore)

        def in_progress(self) -> list[StoredGame]: ...
        def edits(self) -> list[StoredGame]: ...
        def save_progress(self, game_id: str, record: dict, draft: Any = None, checked: scoring.Record | None = None) -> StoredGame: ...
        def save_edit(self, game_id: str, record: dict, draft: Any = None, checked: scoring.Record | None = None) -> StoredGame: ...

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
                raise ValueError(
                    _("{old} and {new} both played in the game of {day}: they are two people").format(
                        old=old, new=new, day=day(both[0].played_at)
                    )
                )
            renamed = [(g, *scoring.rename_player(g.record, old, new, g.draft)) for g in touched]
            for _game, record, _draft in renamed:
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
