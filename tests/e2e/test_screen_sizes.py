"""Home, history, statistics, players, tonight and setup at the smallest common phone (360×740) and a
landscape tablet (1180×820): every control a finger uses is at least 48×48 px, nothing sticks out
of the screen sideways, and the name field shows no character counter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import scoring
from companion.data.store import GameStore

from .conftest import ARTIFACTS, Server

pytestmark = pytest.mark.e2e

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"  # the worked examples the project carries
SIZES = {"phone-360": {"width": 360, "height": 740}, "tablet-1180": {"width": 1180, "height": 820}}
ROLES = ("button", "tab", "textbox", "combobox", "checkbox", "switch", "slider", "link", "menuitem")
TOLERANCE = 0.5  # px: Flutter's layout rounds


@pytest.fixture
def server(tmp_path):
    """Finished games of three players (one with a long name), and four games in progress."""
    data = tmp_path / "data"
    store = GameStore(data)
    example = lambda name: json.loads((EXAMPLES / f"{name}.json").read_text())["record"]
    store.add_finished(
        [
            {**example("bgg-card-game-rulebook"), "id": "dan-aldie", "played_at": "2026-03-02T20:00:00"},
            {**example("cgt-values-and-penalty"), "id": "cgt-1", "played_at": "2026-02-01T20:00:00"},
            {**example("lost-cities-edge-values"), "id": "lc-1", "played_at": "2026-01-15T20:00:00"},
        ]
    )
    for players in (["Ana", "Ben"], ["Cy", "Dee"], ["Eve", "Finn"], ["Gus", "Hana"]):
        store.create(scoring.new_record("lost-cities", players, {}, {}))
    store.close()
    s = Server(data).start()
    yield s
    s.stop()


def scroll_through(u, check) -> None:
    """Run `check` at each screenful from the top to the bottom of the page (Flutter scrolls in its canvas)."""
    size = u.page.viewport_size
    u.page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(3):
        u.page.mouse.wheel(0, -5000)
    u.page.wait_for_timeout(300)
    for _ in range(12):
        check()
        before = u.page.evaluate("() => [...document.querySelectorAll('flt-semantics')].map(e => e.getBoundingClientRect().y).join()")
        u.page.mouse.wheel(0, size["height"] * 0.7)
        u.page.wait_for_timeout(400)
        after = u.page.evaluate("() => [...document.querySelectorAll('flt-semantics')].map(e => e.getBoundingClientRect().y).join()")
        if before == after:
            return


def look(u, sizes: dict, outside: list[str], roles=ROLES) -> None:
    """Note each control's largest box seen so far (Flutter clips a box at the edge of the scrolling
    area, so a control half scrolled out looks small: its size is the largest seen while scrolling),
    and anything on screen that reaches past the left or right edge."""
    width, height = u.page.viewport_size["width"], u.page.viewport_size["height"]
    found = u.page.evaluate("""() => [...document.querySelectorAll('flt-semantics')].map(e => {
        const r = e.getBoundingClientRect();
        return {role: e.getAttribute('role') || '', name: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 60),
                x: r.x, y: r.y, w: r.width, h: r.height};
    })""")
    for n in found:
        if not (n["y"] + n["h"] > 0 and n["y"] < height and n["w"] > 0 and n["h"] > 0):
            continue
        if n["role"] in roles:
            key = (n["role"], n["name"])
            w, h = sizes.get(key, (0, 0))
            sizes[key] = (max(w, n["w"]), max(h, n["h"]))
        if n["x"] < -TOLERANCE or n["x"] + n["w"] > width + TOLERANCE:
            problem = f"{n['role'] or 'text'} {n['name']!r} spans x {n['x']:.0f}…{n['x'] + n['w']:.0f} of {width}"
            if problem not in outside:
                outside.append(problem)


def check_screen(u, name: str, roles=ROLES) -> None:
    sizes: dict = {}
    outside: list[str] = []
    scroll_through(u, lambda: look(u, sizes, outside, roles))
    small = [f"{role} {label!r} is {w:.0f}×{h:.0f}" for (role, label), (w, h) in sizes.items() if w < 48 - TOLERANCE or h < 48 - TOLERANCE]
    u.page.wait_for_timeout(300)
    ARTIFACTS.mkdir(exist_ok=True)
    u.page.screenshot(path=str(ARTIFACTS / f"sizes-{name}.png"))
    assert sizes, f"{name}: no control found"
    assert not small + outside, f"{name}:\n" + "\n".join(small + outside)


def set_up_three(u) -> None:
    u.open("/setup/bgg-game", ready="input")
    for name in ("Ana", "Ben", "Cyrus Longname-Example"):
        u.type_into("Player name", name)
    u.tap("Random first player")
    u.page.wait_for_timeout(500)


@pytest.mark.parametrize("size", SIZES)
def test_main_screens_and_setup_fit_and_have_big_targets(ui, size):
    """Each main screen, then setup with three players (one long name), on one page at this size: the
    setup screen was a test of its own, with a server and a page of its own, for the same checks."""
    u = ui(SIZES[size])
    for route, ready in (
        ("/", 'flt-semantics[role="button"]'),
        ("/history", 'flt-semantics[role="button"]'),
        ("/stats", 'flt-semantics[role="tab"]'),
        ("/players", 'flt-semantics[role="button"]'),
        ("/players/Noah", 'flt-semantics[role="button"]'),
        ("/in-progress", 'flt-semantics[role="button"]'),
        ("/tonight", 'flt-semantics[role="button"]'),
    ):
        u.open(route, ready=ready)
        u.page.wait_for_timeout(300)  # the layout settles (check_screen then scrolls through it)
        check_screen(u, f"{size}{route.replace('/', '-')}")
    # Setup with three players (one long name): it fits, and the name field shows no character counter.
    set_up_three(u)
    assert u.page.get_by_text("0/200").count() == 0
    assert "0/200" not in u.page.locator("flt-semantics-host").inner_text()
    check_screen(u, f"{size}-setup")  # the game's options (play_<game>.py's switches) too
