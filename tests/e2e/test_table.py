"""One game, many devices, in Chromium: a tablet hosts, two phones each enter their own player's cards."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import scoring

from .conftest import PHONE, TABLET

pytestmark = pytest.mark.e2e


def join(phone, code: str, player: str) -> None:
    phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')
    phone.tap(f"I am {player}")
    phone.page.wait_for_url(re.compile(f"/join/{code}/{player}$"))
    phone.text(f"total-{player}").wait_for()


def test_two_phones_and_a_tablet(ui):
    tablet = ui(TABLET)
    game_id = tablet.set_up("Lost Cities", ["Mia", "Noah"])
    mia, noah = ui(PHONE), ui(PHONE)
    code = tablet.invite_code(game_id)
    join(mia, code, "Mia")
    join(noah, code, "Noah")

    expected = {"Mia": 0, "Noah": 0}
    steps = [
        (mia, "Mia", "red", 5),
        (noah, "Noah", "blue", 8),
        (mia, "Mia", "red", 9),
        (noah, "Noah", "blue", 10),
        (mia, "Mia", "green", 4),
        (noah, "Noah", "red", 2),
    ]
    for phone, player, colour, number in steps:
        phone.tap(f"{player} {colour} {number}")
        expected = tablet.server.scored_totals(game_id)
        # the tablet shows the change without being asked (how soon: bench/club.py measures it)
        expect(tablet.text(f"total-{player}")).to_have_text(scoring.number(expected[player]), timeout=5000)
    tablet.expect_totals(expected)
    # Mia red (5 + 9 − 20), green (4 − 20); Noah blue (8 + 10 − 20), red (2 − 20)
    assert expected == {"Mia": -6 - 16, "Noah": -2 - 18}

    # A phone has no control over another player's cards, and Noah's red 5 is on Mia's tableau.
    expect(mia.button("Noah blue 3")).to_have_count(0)
    noah.tap("Mia's red 5, taken")  # shown taken, read as hers; a tap is answered with whose it is
    expect(noah.text("message")).to_contain_text("Red 5 is on Mia's tableau.")
    tablet.screenshot("tablet")
    mia.screenshot("phone-mia")

    mia.reload()  # a phone reload returns to its seat
    mia.text("total-Mia").wait_for(timeout=30_000)
    assert mia.page.url.endswith(f"/join/{code}/Mia")
    mia.tap("Mia white 6")
    expect(tablet.text("total-Mia")).to_have_text(scoring.number(-22 + 6 - 20), timeout=1000)
