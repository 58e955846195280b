"""Python's cycle collector in a server, and memory given back to the system once sessions are gone.

Every redraw leaves a new tree of controls alive in the session, so CPython's collector keeps
promoting objects to its oldest generation, and with its default thresholds it walked the whole
heap (every open screen: ten tables of four tablets are millions of objects) every ~3 s, for
300-420 ms in which no device was served, to find a few dozen objects. Full passes now come ten
times less often (`tune_collector`); what they find is little (refcounting frees screens).

A closed session's screens are freed by Python, but the C allocator keeps the freed pages for
itself: 100 tablets that left would keep the server ~130 MB larger for good. After sessions close,
a full collection and glibc's malloc_trim return what is free (debounced: once per few seconds),
once the games are quiet: a full collection walks every open screen, and at a club night of 20
tables (bench/club.py) it held every device for 3.9 s. While tables play, memory waits."""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import logging
import time
from collections.abc import Callable

log = logging.getLogger("tableside")

GEN1_PASSES_PER_FULL = 100  # CPython's default is 10
SETTLE_SECONDS = 5.0  # sessions close in bursts (Flet evicts every 10 s): one trim after each burst

_libc = None
_pending: asyncio.TimerHandle | None = None


def tune_collector() -> None:
    """For the server process: a full collection after 100 middle-generation passes, not 10.
    10 tables × 4 tablets (bench/club.py): other devices' update p95 432 ms -> 68 ms."""
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, GEN1_PASSES_PER_FULL)


def _trim(last_change: Callable[[], float]) -> None:
    global _pending, _libc
    _pending = None
    if time.monotonic() - last_change() < SETTLE_SECONDS:  # a game is being played: not now
        give_back_soon(last_change)
        return
    gc.collect()
    try:
        if _libc is None:
            _libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        _libc.malloc_trim(0)
    except (OSError, AttributeError):  # not glibc (macOS, musl): Python's own collection is all there is
        log.debug("malloc_trim is not available")


def give_back_soon(last_change: Callable[[], float]) -> None:
    """After a session closed: collect and trim once the burst of closings is over and no game has
    changed for a while (`last_change`: time.monotonic() of the last change of any game)."""
    global _pending
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    if _pending is not None:
        _pending.cancel()
    _pending = loop.call_later(SETTLE_SECONDS, _trim, last_change)
