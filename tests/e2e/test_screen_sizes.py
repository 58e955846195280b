"""Home, history, statistics, players, tonight and setup at the smallest common phone (360×740) and a
landscape tablet (1180×820): every control a finger uses is at least 48×48 px, nothing sticks out
of the screen sideways, and the name field shows no character counter.

On the same pages, what test_history.py checked with a server and pages of its own: each screen says
what the history holds (the words seen while scrolling through it), a game's detail opened directly
and reloaded (phone), and a game opened from History (tablet). Only Flutter sees a layout error (a grey
screen, no controls); the words themselves are proven browserless in tests/ui/test_history_screens.py,
test_statistics_words.py and test_tonight.py."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion import language
from companion.ui import games as game_screens
from tests import every_game

from .conftest import ARTIFACTS, served_after

pytestmark = pytest.mark.e2e

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"  # the worked examples the project carries
SIZES = {"phone-360": {"width": 360, "height": 740}, "tablet-1180": {"width": 1180, "height": 820}}
ROLES = ("button", "tab", "textbox", "combobox", "checkbox", "switch", "slider", "link", "menuitem")
TOLERANCE = 0.5  # px: Flutter's layout rounds
POSITIONS = "() => [...document.querySelectorAll('flt-semantics')].map(e => e.getBoundingClientRect().y).join()"


# Every game with a screen under way, as its worked example under way stands (else its first: a game with every card
# in, not yet saved): Lost Cities' is round 2 of 3, six expeditions, the densest phone screen. Each one's play screen
# is checked in German and in French. A new game is checked once its screen exists.
UNDER_WAY = [every_game.record(every_game.example_of(game, decided=False)) for game in every_game.with_screens()]


@pytest.fixture
def server(tmp_path):
    """Finished games of three players (one with a long name), and every game in progress."""
    example = lambda name: json.loads((EXAMPLES / f"{name}.json").read_text())["record"]

    def three_finished_four_in_progress(store) -> dict[str, str]:
        store.add_finished(
            [
                {**example("bgg-card-game-rulebook"), "id": "dan-aldie", "played_at": "2026-03-02T20:00:00"},
                {**example("cgt-values-and-penalty"), "id": "cgt-1", "played_at": "2026-02-01T20:00:00"},
                {**example("lost-cities-edge-values"), "id": "lc-1", "played_at": "2026-01-15T20:00:00"},
            ]
        )
        return {record["game"]: store.create(record).id for record in UNDER_WAY}

    with served_after(tmp_path / "data", three_finished_four_in_progress) as (s, under_way):
        s.under_way = under_way  # game -> the id of its game in progress
        yield s


def scroll_through(u, check, step: float = 0.7) -> None:
    """Run `check` at each `step` of the page's height from the top to the bottom of the page (Flutter scrolls
    in its canvas). A play screen's scrolling part is about 0.7 of the page under its header and bar: it is
    looked at in half steps, so that a control is whole in one look, not cut at the edge in each."""
    size = u.page.viewport_size
    to_top(u)
    for _ in range(round(12 * 0.7 / step)):
        check()
        before = u.page.evaluate(POSITIONS)
        u.page.mouse.wheel(0, size["height"] * step)
        u.until_still()
        if u.page.evaluate(POSITIONS) == before:
            u.until_still()  # the end of the page, or a wheel not yet taken: one more look tells
            if u.page.evaluate(POSITIONS) == before:
                return


def to_top(u) -> None:
    size = u.page.viewport_size
    u.page.mouse.move(size["width"] / 2, size["height"] / 2)
    for _ in range(3):
        u.page.mouse.wheel(0, -5000)
    u.until_still()


def look(u, sizes: dict, outside: list[str], roles=ROLES, words: set | None = None) -> None:
    """Note each control's largest box seen so far (Flutter clips a box at the edge of the scrolling
    area, so a control half scrolled out looks small: its size is the largest seen while scrolling),
    and anything on screen that reaches past the left or right edge; `words`: every text seen."""
    width, height = u.page.viewport_size["width"], u.page.viewport_size["height"]
    found = u.page.evaluate("""() => [...document.querySelectorAll('flt-semantics')].map(e => {
        const r = e.getBoundingClientRect();
        return {role: e.getAttribute('role') || '', name: (e.getAttribute('aria-label') || e.textContent || '').trim(),
                x: r.x, y: r.y, w: r.width, h: r.height};
    })""")
    for n in found:
        if not (n["y"] + n["h"] > 0 and n["y"] < height and n["w"] > 0 and n["h"] > 0):
            continue
        if words is not None:
            words.add(n["name"])
        n["name"] = n["name"][:60]
        if n["role"] in roles:
            key = (n["role"], n["name"])
            w, h = sizes.get(key, (0, 0))
            sizes[key] = (max(w, n["w"]), max(h, n["h"]))
        if n["x"] < -TOLERANCE or n["x"] + n["w"] > width + TOLERANCE:
            problem = f"{n['role'] or 'text'} {n['name']!r} spans x {n['x']:.0f}…{n['x'] + n['w']:.0f} of {width}"
            if problem not in outside:
                outside.append(problem)


def check_screen(u, name: str, roles=ROLES, says: tuple[str, ...] = (), step: float = 0.7) -> None:
    """Every control big enough and nothing out at the sides, from the top of the page to its end; and
    each of `says` written somewhere on it."""
    sizes: dict = {}
    outside: list[str] = []
    words: set[str] = set()
    scroll_through(u, lambda: look(u, sizes, outside, roles, words), step)
    small = [f"{role} {label!r} is {w:.0f}×{h:.0f}" for (role, label), (w, h) in sizes.items() if w < 48 - TOLERANCE or h < 48 - TOLERANCE]
    ARTIFACTS.mkdir(exist_ok=True)
    u.page.screenshot(path=str(ARTIFACTS / f"sizes-{name}.png"))
    assert sizes, f"{name}: no control found"
    assert not small + outside, f"{name}:\n" + "\n".join(small + outside)
    unsaid = [s for s in says if not any(s in w for w in words)]
    assert not unsaid, f"{name} does not say {unsaid}; it says {sorted(words)[:60]}"


def set_up_three(u) -> None:
    u.open("/setup/bgg-game", ready="input")
    for name in ("Ana", "Ben", "Cyrus Longname-Example"):
        u.type_into("Player name", name)
    u.tap("Random first player")
    u.until_still()


# Each main screen, what it must say (test_history.py's checks: the history of the server above).
SCREENS = (
    ("/", 'flt-semantics[role="button"]', ()),
    ("/history", 'flt-semantics[role="button"]', ("2026-03-02 · BoardGameGeek: The Card Game", "2026-02-01 · CGT – Card Game Traders")),
    ("/stats", 'flt-semantics[role="tab"]', ("Highest score: 171 by Noah on 2026-01-15", "Top rated")),
    ("/players", 'flt-semantics[role="button"]', ()),
    ("/players/Noah", 'flt-semantics[role="button"]', ("1 game · 1 win (100%)", "Lost Cities: ")),
    ("/in-progress", 'flt-semantics[role="button"]', ()),
    ("/tonight", 'flt-semantics[role="button"]', ("Game night · 2026-03-02 · 1 game", "Copy recap", "Save image")),
)


def detail_opened_directly_and_reloaded(u) -> None:
    u.open("/history/dan-aldie", ready='[flt-semantics-identifier="winner"]')
    u.expect_text("winner", "Aldie")
    u.expect_text("total-Dan", "92")
    u.expect_text("place-Dan", "2nd")
    u.reload()
    u.expect_text("total-Aldie", "103", timeout=30_000)
    assert u.page.url.endswith("/history/dan-aldie")


def a_game_opened_from_history(u) -> None:
    """From History as scrolled through above: back to its top, then a finger on the CGT game."""
    to_top(u)
    u.page.get_by_text("2026-02-01 · CGT – Card Game Traders", exact=False).first.click()
    u.page.wait_for_url("**/history/cgt-1")
    u.expect_text("winner", "Max")


@pytest.mark.parametrize("size", SIZES)
def test_main_screens_and_setup_fit_and_have_big_targets(ui, size):
    """Each main screen, then setup with three players (one long name), on one page at this size: the
    setup screen was a test of its own, with a server and a page of its own, for the same checks."""
    u = ui(SIZES[size])
    for route, ready, says in SCREENS:
        u.open(route, ready=ready)
        u.until_still()  # the layout settles (check_screen then scrolls through it)
        check_screen(u, f"{size}{route.replace('/', '-')}", says=says)
        if route == "/history" and size == "tablet-1180":
            a_game_opened_from_history(u)
    if size == "phone-360":
        detail_opened_directly_and_reloaded(u)
    # Setup with three players (one long name): it fits, and the name field shows no character counter.
    set_up_three(u)
    assert u.page.get_by_text("0/200").count() == 0
    assert "0/200" not in u.page.locator("flt-semantics-host").inner_text()
    check_screen(u, f"{size}-setup")  # the game's options (play_<game>.py's switches) too


# German and French run longer than English (French more often: in 55% of the messages, German in 35%;
# German's words are the longest, and a word does not wrap): each one's main screens on the smallest phone,
# checked alike, from the browser's own language; every game's play screen in its budget (below) on that phone and
# on a 390 × 844 one, each scrolled through on the smallest in one of the two languages (Lost Cities' in both); and
# Lost Cities' and Home on a tablet. In German, then, a choice in Settings kept by that browser across a reload,
# while another browser at the same server keeps its own language.
IN_LANGUAGES = ("/", "/history", "/stats", "/players/Noah", "/in-progress", "/tonight", "/settings")
SETTINGS = {"en": "Settings", "de": "Einstellungen", "fr": "Réglages"}
PHONES = ({"width": 360, "height": 740}, {"width": 390, "height": 844})
# Lost Cities last: its page is then turned into a tablet's.
GAMES = sorted((r["game"] for r in UNDER_WAY), key=lambda game: game == "lost-cities")
SCROLLED = {"de": {*GAMES[1::2], "lost-cities"}, "fr": {*GAMES[::2], "lost-cities"}}

# A play screen as the browser lays it out: the header, the bar under the thumb, the bar's buttons and each node
# in the two bars (for a word cut at an edge), and the cards of the tableau shown.
PLAY_LAYOUT = """() => {
    const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const named = e => ({name: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40), ...box(e)});
    const header = document.querySelector('[flt-semantics-identifier="play-header"]');
    const bar = document.querySelector('[flt-semantics-identifier="play-actions"]');
    if (!header || !bar) return null;  // the screen drawn anew (its language, its theme) and not laid out yet
    return {
        header: box(header), bar: box(bar),
        buttons: [...bar.querySelectorAll('flt-semantics[role="button"]')].map(named),
        inHeader: [...header.querySelectorAll('flt-semantics')].map(named),
        inBar: [...bar.querySelectorAll('flt-semantics')].map(named),
        cards: [...document.querySelectorAll('[flt-semantics-identifier^="tableau-"] flt-semantics[role="switch"]')].map(named),
    };
}"""


def open_play_screen(u, game_id: str, code: str) -> None:
    """The game's play screen, once it speaks the browser's language (a new page draws its first frame in English)."""
    u.open(f"/play/{game_id}", ready='[flt-semantics-identifier="play-actions"]')
    undo = language.catalog(code).gettext("Undo")
    expect(u.page.get_by_role("button", name=undo, exact=True)).to_be_visible(timeout=30_000)
    u.until_still()


def holds_its_budget(u, game: str, name: str) -> None:
    """The play screen's budget (docs/screens.md) in the browser's language: the bar under the thumb is one row of
    whole buttons (a word that does not fit gives way to its icon, never a second row over the cards); nothing in
    the header or the bar is cut at an edge; and where the screen promises the whole tableau on a phone this tall
    (GameScreen.whole_on_a_phone: Lost Cities at 844 px), every card of the player shown is whole between the
    header and the bar, before any scroll. Looked at until it holds, for at most 20 s: the server draws the
    screen again for a new size or language a moment after the browser laid out the old one anew."""
    to_top(u)
    whole = game_screens.screen(game).whole_on_a_phone(u.page.viewport_size["height"])
    deadline = time.monotonic() + 20
    while True:
        seen = u.page.evaluate(PLAY_LAYOUT)
        problems = budget_problems(seen, u.page.viewport_size["width"], whole) if seen else ["no play screen's header and bar"]
        if not problems or time.monotonic() > deadline:
            break
        u.page.wait_for_timeout(250)
        u.until_still()
    if problems:
        u.page.screenshot(path=str(ARTIFACTS / f"budget-{name}.png"))
    assert not problems, f"{name}:\n" + "\n".join(problems[:20]) + f"\nThe page shows {u.describe()}"


def budget_problems(seen: dict, width: float, whole: bool) -> list[str]:
    """What breaks the budget in one look at a play screen (PLAY_LAYOUT); `whole`: every card must be in view."""
    bar, header, buttons = seen["bar"], seen["header"], seen["buttons"]
    problems = []
    row = bar["y"] + 7  # the bar's top line (1) and its padding (6)
    for b in buttons:
        if abs(b["y"] - row) > 1 or b["h"] < 48 - TOLERANCE:
            problems.append(f"button {b['name']!r} at y {b['y']:.0f}, {b['h']:.0f} px tall: not in the bar's one row at y {row:.0f}")
    for part, nodes, edges in (("header", seen["inHeader"], header), ("bar", seen["inBar"], bar)):
        for n in nodes:
            sideways = n["x"] < -TOLERANCE or n["x"] + n["w"] > width + TOLERANCE
            if sideways or n["y"] < edges["y"] - TOLERANCE or n["y"] + n["h"] > edges["y"] + edges["h"] + TOLERANCE:
                problems.append(f"{part}: {n['name']!r} cut at an edge ({n['x']:.0f}, {n['y']:.0f}, {n['w']:.0f} × {n['h']:.0f})")
    cards = seen["cards"]
    if not whole:
        return problems
    if not cards:
        return [*problems, "no card on the screen"]
    tallest = max(c["h"] for c in cards)  # Flutter gives a cut card its shown part: its height is the others'
    top, bottom = header["y"] + header["h"], bar["y"]
    return problems + [
        f"card {c['name']!r} not whole above the bar (y {c['y']:.0f}, {tallest:.0f} px tall; the bar starts at {bottom:.0f})"
        for c in cards
        if c["y"] < top - TOLERANCE or c["y"] + tallest > bottom + TOLERANCE
    ]


@pytest.mark.parametrize("code", ["de", "fr"])
def test_the_screens_fit_in_german_and_in_french_on_phones(browser, server, request, code):
    from .conftest import new_context
    from .ui import UI

    ARTIFACTS.mkdir(exist_ok=True)
    u = UI(new_context(browser, SIZES["phone-360"], locale=f"{code}-{code.upper()}").new_page(), server, request.node.name)
    try:
        for route in IN_LANGUAGES:
            u.open(route, ready='flt-semantics[role="button"]')
            u.until_still()
            check_screen(u, f"{code}{route.replace('/', '-')}")
        expect(u.page.get_by_text(SETTINGS[code]).first).to_be_visible()  # the browser's language, not English
        # The play screens, the densest, on both phones; Lost Cities (last) stays open.
        for game in GAMES:
            small, large = PHONES
            u.page.set_viewport_size(small)
            open_play_screen(u, server.under_way[game], code)
            holds_its_budget(u, game, f"{code}-{game}-360")
            if game in SCROLLED[code]:
                check_screen(u, f"{code}-play-{game}", roles=("button",), step=0.35)  # cards are smaller by design (docs/screens.md)
            u.page.set_viewport_size(large)  # the same screen on a larger phone: the server draws it again for its size
            u.until_still()
            holds_its_budget(u, game, f"{code}-{game}-390")
        u.page.set_viewport_size(SIZES["tablet-1180"])  # the same device turned into a tablet: its play screen and Home
        u.until_still()
        check_screen(u, f"{code}-tablet-play", roles=("button",), step=0.35)
        u.open("/", ready='flt-semantics[role="button"]')
        # Home itself: a page loaded again may show the screen its session last drew for a moment (a run found the
        # play screen's cards, half drawn, in Home's look).
        expect(u.page.get_by_role("heading", level=1, name="Tableside", exact=True)).to_be_visible()
        u.until_still()
        check_screen(u, f"{code}-tablet-home")
        if code == "de":
            a_choice_is_kept_by_its_browser_and_another_keeps_its_own(u, browser, server, request)
    finally:
        u.page.context.close()


def a_choice_is_kept_by_its_browser_and_another_keeps_its_own(u, browser, server, request) -> None:
    from .conftest import new_context
    from .ui import UI

    english = UI(new_context(browser, SIZES["phone-360"], locale="en-GB").new_page(), server, request.node.name)
    try:
        english.open("/settings")
        expect(english.page.get_by_text(SETTINGS["en"]).first).to_be_visible(timeout=30_000)
        u.open("/settings")
        french = u.page.get_by_role("radio", name="Français")
        scroll_to_the_end(u)  # the last section of Settings
        french.click()
        expect(u.page.get_by_text(SETTINGS["fr"]).first).to_be_visible(timeout=30_000)
        u.reload()
        expect(u.page.get_by_text(SETTINGS["fr"]).first).to_be_visible(timeout=30_000)
        scroll_to_the_end(u)
        expect(french).to_be_checked(timeout=30_000)
        expect(english.page.get_by_text(SETTINGS["en"]).first).to_be_visible()  # the other device kept its own
    finally:
        english.page.context.close()


def scroll_to_the_end(u) -> None:
    u.page.mouse.move(180, 400)
    for _ in range(6):
        u.page.mouse.wheel(0, 600)
        u.page.wait_for_timeout(150)
