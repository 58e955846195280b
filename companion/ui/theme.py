"""The theme of one session: the server's default (the host's Settings, a store setting) until the
device's own choice, which its browser keeps (so no other device changes with it)."""

from __future__ import annotations

import flet as ft

from companion.data.store import GameStore
from companion.ui import themes
from companion.ui.preferences import BrowserPreferences

THEME_SETTING = "theme.dark"  # the store's setting: True when devices that chose nothing start dark
THEME_PREFERENCE = themes.PREFERENCE  # a device's own choice ("light", "dark" or "black"), kept by its browser


class Theme:
    def __init__(self, page: ft.Page, store: GameStore, preferences: BrowserPreferences):
        self.page = page
        self.store = store
        self.preferences = preferences
        self.dark = store.setting(THEME_SETTING) is True  # the server's default, until the browser says its own choice
        self.black = False  # the Black theme (themes.py): dark, on a page of true black

    @property
    def mode(self) -> ft.ThemeMode:
        return ft.ThemeMode.DARK if self.dark else ft.ThemeMode.LIGHT

    @property
    def default_dark(self) -> bool:
        return self.store.setting(THEME_SETTING) is True

    def set_default(self, dark: bool) -> None:
        """The theme of devices that chose none (the host's Settings): this device's own choice stays."""
        self.store.set_setting(THEME_SETTING, dark)

    def choose(self, choice: str) -> None:
        """This device's own theme (one of themes.CHOICES): kept by its browser, so no other device changes with it."""
        self.dark, self.black = themes.flags(choice)
        self.page.theme_mode = self.mode
        self.page.run_task(self._keep, choice)

    async def _keep(self, choice: str) -> None:
        # The browser keeps nothing: this session stays so, a reload starts from the default.
        await self.preferences.set(THEME_PREFERENCE, choice, "the theme")

    async def restore(self) -> bool:
        """At a session's start: the device's own theme, if its browser keeps one. Whether it changed."""
        choice = await self.preferences.get(THEME_PREFERENCE, "its theme")
        if choice not in themes.CHOICES or themes.flags(choice) == (self.dark, self.black):
            return False
        self.dark, self.black = themes.flags(choice)
        return True
