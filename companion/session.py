"""What one browser session holds: the shared store and games, its role, theme and seats.

Every screen receives the session's `App`; screens import it from here (app.py serves them).
"""

from __future__ import annotations

import logging
from typing import Callable

import flet as ft

from .access import Gate
from .live import GameHub
from .store import GameStore

PHONE_MAX_WIDTH = 700  # narrower than this: one player at a time

log = logging.getLogger("tableside")


class App:
    """What every screen of one browser session shares."""

    def __init__(self, page: ft.Page, store: GameStore, hub: GameHub, gate: Gate, join_urls: list[str] = ()):
        self.page = page
        self.join_urls = list(join_urls)  # how phones on the LAN reach this server, e.g. http://192.168.1.20:8550
        self.store = store
        self.hub = hub
        self.gate = gate
        self.authorized = not gate.required
        self.rebuild: Callable[[], None] = lambda: None  # set by main: show the current route again
        self.dark = False
        self.recovery_seen = False  # the store's start-up repairs were acknowledged on the home screen
        self.on_resize_hooks: list[Callable[[], None]] = []
        self._wakelock: ft.Wakelock | None = None
        self._preferences: ft.SharedPreferences | None = None
        self.seats: dict[str, str] = {}  # game id → the player whose phone this session is

    @property
    def preferences(self) -> ft.SharedPreferences:
        """The browser's own storage (a phone's seat survives a closed tab there)."""
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
        return self._preferences

    @property
    def device_key(self) -> str:
        """Who is guessing PINs: the device's address (a new tab is the same device)."""
        return self.page.client_ip or self.page.session.id

    @property
    def wide(self) -> bool:
        return (self.page.width or 0) >= PHONE_MAX_WIDTH

    def go(self, route: str) -> None:
        self.page.navigate(route)

    def notify(self, message: str, error: bool = False) -> None:
        self.page.show_dialog(ft.SnackBar(
            ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
            bgcolor=ft.Colors.ERROR if error else None,
            duration=4000,
        ))

    def keep_awake(self) -> None:
        """Keep the screen on during a game, where the browser allows it (once per session)."""
        if self._wakelock is not None:
            return
        self._wakelock = ft.Wakelock()  # registers itself with the page; the reference keeps it alive

        async def enable() -> None:
            try:
                await self._wakelock.enable()
            except Exception as e:  # a browser may refuse (no user gesture yet, or no support)
                log.info("wakelock not available: %s", e)

        self.page.run_task(enable)

    @property
    def device(self) -> str:
        """Who this session is when it changes a game (undo takes back only its own actions)."""
        return f"host:{self.page.session.id}"

    def toggle_theme(self) -> None:
        self.dark = not self.dark
        self.page.theme_mode = ft.ThemeMode.DARK if self.dark else ft.ThemeMode.LIGHT
