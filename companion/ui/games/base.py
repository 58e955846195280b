"""What a game's screen is: a `GameScreen` subclass (one module per game in this package; the package's
__init__ lists them), and the `PlayContext` it is given: all it reads of its surroundings (the game as the
server holds it, this device's view state, the screen's size) and all it does to them (an action, a
refusal in words, a view choice). A game's screen never imports the play screen (companion/ui/views)
nor reaches through it to the session or the page: the play screen builds the context and hands it over."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

import flet as ft

import scoring
from companion.language import _, ngettext, spoken
from companion.language import number as said_number
from companion.services.player_colours import colour_name, table_colours
from companion.services.table_answers import TableAnswers
from companion.ui.widgets.bar_buttons import BarButton
from companion.ui.widgets.controls import NARROW_TABLEAU, TAP
from companion.ui.widgets.palette import ink
from scoring import Action, Result, Table

DEFAULT_SEED = ft.Colors.TEAL
Statistic = tuple[tuple[str, str], ...]  # (what, value) lines on the statistics screen


class LiveState(Protocol):
    """The game as the server holds it now (services.live.LiveGame): read, never changed, by a screen."""

    table: Table
    result: Result
    answers: TableAnswers  # the rules' answers for `table`, shared by every screen drawing it

    @property
    def record(self) -> dict: ...

    @property
    def draft(self) -> Any: ...

    @property
    def position(self) -> Any: ...


PageSize = tuple[float | None, float | None]


def line_words(line: scoring.Line) -> str:
    """A scoring line ("red: (6 − 20) = −14"): the rules' words (Line.said), in the reader's language."""
    return spoken(line.said)


def naming(names: Mapping[str, str]) -> Callable[[str], str]:
    """How a screen names a record's key (a colour: the record's words are English, never shown as they are):
    its marked word in the reader's language, or the key itself for one the screen does not know."""

    def name(key: str) -> str:
        return _(names[key]) if key in names else key

    return name


def nothing(*args: Any) -> Any:
    return False


