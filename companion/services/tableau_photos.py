"""A photo of a player's tableau: checked, made small and upright, stored, and added to the game.

What a phone sends is checked first: at most MAX_PHOTO_BYTES, and an image Pillow can read (a text
file named .jpg is refused in words, so is an image of absurd dimensions). It is then turned upright
by its EXIF orientation (ImageOps.exif_transpose), shrunk to LONG_SIDE pixels on its long side, and
its pixels alone are saved as a new JPEG: no EXIF, XMP, ICC profile, comment, text chunk or anything after
the picture is kept (so no GPS location, no camera serial leaves the phone's photo). A photo an import
brings is stored the same way (photo_archive.py), even one Tableside stored itself.
The file goes to the data folder's photos/ (data/photos.py), then the game's record refers to it
(LiveGame.add_photo): the store publishes the game's change, and every device of the table draws it.

The browser build (companion/standalone) has no Pillow: there the button says in words that photos
need Tableside on a computer (`available()` false), and nothing is stored.
"""

from __future__ import annotations

import io
import logging
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.data.photos import PhotoFolder, in_use, refs_of
from companion.language import N_, _
from companion.services import card_layout
from companion.services.live import Check, Done, LiveGame

log = logging.getLogger("tableside")

MAX_PHOTO_BYTES = 20 * 1024 * 1024  # a phone camera's largest JPEG is well under it
MAX_PIXELS = 60_000_000  # 60 megapixels: beyond any phone camera; Pillow's own bomb limit is 89 M
LONG_SIDE = 1600  # px: every card and number readable on a laptop, about 300 kB
THUMB_SIDE = 240  # px: a thumbnail's long side
QUALITY = 85
NEEDS_A_COMPUTER = N_("Photos need Tableside on a computer: this browser version cannot store them.")  # shown as _(NEEDS_A_COMPUTER)


class PhotoRefused(ValueError):
    """A file that is not taken as a photo; str() says why, in words, for the control."""


def too_big(file_name: str) -> str:
    return _("{file} is larger than {size} MB: nothing was saved. Take a smaller photo.").format(
        file=file_name, size=MAX_PHOTO_BYTES // (1024 * 1024)
    )


def available() -> bool:
    """Whether this Tableside can make photos (Pillow is here: not the browser build)."""
    return card_layout.available()


def prepared(data: bytes, file_name: str) -> bytes:
    """The photo as it is stored: upright, at most LONG_SIDE px, a JPEG of its pixels alone (the same bytes
    every time for the same photo). PhotoRefused otherwise."""
    if len(data) > MAX_PHOTO_BYTES:
        raise PhotoRefused(too_big(file_name))
    from PIL import Image, ImageOps, UnidentifiedImageError

    not_an_image = _("{file} is not a photo Tableside can read (a JPEG, PNG, WebP or GIF): nothing was saved.").format(file=file_name)
    try:
        with Image.open(io.BytesIO(data)) as probe:
            if probe.width * probe.height > MAX_PIXELS:
                raise PhotoRefused(
                    _("{file} is {width} × {height} pixels, more than a camera takes: nothing was saved.").format(
                        file=file_name, width=probe.width, height=probe.height
                    )
                )
            probe.verify()  # the whole file, not only its header
        with Image.open(io.BytesIO(data)) as image:
            image.draft("RGB", (LONG_SIDE, LONG_SIDE))  # a JPEG decoded at a fraction of its size: quicker, less memory
            upright = ImageOps.exif_transpose(image)
            if upright.mode != "RGB":
                if "A" in upright.getbands() or upright.mode == "P":
                    upright = upright.convert("RGBA")
                    back = Image.new("RGB", upright.size, "white")
                    back.paste(upright, mask=upright.getchannel("A"))
                    upright = back
                else:
                    upright = upright.convert("RGB")
            upright.thumbnail((LONG_SIDE, LONG_SIDE), Image.Resampling.LANCZOS)
            # A new image of the pixels: its `info` (a comment, text chunks, XMP, an ICC profile) stays behind,
            # Pillow's save would write some of it (a JPEG's or PNG's comment) into the stored file.
            pixels = Image.new("RGB", upright.size)
            pixels.paste(upright)
            out = io.BytesIO()
            pixels.save(out, "JPEG", quality=QUALITY, optimize=True)
    except PhotoRefused:
        raise
    except Image.DecompressionBombError:  # Pillow refuses past twice its own limit before our check can say the size
        raise PhotoRefused(
            _("{file} has more pixels than a camera takes (over {megapixels} megapixels): nothing was saved.").format(
                file=file_name, megapixels=MAX_PIXELS // 1_000_000
            )
        ) from None
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, EOFError) as e:
        log.info("a photo was refused (%s): %s", file_name, e)
        raise PhotoRefused(not_an_image) from None
    return out.getvalue()


