"""A play screen's cards by keyboard and at low vision (issue 64), in Chromium at 390 × 844 through the accessibility
tree: a game of Lost Cities from Home to its result by keyboard alone (its cards reached with Tab, added with Space
or Enter and taken back, the keyboard staying on the card it changed, the totals following and stored; the player
switch saying whose cards are shown; a card the other player holds read as theirs);
a card the other player holds is edged 3:1 against the page in the Light, Dark and Black themes, and a focused card
outlined as a button is, measured in a screenshot's pixels."""

from __future__ import annotations

import io
import json
import re
import time

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import scoring

from .conftest import PHONE, served_after
from .test_accessibility import outline_missing
from .ui import UI, new_game_tile

pytestmark = pytest.mark.e2e

FOCUSED = """() => { const e = document.activeElement; return e ? (e.getAttribute('aria-label') || e.innerText || '') : ''; }"""
TAKEN = "Noah's red 5, taken"  # Noah's card on Mia's tableau, as a screen reader reads it
FIRST_CARD = "Mia yellow investment 1"
THEME_KEY = "flutter.tableside.theme"  # where Flutter's shared preferences keep the device's theme (companion/ui/themes.py)


@pytest.fixture
def server(tmp_path):
    """A one-round game of Mia and Noah in which Noah holds red 5 (shown taken on Mia's tableau), made in the store, then served."""

    def game(store) -> str:
        record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1, "purple": False})
        record["rounds"][0]["Noah"] = {"red": {"cards": [5]}}
        return store.create(record).id

    with served_after(tmp_path / "data", game) as (s, game_id):
        s.taken = game_id
        yield s


def tab_to(u: UI, name: str | re.Pattern, most: int = 80) -> None:
    """Tab until the keyboard is on `name` (a pattern: one its name matches), as a person without a mouse does;
    each Tab waits only until the focus has moved (a frame or two), not a fixed time."""
    pattern = re.compile(name if isinstance(name, re.Pattern) else re.escape(name) + "$")
    now = u.page.evaluate(FOCUSED)
    for _ in range(most):
        u.page.keyboard.press("Tab")
        try:
            u.page.wait_for_function(f"(before) => ({FOCUSED})() !== before", arg=now, polling="raf", timeout=2_000)
        except PlaywrightError:  # the same name twice in a row, or the focus did not move: the next look tells
            pass
        now = u.page.evaluate(FOCUSED)
        if pattern.match(now):
            return
    u.screenshot("failed-tab")
    raise AssertionError(f"Tab never reached {name!r}; the keyboard is on {now!r}")


def expect_focus(u: UI, name: str) -> None:
    """The keyboard is on `name`, now or within a few frames (a card changed comes back as a new control, which
    takes the focus once the browser has built it)."""
    try:
        u.page.wait_for_function(f"(name) => ({FOCUSED})() === name", arg=name, polling="raf", timeout=5_000)
    except PlaywrightError:
        u.screenshot("failed-focus")
        raise AssertionError(f"the keyboard is on {u.page.evaluate(FOCUSED)!r}, not on {name!r}") from None


def test_a_game_of_lost_cities_from_home_to_its_result_by_keyboard_alone(ui, server):
    u = ui(PHONE)
    keys = u.page.keyboard
    u.open("/")
    u.page.get_by_role("button", name=new_game_tile("Lost Cities")).first.wait_for()
    tab_to(u, new_game_tile("Lost Cities"))
    keys.press("Enter")
    u.page.wait_for_url(re.compile("/setup/lost-cities$"))
    tab_to(u, "Player name")
    for name in ("Mia", "Noah"):
        keys.insert_text(name)
        keys.press("Enter")  # added; the field keeps the keyboard for the next name
        expect(u.button(f"Remove {name}")).to_be_visible(timeout=5_000)
    tab_to(u, re.compile("Short game"))
    keys.press("Space")
    expect(u.page.get_by_role("switch", name=re.compile("^Short game"))).to_be_checked()
    tab_to(u, "Start game")
    keys.press("Enter")
    u.page.wait_for_url(re.compile("/play/"), timeout=10_000)
    game_id = u.game_id()

    card = u.page.get_by_role("switch", name="Mia blue 4", exact=True)
    expect(card).to_have_attribute("aria-checked", "false")
    tab_to(u, "Mia blue 4")  # each card is a stop of the Tab order
    keys.press("Space")
    expect(u.text("total-Mia")).to_have_text("−16", timeout=10_000)  # 4 − 20
    expect(card).to_have_attribute("aria-checked", "true")
    expect_focus(u, "Mia blue 4")  # the keyboard stays on the card it changed (a new control: Flutter dropped it)
    keys.press("Tab")
    expect_focus(u, "Mia white 4")  # and goes on from it, in reading order
    keys.press("Shift+Tab")
    expect_focus(u, "Mia blue 4")
    keys.press("Space")  # taken back
    expect(u.text("total-Mia")).to_have_text("0", timeout=10_000)
    expect(card).to_have_attribute("aria-checked", "false")
    expect_focus(u, "Mia blue 4")
    keys.press("Enter")  # added again, by Enter
    expect(u.text("total-Mia")).to_have_text("−16", timeout=10_000)
    tab_to(u, "Mia blue 7")
    keys.press("Enter")
    expect(u.text("total-Mia")).to_have_text("−9", timeout=10_000)  # 4 + 7 − 20
    tab_to(u, "Mia blue 4")
    keys.press("Enter")  # taken back
    expect(u.text("total-Mia")).to_have_text("−13", timeout=10_000)  # 7 − 20
    expect(u.button("Mia")).to_have_attribute("aria-current", "true")  # whose cards are shown, in the tree
    expect(u.button("Noah")).to_have_attribute("aria-current", "false")
    tab_to(u, "Noah")
    keys.press("Enter")  # Noah's tableau
    expect(u.button("Noah")).to_have_attribute("aria-current", "true")
    expect(u.button("Mia")).to_have_attribute("aria-current", "false")
    # Mia's 7 on Noah's tableau, read as whose it is (it was "Noah blue 7", unavailable), in the tree's name.
    expect(u.page.get_by_role("switch", name="Mia's blue 7, taken", exact=True)).to_have_attribute("aria-checked", "false")
    tab_to(u, "Noah red 5")
    keys.press("Space")
    expect(u.text("total-Noah")).to_have_text("−15", timeout=10_000)  # 5 − 20
    tab_to(u, "Results")
    keys.press("Enter")
    u.expect_text("winner", "Mia")
    assert server.scored_totals(game_id) == {"Mia": -13, "Noah": -15}  # as stored


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


