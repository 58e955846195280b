"""A client that leaves while the server sends to it (a reload, a closed tab) is a normal event: the
app's handler ends as for any departure (so Flet marks its session disconnected and the browser can
resume it), the guard raises nothing (no traceback from uvicorn) and says it once, at info."""

from __future__ import annotations

import asyncio
import logging

from uvicorn.protocols.utils import ClientDisconnected
from websockets.exceptions import InvalidState

from companion.server import quiet_log
from companion.server.guard import Guard

HOSTS = {"127.0.0.1:8550"}
SCOPE = {"type": "websocket", "client": ("127.0.0.1", 5000), "headers": [(b"host", b"127.0.0.1:8550")]}


def flet_like_app(ended: list[str]):
    """Like Flet's handler: a send loop and a receive loop; the handler's end is reached only when neither raised."""

    async def app(scope, receive, send):
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        queue: asyncio.Queue = asyncio.Queue()

        async def send_loop():
            while (data := await queue.get()) is not None:
                await send({"type": "websocket.send", "bytes": data})

        sending = asyncio.create_task(send_loop())
        for _ in range(3):
            queue.put_nowait(b"\x00screen")
        while (await receive())["type"] != "websocket.disconnect":
            pass
        await queue.put(None)
        await sending
        ended.append("disconnect_session")  # where Flet marks the session disconnected

    return app


def serve_once(error: BaseException) -> tuple[list[str], list[logging.LogRecord]]:
    """One connection whose client leaves while the app sends: each send raises `error`."""
    ended: list[str] = []
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger = logging.getLogger("tableside")
    logger.addHandler(handler)
    old_level = logger.level
    logger.setLevel(logging.INFO)

    async def run():
        incoming: asyncio.Queue = asyncio.Queue()
        incoming.put_nowait({"type": "websocket.connect"})
        accepted = asyncio.Event()

        async def receive():
            return await incoming.get()

        async def send(message):
            if message["type"] == "websocket.accept":
                accepted.set()
                return
            incoming.put_nowait({"type": "websocket.disconnect", "code": 1001})  # the client is gone by now
            raise error

        await asyncio.wait_for(Guard(flet_like_app(ended), HOSTS)(dict(SCOPE), receive, send), 5)

    try:
        asyncio.run(run())
    finally:
        logger.removeHandler(handler)
        logger.setLevel(old_level)
    return ended, records


def test_a_send_that_finds_the_client_gone_ends_the_handler_as_a_departure():
    for error in (ClientDisconnected(), InvalidState("connection is closing"), ConnectionResetError()):
        ended, records = serve_once(error)
        assert ended == ["disconnect_session"], error
        said = [r for r in records if "left" in r.getMessage()]
        assert len(said) == 1 and said[0].levelno == logging.INFO and said[0].exc_info is None, [r.getMessage() for r in records]


def test_an_error_of_the_app_itself_is_still_raised():
    async def broken(scope, receive, send):
        await receive()
        await send({"type": "websocket.accept"})
        raise ValueError("a bug")

    async def run():
        incoming: asyncio.Queue = asyncio.Queue()
        incoming.put_nowait({"type": "websocket.connect"})

        async def send(message):
            pass

        await Guard(broken, HOSTS)(dict(SCOPE), incoming.get, send)

    try:
        asyncio.run(run())
    except ValueError:
        return
    raise AssertionError("the app's own error was swallowed")


def test_the_log_backstop_says_a_disconnect_in_one_info_line_and_keeps_other_tracebacks():
    logger = logging.getLogger("uvicorn.error")
    logger.setLevel(logging.INFO)
    quiet_log.install()
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    logger.addHandler(handler)
    try:
        for error in (ClientDisconnected(), RuntimeError('WebSocket is not connected. Need to call "accept" first.'), KeyError("bug")):
            try:
                raise error
            except BaseException:
                logger.exception("Exception in ASGI application\n")
    finally:
        logger.removeHandler(handler)
    assert [(r.levelno, r.exc_info is None) for r in records] == [(logging.INFO, True), (logging.INFO, True), (logging.ERROR, False)]
