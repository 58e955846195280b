"""Two devices tapping one game at once, in Chromium: no tap lost, and both pages and a fresh one show
exactly what was stored. (The same card from both at one instant: tests/ui/test_two_devices.py, where
the instant can be chosen.)"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, TABLET

pytestmark = pytest.mark.e2e

# Each page's taps, fired without waiting for the other page or for the server's answer.
TABLET_TAPS = ["Mia red 3", "Mia red 5", "Mia red 7", "Mia blue 9"]
PHONE_TAPS = ["Mia green 4", "Mia green 6", "Mia yellow 8", "Mia yellow 10"]


def fire(ui, names: list[str]) -> None:
    for name in names:
        ui.activate(name)


def stored_cards(server, game_id: str, within: float = 5.0) -> dict:
    """Mia's cards in the server's file, read again until they are all there or `within` seconds pass.
    In loaded full runs the file was read a moment before it held the last tap that both screens already
    showed, and held it afterwards: an unexplained gap, still to be found. What this test asks is that no
    tap is lost, so it waits for the file as it waits for the screens."""
    deadline = time.monotonic() + within
    while True:
        mia = server.stored_record(game_id)["rounds"][0]["Mia"]
        cards = {colour: e["cards"] for colour, e in mia.items()}
        if cards == WANTED or time.monotonic() > deadline:
            return cards
        time.sleep(0.1)


WANTED = {"red": [3, 5, 7], "blue": [9], "green": [4, 6], "yellow": [8, 10]}


def test_two_pages_tapping_at_once_lose_nothing(ui):
    tablet = ui(TABLET)
    game_id = tablet.set_up("Lost Cities", ["Mia", "Noah"])
    phone = ui(PHONE)
    phone.open(f"/play/{game_id}")
    for page in (tablet, phone):
        for name in TABLET_TAPS + PHONE_TAPS:
            page.scroll_into_view(page.button(name))
    fire(tablet, TABLET_TAPS[:2])
    fire(phone, PHONE_TAPS[:2])
    fire(tablet, TABLET_TAPS[2:])
    fire(phone, PHONE_TAPS[2:])

    expected = (3 + 5 + 7 - 20) + (9 - 20) + (4 + 6 - 20) + (8 + 10 - 20)
    for page in (tablet, phone):
        expect(page.text("total-Mia")).to_have_text(str(expected), timeout=5_000)
    assert stored_cards(tablet.server, game_id) == WANTED

    fresh = ui(PHONE)
    fresh.open(f"/play/{game_id}")
    expect(fresh.text("total-Mia")).to_have_text(str(expected), timeout=10_000)
