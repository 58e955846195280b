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
import zipfile
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from companion.data.photos import PhotoFolder, is_name, names_of, photo_name, refs_of
from companion.services import file_formats, tableau_photos
from companion.services.file_formats import ImportFileError

GAMES = "games.json"
PHOTOS = "photos/"
MAX_JSON_BYTES = 64 * 1024 * 1024  # the games.json of a 30,000-game history, with room
MAX_ENTRIES = 20_000


def is_zip(data: bytes) -> bool:
    return data[:4] == b"PK\x03\x04"


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


def unpack(data: bytes, file_name: str) -> tuple[bytes, dict[str, bytes]]:
    """The games.json of a ZIP and its photos (name → bytes), each checked; ImportFileError in words otherwise."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, OSError, ValueError):
        raise ImportFileError(f"{file_name}: not a ZIP file Tableside can read") from None
    if len(entries) > MAX_ENTRIES:
        raise ImportFileError(f"{file_name}: {len(entries):,} files in it (at most {MAX_ENTRIES:,})")
    by_name = {e.filename: e for e in entries}
    if GAMES not in by_name:
        raise ImportFileError(f"{file_name}: it holds no {GAMES} (a ZIP exported by Tableside holds one)")
    text = _read(archive, by_name[GAMES], MAX_JSON_BYTES, file_name)
    photos: dict[str, bytes] = {}
    for entry in entries:
        if not entry.filename.startswith(PHOTOS) or entry.is_dir():
            continue
        name = entry.filename.removeprefix(PHOTOS)
        if not is_name(name):
            raise ImportFileError(f"{file_name}: {entry.filename} is not a photo Tableside exported")
        raw = _read(archive, entry, tableau_photos.MAX_PHOTO_BYTES, file_name)
        if photo_name(raw) != name:
            raise ImportFileError(f"{file_name}: {entry.filename} is damaged (its bytes do not match its name)")
        if not is_image(raw):
            raise ImportFileError(f"{file_name}: {entry.filename} is not an image")
        photos[name] = raw
    return text, photos


def _read(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, most: int, file_name: str) -> bytes:
    """An entry's bytes, never more than `most` (a ZIP's stated sizes may lie: the read itself is cut off)."""
    if entry.file_size > most:
        raise ImportFileError(f"{file_name}: {entry.filename} is larger than {most // (1024 * 1024)} MB")
    try:
        with archive.open(entry) as f:
            raw = f.read(most + 1)
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, RuntimeError):
        raise ImportFileError(f"{file_name}: {entry.filename} cannot be read (the ZIP is damaged or encrypted)") from None
    if len(raw) > most:
        raise ImportFileError(f"{file_name}: {entry.filename} is larger than {most // (1024 * 1024)} MB")
    return raw


def is_image(data: bytes) -> bool:
    if not tableau_photos.available():
        return True  # the browser build keeps no photos: kept() drops them all
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            image.verify()
    except Exception:  # whatever Pillow raises for bytes that are not an image
        return False
    return True


def kept(records: list[dict], photos: dict[str, bytes], folder: Path | None) -> list[dict]:
    """The records with the photo references an import can honour: photos in the file, or already here."""
    here = PhotoFolder(folder) if folder is not None and tableau_photos.available() else None
    brought = photos if here is not None else {}
    out = []
    for record in records:
        if not isinstance(record, dict) or "photos" not in record:
            out.append(record)
            continue
        refs = [r for r in refs_of(record) if r.get("file") in brought or (here is not None and here.has(r.get("file", "")))]
        out.append({**record, "photos": refs} if refs else {k: v for k, v in record.items() if k != "photos"})
    return out


def used(records: list[dict], photos: dict[str, bytes]) -> dict[str, bytes]:
    """The photos of the file that its games refer to (the others are not stored)."""
    names = set().union(*(names_of(r) for r in records)) if records else set()
    return {name: data for name, data in photos.items() if name in names}
