"""A PNG scorecard of a result, drawn on the server with Pillow (card_layout.py: the font, the colours,
lines wrapped rather than cut). "Save image" on the results screen downloads it. No Flet here: tested on
its own."""

from __future__ import annotations

import scoring
from companion.language import _, spoken
from companion.services.card_layout import ACCENT, INK, MARGIN, MUTED, WIDTH, Card, render, text_width
from companion.services.share import headline, place_rows

__all__ = ["MARGIN", "ROW", "WIDTH", "scorecard_layout", "scorecard_png"]

ROW = 64  # one player's row, when the name takes one line
NAME_X = MARGIN + 110  # the name's column, after the place
MAX_TOTAL_WIDTH = 200  # the total's column at the right (a total wider than that wraps), the name's the rest
GAP = 20


def scorecard_layout(result: scoring.Result, day: str, duration: str | None = None, name: str | None = None) -> Card:
    """The card's lines: title, headline, one row per player (place, name, total), the tiebreak sentences, the footer.
    `name`: the game's name as its record says it (a score pad's "Hearts"); the rules' title without one."""
    card = Card()
    title = (name or scoring.GAMES[result.game].title) + f" · {day}" + (f" · {duration}" if duration else "")
    y = card.text(MARGIN, title, 34, MUTED) + 18
    y = card.text(y, headline(result), 52, ACCENT) + 25
    for place, player, total in place_rows(result):
        card.rule(y)
        card.text(y + 12, spoken(place), 38, INK)
        total_width = int(min(text_width(scoring.number(total), 38), MAX_TOTAL_WIDTH)) + 1
        name_end = card.text(y + 12, player, 38, INK, x=NAME_X, width=WIDTH - MARGIN - NAME_X - total_width - GAP)
        total_end = card.text(y + 12, scoring.number(total), 38, INK, x=WIDTH - MARGIN, width=total_width, right=True)
        y = max(y + ROW, name_end + 4, total_end + 4)
    if result.explanations:
        y += 20
        for sentence in result.explanations:
            y = card.text(y, spoken(sentence), 30, MUTED)
    y = card.text(y + 20, _("Scored with Tableside"), 26, MUTED)
    card.height = y + MARGIN
    return card


def scorecard_png(result: scoring.Result, day: str, duration: str | None = None, name: str | None = None) -> bytes:
    return render(scorecard_layout(result, day, duration, name))
