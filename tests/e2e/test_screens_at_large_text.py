"""Every screen of the app, not only the play screens, keeps its labels whole on the narrowest phone (360 × 740) at
200 % text (WCAG 1.4.4), and a French setup screen at 100 %: nothing shortened ("…"), nothing past the page's
sides, no word broken over two lines ("2n|d" in a column of places), no switch's label cut at its right edge (Flet
lays a switch's label in a row of its own: "Partie courte : 1 manche (la partie complète en compte 3)" was cut at
100 %). Each screen scrolled to its end, a page at a time. The play screens: test_layout.py."""

from __future__ import annotations

import pytest

from companion.ui.widgets.label_width import label_width

from .conftest import new_context
from .test_accessibility import SCREENS, contrast, go
from .test_accessibility import every_route as every_route  # a fixture, shared
from .test_layout import LINE, NARROWEST, SLACK, TEXT_200, ground_of, shot_of, still_cut
from .ui import UI

LOOK = """() => [...document.querySelectorAll('flt-semantics')].map(e => { const r = e.getBoundingClientRect();
    return {role: e.getAttribute('role') || '', leaf: !e.querySelector('flt-semantics'),
            name: (e.getAttribute('aria-label') || e.textContent || '').trim(), x: r.x, y: r.y, w: r.width, h: r.height}; })"""
MENU = {"Same person as…"}  # a button that opens a menu says so with "…": nothing is cut
BROKEN = 1.6  # a word whose one line at the size its box's height implies is this much wider than its box: broken
MARGIN = 16  # px: a page's margin, at most (Flet's view pads 10)
INSET = 3  # px inside a switch's right edge: the text of a label cut there is drawn up to it


def broken(node: dict) -> bool:
    """Whether a text node of one word (no role, no children) takes more lines than one: at the size its height
    implies for one line, the word is much wider than its box. A link may break anywhere: left out."""
    word = node["name"]
    if node["role"] or not node["leaf"] or not word or any(c.isspace() for c in word) or "://" in word:
        return False
    return label_width(word, node["h"] / LINE, 0) > BROKEN * node["w"]


def cut_in(nodes: list[dict], width: float) -> list[str]:
    problems = []
    for n in (n for n in nodes if n["w"] > 0 and n["h"] > 0):
        if n["leaf"] and "…" in n["name"] and n["name"] not in MENU:
            problems.append(f"{n['name'][:60]!r} shortened")
        if n["x"] < -SLACK or n["x"] + n["w"] > width + SLACK:
            problems.append(f"{n['name'][:60]!r} reaches past the page's side (x {n['x']:.0f}…{n['x'] + n['w']:.0f} of {width})")
        if broken(n):
            problems.append(f"{n['name']!r}: its word broken ({n['w']:.0f} × {n['h']:.0f} px)")
    return problems


def cut_switches(u: UI, nodes: list[dict], size: dict) -> list[str]:
    """A switch whose label runs into the right edge of its row, where the row reaches the page's margin (a row ends
    where its label does, or there, cut): the pixel column just inside it holds a colour that stands out 2:1 from
    the row's own (the most common in it)."""
    width, height = size["width"], size["height"]
    whole = [
        n
        for n in nodes
        if n["role"] == "switch" and n["y"] >= 0 and n["y"] + n["h"] <= height and n["w"] > 0 and n["x"] + n["w"] >= width - MARGIN
    ]
    if not whole:
        return []

    def cut(shot, n: dict) -> bool:
        x, top, bottom = int(n["x"] + n["w"]) - INSET, int(n["y"]) + 2, int(n["y"] + n["h"]) - 2
        ground = ground_of(shot, (int(n["x"]), top, x + 1, bottom))
        return any(contrast(shot.getpixel((x, y)), ground) >= 2 for y in range(top, bottom))

    shot = shot_of(u)
    return [f"switch {n['name'][:60]!r}: its label runs into its right edge" for n in still_cut(u, [n for n in whole if cut(shot, n)], cut)]


def cut_on_screen(u: UI, route: str) -> list[str]:
    """What is cut on the screen shown, from its top to its end."""
    size = u.page.viewport_size
    u.page.mouse.move(size["width"] / 2, size["height"] / 2)
    found: dict[str, None] = {}
    before = None
    for _ in range(20):
        u.until_still()
        nodes = u.page.evaluate(LOOK)
        if [(n["x"], n["y"]) for n in nodes] == before:  # the end of the screen: the wheel moved nothing
            break
        before = [(n["x"], n["y"]) for n in nodes]
        found.update(dict.fromkeys(f"{route}: {p}" for p in cut_in(nodes, size["width"]) + cut_switches(u, nodes, size)))
        u.page.mouse.wheel(0, size["height"] * 0.6)
    if found:
        u.screenshot(f"failed-large-text{route.replace('/', '-')}")
    return list(found)


def shown(u: UI, route: str) -> None:
    """To `route` through the browser's history, until its title is there and the page stands still."""
    from playwright.sync_api import expect

    go(u, route)
    expect(u.page.get_by_role("heading", level=1).first).to_be_visible()
    u.until_still()


def test_every_screen_keeps_its_labels_whole_at_200_percent_text(browser, every_route):
    pytest.importorskip("PIL", reason="Pillow reads the screenshots")
    server, under_way = every_route
    context = new_context(browser, NARROWEST)
    context.add_init_script(TEXT_200)
    found: list[str] = []
    try:
        u = UI(context.new_page(), server, "screens-200")
        u.open("/")
        go(u, f"/invite/{under_way['lost-cities']}")
        u.text("join-url").wait_for()
        ids = {**under_way, "code": u.text("join-url").inner_text().strip().rsplit("/", 1)[1]}
        for route in SCREENS:
            shown(u, route.format_map(ids))
            found += cut_on_screen(u, route)
    finally:
        context.close()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("route", ["/setup/lost-cities", "/setup/card-commons", "/settings"])
def test_french_switches_keep_their_labels_whole_on_the_narrowest_phone(browser, every_route, route):
    server, _ids = every_route
    context = new_context(browser, NARROWEST, locale="fr-FR")
    try:
        u = UI(context.new_page(), server, f"switches-fr{route.replace('/', '-')}")
        u.open(route, ready='flt-semantics[role="switch"]')
        found = cut_on_screen(u, route)
    finally:
        context.close()
    assert not found, "\n".join(found)
