"""What the backups' jobs share about one data folder: its files, its backups, what was repaired."""

from __future__ import annotations

import time
from pathlib import Path

from companion.data import contents
from companion.data.backups.files import (
    StatKey,
    backup_number,
)
from scoring.words import Moment


class FolderState:
    """A data folder's files as they are on disk, its backups, and what start-up repaired: the state
    the jobs below share (each in a module of its own, DataFolder puts them together)."""

    def __init__(self, folder: Path, read_only: bool = False):
        self.folder = folder
        self.read_only = read_only  # nothing is written: a damaged file is read from its backup instead
        self.backups = folder / "backups"
        self.recovered: list[str] = []  # sentences for people: what was damaged and what was done
        self.blocked: set[str] = set()  # data files still damaged (a repair that could not finish): never written
        self.verified: set[tuple[int, ...]] = set()  # fingerprints (as tuples) of contents whose every record scores
        self.last_backup = time.monotonic()  # of the last backup (or the start: the newest backup holds that state)
        self.live_dirty = False  # games in progress changed since the last backup
        self.interrupted: dict | None = None  # the repair a killed process left unfinished
        self.prints: dict[str, list[int]] = {}  # size and CRC-32 of each data file as read at start-up
        self.backed_up: dict[str, StatKey | None] = {}  # data file → stat_key of the content last copied to a backup
        self._expected: set[str] | None = None
        self.contents = contents.read(folder)  # what each data file held when last written (contents.py)
        self._ids: dict[tuple[int, int, int, int], set[str]] = {}  # a backup copy (device, inode, size, mtime) → its game ids
        self.left_out: dict[str, str] = {}  # data file → why the last backup left it out (its copy did not verify), a Said
        self.backup_failed: tuple[Moment, str] | None = None  # when the last failed backup was tried, and why (None: it worked)
        self.backup_notice: str | None = None  # the sentence for the home screen about backups (kept until dismissed)

    def stat_key(self, rel: str) -> StatKey | None:
        """Changes with every write (each write is a new file put in place: a new inode)."""
        try:
            st = (self.folder / rel).stat()
        except OSError:
            return None
        return st.st_ino, st.st_size, st.st_mtime_ns

    def folders(self) -> list[Path]:
        """Complete backups, newest first."""
        if not self.backups.is_dir():
            return []
        found = [p for p in self.backups.iterdir() if backup_number(p) >= 0 and p.is_dir()]
        return sorted(found, key=backup_number, reverse=True)
