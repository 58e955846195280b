"""A PNG scorecard of a result, drawn on the server with Pillow (offline: the DejaVu font shipped in
assets/fonts). "Save image" on the results screen downloads it. No Flet here: tested on its own."""

from __future__ import annotations

import io
import textwrap
from functools import cache
from pathlib import Path

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # Pillow is imported where it draws: the browser build has none
    from PIL import ImageDraw, ImageFont

import scoring
from companion.services.share import headline, place_rows

FONT = Path(__file__).resolve().parents[2] / "assets" / "fonts" / "DejaVuSans.ttf"
WIDTH = 1080  # a square-ish card at a phone's share-sheet resolution
MARGIN = 60
ROW = 64  # one player's line
LINE = 40  # one line of a tiebreak sentence
WRAP = 52  # characters per sentence line at the sentence size
INK, MUTED, PAPER, ACCENT = "#1C1B1F", "#5F5B66", "#FFFFFF", "#00796B"


@cache
def font(size: int) -> ImageFont.FreeTypeFont:
    from PIL import ImageFont

    return ImageFont.truetype(str(FONT), size)


def fit(draw: ImageDraw.ImageDraw, text: str, size: int, width: int) -> str:
    """`text`, shortened with "…" until it is at most `width` pixels wide (a long name keeps its row)."""
    if draw.textlength(text, font=font(size)) <= width:
        return text
    while text and draw.textlength(text + "…", font=font(size)) > width:
        text = text[:-1]
    return text + "…"


def height_for(players: int, sentence_lines: int) -> int:
    """The card's height: title and headline, one row per player, the sentences, the footer."""
    return MARGIN + 150 + players * ROW + (20 + sentence_lines * LINE if sentence_lines else 0) + 60 + MARGIN


def scorecard_png(result: scoring.Result, day: str, duration: str | None = None) -> bytes:
    from PIL import Image, ImageDraw

    sentences = [part for s in result.explanations for part in textwrap.wrap(s, WRAP)]
    rows = place_rows(result)
    image = Image.new("RGB", (WIDTH, height_for(len(rows), len(sentences))), PAPER)
    draw = ImageDraw.Draw(image)
    y = MARGIN
    title = scoring.GAMES[result.game].title + f" · {day}" + (f" · {duration}" if duration else "")
    draw.text((MARGIN, y), fit(draw, title, 34, WIDTH - 2 * MARGIN), font=font(34), fill=MUTED)
    y += 60
    draw.text((MARGIN, y), fit(draw, headline(result), 52, WIDTH - 2 * MARGIN), font=font(52), fill=ACCENT)
    y += 90
    total_right = WIDTH - MARGIN
    for place, player, total in rows:
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill="#DDDDDD", width=2)
        draw.text((MARGIN, y + 12), place, font=font(38), fill=INK)
        draw.text((MARGIN + 110, y + 12), fit(draw, player, 38, WIDTH - 2 * MARGIN - 330), font=font(38), fill=INK)
        draw.text((total_right, y + 12), str(total), font=font(38), fill=INK, anchor="ra")
        y += ROW
    if sentences:
        y += 20
        for line in sentences:
            draw.text((MARGIN, y), line, font=font(30), fill=MUTED)
            y += LINE
    draw.text((MARGIN, y + 20), "Scored with Tableside", font=font(26), fill=MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
