"""A guest's phone in Chromium (issue 21 item 6): what only the table may change is disabled for
screen readers too (aria-disabled), and a line on screen says why."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET

pytestmark = pytest.mark.e2e


def test_a_guests_disabled_controls_say_so(ui):
    tablet = ui(TABLET)
    game_id = tablet.set_up("Card Commons", ["Ana", "Ben"])
    code = tablet.invite_code(game_id)
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
    phone.screenshot("guest-card-commons")
