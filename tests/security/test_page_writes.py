"""What a client may write: Flet applies UPDATE_CONTROL_PROPS (and REGISTER_CLIENT's page snapshot) to
any property of any control; the guard takes out what the server decides before Flet sees it."""

import msgpack

from companion.server.guard import first_frame_problem, scrubbed

from .flet_client import CONTROL_EVENT, pack, page_write, register


def decoded(frame: bytes):
    return msgpack.unpackb(frame[1:], strict_map_key=False)


def test_writes_to_the_address_the_browser_and_private_properties_are_taken_out():
    frame = page_write({"client_ip": "127.0.0.1", "client_user_agent": "x", "_i": 5, "width": 800, "media": {"_p": 1, "padding": {}}})
    assert decoded(scrubbed(frame)) == [4, {"id": 1, "props": {"width": 800, "media": {"padding": {}}}}]
    on_a_control = page_write({"value": "1234", "_parent": None, "_c": "Page"}, control=16)
    assert decoded(scrubbed(on_a_control)) == [4, {"id": 16, "props": {"value": "1234"}}]


def test_a_register_keeps_its_page_but_not_what_the_server_decides():
    frame = scrubbed(register("/settings", {"client_ip": "127.0.0.1", "_i": 9}))
    page = decoded(frame)[1]["page"]
    assert page == {"route": "/settings", "width": 390, "height": 844}
    assert first_frame_problem({"type": "websocket.receive", "bytes": frame}) == ""


def test_everything_else_passes_untouched():
    for frame in (page_write({"value": "x"}, control=3), pack(CONTROL_EVENT, {"target": 3, "name": "click", "data": None}), b"\x01abc"):
        assert scrubbed(frame) is frame
