"""The PIN's stored hash (access/pin_hash.py): scrypt for every new PIN; a PBKDF2 hash of an older
version still opens the table and is made again as scrypt at the next right PIN (never at a wrong
one); a damaged or hand-edited hash opens nothing and breaks nothing."""

from __future__ import annotations

import hashlib
import re
import threading

import flet as ft
import pytest

import scoring
from companion.access import gate as gate_module
from companion.access.gate import PIN_SETTING, Gate, hash_pin
from companion.access.host_grants import PREFERENCE_KEY, HostGrants
from companion.access.pin_hash import outdated, pin_matches

PIN = "482915"
SCRYPT = re.compile(r"scrypt\$16384\$8\$1\$[0-9a-f]{32}\$[0-9a-f]{64}")


def pbkdf2_hash(pin: str, salt: bytes = b"0123456789abcdef") -> dict:
    """What Tableside stored before scrypt (written out here, as that version did)."""
    return {"salt": salt.hex(), "hash": hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, 100_000).hex()}


def test_a_new_pin_is_stored_as_scrypt_with_its_own_salt():
    first, second = hash_pin(PIN), hash_pin(PIN)
    assert SCRYPT.fullmatch(first) and SCRYPT.fullmatch(second)
    assert first != second  # a new salt each time
    assert pin_matches(PIN, first) and not pin_matches("482916", first)
    assert not outdated(first)


def test_the_settings_screen_stores_scrypt(open_app, store):
    h = open_app("/settings")
    h.type(h.find(ft.TextField, label="New PIN (4–12 digits)"), PIN)
    h.click(h.buttons("Set PIN")[0])
    assert "PIN set" in h.text_of("settings-message")
    assert SCRYPT.fullmatch(store.setting(PIN_SETTING))


def test_an_old_pbkdf2_hash_opens_and_is_upgraded_by_the_right_pin_only(store):
    old = pbkdf2_hash(PIN)
    store.set_setting(PIN_SETTING, old)
    gate = Gate(store)
    assert gate.check("phone", "000000")[0] is False
    assert store.setting(PIN_SETTING) == old  # a wrong PIN changes nothing
    assert gate.check("phone", PIN) == (True, "")
    upgraded = store.setting(PIN_SETTING)
    assert SCRYPT.fullmatch(upgraded) and pin_matches(PIN, upgraded)
    assert gate.check("tablet", PIN) == (True, "")
    assert store.setting(PIN_SETTING) == upgraded  # upgraded once
    assert gate.forms_in_force() == [upgraded, old]  # whoever entered the old hash still holds


def test_a_pin_given_on_the_command_line_is_not_stored(store):
    store.set_setting(PIN_SETTING, pbkdf2_hash("111111"))
    gate = Gate(store, pin=PIN)  # --pin wins over the setting and is hashed afresh at each start
    assert gate.check("phone", PIN) == (True, "")
    assert store.setting(PIN_SETTING) == pbkdf2_hash("111111")


def test_an_upgrade_that_cannot_be_saved_still_lets_the_host_in(store, monkeypatch):
    old = pbkdf2_hash(PIN)
    store.set_setting(PIN_SETTING, old)

    def full_disk(key, value):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store, "set_setting", full_disk)
    gate = Gate(store)
    assert gate.check("phone", PIN) == (True, "")
    assert store.setting(PIN_SETTING) == old and gate.forms_in_force() == [old]


def private_game(store) -> str:
    store.set_setting(PIN_SETTING, pbkdf2_hash(PIN))
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id


def unlock(h, pin: str = PIN) -> None:
    field = h.find(ft.TextField, label="PIN")
    h.type(field, pin)
    h.fire(field, "submit")
    h.settle()