def photo_round(record: dict, draft: Any) -> int | None:
    """The round being entered when the photo is taken (None: a game scored once, at the end)."""
    rounds = record.get("rounds")
    if not isinstance(rounds, list):
        return None
    return max(1, len(rounds) + (1 if draft is not None else 0))


def add_photo(live: LiveGame, folder: Path, player: str, data: bytes, file_name: str, seat: str | None, check: Check) -> Done:
    """Check, prepare and store a photo of `player`'s tableau and add it to the game (in a worker thread:
    Pillow takes a second on a large photo). A refusal is a Done with the reason: nothing saved then."""
    if player not in live.record["players"]:
        return Done(False, _("No one called {player} plays in this game.").format(player=player))
    if seat is not None and player != seat:
        return Done(False, _("This phone can add a photo of its own player's tableau only."))
    try:
        stored = prepared(data, file_name)
    except PhotoRefused as e:
        return Done(False, str(e))
    try:
        name = PhotoFolder(folder).put(stored)
    except OSError as e:
        from companion.data.atomic_files import in_words

        log.exception("a photo could not be written")
        return Done(False, in_words(e, _("the photo was not saved")))
    ref = {
        "file": name,
        "seat": live.record["players"].index(player),
        "taken_at": datetime.now(UTC).isoformat(timespec="seconds"),
    }
    round_ = photo_round(live.record, live.draft)
    if round_ is not None:
        ref["round"] = round_
    done = live.add_photo(ref, seat, check)
    if not done.changed and name not in in_use(live.store):  # refused after all (a right withdrawn meanwhile): no file left behind
        PhotoFolder(folder).set_aside([name])
    return done


def listed(record: dict) -> list[tuple[str, str, str]]:
    """The game's photos as the screens list them: (file, player, caption "Ana · round 2"), oldest first."""
    players = record.get("players", [])
    shown = []
    for ref in refs_of(record):
        seat = ref.get("seat")
        player = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
        round_ = ref.get("round")
        shown.append((ref.get("file", ""), player, _("{player} · round {round}").format(player=player, round=round_) if round_ else player))
    return shown


def photo(folder: Path, name: str) -> bytes | None:
    """A stored photo's bytes (None: missing, and no backup copy holds it)."""
    try:
        return PhotoFolder(folder).read(name)
    except (OSError, ValueError):
        log.exception("the photo %s could not be read", name)
        return None


_THUMBS: dict[tuple[Path, str], bytes] = {}
THUMBS_KEPT = 256


def made_already(folder: Path, name: str) -> bytes | None:
    """The thumbnail made already, if it was (a screen draws it at once; else `thumbnail`, off the event loop)."""
    return _THUMBS.get((folder, name))


def thumbnail(folder: Path, name: str) -> bytes | None:
    """A small JPEG of a stored photo, for lists: made once per photo (a photo never changes under its name).
    It decodes the photo: call it in a worker thread (ui/widgets/tableau_photo.Thumbnail does)."""
    key = (folder, name)
    if key in _THUMBS:
        return _THUMBS[key]
    small = _made_small(folder, name)
    if small is not None:
        if len(_THUMBS) >= THUMBS_KEPT:
            _THUMBS.pop(next(iter(_THUMBS)))  # the oldest made
        _THUMBS[key] = small
    return small


def _made_small(folder: Path, name: str) -> bytes | None:
    data = photo(folder, name)
    if data is None or not available():
        return None
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.width * image.height > MAX_PIXELS:  # never stored so: an old or hand-placed file, not decoded
                raise ValueError(f"{image.width} × {image.height} pixels")
            image.draft("RGB", (THUMB_SIDE, THUMB_SIDE))
            small = image.convert("RGB")
            small.thumbnail((THUMB_SIDE, THUMB_SIDE))
            out = io.BytesIO()
            small.save(out, "JPEG", quality=80)
    except Exception:  # whatever a damaged file makes Pillow raise (a truncated one: ValueError): "photo damaged"
        log.exception("the photo %s could not be made small", name)
        return None
    return out.getvalue()
