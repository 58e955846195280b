"""SIGTERM and Ctrl-C stop the server within 5 s whatever its clients are doing, release the data
folder's lock and leave no half-written file."""

import asyncio
import signal
import socket

import pytest
import websockets

from companion.data.store import GameStore

from .flet_client import Client
from .support import Server


def closed_before_registering(server):
    async def run():
        async with websockets.connect(f"ws://127.0.0.1:{server.port}/ws"):
            pass

    asyncio.run(run())


def open_without_registering(server):
    loop = asyncio.new_event_loop()
    ws = loop.run_until_complete(websockets.connect(f"ws://127.0.0.1:{server.port}/ws"))
    return loop, ws


def registered_and_open(server):
    loop = asyncio.new_event_loop()
    client = loop.run_until_complete(Client.open(f"ws://127.0.0.1:{server.port}/ws"))
    return loop, client


def registered_and_gone(server):
    async def run():
        client = await Client.open(f"ws://127.0.0.1:{server.port}/ws")
        await client.close()

    asyncio.run(run())


def half_a_request(server):
    s = socket.create_connection(("127.0.0.1", server.port))
    s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")  # and never the blank line
    return s


STATES = {
    "idle": lambda server: None,
    "websocket closed before registering": closed_before_registering,
    "websocket open, not registered": open_without_registering,
    "session open": registered_and_open,
    "session closed": registered_and_gone,
    "half an HTTP request": half_a_request,
}
EVERY_STATE = "all of these at once"
ALONE = list(STATES.values())
STATES[EVERY_STATE] = lambda server: [hold(server) for hold in ALONE]

# Every state held at once under each signal (a server that one state kept running would still be
# running with all of them), and idle under Ctrl-C: 3 servers, where each state alone was 12.
CASES = [(EVERY_STATE, signal.SIGTERM), (EVERY_STATE, signal.SIGINT), ("idle", signal.SIGINT)]


@pytest.mark.parametrize(
    ("state", "sig"), CASES, ids=[f"{state}-{'Ctrl-C' if sig == signal.SIGINT else 'SIGTERM'}" for state, sig in CASES]
)
def test_the_server_stops_within_5_s(tmp_path, state, sig):
    temp = tmp_path / "tmp"  # the system's temporary folder (tempfile: TMPDIR): Flet's copy of the page goes there
    temp.mkdir()
    server = Server(tmp_path / "data", env={"TMPDIR": str(temp)}).start()
    uploads = tmp_path / "data" / "tmp" / "uploads"
    assert uploads.is_dir()
    held = STATES[state](server)
    took = server.stop(sig, within=5.0)
    assert took is not None, f"still running 5 s after {sig.name} ({state}); it had to be killed"
    assert "Traceback" not in server.output()
    assert not uploads.exists(), "the uploads folder was left behind"  # SIGTERM too (issue 51); before a start empties it
    assert not list(temp.iterdir())
    store = GameStore(tmp_path / "data")  # the lock is free again
    store.close()
    assert not [p.name for p in (tmp_path / "data").iterdir() if p.name.endswith(".tmp")]
    release(held)


def release(held) -> None:
    if isinstance(held, list):
        for each in held:
            release(each)
    elif isinstance(held, socket.socket):
        held.close()
    elif isinstance(held, tuple):
        loop, connection = held
        try:
            loop.run_until_complete(connection.close())
        except Exception:
            pass  # the server is gone: the close handshake has no one to answer it
        loop.close()
