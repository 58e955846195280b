"""How each game looks in the app: its colour and icon. Its rules live in `scoring`."""

from __future__ import annotations

import flet as ft

from scoring import GAMES

from . import fonts

ORDER = ("lost-cities", "bgg-card-game", "bgg-game", "cgt", "card-commons")

SEED = {
    "lost-cities": ft.Colors.AMBER_800,
    "bgg-card-game": ft.Colors.INDIGO,
    "bgg-game": ft.Colors.DEEP_ORANGE,
    "cgt": ft.Colors.PURPLE,
    "card-commons": ft.Colors.GREEN_800,
}

ICON = {
    "lost-cities": ft.Icons.EXPLORE,
    "bgg-card-game": ft.Icons.STYLE,
    "bgg-game": ft.Icons.STOREFRONT,
    "cgt": ft.Icons.TRENDING_UP,
    "card-commons": ft.Icons.GAVEL,
}


def title(game: str) -> str:
    return GAMES[game].title


DEFAULT_SEED = ft.Colors.TEAL


def use_theme(page: ft.Page, game: str | None) -> None:
    """Each game in its own colours; the home screen in Tableside's."""
    seed = SEED.get(game, DEFAULT_SEED)
    page.theme = fonts.theme(color_scheme_seed=seed)
    page.dark_theme = fonts.theme(color_scheme_seed=seed)
