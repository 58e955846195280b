"""The history's figures worked out before anyone asks: at start-up and after each change of the
history, a worker thread fills the caches the statistics and players screens read (each player's
games and the roster's lines, each game's own figures in each language a session has spoken, the
ratings, each game's round scores for a player's records), so a visit finds them ready instead of
reading every record of a long history while the person waits (10,000 games: about 2 s)."""

from __future__ import annotations

import logging
import threading

from companion import language
from companion.data import changes
from companion.data.store import GameStore
from companion.services import kept_figures, records
from companion.ui import games as game_screens

log = logging.getLogger("tableside")


class FiguresWarmer:
    def __init__(self, store: GameStore):
        self.store = store
        self._lock = threading.Lock()
        self._running = False
        self._again = False

    def start(self, after: float = 0.0) -> None:
        """Work them out after each change of the history, and the first time `after` seconds from now."""
        self.store.changes.subscribe([changes.HISTORY], self.soon)
        if not after:
            self.soon()
            return
        first = threading.Timer(after, self.soon)
        first.daemon = True
        first.start()

    def soon(self) -> None:
        """Work the figures out in the background; a change during the work asks for one more round."""
        with self._lock:
            if self._running:
                self._again = True
                return
            self._running = True
        threading.Thread(target=self._run, name="warm-figures", daemon=True).start()

    def _run(self) -> None:
        while True:
            try:
                warm(self.store)
            except Exception:  # a cache left cold is only slower: the screens work it out themselves
                log.exception("the history's figures could not be worked out ahead")
            with self._lock:
                if not self._again:
                    self._running = False
                    return
                self._again = False


def warm(store: GameStore) -> None:
    kept = kept_figures.of(store)
    kept.roster()  # each player's games and the roster's lines, for this version of the history
    kept.ratings()  # next: a screen waits for them (a game saved as the newest rates only it: quick)
    for code in language.readers_languages():  # a game's figures may be words: kept per language
        with language.speaking(code):
            for group in kept.shown(game_screens.ordered()):  # a score pad per its title
                kept.game_stats(group, game_screens.screen(group[0]).statistic)
    kept.wins_per_player()
    finished = kept.current().finished
    for game in finished:  # each game's round scores, which a player's records read (20,000 games: 0.8 s of a first visit)
        records.play_of(game)
