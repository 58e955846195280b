"""With a PIN, a session sees nothing and can change nothing until it enters it."""

import flet as ft

import scoring
from companion.access.gate import FREE_TRIES, PIN_SETTING, Gate, hash_pin


def private_table(store):
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})
    return store.create(record).id


def everything_shown(h) -> str:
    return " ".join(str(getattr(c, "value", "") or "") + str(getattr(c, "identifier", "") or "") for c in h.controls())


def test_without_the_pin_no_game_can_be_read_or_changed(open_app, store):
    game_id = private_table(store)
    for route in ("/", f"/play/{game_id}", f"/history/{game_id}", "/history", "/players", "/players/Mia", "/stats"):
        h = open_app(route)
        shown = everything_shown(h)
        assert "Mia" not in shown and "total-" not in shown, route
        assert [c.label for c in h.find_all(ft.TextField)] == ["PIN", "Invite code"]  # and the field a joining player types a code into
        assert not h.buttons("Mia red 3")
    assert store.get(game_id).record["rounds"] == [{"Mia": {}, "Noah": {}}]


def test_the_right_pin_opens_the_route_asked_for(open_app, store):
    game_id = private_table(store)
    h = open_app(f"/play/{game_id}")
    field = h.find(ft.TextField, label="PIN")
    h.type(field, "4321")
    h.fire(field, "submit")
    assert h.text_of("total-Mia") == "0"
    h.tap("Mia red 3")
    assert store.get(game_id).record["rounds"][0]["Mia"] == {"red": {"cards": [3]}}


def test_wrong_pins_are_slowed_down(open_app, store):
    private_table(store)
    h = open_app("/")
    field = h.find(ft.TextField, label="PIN")
    for _ in range(FREE_TRIES):
        h.type(field, "0000")
        h.fire(field, "submit")
    assert "Try again in" in h.text_of("pin-message")
    h.type(field, "4321")  # even the right PIN waits its turn
    h.fire(field, "submit")
    assert "Too many wrong PINs" in h.text_of("pin-message")
    assert h.find_all(ft.TextField, label="PIN")


def test_the_wait_grows_and_ends():
    now = [1000.0]
    gate = Gate(store=None, pin="1234", clock=lambda: now[0])
    waits = []
    for _ in range(FREE_TRIES + 3):
        now[0] += 1000  # always after the previous wait
        gate.check("phone", "9999")
        waits.append(gate.wait_for("phone"))
    assert waits[: FREE_TRIES - 1] == [0.0] * (FREE_TRIES - 1)
    assert waits[FREE_TRIES - 1 :] == sorted(waits[FREE_TRIES - 1 :]) and waits[-1] > waits[FREE_TRIES - 1] > 0
    now[0] += 1000
    assert gate.check("phone", "1234") == (True, "")
    assert gate.wait_for("phone") == 0.0
