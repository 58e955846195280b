"""The play screens at the table, in Chromium, at the sizes players bring (issue 13): the totals
stay in view while the bottom of a column is tapped, a tap leaves the scroll where it was, a
refusal is said on screen, every button is at least 48 × 48 and none is cut off at the sides.
With the text at 200 % (Flutter web takes its text scale from the page's root font size, as a
browser's font-size setting sets it), every game's play screen on both phones keeps its labels
whole. On a tablet the same targets are checked at each game's largest table
(test_tablet_tableaux.py); the dark theme's contrast in tests/ui/test_contrast.py."""

from __future__ import annotations

import io
import math
import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.ui.games import title_of
from companion.ui.widgets.label_width import label_width

from .conftest import new_context
from .test_accessibility import contrast, go
from .test_screen_sizes import UNDER_WAY
from .ui import new_game_tile

pytestmark = pytest.mark.e2e

NARROWEST = {"width": 360, "height": 740}  # the narrowest phone: 390 px (tests/e2e/test_screen_model.py) has more room
TARGET = 48
SLACK = 0.5  # Flutter's semantics boxes are in fractional pixels
TEXT_200 = "document.addEventListener('DOMContentLoaded', () => { document.documentElement.style.fontSize = '32px'; })"

CONTROLS = 'flt-semantics[role="button"], flt-semantics[role="switch"]'  # buttons and cards
BOXES = """els => els.map(e => { const r = e.getBoundingClientRect();
    return {name: e.getAttribute('aria-label') || e.innerText, role: e.getAttribute('role'), x: r.x, y: r.y, w: r.width, h: r.height}; })"""


def settled_box(locator) -> dict:
    """The node's box, once it has one: Flutter rebuilds its semantics nodes as a screen's first frames settle (a
    play screen measuring the text size draws again), so a node may be between two for a frame or two."""
    for _ in range(20):
        found = locator.bounding_box()
        if found:
            return found
        locator.page.wait_for_timeout(100)
    raise AssertionError(f"{locator} has no box")


def box(u, locator) -> dict:
    return settled_box(locator)


def header_bottom(u) -> float:
    header = box(u, u.text("play-header"))
    return header["y"] + header["height"]


def in_view(u, locator) -> bool:
    b = box(u, locator)
    size = u.page.viewport_size
    return b["y"] >= 0 and b["y"] + b["height"] <= size["height"] and b["x"] >= 0 and b["x"] + b["width"] <= size["width"]


def check_targets_here(u, problems: dict[str, str], card: tuple[int, int] = (TARGET, TARGET)) -> None:
    """Every button on screen: none out of the page at the sides; each one whole in the scrolling
    part (not half under the header or the bottom edge) at least 48 × 48, a card at least `card` (width, height:
    the game's GameScreen.smallest_card, where it sizes its cards to fit the screen)."""
    size = u.page.viewport_size
    top, bottom = header_bottom(u), size["height"]
    bar = u.text("play-actions")
    if bar.count():  # Undo, the round's button and Results: a bar under the scrolling part
        bottom = box(u, bar)["y"]
    for b in u.page.locator(CONTROLS).evaluate_all(BOXES):
        name = b["name"].strip()[:40] or "(unnamed)"
        if b["x"] < -SLACK or b["x"] + b["w"] > size["width"] + SLACK:
            problems[name] = f"cut off at the side: x {b['x']:.0f}..{b['x'] + b['w']:.0f} of {size['width']}"
        whole = b["y"] > top + 1 and b["y"] + b["h"] < bottom - 1
        width, height = card if b["role"] == "switch" else (TARGET, TARGET)
        if (whole or b["y"] + b["h"] <= top) and (b["w"] < width - SLACK or b["h"] < height - SLACK):
            problems[name] = f"{b['w']:.0f} × {b['h']:.0f} px"


def check_targets(u, card: tuple[int, int] = (TARGET, TARGET)) -> None:
    """check_targets_here from the top of the screen to its bottom, a part of a screen at a time."""
    size = u.page.viewport_size
    u.page.mouse.move(size["width"] / 2, size["height"] - 10)
    u.page.mouse.wheel(0, -20_000)
    u.until_still()  # (a fixed 300 ms wait here and below was most of this check's time)
    problems: dict[str, str] = {}
    controls = u.page.locator(CONTROLS)
    for _ in range(12):
        check_targets_here(u, problems, card)
        before = controls.evaluate_all(BOXES)
        u.page.mouse.wheel(0, size["height"] / 2)
        u.until_still()
        if controls.evaluate_all(BOXES) == before:  # the end of the screen: nothing moved (the bars never do) ...
            u.until_still()  # ... or the wheel is not taken yet: one more look tells
            if controls.evaluate_all(BOXES) == before:
                break
    if problems:
        u.screenshot("targets")
    assert not problems, f"{len(problems)} buttons too small or cut off: {problems}"


