"""The settings screen: a short PIN is taken with a warning, and serving to the network keeps a PIN."""

import flet as ft

from companion.access import PIN_SETTING, hash_pin


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
    from companion.app import make_main
    from tests.ui.harness import Harness

    store.set_setting(PIN_SETTING, hash_pin("246810"))
    h = Harness(make_main(store, None, ["http://192.168.1.20:8550"]), route="/settings")
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
