"""The upload route: `PUT /upload?f=<name>`, where a browser's file picker sends the file a screen asked
for (server/uploads.py issues the names, ui/widgets/picked_file.py hands the URL to the picker).

- Only a name whose ticket waits for its one PUT is taken (else 403, before a byte is read); the PUT
  claims it, so a second PUT to the same URL, at once or later, is refused.
- The ticket's own limit (a photo 20 MB, an import 32 or 320 MB) holds while the bytes arrive: a body
  declared larger is refused before it is read, one that grows past it is cut off there (413), a client
  that stops sending for STALLED_SECONDS or leaves is let go; nothing of such a body stays on disk.
- The body is streamed to its file a megabyte at a time (the writes in a worker thread): never held whole
  in memory, and the event loop never waits on the disk.
- A full disk is said in words (507), never a traceback.

The route sits inside the guard (server/guard.py: known Host headers, the security headers).
"""

from __future__ import annotations

import asyncio
import logging
from urllib.parse import parse_qs

from companion.server.uploads import NotIssued, Uploads

log = logging.getLogger("tableside")

WRITE_BYTES = 1024 * 1024  # gathered before each write: a few thousand writes for the largest file, not one per packet
STALLED_SECONDS = 120.0  # no byte for this long: the client is let go (its ticket's place comes back)


class Refused(Exception):
    """The body is not kept: the status and words of the answer."""

    def __init__(self, status: int, words: str, cut_off: bool = False):
        super().__init__(words)
        self.status, self.words, self.cut_off = status, words, cut_off


class Gone(Exception):
    """The client left before its body ended: nobody to answer."""


class UploadRoute:
    """ASGI middleware: answers `path`, passes everything else to the app."""

    def __init__(self, app, uploads: Uploads, path: str = "/upload"):
        self.app, self.uploads, self.path = app, uploads, path

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["path"] != self.path:
            await self.app(scope, receive, send)
            return
        try:
            await self.receive_file(scope, receive)
        except Refused as refused:
            await answer(send, refused.status, refused.words)
        except Gone:
            return
        else:
            await answer(send, 200, "Received.")

    async def receive_file(self, scope, receive) -> None:
        if scope.get("method") != "PUT":
            raise Refused(405, "Files come by PUT.")
        names = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("f", [])
        if len(names) != 1:
            raise Refused(400, "Which file? The URL names none.")
        name = names[0]
        try:
            file, limit = self.uploads.begin(name)
        except NotIssued:
            raise Refused(403, "This URL takes no file (it took one already, or it expired).") from None
        except OSError as e:
            log.warning("an upload could not be started: %s", e)
            raise Refused(507, "The server could not store the file.") from None
        try:
            with file:
                await self.stream(scope, receive, name, file, limit)
        except BaseException as ended:  # refused, cut off, gone, cancelled at stop: nothing of it stays
            self.uploads.refused(name, cut_off=isinstance(ended, Refused) and ended.cut_off)
            if isinstance(ended, OSError):
                log.warning("an upload could not be stored: %s", ended)
                raise Refused(507, "The server's disk is full or cannot be written: the file was not stored.") from None
            raise
        if not self.uploads.arrived(name):
            raise Refused(410, "This upload was cancelled.")

    async def stream(self, scope, receive, name: str, file, limit: int) -> None:
        """The body into `file`, checked at every part: its size, and that its ticket still waits for it."""
        too_big = Refused(413, f"Larger than this upload's limit of {limit // (1024 * 1024)} MB: not stored.", cut_off=True)
        declared = content_length(scope)
        if declared is not None and declared > limit:
            raise too_big
        size, pending, more = 0, bytearray(), True
        while more:
            try:
                message = await asyncio.wait_for(receive(), STALLED_SECONDS)
            except TimeoutError:
                raise Refused(408, "No part of the file came for two minutes: not stored.") from None
            if message["type"] == "http.disconnect":
                raise Gone
            body, more = message.get("body", b""), message.get("more_body", False)
            size += len(body)
            if size > limit:
                raise too_big
            if not self.uploads.receiving(name):
                raise Refused(410, "This upload was cancelled or expired.")
            pending += body
            if len(pending) >= WRITE_BYTES or (pending and not more):
                await asyncio.to_thread(file.write, pending)
                pending.clear()


def content_length(scope) -> int | None:
    for key, value in scope.get("headers") or ():
        if key.lower() == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def answer(send, status: int, words: str) -> None:
    headers = [(b"content-type", b"text/plain; charset=utf-8")]
    if status >= 400:
        headers.append((b"connection", b"close"))  # the rest of a refused body is not read
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": words.encode()})
