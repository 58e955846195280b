"""Finished games: finishing, deleting and restoring one, and the queries of the history (indexed in
memory when the store opens: lists never read the month files)."""

from __future__ import annotations

from tinydb import Query

from companion.data import changes, photos
from companion.data.backups import now_iso
from companion.data.damaged import DamagedRecord
from companion.data.stored_game import EDITING, FINISHED, IN_PROGRESS, StoredGame, admit, summarise
from companion.data.transactions import StoreCore
from scoring.record import GameIdentity


class History(StoreCore):
    def finish(self, game_id: str, record: dict | None = None) -> StoredGame:
        with self._lock:
            current = self.get(game_id)
            if current is None:
                raise KeyError(game_id)
            record = record if record is not None else current.record
            admit(record)
            game = StoredGame(
                id=game_id,
                record=record,
                status=FINISHED,
                modified_at=now_iso(),
                finished_at=current.finished_at or now_iso(),
                summary=summarise(record),
            )
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game_id)):
                if current.status == FINISHED:
                    self._drop_finished(current)
                self._put_finished([game])
                if current.status == IN_PROGRESS:
                    self.live.table("games").remove(Query().id == game_id)
            self.files.history_changed()
        return game

    def delete(self, game_id: str) -> StoredGame | None:
        """Remove a game (and any edit copy of it); returns it, for `restore` (undo)."""
        with self._lock:
            current = self.get(game_id)
            if current is None:
                return None
            pictured = photos.of_game(self, game_id)
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game_id)):
                if current.status == FINISHED:
                    self._drop_finished(current)
                    self.live.table("edits").remove(Query().id == game_id)
                else:
                    self.live.table("games").remove(Query().id == game_id)
            photos.forget(self, pictured)  # its photos go with it (kept aside for its Undo)
            if current.status == FINISHED:
                self.files.history_changed()
            else:
                self.files.live_changed()
        return current

    def restore(self, game: StoredGame) -> None:
        """Put back a game exactly as it was (undo of a delete, or of an edit copy's discard)."""
        table = {IN_PROGRESS: "games", EDITING: "edits"}.get(game.status)
        with self._lock:
            with self._changing(changes.LIVE, changes.HISTORY, changes.game(game.id)):
                if game.status == FINISHED:
                    self._put_finished([game])
                else:  # a game in progress, or the edit copy of a saved game: each back in its own table
                    self.live.table(table or "games").upsert(game.to_doc(), Query().id == game.id)
            photos.bring_back(self, game.record)
            if game.status == FINISHED:
                self.files.history_changed()
            else:
                self.files.live_changed()

    def finished(
        self,
        limit: int | None = None,
        offset: int = 0,
        game: str | None = None,
        player: str | None = None,
        since: str | None = None,
        until: str | None = None,
        group: GameIdentity | None = None,
    ) -> list[StoredGame]:
        """Finished games, newest played first (compared as datetimes), filtered by game (its rules' key), group
        (a game as the figures group it: a score pad per its title, StoredGame.identity), player and date range
        (inclusive, ISO dates, each game's date where it was played)."""
        with self._lock:
            games = list(self._finished.values())
        if game:
            games = [g for g in games if g.game == game]
        if group:
            games = [g for g in games if g.identity == group]
        if player:
            games = [g for g in games if player in g.players]
        if since:
            games = [g for g in games if g.when.date().isoformat() >= since]
        if until:
            games = [g for g in games if g.when.date().isoformat() <= until]
        games.sort(key=lambda g: g.order, reverse=True)
        return games[offset : None if limit is None else offset + limit]

    def damaged(self) -> list[DamagedRecord]:
        """Stored records set aside because they cannot be used, with the reason (damaged.py)."""
        with self._lock:
            return list(self.damaged_records.records)
