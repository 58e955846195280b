"""CGT in Chromium: a tablet and Max's phone tap the same steppers at once, without waiting for
each other's change to arrive; every tap counts, and a fresh page shows the stored totals."""

from __future__ import annotations

import re

import pytest

from .conftest import PHONE, TABLET

pytestmark = pytest.mark.e2e


def test_two_pages_tapping_at_once_lose_nothing(ui):
    tablet = ui(TABLET)
    game_id = tablet.set_up("CGT – Card Game Traders", ["Lea", "Max"])
    for _ in range(3):
        tablet.tap("Type 7 Meta plus")  # 3 of type 7's 7 copies in the Meta column: value 3, 4 left
    code = tablet.invite_code(game_id)
    phone = ui(PHONE)
    phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')
    phone.tap("I am Max")
    phone.page.wait_for_url(re.compile(f"/join/{code}/Max$"))
    phone.text("total-Max").wait_for()

    for screen in (tablet, phone):  # Flutter scrolls inside its canvas: bring both steppers into view first
        screen.scroll_into_view(screen.button("Max ability points plus"))
        screen.scroll_into_view(screen.button("Max type 7 plus"))
        screen.scroll_into_view(screen.button("Max ability points plus"))
    taps = [(tablet, "Max type 7 plus"), (phone, "Max type 7 plus")] * 2
    taps += [(tablet, "Max ability points plus"), (phone, "Max ability points plus")] * 10
    for screen, name in taps:  # no waiting for the other screen, nor for the server
        screen.activate(name)

    expected = {"Lea": -2, "Max": 4 * 3 + 20}  # Lea is the first player: the marker's −2
    tablet.expect_totals(expected)
    for player, total in expected.items():
        phone.expect_text(f"total-{player}", str(total))
    final = tablet.server.stored_record(game_id)["final"]
    assert final["collections"] == {"Lea": {}, "Max": {"7": 4}} and final["adjustments"] == {"Max": 20}

    fresh = ui(TABLET)
    fresh.open(f"/play/{game_id}")
    fresh.expect_totals(expected)
