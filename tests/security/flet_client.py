"""A browser's part of Flet's websocket protocol, as far as the attacks need it: register a session,
find a control in what the server sends, type into it and fire its events."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import msgpack
import websockets
from flet.messaging.protocol import decode_ext_from_msgpack

REGISTER_CLIENT, PATCH_CONTROL, CONTROL_EVENT, UPDATE_CONTROL_PROPS, INVOKE_METHOD = 1, 2, 3, 4, 5
BUTTON_KINDS = {"Button", "FilledButton", "OutlinedButton", "TextButton", "FilledTonalButton", "IconButton"}


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

    def __init__(self, ws, browser_storage: dict | None = None):
        self.ws = ws
        self.received: list = []
        self.session_id = ""
        # Given: the client answers as Flutter's does what the server asks of the browser (its
        # SharedPreferences, kept in this dict, and push_route, the router's part); else it answers nothing.
        self.storage = browser_storage

    @classmethod
    async def open(
        cls,
        ws_url: str,
        route: str = "/",
        headers: dict | None = None,
        origin: str | None = None,
        browser_storage: dict | None = None,
        source: str | None = None,
        stop_at: str | Callable[[str], bool] | None = None,
    ):
        """`source`: the address the connection comes from (another device, in a network namespace: netns.py).
        `stop_at`: a text that ends the first screen's wait as soon as it is received (see `drain`)."""
        where = {"local_addr": (source, 0)} if source else {}
        ws = await websockets.connect(ws_url, additional_headers=headers or {}, origin=origin, max_size=None, **where)
        client = cls(ws, browser_storage)
        await ws.send(pack(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"route": route, "width": 390, "height": 844}}))
        reply = await client.next()
        client.session_id = reply[1]["session_id"]
        await client.next(30)  # the first screen
        await client.drain(stop_at=stop_at)
        return client

    async def next(self, timeout: float = 10) -> list:
        message = unpack(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(message)
        if self.storage is not None and message[0] == INVOKE_METHOD:
            await self.answer(message[1])
        return message

    async def answer(self, asked: dict) -> None:
        """What Flutter's client answers to an INVOKE_METHOD: the browser's storage, and the router."""
        name, args = asked.get("name"), asked.get("args") or {}
        storage = self.storage if self.storage is not None else {}
        result: Any = None
        if name == "get":
            result = storage.get(args.get("key"))
        elif name == "set":
            storage[args["key"]], result = args["value"], True
        elif name == "remove":
            result = storage.pop(args.get("key"), None) is not None
        reply = {"control_id": asked["control_id"], "call_id": asked["call_id"], "result": result, "error": None}
        await self.ws.send(pack(INVOKE_METHOD, reply))
        if name == "push_route":  # the router: the new route, then its event
            await self.ws.send(pack(UPDATE_CONTROL_PROPS, {"id": 1, "props": {"route": args["route"]}}))
            await self.ws.send(pack(CONTROL_EVENT, {"target": 1, "name": "route_change", "data": {"route": args["route"]}}))

    async def click(self, control: int, quiet: float = 0.5) -> None:
        """A click event on `control` (a crafted one, if this session was never shown it); waits for the answer."""
        await self.ws.send(pack(CONTROL_EVENT, {"target": control, "name": "click", "data": None}))
        await self.drain(quiet)

    async def shown(self, text: str | Callable[[str], bool], since: int = 0, timeout: float = 20) -> bool:
        """Whether `text` (or a text `text` accepts) arrives in a message from index `since` of `received` on,
        within `timeout` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        said = text if callable(text) else text.__eq__
        while not any(said(t) for t in strings(self.received[since:])):
            if loop.time() >= deadline:
                return False
            try:
                await self.next(max(0.01, deadline - loop.time()))
            except TimeoutError:
                return False
        return True

    def button(self, name: str) -> int:
        """The id of the button whose accessible name is `name` (its text, or its content's semantics label)."""
        for d in walk(list(reversed(self.received))):  # the newest first: a screen drawn again has new controls
            if d.get("_c") in BUTTON_KINDS and name in (d.get("content"), d.get("text")):
                return d["_i"]
            content = d.get("content")
            if d.get("_c") in BUTTON_KINDS and isinstance(content, dict) and name in (content.get("semantics_label"), content.get("value")):
                return d["_i"]
        raise LookupError(f"no button {name!r} was sent; texts: {self.texts()[:30]}")

    async def drain(self, quiet: float = 0.5, stop_at: str | Callable[[str], bool] | None = None) -> None:
        """Read until the server has been quiet for `quiet` seconds, or until `stop_at` (a text, or a test
        of each text) has been received: for a check that only asks whether such a text was sent, as what
        comes after it cannot unsay it."""
        said = stop_at if callable(stop_at) else (lambda text: text == stop_at)
        while stop_at is None or not any(said(text) for text in strings(self.received)):
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

    async def type_and_submit(self, control: int, value: str, stop_at: str | Callable[[str], bool] | None = None) -> None:
        """Type `value` into a text field and press Enter; wait for the server's answer. With `stop_at` (see
        `drain`), read until it is received, through up to 15 s of quiet: the answer may wait on the PIN's hash."""
        await self.ws.send(pack(UPDATE_CONTROL_PROPS, {"id": control, "props": {"value": value}}))
        await self.ws.send(pack(CONTROL_EVENT, {"target": control, "name": "change", "data": value}))  # as a browser does
        await self.ws.send(pack(CONTROL_EVENT, {"target": control, "name": "submit", "data": None}))
        await self.next(30)
        await self.drain(quiet=0.5 if stop_at is None else 15, stop_at=stop_at)

    async def until(self, found, timeout: float = 30) -> list:
        """Read until a message `found` accepts arrives; that message."""
        while True:
            message = await self.next(timeout)
            if found(message):
                return message

    async def hand_over(self, http_url: str, name: str, data: bytes, said_size: int | None = None) -> int:
        """What the browser does once a file is chosen in the Import button's picker: say which file,
        answer the server's request to upload it, upload it (an HTTP PUT to the URL it was given) and report
        the upload's end (or its failure). The upload's HTTP status."""
        upload_url = await self.choose(name, len(data) if said_size is None else said_size)
        status = await asyncio.to_thread(put, http_url + upload_url, data)
        await self.report(name, status)
        return status

    async def choose(self, name: str, size: int, picker: int | None = None) -> str:
        """A file chosen in `picker` (the first one sent): its name and the size the browser states. The
        upload URL the server then hands the picker (a path on this server)."""
        picker = self.control("FilePicker") if picker is None else picker
        chosen = {"files": [{"id": 0, "name": name, "size": size}]}
        await self.ws.send(pack(CONTROL_EVENT, {"target": picker, "name": "result", "data": chosen}))
        _, asked = await self.until(lambda m: m[0] == INVOKE_METHOD and m[1].get("name") == "upload")
        answer = {"control_id": asked["control_id"], "call_id": asked["call_id"], "result": None, "error": None}
        await self.ws.send(pack(INVOKE_METHOD, answer))
        return asked["args"]["files"][0]["upload_url"]

    async def report(self, name: str, status: int | None, picker: int | None = None) -> None:
        """What Flet's client reports on the picker once its PUT ended: done (200), or the failure (None: the
        connection broke, as a browser's XMLHttpRequest reports it)."""
        picker = self.control("FilePicker") if picker is None else picker
        if status == 200:
            report: dict = {"file_name": name, "progress": 1.0}
        else:
            error = "XMLHttpRequest error." if status is None else f"Upload endpoint returned code {status}"
            report = {"file_name": name, "error": error}
        await self.ws.send(pack(CONTROL_EVENT, {"target": picker, "name": "upload", "data": report}))

    async def close(self) -> None:
        await self.ws.close()


def put(
    url: str, body: bytes | int, said_size: int | None = None, chunked: bool = False, part: int = 256 * 1024, stop_after: int | None = None
):
    """An HTTP PUT as a browser or an attacker's client sends it, a part at a time: `body` is the bytes, or how
    many bytes to send (never held whole here). Content-Length says `said_size` (by default the body's size),
    or the body is `chunked` (no size said). Sending stops as soon as the server answers. The status (None:
    the connection broke before an answer could be read). `stop_after`: send that many bytes, then return
    the open socket instead (a client that hangs on)."""
    import select
    import socket
    from urllib.parse import urlsplit

    size = body if isinstance(body, int) else len(body)
    where = urlsplit(url)
    sock = socket.create_connection((where.hostname, where.port), timeout=60)
    framing = "Transfer-Encoding: chunked" if chunked else f"Content-Length: {size if said_size is None else said_size}"
    head = f"PUT {where.path}?{where.query} HTTP/1.1\r\nHost: {where.netloc}\r\n{framing}\r\n\r\n"
    filler = b"\xff" * part
    sent = 0
    try:
        sock.sendall(head.encode())
        while sent < size:
            if select.select([sock], [], [], 0)[0]:
                break  # the server answered (or closed) before the end
            n = min(part, size - sent)
            piece = filler[:n] if isinstance(body, int) else body[sent : sent + n]
            sock.sendall(b"%x\r\n%s\r\n" % (n, piece) if chunked else piece)
            sent += n
            if stop_after is not None and sent >= stop_after:
                return sock
        else:
            if chunked:
                sock.sendall(b"0\r\n\r\n")
    except OSError:
        pass  # the server stopped reading: its answer may still be there
    try:
        answer = sock.recv(4096)
        return int(answer.split(b" ", 2)[1]) if answer.startswith(b"HTTP/1.1 ") else None
    except OSError:
        return None
    finally:
        sock.close()


class Raw:
    """A websocket spoken by hand, for what a browser never sends: frames written exactly as given
    (several in one write, malformed, oversized or none at all), from a chosen source address.
    Blocking, and every wait is bounded by `timeout`."""

    def __init__(self, port: int, source: str = "127.0.0.1", server: str = "127.0.0.1", host: str | None = None, timeout: float = 10):
        import base64
        import os
        import socket

        self.sock = socket.socket(socket.AF_INET6 if ":" in server else socket.AF_INET)
        self.sock.settimeout(timeout)
        self.sock.bind((source, 0))
        self.sock.connect((server, port))
        self.timeout = timeout
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET /ws HTTP/1.1\r\nHost: {host or f'127.0.0.1:{port}'}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        self.buffer = b""
        while b"\r\n\r\n" not in self.buffer:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the handshake")
            self.buffer += chunk
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.status = int(head.split(b" ", 2)[1])
        self.received: list = []
        self.closed = False

    @staticmethod
    def frame(payload: bytes, opcode: int = 2) -> bytes:
        """One masked client frame (opcode 2: binary, 1: text)."""
        import os
        import struct

        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))

    def send(self, *frames: bytes) -> None:
        """Every frame in one write (`frame()` them first)."""
        self.sock.sendall(b"".join(frames))

    def _read(self, n: int) -> bytes:
        while len(self.buffer) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def read_frame(self) -> tuple[int, bytes]:
        import struct

        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._read(8))[0]
        return b0 & 0x0F, self._read(n)

    def read(self, quiet: float = 1.0, until: float = 30.0, first: bool = False, stop: Callable[[list[str]], bool] | None = None) -> list:
        """Flet messages until the server is quiet for `quiet` seconds (at most `until`) or closes.
        `first`: the quiet counts only after the first message (a busy server may take longer to answer).
        `stop`: a test of the texts this read has received; once it holds, read no further (no quiet to wait for)."""
        import time

        deadline = time.monotonic() + until
        got = []
        while not self.closed and time.monotonic() < deadline:
            wait = deadline - time.monotonic() if first and not got else quiet
            self.sock.settimeout(min(wait, max(0.01, deadline - time.monotonic())))
            try:
                opcode, payload = self.read_frame()
            except TimeoutError:
                break
            except (ConnectionError, OSError):
                self.closed = True
                break
            if opcode == 8:
                self.closed = True
            elif opcode == 2 and payload[:1] == b"\x00":
                got.append(unpack(payload))
                if stop is not None and stop(list(strings(got))):
                    break
        self.sock.settimeout(self.timeout)
        self.received += got
        return got

    def closed_within(self, seconds: float) -> bool:
        """Whether the server closes this connection within `seconds` (whatever it sends first)."""
        import time

        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            self.read(quiet=0.2, until=max(0.01, deadline - time.monotonic()))
        return self.closed

    def texts(self) -> list[str]:
        return list(strings(self.received))

    def control(self, kind: str, **props) -> int:
        for d in walk(self.received):
            if d.get("_c") == kind and all(d.get(k) == v for k, v in props.items()):
                return d["_i"]
        raise LookupError(f"no {kind} {props} was sent; texts: {self.texts()[:20]}")

    def close(self) -> None:
        self.sock.close()


def register(route: str = "/", page: dict | None = None) -> bytes:
    """REGISTER_CLIENT as Flet's client sends it, with any extra page props."""
    return pack(REGISTER_CLIENT, {"session_id": "", "page_name": "", "page": {"route": route, "width": 390, "height": 844, **(page or {})}})


def page_write(props: dict, control: int = 1) -> bytes:
    """UPDATE_CONTROL_PROPS: the client writing properties of a control (1: the page)."""
    return pack(UPDATE_CONTROL_PROPS, {"id": control, "props": props})


def event(control: int, name: str, data: Any = None) -> bytes:
    return pack(CONTROL_EVENT, {"target": control, "name": name, "data": data})
