"""Bulk work without Python's cycle collector walking the heap again and again as it grows.

The collector runs after every few hundred new objects, and its full passes walk every object
alive: reading a long history (tens of thousands of stored games, each a tree of dicts and lists)
set it off over and over on an ever larger heap (3-5 s of opening 20,000 games). Paused, the
games load in 1 s; stored games are trees (no reference cycles), so nothing waits on it meanwhile.

What a long history loads stays for the process's life. Once the collector runs again it would
walk all of it at once, and again in each later full pass (about a second at 20,000 games, in the
middle of someone's tap): at start-up, before any session, `keep` moves it out of the collector's
sight (gc.freeze). Everything alive is frozen with it, so never later (an import's sessions would
leave garbage nothing collects), and not for a short history (in tests, a leftover of an earlier
test would never be freed).
"""

from __future__ import annotations

import contextlib
import gc
import threading
from collections.abc import Iterator

MANY = 2_000  # stored games from which what is loaded is kept out of the collector's sight

_lock = threading.Lock()
_running = 0  # bulk jobs under way (an import in a worker thread may meet a start-up)
_was_enabled = False


@contextlib.contextmanager
def paused() -> Iterator[None]:
    global _running, _was_enabled
    with _lock:
        if _running == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _running += 1
    try:
        yield
    finally:
        with _lock:
            _running -= 1
            if _running == 0 and _was_enabled:
                gc.enable()


def keep(games: int) -> None:
    """`games` stored games were just loaded, to stay: from MANY on, no collection walks them again."""
    if games >= MANY:
        gc.freeze()
