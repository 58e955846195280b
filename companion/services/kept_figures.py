"""The history's figures a screen reads, worked out once per version of the history and kept.

With 100,000 games the Players screen took 18.7 s to open: every session (and every redraw) went
over the whole history for the roster's lines, sorted it again for the names, and built the ratings'
key again. Here one pass over the finished games gives each player's games and their roster line;
it is kept, per store, keyed on the version of the history (`changes.version(HISTORY)`: a save, an
edit, a delete, an import, a rename or a merge each publish a change of it), so every session that
opens a screen before the next change reads it as it is. A player's figures and records, each
game's figures (Statistics), the wins per player and the ratings are worked out on first asking
(the figures' worker asks first: ui/warm_figures.py) and kept with it.

The version is read before the games: a change that lands between the two makes the kept figures
newer than their version says, and the next reader (seeing a newer version) works them out again;
never older.
"""

from __future__ import annotations

import threading
import weakref
from dataclasses import dataclass, field
from typing import Any

from companion import language
from companion.data import changes
from companion.data.store import GameStore, StoredGame
from companion.services import game_groups, history_figures, ratings, records
from scoring.record import GameIdentity


@dataclass
class Worked:
    """The figures of one version of the history."""

    version: int
    finished: list[StoredGame]  # newest played first
    games_of: dict[str, list[StoredGame]]  # player → their finished games, newest first
    roster: dict[str, history_figures.RosterLine]
    # (player, language) → their figures: a streak is words ("3 wins"), kept in each reader's language
    players: dict[tuple[str, str], history_figures.PlayerStats | None] = field(default_factory=dict)
    bests: dict[str, dict[GameIdentity, dict[str, records.Best]]] = field(default_factory=dict)  # player → game → kind → record
    rated: dict[GameIdentity, dict[str, ratings.Rating]] | None = None
    rating: threading.Lock = field(default_factory=threading.Lock)  # one working-out of the ratings at a time
    # (game, language) → its figures (Statistics): a game's own may be words (history_figures.special_figures)
    games: dict[tuple[GameIdentity, str], history_figures.GameStats] = field(default_factory=dict)
    wins: list[tuple[str, int]] | None = None
    titles: dict[GameIdentity, str] | None = None  # each game's name, as its latest game says it (game_groups.py)


def work_out(version: int, finished: list[StoredGame]) -> Worked:
    games_of, roster = history_figures.index(finished)  # the store lists them newest first
    return Worked(version, finished, games_of, roster)


class KeptFigures:
    """One store's figures, worked out again only after its history changed."""

    def __init__(self, store: GameStore):
        self.store = store
        self._lock = threading.Lock()  # sessions draw (and the warmer works) in threads of their own
        self._worked: Worked | None = None

    def current(self) -> Worked:
        version = self.store.changes.version([changes.HISTORY])  # first: see the module's comment
        with self._lock:
            if self._worked is None or self._worked.version != version:
                self._worked = work_out(version, self.store.finished())
            return self._worked

    def roster(self) -> dict[str, history_figures.RosterLine]:
        return self.current().roster

    def players(self) -> list[str]:
        """Everyone who has played (finished games and games in progress), in alphabetical order."""
        names = set(self.current().roster)
        for game in self.store.in_progress():  # a few: the games at the tables now
            names.update(game.players)
        return sorted(names, key=str.casefold)

    def games_of(self, player: str) -> list[StoredGame]:
        return self.current().games_of.get(player, [])

    # Worked out outside the lock (a small list: the player's games): two threads asking at once may
    # both work one out, with the same result; the last one is kept.
    def player_stats(self, player: str) -> history_figures.PlayerStats | None:
        worked = self.current()
        key = (player, language.current())  # its streak is words ("3 wins")
        if key not in worked.players:
            worked.players[key] = history_figures.player_stats(worked.games_of.get(player, []), player)
        return worked.players[key]

    def titles(self) -> dict[GameIdentity, str]:
        """Each game's name as its latest game says it: a score pad's "Hearts" (game_groups.titles)."""
        worked = self.current()
        if worked.titles is None:
            worked.titles = game_groups.titles(worked.finished)
        return worked.titles

    def title(self, game: GameIdentity) -> str:
        return game_groups.title(game, self.titles())

    def shown(self, keys: list[str]) -> list[GameIdentity]:
        """The games a screen lists for the games `keys` (game_groups.shown): each score pad's title the history holds."""
        return game_groups.shown(keys, self.titles())

    def game_stats(self, game: GameIdentity, statistic: history_figures.Special) -> history_figures.GameStats:
        """A game's figures for Statistics (history_figures.game_stats; `statistic`: its screen's own)."""
        worked = self.current()
        key = (game, language.current())  # its own figures may be words (history_figures.special_figures)
        if key not in worked.games:
            worked.games[key] = history_figures.game_stats(worked.finished, game, statistic)
        return worked.games[key]

    def wins_per_player(self) -> list[tuple[str, int]]:
        worked = self.current()
        if worked.wins is None:
            worked.wins = history_figures.wins_per_player(worked.finished)
        return worked.wins

    def player_records(self, player: str) -> dict[GameIdentity, dict[str, records.Best]]:
        """The player's records at each game they played (records.player_records)."""
        worked = self.current()
        if player not in worked.bests:
            mine = worked.games_of.get(player, [])
            worked.bests[player] = records.player_records([records.play_of(g) for g in mine], player)
        return worked.bests[player]

    def ratings_now(self) -> dict[GameIdentity, dict[str, ratings.Rating]] | None:
        """The ratings, unless another thread (the figures' worker) is rating this version right now:
        None then, for a screen to say so and ask again (`ratings`, from a thread of its own) instead
        of holding the server's event loop, and every session with it, until the worker is done."""
        worked = self.current()
        if worked.rated is not None:
            return worked.rated
        if not worked.rating.acquire(blocking=False):
            return None
        try:
            if worked.rated is None:
                worked.rated = ratings.ratings(worked.finished)
            return worked.rated
        finally:
            worked.rating.release()

    def ratings(self) -> dict[GameIdentity, dict[str, ratings.Rating]]:
        """The ratings of this version: a session asking while the figures' worker rates the history
        waits for its result instead of rating it a second time beside it."""
        worked = self.current()
        with worked.rating:
            if worked.rated is None:
                worked.rated = ratings.ratings(worked.finished)
        return worked.rated


_kept: weakref.WeakKeyDictionary[Any, KeptFigures] = weakref.WeakKeyDictionary()
_kept_lock = threading.Lock()


def of(store: GameStore) -> KeptFigures:
    """The store's kept figures (one per store, gone with it)."""
    with _kept_lock:
        found = _kept.get(store)
        if found is None:
            found = _kept[store] = KeptFigures(store)
        return found


def forget() -> None:
    """Every store's kept figures gone (tests and benches: worked out afresh)."""
    with _kept_lock:
        _kept.clear()