def tap_in_place(u, name: str) -> None:
    """Tap `name` where it is: the screen must not scroll under the finger, nor the totals leave it."""
    button = u.button(name)
    u.scroll_into_view(button)
    before = box(u, button)
    frames = u.frames
    button.click(force=button.get_attribute("role") == "switch")  # a taken card is tapped too (ui.tap)
    u.settle(frames)
    u.page.wait_for_timeout(300)
    after = box(u, u.button(name))
    assert abs(after["y"] - before["y"]) < 1, f"the screen scrolled by {after['y'] - before['y']:.0f} px after tapping {name}"


def start_game(u, title: str, names: list[str]) -> None:
    """From the home screen shown, as a person does it: the game, the names, Start game."""
    u.page.get_by_role("button", name=new_game_tile(title)).first.click(timeout=30_000)
    for name in names:
        u.type_into("Player name", name)
        expect(u.button(f"Remove {name}")).to_be_visible()
    u.tap("Start game")
    u.page.wait_for_url(re.compile(r"/play/"), timeout=10_000)
    u.text(f"total-{names[0]}").wait_for(timeout=10_000)


def back_home(u) -> None:
    u.tap("Back")
    u.page.wait_for_url(re.compile(r"/$"), timeout=10_000)


def play_lost_cities(u) -> None:
    start_game(u, "Lost Cities", ["Mia", "Noah"])
    u.tap("Mia red 3")
    u.expect_text("total-Mia", "−17")
    # The bottom card of a column: the totals and column heads stay in view, the screen stays put.
    tap_in_place(u, "Mia red 10")
    u.expect_text("total-Mia", "−7")
    u.expect_text("expedition-Mia-red", "−7")
    for identifier in ("total-Mia", "total-Noah", "expedition-Mia-red"):
        assert in_view(u, u.text(identifier)), f"{identifier} left the screen"
    # A taken card is tappable, and the refusal says whose it is, on screen, without scrolling it away.
    u.tap("Noah")  # a phone shows one player at a time
    tap_in_place(u, "Mia's red 10, taken")  # read as whose it is (controls.card_button's said)
    expect(u.text("message")).to_contain_text("Red 10 is on Mia's tableau.")
    assert in_view(u, u.text("message")), "the refusal is off screen"
    message, header, actions = (box(u, u.text(name)) for name in ("message", "play-header", "play-actions"))
    # A banner between the header and the buttons under the thumb: never in the title's place, never over a button.
    assert header["y"] + header["height"] <= message["y"] + 1, "the refusal covers the title or the totals"
    assert message["y"] + message["height"] <= actions["y"] + 1, "the refusal covers the buttons under the thumb"
    u.expect_text("total-Noah", "0")
    check_targets(u)


def play_card_commons(u) -> None:
    start_game(u, "Card Commons", ["Ana", "Ben"])
    u.tap("nest egg 2H")
    tap_in_place(u, "Ana commission 2H, taken")  # the Nest Egg holds it: refused, and said
    expect(u.text("message")).to_contain_text("2♥ is already the Nest Egg")
    assert in_view(u, u.text("message"))
    u.tap("Ana commission 4D")
    check_targets(u)


def play_cgt(u) -> None:
    start_game(u, "CGT", ["Lea", "Max", "Kai"])
    u.tap("Type 5 Meta plus")
    tap_in_place(u, "Lea type 5 plus")
    u.expect_text("total-Lea", "−1")  # one card of a type worth 1 (one Meta card), less the first player's 2
    check_targets(u)


def play_bgg_card_game(u) -> None:
    start_game(u, "BoardGameGeek: The Card Game", ["Dan", "Aldie"])
    u.tap("Dan War played plus")
    check_targets(u)


def play_bgg_game(u) -> None:
    players = ["Ada", "Bo", "Cy", "Di", "Eve", "Fay"]  # six: the most totals a header holds
    start_game(u, "The BoardGameGeek Game", players)
    tap_in_place(u, "Ada tile blue 6")  # the last column of the tile grid
    for player in players:
        assert in_view(u, u.text(f"total-{player}")), f"{player}'s total is off screen"
    check_targets(u)


