"""A PNG recap of a game night, drawn like the single game's scorecard (card_layout.py: same font, sizes
and colours, lines wrapped rather than cut): the evening's title, every game with its winner and every
player's score, the standings. "Save image" on Tonight downloads it. No Flet here: tested on its own."""

from __future__ import annotations

from companion.language import _, ngettext
from companion.services.card_layout import ACCENT, INK, MARGIN, MUTED, WIDTH, Card, render, text_width
from companion.services.evenings import Evening, game_line, standing_line, standings, title

__all__ = ["MAX_GAMES", "WIDTH", "evening_layout", "evening_png"]

ROW = 64  # one player's standing, when it takes one line
MAX_GAMES = 30  # a marathon night: the first 29 games and "… and N more"
NAME_X = MARGIN + 100  # the standing's name column, after the place
MIN_NAME_WIDTH = 300  # the name's column at least; the figures ("2 wins · 1.85 points in 3 games") take the rest
GAP = 24


def evening_layout(evening: Evening) -> Card:
    """The card's lines: title, every game (wrapped: every player's score is on it), the standings, the footer."""
    lines = [game_line(g) for g in evening.games]
    if len(lines) > MAX_GAMES:
        more = len(lines) - MAX_GAMES + 1  # never fewer than 2
        lines = [*lines[: MAX_GAMES - 1], ngettext("… and {count} more game", "… and {count} more games", more).format(count=more)]
    card = Card()
    y = card.text(MARGIN, title(evening), 40, ACCENT) + 30
    y = card.text(y, _("Games"), 30, MUTED) + 12
    for line in lines:
        y = card.text(y, line, 30, INK) + 14
    y = card.text(y + 30, _("Standings"), 30, MUTED) + 22
    for s in standings(evening):
        place, player, figures = standing_line(s)
        card.rule(y)
        card.text(y + 12, place, 34, INK)
        figures_width = min(text_width(figures, 28), WIDTH - MARGIN - NAME_X - MIN_NAME_WIDTH - GAP)
        name_width = int(WIDTH - MARGIN - NAME_X - figures_width - GAP)
        name_end = card.text(y + 12, player, 34, INK, x=NAME_X, width=name_width)
        figures_end = card.text(y + 16, figures, 28, MUTED, x=WIDTH - MARGIN, width=int(figures_width) + 1, right=True)
        y = max(y + ROW, name_end + 8, figures_end + 8)
    y = card.text(y + 20, _("Scored with Tableside"), 26, MUTED)
    card.height = y + MARGIN
    return card


def evening_png(evening: Evening) -> bytes:
    return render(evening_layout(evening))
