"""Who is told of a change: the screens of every session subscribe to what they draw from.

A change names its topics (`game:<id>` for one game's record, `LIVE` for the list of games in
progress, `HISTORY` for the finished games, `SETTINGS` for settings, PIN and invites); the store
publishes them once its files are written, and every subscriber of those topics redraws from the
stored state. Standard library only: the data layer publishes without knowing about screens.
"""

from __future__ import annotations

import itertools
import logging
import threading
from collections.abc import Callable, Iterable

log = logging.getLogger("tableside")

LIVE = "live"  # which games are in progress, and what Home says of each
HISTORY = "history"  # the finished games: history, players, statistics, latest results
SETTINGS = "settings"  # settings, the PIN and the invitations (seats)
EVERYTHING = "*"  # every subscriber, whatever its topics (a rename touches every record)


def game(game_id: str) -> str:
    """The topic of one game's record (in progress, edited or saved)."""
    return f"game:{game_id}"


class Changes:
    """Topic → callbacks. Callbacks must be quick and must not raise: they only schedule a redraw."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count()
        self._subscribers: dict[str, dict[int, Callable[[], None]]] = {}
        self._published: dict[str, int] = {}  # topic → how many changes of it were published (EVERYTHING's too)

    def subscribe(self, topics: Iterable[str], callback: Callable[[], None]) -> Callable[[], None]:
        """Call `callback` after every change of one of `topics`; returns what unsubscribes it."""
        topics = tuple(topics)
        with self._lock:
            key = next(self._ids)
            for topic in topics:
                self._subscribers.setdefault(topic, {})[key] = callback

        def unsubscribe() -> None:
            with self._lock:
                for topic in topics:
                    held = self._subscribers.get(topic)
                    if held is not None:
                        held.pop(key, None)
                        if not held:
                            del self._subscribers[topic]

        return unsubscribe

    def publish(self, topics: Iterable[str]) -> None:
        topics = set(topics)
        with self._lock:
            for topic in topics:
                self._published[topic] = self._published.get(topic, 0) + 1
            if EVERYTHING in topics:
                chosen = {k: cb for held in self._subscribers.values() for k, cb in held.items()}
            else:
                chosen = {k: cb for t in topics for k, cb in self._subscribers.get(t, {}).items()}
        for callback in chosen.values():  # each subscriber once, however many of its topics changed
            try:
                callback()
            except Exception:  # one broken subscriber never keeps the others from hearing
                log.exception("a subscriber of %s failed", sorted(topics))

    def version(self, topics: Iterable[str]) -> int:
        """How many changes of `topics` were published so far: a screen that read the state at one
        version and subscribed at another missed a change in between, and draws again."""
        with self._lock:
            return sum(self._published.get(t, 0) for t in {*topics, EVERYTHING})

    def count(self, topic: str | None = None) -> int:
        """Subscriptions of `topic` (of all topics when None): what a closed session must leave at zero."""
        with self._lock:
            if topic is not None:
                return len(self._subscribers.get(topic, {}))
            return len({k for held in self._subscribers.values() for k in held})
