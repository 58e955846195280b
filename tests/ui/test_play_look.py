"""How the play screens look, checked without a browser (issue 13): colours readable in both
themes (contrast from each game's own Material colour scheme, as Flutter derives it from the
seed), no text under 12 px, targets of 48 px, sentences only once they apply, the score sheet."""

from __future__ import annotations

import re

import flet as ft
import pytest
from material_color_palette import Color
from materialyoucolor.dynamiccolor.material_dynamic_colors import MaterialDynamicColors as M
from materialyoucolor.hct import Hct
from materialyoucolor.scheme.scheme_tonal_spot import SchemeTonalSpot

from companion.data.ids import route_id
from companion.server import fonts
from companion.ui import games as game_screens
from companion.ui.widgets import palette
from companion.ui.widgets.controls import TAP
from tests import every_game

from .harness import card_state, tappable, walk
from .helpers import set_up

READABLE = 4.5  # WCAG AA for text


def seed_hex(seed: str) -> str:
    """A seed as '#RRGGBB': Flet's name of a Material colour ("amber800", "deeporangeaccent400") from Material's 2014
    palette (the one Flutter's `Colors` holds), or a hex seed as it is; a new game's colour needs no entry here."""
    if seed.startswith("#"):
        return seed.upper()
    hue, accent, shade = re.fullmatch(r"([a-z]+?)(accent)?(\d*)", seed).groups()
    tone: int | str = "a" + (shade or "200") if accent else int(shade or 500)  # Flutter's amber is its 500, amberAccent A200
    hue = hue.replace("grey", "gray")
    for spelled in [hue, *(hue[:i] + "_" + hue[i:] for i in range(1, len(hue)))]:  # "deeporange": the palette's deep_orange
        try:
            return Color(spelled, tone).hex.upper()
        except ValueError:
            continue
    raise ValueError(f"{seed!r} is no colour of Material's palette")


def scheme(seed: str, dark: bool) -> dict[str, str]:
    """The colours Flutter's ColorScheme.fromSeed gives (tonal spot, the 2021 spec), as '#RRGGBB'."""
    s = SchemeTonalSpot(Hct.from_int(int("FF" + seed.lstrip("#"), 16)), dark, 0.0, spec_version="2021")
    names = (
        "surface",
        "surfaceContainerLow",
        "surfaceContainerHighest",
        "onSurface",
        "onSurfaceVariant",
        "primaryContainer",
        "onPrimaryContainer",
        "errorContainer",
        "onErrorContainer",
        "error",
    )
    return {n: f"#{getattr(M, n).get_argb(s) & 0xFFFFFF:06X}" for n in names}


def seeds() -> list[str]:
    return sorted({game_screens.seed(key) for key in game_screens.ordered()} | {game_screens.DEFAULT_SEED})


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_text_colours_are_readable_on_every_games_surfaces(dark):
    failures = []
    for seed in seeds():
        c = scheme(seed_hex(seed), dark)
        backgrounds = (c["surface"], c["surfaceContainerLow"], c["surfaceContainerHighest"])
        # Cards and column heads lie on the surface (a card button is filled with it), never on a container.
        pairs = [(f"card colour {name}", palette.ink(name, dark), bg) for name in palette.INKS for bg in backgrounds[:2]]
        pairs += [(f"text on a held {name} card", palette.on(palette.ink(name, dark)), palette.ink(name, dark)) for name in palette.INKS]
        pairs += [
            (what, fg, bg)
            for what, fg in (("text", c["onSurface"]), ("muted text", c["onSurfaceVariant"]), ("refusal", c["error"]))
            for bg in backgrounds
        ]
        pairs += [
            ("leader's total", c["onPrimaryContainer"], c["primaryContainer"]),
            ("refusal bar", c["onErrorContainer"], c["errorContainer"]),
        ]
        if dark:  # the text theme's own colour (fonts.DARK_TEXT), which plain texts take
            pairs += [("dark theme text", fonts.DARK_TEXT, bg) for bg in backgrounds]
        failures += [
            f"{seed}: {what} {fg} on {bg}: {palette.contrast(fg, bg):.2f}" for what, fg, bg in pairs if palette.contrast(fg, bg) < READABLE
        ]
    assert not failures, "\n".join(failures)


