"""The settings screen: a short PIN is taken with a warning, and serving to the network keeps a PIN."""

import flet as ft

from companion.access.gate import PIN_SETTING, hash_pin


def set_pin(h, pin: str) -> str:
    field = h.find(ft.TextField, label="New PIN (4–12 digits)")
    h.type(field, pin)
    h.click(h.buttons("Set PIN")[0])
    return h.text_of("settings-message")


def test_a_four_digit_pin_is_set_with_a_warning_and_a_six_digit_one_without(open_app, store):
    h = open_app("/settings")
    assert "Warning: a 4-digit PIN" in set_pin(h, "1234")
    assert store.setting(PIN_SETTING) is not None
    assert "Warning" not in set_pin(h, "12345678")
    assert "4 to 12 digits" in set_pin(h, "123")


def test_while_serving_to_the_network_the_pin_cannot_be_removed(store):
    from companion.bootstrap import make_main
    from tests.ui.harness import Harness

    store.set_setting(PIN_SETTING, hash_pin("246810"))
    h = Harness(make_main(store, None, ["http://192.168.1.20:8550"], lan=True), route="/settings")
    try:
        field = h.find(ft.TextField, label="PIN")
        h.type(field, "246810")
        h.fire(field, "submit")
        (remove,) = h.buttons("Remove PIN")
        assert remove.disabled
        h.click(remove)  # a crafted click on the disabled button changes nothing
        assert store.setting(PIN_SETTING) is not None
    finally:
        h.close()


def shown(h) -> str:
    return " ".join(str(getattr(c, "value", "") or "") for c in h.controls())


def test_serving_on_this_machine_only_says_so_and_the_pin_can_be_removed(store):
    """127.0.0.1 (the default): the join link is shown for a second browser here, yet nothing else can reach it."""
    from companion.bootstrap import make_main
    from tests.ui.harness import Harness

    store.set_setting(PIN_SETTING, hash_pin("246810"))
    h = Harness(make_main(store, None, ["http://127.0.0.1:8550"], lan=False), route="/settings")
    try:
        field = h.find(ft.TextField, label="PIN")
        h.type(field, "246810")
        h.fire(field, "submit")
        words = shown(h)
        assert "Serving on this machine only: no other device can reach Tableside." in words
        assert "Serving to the local network" not in words and "not removed" not in words
        (remove,) = h.buttons("Remove PIN")
        assert not remove.disabled
        h.click(remove)
        assert store.setting(PIN_SETTING) is None
        assert "PIN removed" in h.text_of("settings-message")
    finally:
        h.close()


def test_serving_to_the_network_says_who_must_enter_the_pin(store):
    from companion.bootstrap import make_main
    from tests.ui.harness import Harness

    h = Harness(make_main(store, None, ["http://192.168.1.20:8550"], lan=True), route="/settings")
    try:
        set_pin(h, "246810")
        words = shown(h)
        assert "Serving to the local network: other devices on it can reach Tableside." in words
        assert "Each of them must enter the PIN" in words and "can be changed, not removed" in words
    finally:
        h.close()
