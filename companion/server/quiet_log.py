"""A client that leaves is not an error: no traceback in the server's log for it.

The guard (guard.py) keeps a departed client's disconnect from reaching Flet's handler as an
exception, and says it once at info. This is the backstop for the places it cannot reach: should
uvicorn ("Exception in ASGI application") or Flet's web server ("Receive loop error") still log a
client's disconnect as an error, the record is said at info, in one line, without the traceback.
Every other record, and every other exception, keeps its level and its traceback.
"""

from __future__ import annotations

import logging

from companion.server.guard import CLIENT_GONE

WATCHED = ("uvicorn.error", "flet_web.fastapi")  # the loggers that report a websocket handler's end
STARLETTE_NOT_CONNECTED = "WebSocket is not connected"  # starlette's words once a send found the client gone


def client_left(record: logging.LogRecord) -> BaseException | None:
    """The client's disconnect a record reports as an error (None: a record to keep as it is)."""
    error = record.exc_info[1] if record.exc_info else None
    if error is None or record.levelno < logging.WARNING:
        return None
    if isinstance(error, CLIENT_GONE) or STARLETTE_NOT_CONNECTED in str(error):
        return error
    return None


class ClientLeftIsInfo(logging.Filter):
    def __init__(self, logger: logging.Logger):
        super().__init__()
        self.logger = logger

    def filter(self, record: logging.LogRecord) -> bool:
        error = client_left(record)
        if error is None:
            return True
        if not self.logger.isEnabledFor(logging.INFO):
            return False
        record.levelno, record.levelname = logging.INFO, "INFO"
        record.msg, record.args = "a client left (%s: %s)", (type(error).__name__, str(error)[:120])
        record.exc_info, record.exc_text, record.stack_info = None, None, None
        return True


def install() -> None:
    """Add the filter to the loggers that report a websocket handler's end (once)."""
    for name in WATCHED:
        logger = logging.getLogger(name)
        if not any(isinstance(f, ClientLeftIsInfo) for f in logger.filters):
            logger.addFilter(ClientLeftIsInfo(logger))
