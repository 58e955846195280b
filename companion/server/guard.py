"""What the server lets in and what it tells browsers: an ASGI middleware in front of Flet's app.

- A request must name this server (its Host is one of our own addresses or names, or the host of
  `serve --public-url`, the proxy's address): a page whose name was re-pointed at 127.0.0.1 (DNS
  rebinding) is refused.
- A websocket from a browser page must come from our own origin (http:// and one of those hosts,
  or the public URL's origin, https:// behind HTTPS): another site open in the same browser cannot
  drive the app (browsers always send Origin on websockets; a client without
  one is not a browser page, and could send any Origin it liked anyway).
- No `Access-Control-Allow-Origin: *` (Flet adds it); a Content-Security-Policy that lets the page
  load and connect to this server only (which also stops Flet's client asking a CDN for
  rive_native.js), no framing, no MIME sniffing, no Referer.
- A path not in its one form (a doubled slash, a backslash, `%2F`, a dot segment) is sent once to that
  form, read from the raw path: always a path on this server, never redirected again (canonical_path.py).
- Who the client is: the address of the connection (the ASGI scope's `client`; no proxy
  headers), handed to the app in identity.TRANSPORT_ADDRESS before it reads a message.
- Flet's protocol (its message actions, the registration's fields) and the trial of a page
  snapshot come from flet_seams.py.
- What the client may write: Flet applies a client's UPDATE_CONTROL_PROPS (and the page snapshot
  of REGISTER_CLIENT) to any property of any control, private ones included. The properties the
  server decides (the page's client_ip and client_user_agent, anything whose name starts with
  "_", such as a control's id) are taken out of every such frame before Flet sees it.
- The first frame must be Flet's REGISTER_CLIENT, arrive within FIRST_FRAME_WITHIN seconds, be at
  most FIRST_FRAME_MAX bytes and be one Flet can apply; anything else closes the connection at
  once and stops its handler (Flet's would wait forever, holding its place and memory). A second
  REGISTER_CLIENT on the same connection (Flet would make a new session, never freed) closes it.
- Open websockets are limited per device (identity.device_of; this machine's loopback browsers
  apart, with their own share), all other devices together at MAX_SOCKETS; an app still running
  REAP_AFTER seconds after its client left is cancelled: Flet's handler waits forever when a
  websocket closes before registering, which also held up the server's stop. A registered
  session's handler ends by itself (and must: only then does Flet mark its session disconnected,
  so that the browser can resume it), so it gets REAP_REGISTERED_AFTER seconds.
- A client that leaves is a normal event (a reload, a closed tab, a phone asleep). What is still
  sent to it is dropped (`gone_sender`): otherwise Flet's send loop dies with the client's
  disconnect (ClientDisconnected, InvalidState "connection is closing"), its receive loop then
  fails on a socket it believes closed, and its handler ends with an exception before it marks
  the session disconnected. That session then stayed attached to a dead connection for good: the
  reloaded page could not resume it (a fresh session: the PIN asked again), and it kept hearing
  of every change. The departure is logged once, at info, without a traceback.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
from collections import Counter
from collections.abc import Iterable
from typing import Any

import msgpack

from companion.access.identity import TRANSPORT_ADDRESS, device_of, is_loopback
from companion.server import canonical_path
from companion.server.flet_seams import REGISTER_CLIENT, REGISTER_FIELDS, UPDATE_CONTROL_PROPS, trial_page_patch
from companion.server.public_url import PublicUrl

log = logging.getLogger("tableside")

MAX_SOCKETS_PER_ADDRESS = 24  # a table's devices each hold one or two
MAX_SOCKETS = 512  # every device but this machine together
# This machine's own browsers (loopback), apart from the others; a benchmark of many tables played
# from this machine (bench/club.py) raises it with TABLESIDE_LOCAL_SOCKETS.
MAX_LOCAL_SOCKETS = int(os.environ.get("TABLESIDE_LOCAL_SOCKETS", "64"))
FIRST_FRAME_WITHIN = 5.0  # seconds from the websocket's opening to Flet's REGISTER_CLIENT
FIRST_FRAME_MAX = 64 * 1024  # bytes: a REGISTER_CLIENT is a few hundred
REAP_AFTER = 1.0  # seconds an app may run after its websocket closed (Flet needs milliseconds)
REAP_REGISTERED_AFTER = 10.0  # the same for a registered session (it ends by itself; a busy server is slower)
STOP_WITHIN = 2  # seconds uvicorn waits for open connections when stopping (SIGTERM, Ctrl-C)
WS_MAX_SIZE = 1024 * 1024  # one websocket message: events are small; an imported file comes by upload (uploads.py)

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


SERVER_DECIDES = {"client_ip", "client_user_agent"}  # page properties only the server sets


class Cut(Exception):
    """The connection is closed: why, for the log."""


def client_gone_errors() -> tuple[type[BaseException], ...]:
    """What a send or a receive raises when the client has left: the socket's own errors (uvicorn's
    ClientDisconnected is an OSError), starlette's and those of the websocket library uvicorn uses."""
    from starlette.websockets import WebSocketDisconnect

    errors: list[type[BaseException]] = [OSError, WebSocketDisconnect]
    try:
        from websockets.exceptions import ConnectionClosed, InvalidState

        errors += [ConnectionClosed, InvalidState]
    except ImportError:  # uvicorn on wsproto
        pass
    try:
        from wsproto.utilities import LocalProtocolError

        errors.append(LocalProtocolError)
    except ImportError:
        pass
    return tuple(errors)


