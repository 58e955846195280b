"""Photos of the tableaux: their files beside the history, and the references a record keeps of them.

    photos/<name>.jpg           one file per photo, named by its content (the first 32 hex digits of
                                its SHA-256): never changed once written, the same photo is one file
    photos/deleted/<name>.jpg   the photos of a deleted game, until its Undo is past (TRASH_SECONDS)
    backups/photos/<name>.jpg   one independent copy of every photo (photo_backups.py)

A record refers to its photos in its `photos` list (docs/format.md): `{"file", "seat", "round",
"taken_at"}`. The seat (an index into `players`) and not the name: a rename changes no photo.
The files are not inside the TinyDB files (a photo is a megabyte; live.json is written on every tap).

Every file is written whole and put in place atomically (atomic_files.py), private like the data
files. A photo that cannot be read, or whose bytes no longer match its name, is taken again from its
backup copy when it is read (`read`): a restored history finds its photos.
"""

from __future__ import annotations

import hashlib
import logging
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion.data.atomic_files import discard, fsync_dir, private_dir, write_bytes_atomically
from companion.language import _

log = logging.getLogger("tableside")

FOLDER = "photos"
TRASH = "deleted"
BACKUP_FOLDER = "photos"  # inside backups/
TRASH_SECONDS = 600.0  # a deleted game's photos wait this long for its Undo (the snack bar's is 8 s)
MAX_PHOTOS = 60  # per game: ten photos of each of six players
NAME = re.compile(r"[0-9a-f]{32}\.jpg")
NAME_IN_TEXT = re.compile(rb"[0-9a-f]{32}\.jpg")
REF_KEYS = frozenset(("file", "seat", "round", "taken_at"))


def photo_name(data: bytes) -> str:
    """The file name of a photo: its content's digest, so the name also checks the bytes."""
    return hashlib.sha256(data).hexdigest()[:32] + ".jpg"


def is_name(name: Any) -> bool:
    return isinstance(name, str) and NAME.fullmatch(name) is not None


def refs_of(record: dict) -> list[dict]:
    photos = record.get("photos")
    return [p for p in photos if isinstance(p, dict)] if isinstance(photos, list) else []


def names_of(record: dict) -> set[str]:
    """The photo files a record refers to."""
    return {p["file"] for p in refs_of(record) if is_name(p.get("file"))}


def refs_problem(photos: Any, players: Any) -> str | None:
    """Why a record's `photos` cannot be stored (in words, naming the place: its keys as written), None when they can."""
    if not isinstance(photos, list):
        return _("photos: expected a list")
    if len(photos) > MAX_PHOTOS:
        return _("photos: {count} photos (at most {limit} a game)").format(count=len(photos), limit=MAX_PHOTOS)
    seats = len(players) if isinstance(players, list) else 0
    for i, ref in enumerate(photos, start=1):
        where = _("photos › item {number}").format(number=i)
        if not isinstance(ref, dict):
            return _("{where}: expected an object").format(where=where)
        unknown = sorted(set(ref) - REF_KEYS)
        if unknown:
            return _("{where}: unknown field {field} (expected {fields})").format(
                where=where, field=f"'{unknown[0]}'", fields=", ".join(sorted(REF_KEYS))
            )
        if not is_name(ref.get("file")):
            return _("{where} › file: expected a photo's name (32 hex digits and .jpg)").format(where=where)
        seat = ref.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
            return _("{where} › seat: expected a seat of this game (0 to {last})").format(where=where, last=seats - 1)
        round_ = ref.get("round")
        if round_ is not None and (not isinstance(round_, int) or isinstance(round_, bool) or not 1 <= round_ <= 99):
            return _("{where} › round: expected a round number (1 to 99)").format(where=where)
        taken = ref.get("taken_at")
        if taken is not None and not (isinstance(taken, str) and len(taken) <= 40 and taken.isprintable()):
            return _("{where} › taken_at: expected an ISO 8601 date and time").format(where=where)
    return None


