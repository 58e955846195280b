"""Carriers of changes between processes (changes.Bus), for Tableside past one process (docs/scaling.md).

`LocalBus` joins the `Changes` of several stores in one process, and is what the tests use to stand
for several processes: what one publishes, every one hears, in the order sent. A bus between real
processes (Redis pub/sub, PostgreSQL LISTEN/NOTIFY, e.g. through the `broadcaster` package) has the
same two methods: `send` publishes the sender's origin and the topics (a few short strings: a JSON
list fits any of them), and a listener task calls every `heard` with what arrives, its own messages
included (`Changes` skips its own: it told its subscribers when it published). Standard library only.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable


class LocalBus:
    """Every `Changes` listening here hears every change sent here."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._ids = itertools.count()
        self._listeners: dict[int, Callable[[str, frozenset[str]], None]] = {}

    def send(self, origin: str, topics: frozenset[str]) -> None:
        with self._lock:
            listeners = list(self._listeners.values())
        for heard in listeners:
            heard(origin, topics)

    def listen(self, heard: Callable[[str, frozenset[str]], None]) -> Callable[[], None]:
        with self._lock:
            key = next(self._ids)
            self._listeners[key] = heard

        def stop() -> None:
            with self._lock:
                self._listeners.pop(key, None)

        return stop
