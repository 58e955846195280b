"""The host's unlock survives a new session of the same browser (host_grants.py): without the PIN,
until the PIN changes, the grant expires or the device is locked."""

import flet as ft

import scoring
from companion.access.gate import PIN_SETTING, Gate, hash_pin
from companion.access.host_grants import PREFERENCE_KEY, HostGrants

PIN = "4321"


def private_game(store) -> str:
    store.set_setting(PIN_SETTING, hash_pin(PIN))
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id


def unlock(h) -> None:
    field = h.find(ft.TextField, label="PIN")
    h.type(field, PIN)
    h.fire(field, "submit")
    h.settle()


def test_a_reload_keeps_the_host_without_the_pin_and_a_pin_change_ends_it(open_app, store):
    game_id = private_game(store)
    browser: dict = {}  # this browser's own storage, shared by its sessions
    first = open_app(f"/play/{game_id}", browser_storage=browser)
    unlock(first)
    assert first.text_of("total-Mia") == "0"
    assert PREFERENCE_KEY in browser

    again = open_app(f"/play/{game_id}", browser_storage=browser)  # a new session of the same browser
    again.settle()
    assert again.text_of("total-Mia") == "0"
    again.tap("Mia red 3")
    assert store.get(game_id).record["rounds"][0]["Mia"] == {"red": {"cards": [3]}}

    elsewhere = open_app(f"/play/{game_id}", browser_storage={})  # another browser: no grant, the PIN
    elsewhere.settle()
    assert elsewhere.find_all(ft.TextField, label="PIN")

    store.set_setting(PIN_SETTING, hash_pin(PIN))  # the same digits set again: a new PIN all the same
    after_change = open_app(f"/play/{game_id}", browser_storage=browser)
    after_change.settle()
    assert after_change.find_all(ft.TextField, label="PIN")
    assert not after_change.buttons("Mia red 4")


def test_lock_this_device_ends_the_grant_here_and_for_a_copy(open_app, store):
    private_game(store)
    browser: dict = {}
    h = open_app("/settings", browser_storage=browser)
    unlock(h)
    kept = browser[PREFERENCE_KEY]
    h.tap("Lock this device")
    h.settle()
    assert h.find_all(ft.TextField, label="PIN")  # this session needs the PIN again
    copy = open_app("/settings", browser_storage={PREFERENCE_KEY: kept})  # a copy of the grant opens nothing
    copy.settle()
    assert copy.find_all(ft.TextField, label="PIN")


def test_a_grant_is_signed_and_expires(store):
    store.set_setting(PIN_SETTING, hash_pin(PIN))
    now = [1_000_000.0]
    grants = HostGrants(store, Gate(store), lifetime=12 * 3600, clock=lambda: now[0])
    grant = grants.issue()
    assert grants.holds(grant)
    assert not grants.holds(grant[:-2] + ("A" if grant[-2] != "A" else "B") + grant[-1])  # altered
    assert not grants.holds(None) and not grants.holds(42) and not grants.holds("x" * 5000)
    now[0] += 12 * 3600 - 5
    assert grants.holds(grant)
    now[0] += 10
    assert not grants.holds(grant)
