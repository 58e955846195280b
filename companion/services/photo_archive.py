"""Export and import with photos: a ZIP of the JSON export (games.json) and the photos its games refer to.

    tableside-2026-12-03.zip
        games.json                  the JSON export, as "Export JSON" writes it (file_formats.export_json)
        photos/<name>.jpg           each photo a game refers to, under its stored name

An import takes a ZIP or a plain JSON file. A photo in a ZIP is taken only when its bytes match its name
(the name is their digest) and Pillow reads it as an image; a game's reference to a photo that neither
the file brings nor this Tableside holds is dropped (the game imports without it), so a plain JSON
export still imports whole. Nothing is stored before the person confirms (ui/views/import_export.py).
"""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion.data.photos import PhotoFolder, is_name, names_of, photo_name, refs_of
from companion.language import _, number
from companion.services import file_formats, tableau_photos
from companion.services.file_formats import ImportFileError, Progress

GAMES = "games.json"
PHOTOS = "photos/"
MAX_JSON_BYTES = 64 * 1024 * 1024  # the games.json of a 30,000-game history, with room
MAX_ENTRIES = 20_000
MAX_EXPANDED_BYTES = 1024 * 1024 * 1024  # every photo entry read, together: a checked export's are ~0.3 MB each
MAX_KEPT_BYTES = 256 * 1024 * 1024  # the photos kept until the import is confirmed


ZIP_START = b"PK\x03\x04"


def is_zip(source: bytes | Path) -> bool:
    """Whether the file (its bytes, or the file itself: only its start is read) is a ZIP."""
    if isinstance(source, bytes):
        return source[:4] == ZIP_START
    with source.open("rb") as f:
        return f.read(4) == ZIP_START


# The photos of one exported ZIP at most: one import keeps at most MAX_KEPT_BYTES of them, and takes a ZIP
# of at most server/uploads.MAX_ZIP_UPLOAD_BYTES (320 MB). A history with more is exported in parts.
PART_PHOTO_BYTES = 240 * 1024 * 1024


def export_parts(games: Iterable[Any], folder: Path) -> list[bytes]:
    """The finished games and their photos as one ZIP, or as several when their photos are more than one
    import takes (PART_PHOTO_BYTES of photos a part, whole games in each, in the games' order): every part
    imports back on its own, through the screen."""
    photos, budget = PhotoFolder(folder), PART_PHOTO_BYTES
    parts: list[list[Any]] = [[]]
    held = 0
    for game in games:
        size = sum(photos.size(name) for name in names_of(getattr(game, "record", game)))
        if parts[-1] and held + size > budget:
            parts.append([])
            held = 0
        parts[-1].append(game)
        held += size
    return [export_zip(part, folder) for part in parts]


def export_zip(games: Iterable[Any], folder: Path) -> bytes:
    """The finished games and their photos (a photo that cannot be read is left out: its game keeps its other ones)."""
    games = list(games)
    text = file_formats.export_json(games)
    photos = PhotoFolder(folder)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr(GAMES, text, compress_type=zipfile.ZIP_DEFLATED)
        names = sorted(set().union(*(names_of(getattr(g, "record", g)) for g in games))) if games else []
        for name in names:
            data = photos.read(name)
            if data is not None:
                archive.writestr(PHOTOS + name, data, compress_type=zipfile.ZIP_STORED)  # a JPEG does not shrink
    return out.getvalue()


