"""What the server lets in and what it tells browsers: an ASGI middleware in front of Flet's app.

- A request must name this server (its Host is one of our own addresses or names): a page whose
  name was re-pointed at 127.0.0.1 (DNS rebinding) is refused.
- A websocket from a browser page must come from our own origin: another site open in the
  same browser cannot drive the app (browsers always send Origin on websockets; a client without
  one is not a browser page, and could send any Origin it liked anyway).
- No `Access-Control-Allow-Origin: *` (Flet adds it); a Content-Security-Policy that lets the page
  load and connect to this server only (which also stops Flet's client asking a CDN for
  rive_native.js), no framing, no MIME sniffing, no Referer.
- Open websockets are limited per address (loopback excepted), and an app still running
  REAP_AFTER seconds after its client left is cancelled: Flet's handler waits forever when a
  websocket closes before registering, which also held up the server's stop.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
from collections import Counter
from collections.abc import Iterable

log = logging.getLogger("tableside")

MAX_SOCKETS_PER_ADDRESS = 24  # a table's devices each hold one or two
REAP_AFTER = 1.0  # seconds an app may run after its websocket closed (Flet needs milliseconds)
STOP_WITHIN = 2  # seconds uvicorn waits for open connections when stopping (SIGTERM, Ctrl-C)
MAX_IMPORT_BYTES = 4 * 1024 * 1024  # a file the transfer screen imports (thousands of games)
WS_MAX_SIZE = MAX_IMPORT_BYTES + 2 * 1024 * 1024  # one websocket message: a picked file travels in one

# Measured in Chromium against Flet 1.0.5's client (tests/security/test_browser.py): index.html has
# inline scripts ('unsafe-inline'), Flutter compiles wasm ('wasm-unsafe-eval') and runs a worker from
# a blob. The PIN and home screens also ran without the blob:/data: sources; they are kept for what
# was not measured (images from bytes such as the invite QR code, downloads). None is another origin.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' blob:",
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "font-src 'self' data: blob:",
        "media-src 'self' data: blob:",
        "worker-src 'self' blob:",
        "connect-src 'self' {websocket} data: blob:",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
SECURITY_HEADERS = [
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
DROPPED_HEADERS = {
    b"access-control-allow-origin",
    b"content-security-policy",
    b"x-frame-options",
    b"referrer-policy",
    b"x-content-type-options",
}


def own_hosts(port: int, addresses: Iterable[str], names: Iterable[str] = ()) -> set[str]:
    """Every `host[:port]` by which a browser may reach this server (lower case)."""
    hosts = {"127.0.0.1", "localhost", "[::1]"}
    for a in addresses:
        try:
            hosts.add(f"[{a}]" if ipaddress.ip_address(a).version == 6 else a)
        except ValueError:
            hosts.add(a)
    hosts.update(n for n in names if n)
    hosts = {h.lower() for h in hosts}
    with_port = {f"{h}:{port}" for h in hosts}
    return with_port | (hosts if port == 80 else set())  # a browser leaves out port 80


def is_loopback(address: str) -> bool:
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


class Guard:
    def __init__(self, app, hosts: set[str], max_sockets_per_address: int = MAX_SOCKETS_PER_ADDRESS, reap_after: float = REAP_AFTER):
        self.app = app
        self.hosts = hosts
        self.max_sockets = max_sockets_per_address
        self.reap_after = reap_after
        self.sockets: Counter[str] = Counter()  # open websockets per client address

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        origin = headers.get(b"origin", b"").decode("latin-1").lower()
        if host not in self.hosts:
            return await self.refuse(scope, send, f"unknown host {host!r}")
        if origin and origin not in (f"http://{h}" for h in self.hosts):
            return await self.refuse(scope, send, f"foreign origin {origin!r}")
        if scope["type"] == "http":
            return await self.app(scope, receive, self.with_headers(send, host))
        return await self.websocket(scope, receive, send)

    async def refuse(self, scope, send, why: str) -> None:
        client = (scope.get("client") or ("?",))[0]
        log.warning("refused %s from %s: %s", scope["type"], client, why)
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})  # before accept: the handshake gets 403
            return
        await send(
            {"type": "http.response.start", "status": 403, "headers": [(b"content-type", b"text/plain; charset=utf-8"), *SECURITY_HEADERS]}
        )
        await send({"type": "http.response.body", "body": b"Forbidden\n"})

    def with_headers(self, send, host: str):
        policy = CONTENT_SECURITY_POLICY.format(websocket=f"ws://{host}").encode()

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED_HEADERS]
                message = {**message, "headers": kept + SECURITY_HEADERS + [(b"content-security-policy", policy)]}
            await send(message)

        return send_with_headers

    async def websocket(self, scope, receive, send) -> None:
        client = (scope.get("client") or ("",))[0]
        counted = not is_loopback(client)
        if counted and self.sockets[client] >= self.max_sockets:
            return await self.refuse(scope, send, f"more than {self.max_sockets} websockets")
        if counted:
            self.sockets[client] += 1
        left = asyncio.Event()

        async def watched_receive():
            message = await receive()
            if message["type"] == "websocket.disconnect":
                left.set()
            return message

        app = asyncio.ensure_future(self.app(scope, watched_receive, send))
        waiting = asyncio.ensure_future(left.wait())
        try:
            await asyncio.wait({app, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if not app.done():  # the client left: the app gets a moment to finish, then is stopped
                done, _ = await asyncio.wait({app}, timeout=self.reap_after)
                if not done:
                    log.info("stopped a websocket handler %.0f s after its client left", self.reap_after)
                    app.cancel()
            await asyncio.wait({app})
            if not app.cancelled() and app.exception() is not None:
                raise app.exception()  # uvicorn reports it as before
        except asyncio.CancelledError:
            # The server is stopping and gave up waiting: the connection ends here, quietly
            # (uvicorn would log a traceback for every connection cancelled).
            current = asyncio.current_task()
            if current is not None:  # always: this runs in a task
                current.uncancel()
        finally:
            for task in (app, waiting):
                if not task.done():
                    task.cancel()
            if counted:
                self.sockets[client] -= 1
                if self.sockets[client] <= 0:
                    del self.sockets[client]
