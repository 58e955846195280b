"""Players join the table's game from their phones (browserless: one server, several sessions)."""

import flet as ft

import scoring
from companion.views import play


def lost_cities(store):
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id


def test_invite_without_lan_says_how_to_serve(open_app, store):
    game_id = lost_cities(store)
    h = open_app(f"/play/{game_id}", width=1024, height=768)
    h.tap("Invite players")
    assert h.page.route == f"/invite/{game_id}"
    assert any("--host 0.0.0.0" in (t.value or "") for t in h.find_all(ft.Text))


def test_a_phone_picks_its_seat_and_sees_only_its_cards(open_app, store):
    game_id = lost_cities(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/join/{game_id}", browser_storage={})
    phone.tap("I am Mia")
    assert phone.page.route == f"/join/{game_id}/Mia"
    assert phone.buttons("Mia red 3") and not phone.buttons("Noah red 3")
    phone.tap("Mia red 3")
    tablet.settle()
    assert tablet.text_of("total-Mia") == phone.text_of("total-Mia") == "-17"
    assert phone.text_of("total-Noah") == "0"  # everyone's totals are there to read
    assert phone.find(ft.Column, key="shared").disabled  # rounds are the host's to change
    assert not [b for b in phone.buttons("Invite players") if b.visible]
    tablet.tap("Noah red 4")  # the host can change every tableau
    phone.settle()
    assert phone.text_of("total-Noah") == "-16"


def test_a_phone_that_comes_back_returns_to_its_seat(open_app, store):
    game_id = lost_cities(store)
    browser = {}
    phone = open_app(f"/join/{game_id}", browser_storage=browser)
    phone.tap("I am Noah")
    assert browser == {f"tableside.seat.{game_id}": "Noah"}
    again = open_app(f"/join/{game_id}", browser_storage=browser)  # a closed tab, opened anew
    again.settle()
    assert again.page.route == f"/join/{game_id}/Noah"
    assert again.buttons("Noah red 3")


def test_a_phone_joining_late_sees_the_game_as_it_stands(open_app, store):
    game_id = lost_cities(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    tablet.tap("Mia blue 10")
    phone = open_app(f"/join/{game_id}/Mia")
    assert phone.text_of("total-Mia") == "-10"
