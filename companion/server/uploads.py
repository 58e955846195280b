"""Files a browser hands over by upload: an import of thousands of games.

A picked file travels by Flet's signed upload (an HTTP PUT to /upload, streamed to disk in chunks
and cut off past the limit), not in one websocket message: a 20,000-game history is about 20 MB,
and a websocket that took messages that big would take them from anyone. The URL is signed with
this run's secret and names a file only the session that asked for it knows; the file is read
once and deleted.

A URL is issued only to a session allowed to add what it brings (ui/widgets/picked_file.py asks the
screen), and within a budget: a few uploads under way per device and a few for the whole server, each
cut off at MAX_UPLOAD_BYTES, so abandoned or hostile uploads can never hold more than
MAX_UNDER_WAY × MAX_ZIP_UPLOAD_BYTES of disk, and only until their URL expires (`sweep`).
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
import threading
import time
from pathlib import Path

from companion.language import _

MAX_UPLOAD_BYTES = 32 * 1024 * 1024  # a JSON file the transfer screen imports: a history of 30,000 games
# A ZIP "Export with photos" writes: as many photos as one import keeps (photo_archive.MAX_KEPT_BYTES, 256 MB)
# and their games. What the server takes at most (Flet's upload handler cuts a file off past it).
MAX_ZIP_UPLOAD_BYTES = 320 * 1024 * 1024
HELD = ".held"  # an upload a screen reads from (hold): not an upload under way any more
UPLOAD_VALID_SECONDS = 600  # a slow phone on the Wi-Fi sends 30 MB well within it
MAX_UNDER_WAY_PER_DEVICE = 2  # a photo and an import at once; a device never needs more
MAX_UNDER_WAY = 8  # every device together: 2.5 GB of disk at the very most, for ten minutes


class UploadRefused(Exception):
    """No URL for this upload now: the words say why (the budget is spent until an upload ends)."""


PREFIX = "tableside-uploads-"
OWNER = "owner.lock"  # held by the run whose folder it is, for as long as it runs (released by the system at any end)


def remove_abandoned(temp: Path) -> int:
    """Start-up: the uploads folders of runs that ended without removing theirs (killed, or the power cut)
    go, with whatever partial files they hold. A folder whose run still holds its lock is another server's
    and stays. Returns how many went."""
    from filelock import FileLock, Timeout

    removed = 0
    for folder in temp.glob(PREFIX + "*"):
        owner = folder / OWNER
        if not owner.exists():
            continue  # not made by a run that marks its folder: not ours to judge
        try:
            with FileLock(owner, timeout=0):
                pass
        except Timeout:
            continue  # its run goes on
        except OSError:
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed += 1
    return removed


class Uploads:
    """The folder uploads land in, and the secret their URLs are signed with (both of this run only)."""

    def __init__(self, folder: Path | None = None):
        self._own = folder is None
        self._owner = None
        if folder is None:
            from filelock import FileLock

            remove_abandoned(Path(tempfile.gettempdir()))
            folder = Path(tempfile.mkdtemp(prefix=PREFIX))
            self._owner = FileLock(folder / OWNER)
            self._owner.acquire()
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.secret = secrets.token_urlsafe(32)
        self._lock = threading.Lock()  # taken from a worker thread (take), asked on the event loop (new_name)
        self._under_way: dict[str, tuple[str, float]] = {}  # name → (device, when its URL was issued)

    def new_name(self, device: str, now: float | None = None) -> str:
        """A name no other session can guess, so no upload lands on another's file, for an upload from
        `device` (its address). UploadRefused when the budget is spent. Uploads abandoned (a tab closed
        mid-way, a file cut off at the limit) past their URL's life are removed first."""
        now = time.time() if now is None else now
        self.sweep(now)
        with self._lock:
            if sum(1 for d, unused in self._under_way.values() if d == device) >= MAX_UNDER_WAY_PER_DEVICE:
                raise UploadRefused(_("Another file from this device is still on its way: wait for it, then try again."))
            if len(self._under_way) >= MAX_UNDER_WAY:
                raise UploadRefused(_("The server is receiving other files: try again in a minute."))
            name = f"{secrets.token_hex(16)}.upload"
            self._under_way[name] = (device, now)
        return name

    def sweep(self, now: float | None = None) -> None:
        """Remove the uploads whose URL has expired: nobody can finish or take them any more."""
        expired = (time.time() if now is None else now) - UPLOAD_VALID_SECONDS
        with self._lock:
            for name in [n for n, (unused, issued) in self._under_way.items() if issued < expired]:
                del self._under_way[name]
        for path in self.folder.glob("*.upload"):
            try:
                if path.stat().st_mtime < expired:
                    path.unlink()
            except OSError:  # taken or removed meanwhile
                pass

    def take(self, name: str) -> bytes:
        """The uploaded file's bytes, once: the file is gone afterwards. FileNotFoundError if it never arrived."""
        path = self._path(name)
        try:
            return path.read_bytes()
        finally:
            self._ended(name)
            path.unlink(missing_ok=True)

    def hold(self, name: str) -> Path:
        """The uploaded file, for a reader that takes it a part at a time (an archive), until `release`: it
        still counts against its device's budget meanwhile, and is out of the sweep's reach (a check may
        outlast the upload URL's life). FileNotFoundError if it never arrived."""
        path = self._path(name)
        held = path.with_suffix(HELD)
        path.rename(held)
        return held

    def release(self, name: str) -> None:
        """A held upload is done with: gone."""
        self._ended(name)
        self._path(name).with_suffix(HELD).unlink(missing_ok=True)

    def discard(self, name: str) -> None:
        """A failed or refused upload: what arrived of it goes."""
        path = self._path(name)
        self._ended(name)
        path.unlink(missing_ok=True)

    def _ended(self, name: str) -> None:
        with self._lock:
            self._under_way.pop(name, None)

    def _path(self, name: str) -> Path:
        if Path(name).name != name or not name.endswith(".upload"):
            raise ValueError(f"not an upload's name: {name!r}")
        return self.folder / name

    def close(self) -> None:
        if self._owner is not None:
            self._owner.release()
        if self._own:
            shutil.rmtree(self.folder, ignore_errors=True)
