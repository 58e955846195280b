"""Change delivery for one session: what its screens draw from (the store's topics, changes.py), and
their redraws run in this session while its browser is connected; reconnected, every redraw runs once."""

from __future__ import annotations

import contextvars
import itertools
import logging
import threading
from collections.abc import Callable, Iterable

import flet as ft

from companion.data.changes import Changes

log = logging.getLogger("tableside")


class Subscriptions:
    def __init__(self, page: ft.Page, changes: Changes):
        self.page = page
        self.changes = changes
        self.connected = True
        self.visits = 0  # how many times the browser came back (a screen's timer starts again: widgets/game_clock.py)
        self._keys = itertools.count()
        self._wanted: dict[int, tuple[tuple[str, ...], Callable[[], None]]] = {}  # what this session's screens draw from
        self._held: dict[int, Callable[[], None]] = {}  # their subscriptions while the browser is connected
        # Redraws another session's change asked for, run together in one task of this session: a play
        # screen has a subscription per live part, and a task each cost more than the redraws.
        self._due: dict[int, Callable[[], None]] = {}
        self._due_lock = threading.Lock()  # a change may be published from a worker thread

    def version(self, topics: Iterable[str]) -> int:
        """How many changes of `topics` were published so far (a screen compares it with what it drew)."""
        return self.changes.version(topics)

    def subscribe(self, topics: Iterable[str], redraw: Callable[[], None]) -> Callable[[], None]:
        """Run `redraw` in this session after each change of one of `topics`, while its browser is
        connected; returns what ends it (a screen that leaves). Reconnected, every redraw runs once."""
        key = next(self._keys)
        self._wanted[key] = (tuple(topics), redraw)
        if self.connected:
            self._hold(key)

        def end() -> None:
            self._wanted.pop(key, None)
            release = self._held.pop(key, None)
            if release is not None:
                release()

        return end

    def _hold(self, key: int) -> None:
        topics, redraw = self._wanted[key]

        def deliver() -> None:
            if not self.connected:
                return
            if self._publishing_here():  # this session made the change: its own screen is drawn first, now
                redraw()
                return
            with self._due_lock:
                first = not self._due
                self._due[key] = redraw
            if first:
                self._run_due()

        self._held[key] = self.changes.subscribe(topics, deliver)

    def _run_due(self) -> None:
        """Run, in this session, every redraw due by then (one task for all a change asked of it)."""

        async def in_this_session() -> None:
            with self._due_lock:
                due, self._due = self._due, {}
            for redraw in due.values():
                redraw()

        try:  # a copy of the context: run_task binds this session's page to it, not to the sender's
            contextvars.copy_context().run(self.page.run_task, in_this_session)
        except Exception:  # the browser left meanwhile (Flet may have dropped its session: not read here)
            with self._due_lock:
                self._due.clear()
            log.debug("a change could not reach a session that ended", exc_info=True)

    def _publishing_here(self) -> bool:
        """Whether the code running now is this session's own (its tap made the change being published)."""
        try:
            return ft.context.page is self.page
        except RuntimeError:  # a worker thread, or another app's code: no page of ours
            return False

    def disconnected(self) -> None:
        """The browser left (closed, reloaded, asleep): this session stops hearing of changes at once."""
        self.connected = False
        for release in self._held.values():
            release()
        self._held.clear()

    def reconnected(self) -> None:
        """The same browser came back within Flet's window: subscribe again and redraw from the stored state."""
        self.connected = True
        self.visits += 1
        for key in list(self._wanted):
            if key not in self._held:
                self._hold(key)
        for _, redraw in list(self._wanted.values()):
            redraw()

    def closed(self) -> None:
        """Flet dropped the session: nothing of it stays subscribed."""
        self.disconnected()
        self._wanted.clear()
