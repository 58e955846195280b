"""What a browser keeps for this device, in its own storage (Flet's SharedPreferences): the device's
theme, the host's unlock (host_grants.py), a phone's seat. Read and written with a time limit: a browser
that does not answer keeps nothing, and the session goes on as if it kept nothing."""

from __future__ import annotations

import asyncio
import logging

import flet as ft

BROWSER_ANSWERS_WITHIN = 10.0  # seconds: a browser that does not say what it keeps is taken to keep nothing.
# Nothing waits on it (the screen shows the defaults meanwhile). It was 3 s: in a loaded CI run a tablet page opened
# again never showed the Black theme it kept, most likely because a browser busy booting answered later than that,
# and a slow phone would lose its theme and a host's unlock for the session the same way.

log = logging.getLogger("tableside")


class BrowserPreferences:
    """One session's browser storage, made on first use."""

    def __init__(self) -> None:
        self._preferences: ft.SharedPreferences | None = None

    @property
    def storage(self) -> ft.SharedPreferences:
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
        return self._preferences

    async def get(self, key: str, what: str) -> object:
        """What the browser keeps under `key` (None: nothing, or no answer; `what` names it in the log)."""
        try:
            return await asyncio.wait_for(self.storage.get(key), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser left or did not answer: as if it kept nothing
            log.info("the browser did not say %s: %s", what, type(e).__name__)
            return None

    async def set(self, key: str, value: str, what: str) -> bool:
        """Ask the browser to keep `value`: whether it did."""
        try:
            await asyncio.wait_for(self.storage.set(key, value), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser left, or keeps nothing
            log.info("the browser did not keep %s: %s", what, type(e).__name__)
            return False
        return True

    async def remove(self, key: str, what: str) -> None:
        try:
            await asyncio.wait_for(self.storage.remove(key), BROWSER_ANSWERS_WITHIN)
        except Exception as e:
            log.info("the browser did not forget %s: %s", what, type(e).__name__)
