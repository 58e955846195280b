"""Lost Cities on a phone in one screen (issue 39 item 3), in Chromium at 390 × 844: every card of the
selected player (five or six expeditions, three investments and 2–10) and the player switch are on the
screen before any scroll; after Next round the new round is shown from its top with who starts it; after
a player switch every column head names the player shown (issue 40 item 3: Flutter's web engine kept a
node's first identifier when only the identifier changed)."""

from __future__ import annotations

import pytest

import scoring
from scoring import lost_cities

from .conftest import PHONE, served_after

pytestmark = pytest.mark.e2e

SLACK = 0.5  # Flutter's semantics boxes are in fractional pixels
BOX = """e => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, w: r.width, h: r.height}; }"""
HEADS = """() => [...document.querySelectorAll('[flt-semantics-identifier^="expedition-"]')]
    .map(e => e.getAttribute('flt-semantics-identifier')).sort()"""


@pytest.fixture
def server(tmp_path):
    """Two new games of Mia and Noah, three rounds, five and six expeditions, made in the store, then served
    (one server start: each test made its game on a stopped server and started it again)."""
    from companion.ui.session import THEME_SETTING

    def two_games(store) -> dict[bool, str]:
        store.set_setting(THEME_SETTING, False)
        return {
            purple: store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 3, "purple": purple})).id
            for purple in (False, True)
        }

    with served_after(tmp_path / "data", two_games) as (s, games):
        s.games = games
        yield s


def open_game(ui, server, purple: bool = False, u=None) -> tuple:
    """The game of five (or six) expeditions opened on a phone (on `u`, a page open already)."""
    game_id = server.games[purple]
    u = u or ui(PHONE)
    u.open(f"/play/{game_id}", ready='[flt-semantics-identifier="total-Mia"]')
    u.button("Mia purple 10" if purple else "Mia red 10").wait_for()  # this game's screen, not the last one's
    return u, game_id


def boxes(u, names: list[str]) -> dict[str, dict]:
    return {name: u.button(name).evaluate(BOX) for name in names}


def outside(u, found: dict[str, dict], top: float = 0) -> dict[str, dict]:
    """The boxes not wholly on the screen between `top` and the bar under the thumb."""
    bottom = u.text("play-actions").evaluate(BOX)["y"]
    width = u.page.viewport_size["width"]
    return {
        name: b
        for name, b in found.items()
        if b["y"] < top - SLACK or b["y"] + b["h"] > bottom + SLACK or b["x"] < -SLACK or b["x"] + b["w"] > width + SLACK
    }


def cards_of(player: str, colours: tuple[str, ...]) -> list[str]:
    return [f"{player} {c} investment {slot}" for c in colours for slot in (1, 2, 3)] + [
        f"{player} {c} {n}" for c in colours for n in lost_cities.NUMBERS
    ]


def assert_whole_tableau(u, player: str, colours: tuple[str, ...]) -> None:
    """Every card of `player` whole on the screen between the header and the bar, before any scroll. Flutter
    gives a node half hidden under the bar only its visible part: every card must be as tall as the rest."""
    cards = boxes(u, cards_of(player, colours))
    header = u.text("play-header").evaluate(BOX)
    off = outside(u, cards, top=header["y"] + header["h"])
    assert not off, f"{player}'s cards off the screen: {off}"
    heights = {round(b["h"]) for b in cards.values()}
    assert len(heights) == 1 and min(heights) >= 40, f"cards {heights} px tall: some are cut, or too small"


def test_every_card_and_the_switch_are_on_a_phone_screen_without_a_scroll(ui, server):
    """Five expeditions, then six, on one page (each was a test of its own, with its own server and page)."""
    u = None
    for purple in (False, True):
        u, _ = open_game(ui, server, purple, u)
        colours = lost_cities.COLOURS + (("purple",) if purple else ())
        for player in ("Mia", "Noah"):
            if player == "Noah":
                u.tap("Noah")
            assert_whole_tableau(u, player, colours)
            switch = boxes(u, ["Mia", "Noah"])
            assert not outside(u, switch), f"the player switch is off the screen: {switch}"
        u.screenshot("six" if purple else "five")


def test_a_guests_phone_shows_its_whole_tableau_too(ui, server):
    """A guest's phone has no switch, but a taller bar while a round remains (the greyed Next round says why)."""
    host, game_id = open_game(ui, server)
    host.tap("Mia red 3")
    host.tap("Next round")
    code = host.invite_code(game_id)
    phone = ui(PHONE)
    phone.open(f"/join/{code}", ready='flt-semantics[role="button"]')
    phone.tap("I am Noah")
    phone.button("Noah red 10").wait_for()
    phone.page.wait_for_timeout(500)  # the last frame of the seat's screen
    assert_whole_tableau(phone, "Noah", lost_cities.COLOURS)


def test_a_player_switch_renames_every_head_and_next_round_shows_the_new_round_from_its_top(ui, server):
    u, game_id = open_game(ui, server)
    u.tap("Mia red 3")  # Mia −17 (her red head's text changes): Noah starts round 2
    u.tap("Noah")
    u.expect_text("expedition-Noah-red", "–")
    assert u.page.evaluate(HEADS) == sorted(f"expedition-Noah-{c}" for c in lost_cities.COLOURS)
    u.tap("Mia")
    u.page.mouse.move(195, 600)
    u.page.mouse.wheel(0, 2000)  # to the formulas under the cards
    u.page.wait_for_timeout(300)
    u.tap("Next round")
    u.expect_text("starter", "· Noah starts")
    starter = u.text("starter").evaluate(BOX)
    assert starter["y"] >= 0 and starter["y"] + starter["h"] <= PHONE["height"]
    header = u.text("play-header").evaluate(BOX)
    first = boxes(u, ["Mia red investment 1", "Mia white 10"])
    assert not outside(u, first, top=header["y"] + header["h"]), f"round 2 is not shown from its top: {first}"
    assert len(server.stored_record(game_id)["rounds"]) == 2
    u.screenshot("round-2")  # for people to look at (test-artifacts/)
