"""A browser's part of Flet's websocket protocol, as far as the attacks need it: register a session,
find a control in what the server sends, type into it and fire its events."""

from __future__ import annotations

import asyncio
from typing import Any

import msgpack
import websockets
from flet.messaging.protocol import decode_ext_from_msgpack

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS = 1, 2, 3, 4


def pack(action: int, body: dict) -> bytes:
    return b"\x00" + msgpack.packb([action, body])


def unpack(frame: bytes) -> list:
    return msgpack.unpackb(frame[1:], ext_hook=decode_ext_from_msgpack, strict_map_key=False)


def walk(value: Any):
    """Every dict inside a message."""
    if isinstance(value, dict):
        yield value
        for v in value.values():
            yield from walk(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from walk(v)


def strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


class Client:
    """One browser session over a websocket (connect with `await Client.open(url, ...)`)."""

    def __init__(self, ws):
        self.ws = ws
        self.received: list = []
        self.session_id = ""

    @classmethod
    async def open(cls, ws_url: str, route: str = "/", headers: dict | None = None, origin: str | None = None):
        ws = await websockets.connect(ws_url, additional_headers=headers or {}, origin=origin, max_size=None)
        client = cls(ws)
        await ws.send(pack(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"route": route, "width": 390, "height": 844}}))
        reply = await client.next()
        client.session_id = reply[1]["session_id"]
        await client.next(30)  # the first screen
        await client.drain()
        return client

    async def next(self, timeout: float = 10) -> list:
        message = unpack(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        return message

    async def drain(self, quiet: float = 0.5) -> None:
        """Read until the server has been quiet for `quiet` seconds."""
        while True:
            try:
                await self.next(quiet)
            except TimeoutError:
                return

    def control(self, kind: str, **props) -> int:
        for d in walk(self.received):
            if d.get("_c") == kind and all(d.get(k) == v for k, v in props.items()):
                return d["_i"]
        raise LookupError(f"no {kind} {props} was sent; texts: {self.texts()[:20]}")

    def texts(self) -> list[str]:
        return list(strings(self.received))

    async def type_and_submit(self, control: int, value: str) -> None:
        """Type `value` into a text field and press Enter; wait for the server's answer."""
        await self.ws.send(pack(UPDATE_CONTROL_PROPS, {"id": control, "props": {"value": value}}))
        await self.ws.send(pack(CONTROL_EVENT, {"target": control, "name": "submit", "data": None}))
        await self.next(30)
        await self.drain()

    async def close(self) -> None:
        await self.ws.close()