# Tablets: test_tablet_tableaux.py (every tableau in view and uncut, and these targets, at the largest tables).
def test_play_screens_at_the_table(ui):
    u = ui(NARROWEST)
    u.open("/")
    play_lost_cities(u)
    back_home(u)
    play_card_commons(u)
    back_home(u)
    play_cgt(u)
    back_home(u)
    play_bgg_card_game(u)
    back_home(u)
    play_bgg_game(u)


# Every game's play screen at 200 % text on a phone in English, and on the narrowest in German and in French, whose words
# are longer (a game under way as its worked example stands). A label is cut where the tree shows it shortened ("…"),
# where the header draws past the page's sides (pixels), where it reaches past the page's sides or its header's or bar's edges,
# where a button of the bar under the thumb is not whole in it, or where a card's text runs into the card's edge
# (Flutter draws a card's text on its canvas, in no node of its own: the pixels tell). A word is broken where the
# screen's title (18 px, 36 at 200 %) has a box narrower than its widest word or lower than the lines its words take
# (label_width: Roboto's advances, as Chromium draws them), or where one of Lost Cities' column heads is taller than
# another (each colour's name is one word: "yello|w" took a line more than "red").
PHONES_200 = {"390x844": ({"width": 390, "height": 844}, "en-US"), "360x740-de": (NARROWEST, "de-DE"), "360x740-fr": (NARROWEST, "fr-FR")}


@pytest.fixture(scope="module")
def under_way(tmp_path_factory):
    """A server holding every game with a screen under way; its records' titles and their ids."""
    from .conftest import served_after

    def prepare(store) -> dict[str, str]:
        return {title_of(record): store.create(record).id for record in UNDER_WAY}

    with served_after(tmp_path_factory.mktemp("text-200") / "data", prepare) as made:
        yield made


@pytest.mark.parametrize("phone", PHONES_200)
def test_every_play_screen_keeps_its_labels_whole_at_200_percent_text(browser, under_way, request, phone):
    """One page at this size, loaded once; each game's play screen opened by its address through the browser's history."""
    from .ui import UI

    pytest.importorskip("PIL", reason="Pillow reads the screenshots")
    server, ids = under_way
    viewport, language = PHONES_200[phone]
    context = new_context(browser, viewport, locale=language)
    context.add_init_script(TEXT_200)
    problems: list[str] = []
    try:
        u = UI(context.new_page(), server, request.node.name)
        u.open("/")
        for (title, game_id), record in zip(ids.items(), UNDER_WAY, strict=True):
            go(u, f"/play/{game_id}")
            heading = u.page.get_by_role("heading", level=1, name=title, exact=True)
            expect(heading).to_be_visible()
            u.text("play-actions").wait_for()
            # The screen has measured the text's size once its title leaves the bar (56 px) for lines under it.
            expect_under_bar(u, heading)
            u.until_still()
            # The text is larger indeed: a total (22 px on a phone) is 44 px tall or more.
            assert box(u, u.text(f"total-{record['players'][0]}"))["height"] >= 44
            problems += [f"{record['game']}: {p}" for p in cut_labels(u)]
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def expect_under_bar(u, heading) -> None:
    """Until the title is under the app bar (56 px): the play screen draws it there once it knows the text is large."""
    for _ in range(60):
        top = heading.bounding_box()
        if top and top["y"] >= BAR_HEIGHT:
            return
        u.page.wait_for_timeout(500)
    u.screenshot("failed-title-in-bar")
    raise AssertionError(f"the title stayed in the bar at 200 % text (at {top}); the page shows {u.describe()}")


BAR_HEIGHT = 56


# One look at a play screen: every node's box and name, the header's and the bar's, the bar's buttons, the cards.
LOOK = """() => {
    const box = e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; };
    const named = e => ({name: (e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 60), role: e.getAttribute('role'), ...box(e)});
    const one = id => document.querySelector(`[flt-semantics-identifier="${id}"]`);
    const header = one('play-header'), bar = one('play-actions'), title = document.querySelector('h1');
    return {
        title: title && {text: title.textContent, ...box(title)},
        header: header && box(header), bar: bar && box(bar),
        nodes: [...document.querySelectorAll('flt-semantics')].map(named),
        inHeader: header ? [...header.querySelectorAll('flt-semantics')].map(named) : [],
        inBar: bar ? [...bar.querySelectorAll('flt-semantics')].map(named) : [],
        cards: [...document.querySelectorAll('[flt-semantics-identifier^="tableau-"] flt-semantics[role="switch"]')].map(named),
    };
}"""


