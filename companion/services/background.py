"""Long work (an import's checks, an export of thousands of games) off the event loop, where there
is a thread for it: on the server every other session is served meanwhile. The browser build
(Pyodide) has one thread and one person: the work runs in place there."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
THREADS = sys.platform != "emscripten"


async def in_thread(work: Callable[..., T], /, *args) -> T:
    return await asyncio.to_thread(work, *args) if THREADS else work(*args)
