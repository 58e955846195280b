"""Laying out and drawing the PNG cards (a game's scorecard, an evening's recap) with Pillow.

A card is laid out first, as a list of placed lines (`Card`), then drawn (`render`): a test reads
every line the image holds without reading pixels. Text never runs off the card and is never cut:
`wrap` measures it with the font it is drawn in and breaks it at a separator (" · ", before " (")
where it can, else between words, and only inside a word too long for a whole line (a 200-character
name); the card grows as tall as its lines. Offline: the DejaVu font shipped in assets/fonts.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from companion.language import _

if TYPE_CHECKING:
    from PIL import ImageFont

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSans.ttf"
WIDTH = 1080  # a square-ish card at a phone's share-sheet resolution
MARGIN = 60
INNER = WIDTH - 2 * MARGIN
INK, MUTED, PAPER, ACCENT, RULE = "#1C1B1F", "#5F5B66", "#FFFFFF", "#00796B", "#DDDDDD"

# Where a line may break, from the most to the least wanted: after a list's " · " or before " (";
# after a space or a hyphen ("Bartholomew-" / "Maximilian"); then anywhere (one character at a time).
BREAKS = (re.compile(r"(?<=· )|(?= \()"), re.compile(r"(?<= )|(?<=\w-)(?=\w)"))


class ImagesUnavailable(RuntimeError):
    """Pillow is not here: the browser build (companion/standalone) has no compiled packages."""

    def __init__(self) -> None:
        super().__init__(_("Images are made by Tableside on a computer: this browser version cannot draw one. Copy the result instead."))


def available() -> bool:
    """Whether images can be drawn here (Pillow is here: not the browser build)."""
    try:
        pillow()
    except ImagesUnavailable:
        return False
    return True


def pillow():
    """The PIL package, imported where an image is drawn (so the rest works where Pillow is missing)."""
    try:
        import PIL.Image
        import PIL.ImageDraw
        import PIL.ImageFont
    except ImportError:
        raise ImagesUnavailable() from None
    return PIL


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    return pillow().ImageFont.truetype(str(FONT), size)


def line_height(size: int) -> int:
    """The distance from one line of `size` to the next."""
    return round(size * 1.25)


def text_width(text: str, size: int) -> float:
    return font(size).getlength(text)


def _pieces(text: str, level: int) -> list[str]:
    if level < len(BREAKS):
        return [p for p in BREAKS[level].split(text) if p]
    return list(text)


def _fill(pieces: list[str], level: int, size: int, width: int) -> list[str]:
    """Greedy filling: as many pieces on a line as fit; a piece too wide alone is broken at the next level."""
    lines: list[str] = []
    line = ""
    for piece in pieces:
        if text_width((line + piece).rstrip(), size) <= width:
            line += piece
            continue
        if line.strip():
            lines.append(line.rstrip())
        piece = piece.lstrip()  # a line never starts with the space it broke at
        if text_width(piece.rstrip(), size) <= width or level >= len(BREAKS):
            line = piece  # (a single character wider than the line stays whole: nothing else to do)
            continue
        finer = _fill(_pieces(piece, level + 1), level + 1, size, width)
        lines += finer[:-1]
        line = finer[-1] + piece[len(piece.rstrip()) :]  # the next piece may join the last part
    if line.strip() or not lines:
        lines.append(line.rstrip())
    return lines


def wrap(text: str, size: int, width: int) -> list[str]:
    """`text` as lines of at most `width` pixels in the card's font at `size`; every character kept."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        lines += _fill(_pieces(paragraph, 0), 0, size, width)
    return lines


@dataclass(frozen=True)
class Placed:
    """One line of text on the card: its top-left corner (its top-right with anchor "ra")."""

    text: str
    x: int
    y: int
    size: int
    fill: str
    anchor: str = "la"


@dataclass
class Card:
    """A laid-out card: its height, its lines in reading order, the y of each rule across it."""

    height: int = 0
    placed: list[Placed] = field(default_factory=list)
    rules: list[int] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        """Every line of text on the card, in reading order."""
        return [p.text for p in self.placed]

    def text(self, y: int, text: str, size: int, fill: str, x: int = MARGIN, width: int = INNER, right: bool = False) -> int:
        """`text` wrapped into `width` at (x, y) (right-aligned on x when `right`); returns the y under it."""
        for line in wrap(text, size, width):
            self.placed.append(Placed(line, x, y, size, fill, "ra" if right else "la"))
            y += line_height(size)
        return y

    def rule(self, y: int) -> None:
        self.rules.append(y)


def render(card: Card) -> bytes:
    """The laid-out card as a PNG."""
    pil = pillow()
    image = pil.Image.new("RGB", (WIDTH, card.height), PAPER)
    draw = pil.ImageDraw.Draw(image)
    for y in card.rules:
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill=RULE, width=2)
    for p in card.placed:
        draw.text((p.x, p.y), p.text, font=font(p.size), fill=p.fill, anchor=p.anchor)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