def cut_labels(u) -> list[str]:
    """What is cut on this play screen, from its top to its end, a page of its scrolling part at a time (Flutter's tree
    leaves out what is scrolled far away): its tree at each look, and each card of the tableau shown once it is whole
    in view (a screenshot then)."""
    size = u.page.viewport_size
    u.page.mouse.move(size["width"] / 2, size["height"] / 2)
    u.page.mouse.wheel(0, -20_000)
    u.until_still()
    found: dict[str, None] = dict.fromkeys(off_the_side(u))  # in the order seen, once
    looked: set[str] = set()  # the cards looked at
    before: list = []
    for _ in range(20):  # a page at a time, and a look again where the screen drew meanwhile
        seen = u.page.evaluate(LOOK)
        if not seen["header"] or not seen["bar"]:
            return ["no play screen's header and bar"]
        if [(n["x"], n["y"]) for n in seen["nodes"]] == before:  # the end of the screen: the wheel moved nothing
            break
        found.update(dict.fromkeys(cut_in_look(seen, size)))
        top, bottom = seen["header"]["y"] + seen["header"]["h"], seen["bar"]["y"]
        whole = [c for c in seen["cards"] if c["y"] > top + 1 and c["y"] + c["h"] < bottom - 1 and c["name"] not in looked]
        if whole:
            shot = shot_of(u)
            if u.page.evaluate(LOOK)["cards"] != seen["cards"]:  # drawn again meanwhile: the shot is not of these boxes
                u.until_still()
                continue
            cut = still_cut(u, [c for c in whole if text_cut(shot, c)], text_cut)
            found.update(dict.fromkeys(f"card {c['name']!r}: its text runs into its edge" for c in cut))
        looked.update(c["name"] for c in whole)
        before = [(n["x"], n["y"]) for n in seen["nodes"]]
        # A page at a time; less while cards are still to come, so that each is whole in one look.
        u.page.mouse.wheel(0, (bottom - top) * (0.8 if any(c["name"] not in looked for c in seen["cards"]) else 1))
        u.until_still()
    if found:
        u.screenshot("failed-text-200")
    return list(found)


def off_the_side(u) -> list[str]:
    """Text the header draws past the page's sides, where the tree cannot tell (a line out of the tree, its sentence
    said by the header's; a name drawn over a column's edge): the pixel columns just inside the page's left and right
    edges, down the header to above its bottom border, hold only the header's colour (the most common in it). In
    German at 200 %, "Mia, Runde 2 von 3 · Noah beginnt" ran off the page, and "Lila" with it."""
    header = u.page.evaluate(LOOK)["header"]
    width = u.page.viewport_size["width"]
    rows = range(math.ceil(header["y"]), math.floor(header["y"] + header["h"]) - 3)
    sides = {"left": 1, "right": width - 2}

    def drawn(shot, side: str) -> list[int]:
        ground = ground_of(shot, (0, rows.start, width, rows.stop))
        return [y for y in rows if contrast(shot.getpixel((sides[side], y)), ground) >= 2]

    shot = shot_of(u)
    cut = still_cut(u, [side for side in sides if drawn(shot, side)], lambda again, side: bool(drawn(again, side)))
    problems = []
    for side in cut:
        rows_drawn = drawn(shot, side)
        problems.append(f"the header draws past the page's {side} side (y {rows_drawn[0]}…{rows_drawn[-1]})")
    return problems


def shot_of(u):
    """The page as it is drawn now, as Pillow reads it."""
    from PIL import Image

    return Image.open(io.BytesIO(u.page.screenshot())).convert("RGB")


def ground_of(shot, box: tuple[int, int, int, int]) -> tuple[int, int, int]:
    """The colour `box` of `shot` is drawn on: the most common in it."""
    inside = shot.crop(box)
    return max(inside.getcolors(inside.width * inside.height), key=lambda c: c[0])[1]


def still_cut(u, found: list, cut: Callable[[Any, Any], bool]) -> list:
    """Of `found` (each cut in a screenshot), those `cut` finds cut again in another 500 ms later: the page's canvas
    may show a frame behind its tree (a full run found cards cut after a scroll, the tree unchanged); a cut stays."""
    if not found:
        return []
    u.page.wait_for_timeout(500)
    again = shot_of(u)
    return [item for item in found if cut(again, item)]


