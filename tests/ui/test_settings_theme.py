"""The dark theme is remembered with the other settings: a new session (a reload) starts dark."""

import flet as ft

from companion.ui.session import THEME_SETTING


def flip_theme(h) -> None:
    switch = h.find(ft.Switch, label="Dark theme")
    value = not switch.value
    h.choose(switch, value)  # as the browser does: the value, then the event


def test_dark_theme_survives_a_reload(open_app, store):
    h = open_app("/settings")
    assert h.page.theme_mode == ft.ThemeMode.LIGHT
    flip_theme(h)
    assert h.page.theme_mode == ft.ThemeMode.DARK
    assert store.setting(THEME_SETTING) is True

    again = open_app("/")  # a new session of the same server, as a reload makes
    assert again.page.theme_mode == ft.ThemeMode.DARK
    assert open_app("/settings").find(ft.Switch, label="Dark theme").value is True

    flip_theme(open_app("/settings"))  # back to light: remembered too
    assert open_app("/").page.theme_mode == ft.ThemeMode.LIGHT


def test_dark_theme_survives_a_server_restart(tmp_path):
    from companion.data.store import GameStore

    first = GameStore(tmp_path / "d")
    first.set_setting(THEME_SETTING, True)
    first.close()
    again = GameStore(tmp_path / "d")
    try:
        assert again.setting(THEME_SETTING) is True
    finally:
        again.close()
