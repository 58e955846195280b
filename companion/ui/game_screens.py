"""The games as the app shows them: one `GameScreen` subclass per game, registered once.

A game's screen class (companion/ui/views/play_<game>.py) holds everything the app needs to
know of that game beyond its rules (which live in `scoring`): its colour and icon, its
variant controls on the setup screen, its tableau on the play screen, and its statistic of
its own. Every `play_*` module of companion/views is imported here, so nothing else lists
the games.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import flet as ft

import scoring
from companion.server import fonts

if TYPE_CHECKING:
    from companion.ui.views.play import Play

DEFAULT_SEED = ft.Colors.TEAL
SCREENS: dict[str, type[GameScreen]] = {}
Statistic = tuple[tuple[str, str], ...]  # (what, value) lines on the statistics screen


class GameScreen:
    """How one game looks and is entered: pure functions of `self.play` (the live game and this
    device's view state), called on every drawing of the play screen. One instance per play screen;
    the class methods serve setup and statistics, where no game is open yet."""

    key: ClassVar[str]  # the game's key in scoring.GAMES
    seed: ClassVar[str] = DEFAULT_SEED  # the colour the game's screens are drawn in
    icon: ClassVar[ft.IconData] = ft.Icons.STYLE
    order: ClassVar[int] = 100  # place among the games on the home screen
    per_player: ClassVar[bool] = True  # a phone shows one player's tableau at a time

    def __init__(self, play: Play):
        self.play = play

    # -- the play screen ------------------------------------------------------------------

    def shared(self) -> list[ft.Control]:
        """What the whole table shares above the tableaux (rounds, the Meta columns, …)."""
        return []

    def tableau(self, player: str) -> ft.Control:
        raise NotImplementedError

    def side(self) -> list[ft.Control]:
        """What the whole table shares, beside the tableaux rather than above them (CGT's Meta row on a
        tablet held sideways): above, it would push the tableaux below the fold. Drawn only when wide."""
        return []

    def after(self) -> list[ft.Control]:
        """What is read more than entered (a score sheet of the rounds), under the tableaux: it never
        pushes the cards being entered off a tablet's screen."""
        return []

    def heads(self, player: str) -> ft.Control | None:
        """The column heads of `player`'s grid, kept on screen in the play screen's header while the
        grid scrolls under it (Lost Cities' colours); None when the game's grid has none."""
        return None

    def round_action(self) -> ft.Control | None:
        """The button that ends the round being entered (Next round, Score round): the play screen keeps
        it under the thumb, beside Undo, outside the scrolling cards. None for a game without rounds."""
        return None

    def round_label(self) -> str:
        """The round being entered, for the header ("Round 2 of 3"); "" for a game without rounds."""
        return ""

    def preview(self) -> str:
        """What the round being entered would score if it ended now, for the header; "" for none."""
        return ""

    def entered(self) -> bool:
        """Whether anything has been entered yet (before that, level totals are no tie to explain)."""
        return any(self.play.live.result.totals.values())

    def explanations(self, result: Any) -> tuple[str, ...]:
        """The scorer's tiebreak and extra-round sentences the play screen shows: none until they apply."""
        return result.explanations if self.entered() else ()

    # -- setup and statistics --------------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        """The game's options on the setup screen."""
        return []

    @classmethod
    def choices(cls, players: list[str], chosen: dict[str, str]) -> dict[str, str]:
        """Each player's setup choice (e.g. a colour): `chosen` completed for every player."""
        return {}

    @classmethod
    def choice_controls(cls, player: str, choices: dict[str, str], set_choice: Callable[[str, str], None]) -> list[ft.Control]:
        """The controls of one player's setup choice, on that player's row."""
        return []

    @classmethod
    def statistic(cls, records: list[dict]) -> Statistic:
        """The game's figures of its own on the statistics screen, from its finished records."""
        return ()


def register(screen: type[GameScreen]) -> type[GameScreen]:
    SCREENS[screen.key] = screen
    return screen


def _load() -> None:
    from companion.ui import views

    for module in pkgutil.iter_modules(views.__path__):
        if module.name.startswith("play_"):
            importlib.import_module(f"{views.__name__}.{module.name}")  # registers its screen class


_loaded = False


def _ensure_loaded() -> None:
    """Import every game's screen module once (importing one of them first registers only that one)."""
    global _loaded
    if not _loaded:
        _load()
        _loaded = True


def screen(game: str) -> type[GameScreen]:
    _ensure_loaded()
    return SCREENS[game]


def ordered() -> list[str]:
    """The games with a screen, in their home-screen order."""
    _ensure_loaded()
    return sorted((k for k in SCREENS if k in scoring.GAMES), key=lambda k: (SCREENS[k].order, k))


def title(game: str) -> str:
    return scoring.GAMES[game].title


def icon(game: str) -> ft.IconData:
    return screen(game).icon


def seed(game: str) -> str:
    return screen(game).seed


def use_theme(page: ft.Page, game: str | None) -> None:
    """Each game in its own colours; the home screen in Tableside's."""
    colour = screen(game).seed if game else DEFAULT_SEED
    page.theme = fonts.theme(color_scheme_seed=colour)
    page.dark_theme = fonts.theme(dark=True, color_scheme_seed=colour)
