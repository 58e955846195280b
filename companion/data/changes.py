"""Who is told of a change: the screens of every session subscribe to what they draw from.

A change names its topics (`game:<id>` for one game's record, `LIVE` for the list of games in
progress, `HISTORY` for the finished games, `SETTINGS` for settings, PIN and invites); the store
publishes them once its files are written, and every subscriber of those topics redraws from the
stored state. Standard library only: the data layer publishes without knowing about screens.

Past one process (docs/scaling.md), a change must reach the screens of every process that shows the
same lists: `Changes(bus=...)` tells its own subscribers at once (the tapping device is still drawn
first) and hands the change to a bus (companion/data/bus.py), which carries it to every process; a
process skips its own changes coming back, so one change is drawn once everywhere.
"""

from __future__ import annotations

import itertools
import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from typing import Protocol

log = logging.getLogger("tableside")

LIVE = "live"  # which games are in progress, and what Home says of each
HISTORY = "history"  # the finished games: history, players, statistics, latest results
SETTINGS = "settings"  # settings, the PIN and the invitations (seats)
EVERYTHING = "*"  # every subscriber, whatever its topics (a rename touches every record)


def game(game_id: str) -> str:
    """The topic of one game's record (in progress, edited or saved)."""
    return f"game:{game_id}"


class Bus(Protocol):
    """What carries changes between processes: `send` publishes (with the sender's origin), and every
    listener is called with each change sent anywhere, its own included (Changes skips those)."""

    def send(self, origin: str, topics: frozenset[str]) -> None: ...

    def listen(self, heard: Callable[[str, frozenset[str]], None]) -> Callable[[], None]: ...


class Changes:
    """Topic → callbacks. Callbacks must be quick and must not raise: they only schedule a redraw."""

    def __init__(self, bus: Bus | None = None) -> None:
        self._bus = bus
        self._origin = uuid.uuid4().hex  # this process's name on the bus
        self._stop_listening = bus.listen(self._from_bus) if bus is not None else None
        self._lock = threading.Lock()
        self._ids = itertools.count()
        self._subscribers: dict[str, dict[int, Callable[[], None]]] = {}
        self._published: dict[str, int] = {}  # topic → how many changes of it were published (EVERYTHING's too)
        self.last_heard = 0.0  # time.monotonic() of the last change: how long the games have been quiet

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
        """The one place a change leaves: to this process's subscribers now, and to the other processes by the bus."""
        topics = frozenset(topics)
        self.heard(topics)
        if self._bus is not None:
            self._bus.send(self._origin, topics)

    def _from_bus(self, origin: str, topics: frozenset[str]) -> None:
        if origin != self._origin:  # this process's own change was heard when it was published
            self.heard(topics)

    def heard(self, topics: Iterable[str]) -> None:
        """A change published here or (through the bus) in another process: its subscribers here redraw."""
        topics = set(topics)
        self.last_heard = time.monotonic()
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

    def close(self) -> None:
        """Stop hearing the bus (the store closes)."""
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