CLIENT_GONE = client_gone_errors()


def gone_sender(send, gone: asyncio.Event, said_gone):
    """`send`, dropping what is sent after the client left: a send that finds it gone sets `gone`
    and calls `said_gone(error)` instead of raising (see the module's docstring)."""

    async def send_unless_gone(message):
        if gone.is_set() and message["type"] in ("websocket.send", "websocket.close"):
            return
        try:
            await send(message)
        except CLIENT_GONE as e:
            if message["type"] not in ("websocket.send", "websocket.close"):
                raise  # the handshake itself: uvicorn reports it
            gone.set()
            said_gone(e)

    return send_unless_gone


def decode(data: bytes) -> Any:
    return msgpack.unpackb(data[1:], strict_map_key=False)


def action_of(data: bytes) -> int | None:
    """The action of a Flet frame, read from its first bytes only (a picked file may be megabytes)."""
    if data[:1] != b"\x00":
        return None
    try:
        unpacker = msgpack.Unpacker()
        unpacker.feed(data[1:32])  # the array's header and the action: a few bytes
        if unpacker.read_array_header() != 2:
            return None
        action = unpacker.unpack()
    except Exception:  # not msgpack: Flet's handler ends that session itself
        return None
    return action if isinstance(action, int) else None


def without_server_props(props: Any) -> tuple[Any, bool]:
    """`props` without what the client may not write, and whether anything was taken out."""
    if not isinstance(props, dict):
        return props, False
    kept, dropped = {}, False
    for name, value in props.items():
        if isinstance(name, str) and (name in SERVER_DECIDES or name.startswith("_")):
            dropped = True
            continue
        value, inner = without_server_props(value)
        kept[name], dropped = value, dropped or inner
    return kept, dropped


def scrubbed(data: bytes) -> bytes:
    """A client frame without writes to what the server decides (the same bytes when it has none)."""
    action = action_of(data)
    if action not in (REGISTER_CLIENT, UPDATE_CONTROL_PROPS):
        return data
    try:
        message = decode(data)
        body = message[1]
        key = "page" if action == REGISTER_CLIENT else "props"
        props, dropped = without_server_props(body.get(key))
    except Exception:
        return data  # malformed: Flet refuses it itself
    if not dropped:
        return data
    log.info("ignored a client's write to %s", sorted(set(body[key]) - set(props)) if isinstance(body.get(key), dict) else key)
    return b"\x00" + msgpack.packb([action, {**body, key: props}])


def first_frame_problem(message: dict) -> str:
    """Why the first frame of a websocket is not a REGISTER_CLIENT Flet can apply ("" when it is)."""
    data = message.get("bytes")
    if data is None:
        return "a text frame"
    if len(data) > FIRST_FRAME_MAX:
        return f"{len(data)} bytes"
    if action_of(data) != REGISTER_CLIENT:
        return "not REGISTER_CLIENT"
    try:
        body = decode(data)[1]
    except Exception as e:
        return f"undecodable: {type(e).__name__}"
    if not isinstance(body, dict) or set(body) != REGISTER_FIELDS or not isinstance(body["page"], dict):
        return "not a REGISTER_CLIENT body"
    if not all(body[k] is None or isinstance(body[k], str) for k in ("session_id", "page_name")):
        return "not a REGISTER_CLIENT body"
    return trial_page_patch(without_server_props(body["page"])[0])


