"""Files a browser hands over by upload: a tableau's photo, an import of thousands of games.

A picked file travels by an HTTP PUT (server/upload_route.py), not in one websocket message: a
20,000-game history is about 20 MB, and a websocket that took messages that big would take them from anyone.

Each upload is a ticket (`new_name`), issued only to a session allowed to add what the file brings
(ui/widgets/picked_file.py asks the screen), for one file with the limit of its purpose (a photo 20 MB,
a JSON history 32 MB, a ZIP with photos 320 MB: the route cuts a body off there while it arrives). Its URL
names it by 128 random bits only that session is told, and takes exactly one PUT: once a PUT has begun, or
the ticket has ended (its file taken, refused, discarded, expired), any other PUT is refused before a byte
is kept.

The budget is in tickets: a few per device and a few for the whole server. A ticket counts until its
file is gone (the file is removed before its ticket ends), and its file never outgrows its limit, so
uploads hold at most MAX_UNDER_WAY × their limits of disk (a guest's device gets photo tickets only).

The files live in the data folder's own temporary folder, tmp/uploads (0700, each file 0600, on the disk
the games are on): removed as soon as they are read or refused, the whole folder at stop, and whatever a
crash left there at the next start (data/startup.py empties tmp/: the data folder's lock says no other
process uses it).
"""

from __future__ import annotations

import os
import secrets
import shutil
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from companion.data.atomic_files import BINARY, FILE_MODE, private_dir
from companion.language import _

MAX_UPLOAD_BYTES = 32 * 1024 * 1024  # a JSON file the transfer screen imports: a history of 30,000 games
# A ZIP "Export with photos" writes: as many photos as one import keeps (photo_archive.MAX_KEPT_BYTES, 256 MB)
# and their games. Only the host imports: a guest's device never gets a ticket this large.
MAX_ZIP_UPLOAD_BYTES = 320 * 1024 * 1024
UPLOAD_VALID_SECONDS = 600  # a slow phone on the Wi-Fi sends 30 MB well within it
MAX_UNDER_WAY_PER_DEVICE = 2  # a photo and an import at once; a device never needs more
MAX_UNDER_WAY = 8  # every device together
UPLOADS = "uploads"  # in the data folder's tmp/

# A ticket's states: its URL issued, its PUT under way, its file whole (waiting for its screen), read by its screen,
# and refused (no file any more: it still counts until its screen hears of it, or its URL expires).
ISSUED, RECEIVING, ARRIVED, HELD, REFUSED = "issued", "receiving", "arrived", "held", "refused"


class UploadRefused(Exception):
    """No URL for this upload now: the words say why (the budget is spent until an upload ends)."""


class NotIssued(Exception):
    """A PUT to a name with no ticket waiting for it: never issued, already used, ended or expired."""


@dataclass
class Ticket:
    device: str  # the address of the session's device: its budget
    limit: int  # bytes: the body is cut off past it
    issued: float  # time.time() when its URL was issued
    state: str = ISSUED
    cut_off: bool = False  # refused for its size


