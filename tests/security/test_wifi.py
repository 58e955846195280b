"""Phones can join the first evening (issue 39 item 6), for real: the server starts as `tableside` does
(127.0.0.1, no PIN), the host's browser opens it to the network from the invite screen, and devices on
the network (a network namespace: netns_wifi.py) reach it there, each a guest whatever it claims, with a
seat by the invitation and the host's screens behind the PIN made for the evening."""

import pytest

from .test_other_devices import seen_in_a_namespace


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    return seen_in_a_namespace(tmp_path_factory, "tests.security.netns_wifi")


def test_no_other_device_reaches_the_server_until_the_host_opens_it(seen):
    assert seen["reachable before"] is False
    assert seen["invite link before"].startswith("http://127.0.0.1:")
    assert seen["reachable after"] is True


def test_the_invite_link_then_names_the_network_address_on_the_same_port(seen):
    port = seen["invite link before"].split(":")[2].split("/")[0]
    assert seen["invite link after"] == seen["invite link before"].replace("127.0.0.1", "10.77.0.1")
    assert f"http://10.77.0.1:{port}" in seen["printed"][0]


def test_every_device_on_the_network_is_a_guest_whatever_it_claims(seen):
    roles = seen["roles"]
    assert {k: v for k, v in roles.items() if not k.startswith("/join/")} == {
        "/settings from another device": "pin",
        "/settings from another device claiming 127.0.0.1": "pin",
        "/ from another device": "pin",
        "/settings from this machine's own LAN address": "pin",  # only loopback is this machine's own browser
    }
    assert [v for k, v in roles.items() if k.startswith("/join/")] == ["in"]  # the invitation needs no PIN
    assert seen["phone at its seat"] is True and seen["phone sees the other seat's cards"] is False


def test_a_released_phone_is_known_by_its_address_even_with_its_storage_cleared(seen):
    assert seen["released phone, storage cleared"] == "asked" and seen["released phone sat"] is False
    assert seen["another phone sits at once"] is True


def test_the_host_screens_need_the_pin_made_for_the_evening(seen):
    assert seen["pin shown to the host"] is True
    assert seen["printed"][1].startswith("PIN for this table: ")
    assert seen["wrong pin"] == "Wrong PIN."
    assert seen["the evening's pin"] == "in"
    assert seen["the evening's pin: serving words"] == ["Serving to the local network: other devices on it can reach Tableside."]


def test_a_stop_signal_stops_both_listeners_at_once(seen):
    assert seen["stopped within"] is not None and seen["stopped within"] < 5
