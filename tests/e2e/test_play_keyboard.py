"""A play screen's cards by keyboard and at low vision (issue 64), in Chromium at 390 × 844 through the accessibility
tree: a Lost Cities card reached with Tab and added with Space, another taken back with Enter, the total following;
a card the other player holds is edged 3:1 against the page in the Light, Dark and Black themes, measured in a
screenshot's pixels."""

from __future__ import annotations

import io
import json

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import scoring

from .conftest import PHONE, served_after
from .ui import UI

pytestmark = pytest.mark.e2e

FOCUSED = """() => { const e = document.activeElement; return e ? (e.getAttribute('aria-label') || '') : ''; }"""
THEME_KEY = "flutter.tableside.theme"  # where Flutter's shared preferences keep the device's theme (companion/ui/themes.py)


@pytest.fixture
def server(tmp_path):
    """A new one-round game of Mia and Noah, made in the store, then served."""

    def game(store) -> str:
        return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1, "purple": False})).id

    with served_after(tmp_path / "data", game) as (s, game_id):
        s.game = game_id
        yield s


def open_game(u: UI, server) -> None:
    u.open(f"/play/{server.game}", ready='[flt-semantics-identifier="total-Mia"]')
    u.button("Mia red 10").wait_for()


def tab_to(u: UI, name: str, most: int = 60) -> None:
    """Tab until the keyboard is on `name`, as a person without a mouse does."""
    for _ in range(most):
        u.page.keyboard.press("Tab")
        try:
            u.page.wait_for_function(f"() => ({FOCUSED})() === {name!r}", timeout=300)
            return
        except PlaywrightError:  # not there yet
            continue
    u.screenshot("failed-tab")
    raise AssertionError(f"Tab never reached {name!r}; the keyboard is on {u.page.evaluate(FOCUSED)!r}")


def test_a_lost_cities_card_is_added_and_taken_back_by_keyboard_alone(ui, server):
    u = ui(PHONE)
    open_game(u, server)
    card = u.page.get_by_role("switch", name="Mia blue 4", exact=True)
    expect(card).to_have_attribute("aria-checked", "false")
    tab_to(u, "Mia blue 4")
    u.page.keyboard.press("Space")
    expect(u.text("total-Mia")).to_have_text("−16", timeout=10_000)  # 4 − 20
    expect(card).to_have_attribute("aria-checked", "true")
    tab_to(u, "Mia blue 7")
    u.page.keyboard.press("Enter")
    expect(u.text("total-Mia")).to_have_text("−9", timeout=10_000)  # 4 + 7 − 20
    tab_to(u, "Mia blue 4")
    u.page.keyboard.press("Enter")  # taken back
    expect(u.text("total-Mia")).to_have_text("−13", timeout=10_000)  # 7 − 20
    assert server.scored_totals(server.game)["Mia"] == -13


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


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


@pytest.mark.parametrize("theme", ["light", "dark", "black"])
def test_a_taken_cards_edge_stands_out_3_to_1_in_every_theme(ui, server, theme):
    u = ui(PHONE)
    u.page.add_init_script(f"localStorage.setItem({json.dumps(THEME_KEY)}, {json.dumps(json.dumps(theme))})")
    open_game(u, server)
    u.tap("Noah")
    u.tap("Noah red 5")
    expect(u.text("total-Noah")).to_have_text("−15", timeout=10_000)
    u.tap("Mia")
    taken = u.page.get_by_role("switch", name="Mia red 5", exact=True)
    expect(taken).to_have_attribute("aria-disabled", "true")  # shown taken
    u.until_still()
    measured = edge_contrast(u, "Mia red 5")
    u.screenshot(f"taken-{theme}")
    assert measured >= 3.0, f"{theme}: a taken card's edge is {measured:.2f}:1 against the page"
