"""The play screens at the table, in Chromium, at the sizes players bring (issue 13): the totals
stay in view while the bottom of a column is tapped, a tap leaves the scroll where it was, a
refusal is said on screen, every button is at least 48 × 48 and none is cut off at the sides;
also with the text at 200 % (Flutter web takes its text scale from the page's root font size,
as a browser's font-size setting sets it). On a tablet the same targets are checked at each game's
largest table (test_tablet_tableaux.py); the dark theme's contrast in tests/ui/test_contrast.py."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import new_context
from .ui import new_game_tile

pytestmark = pytest.mark.e2e

NARROWEST = {"width": 360, "height": 740}  # the narrowest phone: 390 px (tests/e2e/test_screen_model.py) has more room
TARGET = 48
SLACK = 0.5  # Flutter's semantics boxes are in fractional pixels
TEXT_200 = "document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '32px'; })"

CONTROLS = 'flt-semantics[role="button"], flt-semantics[role="switch"]'  # buttons and cards
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
    return {name: e.getAttribute('aria-label') || e.innerText, role: e.getAttribute('role'), x: r.x, y: r.y, w: r.width, h: r.height}; })"""


def box(u, locator) -> dict:
    found = locator.bounding_box()
    assert found, f"{locator} has no box"
    return found


def header_bottom(u) -> float:
    header = box(u, u.text("play-header"))
    return header["y"] + header["height"]


def in_view(u, locator) -> bool:
    b = box(u, locator)
    size = u.page.viewport_size
    return b["y"] >= 0 and b["y"] + b["height"] <= size["height"] and b["x"] >= 0 and b["x"] + b["width"] <= size["width"]


def check_targets_here(u, problems: dict[str, str], card: tuple[int, int] = (TARGET, TARGET)) -> None:
    """Every button on screen: none out of the page at the sides; each one whole in the scrolling
    part (not half under the header or the bottom edge) at least 48 × 48, a card at least `card` (width, height:
    the game's GameScreen.smallest_card, where it sizes its cards to fit the screen)."""
    size = u.page.viewport_size
    top, bottom = header_bottom(u), size["height"]
    bar = u.text("play-actions")
    if bar.count():  # Undo, the round's button and Results: a bar under the scrolling part
        bottom = box(u, bar)["y"]
    for b in u.page.locator(CONTROLS).evaluate_all(BOXES):
        name = b["name"].strip()[:40] or "(unnamed)"
        if b["x"] < -SLACK or b["x"] + b["w"] > size["width"] + SLACK:
            problems[name] = f"cut off at the side: x {b['x']:.0f}..{b['x'] + b['w']:.0f} of {size['width']}"
        whole = b["y"] > top + 1 and b["y"] + b["h"] < bottom - 1
        width, height = card if b["role"] == "switch" else (TARGET, TARGET)
        if (whole or b["y"] + b["h"] <= top) and (b["w"] < width - SLACK or b["h"] < height - SLACK):
            problems[name] = f"{b['w']:.0f} × {b['h']:.0f} px"


def check_targets(u, card: tuple[int, int] = (TARGET, TARGET)) -> None:
    """check_targets_here from the top of the screen to its bottom, a part of a screen at a time."""
    size = u.page.viewport_size
    u.page.mouse.move(size["width"] / 2, size["height"] - 10)
    u.page.mouse.wheel(0, -20_000)
    u.until_still()  # (a fixed 300 ms wait here and below was most of this check's time)
    problems: dict[str, str] = {}
    controls = u.page.locator(CONTROLS)
    for _ in range(12):
        check_targets_here(u, problems, card)
        before = controls.evaluate_all(BOXES)
        u.page.mouse.wheel(0, size["height"] / 2)
        u.until_still()
        if controls.evaluate_all(BOXES) == before:  # the end of the screen: nothing moved (the bars never do) ...
            u.until_still()  # ... or the wheel is not taken yet: one more look tells
            if controls.evaluate_all(BOXES) == before:
                break
    if problems:
        u.screenshot("targets")
    assert not problems, f"{len(problems)} buttons too small or cut off: {problems}"


def tap_in_place(u, name: str) -> None:
    """Tap `name` where it is: the screen must not scroll under the finger, nor the totals leave it."""
    button = u.button(name)
    u.scroll_into_view(button)
    before = box(u, button)
    frames = u.frames
    button.click(force=button.get_attribute("role") == "switch")  # a taken card is tapped too (ui.tap)
    u.settle(frames)
    u.page.wait_for_timeout(300)
    after = box(u, u.button(name))
    assert abs(after["y"] - before["y"]) < 1, f"the screen scrolled by {after['y'] - before['y']:.0f} px after tapping {name}"


