"""The games as the app shows them: one `GameScreen` subclass per game (base.py), each in its own module of
this package, listed here once, in the order of scoring's list (scoring/registry.py ALL_RULES, the home
screen's order). What a new game takes: docs/games.md."""

from __future__ import annotations

import flet as ft

import scoring
from companion.ui import themes
from companion.ui.games import bgg_card_game, bgg_game, card_commons, cgt, lost_cities, score_pad, six_nimmt
from companion.ui.games.base import DEFAULT_SEED, GameScreen, PlayContext, Statistic

__all__ = ["DEFAULT_SEED", "SCREENS", "GameScreen", "PlayContext", "Statistic", "ordered", "register", "screen"]

SCREENS: dict[str, type[GameScreen]] = {
    screen.key: screen
    for screen in (
        lost_cities.LostCitiesScreen,
        bgg_card_game.BggCardGameScreen,
        bgg_game.BggGameScreen,
        cgt.CgtScreen,
        card_commons.CardCommonsScreen,
        six_nimmt.SixNimmtScreen,
        score_pad.ScorePadScreen,
    )
}


def register(screen: type[GameScreen]) -> type[GameScreen]:
    """Add a screen that is not listed above (a test's toy game); the caller removes it from SCREENS."""
    SCREENS[screen.key] = screen
    return screen


def screen(game: str) -> type[GameScreen]:
    return SCREENS[game]


def ordered() -> list[str]:
    """The games with a screen, in scoring's order (the home screen's)."""
    return [key for key in scoring.GAMES if key in SCREENS]


def round_names(record: dict) -> tuple[str, ...] | None:
    """The names of the record's rounds on the score pad, as its rules give them; None: numbered."""
    rules = scoring.GAMES[record["game"]]
    if rules.round_names is None:
        return None
    return rules.round_names(record.get("variant") or {}, len(record.get("rounds") or ()))


def title(game: str) -> str:
    return scoring.GAMES[game].title


def title_of(record: dict) -> str:
    """A game's name as its record says it: "Lost Cities", a score pad's "Hearts" (GameRules.display_title)."""
    return scoring.GAMES[record["game"]].display_title(record.get("variant") or {})


def icon(game: str) -> ft.IconData:
    return screen(game).icon


def seed(game: str) -> str:
    return screen(game).seed


def use_theme(page: ft.Page, game: str | None, black: bool = False) -> None:
    """Each game in its own colours; the home screen in Tableside's. `black`: the dark theme is Black's (themes.py)."""
    colour = screen(game).seed if game else DEFAULT_SEED
    page.theme = themes.light_theme(colour)
    page.dark_theme = themes.dark_theme(colour, black)
