"""The theme is each device's own (kept by its browser): Light, Dark or Black (true black, issue 41);
the server's setting is only the default of devices that chose none: the host's switch does not turn
a guest's phone dark."""

import flet as ft
import pytest

import scoring
from companion.ui import themes
from companion.ui.session import THEME_PREFERENCE, THEME_SETTING

GREY = "Material's dark grey"  # a dark theme that names no page colour: Flutter's, from the seeded scheme


def flip(h, label: str) -> None:
    switch = h.switch(label)
    h.choose(switch, not switch.value)  # as the browser does: the value, then the event
    h.settle()


def choose(h, label: str) -> None:
    """Tap the radio named `label` ("Light theme", "Dark theme", "Black theme"): the browser sets its group's value."""
    radio = h.find(ft.Radio, label=label)
    group = next(g for g in h.find_all(ft.RadioGroup) if radio in g.content.content.controls)
    h.choose(group, radio.value)
    h.settle()


def theme_group(h) -> ft.RadioGroup:
    """The theme's radios (Settings also has the language's)."""
    (group,) = [g for g in h.find_all(ft.RadioGroup) if any(r.value in themes.CHOICES for r in g.content.content.controls)]
    return group


def chosen(h) -> str:
    """The label of the selected radio, as a screen reader says it."""
    group = theme_group(h)
    return next(r.label for r in group.content.content.controls if r.value == group.value)


def page_background(h) -> str:
    """The colour of the page as the browser paints it: the theme mode's theme decides."""
    if h.page.theme_mode == ft.ThemeMode.LIGHT:
        return "light"
    theme = h.page.dark_theme
    assert theme.scaffold_bgcolor == (theme.color_scheme.surface if theme.color_scheme else None)  # page and surface agree
    return theme.scaffold_bgcolor or GREY


def test_a_devices_theme_is_its_own_and_survives_a_reload(open_app, store):
    host_browser: dict = {}
    h = open_app("/settings", browser_storage=host_browser)
    assert h.page.theme_mode == ft.ThemeMode.LIGHT and chosen(h) == "Light theme"
    choose(h, "Dark theme")
    assert h.page.theme_mode == ft.ThemeMode.DARK and page_background(h) == GREY
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


def test_the_three_choices_are_named_for_a_screen_reader(open_app):
    h = open_app("/settings", browser_storage={})
    group = theme_group(h)
    assert [r.label for r in group.content.content.controls] == ["Light theme", "Dark theme", "Black theme"]
    assert group.content.label == "Appearance"  # the group's own name (its radios' section), not only its radios'
    assert all(r.height >= 48 for r in h.find_all(ft.Radio))  # a row each, a finger's target


def test_black_paints_the_page_black_and_only_this_device_keeps_it(open_app, store):
    phone: dict = {}
    h = open_app("/settings", browser_storage=phone)
    choose(h, "Black theme")
    assert h.page.theme_mode == ft.ThemeMode.DARK and page_background(h) == themes.PAGE == "#000000"
    assert chosen(h) == "Black theme"
    assert phone == {THEME_PREFERENCE: "black"}  # kept by this browser…
    assert store.setting(THEME_SETTING) is not True  # …not the server's default

    again = open_app("/setup/lost-cities", browser_storage=phone)  # that device's next visit, on a game's screen
    again.settle()
    assert page_background(again) == "#000000"
    assert again.page.dark_theme.color_scheme_seed == ft.Colors.AMBER_800  # still in the game's own colours
    other = open_app("/settings", browser_storage={})  # another device
    other.settle()
    assert page_background(other) == "light" and chosen(other) == "Light theme"


@pytest.mark.parametrize(
    ("kept", "label", "now_kept", "background"),
    [
        (None, "Black theme", "black", "#000000"),
        ("black", "Dark theme", "dark", GREY),
        ("black", "Light theme", "light", "light"),
        ("dark", "Black theme", "black", "#000000"),
        ("light", "Dark theme", "dark", GREY),
    ],
)
def test_every_choice_reaches_every_other(open_app, kept, label, now_kept, background):
    browser = {THEME_PREFERENCE: kept} if kept else {}
    h = open_app("/settings", browser_storage=browser)
    h.settle()
    choose(h, label)
    assert (browser, page_background(h), chosen(h)) == ({THEME_PREFERENCE: now_kept}, background, label)
    again = open_app("/", browser_storage=browser)
    again.settle()
    assert page_background(again) == background


@pytest.mark.parametrize("kept", ["purple", "BLACK", "", 42, None, ["black"]])
@pytest.mark.parametrize("default_dark", [False, True])
def test_a_browser_keeping_no_theme_of_ours_gets_the_default(open_app, store, kept, default_dark):
    store.set_setting(THEME_SETTING, default_dark)
    h = open_app("/settings", browser_storage={THEME_PREFERENCE: kept})
    h.settle()
    assert page_background(h) == (GREY if default_dark else "light")
    assert not h.conn.errors


def test_a_crafted_choice_changes_nothing(open_app):
    browser = {THEME_PREFERENCE: "black"}
    h = open_app("/settings", browser_storage=browser)
    h.settle()
    h.choose(theme_group(h), "<script>")  # not a theme: the event a page of its own could send
    assert browser == {THEME_PREFERENCE: "black"} and page_background(h) == "#000000"
    assert chosen(h) == "Black theme" and not h.conn.errors


def test_a_device_that_chose_black_stays_black_whatever_the_default(open_app, store):
    phone = {THEME_PREFERENCE: "black"}
    host = open_app("/settings", browser_storage={})
    flip(host, "Dark theme for devices that have not chosen")
    flip(host, "Dark theme for devices that have not chosen")
    for default in (True, False):
        store.set_setting(THEME_SETTING, default)
        h = open_app("/", browser_storage=phone)
        h.settle()
        assert page_background(h) == "#000000"


@pytest.mark.parametrize("game", [None, "cgt"])
def test_the_first_page_wears_its_colours_in_its_first_patch(open_app, store, game):
    """Home in Tableside's colours, a game's play screen in the game's, from the first drawing: set only
    after it (an effect), the theme was a second patch, and Flutter laid every control out again."""
    from flet.messaging.protocol import MessageAction

    from companion.ui import games as game_screens

    route = "/"
    if game:
        store.create({**scoring.new_record(game, ["Ana", "Ben", "Cy"]), "id": "g1"})
        route = "/play/g1"
    h = open_app(route)
    seed = game_screens.seed(game) if game else game_screens.DEFAULT_SEED
    assert h.page.theme.color_scheme_seed == seed
    themed = [m for m in h.conn.sent if m.action == MessageAction.PATCH_CONTROL and "'theme'" in str(m.body.patch)]
    assert len(themed) == 1, f"{len(themed)} patches set the theme"
    assert f"color_scheme_seed={seed!r}" in str(themed[0].body.patch)
