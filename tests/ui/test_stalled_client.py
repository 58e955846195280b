"""A device that stops reading (a phone gone to sleep mid-update, a frozen tab) never delays another's
update: each connection is written by its own task from its own queue (flet_web's FletApp send loop),
and a change reaches every session through its own task (session.App.subscribe). On the real server."""

from __future__ import annotations

import asyncio
import socket
import time

import websockets

import scoring
from companion.data.store import GameStore
from tests.e2e.conftest import Server
from tests.security.flet_client import CONTROL_EVENT, REGISTER_CLIENT, pack, unpack

TABLET = {"route": "", "width": 1180, "height": 820, "web": True}


def keys(message) -> dict[str, int]:
    """Card keys ("Mia red 6:held") in a message → the buttons' ids."""
    found, stack = {}, [message]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if isinstance(v.get("key"), str) and "_i" in v:
                found[v["key"]] = v["_i"]
            stack.extend(v.values())
        elif isinstance(v, list | tuple):
            stack.extend(v)
    return found


async def register(ws, route: str) -> None:
    await ws.send(pack(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {**TABLET, "route": route}}))


async def stalled_and_active(url: str, route: str) -> list[float]:
    # The stalled device: a receive buffer of a few kB that it never reads, so the server's writes to it
    # soon cannot go on (its first screen alone is larger), and websockets stops reading after 1 frame.
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", int(url.rsplit(":", 1)[1].split("/")[0])))
    stalled = await websockets.connect(url, sock=sock, max_queue=1, max_size=None, ping_interval=None)
    await register(stalled, route)
    active = await websockets.connect(url, max_size=None, ping_interval=None)
    await register(active, route)
    ids: dict[str, int] = {}
    deadline = time.monotonic() + 60
    while "Mia red 2:free" not in ids:
        assert time.monotonic() < deadline, "the active device's screen never came"
        ids.update(keys(unpack(await asyncio.wait_for(active.recv(), 30))))
    seen = []
    for n in range(2, 11):  # nine taps, each waited for on the active device
        started = time.monotonic()
        await active.send(pack(CONTROL_EVENT, {"target": ids[f"Mia red {n}:free"], "name": "click", "data": None}))
        while f"Mia red {n}:held" not in ids:
            ids.update(keys(unpack(await asyncio.wait_for(active.recv(), 10))))
        seen.append(time.monotonic() - started)
    await active.close()
    sock.close()
    return seen


def test_a_device_that_stops_reading_does_not_delay_another(tmp_path):
    data = tmp_path / "data"
    store = GameStore(data)
    game = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
    store.close()
    server = Server(data).start()
    try:
        seen = asyncio.run(stalled_and_active(f"ws://127.0.0.1:{server.port}/ws", f"/play/{game}"))
    finally:
        server.stop()
    assert len(seen) == 9  # every tap reached the active device (each waited for at most 10 s)
    record = server.stored_record(game)
    assert record["rounds"][0]["Mia"]["red"]["cards"] == list(range(2, 11))
