"""How a file chosen in the browser's picker reaches the screen that asked for it (the import, a tableau's photo).

It is taken only from a session the screen allows (`Receiver.may`, asked at every pick: a crafted event
reaches the handler as a real pick does), and comes one of two ways: with the pick itself in the browser
build (no server to upload to), or by an upload to the data folder's tmp/uploads (server/uploads.py: an
HTTP PUT to a URL good for this one file, cut off past the screen's limit while it arrives, never one
websocket message), whose progress and end the client reports on the picker. Either way a file over the
screen's limit is refused before it is sent, a failed, cut off or abandoned upload (another pick, the
screen left) ends its URL and its file, and the bytes are taken from the folder in a worker thread. These
steps are kept here once so that both screens take files alike; each screen says what it shows (progress,
its own words) and does what it will with the bytes.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import cast

import flet as ft

from companion.language import _
from companion.server.uploads import UploadRefused
from companion.services.background import in_thread
from companion.ui.session import App


def _quiet(name: str, size: int, done: float | None) -> None:
    """A screen that shows no progress."""


@dataclass(frozen=True)
class Receiver:
    """What a screen says and does at each step of a picked file's way (all called on the session's loop)."""

    limit: Callable[[str], int]  # bytes, by the file's name: a larger file is refused before it is sent, cut off if sent
    may: Callable[[], str]  # "" when this session may add what the file brings (asked before any upload URL), else the refusal
    too_big: Callable[[str], str]  # the refusal of a file (by its name) over the limit, or cut off by the server (HTTP 413)
    lost: Callable[[str, str | None], str]  # the refusal of a file that did not arrive: its name, the upload's error (None: not found)
    refuse: Callable[[str], None]  # says a refusal
    arrived: Callable[[bytes, str], Awaitable[None]]  # the file's bytes and its name on the device
    # A screen that reads the file a part at a time (an archive of hundreds of MB) takes an upload as a file:
    # its path (gone once this returns) and its name on the device. The browser build still gives bytes.
    arrived_file: Callable[[Path, str], Awaitable[None]] | None = None
    # The upload under way: the file's name, its size in bytes, the part sent (0 at its start; None: no longer under way).
    receiving: Callable[[str, int, float | None], None] = _quiet


def use_file_picker(app: App, receiver: Receiver) -> ft.FilePicker:
    """A file picker (for an `ft.PickFiles` action) whose chosen file reaches `receiver`. A hook: call it in a
    component's body at every drawing; the picker lives as long as the component.

    The picker is made with its handlers: a service goes to the browser when it is made, and one made after
    the page was first sent (a screen reached by tapping, not by its URL) goes at once. Handlers set on it
    afterwards would reach the browser only with the next update of the whole page, so the chosen file was
    never reported (Home → History → Import / export → Import did nothing). The handlers of the first drawing
    are kept: what `receiver` calls must stay the same from one drawing to the next (the session, state
    setters, refs)."""
    upload = ft.use_ref(cast(tuple[str, str, int] | None, None))  # the file on its way: its name on the device, in uploads/, its size

    def abandon() -> None:
        """The upload under way is no longer wanted (another pick, the screen left): its URL and file end."""
        if upload.current is not None and app.uploads is not None:
            app.uploads.discard(upload.current[1])
        upload.current = None

    ft.on_unmounted(abandon)

    async def picked(e: ft.FilePickerResultEvent) -> None:
        if not e.files:
            return  # cancelled
        file = e.files[0]
        why = receiver.may()  # a crafted event reaches this handler too: the server decides, not the screen shown
        if why:
            receiver.refuse(why)
            return
        if (file.size or 0) > receiver.limit(file.name):
            receiver.refuse(receiver.too_big(file.name))
            return
        if file.bytes is not None:  # the browser build: the file came with the pick (no server to upload to)
            await receiver.arrived(file.bytes, file.name)
            return
        if app.uploads is None:
            receiver.refuse(_("This server does not take files."))
            return
        abandon()
        try:
            name = app.uploads.new_name(app.address or "unknown", receiver.limit(file.name))
        except UploadRefused as refused:
            receiver.refuse(str(refused))
            return
        upload.current = (file.name, name, file.size or 0)
        receiver.receiving(file.name, file.size or 0, 0)
        await held.current.upload([ft.FilePickerUploadFile(upload_url=app.uploads.url(name), id=file.id, name=file.name)])

    async def uploaded(e: ft.FilePickerUploadEvent) -> None:
        """The upload's progress; at its end, the file's bytes."""
        if upload.current is None or app.uploads is None or e.file_name != upload.current[0]:
            return  # not the upload this screen waits for (an earlier pick's)
        shown, name, size = upload.current
        uploads = app.uploads

        def refuse(error: str | None) -> None:
            """Said in words: too large when the server cut it off (whatever the browser reports), else lost."""
            too_big = uploads.cut_off(name) or (error is not None and "413" in error)
            uploads.discard(name)
            receiver.refuse(receiver.too_big(shown) if too_big else receiver.lost(shown, error))

        if e.error:
            upload.current = None
            receiver.receiving(shown, size, None)
            refuse(e.error)
            return
        if (e.progress or 0) < 1:
            receiver.receiving(shown, size, e.progress or 0)
            return
        upload.current = None
        receiver.receiving(shown, size, None)
        if receiver.arrived_file is not None:
            try:
                path = uploads.hold(name)
            except OSError:
                refuse(None)
                return
            try:
                await receiver.arrived_file(path, shown)
            finally:
                uploads.release(name)
            return
        try:
            data = await in_thread(uploads.take, name)
        except OSError:
            refuse(None)
            return
        await receiver.arrived(data, shown)

    held: ft.MutableRef[ft.FilePicker] = ft.use_ref(lambda: ft.FilePicker(on_result=picked, on_upload=uploaded))
    return held.current
