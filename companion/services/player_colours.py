"""Each player's colour, the same on every screen and every day: chips, score sheets, charts.

Pure (no Flet): a name always maps to the same palette entry (a CRC of its casefolded form, not
Python's `hash`, which changes with every process). At one table two names may share an entry:
`table_colours` then gives the later name, in name order (never seat order, so moving seats
changes nothing), the next free colour.

The palette's colours are mid-tones with a contrast of at least 3:1 (WCAG's figure for graphics)
against both a white page and Material 3's dark surface (#141218): a dot, a border or a chart
line reads in either theme. They are never used for text.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable

from scoring.names import name_key

PALETTE: tuple[tuple[str, str], ...] = (  # (name said to people, colour)
    ("blue", "#2F7ED8"),
    ("orange", "#D9700F"),
    ("green", "#2E9A4E"),
    ("red", "#E0474C"),
    ("purple", "#9B6BD6"),
    ("teal", "#13958C"),
    ("pink", "#D6549B"),
    ("brown", "#A8793F"),
    ("indigo", "#5C74E6"),
    ("olive", "#8A9A1E"),
)


def _slot(name: str) -> int:
    return zlib.crc32(name_key(name).encode("utf-8")) % len(PALETTE)


def player_colour(name: str) -> str:
    """The colour of `name` wherever it is shown, e.g. '#2F7ED8'."""
    return PALETTE[_slot(name)][1]


def colour_name(colour: str) -> str:
    """'blue' for the palette's blue (for a screen reader or a legend); '' for a colour not in it."""
    return next((said for said, c in PALETTE if c == colour), "")


def table_colours(players: Iterable[str]) -> dict[str, str]:
    """A colour for each player at one table, all different while the palette lasts."""
    players = list(dict.fromkeys(players))
    taken: set[int] = set()
    chosen: dict[str, str] = {}
    for name in sorted(players, key=lambda p: (name_key(p), p)):
        slot = _slot(name)
        for step in range(len(PALETTE)):
            if (slot + step) % len(PALETTE) not in taken:
                slot = (slot + step) % len(PALETTE)
                break
        taken.add(slot)
        if len(taken) == len(PALETTE):
            taken.clear()  # more players than colours: start sharing again
        chosen[name] = PALETTE[slot][1]
    return {p: chosen[p] for p in players}
