"""The theme is each device's own (kept by its browser); the server's setting is only the default
of devices that chose none: the host's switch does not turn a guest's phone dark."""

import flet as ft

from companion.ui.session import THEME_PREFERENCE, THEME_SETTING


def flip(h, label: str = "Dark theme") -> None:
    switch = h.find(ft.Switch, label=label)
    h.choose(switch, not switch.value)  # as the browser does: the value, then the event
    h.settle()


def test_a_devices_theme_is_its_own_and_survives_a_reload(open_app, store):
    host_browser: dict = {}
    h = open_app("/settings", browser_storage=host_browser)
    assert h.page.theme_mode == ft.ThemeMode.LIGHT
    flip(h)
    assert h.page.theme_mode == ft.ThemeMode.DARK
    assert host_browser == {THEME_PREFERENCE: "dark"}  # kept by this browser…
    assert store.setting(THEME_SETTING) is not True  # …not the server's default

    again = open_app("/", browser_storage=host_browser)  # a reload of the same browser
    again.settle()
    assert again.page.theme_mode == ft.ThemeMode.DARK
    guest = open_app("/", browser_storage={})  # another device: the default, light
    guest.settle()
    assert guest.page.theme_mode == ft.ThemeMode.LIGHT


def test_the_servers_setting_is_the_default_a_devices_choice_wins(open_app, store):
    h = open_app("/settings", browser_storage={})
    flip(h, "Dark theme for devices that have not chosen")
    assert store.setting(THEME_SETTING) is True
    assert h.page.theme_mode == ft.ThemeMode.LIGHT  # this device's theme did not change with the default
    new = open_app("/", browser_storage={})
    new.settle()
    assert new.page.theme_mode == ft.ThemeMode.DARK  # a device that chose nothing starts dark
    light = open_app("/", browser_storage={THEME_PREFERENCE: "light"})
    light.settle()
    assert light.page.theme_mode == ft.ThemeMode.LIGHT  # one that chose light stays light


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
