"""How a play screen and the score sheet read to a screen reader (issue 64), in Chromium's accessibility tree only:
the header's name is one sentence (the round, whose cards are shown), each total a sentence with its player and
place, Lost Cities' expedition sums say whose and which colour, and the score sheet is a table (column headers,
rows, cells read with their running totals), in English and in German. The identifiers and the texts tests and
clients read (total-<player>, place-<player>, expedition-<player>-<colour>) stay what they were.

Three page loads on one server: a Lost Cities game in progress and its Results in English, a finished 6 nimmt! in
German (the browser's language)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import scoring
from companion import language

from .conftest import PHONE, new_context, served_after
from .ui import UI

pytestmark = pytest.mark.e2e

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"
LOST_CITIES, SIX_NIMMT = "lost-cities-in-progress", "six-nimmt-end-at-66"
TALL_PHONE = {"width": 390, "height": 1400}  # Results' sheet in view: Flutter leaves what is scrolled away out of the tree


def record(name: str) -> dict:
    return json.loads((EXAMPLES / f"{name}.json").read_text())["record"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    def games(store) -> dict[str, str]:
        return {name: store.create(record(name)).id for name in (LOST_CITIES, SIX_NIMMT)}

    with served_after(tmp_path_factory.mktemp("reading") / "data", games) as (s, ids):
        s.games = ids
        yield s


def tree(page) -> list[tuple[str, str, list[str]]]:
    """Chromium's accessibility tree as a screen reader gets it: (role, name, the names of its children) a node."""
    nodes: list[dict] = page.context.new_cdp_session(page).send("Accessibility.getFullAXTree")["nodes"]
    by_id = {n["nodeId"]: n for n in nodes}

    def name(n: dict) -> str:
        return re.sub(r"\s+", " ", n.get("name", {}).get("value", "")).strip()

    def shown(n: dict) -> list[dict]:  # its children, through the nodes a reader skips (ignored or unnamed generic)
        found: list[dict] = []
        for c in n.get("childIds", []):
            child = by_id.get(c)
            if child is None:
                continue
            skipped = child.get("ignored") or (child.get("role", {}).get("value") in ("generic", "none") and not name(child))
            found += shown(child) if skipped else [child]
        return found

    return [
        (n.get("role", {}).get("value", ""), name(n), [name(c) for c in shown(n)])
        for n in nodes
        if not n.get("ignored") and n.get("role", {}).get("value") not in ("InlineTextBox",)
    ]


def named(page, role: str, name: str, timeout: float = 15_000) -> list[str]:
    """The names of the children of the node of `role` named `name`, once it is in the tree (the screen drawn)."""
    try:
        page.wait_for_function(
            "([role, name]) => [...document.querySelectorAll('flt-semantics')].some(e => (e.getAttribute('aria-label') || '')"
            ".replace(/\\s+/g, ' ').trim() === name)",
            arg=[role, name],
            timeout=timeout,
        )
    except PlaywrightError:
        pass  # said below, with what the tree holds
    nodes = tree(page)
    found = [children for r, n, children in nodes if r == role and n == name]
    assert found, f"no {role} named {name!r}; the tree's named groups: {[n for r, n, _ in nodes if r == 'group' and n]}"
    return found[0]


def table(page) -> tuple[list[str], list[str]]:
    """The score sheet's table as a screen reader walks it: its column headers and its cells, in order."""
    page.get_by_role("table").wait_for(timeout=15_000)
    nodes = tree(page)
    return [n for r, n, _ in nodes if r == "columnheader"], [n for r, n, _ in nodes if r == "cell"]


def sheet_cells(result: scoring.Result, players: list[str], total_row: str, total: str) -> list[str]:
    """The cells a score sheet should read: each round's label, then each player's points with the running total
    (`total`: the word before it); last the total row (`total_row`: its label)."""
    running = dict.fromkeys(players, 0)
    cells = []
    for i, round_ in enumerate(result.rounds):
        cells.append(str(i + 1))
        for p in players:
            running[p] += round_[p]
            cells.append(f"{language.number(round_[p])}, {total} {language.number(running[p])}")
    return [*cells, total_row, *[language.number(result.totals[p]) for p in players]]


def test_a_play_screen_and_its_score_sheet_read_as_sentences_and_a_table(browser, server):
    lost_cities = scoring.score(record(LOST_CITIES))
    players = list(lost_cities.players)  # Mia 26 (1st), Noah 16 (2nd): Mia's cards shown, round 2 of 3
    page = new_context(browser, PHONE).new_page()
    u = UI(page, server, "play-reading")
    try:
        u.open(f"/play/{server.games[LOST_CITIES]}")
        named(page, "group", "Round 2 of 3. Mia's cards are shown.")
        for p in players:
            total, place = scoring.number(lost_cities.totals[p]), lost_cities.place_of(p)
            said = f"{p}: {language.number(lost_cities.totals[p])} points, {'1st' if place == 1 else '2nd'} place"
            assert named(page, "group", said) == [total, "1st" if place == 1 else "2nd"]  # the figures it names, nothing else
            u.expect_text(f"total-{p}", total)  # what tests and clients read, unchanged
        assert named(page, "group", "Mia's red expedition: 15") == ["15"]
        named(page, "group", "Mia's blue expedition: not started")

        u.tap("Noah")  # the header follows the player shown
        named(page, "group", "Round 2 of 3. Noah's cards are shown.")
        named(page, "group", "Noah's blue expedition: −8")

        page.set_viewport_size(TALL_PHONE)
        u.open(f"/results/{server.games[LOST_CITIES]}")
        heads, cells = table(page)
        assert heads == ["Round", *players]
        assert cells == sheet_cells(lost_cities, players, "Total", "total")
    finally:
        page.context.close()


def test_a_play_screen_and_its_score_sheet_read_in_german(browser, server):
    six = scoring.score(record(SIX_NIMMT))  # Ana 74 (3rd), Ben 12 (2nd), Cy 2 (1st): the game over in round 2
    players = list(six.players)
    page = new_context(browser, PHONE, locale="de-DE").new_page()
    u = UI(page, server, "play-reading-de")
    try:
        u.open(f"/play/{server.games[SIX_NIMMT]}")
        named(page, "group", "Runde 2. Spielende: Cy gewinnt mit 2 Hornochsen. Die Karten von Ana werden gezeigt.")
        for p, place in zip(players, ("3.", "2.", "1."), strict=True):
            said = f"{p}: {six.totals[p]} {'Hornochse' if six.totals[p] == 1 else 'Hornochsen'}, {place} Platz"
            assert named(page, "group", said) == [str(six.totals[p]), place]
        # The sheet under the cards: Flutter puts it in the tree once it is scrolled into view.
        for _ in range(20):
            if page.get_by_role("table").count():
                break
            page.mouse.move(PHONE["width"] / 2, PHONE["height"] / 2)
            page.mouse.wheel(0, 600)
            u.until_still(limit=5)
        with language.speaking("de"):
            expected = sheet_cells(six, players, "Summe", "Summe")
        heads, cells = table(page)
        assert heads == ["Runde", *players]
        assert cells == expected
        expect(page.get_by_role("cell", name="66, Summe 74", exact=True)).to_have_count(1)
    finally:
        page.context.close()
