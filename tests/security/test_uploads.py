"""Uploads against the real server, as an attacker sends them: an upload URL takes one file, each purpose
has its own limit held while the bytes arrive (a photo's 20 MB, whatever the browser says), nothing is
held whole in memory, and nothing stays on disk: not in the data folder's tmp/uploads once a file is used
or refused, not in the system's temporary folder ever, not after a crash."""

import asyncio
import io
import signal
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

import scoring
from companion.data.store import GameStore
from companion.services.tableau_photos import MAX_PHOTO_BYTES

from .flet_client import Client, put
from .support import Server

MB = 1024 * 1024
TOO_LARGE = f"is larger than {MAX_PHOTO_BYTES // MB} MB: nothing was saved."
# The server's peak memory may grow by this much while 200 MB are sent to a photo's URL: a tenth of what
# was sent. Reading the body whole (as main did) grows it by the whole 200 MB.
MEMORY_BOUND = 20 * MB


def jpeg() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (640, 480), "green").save(out, "JPEG")
    return out.getvalue()


def served(tmp_path: Path) -> tuple[Server, str, Path]:
    """The real server on a data folder with a game under way, this machine's browser its host, the system's
    temporary folder one of its own (TMPDIR) to be listed; the game's id and that folder."""
    store = GameStore(tmp_path / "data")
    game_id = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id
    store.close()
    temp = tmp_path / "system-tmp"
    temp.mkdir()
    env = {"TABLESIDE_PIN": "", "TABLESIDE_LOCAL_IS_HOST": "1", "TMPDIR": str(temp)}
    return Server(tmp_path / "data", env=env).start(), game_id, temp


def leftovers(server: Server, temp: Path) -> list[str]:
    """Every file of an upload still on disk: anything in the data folder's tmp/, an upload's file in the system's
    temporary folder (where Flet also writes the page it serves, index.html and the like)."""
    found = [p for p in (server.data / "tmp").rglob("*") if p.is_file()]
    found += [p for p in temp.rglob("*") if p.is_file() and "upload" in str(p.relative_to(temp))]
    return [str(p) for p in found]


def stored_photos(server: Server) -> list[str]:
    return sorted(p.name for p in (server.data / "photos").glob("*") if p.is_file())


def peak_memory(pid: int) -> int:
    """The process's peak resident memory (VmHWM), in bytes."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise LookupError("no VmHWM")


async def photo_page(server: Server, game_id: str) -> Client:
    return await Client.open(f"ws://127.0.0.1:{server.port}/ws", route=f"/play/{game_id}")


async def says(client: Client, words: str) -> bool:
    """Whether a text with `words` in it arrives within 30 s (the play screen's clock ticks: never quiet, so not `drain`)."""
    return await client.shown(lambda text: words in text, timeout=30)


# How the first PUT's URL ended: its photo saved, its body refused past the limit, its upload called off.
ENDINGS = ["saved", "refused", "cancelled"]


@pytest.mark.parametrize("ending", ENDINGS)
def test_an_upload_url_takes_one_file_and_a_replayed_put_is_refused_before_a_byte_is_kept(tmp_path, ending):
    server, game_id, temp = served(tmp_path)

    async def replay() -> tuple[int | None, int, list[str], list[str]]:
        client = await photo_page(server, game_id)
        url = server.url + await client.choose("tableau.jpg", len(jpeg()))
        if ending == "saved":
            first = await asyncio.to_thread(put, url, jpeg())
            await client.report("tableau.jpg", first)
            assert await says(client, "Photo saved."), client.texts()[-20:]
        elif ending == "refused":  # the browser said a small size and sent more than a photo may be, chunked
            first = await asyncio.to_thread(put, url, MAX_PHOTO_BYTES + MB, chunked=True)
            await client.report("tableau.jpg", first)
            assert await says(client, TOO_LARGE), client.texts()[-20:]
        else:  # the browser reports the upload failed before it was sent (the pick called off)
            await client.report("tableau.jpg", None)
            assert await says(client, "did not arrive"), client.texts()[-20:]
            first = None
        photos_before = stored_photos(server)
        again = await asyncio.to_thread(put, url, 5 * MB)  # the same URL, another file
        await client.close()
        return first, again, photos_before, leftovers(server, temp)

    try:
        first, again, photos_before, left = asyncio.run(replay())
        photos_after = stored_photos(server)
    finally:
        server.stop()
    assert first in {"saved": (200,), "refused": (413, None), "cancelled": (None,)}[ending], first  # None: cut off mid-way
    assert again is not None and 400 <= again < 500, again
    assert left == [] and photos_after == photos_before and len(photos_after) == (1 if ending == "saved" else 0)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the server's memory from /proc")
@pytest.mark.parametrize("chunked", [True, False], ids=["chunked", "size said"])
def test_200_mb_sent_to_a_photos_url_is_cut_off_at_its_limit_and_never_held_in_memory(tmp_path, chunked):
    """The browser states a 1 MB photo, then sends 200 MB (chunked: no size said; or the size said in
    Content-Length), and reports the upload done: the server stops reading at 20 MB, keeps nothing, and
    says the photo is too large under the button."""
    server, game_id, temp = served(tmp_path)
    assert server.proc is not None

    async def send() -> tuple[int, int | None, bool, int, list[str]]:
        client = await photo_page(server, game_id)
        url = server.url + await client.choose("huge.jpg", MB)
        before = peak_memory(server.proc.pid)
        status = await asyncio.to_thread(put, url, 200 * MB, chunked=chunked)
        await client.report("huge.jpg", 200 if status == 200 else status)  # an attacker's client says done either way
        said = await says(client, TOO_LARGE)
        await client.close()
        return before, status, said, peak_memory(server.proc.pid), leftovers(server, temp)

    try:
        before, status, said, after, left = asyncio.run(send())
    finally:
        server.stop()
    assert after - before < MEMORY_BOUND, f"the server's peak memory grew by {(after - before) / MB:.0f} MB"
    assert status in (413, None), status  # cut off (None: the connection was closed on the rest of the body)
    assert said, "no words at the control"
    assert left == [] and stored_photos(server) == []
    assert "Traceback" not in server.output()


def test_what_a_crash_left_in_the_data_folders_tmp_is_removed_at_the_next_start(tmp_path):
    """A server killed while a photo is on its way: its part-file stays in <data>/tmp/uploads (and nowhere
    else) until the next start, which removes it, with anything else left there."""
    server, game_id, temp = served(tmp_path)
    uploads = server.data / "tmp" / "uploads"

    async def start_sending():
        client = await photo_page(server, game_id)
        url = server.url + await client.choose("tableau.jpg", 8 * MB)
        hanging = await asyncio.to_thread(put, url, 8 * MB, stop_after=3 * MB)
        return client, hanging

    _client, hanging = asyncio.run(start_sending())  # the page stays open: its session keeps its upload
    try:
        deadline = time.monotonic() + 20
        while not [p for p in uploads.glob("*") if p.stat().st_size > 0] and time.monotonic() < deadline:
            time.sleep(0.05)
        partial = leftovers(server, temp)
        assert server.stop(signal.SIGKILL, within=5) is not None
    finally:
        hanging.close()
        server.stop()
    assert len(partial) == 1 and Path(partial[0]).parent == uploads, partial  # the data folder's, not the system's
    assert Path(partial[0]).exists()  # what the crash left
    (uploads / "older.upload").write_bytes(b"x" * 1000)  # and what another crash did
    again = Server(server.data, env=server.env).start()
    try:
        left = leftovers(again, temp)
    finally:
        again.stop()
    assert left == []
