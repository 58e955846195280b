"""On the real server, over raw websockets: a new PIN set in one session reaches another open session
at once (it is shown the PIN screen and told why, without sending anything), and its stale taps change nothing."""

import asyncio

import scoring
from companion.access import rights
from companion.data.store import GameStore

from .flet_client import CONTROL_EVENT, UPDATE_CONTROL_PROPS, Client, pack, strings
from .support import Server

PIN = "246810"


def test_a_new_pin_reaches_an_open_host_session_at_once(tmp_path):
    data = tmp_path / "data"
    store = GameStore(data)
    game_id = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id
    store.close()
    server = Server(data, env={"TABLESIDE_PIN": ""}).start()  # no PIN yet: every browser is the host

    async def attack():
        ws = f"ws://127.0.0.1:{server.port}/ws"
        tablet = await Client.open(ws, route=f"/play/{game_id}")
        settings = await Client.open(ws, route="/settings")
        field = settings.control("TextField", label="New PIN (4–12 digits)")
        await settings.ws.send(pack(UPDATE_CONTROL_PROPS, {"id": field, "props": {"value": PIN}}))
        await settings.ws.send(pack(CONTROL_EVENT, {"target": field, "name": "change", "data": PIN}))  # as Flutter's field does
        await settings.ws.send(
            pack(CONTROL_EVENT, {"target": settings.control("FilledButton", content="Set PIN"), "name": "click", "data": None})
        )
        await settings.drain(1.0)
        seen_before = len(tablet.received)
        await tablet.drain(1.5)  # the tablet sends nothing: the server pushes its new screen
        pushed = tablet.received[seen_before:]
        await tablet.close()
        await settings.close()
        return list(strings(pushed)), settings.texts()

    try:
        pushed, set_by = asyncio.run(attack())
    finally:
        server.stop()
    assert any(t.startswith("PIN set.") for t in set_by)
    assert rights.PIN_NEEDED in pushed and "PIN" in pushed  # told why, and the PIN field