def unpack(source: bytes | Path, file_name: str, report: Progress | None = None) -> tuple[bytes, dict[str, bytes]]:
    """The games.json of a ZIP (its bytes, or the file: read a part at a time, an upload of 320 MB is never in
    memory whole) and the photos its games name (name in the ZIP → the bytes to store), each checked;
    ImportFileError in words otherwise.

    Bounded whatever the ZIP holds: its entries are counted from the central directory, games.json is read
    first, and each photo entry is then read (at most 20 MB) and checked one at a time (its name is its digest, its
    start an image's) with a cap on each entry and on all of them together; only a photo a game names is
    kept, as an uploaded one is stored (tableau_photos.prepared: upright, shrunk, its pixels alone), and
    what is kept has a budget of its own. So a 2 MB ZIP of padded photos no longer takes gigabytes."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(source) if isinstance(source, bytes) else source)
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise ImportFileError(_("{file}: not a ZIP file Tableside can read").format(file=file_name)) from None
    with archive:  # a file: closed however the check ends
        if len(entries) > MAX_ENTRIES:
            raise ImportFileError(
                _("{file}: {count} files in it (at most {most})").format(
                    file=file_name, count=number(len(entries)), most=number(MAX_ENTRIES)
                )
            )
        by_name = {e.filename: e for e in entries}
        if GAMES not in by_name:
            raise ImportFileError(
                _("{file}: it holds no {games} (a ZIP exported by Tableside holds one)").format(file=file_name, games=GAMES)
            )
        text = _read(archive, by_name[GAMES], MAX_JSON_BYTES, file_name)
        named = _named(text)
        photo_entries = [e for e in entries if e.filename.startswith(PHOTOS) and not e.is_dir()]
        photos: dict[str, bytes] = {}
        expanded = kept_bytes = 0
        for done, entry in enumerate(photo_entries):
            if report is not None:
                report(done, len(photo_entries))
            name = entry.filename.removeprefix(PHOTOS)
            if not is_name(name):
                raise ImportFileError(_("{file}: {entry} is not a photo Tableside exported").format(file=file_name, entry=entry.filename))
            raw = _read(archive, entry, tableau_photos.MAX_PHOTO_BYTES, file_name)
            expanded += len(raw)
            if expanded > MAX_EXPANDED_BYTES:
                raise ImportFileError(
                    _("{file}: its photos unpack to more than {size} MB").format(file=file_name, size=number(MAX_EXPANDED_BYTES // 2**20))
                )
            if photo_name(raw) != name:
                raise ImportFileError(
                    _("{file}: {entry} is damaged (its bytes do not match its name)").format(file=file_name, entry=entry.filename)
                )
            if not is_image(raw):
                raise ImportFileError(_("{file}: {entry} is not an image").format(file=file_name, entry=entry.filename))
            if name in named and tableau_photos.available():
                try:
                    photos[name] = tableau_photos.prepared(raw, entry.filename)  # an exported photo too: a ZIP can carry anything
                except tableau_photos.PhotoRefused as refused:
                    raise ImportFileError(f"{file_name}: {refused}") from None
                kept_bytes += len(photos[name])
                if kept_bytes > MAX_KEPT_BYTES:
                    raise ImportFileError(
                        _("{file}: more photos than one import takes ({size} MB of them): import the games in parts").format(
                            file=file_name, size=MAX_KEPT_BYTES // 2**20
                        )
                    )
            del raw  # one entry's bytes at a time
    return text, photos


def _named(text: bytes) -> set[str]:
    """The photo files the games of a games.json name (none where it is not JSON: read_import says so)."""
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        return set()
    games = found.get("games", [found]) if isinstance(found, dict) else found if isinstance(found, list) else []
    return set().union(*(names_of(g) for g in games if isinstance(g, dict))) if isinstance(games, list) else set()


def _read(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, most: int, file_name: str) -> bytes:
    """An entry's bytes, never more than `most` (a ZIP's stated sizes may lie: the read itself is cut off)."""
    if entry.file_size > most:
        raise _too_large(entry, most, file_name)
    try:
        with archive.open(entry) as f:
            raw = f.read(most + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
        raise ImportFileError(
            _("{file}: {entry} cannot be read (the ZIP is damaged or encrypted)").format(file=file_name, entry=entry.filename)
        ) from None
    if len(raw) > most:
        raise _too_large(entry, most, file_name)
    return raw


def _too_large(entry: zipfile.ZipInfo, most: int, file_name: str) -> ImportFileError:
    return ImportFileError(
        _("{file}: {entry} is larger than {size} MB").format(file=file_name, entry=entry.filename, size=most // (1024 * 1024))
    )


def is_image(data: bytes) -> bool:
    """Whether the bytes start as an image Pillow knows (its header alone: a kept photo is decoded whole later)."""
    if not tableau_photos.available():
        return True  # the browser build keeps no photos: kept() drops them all
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)):
            pass
    except Exception:  # whatever Pillow raises for bytes that are not an image
        return False
    return True


def kept(records: list[dict], photos: dict[str, bytes], folder: Path | None) -> list[dict]:
    """The records with the photo references an import can honour: photos already here, or in the file. A
    photo of the file is named after the bytes it is stored as (re-encoded: unpack), unless this Tableside
    holds it already under the name the file gives it: then that one is used, not stored a second time."""
    here = PhotoFolder(folder) if folder is not None and tableau_photos.available() else None
    brought = {name: photo_name(data) for name, data in photos.items()} if here is not None else {}
    out = []
    for record in records:
        if not isinstance(record, dict) or "photos" not in record:
            out.append(record)
            continue
        refs = []
        for ref in refs_of(record):
            name = ref.get("file", "")
            if here is not None and here.has(name):
                refs.append(ref)
            elif name in brought:
                refs.append({**ref, "file": brought[name]})
        out.append({**record, "photos": refs} if refs else {k: v for k, v in record.items() if k != "photos"})
    return out


def missing(records: list[dict], photos: dict[str, bytes], folder: Path | None) -> int:
    """How many photos the games name that neither the file brings nor this Tableside holds (they are
    imported without them, and the import says so)."""
    here = PhotoFolder(folder) if folder is not None and tableau_photos.available() else None
    if here is None:
        return 0
    names = set().union(*(names_of(r) for r in records if isinstance(r, dict))) if records else set()
    return sum(1 for name in names if name not in photos and not here.has(name))


def used(records: list[dict], photos: dict[str, bytes]) -> dict[str, bytes]:
    """The photos of the file that its games refer to, by their stored names (the others are not stored)."""
    names = set().union(*(names_of(r) for r in records)) if records else set()
    stored = {photo_name(data): data for data in photos.values()}
    return {name: data for name, data in stored.items() if name in names}