# A theme's page as a screenshot's pixels at the page's left edge (the view's padding): its red, green and blue.
PAGE_IN = {
    "light": lambda rgb: min(rgb) > 200,
    "dark": lambda rgb: 8 < max(rgb) < 80,
    "black": lambda rgb: max(rgb) <= 4,
}


def until_page_in(u: UI, theme: str, limit: float = 30.0) -> None:
    """Until the page is drawn in `theme`: the device's choice is read from its browser once the page is there, and
    the page drawn again in it a moment later (a look before then measured the Light theme's edge as Dark's)."""
    from PIL import Image

    deadline = time.monotonic() + limit
    while True:
        shot = Image.open(io.BytesIO(u.page.screenshot(clip={"x": 0, "y": 400, "width": 2, "height": 2}))).convert("RGB")
        rgb = shot.getpixel((1, 1))
        if PAGE_IN[theme](rgb):
            return
        if time.monotonic() > deadline:
            u.screenshot(f"failed-theme-{theme}")
            raise AssertionError(f"the page was never drawn in the {theme} theme within {limit:.0f} s: its edge is {rgb}")
        u.page.wait_for_timeout(100)


def edge_contrast(u: UI, name: str) -> float:
    """The card's edge against the page beside it: along a line across the card's middle, the page's pixel 3 px
    left of the card, and the pixel of the card's first few that stands out most from it (the edge is 1 px,
    drawn over two where it falls between pixels)."""
    from PIL import Image

    box = u.button(name).bounding_box()
    assert box, f"{name} is not on the screen"
    y = round(box["y"] + box["height"] / 2)
    x = round(box["x"])
    shot = Image.open(io.BytesIO(u.page.screenshot(clip={"x": x - 4, "y": y, "width": 12, "height": 1}))).convert("RGB")
    pixels = [shot.getpixel((i, 0)) for i in range(shot.width)]
    page = pixels[0]
    return max(contrast(page, p) for p in pixels[2:8])


def test_a_taken_cards_edge_stands_out_3_to_1_in_every_theme_and_a_focused_card_is_outlined(ui, server):
    measured, outline = {}, None
    for theme in ("light", "dark", "black"):  # each device's own choice, kept in its browser: a device each
        u = ui(PHONE)
        u.page.add_init_script(f"localStorage.setItem({json.dumps(THEME_KEY)}, {json.dumps(json.dumps(theme))})")
        u.open(f"/play/{server.taken}", ready='[flt-semantics-identifier="total-Mia"]')
        expect(u.page.get_by_role("switch", name=TAKEN, exact=True)).to_have_attribute("aria-checked", "false")  # on Mia's tableau
        u.until_still()
        until_page_in(u, theme)
        measured[theme] = round(edge_contrast(u, TAKEN), 2)
        if theme == "light":  # a focused card is outlined as a button is (its colour is the buttons', measured in every theme)
            outline = outline_missing(u, "a card", FIRST_CARD, u.button(FIRST_CARD))
        u.screenshot(f"taken-{theme}")
        u.page.context.close()
    assert not outline, outline  # an inked box showed a fill only
    assert len(set(measured.values())) == 3, f"the themes did not change the page: {measured}"
    assert min(measured.values()) >= 3.0, f"a taken card's edge against the page, per theme: {measured}"
