"""Telling open sessions that rights changed: a PIN was set or changed, a seat released, an invite revoked.

Gate and Invites each hold a `Listeners`; every session's App listens to both (session.py) and, when
what it may do changed, runs its own `on_rights_changed` callbacks in its own context. A listener is
held weakly: a session that is gone stops listening by itself.
"""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable

from companion.language import N_

log = logging.getLogger("tableside")

# What a session is told when it lost a right (and what a refused action says): each said with `_()` where it is
# shown. The seat's `{}` stays positional (tests and screens give it as .format(name)).
PIN_NEEDED = N_("This table's PIN was set or changed: enter it to continue.")
SEAT_RELEASED = N_("Your seat was released by the table's host. To sit again, tap your name: the host is asked to approve.")
# A device held back from taking a seat by itself (invites.py): its "I am <name>" asks the host.
ASK_THE_HOST = N_("The table's host released this phone's seat: tap a name to ask the host for that seat.")
SEAT_ASKED = N_("Asked the table's host for {player}'s seat: waiting for their answer.")
SEAT_REFUSED = N_("The table's host did not give this phone {player}'s seat. Ask at the table.")
SEAT_TAKEN = N_("{player}'s seat is taken by another phone: the host can release it.")
HOST_ONLY = N_("Only the table's host can do that: enter the PIN first.")
INVITE_REVOKED = N_("The table's host revoked this invitation. Ask the table for a new one.")
GAME_GONE = N_("This game is no longer at the table: it was deleted.")
DEVICE_LOCKED = N_("This device is locked: enter the PIN to use it again.")
NOT_YOUR_SEAT = N_("This phone can change only the seat it joined; the table's host can change everything.")


class Listeners:
    """Bound methods to call when something changed (held weakly)."""

    def __init__(self) -> None:
        self._methods: list[weakref.WeakMethod] = []
        self._lock = threading.Lock()

    def add(self, method: Callable[[], None]) -> None:
        with self._lock:
            self._methods = [m for m in self._methods if m() is not None]
            self._methods.append(weakref.WeakMethod(method))  # type: ignore[arg-type]  # a bound method

    def __len__(self) -> int:
        with self._lock:
            return sum(1 for m in self._methods if m() is not None)

    def notify(self) -> None:
        with self._lock:
            alive = [(m, f) for m in self._methods if (f := m()) is not None]
            self._methods = [m for m, unused in alive]
        for _ref, method in alive:
            try:
                method()
            except Exception:  # one session's failure must not keep the others from hearing it
                log.exception("a session could not re-check its rights")
