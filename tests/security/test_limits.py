"""Sizes are bounded: one websocket message, and a file to import (which travels in one)."""

import asyncio

import websockets

from companion.server.guard import MAX_IMPORT_BYTES, WS_MAX_SIZE
from tests.transfer.records import records
from tests.transfer.test_screen import pick

from .flet_client import Client


def test_an_import_over_the_stated_size_gets_a_clear_message(open_app, store):
    import json

    h = open_app("/transfer")
    assert f"Files up to {MAX_IMPORT_BYTES // 2**20} MB." in " ".join(str(getattr(c, "value", "")) for c in h.controls())
    padded = json.dumps(records()).encode() + b" " * MAX_IMPORT_BYTES  # valid JSON, but too big
    pick(h, "history.json", padded)
    message = h.text_of("message")
    assert "Nothing imported" in message and f"larger than {MAX_IMPORT_BYTES // 2**20} MB" in message
    assert store.finished() == []
    assert h.conn.errors == []


def test_a_message_over_the_websocket_limit_ends_that_connection_only(server):
    async def flood():
        client = await Client.open(f"ws://127.0.0.1:{server.port}/ws")
        await client.ws.send(b"\x00" + b"\x90" * (WS_MAX_SIZE + 1))
        try:
            await asyncio.wait_for(client.ws.recv(), 10)
        except websockets.ConnectionClosed as e:
            return e.rcvd.code if e.rcvd else None

    assert asyncio.run(flood()) == 1009  # "message too big"

    async def next_visitor():
        client = await Client.open(f"ws://127.0.0.1:{server.port}/ws")
        await client.close()
        return client.session_id

    assert asyncio.run(next_visitor())  # the server serves on