class Guard:
    def __init__(
        self,
        app,
        hosts: set[str],
        max_sockets_per_address: int = MAX_SOCKETS_PER_ADDRESS,
        reap_after: float = REAP_AFTER,
        reap_registered_after: float = REAP_REGISTERED_AFTER,
        public: PublicUrl | None = None,
    ):
        self.app = app
        self.hosts = hosts
        self.public = public  # `serve --public-url`: its host and origin too, and its websocket in the policy
        self.max_sockets = max_sockets_per_address
        self.reap_after = reap_after
        self.reap_registered_after = reap_registered_after
        self.sockets: Counter[str] = Counter()  # open websockets per client address

    async def __call__(self, scope, receive, send):
        if scope["type"] not in ("http", "websocket"):
            return await self.app(scope, receive, send)
        headers = dict(scope.get("headers") or [])
        host = headers.get(b"host", b"").decode("latin-1").lower()
        origin = headers.get(b"origin", b"").decode("latin-1").lower()
        public = self.public is not None and host in self.public.hosts
        if host not in self.hosts and not public:
            return await self.refuse(scope, send, f"unknown host {host!r}")
        if origin and origin not in (f"http://{h}" for h in self.hosts) and not (self.public and origin == self.public.origin):
            return await self.refuse(scope, send, f"foreign origin {origin!r}")
        if scope["type"] == "http" and (location := canonical_path.redirect(scope)) is not None:
            return await self.moved(location, send)
        if scope["type"] == "http":
            websocket = self.public.websocket if public and self.public else f"ws://{host}"
            return await self.app(scope, receive, self.with_headers(send, websocket))
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

    async def moved(self, location: bytes, send) -> None:
        """A path not in its one form (`http://host:port//`, where Flet's client never connects: a blank grey
        page) is sent to that form, where the app answers (its own "not found" for an unknown one). The target
        is a path on this server that never redirects again (canonical_path.py)."""
        await send({"type": "http.response.start", "status": 308, "headers": [(b"location", location), *SECURITY_HEADERS]})
        await send({"type": "http.response.body", "body": b""})

    def with_headers(self, send, websocket: str):
        policy = CONTENT_SECURITY_POLICY.format(websocket=websocket).encode()

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in DROPPED_HEADERS]
                message = {**message, "headers": kept + SECURITY_HEADERS + [(b"content-security-policy", policy)]}
            await send(message)

        return send_with_headers

    def socket_share_taken(self, client: str) -> bool:
        device = device_of(client)
        if is_loopback(client):
            return sum(n for d, n in self.sockets.items() if d.startswith("local:")) >= MAX_LOCAL_SOCKETS
        if self.sockets[device] >= self.max_sockets:
            return True
        return sum(n for d, n in self.sockets.items() if not d.startswith("local:")) >= MAX_SOCKETS

    async def websocket(self, scope, receive, send) -> None:
        client = (scope.get("client") or ("",))[0]
        counted_as = f"local:{client}" if is_loopback(client) else device_of(client)
        if self.socket_share_taken(client):
            return await self.refuse(scope, send, "too many websockets")
        self.sockets[counted_as] += 1
        left = asyncio.Event()  # the client left, or was cut off
        gone = asyncio.Event()  # nothing more can reach the client: sends are dropped
        cut = False
        registered = False  # Flet's REGISTER_CLIENT passed: Flet holds a session for this socket
        frames = 0
        loop = asyncio.get_running_loop()
        opened_at = loop.time()
        said = False

        def said_gone(error: BaseException | None) -> None:
            nonlocal said
            if not said and not cut:
                said = True
                why = f" ({type(error).__name__} while sending)" if error is not None else ""
                log.info("a client left: %s%s", client, why)

        async def watched_receive():
            nonlocal cut, frames, registered
            if cut:
                return {"type": "websocket.disconnect", "code": 1008}
            try:
                if frames == 1:  # the first after websocket.connect: Flet's REGISTER_CLIENT, soon
                    remaining = max(0.0, opened_at + FIRST_FRAME_WITHIN - loop.time())
                    try:
                        message = await asyncio.wait_for(receive(), remaining)
                    except TimeoutError:
                        raise Cut(f"no first frame within {FIRST_FRAME_WITHIN:.0f} s") from None
                else:
                    message = await receive()
                frames += 1
                if message["type"] == "websocket.receive":
                    if frames == 2:
                        if problem := first_frame_problem(message):
                            raise Cut(f"first frame: {problem}")
                        registered = True
                    if message.get("bytes") is not None:
                        if frames > 2 and action_of(message["bytes"]) == REGISTER_CLIENT:
                            raise Cut("a second REGISTER_CLIENT")
                        message = {**message, "bytes": scrubbed(message["bytes"])}
            except Cut as why:
                log.warning("closed a websocket from %s: %s", client, why)
                cut = True
                left.set()
                try:
                    await send({"type": "websocket.close", "code": 1008})
                except Exception:
                    pass  # already closed by the client
                return {"type": "websocket.disconnect", "code": 1008}
            if message["type"] == "websocket.disconnect":
                left.set()
                gone.set()
                said_gone(None)
            return message

        token = TRANSPORT_ADDRESS.set(client)  # the app's task, and every task it starts, inherits it
        try:
            app = asyncio.ensure_future(self.app(scope, watched_receive, gone_sender(send, gone, said_gone)))
        finally:
            TRANSPORT_ADDRESS.reset(token)
        waiting = asyncio.ensure_future(left.wait())
        try:
            await asyncio.wait({app, waiting}, return_when=asyncio.FIRST_COMPLETED)
            if not app.done():  # the client left: the app gets a moment to finish, then is stopped
                patience = 0 if cut else (self.reap_registered_after if registered else self.reap_after)
                done, _ = await asyncio.wait({app}, timeout=patience)
                if not done:
                    if not cut:
                        log.info("stopped a websocket handler %.0f s after its client left", patience)
                    app.cancel()
            await asyncio.wait({app})
            error = None if app.cancelled() else app.exception()
            if error is not None:
                if (gone.is_set() or cut) and isinstance(error, CLIENT_GONE):
                    said_gone(error)  # the client's departure, seen by the app first: not an error of ours
                else:
                    raise error  # uvicorn reports it as before
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
            self.sockets[counted_as] -= 1
            if self.sockets[counted_as] <= 0:
                del self.sockets[counted_as]
