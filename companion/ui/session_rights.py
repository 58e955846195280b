"""What one session may do now: the host (host_unlock.py), a guest holding one seat of one game, or
neither (the PIN screen); which routes it may open, whether it may change a game; and, when another
session changes any of it (a PIN set, a seat released, an invite revoked), telling this session's
screens in its own loop and context (`on_changed`: callbacks (message) -> None)."""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import Callable

from companion.access import rights
from companion.access.invites import Invites, Seat
from companion.data.ids import route_id
from companion.data.store import GameStore
from companion.language import _
from companion.ui.host_unlock import HostUnlock

log = logging.getLogger("tableside")


class SessionRights:
    def __init__(self, host: HostUnlock, invites: Invites, store: GameStore):
        self.host = host
        self.invites = invites
        self.store = store
        self.guest: Seat | None = None
        self.seat_grant: str | None = None  # what holds the guest's seat (Invites.seat_of)
        self.code = ""  # the invitation it came by
        self.on_changed: list[Callable[[str], None]] = []
        try:  # the session's own loop and context (its page): the callbacks run there
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._context = contextvars.copy_context()
        self._seen = self._now()

    def is_host(self) -> bool:
        return self.host.is_host()

    # -- a guest's seat ---------------------------------------------------------------------

    def hold_seat(self, code: str, grant: object) -> Seat | None:
        """Seat this session (not the host) where `grant` holds, for the game invitation `code` names."""
        seat = self.invites.seat_of(grant)
        if seat is None or self.invites.game_of(code) != seat.game:
            return None
        self.guest, self.seat_grant, self.code = seat, str(grant), code
        self.saw_now()
        return seat

    def seat_lost(self) -> str:
        """Why this session no longer holds its seat ("" while it does, or when it has none)."""
        if self.guest is None:
            return ""
        if self.store.get(self.guest.game) is None:
            return rights.GAME_GONE
        if self.invites.seat_of(self.seat_grant) == self.guest:
            return ""
        if self.invites.game_of(self.code) != self.guest.game:
            return rights.INVITE_REVOKED
        return rights.SEAT_RELEASED

    def seat_valid(self) -> bool:
        return self.guest is not None and not self.seat_lost()

    @property
    def join_route(self) -> str | None:
        """The invitation this phone came by (where it picks a seat again), None for the host."""
        return f"/join/{self.code}" if self.guest is not None else None

    @property
    def seat_route(self) -> str | None:
        """A guest's own play screen, where every Back of its screens leads (None for the host): the
        rest of the app is the PIN screen to a guest, so Back never goes there."""
        if self.guest is None or self.is_host() or not self.seat_valid():
            return None
        return f"/join/{route_id(self.code)}/{route_id(self.guest.player)}"

    # -- what it may open and change ---------------------------------------------------------

    def may_open(self, pattern: str, params: dict[str, str]) -> bool:
        """Whether this session may see the route `pattern` (app.routes) with `params` now."""
        if self.is_host() or pattern == "/join/:code":
            return True
        seat = self.guest
        if seat is None or not self.seat_valid():
            return False
        if pattern == "/join/:code/:seat":
            return self.invites.game_of(params["code"]) == seat.game and params["seat"] == seat.player
        return pattern == "/results/:id" and params["id"] == seat.game

    def may_change(self, game_id: str, seat: str | None = None) -> str:
        """Nothing ("") when this session may change game `game_id` now, from a screen of `seat` (None:
        the host's screen); else the sentence that refuses it, in the reader's language (and the screen is redrawn)."""
        if self.is_host():
            return ""
        if seat is None:
            why = rights.PIN_NEEDED
        elif self.guest != Seat(game_id, seat):
            why = rights.NOT_YOUR_SEAT
        else:
            why = self.seat_lost()
        if not why:
            return ""
        self.check()
        return _(why)

    # -- telling the screens of a change -----------------------------------------------------

    def _now(self) -> tuple[bool, bool]:
        return self.is_host(), self.seat_valid()

    def saw_now(self) -> None:
        """This session changed its own rights (a PIN entered, a seat held): nothing to tell it."""
        self._seen = self._now()

    def check(self) -> None:
        """Compare what this session may do with what it could; on a change, run on_changed
        (in this session's loop and context, whichever thread or session changed it)."""
        was_host, had_seat = self._seen
        self._seen = host, seat = self._now()
        if (host, seat) == (was_host, had_seat):
            return
        message = rights.PIN_NEEDED if was_host and not host else (self.seat_lost() if had_seat and not seat else "")
        if self._loop is None or self._loop.is_closed():
            self.changed(message)
        else:
            self._loop.call_soon_threadsafe(self.changed, message, context=self._context)

    def changed(self, message: str) -> None:
        """Run the screens' callbacks now, in this session (`message`: what to tell the person, or "": access/rights.py's
        English, said in the session's language where it is shown)."""
        for callback in list(self.on_changed):
            try:
                callback(message)
            except Exception:
                log.exception("a screen could not follow a change of rights")