def drawn_now(inputs: Callable[..., tuple], draw: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
    """A part drawn once, where no play screen keeps it live (a context made outside one)."""
    return draw(*inputs(*args))


@dataclass(eq=False)
class PlayContext:
    """All a game's screen may read of its surroundings, and do to them. The play screen makes one for the
    screen's life (so a memoised part that takes the screen is skipped while its other arguments hold) and
    brings it up to date on each drawing (`shown`); the game is read live, so what a screen reads after
    its own action is that action's result."""

    act: Callable[[Action], bool] = nothing  # send a tap's action to the live game: True when it changed the game
    refuse: Callable[[str], None] = nothing  # say why a tap did nothing, in the rules' words (made a sentence)
    remember: Callable[[str, Any], None] = nothing  # keep a view choice of this screen (the round shown, …)
    # part(inputs, draw, *args, key=…): a part that draws draw(*inputs(*args)) and draws itself again, alone,
    # when a change of the game changes inputs(*args) (widgets/hooks.py, SelfDrawnPart). A screen whose class says
    # `parts_draw_themselves` draws its tableaux and heads once per drawing of the frame, and everything a change moves
    # in them is such a part.
    part: Callable[..., ft.Control] = drawn_now
    live: LiveState | None = None
    player: str = ""  # whose tableau a phone shows
    seat: str = ""  # "" on the table's host; a player's name on that player's phone (it may act for them only)
    state: Mapping[str, Any] = field(default_factory=dict)  # this screen's view choices, as remembered
    wide: bool = False  # a tablet (every tableau side by side), not a phone
    dark: bool = False
    page_width: float | None = None
    page_height: float | None = None
    tableau_width: float | None = None  # each tableau's width side by side on a tablet; None: the screen's
    text_scale: float = 1.0  # the browser's (GameScreen.text_scale)

    def shown(
        self, live: LiveState, player: str, state: Mapping[str, Any], wide: bool, dark: bool, size: PageSize, text_scale: float
    ) -> None:
        """This drawing's game, player shown, view choices, and the page as it is (`size`: width, height; the browser's
        text scale)."""
        self.live, self.player, self.state, self.wide, self.dark = live, player, state, wide, dark
        self.page_width, self.page_height = size
        self.text_scale = text_scale

    def _game(self) -> LiveState:
        assert self.live is not None, "a game screen is drawn after the play screen has shown it a game"
        return self.live

    @property
    def record(self) -> dict:
        return self._game().record

    @property
    def draft(self) -> Any:
        return self._game().draft

    @property
    def position(self) -> Any:
        """The game's module's parsed record (e.g. a scoring.lost_cities.Game), for its rule helpers."""
        return self._game().position

    @property
    def result(self) -> Result:
        return self._game().result

    @property
    def players(self) -> list[str]:
        return self.record["players"]

    @property
    def guest(self) -> bool:
        """A player's phone: it changes that player's cards only, never what the table shares."""
        return bool(self.seat)

    @property
    def large_text(self) -> bool:
        """Whether the browser draws text larger than its default (a reader's font size, 130 % or more)."""
        return self.text_scale >= LARGE_TEXT

    @property
    def narrow(self) -> bool:
        """Whether each tableau is narrow (six side by side on a tablet held upright): steppers take less room."""
        return self.tableau_width is not None and self.tableau_width < NARROW_TABLEAU

    def refusal(self, action: Action) -> str | None:
        """Why the rules would refuse `action` now, in their words; None when they allow it (scoring.refusal):
        a screen draws a card free or taken, and a button greyed, by the rule that checks its tap. Asked once per
        table for every screen and session that draws it (services/table_answers.py): ask it of every card."""
        return self._game().answers.refusal(action)

    def moves(self) -> Mapping[Action, str | None]:
        """Every tap the rules allow or refuse on the table now (GameRules.moves), in their order, each with its
        refusal (None: allowed): the action a card's tap sends, and whether it is free, for every card at once.
        Worked out once per table, whoever asks."""
        return self._game().answers.moves()


LARGE_TEXT = 1.3  # a text scale this large or more is a reader's large text: labels written for 100 % take other forms


class GameScreen:
    """How one game looks and is entered: pure functions of `self.context` (the live game and this
    device's view state), called on every drawing of the play screen. One instance per play screen;
    the class methods serve setup and statistics, where no game is open yet."""

    key: ClassVar[str]  # the game's key in scoring.GAMES
    seed: ClassVar[str] = DEFAULT_SEED  # the colour the game's screens are drawn in
    icon: ClassVar[ft.IconData] = ft.Icons.STYLE
    per_player: ClassVar[bool] = True  # a phone shows one player's tableau at a time
    # True: tableau() and heads() are structure, drawn once per drawing of the frame; what a change of the game
    # moves in them is a context.part. False: the play screen draws them again after every change.
    parts_draw_themselves: ClassVar[bool] = False
    # The colours of the game's own cards (names in widgets/palette.py): no player's colour is mistaken for one.
    card_colours: ClassVar[tuple[str, ...]] = ()
    # The smallest (width, height) the game draws a card, where it sizes its cards to fit the screen (docs/screens.md:
    # Lost Cities' 12 rows on a phone, 6 nimmt!'s rows of ten); every other target is 48 × 48 (tests/ui/test_play_look.py).
    smallest_card: ClassVar[tuple[int, int]] = (TAP, TAP)

    def __init__(self, context: PlayContext):
        self.context = context

    # -- the play screen ------------------------------------------------------------------

    def shared(self) -> list[ft.Control]:
        """What the whole table shares above the tableaux (rounds, the Meta columns, …)."""
        return []

    def shares(self) -> bool:
        """Whether shared() shows anything now, asked without drawing it (the play screen's frame has a
        place for it only then)."""
        return True

    def tableau(self, player: str) -> ft.Control:
        raise NotImplementedError

    # -- the browser's text size -----------------------------------------------------------

    @property
    def text_scale(self) -> float:
        """The browser's text scale (its font size: 2.0 at 200 %), as widgets/text_probe.py measured it; 1.0 until then.
        A screen whose cards' widths are written for its text sizes them with it."""
        return self.context.text_scale

    @property
    def large_text(self) -> bool:
        """Whether the browser draws text larger than its default (a reader's font size, 130 % or more: text_scale)."""
        return self.context.large_text

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

    def round_action(self) -> BarButton | None:
        """The button that ends the round being entered (Next round, Score round): the play screen keeps
        it under the thumb, beside Undo, outside the scrolling cards, in one row with them (its word gives
        way to its icon where the row has no room for it: widgets/bar_buttons.py). None for a game without rounds."""
        return None

    def bar_choices(self) -> list[BarButton]:
        """This device's own choices of what it shows that stay under the thumb, before the round's button
        (Lost Cities' rounds on a tablet: above the cards they would push the columns' foot off the screen)."""
        return []

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

    def header_said(self) -> str:
        """What the header says of the game now, in sentences, for screen readers (the header's name): its
        round label made a sentence; "" for a game that says nothing there."""
        label = spoken(self.round_label())
        return label if not label or label.endswith((".", "!", "?")) else f"{label}."

    def total_said(self, player: str, total: int) -> str:
        """A player's total in words, for screen readers ("Ana: −35 points"); the play screen adds the place."""
        return ngettext("{player}: {count} point", "{player}: {count} points", abs(total)).format(player=player, count=said_number(total))

    def entered(self) -> bool:
        """Whether anything has been entered yet (before that, level totals are no tie to explain): the rules'."""
        return scoring.GAMES[self.key].anything_entered(self.context.position)

    def explanations(self, result: Any) -> tuple[str, ...]:
        """The scorer's tiebreak and extra-round sentences the play screen shows: none until they apply."""
        return result.explanations if self.entered() else ()

    # -- setup and statistics --------------------------------------------------------------

    @classmethod
    def whole_on_a_phone(cls, height: float) -> bool:
        """Whether the table's phone of this height shows every card of the player shown without a scroll: the
        screen's budget (docs/screens.md), held in German and French by tests/e2e/test_screen_sizes.py. False: the
        cards scroll under the header (most games: more cards than a phone's height)."""
        return False

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
