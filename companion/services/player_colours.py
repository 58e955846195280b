"""Each player's colour, the same on every screen and every day: chips, score sheets, charts
(at the table of a game whose cards have colours, a colour clear of them: see below).

Pure (no Flet): a name always maps to the same palette entry (a CRC of its casefolded form, not
Python's `hash`, which changes with every process). At one table two names may share an entry:
`table_colours` then gives the later name, in name order (never seat order, so moving seats
changes nothing), the next free colour.

The palette's colours are mid-tones with a contrast of at least 3:1 (WCAG's figure for graphics)
against both a white page and Material 3's dark surface (#141218): a dot, a border or a chart
line reads in either theme. They are never used for text.

At a game whose cards have colours of their own (Lost Cities' expeditions, Card Commons' red suits),
a player's colour must not read as one of them (Ana's blue dot is not the blue expedition): the table
passes the cards' colours as `avoid`, and its players take only palette colours whose hue (OKLCH, the
eye's own scale) is at least MIN_HUE_GAP degrees from every coloured card, in both themes' shades.
Lost Cities leaves orange, teal, pink and olive. Where fewer are left than players, the least
confusable of the others complete them (distinct colours come first). A grey or black card (chroma
under GREY_CHROMA) is no hue to avoid.
"""

from __future__ import annotations

import math
import zlib
from collections.abc import Iterable

from companion.language import N_, _
from scoring.names import name_key

PALETTE: tuple[tuple[str, str], ...] = (  # (name said to people, colour)
    (N_("blue"), "#2F7ED8"),
    (N_("orange"), "#D9700F"),
    (N_("green"), "#2E9A4E"),
    (N_("red"), "#E0474C"),
    (N_("purple"), "#9B6BD6"),
    (N_("teal"), "#13958C"),
    (N_("pink"), "#D6549B"),
    (N_("brown"), "#A8793F"),
    (N_("indigo"), "#5C74E6"),
    (N_("olive"), "#8A9A1E"),
)


def _slot(name: str) -> int:
    return zlib.crc32(name_key(name).encode("utf-8")) % len(PALETTE)


def player_colour(name: str) -> str:
    """The colour of `name` wherever it is shown, e.g. '#2F7ED8'."""
    return PALETTE[_slot(name)][1]


def colour_name(colour: str) -> str:
    """'blue' for the palette's blue (for a screen reader or a legend), in the reader's language; '' for a colour not in it."""
    return next((_(said) for said, c in PALETTE if c == colour), "")


MIN_HUE_GAP = 25.0  # degrees of OKLCH hue between a player's colour and a card's
GREY_CHROMA = 0.06  # below this a card's colour is grey, black or white: no hue to mistake


def oklch(colour: str) -> tuple[float, float, float]:
    """'#RRGGBB' as OKLCH: lightness 0..1, chroma, hue in degrees (Björn Ottosson's OKLab)."""
    digits = colour.lstrip("#")[-6:]

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(int(digits[i : i + 2], 16) / 255) for i in (0, 2, 4))
    lms = (
        (0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b) ** (1 / 3),
        (0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b) ** (1 / 3),
        (0.0883024619 * r + 0.2817188376 * g + 0.6299787477 * b) ** (1 / 3),
    )
    lightness = 0.2104542553 * lms[0] + 0.7936177850 * lms[1] - 0.0040720468 * lms[2]
    a = 1.9779984951 * lms[0] - 2.4285922050 * lms[1] + 0.4505937099 * lms[2]
    b_ = 0.0259040371 * lms[0] + 0.7827717662 * lms[1] - 0.8086757660 * lms[2]
    return lightness, math.hypot(a, b_), math.degrees(math.atan2(b_, a)) % 360


def hue_gap(colour: str, cards: Iterable[str]) -> float:
    """Degrees of hue from `colour` to the nearest coloured card (360 when no card has a hue)."""
    hue = oklch(colour)[2]
    gaps = [abs((hue - h + 180) % 360 - 180) for _lightness, chroma, h in map(oklch, cards) if chroma >= GREY_CHROMA]
    return min(gaps, default=360.0)


def usable_slots(players: int, avoid: Iterable[str]) -> set[int]:
    """The palette entries a table of `players` may use: those no card's colour is mistaken for, and
    where they are too few, the least confusable others."""
    avoid = list(avoid)
    gaps = [hue_gap(colour, avoid) for _said, colour in PALETTE]
    clear = {i for i, gap in enumerate(gaps) if gap >= MIN_HUE_GAP}
    others = sorted(set(range(len(PALETTE))) - clear, key=lambda i: -gaps[i])
    return clear | set(others[: max(0, players - len(clear))])


def table_colours(players: Iterable[str], avoid: Iterable[str] = ()) -> dict[str, str]:
    """A colour for each player at one table, all different while the palette lasts; none mistaken
    for the colours in `avoid` (the game's cards, '#RRGGBB' of either theme) while enough are left."""
    players = list(dict.fromkeys(players))
    usable = usable_slots(len(players), avoid)
    taken: set[int] = set()
    chosen: dict[str, str] = {}
    for name in sorted(players, key=lambda p: (name_key(p), p)):
        slot = _slot(name)
        for step in range(len(PALETTE)):
            candidate = (slot + step) % len(PALETTE)
            if candidate in usable and candidate not in taken:
                slot = candidate
                break
        taken.add(slot)
        if len(taken) >= len(usable):
            taken.clear()  # more players than colours: start sharing again
        chosen[name] = PALETTE[slot][1]
    return {p: chosen[p] for p in players}