def test_after_the_upgrade_every_host_stays_the_host(open_app, store, monkeypatch):
    """The host's other devices (a grant given for the old hash) and the session that typed the PIN."""
    game_id = private_game(store)
    kept = {PREFERENCE_KEY: HostGrants(store, Gate(store)).issue()}  # given before the upgrade
    tablet = open_app(f"/play/{game_id}", browser_storage=kept)
    tablet.settle()
    assert tablet.text_of("total-Mia") == "0"  # the host by its grant

    threads = []
    real = gate_module.pin_matches
    monkeypatch.setattr(gate_module, "pin_matches", lambda *a: threads.append(threading.current_thread()) or real(*a))
    phone = open_app(f"/play/{game_id}")
    unlock(phone, "000000")
    assert store.setting(PIN_SETTING) == pbkdf2_hash(PIN)
    unlock(phone)
    assert SCRYPT.fullmatch(store.setting(PIN_SETTING))
    assert threads and threading.main_thread() not in threads  # the hash ran off the event loop

    phone.tap("Mia red 3")
    tablet.settle()
    tablet.tap("Mia red 4")  # the tablet, which held the old hash, is still the host
    assert store.get(game_id).record["rounds"][0]["Mia"] == {"red": {"cards": [3, 4]}}
    again = open_app(f"/play/{game_id}", browser_storage=kept)  # the old grant holds in a new session too
    again.settle()
    assert again.text_of("total-Mia") == scoring.number(scoring.score(store.get(game_id).record).totals["Mia"])


SALT = "00" * 16
DAMAGED = [
    pytest.param("", id="empty"),
    pytest.param("482915", id="the PIN itself"),
    pytest.param("scrypt$16384$8$1$" + SALT, id="a part missing"),
    pytest.param("scrypt$16384$8$1$zz$" + "00" * 32, id="salt not hex"),
    pytest.param("scrypt$16384$8$1$" + SALT + "$nothex", id="hash not hex"),
    pytest.param("scrypt$16384$8$1$00$" + "00" * 32, id="salt too short"),
    pytest.param("scrypt$1000$8$1$" + SALT + "$" + "00" * 32, id="n not a power of two"),
    pytest.param("scrypt$1073741824$8$1$" + SALT + "$" + "00" * 32, id="n of a gigabyte"),
    pytest.param("scrypt$16384$8$100000$" + SALT + "$" + "00" * 32, id="p of hours"),
    pytest.param("scrypt$16384$-8$1$" + SALT + "$" + "00" * 32, id="r negative"),
    pytest.param("scrypt$" + "9" * 5000 + "$8$1$" + SALT + "$" + "00" * 32, id="n of 5000 digits"),
    pytest.param("argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", id="another scheme"),
    pytest.param(hash_pin("111111"), id="scrypt of another PIN"),
    pytest.param({"salt": "zz", "hash": "00"}, id="pbkdf2 salt not hex"),
    pytest.param({"salt": SALT}, id="pbkdf2 without hash"),
    pytest.param({"salt": 5, "hash": 7}, id="pbkdf2 numbers"),
    pytest.param({**pbkdf2_hash(PIN), "hash": "00" * 32}, id="pbkdf2 hash altered"),
    pytest.param(42, id="a number"),
    pytest.param(["scrypt"], id="a list"),
]


@pytest.mark.parametrize("stored", DAMAGED)
def test_a_damaged_hash_opens_nothing_and_is_kept(stored, store, caplog):
    store.set_setting(PIN_SETTING, stored)
    assert pin_matches(PIN, stored) is False
    accepted, said = Gate(store).check("phone", PIN)
    assert accepted is False and said.startswith("Wrong PIN.")
    assert store.setting(PIN_SETTING) == stored  # refused: not upgraded, not removed
    assert "Traceback" not in caplog.text


def test_a_damaged_hash_shows_the_pin_screen_in_words(open_app, store):
    store.set_setting(PIN_SETTING, "scrypt$16384$8$1$zz$garbled")
    h = open_app("/")
    unlock(h)
    assert h.text_of("pin-message") == "Wrong PIN."
    assert h.find_all(ft.TextField, label="PIN")
