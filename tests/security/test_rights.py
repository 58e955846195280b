"""Rights are checked at every action, not when a screen opened: a released seat, a revoked invite
and a new PIN take effect on sessions already open, within one action (browserless: one server,
several sessions on one loop, as Flet serves them). A PIN is set: without one, every browser is the
host (README, Security)."""

import flet as ft
import pytest

import scoring
from companion.access import rights
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites
from companion.services.live import GameHub
from scoring.lost_cities import AddCard
from tests.ui.test_invite import code, guest_at, lost_cities, on_pin_screen, unlocked


@pytest.fixture
def table(store):
    """A game with its invitation, on a table with a PIN."""
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    game_id = lost_cities(store)
    return game_id, code(store, game_id)


def snacks(h) -> list[str]:
    return [m.content.value for m in h.page._dialogs.controls if isinstance(m, ft.SnackBar)]


def told(h) -> list[str]:
    """What the session was told: its notices, and the refusal its screen shows (while it shows one)."""
    return snacks(h) + [s.content.value for s in h.find_all(ft.Semantics, identifier="message")]


def mia_cards(store, game_id) -> dict:
    return store.get(game_id).record["rounds"][0]["Mia"]


def test_a_released_phone_cannot_add_another_card_and_is_sent_to_the_join_screen(open_app, store, table):
    game_id, invite = table
    phone = guest_at(open_app, invite, "Mia")
    phone.tap("Mia red 3")
    assert mia_cards(store, game_id) == {"red": {"cards": [3]}}
    Invites(store).release(game_id, "Mia")  # told to no open screen: the phone still shows its seat
    assert phone.page.route == f"/join/{invite}/Mia" and phone.buttons("Mia red 4")
    phone.tap("Mia red 4")  # the next action is refused, in words, and changes nothing
    assert mia_cards(store, game_id) == {"red": {"cards": [3]}}
    assert rights.SEAT_RELEASED in told(phone)
    phone.settle()
    assert phone.page.route == f"/join/{invite}"  # where it may pick a seat again
    assert [b.disabled for b in phone.buttons("I am Mia")] == [False]
    other = guest_at(open_app, invite, "Mia")  # a second phone takes the seat; the first has nothing
    other.tap("Mia red 5")
    assert mia_cards(store, game_id) == {"red": {"cards": [3, 5]}}


def test_releasing_a_seat_on_the_invite_screen_redraws_the_phone_at_once(open_app, store, table):
    game_id, invite = table
    phone = guest_at(open_app, invite, "Mia")
    stale = phone.buttons("Mia red 3")[0]
    host = unlocked(open_app(f"/invite/{game_id}", width=1024, height=768))
    host.tap("Release Mia")
    phone.settle()
    assert phone.page.route == f"/join/{invite}"
    assert rights.SEAT_RELEASED in snacks(phone)
    phone.fire(stale, "click")  # a tap sent before the new screen arrived: the control is gone
    assert mia_cards(store, game_id) == {}
    phone.run(phone.page.push_route(f"/results/{game_id}"))  # not even its game's results
    phone.settle()
    assert on_pin_screen(phone)


def test_a_revoked_invitation_ends_every_seat_and_says_so(open_app, store, table):
    game_id, invite = table
    phone = guest_at(open_app, invite, "Noah")
    Invites(store).revoke(game_id)
    phone.tap("Noah red 3")
    assert store.get(game_id).record["rounds"][0]["Noah"] == {}
    assert rights.INVITE_REVOKED in told(phone)
    phone.settle()
    assert phone.page.route == f"/join/{invite}"
    assert any("not valid any more" in (t.value or "") for t in phone.find_all(ft.Text))


def test_a_deleted_game_takes_no_more_actions_from_its_phones(open_app, store, table):
    game_id, invite = table
    phone = guest_at(open_app, invite, "Mia")
    store.delete(game_id)
    phone.tap("Mia red 3")
    assert store.get(game_id) is None
    assert rights.GAME_GONE in told(phone)


def test_a_pin_set_ends_the_host_rights_of_a_session_that_never_entered_it(open_app, store):
    game_id = lost_cities(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)  # no PIN yet: the host
    tablet.tap("Mia red 3")
    store.set_setting(PIN_SETTING, hash_pin("4321"))  # told to no open screen
    tablet.tap("Mia red 4")
    assert mia_cards(store, game_id) == {"red": {"cards": [3]}}
    assert rights.PIN_NEEDED in told(tablet)
    tablet.settle()
    assert on_pin_screen(tablet)
    unlocked(tablet)  # the PIN: the route it was on, and the host again
    assert tablet.page.route == f"/play/{game_id}"
    tablet.tap("Mia red 4")
    assert mia_cards(store, game_id) == {"red": {"cards": [3, 4]}}


def test_a_new_pin_set_in_the_settings_asks_every_other_host_session_for_it_at_once(open_app, store):
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    game_id = lost_cities(store)
    tablet = unlocked(open_app(f"/play/{game_id}", width=1024, height=768))
    assert tablet.buttons("Mia red 3")
    settings = unlocked(open_app("/settings"))
    field = settings.find(ft.TextField, label="New PIN (4–12 digits)")
    settings.type(field, "97531")
    settings.click(settings.buttons("Set PIN")[0])
    tablet.settle()
    assert on_pin_screen(tablet) and rights.PIN_NEEDED in snacks(tablet)
    assert not on_pin_screen(settings)  # the session that chose the PIN keeps its rights
    settings.run(settings.page.push_route("/history"))
    settings.settle()
    assert not on_pin_screen(settings)
    field = tablet.find(ft.TextField, label="PIN")
    tablet.type(field, "4321")  # the old PIN no longer opens anything
    tablet.fire(field, "submit", "4321")
    assert on_pin_screen(tablet)
    tablet.type(field, "97531")
    tablet.fire(field, "submit", "97531")
    assert not on_pin_screen(tablet) and tablet.buttons("Mia red 3")


def test_the_live_game_refuses_what_the_check_refuses_and_changes_nothing(store):
    game_id = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id
    live = GameHub(store).open(game_id)
    done = live.act(AddCard("Mia", "red", 3, 1), "Mia", seat="Mia", check=lambda: rights.SEAT_RELEASED)
    assert (done.changed, done.message) == (False, rights.SEAT_RELEASED)
    assert live.act(AddCard("Mia", "red", 3, 1), "Mia", seat="Mia", check=lambda: "").changed
    assert live.undo("Mia", check=lambda: rights.SEAT_RELEASED).message == rights.SEAT_RELEASED
    assert mia_cards(store, game_id) == {"red": {"cards": [3]}}