def test_contrast_is_computed_as_wcag_says():
    assert palette.contrast("#000000", "#FFFFFF") == pytest.approx(21)
    assert palette.contrast("#777777", "#FFFFFF") == pytest.approx(4.48, abs=0.01)
    assert palette.on("#FFE082") == palette.BLACK and palette.on("#1565C0") == palette.WHITE


TAPS = {  # players set up on the setup screen, a few taps; every other game: one of its worked examples under way
    "lost-cities": (["Mia", "Noah"], ["Mia red 3", "Mia red investment 1"]),
    "card-commons": (["Ana", "Ben"], ["nest egg 2H", "Ana commission 4D"]),
    "cgt": (["Lea", "Max", "Kai"], ["Type 5 Meta plus", "Lea type 5 plus"]),
    "bgg-card-game": (["Dan", "Aldie"], ["Dan War played plus"]),
    "bgg-game": (["Ada", "Bo", "Cy", "Di"], ["Ada tile blue 1"]),
}


@pytest.mark.parametrize("width", [360, 1180])
@pytest.mark.parametrize("game", every_game.with_screens())
def test_no_small_text_and_no_small_target(open_app, store, game, width):
    if game in TAPS:
        h = open_app(f"/setup/{game}", width=width)
        names, taps = TAPS[game]
        set_up(h, names)
        for name in taps:
            h.tap(name)
    else:
        played = store.create(every_game.record(every_game.example_of(game, decided=False))).id
        h = open_app(f"/play/{route_id(played)}", width=width)
    controls = list(walk(h.top_view()))
    small = [c.value for c in controls if isinstance(c, ft.Text) and c.size is not None and c.size < 12]
    assert not small, f"text under 12 px: {small}"
    for c in controls:
        if isinstance(c, ft.IconButton):
            assert c.size_constraints and c.size_constraints.min_height >= TAP, c.icon
        elif tappable(c) and c.height is not None:
            # A card sized to fit the screen (Lost Cities' 12 rows on a phone, 6 nimmt!'s rows of ten): never under the
            # smallest its screen says it draws (docs/screens.md); every other target 48 × 48.
            card = card_state(c) in ("held", "free", "taken")
            narrowest, lowest = game_screens.screen(game).smallest_card if card else (TAP, TAP)
            assert c.height >= lowest and (c.width is None or c.width >= narrowest), c


def texts(h) -> list[str]:
    return [c.value for c in walk(h.top_view()) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_no_tiebreak_sentence_before_anything_is_entered(open_app):
    h = open_app("/setup/cgt")
    set_up(h, ["Lea", "Max", "Kai"])  # Max and Kai level at 0, Lea at −2 (the first player's penalty)
    assert not [t for t in texts(h) if "place." in t]
    h.tap("Type 5 Meta plus")
    h.tap("Lea type 5 plus")
    assert any(t.startswith("Kai and Max both have 0") for t in texts(h))  # level in a game under way: said


def test_lost_cities_names_the_starter_of_the_round_being_entered(open_app):
    h = open_app("/setup/lost-cities")
    set_up(h, ["Mia", "Noah"])
    assert not [t for t in texts(h) if "starts" in t]  # round 1: the players choose, nothing to say
    h.tap("Mia red 3")
    h.tap("Mia red 10")  # Mia −7
    h.tap("Next round")
    shown = " ".join(texts(h))
    assert "Noah had the higher total after round 1 and starts round 2." in shown
    assert "round 3" not in shown.replace("Round 2 of 3", "")


def test_score_sheets(open_app):
    h = open_app("/setup/card-commons", width=1180)
    set_up(h, ["Ana", "Ben"])
    for name in ("nest egg 2H", "Ana commission 3H", "Ben commission 4C", "Score round 1"):
        h.tap(name)
    sheet = [c for c in walk(h.top_view()) if isinstance(c, ft.Semantics) and c.label == "Score sheet"]
    assert len(sheet) == 1
    cells = [c.value for c in walk(sheet[0]) if isinstance(c, ft.Text)]
    assert cells[:3] == ["Round", "Ana", "Ben"] and "Total" in cells
