"""A device's theme: Light, Dark or Black (true black, for a phone's OLED screen on a dark table).

Black is the dark theme on a page of #000000 with near-black surfaces: the game's own colour scheme
(seeded as in Dark) keeps its accents and texts, only the surfaces under them go darker, so every
text and card colour that reads on Dark's grey reads better still on black (tests/ui/test_black_theme.py
checks each game's colours on each surface). Screens draw the dark shades of card colours in both
(`App.dark` is true for Black too).

Each device keeps its own choice in its browser (`PREFERENCE`: "light", "dark" or "black"); the server's
setting is only the default of devices that chose none (session.py)."""

from __future__ import annotations

import flet as ft

from companion.language import N_
from companion.server import fonts

PREFERENCE = "tableside.theme"  # the browser's key for this device's choice
LIGHT, DARK, BLACK = "light", "dark", "black"
CHOICES = (LIGHT, DARK, BLACK)
LABELS = {LIGHT: N_("Light theme"), DARK: N_("Dark theme"), BLACK: N_("Black theme")}  # accessible names: translated where shown
PAGE = "#000000"  # Black's page: an OLED screen's pixels off
# Black's surfaces, darkest first: the page, then cards, fields and bars a step above it, grey
# enough to tell apart on black, dark enough that the seeded dark texts and accents keep their contrast.
SURFACES = {
    "surface": PAGE,
    "surface_dim": PAGE,
    "surface_container_lowest": PAGE,
    "surface_container_low": "#0B0B0B",
    "surface_container": "#121212",
    "surface_container_high": "#1A1A1A",
    "surface_container_highest": "#242424",
    "surface_bright": "#2A2A2A",
}


def flags(choice: str) -> tuple[bool, bool]:
    """(dark, black) for a choice: Black is a dark theme."""
    return choice in (DARK, BLACK), choice == BLACK


def choice(dark: bool, black: bool) -> str:
    """The choice the flags stand for."""
    return BLACK if black else DARK if dark else LIGHT


def light_theme(seed: str) -> ft.Theme:
    """The page's light theme in a game's colours."""
    return fonts.theme(color_scheme_seed=seed)


def dark_theme(seed: str, black: bool) -> ft.Theme:
    """The page's dark theme in a game's colours: Material's grey, or Black's surfaces over it."""
    if not black:
        return fonts.theme(dark=True, color_scheme_seed=seed)
    return fonts.theme(
        dark=True,
        color_scheme_seed=seed,
        color_scheme=ft.ColorScheme(**SURFACES),
        # Flutter takes the page's colour from the seeded scheme before the overrides: say it again.
        scaffold_bgcolor=PAGE,
        canvas_color=PAGE,
    )


FOCUS_WIDTH = 3  # px: the outline of the control the keyboard is on


def focus_style() -> ft.ButtonStyle:
    """Every button's style (`style=themes.focus_style()`): outlined while the keyboard is on it (WCAG 2.4.7), in the
    theme's text colour: far above 3:1 against the page in each theme (tests/e2e/test_accessibility.py measures it).
    Flutter marks a focused button by a faint fill only (measured 1.16:1 on Undo).

    On each button, not in the page's theme: Flet's client parses a button style anew into an object never equal to
    the last, so a theme holding one was a new theme at every change of the page (a fallback font registered as a
    name is typed), and the text field being typed in lost its focus, and the Enter after it (tests/e2e/test_names.py)."""
    return ft.ButtonStyle(side={ft.ControlState.FOCUSED: focus_outline()})


def focus_outline() -> ft.BorderSide:
    """The outline of a focused button (focus_style), for a button whose style draws an edge of its own (a card)."""
    # Outside the button's shape: on the page, not on a filled button's colour (2.1-2.5:1 measured there).
    return ft.BorderSide(FOCUS_WIDTH, ft.Colors.ON_SURFACE, stroke_align=ft.BorderSideStrokeAlign.OUTSIDE)
