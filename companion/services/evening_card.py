"""A PNG recap of a game night, drawn like the single game's scorecard (scorecard.py: same font, sizes
and colours): the evening's title, every game with its winner, the standings. "Save image" on Tonight
downloads it. No Flet here: tested on its own."""

from __future__ import annotations

import io

from companion.services.evenings import Evening, game_line, standing_line, standings, title
from companion.services.scorecard import ACCENT, INK, MARGIN, MUTED, PAPER, ROW, WIDTH, fit, font

GAME_ROW = 52  # one game's line
MAX_GAMES = 30  # a marathon night: the first 29 games and "… and N more"


def height_for(games: int, players: int) -> int:
    return MARGIN + 130 + games * GAME_ROW + 90 + players * ROW + 60 + MARGIN


def evening_png(evening: Evening) -> bytes:
    from PIL import Image, ImageDraw  # here, not at the top: the browser build has no Pillow (images.available)

    lines = [game_line(g) for g in evening.games]
    if len(lines) > MAX_GAMES:
        lines = [*lines[: MAX_GAMES - 1], f"… and {len(lines) - MAX_GAMES + 1} more games"]
    rows = standings(evening)
    image = Image.new("RGB", (WIDTH, height_for(len(lines), len(rows))), PAPER)
    draw = ImageDraw.Draw(image)
    inner = WIDTH - 2 * MARGIN
    y = MARGIN
    draw.text((MARGIN, y), fit(draw, title(evening), 40, inner), font=font(40), fill=ACCENT)
    y += 80
    draw.text((MARGIN, y), "Games", font=font(30), fill=MUTED)
    y += 50
    for line in lines:
        draw.text((MARGIN, y), fit(draw, line, 30, inner), font=font(30), fill=INK)
        y += GAME_ROW
    y += 30
    draw.text((MARGIN, y), "Standings", font=font(30), fill=MUTED)
    y += 60
    for s in rows:
        place, player, figures = standing_line(s)
        draw.line((MARGIN, y, WIDTH - MARGIN, y), fill="#DDDDDD", width=2)
        draw.text((MARGIN, y + 12), place, font=font(34), fill=INK)
        draw.text((MARGIN + 100, y + 12), fit(draw, player, 34, 360), font=font(34), fill=INK)
        draw.text((WIDTH - MARGIN, y + 16), fit(draw, figures, 28, inner - 480), font=font(28), fill=MUTED, anchor="ra")
        y += ROW
    draw.text((MARGIN, y + 20), "Scored with Tableside", font=font(26), fill=MUTED)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=True)
    return out.getvalue()
