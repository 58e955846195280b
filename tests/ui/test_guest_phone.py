"""Issue 21 item 6: a guest's phone (joined to one seat by an invitation). What only the table may
change looks disabled, is disabled for screen readers, and a line says why; Back stays within the
seat's screens (never the PIN screen); every greyed stepper says why it is greyed."""

import flet as ft
import pytest

import scoring
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites
from companion.ui.views.play_frame import TABLE_CHANGES

from .harness import accessible_name


@pytest.fixture
def private(store):
    store.set_setting(PIN_SETTING, hash_pin("4321"))  # a guest is not the host: the rest is behind the PIN


def guest(open_app, store, game: str, players: list[str], seat: str):
    game_id = store.create(scoring.new_record(game, players)).id
    invite = Invites(store).code_for(game_id)
    phone = open_app(f"/join/{invite}", browser_storage={})
    phone.tap(f"I am {seat}")
    return phone, game_id


def test_card_commons_nest_egg_and_score_round_are_disabled_on_a_guests_phone_with_the_reason(open_app, store, private):
    phone, _ = guest(open_app, store, "card-commons", ["Ana", "Ben"], "Ben")
    nest = phone.buttons("nest egg 2H")
    assert nest and all(b.disabled for b in nest)  # greyed by the button's own state, not only its parent's
    assert all(b.content.disabled for b in nest)  # and a screen reader hears "disabled"
    [score] = [b for b in phone.controls() if isinstance(b, ft.FilledButton) and accessible_name(b) == "Score round 1"]
    assert score.disabled
    shown = [t.value for t in phone.find_all(ft.Text) if t.visible is not False]
    assert "The table scores the round." in shown
    assert phone.text_of("guest-why") == TABLE_CHANGES.format(player="Ben")
    assert not any(b.disabled for b in phone.buttons("Ben commission 4D"))  # its own cards stay its own to enter


def test_the_hosts_cards_are_not_greyed(open_app, store):
    game_id = store.create(scoring.new_record("card-commons", ["Ana", "Ben"])).id
    host = open_app(f"/play/{game_id}")
    assert not any(b.disabled for b in host.buttons("nest egg 2H"))
    assert not host.find_all(ft.Semantics, identifier="guest-why")


def test_a_guests_back_stays_with_its_seat(open_app, store, private):
    phone, game_id = guest(open_app, store, "lost-cities", ["Mia", "Noah"], "Mia")
    seat = phone.page.route
    assert not phone.buttons("Back")  # its seat is its first screen: nothing of it lies behind
    phone.tap("Results")
    assert phone.page.route == f"/results/{game_id}"
    phone.tap("Back")
    phone.settle()
    assert phone.page.route == seat
    assert not phone.find_all(ft.TextField, label="PIN")
    shown = [t.value for t in phone.find_all(ft.Text) if t.visible is not False]
    assert "The table starts the next round." in shown  # the greyed Next round says why


def test_every_greyed_stepper_says_why(open_app, store):
    game_id = store.create(scoring.new_record("cgt", ["Lea", "Max"], choices={})).id
    h = open_app(f"/play/{game_id}")
    greyed = [b for b in h.controls() if isinstance(b, ft.IconButton) and b.disabled]
    assert greyed
    for b in greyed:
        assert b.tooltip and b.tooltip != accessible_name(b) and b.tooltip.endswith("."), accessible_name(b)
    for _ in range(5):
        h.tap("Type 5 Meta plus")
    [plus] = h.buttons("Type 5 Meta plus")
    assert plus.disabled and plus.tooltip == "All 5 cards of type 5 are in the Meta column and the Collections."


def test_greyed_setup_buttons_say_why(open_app):
    h = open_app("/setup/card-commons")
    [start] = h.buttons("Start game")
    assert start.disabled and start.tooltip == "Card Commons is played by 2 players."
    shown = [t.value for t in h.find_all(ft.Text) if t.visible is not False]
    assert "Card Commons is played by 2 players." in shown


def test_a_guests_title_keeps_its_distance_from_the_edge(open_app, store, private):
    """Issue 39: with no Back on a guest's own seat, its title keeps the bar's 16 px (not the 4 px after an arrow)."""
    phone, game_id = guest(open_app, store, "lost-cities", ["Mia", "Noah"], "Mia")
    bar = phone.top_view().appbar
    assert bar.leading is None and bar.title_spacing == 16
    from .test_invite import unlocked

    host = unlocked(open_app(f"/play/{game_id}"))  # the host, with its Back
    assert host.top_view().appbar.leading is not None and host.top_view().appbar.title_spacing == 4
