"""A guest's phone in Chromium (issue 21 item 6): what only the table may change is disabled for
screen readers too (aria-disabled), and a line on screen says why. A guest's Results say who leads,
never who wins, while rounds remain: tests/ui/test_results_standing.py (host and guest, browserless)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

from .conftest import PHONE, TABLET

pytestmark = pytest.mark.e2e


def test_a_guests_disabled_controls_say_so(ui):
    tablet = ui(TABLET)
    tablet.set_up("Card Commons", ["Ana", "Ben"])
    tablet.tap("Invite players")
    tablet.text("join-url").wait_for()
    # Issue 39: at 1024 × 768 the invite screen shows all of itself, "Back to the game" included, unscrolled.
    back = tablet.button("Back to the game").bounding_box()
    assert back and back["y"] >= 0 and back["y"] + back["height"] <= TABLET["height"], back
    code = tablet.text("join-url").inner_text().strip().rsplit("/", 1)[1]
    tablet.tap("Back to the game")
    phone = ui(PHONE)
    phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')
    phone.tap("I am Ben")
    phone.page.wait_for_url(re.compile(f"/join/{code}/Ben$"))
    phone.text("total-Ben").wait_for()

    nest_egg = phone.button("nest egg 2H")
    expect(nest_egg).to_have_count(1)
    expect(nest_egg).to_be_disabled()  # aria-disabled: a screen reader says it cannot be used
    score = phone.button("Score round 1")
    expect(score).to_be_disabled()
    # The reasons: on screen, and in what a screen reader reads of the bar and of the shared cards.
    expect(phone.page.get_by_role("group", name=re.compile("The table scores the round[.]"))).to_be_visible()
    expect(phone.page.get_by_text(re.compile("this phone enters Ben's own cards"))).to_be_visible()
    expect(phone.button("Ben commission 4D")).to_be_enabled()  # its own cards stay its own to enter
    # It looks disabled too: greyed, none of the suit's red in a greyed heart's outline or number.
    assert vivid(phone, nest_egg) < 0.02, "the Nest Egg's cards look active on a guest's phone"
    assert vivid(phone, phone.button("Ben commission 4H")) > 0.02  # its own cards keep their colour
    phone.screenshot("guest-card-commons")


def vivid(u, locator) -> float:
    """The share of strongly coloured pixels in the control's box (a red card's outline and number)."""
    u.scroll_into_view(locator)
    u.page.wait_for_timeout(500)
    image = Image.open(io.BytesIO(u.page.screenshot(clip=locator.bounding_box()))).convert("HSV")
    data = image.tobytes()  # H, S, V bytes per pixel
    pixels = list(zip(data[1::3], data[2::3], strict=True))
    return sum(1 for saturation, value in pixels if saturation > 120 and value > 60) / len(pixels)