def start_game(u, title: str, names: list[str]) -> None:
    """From the home screen shown, as a person does it: the game, the names, Start game."""
    u.page.get_by_role("button", name=new_game_tile(title)).first.click(timeout=30_000)
    for name in names:
        u.type_into("Player name", name)
        expect(u.button(f"Remove {name}")).to_be_visible()
    u.tap("Start game")
    u.page.wait_for_url(re.compile(r"/play/"), timeout=10_000)
    u.text(f"total-{names[0]}").wait_for(timeout=10_000)


def back_home(u) -> None:
    u.tap("Back")
    u.page.wait_for_url(re.compile(r"/$"), timeout=10_000)


def play_lost_cities(u) -> None:
    start_game(u, "Lost Cities", ["Mia", "Noah"])
    u.tap("Mia red 3")
    u.expect_text("total-Mia", "−17")
    # The bottom card of a column: the totals and column heads stay in view, the screen stays put.
    tap_in_place(u, "Mia red 10")
    u.expect_text("total-Mia", "−7")
    u.expect_text("expedition-Mia-red", "−7")
    for identifier in ("total-Mia", "total-Noah", "expedition-Mia-red"):
        assert in_view(u, u.text(identifier)), f"{identifier} left the screen"
    # A taken card is tappable, and the refusal says whose it is, on screen, without scrolling it away.
    u.tap("Noah")  # a phone shows one player at a time
    tap_in_place(u, "Noah red 10")
    expect(u.text("message")).to_contain_text("Red 10 is on Mia's tableau.")
    assert in_view(u, u.text("message")), "the refusal is off screen"
    message, header, actions = (box(u, u.text(name)) for name in ("message", "play-header", "play-actions"))
    # A banner between the header and the buttons under the thumb: never in the title's place, never over a button.
    assert header["y"] + header["height"] <= message["y"] + 1, "the refusal covers the title or the totals"
    assert message["y"] + message["height"] <= actions["y"] + 1, "the refusal covers the buttons under the thumb"
    u.expect_text("total-Noah", "0")
    check_targets(u)


def play_card_commons(u) -> None:
    start_game(u, "Card Commons", ["Ana", "Ben"])
    u.tap("nest egg 2H")
    tap_in_place(u, "Ana commission 2H")  # the Nest Egg holds it: refused, and said
    expect(u.text("message")).to_contain_text("2♥ is already the Nest Egg")
    assert in_view(u, u.text("message"))
    u.tap("Ana commission 4D")
    check_targets(u)


def play_cgt(u) -> None:
    start_game(u, "CGT", ["Lea", "Max", "Kai"])
    u.tap("Type 5 Meta plus")
    tap_in_place(u, "Lea type 5 plus")
    u.expect_text("total-Lea", "−1")  # one card of a type worth 1 (one Meta card), less the first player's 2
    check_targets(u)


def play_bgg_card_game(u) -> None:
    start_game(u, "BoardGameGeek: The Card Game", ["Dan", "Aldie"])
    u.tap("Dan War played plus")
    check_targets(u)


def play_bgg_game(u) -> None:
    players = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]  # six: the most totals a header holds
    start_game(u, "The BoardGameGeek Game", players)
    tap_in_place(u, "Ada tile blue 6")  # the last column of the tile grid
    for player in players:
        assert in_view(u, u.text(f"total-{player}")), f"{player}'s total is off screen"
    check_targets(u)


# Tablets: test_tablet_tableaux.py (every tableau in view and uncut, and these targets, at the largest tables).
def test_play_screens_at_the_table(ui):
    u = ui(NARROWEST)
    u.open("/")
    play_lost_cities(u)
    back_home(u)
    play_card_commons(u)
    back_home(u)
    play_cgt(u)
    back_home(u)
    play_bgg_card_game(u)
    back_home(u)
    play_bgg_game(u)


def test_lost_cities_holds_at_200_percent_text(browser, server, request):
    """On the narrowest phone: where larger text has the least room."""
    from .ui import UI

    context = new_context(browser, NARROWEST)
    context.add_init_script(TEXT_200)
    try:
        u = UI(context.new_page(), server, request.node.name)
        u.open("/")
        play_lost_cities(u)
        # The text is larger indeed: a total (22 px on a phone) is at least 44 px tall.
        assert box(u, u.text("total-Mia"))["height"] >= 44
        u.screenshot("text-200")
    finally:
        context.close()
