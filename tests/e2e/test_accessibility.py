"""Every player at the table (issue 64), in Chromium, through the accessibility tree only: no test clicks
Flutter's "Enable accessibility" placeholder (the page turns the tree on itself: semantics_on.js).

- The tree is there from the first frames, on a computer's browser and a phone's, with no click: Home's
  buttons with their names in the frame that draws Home, and the placeholder is not what a Tab reaches.
- Setup keeps the keyboard in the name field after Enter: the next name typed is not lost.
- A focused button, and a focused row of a list (Home's games), is outlined at 3:1 or more against what it stood
  on, in the Light, Dark and Black themes (measured from screenshots: the pixels that change when the keyboard
  comes to it).
- Every route of the app (app.routes(): Home, the games in progress, Tonight, Setup, a game's Results under way
  and saved, History, import and export, Players and a player's page, Statistics, Settings, an invitation, joining
  and a seat's phone, an unknown address) and each game's play screen: no control (nor radio group) without a
  name, no text read as a disabled text field, one title (level 1) and the headings of their sections, and what
  the issue found read wrong read as a person says it.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from companion.ui.games import title_of

from .conftest import PHONE, new_context, served_after
from .test_screen_sizes import EXAMPLES, UNDER_WAY
from .ui import UI, new_game_tile

pytestmark = pytest.mark.e2e

# Marks, in the page's own clock counted in animation frames: Flutter's first frame (and how many nodes its
# tree had then), the first screen's message (the first websocket message of 1 kB or more), Home's first
# named button in the tree, the placeholder seen.
FRAMES = """
window.__marks = {frames: 0, firstFrame: null, firstFrameNodes: null, screen: null, home: null, placeholder: false};
const tick = () => { __marks.frames += 1; requestAnimationFrame(tick); };
requestAnimationFrame(tick);
window.addEventListener('flutter-first-frame', () => {
    __marks.firstFrame = __marks.frames;
    __marks.firstFrameNodes = document.querySelectorAll('flt-semantics').length;
});
new MutationObserver(() => {
    __marks.placeholder ||= !!document.querySelector('flt-semantics-placeholder');
    if (__marks.home === null && [...document.querySelectorAll('flt-semantics[role="button"]')]
            .some(e => (e.getAttribute('aria-label') || e.textContent).startsWith('Lost Cities'))) __marks.home = __marks.frames;
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
const Socket = window.WebSocket;
window.WebSocket = class extends Socket {
    constructor(...args) {
        super(...args);
        this.addEventListener('message', (e) => {
            const size = e.data.byteLength !== undefined ? e.data.byteLength : String(e.data).length;
            if (__marks.screen === null && size >= 1024) __marks.screen = __marks.frames;
        });
    }
};
"""
ANDROID = {
    "user_agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
    "is_mobile": True,
    "has_touch": True,
}
# Flutter draws Home in the frame after its message, or the one after (measured: 1); with the tree asked for
# later (a click a second after), it came 60 frames later; with no click, never.
FRAMES_TO_HOME = 3


def finished(store) -> None:
    """Two finished games: Results, History, Players and Statistics have something to say."""
    store.add_finished(
        [
            {**json.loads((EXAMPLES / name).read_text())["record"], "id": f"g{i}", "played_at": f"2026-03-0{i + 1}T20:00:00"}
            for i, name in enumerate(("lost-cities-edge-values.json", "bgg-card-game-rulebook.json"))
        ]
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    with served_after(tmp_path_factory.mktemp("a11y") / "data", finished) as (s, _):
        yield s


@pytest.fixture(scope="module")
def every_route(tmp_path_factory):
    """(a server, its games in progress by game): the two finished games, and every game with a screen under way."""

    def prepare(store) -> dict[str, str]:
        finished(store)
        return {record["game"]: store.create(record).id for record in UNDER_WAY}

    with served_after(tmp_path_factory.mktemp("a11y-routes") / "data", prepare) as made:
        yield made


@pytest.mark.parametrize("device", ["computer", "phone"])
def test_the_tree_is_on_from_the_first_frame_with_nothing_clicked(browser, server, device):
    """A computer's browser takes the page's click at once (the first frame has its tree); a phone's (Flutter
    knows it by its user agent) switches the tree on 300 ms after it, before the first screen comes."""
    context = new_context(browser, PHONE, **(ANDROID if device == "phone" else {}))
    context.add_init_script(FRAMES)
    page = context.new_page()
    try:
        page.goto(server.url + "/")
        tile = page.get_by_role("button", name=new_game_tile("Lost Cities")).first
        expect(tile).to_be_visible(timeout=60_000)
        marks = page.evaluate("window.__marks")
        assert marks["placeholder"], "Flutter never made its placeholder: what the page's script answers is gone"
        assert page.locator("flt-semantics-placeholder").count() == 0, "the placeholder is still there"
        assert marks["screen"] is not None and marks["home"] is not None, marks
        assert marks["home"] - marks["screen"] <= FRAMES_TO_HOME, f"Home's buttons came to the tree late: {marks}"
        if device == "computer":
            assert marks["firstFrameNodes"], f"Flutter's first frame had no accessibility tree: {marks}"
        # The keyboard: from the page's start, Tab goes to Home's controls, never to a hidden button.
        reached = []
        for _ in range(4):
            tab(page)
            reached.append(page.evaluate("(e => `${e.tagName} ${e.getAttribute('aria-label') || e.textContent}`)(document.activeElement)"))
        assert not any(r.startswith("FLT-SEMANTICS-PLACEHOLDER") for r in reached), reached
        assert any(r.startswith("FLT-SEMANTICS Lost Cities") for r in reached), f"Tab never reached a game: {reached}"
    finally:
        context.close()


def tab(page) -> None:
    """Tab, as a person presses it; then two frames: Flutter moves its focus, then the page's, in its next frame."""
    page.keyboard.press("Tab")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_setup_keeps_the_keyboard_in_the_name_field_after_enter(ui):
    """A table's names typed one after the other, each ended by Enter, with no tap between them."""
    u = ui(PHONE)
    u.open("/setup/lost-cities", ready='flt-semantics input, flt-semantics[role="button"]')
    field = u.page.get_by_role("textbox", name="Player name")
    field.click()
    expect(field).to_be_focused()
    for name in ("Ana", "Ben"):
        u.page.keyboard.type(name)
        u.page.keyboard.press("Enter")
        expect(u.button(f"Remove {name}")).to_be_visible(timeout=10_000)
        expect(field).to_be_focused(timeout=5_000)


def luminance(rgb: tuple[int, int, int]) -> float:
    """WCAG's relative luminance."""
    channels = [c / 255 for c in rgb]
    r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def outlined(before: bytes, after: bytes) -> tuple[int, float]:
    """(pixels that changed at 3:1 or more, the most any changed by) between two screenshots of one place."""
    from PIL import Image

    a, b = (Image.open(io.BytesIO(shot)).convert("RGB").tobytes() for shot in (before, after))
    pixels = [(tuple(a[i : i + 3]), tuple(b[i : i + 3])) for i in range(0, len(a), 3)]
    ratios = [contrast(p, q) for p, q in pixels if p != q]
    return sum(1 for r in ratios if r >= 3), max(ratios, default=1.0)


# px around a button's box: an outline may stand outside its shape, and a button's box is as wide as its shape
# (narrow enough that a neighbour's focus, before or after, stays out).
AROUND = 4
FOCUSED = "(e => (e.getAttribute('aria-label') || e.textContent || '').trim())(document.activeElement)"


THEMES = ("Light theme", "Dark theme", "Black theme")


def outline_missing(u: UI, where: str, name, target) -> str | None:
    """Tab to the control named `name` (a string, or a pattern its name matches), then Shift+Tab away: its place
    (`target`, the page not scrolled between) is shot both ways; the pixels that differ, each at 3:1 or more, must
    go at least once around it (a 1 px ring; the outline is 3 px). What falls short, said; None if nothing."""
    for _ in range(30):
        tab(u.page)
        reached = u.page.evaluate(FOCUSED)
        if reached == name or (isinstance(name, re.Pattern) and name.search(reached)):
            break
    else:
        raise AssertionError(f"{where}: Tab never reached {name}")
    shots = []
    for key in ("", "Shift+Tab"):  # focused, then not
        if key:
            u.page.keyboard.press(key)
        u.until_still()
        u.page.wait_for_timeout(300)  # the focus' own change has painted
        box = target.bounding_box()
        assert box, f"{where}: {name} is not on the screen"
        around = {"x": box["x"] - AROUND, "y": box["y"] - AROUND, "width": box["width"] + 2 * AROUND, "height": box["height"] + 2 * AROUND}
        shots.append((box, u.page.screenshot(clip=around)))
    (box, focused), (moved, unfocused) = shots
    assert box == moved, f"{where}: the page moved between the two shots ({box} → {moved})"
    changed, most = outlined(unfocused, focused)
    ring = 2 * (box["width"] + box["height"])
    return None if changed >= ring else f"{where}: {changed} px changed at 3:1 or more (a ring is {ring:.0f}); at most {most:.2f}:1"


def themes_chosen(u: UI) -> Iterator[str]:
    """Settings opened, then each theme chosen there in turn: yields it once its radio is checked."""
    u.open("/settings", ready='flt-semantics[role="radio"]')
    for theme in THEMES:
        u.page.get_by_role("radio", name=theme).click()
        expect(u.page.get_by_role("radio", name=theme)).to_be_checked()
        yield theme


def test_a_focused_button_is_outlined_at_three_to_one_in_every_theme(ui):
    """An icon button (Back) and a filled one (Set PIN), in each theme chosen on Settings (outline_missing)."""
    pytest.importorskip("PIL", reason="Pillow reads the screenshots")
    u = ui(PHONE)
    found = []
    for theme in themes_chosen(u):
        found += [outline_missing(u, f"{theme}, {name}", name, u.button(name)) for name in ("Back", "Set PIN")]
    assert not any(found), "\n".join(filter(None, found))


def test_a_focused_row_is_outlined_at_three_to_one_in_every_theme(ui):
    """Home's Lost Cities row (a list row: as a ListTile its focus was a fill of 1.32:1 in Light, 1.47:1 in Black),
    in each theme chosen on Settings (outline_missing)."""
    pytest.importorskip("PIL", reason="Pillow reads the screenshots")
    u = ui(PHONE)
    found = []
    for theme in themes_chosen(u):
        u.tap("Back")
        row = u.page.get_by_role("button", name=new_game_tile("Lost Cities")).first
        expect(row).to_be_visible(timeout=30_000)
        found.append(outline_missing(u, f"{theme}, Home's Lost Cities", new_game_tile("Lost Cities"), row))
        u.tap("Settings")
        expect(u.page.get_by_role("radio", name=theme)).to_be_checked(timeout=30_000)
    assert not any(found), "\n".join(filter(None, found))


INTERACTIVE = {
    "button",
    "link",
    "checkbox",
    "switch",
    "radio",
    "tab",
    "textbox",
    "searchbox",
    "combobox",
    "menuitem",
    "slider",
    "spinbutton",
    "radiogroup",  # not a control, yet ARIA asks it for a name: Settings' two were nameless
}
# Each screen's headings: its title (the only level 1) first, then its sections'. And what the issue heard read
# wrong, as a person says it: (role, name) nodes the tree must hold. Every route of the app (app.routes()): {game}
# in a route is the id of that game's game in progress, {code} its invitation's code; each game's play screen
# after these (PLAY), and a seat's screen on the guest's own phone.
SCREENS = {
    "/": (["Tableside", "New game", "Latest results"], []),
    "/in-progress": (["Games in progress"], []),
    "/tonight": (["Game night of 2026-03-02", "Games", "Standings"], []),
    "/results/{lost-cities}": (["Results", "Round by round", "How every point was scored"], []),
    "/transfer": (["Import and export", "Export", "Import"], []),
    "/invite/{lost-cities}": (["Invite players"], []),
    "/join/{code}": (["Join Lost Cities"], [("button", "I am Mia")]),
    "/nowhere": (["Not found"], []),
    "/setup/lost-cities": (["New game of Lost Cities", "Players", "Options", "Where and notes"], []),
    "/history/g0": (
        ["Results", "Round by round", "Where and notes", "How every point was scored"],
        [("group", "Noah wins!")],
    ),
    "/history": (["History"], [("button", "Game All games"), ("button", "Player Everyone")]),
    "/players": (["Players"], []),
    "/players/Mia": (
        ["Mia", "By game", "Head to head", "Scores over time", "Rename or merge"],
        [("button", "Same person as…")],
    ),
    "/stats": (["Statistics", "By game", "Wins per player"], []),
    "/settings": (
        ["Settings", "Privacy", "Your games", "Appearance", "Language"],
        [("radiogroup", "Appearance"), ("radiogroup", "Language")],
    ),
}
PLAY = {f"/play/{{{record['game']}}}": ([title_of(record)], []) for record in UNDER_WAY}  # its title: the game's, or the pad's
# The texts a screen reader must read (the breakdown's lines once were disabled text fields with no value;
# the chart of scores once said only its axis' labels).
READ = {
    "/history/g0": ["red: (2+3+4+5+6+7+8+9+10 − 20) × 4 = 136"],
    "/players/Mia": ["Scores over time of Mia games, oldest first; Lost Cities: −40"],
}


def role(node: dict) -> str:
    return node.get("role", {}).get("value", "")


def name(node: dict) -> str:
    return node.get("name", {}).get("value", "").strip()


def props(node: dict) -> dict:
    return {p["name"]: p["value"].get("value") for p in node.get("properties", [])}


def test_every_screen_reads_with_names_headings_and_text(browser, every_route):
    """One page, each screen opened by its address (the page loaded once, then the browser's history: a load of
    the app a screen took most of the walk's time), then a guest's phone at its seat; the tree as Chromium gives
    it to a screen reader."""
    server, under_way = every_route
    contexts = [new_context(browser, PHONE), new_context(browser, PHONE)]
    found = []
    try:
        u = UI(contexts[0].new_page(), server, "every-screen")
        u.open("/")
        go(u, f"/invite/{under_way['lost-cities']}")
        u.text("join-url").wait_for()
        ids = {**under_way, "code": u.text("join-url").inner_text().strip().rsplit("/", 1)[1]}
        for route, expected in {**SCREENS, **PLAY}.items():
            go(u, route.format_map(ids))
            found += wrong_in_tree(u, route, *expected)
        phone = UI(contexts[1].new_page(), server, "every-screen-seat")
        phone.open(f"/join/{ids['code']}", ready='flt-semantics[role="button"]')
        phone.tap("I am Mia")
        found += wrong_in_tree(phone, "/join/{code}/Mia", ["Lost Cities"], [("switch", "Mia red 10")])
    finally:
        for context in contexts:
            context.close()
    assert not found, "\n".join(found)


def go(u: UI, route: str) -> None:
    """To `route` as the browser's history goes there (Back, Forward, a link): the app draws its screen, unloaded."""
    u.page.evaluate("(route) => { history.pushState(null, '', route); dispatchEvent(new PopStateEvent('popstate')); }", route)


def wrong_in_tree(u: UI, route: str, headings: list[str], nodes: list[tuple[str, str]]) -> list[str]:
    """What is wrong in the screen's tree, once it is drawn to its last heading: a line a kind of fault."""
    # The screen drawn, to its last section (two screens in a row never share their title).
    expect(u.page.get_by_role("heading", level=1, name=headings[0], exact=True)).to_be_visible()
    expect(u.page.get_by_text(headings[-1], exact=True).first).to_be_visible()
    u.until_still()
    tree = [n for n in u.page.context.new_cdp_session(u.page).send("Accessibility.getFullAXTree")["nodes"] if not n.get("ignored")]
    nameless = [role(n) for n in tree if role(n) in INTERACTIVE and not name(n)]
    fields = [name(n) for n in tree if role(n) == "textbox" and props(n).get("disabled")]
    shown = [(props(n).get("level"), name(n)) for n in tree if role(n) == "heading"]
    missing = [(r, w) for r, w in nodes if not any(role(n) == r and name(n) == w for n in tree)]
    text = " ".join(name(n) for n in tree if role(n) == "StaticText")
    unread = [t for t in READ.get(route, []) if t not in re.sub(r"\s+", " ", text)]
    titles = [h for level, h in shown if level == 1]
    sections = [h for level, h in shown if level == 2]
    wrong = {
        "nameless controls": nameless,
        "disabled text fields": fields,
        "titles (level 1)": [] if titles == headings[:1] else titles or ["none"],
        "missing section headings": [h for h in headings[1:] if h not in sections],
        "missing nodes": missing,
        "texts not read": unread,
    }
    return [f"{route}: {what}: {items}" for what, items in wrong.items() if items]
