"""Games being entered, shared by every browser session of this server.

Every change is an action (scoring/actions.py), applied in order, under one lock, to the
game as it is now: two devices' "+1" both count, the same card added twice stays once, and
a refused action leaves everything as it was and says where and why. The new state is saved
at once, so a reload or a restarted server resumes exactly here; a save that fails (a full or
read-only disk) changes nothing and its Done says why in the store's words ("The disk is full: …").

Rights are checked at every action, not when a screen opened: `act` and `undo` take the session's
`check` (session.App.may_change) and run it under the game's lock, just before the change; a
sentence from it refuses the action and changes nothing (a released seat, a revoked invite, a new
PIN the session has not entered).

A phone says "done" for the round (`say_done`): the live game keeps who is done until the round
changes (a new round, one scored or undone), and every screen of the game hears of it. It is a
word between devices, not part of the game: it is not stored, and a restarted server forgets it.

The game clock (game_clock.py) is part of the record: `pause_clock` pauses or runs it like an action
(the same rights check, under the same lock), and finishing the game stops it. Undo never moves it.

Undo is an action too: "undo my last action". The game keeps the actions applied since it was
opened (its log); undoing one removes it from the log and replays the others on the state
before them, so it never takes back another device's work.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import scoring
from companion.data import changes, photos
from companion.data.store import EDITING, FINISHED, IN_PROGRESS, GameStore, StoredGame, StoreWriteError
from companion.language import N_, _, ngettext, spoken
from companion.services import game_clock, game_details
from companion.services.table_answers import TableAnswers
from scoring import Action, Record, RecordError, Table

LOG_DEPTH = 200  # actions a device can still undo; older ones are folded into the base state
NOT_YOURS = N_("This phone can change only its own player's cards; the table's host can change everything.")
NOTHING_TO_UNDO = N_("Nothing of yours to undo.")
NOT_DONE_YOURS = N_("This phone can say only its own player is done.")
Check = Callable[[], str]  # "" when the device may change the game now, else why not (a sentence)


def anyone() -> str:
    """The check of a change no device made (the command line, a test): nobody is refused."""
    return ""


@dataclass(frozen=True)
class Done:
    """What happened to an action: `message` is empty when it changed the game as asked."""

    changed: bool
    message: str = ""
    action: Action | None = None


@dataclass(frozen=True)
class Entry:
    who: str  # the device that sent it ("host:<session>" or the seat's player)
    action: Action
    after: Table


def refused_in_words(error: RecordError, players: list[str], action: Action) -> str:
    """A refused action in plain words, in the reader's language: the round and player the tap was on go without saying."""
    shown = {action.player or ""}
    round_ = getattr(action, "round", None)  # the round shown when the tap was made, where a game has rounds
    if isinstance(round_, int):
        shown.add(f"round {round_}")  # a step of the refusal's place (scoring's "round N"), not words
    return error.sentence(players, shown, say=spoken)


def failed_in_words(error: Exception) -> str:
    """Why a save failed, in the reader's language: the store's words (StoreWriteError: already said in them), or
    the rules' (a RecordError: its place, then its message)."""
    return spoken(error.said) if isinstance(error, RecordError) else str(error)


