"""In Chromium: a phone that joins by invite plays its seat without the PIN and reaches nothing else;
a browser on the serving machine itself is the host without the PIN."""

from __future__ import annotations

import re

import pytest

import scoring
from companion.access.invites import Invites
from companion.data.store import GameStore
from tests.e2e.conftest import new_context

from .support import Server

pytestmark = pytest.mark.e2e
PIN = "135790"


def a_game(data) -> tuple[str, str]:
    store = GameStore(data)
    try:
        game_id = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
        return game_id, Invites(store).code_for(game_id)
    finally:
        store.close()


def open_ui(browser, server, route: str, name: str):
    from tests.e2e.ui import UI

    ui = UI(new_context(browser, {"width": 390, "height": 844}).new_page(), server, name)
    ui.open(route, ready='flt-semantics input, flt-semantics[role="button"], [flt-semantics-identifier]')
    return ui


def test_a_guest_plays_its_seat_and_every_other_address_asks_for_the_pin(browser, tmp_path):
    data = tmp_path / "data"
    game_id, code = a_game(data)
    server = Server(data, env={"TABLESIDE_PIN": PIN}).start()  # this browser counts as another device
    try:
        phone = open_ui(browser, server, f"/join/{code}", "guest")
        phone.tap("I am Mia")
        phone.page.wait_for_url(re.compile(f"/join/{code}/Mia$"))
        phone.tap("Mia red 7")
        phone.expect_text("total-Mia", "−13")
        assert phone.button("Noah red 7").count() == 0
        # Typed into the address bar: a page of its own each time. One of each kind (a list, its own game
        # by another route, the host's settings, another seat); every route a guest may not open, a
        # session at a time: tests/ui/test_invite.py (browserless).
        for route in ["/", f"/play/{game_id}", "/settings", f"/join/{code}/Noah"]:
            phone.open(route, ready="flt-semantics input")
            phone.page.get_by_role("textbox", name="PIN").wait_for(timeout=30_000)
        phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')  # back to its seat, by its grant
        phone.page.wait_for_url(re.compile(f"/join/{code}/Mia$"), timeout=30_000)
        phone.expect_text("total-Mia", "−13")
        phone.page.context.close()
    finally:
        server.stop()
    store = GameStore(data)  # the server has stopped and let go of the folder
    assert store.get(game_id).record["rounds"][0] == {"Mia": {"red": {"cards": [7]}}, "Noah": {}}
    store.close()


def test_a_browser_on_the_serving_machine_is_the_host_without_the_pin(browser, tmp_path):
    server = Server(tmp_path / "data", env={"TABLESIDE_PIN": PIN, "TABLESIDE_LOCAL_IS_HOST": "1"}).start()
    try:
        host = open_ui(browser, server, "/", "host")
        host.page.get_by_role("button", name="Settings").first.wait_for(timeout=30_000)
        assert host.page.get_by_role("textbox", name="PIN").count() == 0
        host.page.context.close()
    finally:
        server.stop()
