"""In Chromium on a phone: leaving the Results of a complete, unsaved game asks before it goes (Save to
history / Keep editing / Discard), a dialog a browser's accessibility tree shows with its three buttons.
The same choices and what each does: tests/ui/test_finishing.py; Next round on an empty round refused
in words: tests/ui/test_actions_lost_cities.py (both browserless)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE

pytestmark = pytest.mark.e2e


def test_leaving_a_complete_game_asks(ui):
    u = ui(PHONE)
    game_id = u.set_up("Lost Cities", ["Mia", "Noah"], switches=("Short game: 1 round (the full game is 3)",))
    u.tap("Mia red 3")
    u.tap("Results")
    u.page.wait_for_url(re.compile(f"/results/{game_id}$"))
    u.text("winner").wait_for()  # the Results screen is drawn (the URL changes first): its Back asks, the play screen's does not
    u.tap("Back")
    for choice in ("Save to history", "Keep editing", "Discard"):
        expect(u.button(choice)).to_be_visible()
    u.tap("Save to history")
    u.page.wait_for_url(re.compile(r"/$"))
    expect(u.page.locator("flt-semantics", has_text="Latest results").first).to_be_attached()  # saved: in the history