class LiveGame:
    def __init__(self, store: GameStore, game: StoredGame):
        self.store = store
        self.id = game.id
        self.status = game.status
        self._lock = threading.RLock()
        self._log: list[Entry] = []
        self._base = Table(game.record, game.draft, scoring.parse(game.record))
        self._set(self._base)
        self._done: tuple[int, frozenset[str]] = (self._round(), frozenset())  # (the round it is of, who is done)

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    @property
    def record(self) -> dict:
        return self.table.record

    @property
    def draft(self) -> Any:
        return self.table.draft

    @property
    def position(self) -> Any:
        """The game as it stands: its module's parsed record (e.g. a lost_cities.Game), for the rule
        helpers. ("rules" is a game's GameRules, or its module; "game" its key.)"""
        return self.parsed.game

    def _round(self) -> int:
        """Which round is being entered, as far as "done" goes: the rounds in the record (0 for a game without)."""
        rounds = self.table.record.get("rounds")
        return len(rounds) if isinstance(rounds, list) else 0

    @property
    def done(self) -> frozenset[str]:
        """The players whose phones said they are done entering this round; nobody once the round changes."""
        round_, players = self._done
        return players & set(self.record["players"]) if round_ == self._round() else frozenset()

    def say_done(self, player: str, done: bool, seat: str | None = None, check: Check | None = None) -> Done:
        """`player` is done entering this round (or, `done` false, not yet); a phone at `seat` says it of its own player only."""
        if seat is not None and player != seat:
            return Done(False, _(NOT_DONE_YOURS))
        with self._lock:
            refused = check() if check is not None else ""
            if refused:
                return Done(False, refused)
            self._refresh_if_stale()
            if player not in self.record["players"]:
                return Done(False, _("No one called {player} plays in this game.").format(player=player))
            now = self.done
            self._done = (self._round(), now | {player} if done else now - {player})
        self.store.changes.publish([changes.game(self.id)])  # every screen of the game shows who is still entering
        return Done(True)

    def _set(self, table: Table) -> None:
        """`table` as this game's state: it carries its parse (scoring.apply's), so nothing parses it again."""
        parsed: Record = table.parsed if table.parsed is not None else scoring.parse(table.record)
        self.table, self.parsed, self.result = table, parsed, scoring.score(parsed)
        self.answers = TableAnswers(table)  # the rules' answers for it, worked out once for every screen drawing it

    def _stored(self) -> StoredGame | None:
        """The edit copy while editing a saved game (the saved game once the copy is saved or cancelled)."""
        return (self.store.editing(self.id) if self.status == EDITING else None) or self.store.get(self.id)

    def _refresh_if_stale(self) -> None:
        """Something else wrote this game (a rename, an import): that is the state actions apply to now."""
        if self.store.holds(self.id, self.status, self.record, self.draft):  # the usual tap: no copy read
            return
        stored = self._stored()
        if stored is None:
            raise KeyError(f"the game {self.id} is no longer stored")
        if stored.record == self.record and stored.draft == self.draft and stored.status == self.status:
            return
        self.status = stored.status
        self._log.clear()
        self._base = Table(stored.record, stored.draft, scoring.parse(stored.record))
        self._set(self._base)

    def _save(self, table: Table) -> None:
        save = self.store.save_edit if self.status == EDITING else self.store.save_progress
        with self.store.one_change():  # published after _set: a screen redrawn on hearing of it draws this table
            save(self.id, table.record, table.draft, checked=table.parsed)  # validated once, by scoring.apply
            self._set(table)

    def act(self, action: Action, who: str, seat: str | None = None, check: Check | None = None) -> Done:
        """Apply `action` from device `who`; a phone at `seat` may act only for that seat's player,
        and only while `check` says it still may."""
        if seat is not None and action.player != seat:
            return Done(False, _(NOT_YOURS), action)
        with self._lock:
            refused = check() if check is not None else ""
            if refused:
                return Done(False, refused, action)
            self._refresh_if_stale()
            try:
                table = scoring.apply(self.table, action)
            except RecordError as e:  # Unchanged too: said, nothing stored
                return Done(False, refused_in_words(e, self.record["players"], action), action)
            try:
                self._save(table)
            except (StoreWriteError, RecordError) as e:  # a full or read-only disk: said as it is, nothing changed
                return Done(False, failed_in_words(e), action)
            self._log.append(Entry(who, action, table))
            if len(self._log) > LOG_DEPTH:
                self._base = self._log.pop(0).after
            return Done(True, "", action)

    def set_details(self, location: str, notes: str, check: Check) -> Done:
        """Where the game is played and its notes (game_details.py), kept beside play."""

        def changed() -> dict | Done:
            if game_details.same_details(self.record, location, notes):
                return Done(False)
            return game_details.with_details(self.record, location, notes)

        return self._beside_play(check, changed, game_details.merged)

    def pause_clock(self, paused: bool, check: Check) -> Done:
        """Pause the game clock (or, `paused` false, run it again) now (game_clock.py), kept beside play: undoing
        a card never moves the clock."""

        def changed() -> dict | Done:
            if self.status != IN_PROGRESS:
                return Done(False, _(game_clock.STOPPED))
            try:
                return game_clock.with_pause(self.record, paused, game_clock.now())
            except RecordError as e:  # already so (another device pressed it first), or no more pauses
                return Done(False, e.message)

        return self._beside_play(check, changed, game_clock.carried)

    def add_photo(self, ref: dict, seat: str | None, check: Check) -> Done:
        """A photo of a tableau (tableau_photos.py), kept beside play: undoing a card keeps it."""

        def changed() -> dict | Done:
            if seat is not None and self.record["players"][ref["seat"]] != seat:
                return Done(False, _(NOT_YOURS))
            return photos.with_photo(self.record, ref)

        return self._beside_play(check, changed, photos.merged)

    def _beside_play(self, check: Check, changed: Callable[[], dict | Done], carry: Callable[[dict, dict], dict]) -> Done:
        """A change that is not an action to undo (details, the clock, a photo): under the game's lock, by a
        device `check` allows, on the newest stored game, `changed()` gives the new record (or a Done that
        says why nothing changes); it is saved as an action is, and what undo replays from carries it
        (`carry(old record, new record)`), so undoing a card keeps it."""
        with self._lock:
            refused = check()
            if refused:
                return Done(False, refused)
            self._refresh_if_stale()
            record = changed()
            if isinstance(record, Done):
                return record
            try:
                self._save(Table(record, self.draft))
            except (StoreWriteError, RecordError) as e:  # a full or read-only disk: said as it is, nothing changed
                return Done(False, failed_in_words(e))
            self._base = Table(carry(self._base.record, record), self._base.draft)
            self._log = [Entry(e.who, e.action, Table(carry(e.after.record, record), e.after.draft)) for e in self._log]
            return Done(True)

    def can_undo(self, who: str) -> bool:
        return any(entry.who == who for entry in self._log)

    def undo(self, who: str, check: Check | None = None) -> Done:
        """Take back `who`'s last action; the others' actions after it are replayed and stay."""
        with self._lock:
            refused = check() if check is not None else ""
            if refused:
                return Done(False, refused)
            self._refresh_if_stale()
            mine = [i for i, entry in enumerate(self._log) if entry.who == who]
            if not mine:
                return Done(False, _(NOTHING_TO_UNDO))
            undone = self._log[mine[-1]]
            table = self._log[mine[-1] - 1].after if mine[-1] else self._base
            replayed: list[Entry] = self._log[: mine[-1]]
            dropped = 0
            for entry in self._log[mine[-1] + 1 :]:
                try:
                    table = scoring.apply(table, entry.action)
                except RecordError:  # it built on the action undone (Unchanged included): it goes too
                    dropped += 1
                    continue
                replayed.append(Entry(entry.who, entry.action, table))
            try:
                self._save(table)
            except (StoreWriteError, RecordError) as e:  # nothing was undone: the log stays as it was
                return Done(False, failed_in_words(e), undone.action)
            self._log = replayed
            went = ngettext("{count} later change that built on it went too.", "{count} later changes that built on it went too.", dropped)
            note = went.format(count=dropped) if dropped else ""
            return Done(True, note, undone.action)


