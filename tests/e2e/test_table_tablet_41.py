"""Issue 41 on a tablet (1024 × 768) in Chromium, one page, one game of four: the game clock in the play
screen's bar ticks on its own and Pause clock stops it; every player's "Photo of <name>'s tableau" is on
the first screen without a scroll; a photo picked for one player shows its thumbnail under that player's
tableau; Settings → Black theme, and back at the game its page is #000000. The phone's side of each is in
test_game_clock_phone.py, test_tableau_photo.py and test_home_layout.py (reused here)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import scoring
from companion.ui import games as game_screens

from .conftest import ARTIFACTS, TABLET, served_after
from .test_home_layout import BLACK, page_pixel, wait_until_black_is_kept
from .test_lost_cities_phone import BOX, SLACK
from .test_tableau_photo import camera_jpeg

pytestmark = pytest.mark.e2e

GAME = "cgt"  # four at the table (Lost Cities is for two)
PLAYERS = ["Ana", "Ben", "Cleo", "Dev"]


@pytest.fixture
def server(tmp_path, monkeypatch):
    from companion.services.game_clock import TICK_VARIABLE

    monkeypatch.setenv(TICK_VARIABLE, "1")  # this server ticks as a table's does (tests/conftest.py stills the others)
    choices = game_screens.screen(GAME).choices(PLAYERS, {})
    with served_after(
        tmp_path / "data", lambda store: store.create({**scoring.new_record(GAME, PLAYERS, choices=choices), "id": "tablet-game"})
    ) as (s, _):
        yield s


def test_clock_photos_and_black_at_a_tablet_table_of_four(ui, server):
    u = ui(TABLET)
    u.open("/play/tablet-game", ready=f'[flt-semantics-identifier="tableau-{PLAYERS[-1]}"]')
    width = TABLET["width"]

    # The clock: in the app bar, ticking without a tap; paused, it stands still.
    clock = u.text("clock")
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=2500)
    box = clock.evaluate(BOX)
    assert box["y"] + box["h"] <= 64 and box["x"] + box["w"] <= width, box
    u.tap("Pause clock")
    u.button("Resume clock").wait_for()
    paused = clock.inner_text()
    u.page.wait_for_timeout(1300)
    assert clock.inner_text() == paused

    # Every player's photo button whole on the first screen (above the bar under the thumb), the page not scrolled.
    bottom = u.text("play-actions").evaluate(BOX)["y"]
    off = {}
    for player in PLAYERS:
        b = u.button(f"Photo of {player}'s tableau").evaluate(BOX)
        if b["x"] < -SLACK or b["y"] < -SLACK or b["x"] + b["w"] > width + SLACK or b["y"] + b["h"] > bottom + SLACK:
            off[player] = b
    assert not off, f"photo buttons off the {width} px wide screen or under its bar (y {bottom:.0f}): {off}"

    # A photo for Cleo: picked in the browser's own chooser, its thumbnail under Cleo's tableau.
    with u.page.expect_file_chooser() as chosen:
        u.button("Photo of Cleo's tableau").click()
    chosen.value.set_files(files=[{"name": "tableau.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg()}])
    u.expect_text("photo-message-Cleo", "Photo saved.", timeout=30_000)
    thumb = u.button("Open photo 1: Cleo")  # a CGT game has no rounds: the caption is the player
    expect(thumb).to_be_visible()
    column, button, t = (
        u.text("tableau-Cleo").evaluate(BOX),
        u.button("Photo of Cleo's tableau").evaluate(BOX),
        thumb.evaluate(BOX),
    )
    assert column["x"] - SLACK <= t["x"] and t["x"] + t["w"] <= column["x"] + column["w"] + SLACK, (t, column)
    assert t["y"] >= button["y"] + button["h"] - SLACK, (t, button)

    # Black: Back home, Settings, Black theme; the game opened again (a new page load: the tablet's
    # browser keeps its choice), its page is #000000 and its clock still paused.
    u.tap("Back")
    u.tap("Settings")
    u.page.get_by_role("radio", name="Black theme").click()
    expect(u.page.get_by_role("radio", name="Black theme")).to_be_checked()
    wait_until_black_is_kept(u)
    u.open("/play/tablet-game", ready=f'[flt-semantics-identifier="tableau-{PLAYERS[0]}"]')
    assert page_pixel(u, BLACK) == BLACK
    assert u.text("clock").inner_text() == paused
    ARTIFACTS.mkdir(exist_ok=True)  # the screen as the table sees it (ui.screenshot's full page comes out blank here)
    u.page.screenshot(path=str(ARTIFACTS / "tablet-41-black.png"))