class Uploads:
    """The folder uploads land in, and the tickets of this run: which file may arrive, how large, from whom."""

    def __init__(self, folder: Path, url_path: str = "/upload"):
        self.folder = private_dir(folder)
        self.url_path = url_path  # where the route answers, as the page's origin sees it (a prefix included: /t2/upload)
        self._lock = threading.Lock()  # taken on the event loop (the route, the screens) and in worker threads (take)
        self._tickets: dict[str, Ticket] = {}

    def new_name(self, device: str, limit: int, now: float | None = None) -> str:
        """A ticket for one file of at most `limit` bytes from `device` (its address), named so that no
        other session can guess it. UploadRefused when the budget is spent. Expired tickets go first."""
        now = time.time() if now is None else now
        self.sweep(now)
        with self._lock:
            if sum(1 for t in self._tickets.values() if t.device == device) >= MAX_UNDER_WAY_PER_DEVICE:
                raise UploadRefused(_("Another file from this device is still on its way: wait for it, then try again."))
            if len(self._tickets) >= MAX_UNDER_WAY:
                raise UploadRefused(_("The server is receiving other files: try again in a minute."))
            name = f"{secrets.token_hex(16)}.upload"
            self._tickets[name] = Ticket(device, limit, now)
        return name

    def url(self, name: str) -> str:
        """The ticket's URL, for the browser's file picker (a path: the browser sends it to the page's origin)."""
        return f"{self.url_path}?f={name}"

    def begin(self, name: str) -> tuple[BinaryIO, int]:
        """A PUT to `name` starts: its file (new, 0600, opened for writing) and the ticket's limit in bytes.
        NotIssued unless its ticket is waiting for its one PUT."""
        with self._lock:
            ticket = self._tickets.get(name)
            if ticket is None or ticket.state != ISSUED or self._expired(ticket, time.time()):
                raise NotIssued(name)
            ticket.state = RECEIVING
        try:
            fd = os.open(self._path(name), os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, FILE_MODE)
        except OSError:
            self.refused(name)
            raise
        return os.fdopen(fd, "wb"), ticket.limit

    def receiving(self, name: str) -> bool:
        """Whether the PUT to `name` may go on: its ticket is still under way (not discarded, not expired)."""
        with self._lock:
            ticket = self._tickets.get(name)
            return ticket is not None and ticket.state == RECEIVING and not self._expired(ticket, time.time())

    def arrived(self, name: str) -> bool:
        """The PUT to `name` ended with the whole file (closed): it waits for its screen. False (and the file
        gone) when its ticket ended meanwhile."""
        with self._lock:
            ticket = self._tickets.get(name)
            if ticket is not None and ticket.state == RECEIVING:
                ticket.state = ARRIVED
                return True
        self._remove(name)
        return False

    def refused(self, name: str, cut_off: bool = False) -> None:
        """The PUT to `name` was refused (`cut_off`: past its limit) or broke off: nothing of it stays."""
        self._remove(name)
        with self._lock:
            ticket = self._tickets.get(name)
            if ticket is not None:
                ticket.state, ticket.cut_off = REFUSED, cut_off

    def cut_off(self, name: str) -> bool:
        """Whether the upload `name` was cut off at its limit (whatever its browser says of it)."""
        with self._lock:
            ticket = self._tickets.get(name)
            return ticket is not None and ticket.cut_off

    def take(self, name: str) -> bytes:
        """The uploaded file's bytes, once: the file and its ticket are gone afterwards. FileNotFoundError
        when it has not arrived (its screen then discards it)."""
        path = self.hold(name)
        try:
            return path.read_bytes()
        finally:
            self.release(name)

    def hold(self, name: str) -> Path:
        """The uploaded file, for a reader that takes it a part at a time (an archive), until `release`: it
        still counts against its device's budget meanwhile, and is out of the sweep's reach (a check may
        outlast the URL's life). FileNotFoundError when it has not arrived (its screen then discards it)."""
        with self._lock:
            ticket = self._tickets.get(name)
            if ticket is not None and ticket.state == ARRIVED:
                ticket.state = HELD
                return self._path(name)
        raise FileNotFoundError(name)

    def release(self, name: str) -> None:
        """A held upload is done with: gone."""
        self.discard(name)

    def discard(self, name: str) -> None:
        """The ticket ends, whatever became of it (failed, cancelled, read): its file goes. A PUT still
        under way sees it at its next part and removes its own file (Windows removes no open file)."""
        with self._lock:
            ticket = self._tickets.pop(name, None)
        self._ended(name, ticket)

    def sweep(self, now: float | None = None) -> None:
        """Tickets whose URL has expired end, with their files: nobody can finish or take them any more.
        One held by its screen stays (an archive's check may outlast the URL); a PUT under way stops itself."""
        now = time.time() if now is None else now
        with self._lock:  # each taken out in the same step as it is judged: a screen cannot hold it meanwhile
            names = [name for name, t in self._tickets.items() if self._expired(t, now) and t.state != HELD]
            expired = [(name, self._tickets.pop(name)) for name in names]
        for name, ticket in expired:
            self._ended(name, ticket)

    def close(self) -> None:
        """The server stops: every upload goes."""
        with self._lock:
            self._tickets.clear()
        shutil.rmtree(self.folder, ignore_errors=True)

    @staticmethod
    def _expired(ticket: Ticket, now: float) -> bool:
        return ticket.issued + UPLOAD_VALID_SECONDS < now

    def _ended(self, name: str, ticket: Ticket | None) -> None:
        """A ticket taken out: its file goes, unless its PUT is still writing it (that PUT removes it)."""
        if ticket is None or ticket.state != RECEIVING:
            self._remove(name)

    def _remove(self, name: str) -> None:
        try:
            self._path(name).unlink(missing_ok=True)
        except OSError:  # Windows: still open somewhere; the next start empties the folder
            pass

    def _path(self, name: str) -> Path:
        if Path(name).name != name or not name.endswith(".upload"):
            raise ValueError(f"not an upload's name: {name!r}")
        return self.folder / name
