"""True black (issue 41): every game's colours on the Black theme's page (#000000) and near-black
surfaces read as well as the other themes ask: text and card colours 4.5:1 (WCAG AA), a player's
colour 3:1 (a mark: dot, border, chart line), and never less than on Dark's grey. A table of every
game's colours: its cards' (Lost Cities' expeditions, the suits, the subdomains, the tiles), its
players' (services/player_colours.py) and its own seeded texts (tests/ui/test_play_look.py's scheme)."""

from __future__ import annotations

import pytest

from companion.server import fonts
from companion.services.player_colours import PALETTE
from companion.ui import games as game_screens
from companion.ui import themes
from companion.ui.widgets import palette
from scoring import bgg_game

from .test_play_look import READABLE, scheme, seed_hex

MARK = 3.0  # WCAG's figure for graphics: the player colours are never text
HOME = "home"  # Tableside's own screens, in DEFAULT_SEED
# The colours each game's cards (or tiles) are drawn in, by palette name (palette.ink gives the shade).
CARD_COLOURS = {key: game_screens.screen(key).card_colours for key in game_screens.ordered()} | {"bgg-game": bgg_game.COLOURS}
BLACK_SURFACES = sorted(set(themes.SURFACES.values()))


def seed_of(game: str) -> str:
    return seed_hex(game_screens.DEFAULT_SEED if game == HOME else game_screens.seed(game))


def black_scheme(game: str) -> dict[str, str]:
    """The game's dark scheme with Black's surfaces laid over it, as Flutter merges them (themes.dark_theme)."""
    black = {"surface": "surface", "surfaceContainerLow": "surface_container_low", "surfaceContainerHighest": "surface_container_highest"}
    return scheme(seed_of(game), dark=True) | {name: themes.SURFACES[ours] for name, ours in black.items()}


def rows() -> list[tuple[str, str, str, str | None, float]]:
    """(game, what, colour, background or None for every Black surface, the least contrast)."""
    table: list[tuple[str, str, str, str | None, float]] = []
    for game in [*game_screens.ordered(), HOME]:
        c = black_scheme(game)
        for name in CARD_COLOURS.get(game, ()):
            shade = palette.ink(name, dark=True)  # Black draws the dark theme's shades (App.dark)
            table.append((game, f"card colour {name}", shade, None, READABLE))
            table.append((game, f"text on a held {name} card", palette.on(shade), shade, READABLE))
        table += [(game, f"player colour {said}", colour, None, MARK) for said, colour in PALETTE]
        table += [
            (game, "text", c["onSurface"], None, READABLE),
            (game, "theme text", fonts.DARK_TEXT, None, READABLE),
            (game, "muted text", c["onSurfaceVariant"], None, READABLE),
            (game, "refusal", c["error"], None, READABLE),
            (game, "leader's total", c["onPrimaryContainer"], c["primaryContainer"], READABLE),
            (game, "refusal bar", c["onErrorContainer"], c["errorContainer"], READABLE),
        ]
    return table


def test_the_table_has_every_games_colours():
    games = {game for game, *_ in rows()}
    assert games == {*game_screens.ordered(), HOME}
    named = {what for game, what, *_ in rows() if game == "lost-cities"}
    assert {f"card colour {c}" for c in ("yellow", "blue", "white", "green", "red", "purple")} <= named  # the six expeditions
    assert {f"player colour {said}" for said, _ in PALETTE} <= named


@pytest.mark.parametrize(("game", "what", "colour", "background", "least"), rows(), ids=lambda v: v if isinstance(v, str) else None)
def test_every_games_colours_read_on_black(game, what, colour, background, least):
    backgrounds = [background] if background else BLACK_SURFACES
    worst = min(palette.contrast(colour, bg) for bg in backgrounds)
    assert worst >= least, f"{game}: {what} {colour}: {worst:.2f} on black"
    if background is None:  # on the page itself: never less readable than on Dark's grey page
        dark_page = scheme(seed_of(game), dark=True)["surface"]
        assert palette.contrast(colour, themes.PAGE) >= palette.contrast(colour, dark_page), (game, what)


def test_the_surfaces_are_near_black_and_the_page_is_black():
    assert themes.SURFACES["surface"] == themes.PAGE == "#000000"
    for colour in themes.SURFACES.values():
        assert palette.contrast(colour, themes.PAGE) < 1.5  # near black: none a grey of its own
    # the steps above the page stay distinguishable from it (a card's edge on the page)
    assert palette.contrast(themes.SURFACES["surface_container_highest"], themes.PAGE) >= 1.3
