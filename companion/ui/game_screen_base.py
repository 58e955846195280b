"""What a game's screen class provides (companion/ui/views/play_<game>.py subclasses it): its colour and
icon, its variant controls on the setup screen, its tableau on the play screen, its statistic of its own.
companion/ui/game_screens.py lists the subclasses."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import flet as ft

from companion.services.player_colours import colour_name, table_colours
from companion.ui.widgets.palette import ink

if TYPE_CHECKING:  # for the type only: the play screen imports the game screens, not the reverse
    from companion.ui.views.play import Play

DEFAULT_SEED = ft.Colors.TEAL
Statistic = tuple[tuple[str, str], ...]  # (what, value) lines on the statistics screen


class GameScreen:
    """How one game looks and is entered: pure functions of `self.play` (the live game and this
    device's view state), called on every drawing of the play screen. One instance per play screen;
    the class methods serve setup and statistics, where no game is open yet."""

    key: ClassVar[str]  # the game's key in scoring.GAMES
    seed: ClassVar[str] = DEFAULT_SEED  # the colour the game's screens are drawn in
    icon: ClassVar[ft.IconData] = ft.Icons.STYLE
    per_player: ClassVar[bool] = True  # a phone shows one player's tableau at a time
    # The colours of the game's own cards (names in widgets/palette.py): no player's colour is mistaken for one.
    card_colours: ClassVar[tuple[str, ...]] = ()

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

    def view_choices(self) -> list[ft.Control]:
        """This device's own choices of what it shows (Lost Cities' round), beside the player switch on a
        phone, above the cards: [] for a game that has none."""
        return []

    def scroll_key(self) -> str:
        """What names one view of the game's cards: when it changes (Lost Cities' round), the cards are
        shown again from their top. "" for a game whose cards stay one view."""
        return ""

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

    @classmethod
    def player_colours(cls, players: list[str], choices: dict[str, str], dark: bool) -> dict[str, tuple[str, str]]:
        """Each player's colour at this game's table, (said, '#RRGGBB'): their own colour
        (services/player_colours.py), unless the game gives each player one (a publisher's)."""
        colours = table_colours(players, avoid=[ink(name, dark) for name in cls.card_colours for dark in (False, True)])
        return {p: (colour_name(colours[p]), colours[p]) for p in players}
