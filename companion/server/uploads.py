"""Files a browser hands over by upload: an import of thousands of games.

A picked file travels by Flet's signed upload (an HTTP PUT to /upload, streamed to disk in chunks
and cut off past the limit), not in one websocket message: a 20,000-game history is about 20 MB,
and a websocket that took messages that big would take them from anyone. The URL is signed with
this run's secret and names a file only the session that asked for it knows; the file is read
once and deleted.
"""

from __future__ import annotations

import secrets
import shutil
import tempfile
import time
from pathlib import Path

MAX_UPLOAD_BYTES = 32 * 1024 * 1024  # a file the transfer screen imports: a history of 30,000 games
UPLOAD_VALID_SECONDS = 600  # a slow phone on the Wi-Fi sends 30 MB well within it


class Uploads:
    """The folder uploads land in, and the secret their URLs are signed with (both of this run only)."""

    def __init__(self, folder: Path | None = None):
        self._own = folder is None
        self.folder = Path(tempfile.mkdtemp(prefix="tableside-uploads-")) if folder is None else folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self.secret = secrets.token_urlsafe(32)

    def new_name(self) -> str:
        """A name no other session can guess, so no upload lands on another's file. Uploads abandoned
        (a tab closed mid-way, a file cut off at the limit) past their URL's life are removed first."""
        self.sweep()
        return f"{secrets.token_hex(16)}.upload"

    def sweep(self, now: float | None = None) -> None:
        """Remove the uploads whose URL has expired: nobody can finish or take them any more."""
        expired = (time.time() if now is None else now) - UPLOAD_VALID_SECONDS
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
            path.unlink(missing_ok=True)

    def discard(self, name: str) -> None:
        """A failed or refused upload: what arrived of it goes."""
        self._path(name).unlink(missing_ok=True)

    def _path(self, name: str) -> Path:
        if Path(name).name != name or not name.endswith(".upload"):
            raise ValueError(f"not an upload's name: {name!r}")
        return self.folder / name

    def close(self) -> None:
        if self._own:
            shutil.rmtree(self.folder, ignore_errors=True)
