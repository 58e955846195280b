"""In Chromium: a reload is a non-event. A tablet on a live Lost Cities game reloads 5 times with a
tap after each (four numbers of a colour added, then the first taken back), while a phone plays
its seat: each reload shows the game within a few seconds, every tap counts, the server's log holds no
traceback and the page asks no other site for anything. (Five, not more: each reload repeats the same
check; what a reload restores of a screen is proven for every screen, browserless, by
tests/ui/test_screen_model.py's fresh-screen comparison.)"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

import scoring
from companion.access.invites import Invites

from .conftest import PHONE, TABLET, new_context, served_after

pytestmark = pytest.mark.e2e
RELOADS = 5  # > NUMBERS: each of the red numbers is added, then the first taken back again (the phone taps after reloads 1 and 4)
NUMBERS = 4  # red 2..5
SHOWN_WITHIN = 10.0  # seconds from a reload to the game on screen (Flutter's own start is most of it here)


@pytest.fixture
def live_game(tmp_path):
    def game_and_code(store) -> tuple[str, str]:
        game_id = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
        return game_id, Invites(store).code_for(game_id)

    with served_after(tmp_path / "data", game_and_code) as (server, (game_id, code)):
        yield server, game_id, code


def test_reloads_with_taps_and_a_phone_seat(browser, live_game):
    from .ui import UI

    server, game_id, code = live_game
    tablet = UI(new_context(browser, TABLET).new_page(), server, "reloads-tablet")
    phone = UI(new_context(browser, PHONE).new_page(), server, "reloads-phone")
    requests: list[str] = []
    tablet.page.on("request", lambda r: requests.append(r.url))
    try:
        tablet.open(f"/play/{game_id}", ready='[flt-semantics-identifier="total-Mia"]')
        phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')
        phone.tap("I am Noah")
        phone.page.wait_for_url(re.compile(f"/join/{code}/Noah$"))
        slowest = 0.0
        for i in range(RELOADS):
            started = time.monotonic()
            tablet.reload()
            tablet.text("total-Mia").wait_for(timeout=SHOWN_WITHIN * 1000)
            slowest = max(slowest, time.monotonic() - started)
            number = 2 + i % NUMBERS
            shown = tablet.text("total-Mia").inner_text()
            tablet.button(f"Mia red {number}").click()
            if i % 3 == 0:  # and the phone plays on meanwhile; the tablet's next reload comes while it is told
                phone.button(f"Noah blue {number}").click()
        # The last tap has reached the server once its screen shows it (click() returns as it is sent).
        expect(tablet.text("total-Mia")).not_to_have_text(shown, timeout=SHOWN_WITHIN * 1000)
        expected = server.scored_totals(game_id)
        tablet.reload()
        tablet.expect_text("total-Mia", scoring.number(expected["Mia"]), timeout=SHOWN_WITHIN * 1000)
        phone.expect_text("total-Noah", scoring.number(expected["Noah"]))
        assert server.stored_record(game_id)["rounds"][0]["Mia"], "the tablet's taps were stored"
        print(f"slowest reload to the game on screen: {slowest:.1f} s")
    finally:
        log = server.log_tail(10_000)
        console = tablet.console + phone.console
        tablet.page.context.close()
        phone.page.context.close()
    assert "Traceback" not in log and "Exception in ASGI application" not in log, log[-3000:]
    assert not [u for u in requests if not u.startswith((server.url, "blob:", "data:"))], "a request to another site"
    assert not [c for c in console if "Content Security Policy" in c or "rive" in c.lower()], console
