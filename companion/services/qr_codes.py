"""QR codes a phone camera reads at arm's length: low error correction (a screen is not a worn
sticker: level L, which segno raises for free where the symbol keeps its size), a full quiet zone
(4 modules: the dialog around it may be dark), and modules of a whole number of screen pixels, as
large as the room allows up to MAX_MODULE_PX, at least MIN_MODULE_PX where it fits. The PNG is drawn at PIXEL_RATIO
times that, so a phone's or a tablet's dense screen shows sharp edges. Pure: no Flet."""

from __future__ import annotations

import io
from dataclasses import dataclass

import segno

QUIET = 4  # modules of white around the symbol (the standard's quiet zone)
MIN_MODULE_PX = 5  # screen pixels per module a phone reads from about 50 cm
MAX_MODULE_PX = 12  # larger helps no camera: a short link's code stays under 450 px
PIXEL_RATIO = 3  # the PNG's pixels per screen pixel (phones are 2 to 3)


@dataclass(frozen=True)
class QrImage:
    png: bytes
    modules: int  # the symbol's modules across, without the quiet zone
    module_px: int  # screen pixels per module

    @property
    def side(self) -> int:
        """The image's width and height in screen pixels, quiet zone included."""
        return (self.modules + 2 * QUIET) * self.module_px


def qr_image(text: str, room: int) -> QrImage | None:
    """`text` as a QR code at most `room` screen pixels wide (smaller modules only where MIN_MODULE_PX
    does not fit); None when `text` is too long for any QR code."""
    try:
        code = segno.make(text, error="l", micro=False)
    except segno.DataOverflowError:
        return None
    modules = int(code.symbol_size(border=0)[0])
    module_px = int(max(1, min(MAX_MODULE_PX, room // (modules + 2 * QUIET))))
    large = io.BytesIO()
    try:
        from PIL import Image
    except ImportError:  # the browser build: segno draws it at full size itself (slower, the same picture)
        code.save(large, kind="png", scale=module_px * PIXEL_RATIO, border=QUIET)
        return QrImage(large.getvalue(), modules, module_px)
    small = io.BytesIO()
    code.save(small, kind="png", scale=1, border=QUIET)  # one pixel a module: segno's PNG writer is Python, slow at scale
    side = (modules + 2 * QUIET) * module_px * PIXEL_RATIO
    Image.open(small).resize((side, side), Image.Resampling.NEAREST).save(large, format="PNG", optimize=True)
    return QrImage(large.getvalue(), modules, module_px)
