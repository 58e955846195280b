"""One handler for every event's failure: words on the screen, the details in the log.

Flet 1.0.5 catches an exception of an event handler in Session.dispatch_event and calls
Session.error(message + traceback), which shows its crash screen with the traceback (server
paths included). `install` replaces that method for one session: it is called inside that
`except` block, so sys.exc_info() is the exception. A failure the person can act on (a full or
read-only disk: StoreWriteError; no images in the browser build) is said as it is; anything else as a plain sentence.
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable

import flet as ft

from companion.data.atomic_files import StoreWriteError
from companion.language import N_, _
from companion.server import flet_seams
from companion.services.card_layout import ImagesUnavailable

log = logging.getLogger("tableside")
UNEXPECTED = N_("That did not work, and nothing was lost: your saved games are safe. The details are in the server's log.")


def in_words(error: BaseException | None) -> str:
    return str(error) if isinstance(error, StoreWriteError | ImagesUnavailable) else _(UNEXPECTED)


def install(page: ft.Page, notify: Callable[[str, bool], None]) -> None:
    def error(message: str) -> None:
        exc = sys.exc_info()[1]
        log.error("an event handler failed: %s", message)
        try:
            notify(in_words(exc), True)
            page.update()
        except Exception:  # the session may be gone: the log has it
            log.exception("could not show the failure")

    flet_seams.replace_crash_screen(page, error)  # for this one session, on purpose
