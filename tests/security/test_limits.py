"""Sizes are bounded: one websocket message, and a file to import (which comes by an upload: test_uploads.py)."""

import asyncio
import json

import pytest
import websockets

from companion.server.guard import WS_MAX_SIZE
from companion.server.uploads import MAX_UPLOAD_BYTES, MAX_ZIP_UPLOAD_BYTES
from tests.transfer.records import records
from tests.transfer.test_screen import dialog, pick

from .flet_client import Client, put
from .support import Server

STATED = f"larger than {MAX_UPLOAD_BYTES // 2**20} MB"


def test_a_file_over_the_stated_size_is_not_even_uploaded(open_app, store):
    h = open_app("/transfer")
    said = " ".join(str(getattr(c, "value", "")) for c in h.controls())
    assert f"JSON files up to {MAX_UPLOAD_BYTES // 2**20} MB, ZIP files with photos up to {MAX_ZIP_UPLOAD_BYTES // 2**20} MB." in said
    padded = json.dumps(records()).encode() + b" " * MAX_UPLOAD_BYTES  # valid JSON, but too big
    pick(h, "history.json", padded)
    message = h.text_of("message")
    assert "Nothing imported" in message and STATED in message
    assert [m for m, _ in h.conn.invoked if m == "upload"] == []
    assert store.finished() == [] and h.conn.errors == []


def test_an_upload_the_server_cut_off_gets_a_clear_message_and_leaves_nothing(open_app, store):
    """The browser said a smaller size than it sent: the upload handler stops at the limit (413)."""
    h = open_app("/transfer")
    pick(h, "history.json", json.dumps(records()).encode(), error="Upload failed with status 413")
    message = h.text_of("message")
    assert "Nothing imported" in message and STATED in message
    assert store.finished() == [] and list(h.uploads.folder.iterdir()) == []
    pick(h, "games.json", json.dumps(records()).encode())  # the next file is taken as usual
    assert dialog(h).content.value == f"Import {len(records())} games from games.json?"


@pytest.mark.parametrize(
    "query",
    [
        "",  # no signature
        "?f=x.upload&e=2099-01-01T00:00:00%2B00:00&s=00",  # a made-up one
        "?f=../../data/settings.json&e=2099-01-01T00:00:00%2B00:00&s=00",  # and a path out of the folder
    ],
)
def test_the_upload_endpoint_takes_only_files_it_signed(server, query):
    assert put(f"http://127.0.0.1:{server.port}/upload{query}", b"[]") in (400, 403)


def test_a_zip_over_its_own_limit_is_not_even_uploaded_and_a_json_one_is_held_to_its_own(open_app, store):
    """A ZIP exported with photos may be ten times a JSON history: each kind has its limit, said as it is."""
    h = open_app("/transfer")
    pick(h, "photos.zip", b"PK\x03\x04", said_size=MAX_ZIP_UPLOAD_BYTES + 1)
    assert f"larger than {MAX_ZIP_UPLOAD_BYTES // 2**20} MB" in h.text_of("message")
    assert [m for m, _ in h.conn.invoked if m == "upload"] == []


def test_a_zip_larger_than_a_json_history_is_imported(open_app, store):
    """What "Export with photos" writes for a long history with photos is past the JSON limit: it still imports."""
    import io
    import os
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("games.json", json.dumps({"format": 1, "games": records()}))
        archive.writestr("notes.bin", os.urandom(MAX_UPLOAD_BYTES + 1024), compress_type=zipfile.ZIP_STORED)  # the size of many photos
    data = out.getvalue()
    assert len(data) > MAX_UPLOAD_BYTES
    h = open_app("/transfer")
    pick(h, "tableside.zip", data)
    assert dialog(h).content.value == f"Import {len(records())} games from tableside.zip?"


def test_a_file_comes_by_signed_upload_and_one_over_the_limit_is_refused(tmp_path):
    server = Server(tmp_path / "data", env={"TABLESIDE_LOCAL_IS_HOST": "1"}).start()  # this machine's browser: the host

    async def import_twice() -> tuple[int, list[str], int, list[str]]:
        client = await Client.open(f"ws://127.0.0.1:{server.port}/ws", route="/transfer")
        too_big = await client.hand_over(server.url, "history.json", b" " * (MAX_UPLOAD_BYTES + 1), said_size=10)
        # Each check below asks whether a text was said: read until it is (or 1 s of quiet), as nothing
        # said after it could unsay it.
        await client.drain(1, stop_at=lambda text: STATED in text)
        after_too_big = client.texts()
        fine = await client.hand_over(server.url, "games.json", json.dumps(records()).encode())
        await client.drain(1, stop_at=f"Import {len(records())} games from games.json?")
        await client.close()
        return too_big, after_too_big, fine, client.texts()

    try:
        too_big, after_too_big, fine, texts = asyncio.run(import_twice())
    finally:
        server.stop()
    # A JSON file's URL takes 32 MB: the body is cut off there (413) whatever size the browser said, and said in words.
    assert too_big == 413 and any(STATED in t for t in after_too_big)
    assert fine == 200 and f"Import {len(records())} games from games.json?" in texts


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
