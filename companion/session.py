"""What one browser session holds: the shared store and games, its role, theme and seats.

Every screen receives the session's `App`; screens import it from here (app.py serves them).
"""

from __future__ import annotations

import contextvars
import ipaddress
import itertools
import logging
import os
from collections.abc import Callable, Iterable, Sequence

import flet as ft

from .access import Gate
from .invites import Invites, Seat
from .live import GameHub
from .store import GameStore

THEME_SETTING = "theme.dark"  # the store's setting: True when the dark theme was chosen
PHONE_MAX_WIDTH = 700  # narrower than this: one player at a time
LOCAL_IS_HOST = "TABLESIDE_LOCAL_IS_HOST"  # "0": a browser on this machine needs the PIN too (tests, kiosks)


def on_this_machine(client_ip: str | None) -> bool:
    """Whether a browser runs on the serving machine (its address is a loopback one)."""
    if os.environ.get(LOCAL_IS_HOST, "1") == "0" or not client_ip:
        return False
    try:
        return ipaddress.ip_address(client_ip).is_loopback
    except ValueError:
        return False


log = logging.getLogger("tableside")


class App:
    """What every screen of one browser session shares."""

    _file_picker: ft.FilePicker  # set on first use by views/transfer.file_picker (absent until then)

    def __init__(
        self, page: ft.Page, store: GameStore, hub: GameHub, gate: Gate, invites: Invites, join_urls: Sequence[str] = (), lan: bool = False
    ):
        self.page = page
        self.join_urls = list(join_urls)  # how other devices reach this server, e.g. http://192.168.1.20:8550
        self.lan = lan  # served to the local network (phones can reach it), not only to this machine
        self.store = store
        self.hub = hub
        self.gate = gate
        self.invites = invites
        # The host: a browser on the serving machine itself, or one that entered the PIN. Anyone else
        # sees the PIN screen, or, holding an invite, one game at one seat (`guest`).
        self.authorized = not gate.required or on_this_machine(page.client_ip)
        self.guest: Seat | None = None
        # Set by the app's root component: show a route, the current route again, a new width.
        self.show_route: Callable[[str], None] = lambda route: None
        self.rebuild: Callable[[], None] = lambda: None
        self.resized: Callable[[], None] = lambda: None
        self.dark = store.setting(THEME_SETTING) is True  # remembered with the other settings
        self.recovery_seen: set[str] = set()  # the store's notices this session dismissed on the home screen
        self.connected = True
        self._subscription_keys = itertools.count()
        self._wanted: dict[int, tuple[tuple[str, ...], Callable[[], None]]] = {}  # what this session's screens draw from
        self._held: dict[int, Callable[[], None]] = {}  # their subscriptions while the browser is connected
        self._wakelock: ft.Wakelock | None = None
        self._preferences: ft.SharedPreferences | None = None

    # -- what this session's screens draw from (changes.py) ----------------------------------

    def subscribe(self, topics: Iterable[str], redraw: Callable[[], None]) -> Callable[[], None]:
        """Run `redraw` in this session after each change of one of `topics`, while its browser is
        connected; returns what ends it (a screen that leaves). Reconnected, every redraw runs once."""
        key = next(self._subscription_keys)
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
        page = self.page

        async def in_this_session() -> None:
            redraw()

        def deliver() -> None:
            if not self.connected:
                return
            try:  # a copy of the context: run_task binds this session's page to it, not to the sender's
                contextvars.copy_context().run(page.run_task, in_this_session)
            except Exception:  # the browser left meanwhile
                log.debug("a change could not reach session %s", page.session.id, exc_info=True)

        self._held[key] = self.store.changes.subscribe(topics, deliver)

    def disconnected(self) -> None:
        """The browser left (closed, reloaded, asleep): this session stops hearing of changes at once."""
        self.connected = False
        for release in self._held.values():
            release()
        self._held.clear()

    def reconnected(self) -> None:
        """The same browser came back within Flet's window: subscribe again and redraw from the stored state."""
        self.connected = True
        for key in list(self._wanted):
            if key not in self._held:
                self._hold(key)
        for _, redraw in list(self._wanted.values()):
            redraw()

    def closed(self) -> None:
        """Flet dropped the session: nothing of it stays subscribed."""
        self.disconnected()
        self._wanted.clear()

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
        self.page.show_dialog(
            ft.SnackBar(
                ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
                bgcolor=ft.Colors.ERROR if error else None,
                duration=4000,
            )
        )

    def keep_awake(self) -> None:
        """Keep the screen on during a game, where the browser allows it (once per session)."""
        if self._wakelock is not None:
            return
        wakelock = self._wakelock = ft.Wakelock()  # registers itself with the page; the reference keeps it alive

        async def enable() -> None:
            try:
                await wakelock.enable()
            except Exception as e:  # a browser may refuse (no user gesture yet, or no support)
                log.info("wakelock not available: %s", e)

        self.page.run_task(enable)

    @property
    def device(self) -> str:
        """Who this session is when it changes a game (undo takes back only its own actions)."""
        return f"host:{self.page.session.id}"

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return ft.ThemeMode.DARK if self.dark else ft.ThemeMode.LIGHT

    def toggle_theme(self) -> None:
        self.store.set_setting(THEME_SETTING, not self.dark)  # first: a failed write leaves the theme as it is
        self.dark = not self.dark
        self.page.theme_mode = self.theme_mode
