"""In Chromium on a phone: Next round on an empty round is refused in words, and leaving the Results
of a complete, unsaved game asks before it goes (Save to history / Keep editing / Discard)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import PHONE

pytestmark = pytest.mark.e2e


def test_an_empty_round_is_refused_and_leaving_a_complete_game_asks(ui):
    u = ui(PHONE)
    game_id = u.set_up("Lost Cities", ["Ana", "Ben"])
    u.tap("Next round")
    expect(u.text("message")).to_contain_text("Round 1 has no cards yet")
    assert len(u.server.stored_record(game_id)["rounds"]) == 1

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