def cut_in_look(seen: dict, size: dict) -> list[str]:
    """What one look at a play screen (LOOK) shows cut, but for the cards: a name shortened, a node past the page's
    sides, a node of the header or of the bar under the thumb past its edge, a button of the bar not whole."""
    width, height = size["width"], size["height"]
    header, bar = seen["header"], seen["bar"]
    problems = []
    for n in seen["nodes"]:
        if n["w"] > 0 and n["h"] > 0 and "…" in n["name"]:
            problems.append(f"{n['name']!r} shortened")
        if n["w"] > 0 and n["h"] > 0 and (n["x"] < -SLACK or n["x"] + n["w"] > width + SLACK):
            problems.append(f"{n['name']!r} reaches past the page's side (x {n['x']:.0f}…{n['x'] + n['w']:.0f} of {width})")
    for part, nodes, edges in (("header", seen["inHeader"], header), ("bar", seen["inBar"], bar)):
        for n in nodes:
            if n["y"] < edges["y"] - SLACK or n["y"] + n["h"] > edges["y"] + edges["h"] + SLACK:
                problems.append(f"{part}: {n['name']!r} cut at its edge (y {n['y']:.0f}, {n['h']:.0f} px tall)")
    if bar["y"] + bar["h"] > height + SLACK:
        problems.append(f"the bar under the thumb runs off the screen (to y {bar['y'] + bar['h']:.0f} of {height})")
    for b in seen["inBar"]:
        if b["w"] and b["h"] and b["h"] < TARGET - SLACK:
            problems.append(f"bar: {b['name']!r} is {b['h']:.0f} px tall")
    for b in seen["nodes"]:
        if (
            b["role"] == "button"
            # Whole in view: a node partly scrolled under the header or the bar has a box of its visible part.
            and not any(b["y"] + SLACK < edge < b["y"] + b["h"] - SLACK for edge in (header["y"] + header["h"], bar["y"]))
            and b["w"] >= WORDED
            and b["h"] < 1.5 * LINE * BUTTON_200
            and label_width(b["name"], BUTTON_200, 0) > b["w"] - PADDED
        ):
            problems.append(f"button {b['name']!r}: its words on one line are wider than it ({b['w']:.0f} px), shortened")
    return problems + broken_words(seen)


BUTTON_200 = 14 * 2  # a button's words (Material's label, 14 px) at 200 %
WORDED = 60  # px: a button this wide or more shows its name in words (a narrower one, an icon named by a tooltip)
PADDED = 16  # px of a button's width beside its words, at least (a player's pill: 8 each side)
LINE = 1.17  # Roboto's line, in ems, as Flutter lays a text out
TITLE_200 = 18 * 2  # the screen's title (controls.bar_title, title_under_bar) at 200 %
HEAD = re.compile(r"'s \w+ expedition: ")  # a Lost Cities column head's sentence


def broken_words(seen: dict) -> list[str]:
    """A word of the title broken or left out ("…"), its size at 200 %; a Lost Cities head's colour over two lines."""

    problems = []
    if seen["title"]:
        title, space = seen["title"], label_width(" ", TITLE_200, 0)
        widths = [label_width(word, TITLE_200, 0) for word in title["text"].split()]
        room, lines, used = title["w"] + 1, 0, 0.0
        for width in widths:  # greedy, as a line breaks
            if lines == 0 or used + space + width > room:
                lines, used = lines + 1, width
            else:
                used += space + width
        if max(widths, default=0) > room:
            problems.append(f"title {title['text']!r}: {title['w']:.0f} px wide, its widest word at {TITLE_200} px is {max(widths):.0f}")
        if title["h"] < lines * TITLE_200:
            problems.append(f"title {title['text']!r}: {title['h']:.0f} px tall, its words take {lines} lines of {TITLE_200} px")
    heads = [n for n in seen["inHeader"] if HEAD.search(n["name"]) and n["h"] > 0]
    if heads and max(h["h"] for h in heads) > min(h["h"] for h in heads) + 1:
        tallest = max(heads, key=lambda h: h["h"])
        problems.append(f"head {tallest['name']!r}: {tallest['h']:.0f} px tall, others {min(h['h'] for h in heads):.0f} (its word broken)")
    return problems


INSET = 3  # px inside a card's box: its edge (2 px, 1 for a taken card) and the edge's anti-aliasing
CORNER = 8  # a card's rounded corner: the rows its edge curves through are left out


def text_cut(shot, card: dict) -> bool:
    """Whether the text drawn on `card` runs into its left or right edge: a pixel column just inside its edge holds
    a colour that stands out 2:1 from the card's own (the most common in it; a glyph cut by the card's clip is drawn
    up to the clip)."""
    left, right = math.ceil(card["x"]), math.floor(card["x"] + card["w"]) - 1
    rows = range(math.ceil(card["y"]) + CORNER, math.floor(card["y"] + card["h"]) - CORNER)
    ground = ground_of(shot, (left, rows.start, right + 1, rows.stop))
    return any(contrast(shot.getpixel((x, y)), ground) >= 2 for x in (left + INSET, right - INSET) for y in rows)