def with_photo(record: dict, ref: dict) -> dict:
    """The record with one more photo (a new dict: a stored record is never changed in place)."""
    return {**record, "photos": [*refs_of(record), ref]}


def merged(record: dict, photos_from: dict) -> dict:
    """`record` carrying the photos of `photos_from` (undo replays actions on a base that lacks a new photo)."""
    if "photos" not in photos_from:
        return {k: v for k, v in record.items() if k != "photos"}
    return {**record, "photos": list(photos_from["photos"])}


class PhotoFolder:
    """The photo files of one data folder (the store's folder)."""

    def __init__(self, data_folder: Path):
        self.data_folder = Path(data_folder)
        self.folder = self.data_folder / FOLDER
        self.trash = self.folder / TRASH
        self.backups = self.data_folder / "backups" / BACKUP_FOLDER

    def path(self, name: str) -> Path:
        if not is_name(name):
            raise ValueError(f"not a photo's name: {name!r}")
        return self.folder / name

    def put(self, data: bytes) -> str:
        """Store a photo's bytes (already prepared: tableau_photos.py); returns its name. OSError: nothing stored."""
        name = photo_name(data)
        path = self.path(name)
        if self.checked_bytes(path, name) is None:
            private_dir(self.folder)
            write_bytes_atomically(path, data)
            fsync_dir(self.folder)
        return name

    def has(self, name: str) -> bool:
        return is_name(name) and self.path(name).is_file()

    def size(self, name: str) -> int:
        """A photo's size in bytes as stored (0: no such file, or not a photo's name)."""
        try:
            return self.path(name).stat().st_size
        except (OSError, ValueError):
            return 0

    def read(self, name: str) -> bytes | None:
        """A photo's bytes; a missing or damaged file is restored from its backup copy (None: neither is good)."""
        path = self.path(name)
        data = self.checked_bytes(path, name)
        if data is not None:
            return data
        copy = self.checked_bytes(self.backups / name, name)
        if copy is None:
            copy = self.checked_bytes(self.trash / name, name)  # a game deleted and restored within TRASH_SECONDS
        if copy is None:
            return None
        try:
            private_dir(self.folder)
            write_bytes_atomically(path, copy)
            fsync_dir(self.folder)
            log.warning("the photo %s was missing or damaged: restored from its copy", name)
        except OSError:
            log.exception("could not restore the photo %s", name)
        return copy

    @staticmethod
    def checked_bytes(path: Path, name: str) -> bytes | None:
        try:
            data = path.read_bytes()
        except OSError:
            return None
        return data if photo_name(data) == name else None

    def set_aside(self, names: Iterable[str]) -> None:
        """A deleted game's photos: into the trash until its Undo is past; their backup copies go at once."""
        self.empty_trash()
        for name in sorted(set(names)):
            path = self.path(name)
            try:
                if path.exists():
                    private_dir(self.trash)
                    os.replace(path, self.trash / name)
                    os.utime(self.trash / name)  # its time in the trash starts now
                (self.backups / name).unlink(missing_ok=True)
            except OSError:
                log.exception("could not remove the photo %s", name)
        fsync_dir(self.folder)

    def bring_back(self, names: Iterable[str]) -> bool:
        """Undo of a delete: the photos are where they were (the next backup copies them again). Whether
        any came back from the trash."""
        back = False
        for name in sorted(set(names)):
            aside = self.trash / self.path(name).name
            try:
                if aside.exists() and not self.path(name).exists():
                    os.replace(aside, self.path(name))
                    back = True
            except OSError:
                log.exception("could not bring back the photo %s", name)
        return back

    def discard_new(self, names: Iterable[str]) -> None:
        """Photos written for a change that then failed (an import on a full disk): no game names them."""
        for name in names:
            try:
                discard(self.path(name))
            except OSError:
                log.exception("could not remove the photo %s", name)

    def stored(self) -> set[str]:
        """The names of the photo files here and of their backup copies."""
        return {p.name for folder in (self.folder, self.backups) if folder.is_dir() for p in folder.glob("*.jpg") if is_name(p.name)}

    def empty_trash(self, older_than: float = TRASH_SECONDS) -> None:
        if not self.trash.is_dir():
            return
        now = time.time()
        for path in self.trash.iterdir():
            try:
                if now - path.stat().st_mtime >= older_than:
                    discard(path)
            except OSError:
                pass

    def removed_with(self, record: dict, still_used: set[str]) -> None:
        """A game is deleted: its photos no other stored game refers to go with it (into the trash first)."""
        self.set_aside(names_of(record) - still_used)