class GameHub:
    """One LiveGame per game for all the sessions of this process."""

    def __init__(self, store: GameStore):
        self.store = store
        self._games: dict[str, LiveGame] = {}
        self._lock = threading.RLock()

    def open(self, game_id: str, edit: bool = True) -> LiveGame | None:
        """The game in progress, shared; for a saved game its edit copy (the saved game stays in the history),
        made only when `edit` (a screen drawn again after the game was saved must not start an edit)."""
        with self._lock:
            live = self._games.get(game_id)
            if live is not None and self.store.get(game_id) is not None and not live.finished:
                return live
            stored = self.store.get(game_id)
            if stored is None:
                self._games.pop(game_id, None)
                return None
            if stored.status == FINISHED:
                if not edit and self.store.editing(game_id) is None:
                    return None
                stored = self.store.edit_copy(game_id)
            live = self._games[game_id] = LiveGame(self.store, stored)
            return live

    def finish(self, game_id: str) -> StoredGame:
        with self._lock:
            live = self._games.pop(game_id, None)
            if self.store.editing(game_id) is not None:
                game = self.store.replace_finished(game_id)  # Save changes: one atomic swap
            else:
                stored = self.store.get(game_id)
                # The clock stops when the game is saved (a saved game's clock stopped with it).
                record = game_clock.with_stop(stored.record, game_clock.now()) if stored and stored.status == IN_PROGRESS else None
                game = self.store.finish(game_id, record)
            if live is not None:
                live.status = FINISHED
            return game

    def set_details(self, game_id: str, location: str, notes: str, check: Check) -> Done:
        """Location and notes of a game: a game in progress or an edit copy takes them like an action;
        a saved game nobody is editing is replaced in one atomic step (the edit-copy swap, without a copy)."""
        with self._lock:
            stored = self.store.get(game_id)
            if stored is None:
                raise KeyError(game_id)
            if stored.status == FINISHED and self.store.editing(game_id) is None:
                refused = check()
                if refused:
                    return Done(False, refused)
                if game_details.same_details(stored.record, location, notes):
                    return Done(False)
                try:
                    self.store.replace_finished(game_id, game_details.with_details(stored.record, location, notes))
                except (StoreWriteError, RecordError, ValueError) as e:
                    return Done(False, failed_in_words(e))
                return Done(True)
            live = self.open(game_id, edit=False)
            if live is None:
                raise KeyError(game_id)
            return live.set_details(location, notes, check)

    def cancel_edit(self, game_id: str) -> StoredGame | None:
        """Drop the edit copy: the saved game is exactly as it was."""
        with self._lock:
            live = self._games.pop(game_id, None)
            if live is not None:
                live.status = FINISHED
            copy = self.store.editing(game_id)
            saved = self.store.cancel_edit(game_id)
            if copy is not None:  # photos taken during the edit go with it (back with its Undo: store.restore)
                photos.forget(self.store, photos.names_of(copy.record))
            return saved
