"""The score pad on a 390 x 844 phone in Chromium, by the keyboard alone (issue 63): "Another game" on Home, a game of
Hearts set up (its name, the lowest total wins, the end at 50, three players) and played round by round with Tab
and Enter only, the focus going from each player's field to the next and after the last player to the next round's
first; the totals, places and the end at the target; the same game looked at in German. Screenshots for people to
look at are left in test-artifacts/.

Every field is typed key by key, fast (no delay between keys): a field that was drawn again at each key lost the
last letter ("Hearts" stored as "Heart", "Ben" as "Be"); a field draws nothing while keys are pressed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from .conftest import PHONE, new_context
from .ui import UI, new_game_tile

pytestmark = pytest.mark.e2e

PLAYERS = ["Ana", "Ben", "Cy"]
# Hearts' rounds, as the table calls them out (26 points a deal), until Ana passes 50.
ROUNDS = [{"Ana": 13, "Ben": 0, "Cy": 13}, {"Ana": 26, "Ben": 0, "Cy": 0}, {"Ana": 20, "Ben": 6, "Cy": 0}]
FOCUSED = """() => { const e = document.activeElement;
  return e ? (e.getAttribute('aria-label') || e.innerText || '').split('\\n')[0] : ''; }"""


def focused(u: UI) -> str:
    """The name of the control the keyboard is on (a field's label, a button's words)."""
    return u.page.evaluate(FOCUSED)


def tab_to(u: UI, name: str, most: int = 40) -> None:
    """Tab until the keyboard is on `name` (a control whose name starts with it), as a person without a mouse does."""
    for _ in range(most):
        u.page.keyboard.press("Tab")
        try:
            u.page.wait_for_function(f"() => ({FOCUSED})().startsWith({name!r})", timeout=300)
            return
        except PlaywrightError:  # not there yet
            continue
    u.screenshot("failed-tab")
    raise AssertionError(f"Tab never reached {name!r}; the keyboard is on {focused(u)!r}")


def until_focused(u: UI, name: str) -> None:
    u.page.wait_for_function(f"() => ({FOCUSED})() === {name!r}", timeout=10_000)


def test_a_game_of_hearts_is_set_up_and_scored_with_the_keyboard_alone(ui, browser, server):
    u = ui(PHONE)
    u.open("/")
    u.page.get_by_role("button", name=new_game_tile("Another game")).first.wait_for()
    tab_to(u, "Another game")
    u.page.keyboard.press("Enter")
    u.page.wait_for_url(re.compile("/setup/score-pad$"))

    keys = u.page.keyboard
    tab_to(u, "Name of the game")
    keys.type("Hearts", delay=0)
    keys.press("Tab")  # the highest total wins, as a new game has it
    until_focused(u, "The highest total wins")
    keys.press("ArrowDown")  # the lowest, as Hearts has it
    expect(u.page.get_by_role("radio", name=re.compile("^The lowest total wins"))).to_be_checked()
    tab_to(u, "The game ends at (optional)")
    keys.type("50", delay=0)
    tab_to(u, "Player name")
    for name in PLAYERS:
        keys.type(name, delay=0)
        keys.press("Enter")  # added, and the field keeps the keyboard for the next name
        expect(u.button(f"Remove {name}")).to_be_visible(timeout=5_000)
        until_focused(u, "Player name")
    tab_to(u, "Where (optional)")
    keys.type("Café Lou", delay=0)
    tab_to(u, "Notes (optional)")
    keys.type("Hearts night", delay=0)
    u.screenshot("setup")
    tab_to(u, "Start game")
    keys.press("Enter")
    u.page.wait_for_url(re.compile("/play/"), timeout=10_000)
    game_id = u.game_id()
    started = server.stored_record(game_id)
    assert started["variant"] == {"title": "Hearts", "lower_wins": True, "target": 50}
    assert (started["players"], started.get("location"), started.get("notes")) == (PLAYERS, "Café Lou", "Hearts night")

    tab_to(u, "Ana round 1 score")
    for n, scores in enumerate(ROUNDS, start=1):
        for i, player in enumerate(PLAYERS):
            until_focused(u, f"{player} round {n} score")
            keys.type(str(scores[player]))
            keys.press("Enter")
            if i + 1 < len(PLAYERS):
                until_focused(u, f"{PLAYERS[i + 1]} round {n} score")
    u.expect_totals({"Ana": 59, "Ben": 6, "Cy": 13})
    assert server.stored_record(game_id)["rounds"] == ROUNDS  # no empty round after the last one
    u.expect_text("place-Ben", "1st")
    expect(u.text("game-over")).to_contain_text("Ana reached the target of 50 in round 3: the game is over.")
    expect(u.page.get_by_role("textbox", name="Ana round 4 score")).to_have_count(0)
    u.screenshot("play")

    # The same game on a phone that reads German: its words, the game's own name.
    german = UI(new_context(browser, PHONE, locale="de-DE").new_page(), server, "score-pad-de")
    try:
        german.open(f"/play/{game_id}")
        expect(german.page.get_by_role("textbox", name="Ana Runde 3 Punkte")).to_be_visible()
        expect(german.text("game-over")).to_contain_text("Ergebnisse")
        expect(german.page.get_by_text("Hearts", exact=True).first).to_be_visible()
        german.expect_text("place-Ben", "1.")
        german.screenshot("play")
    finally:
        german.page.context.close()
