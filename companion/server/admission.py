"""Sessions that have not entered the PIN: few per device, and gone minutes after they leave.

Flet keeps every session an hour after its browser left (about 115 kB each), so a device that
opens sessions without ever entering the PIN could fill the server's memory. While a PIN is
required, a new session is let in only if its device (its transport address, identity.py; an
IPv6 /64) holds fewer than MAX_PENDING_PER_ADDRESS sessions still waiting for it, and the other
devices together fewer than MAX_PENDING; the others see a short message. This machine's own
browsers (loopback) are counted apart, MAX_PENDING_LOCAL at most, so no one else can take their
places nor they everyone's; a browser that is the host by its address waits for nothing and is
not counted. A waiting session is dropped PENDING_TTL seconds after its browser left.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
import weakref
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import flet as ft

from companion import language
from companion.access.identity import address_of, device_of, is_loopback, on_this_machine
from companion.language import N_, _

if TYPE_CHECKING:
    from companion.access.gate import Gate

log = logging.getLogger("tableside")

PageMain = Callable[[ft.Page], Awaitable[None] | None]  # what Flet runs for each session: plain or async

UNLOCKED = "tableside.unlocked"  # set in the session's store once it entered the PIN
MAX_PENDING_PER_ADDRESS = 8
MAX_PENDING = 256  # every other device together
MAX_PENDING_LOCAL = 32  # this machine's browsers (loopback), apart from the others
PENDING_TTL = 120  # seconds
SWEEP_EVERY = 5.0  # seconds (Flet itself deletes expired sessions every 10 s)
BUSY = N_("Too many sessions from this device are waiting for the PIN. Close the other Tableside tabs, or try again in a few minutes.")


def mark_unlocked(page: ft.Page) -> None:
    page.session.store.set(UNLOCKED, True)


def is_unlocked(session) -> bool:
    return bool(session.store.get(UNLOCKED))


async def expire_within(session, seconds: float) -> None:
    """Make Flet's evictor delete a disconnected session `seconds` from now, if that is sooner.
    Session.disconnect is Flet's public way to set a disconnected session's expiry; it also sends
    the page a second "disconnect" event, which this app does not listen to."""
    soon = datetime.now(UTC) + timedelta(seconds=seconds)
    if session.connection is None and session.expires_at is not None and session.expires_at > soon:
        await session.disconnect(max(0, int(seconds)))


class Pending:
    """The sessions of this server still waiting for the PIN."""

    def __init__(self):
        self.sessions: list[tuple[str, weakref.ref, float]] = []  # (client address, session, seconds kept once left)
        self._sweeper: asyncio.Task | None = None

    def waiting(self) -> list[tuple[str, object, float]]:
        """Live sessions still waiting (a deleted or expired session no longer counts)."""
        now = datetime.now(UTC)
        alive = []
        for address, ref, ttl in self.sessions:
            session = ref()
            if session is None or is_unlocked(session):
                continue
            if session.connection is None and session.expires_at is not None and session.expires_at <= now:
                continue
            alive.append((address, ref, ttl))
        self.sessions = alive
        return [(a, s, ttl) for a, r, ttl in alive if (s := r()) is not None]

    async def sweep(self) -> None:
        for _address, session, ttl in self.waiting():
            await expire_within(session, ttl)

    def admit(self, page: ft.Page) -> bool:
        address = address_of(page)
        device, local = device_of(address), is_loopback(address)
        waiting = self.waiting()
        same = sum(1 for a, *unused in waiting if device_of(a) == device)
        others = sum(1 for a, *unused in waiting if is_loopback(a) == local)  # the locals' places, or everyone else's
        admitted = others < MAX_PENDING_LOCAL if local else (others < MAX_PENDING and same < MAX_PENDING_PER_ADDRESS)
        # A refused session is counted too until it leaves, then dropped at once.
        self.sessions.append((address, weakref.ref(page.session), PENDING_TTL if admitted else 0))
        self._start_sweeping()
        if not admitted:
            log.warning("refused a session from %s: %d waiting for the PIN from there, %d in all", address, same, others)
        return admitted

    def _start_sweeping(self) -> None:
        if self._sweeper is None or self._sweeper.done():
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def _sweep_forever(self) -> None:
        while self.sessions:
            await asyncio.sleep(SWEEP_EVERY)
            await self.sweep()


def show_busy(page: ft.Page) -> None:
    """BUSY, at once in English, then in the first of the browser's languages Tableside speaks once it says them."""
    page.title = "Tableside"
    said = ft.Text(_(BUSY))
    page.add(ft.Semantics(identifier="message", content=said))
    page.run_task(say_busy_in_its_language, page, said)


async def say_busy_in_its_language(page: ft.Page, said: ft.Text) -> None:
    try:
        info = await asyncio.wait_for(page.get_device_info(), 3)
    except Exception as e:  # the browser left, or says nothing of itself: English stays
        log.info("a refused session's browser did not say its languages: %s", type(e).__name__)
        return
    with language.speaking(language.best_match(locale.language_code for locale in (info.locales if info else None) or [])):
        said.value = _(BUSY)
    page.update()


def limited(main: PageMain, gate: Gate, pending: Pending | None = None) -> PageMain:
    """`main`, letting in only as many sessions waiting for the PIN as Pending allows."""
    waiting = pending or Pending()

    def must_wait(page: ft.Page) -> bool:
        return gate.required and not on_this_machine(address_of(page))  # the host by its address waits for nothing

    if inspect.iscoroutinefunction(main):

        async def limited_async(page: ft.Page) -> None:
            if must_wait(page) and not waiting.admit(page):
                return show_busy(page)
            await main(page)

        return limited_async

    def limited_main(page: ft.Page) -> None:
        if must_wait(page) and not waiting.admit(page):
            return show_busy(page)
        main(page)

    return limited_main