def back_up_photos(data_folder: Path) -> int:
    """Called by every backup (backups.py): one independent copy of each photo not copied yet, written
    beside its place, read back and checked against its name, then renamed in. Returns how many were copied.
    A photo never changes, so one copy serves every backup; a deleted game's copies go with it (set_aside)."""
    photos = PhotoFolder(data_folder)
    photos.empty_trash()
    if not photos.folder.is_dir():
        return 0
    copied = 0
    for path in sorted(photos.folder.glob("*.jpg")):
        name = path.name
        if not is_name(name) or (photos.backups / name).exists():
            continue
        data = photos.checked_bytes(path, name)
        if data is None:
            continue  # damaged: its earlier copy, if any, stays the good one
        private_dir(photos.backups)
        write_bytes_atomically(photos.backups / name, data)
        if photos.checked_bytes(photos.backups / name, name) is None:
            discard(photos.backups / name)
            raise OSError(f"the backup copy of the photo {name} does not read back")
        copied += 1
    if copied:
        fsync_dir(photos.backups)
    return copied


def in_use(store: Any) -> set[str]:
    """Every photo a stored game refers to: saved games, games in progress and edit copies."""
    used: set[str] = set()
    for game in [*store.finished(), *store.in_progress(), *store.edits()]:
        if "photos" in game.record:
            used |= names_of(game.record)
    return used


def tidy(store: Any) -> None:
    """Start-up check: photo files (and backup copies) no stored game names go to the trash, as a deleted
    game's do (a failed import's, a photo whose game was never saved). A damaged record set aside, or a
    damaged data file kept beside its place (`*.corrupt-*`), may still name photos: any name written in one
    is kept. A folder without photos (most) reads nothing more."""
    photos = PhotoFolder(store.folder)
    try:
        found = photos.stored()
    except OSError:
        log.exception("could not list the photos")
        return
    if not found:
        return
    used = in_use(store) | set().union(*(names_of(r.entry) for r in store.damaged_records.records if isinstance(r.entry, dict)))
    for kept in store.folder.rglob("*.corrupt-*"):
        try:
            used |= {m.decode() for m in NAME_IN_TEXT.findall(kept.read_bytes())}
        except OSError:
            return  # cannot tell what it names: nothing is set aside
    orphans = found - used
    if not orphans:
        return
    try:
        photos.set_aside(orphans)
    except OSError:
        log.exception("could not set aside the photos no game names")
        return
    log.info("%d photo(s) no game names were set aside", len(orphans))


def of_game(store: Any, game_id: str) -> set[str]:
    """The photos of a game and of its edit copy (both go when it is deleted)."""
    found = [g for g in (store.get(game_id), store.editing(game_id)) if g is not None]
    return set().union(*(names_of(g.record) for g in found))


def forget(store: Any, names: set[str]) -> None:
    """After a delete: the photos no stored game refers to any more go to the trash (store.delete calls it)."""
    if names:
        PhotoFolder(store.folder).set_aside(names - in_use(store))


def bring_back(store: Any, record: dict) -> None:
    """Undo of a delete (store.restore calls it)."""
    names = names_of(record)
    if names:
        PhotoFolder(store.folder).bring_back(names)
