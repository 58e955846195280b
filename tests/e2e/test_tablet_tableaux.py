"""Everyone in view on a tablet (issue 21): at 1180 × 820 and 820 × 1180, with each game's largest
table, every player's tableau is side by side on the first screen, none cut off at the sides or
below the fold, and the first control of each (where entering starts) is whole between the header
and the bar under the thumb, with the page not scrolled; held sideways, every button of the screen
is at least 48 × 48 (test_layout.check_targets, which checks a phone). One page load per game, turned."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error as PlaywrightError

import scoring
from companion.data.store import GameStore
from companion.ui import games as game_screens

from .conftest import Server
from .test_layout import check_targets
from .test_layout import settled_box as rect

pytestmark = pytest.mark.e2e

SIZES = {"landscape": {"width": 1180, "height": 820}, "portrait": {"width": 820, "height": 1180}}
NAMES = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]
SHOWN = 150  # px of each tableau at least on screen: its heading and its first row of controls
SLACK = 0.5  # Flutter's semantics boxes are in fractional pixels
# A text field's node, not its <input> (the browser's own padding and border make that 8 px wider).
CONTROLS = 'flt-semantics[role="button"], flt-semantics[role="switch"], flt-semantics:has(> input)'
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect(); const i = e.querySelector(':scope > input');
    return {name: e.getAttribute('aria-label') || (i && i.getAttribute('aria-label')) || e.innerText || '', x: r.x, w: r.width}; })"""


@pytest.fixture
def server(tmp_path):
    """One game in progress per game, with as many players as its rules allow, nothing entered."""
    store = GameStore(tmp_path / "data")
    for key, rules in scoring.GAMES.items():
        players = NAMES[: rules.max_players]
        store.create({**scoring.new_record(key, players, choices=game_screens.screen(key).choices(players, {})), "id": key})
    store.close()
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


def turn(u, size: dict) -> None:
    """The tablet turned: the page takes the new size, and the screen (told by the server) lays Ada's tableau out again."""
    before = rect(u.text("tableau-Ada"))
    u.page.set_viewport_size(size)
    for _ in range(50):
        u.page.wait_for_timeout(100)
        if rect(u.text("tableau-Ada"))["width"] != before["width"]:
            return
    raise AssertionError(f"Ada's tableau kept its width {before['width']:.0f} turned to {size}")


def problems_here(u, game: str) -> list[str]:
    size = u.page.viewport_size
    header = rect(u.text("play-header"))
    top, bottom = header["y"] + header["height"], rect(u.text("play-actions"))["y"]
    found = []
    for player in NAMES[: scoring.GAMES[game].max_players]:
        tableau = u.text(f"tableau-{player}")
        b = rect(tableau)
        if b["x"] < -SLACK or b["x"] + b["width"] > size["width"] + SLACK:
            found.append(f"{player}'s tableau is cut off at the side: x {b['x']:.0f}..{b['x'] + b['width']:.0f} of {size['width']}")
        shown = min(b["y"] + b["height"], bottom) - max(b["y"], top)
        if shown < min(SHOWN, b["height"]) - 1:  # a short tableau is whole
            found.append(f"{player}'s tableau shows {shown:.0f} px (from y {b['y']:.0f}; the bar is at {bottom:.0f})")
        # Each control within its own column: none drawn over a neighbour's (a stepper wider than its column).
        for c in tableau.locator(CONTROLS).evaluate_all(BOXES):
            if c["x"] < b["x"] - SLACK or c["x"] + c["w"] > b["x"] + b["width"] + SLACK:
                found.append(f"{c['name'][:40]!r} spills out of {player}'s column: x {c['x']:.0f}..{c['x'] + c['w']:.0f}")
        first = rect(tableau.locator(CONTROLS).first)
        if not (top - SLACK <= first["y"] and first["y"] + first["height"] <= bottom + SLACK):
            found.append(f"{player}'s first control is not whole on screen: y {first['y']:.0f}..{first['y'] + first['height']:.0f}")
    return found


def test_every_tableau_is_in_view_at_the_largest_table(ui):
    problems: dict[str, list[str]] = {}
    for game in scoring.GAMES:
        u = ui(SIZES["landscape"])  # a browser of its own: a tab's Flet session would show the game before first
        u.open(f"/play/{game}", ready='[flt-semantics-identifier="tableau-Ada"]')
        for size in SIZES:  # the same page turned upright: the screen lays itself out again
            if size != "landscape":
                turn(u, SIZES[size])
            for part in ("play-header", "play-actions"):
                try:
                    u.text(part).wait_for(timeout=60_000)  # as UI.open's: CI's full load once took longer than 30 s
                except PlaywrightError:
                    u.screenshot(f"failed-{game}-{size}")
                    raise AssertionError(
                        f"{part} not shown on {game}'s play screen at {size} within 60 s; the page shows {u.describe()}"
                    ) from None
            u.until_still()  # the layout settles after the first frame
            found = problems_here(u, game)
            if size == "landscape":
                try:
                    check_targets(u, game_screens.screen(game).smallest_card)  # a card as small as its game draws it
                except AssertionError as e:
                    found.append(str(e))
            if found:
                u.screenshot(f"{game}-{size}")
                problems[f"{game} {size}"] = found
        u.page.context.close()  # a page left open keeps drawing beside the next game's (CI once waited 60 s for the fifth)
    assert not problems, problems
