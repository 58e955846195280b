"""6 nimmt! on a phone, in Chromium at 390 × 844 (issue 63): the 104 cards of the player shown, in rows of ten, and
the player switch are on the screen before any scroll; a tap takes a card and moves the total, the card shows as
taken on the next player's cards and its tap there says whose; the same screen in German. Screenshots for people
to look at: test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

import scoring
from companion import language
from scoring import six_nimmt

from .conftest import PHONE, new_context, served_after

pytestmark = pytest.mark.e2e

SLACK = 0.5  # Flutter's semantics boxes are in fractional pixels
CARDS = """player => [...document.querySelectorAll(`[flt-semantics-identifier="tableau-${player}"] flt-semantics[role="switch"]`)]
    .map(e => { const r = e.getBoundingClientRect(); return {name: e.getAttribute('aria-label'), x: r.x, y: r.y, w: r.width, h: r.height}; })"""
BOX = """e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }"""


@pytest.fixture
def server(tmp_path):
    def three_players(store) -> str:
        return store.create(scoring.new_record("six-nimmt", ["Ana", "Ben", "Cy"])).id

    with served_after(tmp_path / "data", three_players) as (s, game_id):
        s.game_id = game_id
        yield s


def assert_every_card_whole(u, player: str) -> None:
    """All 104 cards of `player`, whole between the header and the bar under the thumb, before any scroll."""
    cards = u.page.evaluate(CARDS, player)
    # "Ana 55", or another's on this player's row: "Cy's 55, taken"
    numbers = {int(re.search(r"\d+", c["name"]).group()): c for c in cards}
    assert sorted(numbers) == list(six_nimmt.CARDS) and len(cards) == len(numbers), [c["name"] for c in cards][:12]
    header = u.text("play-header").evaluate(BOX)
    top, bottom, width = header["y"] + header["h"], u.text("play-actions").evaluate(BOX)["y"], PHONE["width"]
    off = [
        c for c in cards if c["y"] < top - SLACK or c["y"] + c["h"] > bottom + SLACK or c["x"] < -SLACK or c["x"] + c["w"] > width + SLACK
    ]
    assert not off, f"{len(off)} of {player}'s cards off the screen, e.g. {off[:3]}"
    # The switch is the whole card (a button, 48 px); at least 44 px (it was the inked box inside a 2 px edge).
    assert min(c["h"] for c in cards) >= 44 - SLACK, "a card is cut, or smaller than a finger"
    middle = {n: round(c["y"] + c["h"] / 2) for n, c in numbers.items()}
    assert sorted(set(middle.values())).index(middle[55]) == 5, "55 is not in the sixth row (51–60)"


def test_every_card_is_on_a_phone_and_a_tap_takes_it(ui, server):
    u = ui(PHONE)
    u.open(f"/play/{server.game_id}", ready='[flt-semantics-identifier="total-Ana"]')
    u.button("Ana 104").wait_for()
    assert_every_card_whole(u, "Ana")
    u.tap("Ana 55")
    u.tap("Ana 11")
    u.expect_text("total-Ana", "12")
    u.expect_text("bullheads-Ana", "Ana, round 1: 12 bullheads")
    u.tap("Ben")
    u.button("Ben 104").wait_for()
    assert_every_card_whole(u, "Ben")
    u.tap("Ana's 55, taken")  # taken, read as hers: the tap is answered with whose it is
    u.expect_text("message", "55 is on Ana's pile.")
    assert server.stored_record(server.game_id)["rounds"][0]["Ben"]["cards"] == []
    u.screenshot("ben-taken")  # last: a full page's screenshot resizes the page for a moment


def test_a_guests_phone_shows_every_card_too(ui, server):
    """A guest's phone has no switch, but a taller bar while the game goes on (the greyed Next round says why)."""
    host = ui(PHONE)
    host.open(f"/play/{server.game_id}", ready='[flt-semantics-identifier="total-Ana"]')
    code = host.invite_code(server.game_id)
    phone = ui(PHONE)
    phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')
    phone.tap("I am Cy")
    phone.button("Cy 104").wait_for()
    phone.page.wait_for_timeout(500)  # the last frame of the seat's screen
    assert_every_card_whole(phone, "Cy")


def test_the_phone_screen_in_german(browser, server, request):
    from .ui import UI

    u = UI(new_context(browser, PHONE, locale="de-DE").new_page(), server, request.node.name)
    try:
        u.open(f"/play/{server.game_id}", ready='[flt-semantics-identifier="play-actions"]')
        german = language.catalog("de")
        expect(u.page.get_by_role("button", name=german.gettext("Undo"), exact=True)).to_be_visible(timeout=30_000)
        u.tap("Ana 55")
        u.expect_text("total-Ana", "7")
        expect(u.text("bullheads-Ana")).to_have_text("Ana, Runde 1: 7 Hornochsen")
        assert_every_card_whole(u, "Ana")
        u.screenshot("de")
    finally:
        u.page.context.close()
