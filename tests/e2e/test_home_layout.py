"""Home and the play screen's bar in Chromium at a phone (390×844) and a tablet (1024×768): the games in
progress come before the new-game cards, Discard sits in the row's menu (with its Undo), and the line
above the play screen's bar runs the width of the screen (issue 39). The Black theme paints a phone's
page #000000, and that phone's browser keeps the choice across a reload (issue 41)."""

from __future__ import annotations

import io
import re

import pytest
from PIL import Image
from playwright.sync_api import expect

import scoring
from companion.data.ids import route_id
from companion.ui.views import in_progress

from .conftest import PHONE, TABLET, served_after

pytestmark = pytest.mark.e2e
EDGE = 12  # px: the screen's own padding on either side of the line
BLACK = (0, 0, 0)  # the Black theme's page, #000000


@pytest.fixture
def server(tmp_path):
    """A Lost Cities game in progress, Ana alone has cards in round 1."""

    def ana_has_cards(store):
        record = scoring.new_record("lost-cities", ["Ana", "Ben"], {}, {})
        record["rounds"][0]["Ana"] = {"red": {"cards": [5, 6]}}
        return store.create(record)

    with served_after(tmp_path / "data", ana_has_cards) as (s, game):
        s.game = game
        yield s


def games_in_progress_come_first(u, game) -> None:
    heading = u.page.get_by_text("Games in progress", exact=True)
    heading.wait_for(timeout=30_000)
    assert heading.bounding_box()["y"] < u.page.get_by_text("New game", exact=True).bounding_box()["y"]
    # The row (which resumes the game) is named by its words, the game first: "Lost Cities, started …".
    expect(
        u.page.get_by_role("button", name=re.compile("^Lost Cities, started .*Round 1 under way: Ana entered, Ben not yet"))
    ).to_be_visible()
    expect(u.button(in_progress.menu_label(game))).to_be_visible()  # Discard: in the row's menu


def the_bar_line_spans_the_screen(u, game, size: dict) -> None:
    """The play screen: the line above its bar (Undo, Next round, Results) spans the screen."""
    u.open(f"/play/{route_id(game.id)}", ready='[flt-semantics-identifier="play-actions"]')
    bar = u.text("play-actions").bounding_box()
    assert bar["x"] <= EDGE and bar["x"] + bar["width"] >= size["width"] - EDGE, bar


def test_games_in_progress_first_discard_in_a_menu_and_a_full_width_bar_line(ui, server):
    """A phone, then the same browser at a tablet's size, each screen opened anew at that size (the
    tablet was a test of its own, with its own server and page, and discarded and undid the same way)."""
    u = ui(PHONE)
    u.open("/")
    games_in_progress_come_first(u, server.game)
    # Discard: the row's menu first, then its item; Undo puts the game back.
    u.tap(in_progress.menu_label(server.game))  # opens the menu only: the game is still there
    assert server.stored_record(server.game.id)
    u.page.get_by_role("menuitem", name=in_progress.discard_label(server.game)).click()
    u.button("Undo").wait_for(timeout=10_000)
    u.screenshot("discarded")
    u.tap("Undo")
    u.button(in_progress.menu_label(server.game)).wait_for(timeout=10_000)
    the_bar_line_spans_the_screen(u, server.game, PHONE)
    u.screenshot("play-bar-phone")

    u.page.set_viewport_size(TABLET)
    u.open("/")
    games_in_progress_come_first(u, server.game)
    the_bar_line_spans_the_screen(u, server.game, TABLET)
    u.screenshot("play-bar-tablet")


def page_pixel(u, wanted: tuple[int, int, int], within: float = 10.0) -> tuple[int, int, int]:
    """The colour the browser paints at the phone's bottom-left corner, below every control: `wanted`
    once it shows (a theme change is drawn over a few frames), else the last one seen."""
    for _ in range(int(within / 0.25)):
        shot = Image.open(io.BytesIO(u.page.screenshot(timeout=20_000))).convert("RGB")
        seen = shot.getpixel((4, shot.height - 4))
        if seen == wanted:
            break
        u.page.wait_for_timeout(250)
    return seen


def wait_until_black_is_kept(u) -> None:
    """Until the browser keeps the Black choice (Flutter keeps preferences in localStorage), within a few frames."""
    kept = lambda: '"black"' in u.page.evaluate("() => Object.values(localStorage)")
    for _ in range(100):
        if kept():
            return
        u.page.wait_for_timeout(100)
    assert kept(), "the browser did not keep the choice"


def test_black_paints_a_phones_page_black_and_survives_a_reload(ui, server):
    u = ui(PHONE)
    u.open("/settings")
    u.page.get_by_role("radio", name="Black theme").click()
    wait_until_black_is_kept(u)
    assert page_pixel(u, BLACK) == BLACK
    u.reload()
    # The server's default (light) shows until the browser says its choice (app.Root): then Black is checked again.
    expect(u.page.get_by_role("radio", name="Black theme")).to_be_checked(timeout=30_000)
    assert page_pixel(u, BLACK) == BLACK
    u.screenshot("black")
