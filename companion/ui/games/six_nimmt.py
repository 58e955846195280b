"""6 nimmt! play screen: each round (a deal), the cards each player took, one tap a card. The 104 cards lie in
rows of ten (1–10, 11–20, …; rows of five where a tableau is narrow), so 55 is found at once: sixth row, fifth
card. Each card shows its bullheads as marks (•) and as its colour, much as the published deck: 55 and the other
multiples of 11 stand out. A card the rules refuse shows as taken (on another player's pile this round: a tap on it
says whose).
Each player's bullheads this round head their cards, the totals are the play screen's, and the end is said when
a total reaches the table's number (66 unless it chose another)."""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean
from typing import Any

import flet as ft

import scoring
from companion.language import N_, _, ngettext, spoken
from companion.language import number as said_number
from companion.ui.games.base import GameScreen, line_words
from companion.ui.widgets.bar_buttons import FILLED, BarButton, next_round_button
from companion.ui.widgets.controls import TAP, card_button, short_name
from companion.ui.widgets.palette import ink
from companion.ui.widgets.score_sheet import score_sheet
from scoring import NextRound, number
from scoring import six_nimmt as rules
from scoring.words import Said, decimal, join_names

TEN, FIVE = 10, 5  # cards a row: ten where they fit, five on a narrow tableau (two rows a ten)
CARD_GAP = 2  # between cards on a phone (4 on a tablet)
WIDEST_CARD = 56
NARROWEST_CARD = 30  # a row of ten while each card is this wide (a 360 px phone's are 31): narrower, rows of five
SMALLEST_CARD = 40  # a card is never shorter: below it, 48 and a scroll (as Lost Cities', docs/screens.md)
ROWS = len(rules.CARDS) // TEN + 1  # 11 rows of ten (the last holds 101–104)
# The cards' colours by their bullheads, much as the published deck colours them: 55 purple, the other multiples of 11
# red, of 10 orange, the other multiples of 5 blue, every other card plain.
SHADES = {7: "purple", 5: "red", 3: "orange", 2: "blue", 1: "grey"}
MARK = "•"
# What a 390 × 844 phone's play screen spends outside the cards, measured in Chromium (tests/e2e/test_six_nimmt_phone.py
# checks that the 11 rows still fit): the app bar 56; the header 114 (padding 8, the totals 26, the switch row 48 with
# the rounds beside the players, the heads' line 17, the gaps between them), 86 on a guest's phone ("Your seat: …"
# instead of the switch row); the bar under the thumb 61, on a guest's phone while the game goes on with the line under
# it that says why Next round is greyed (80; 97 kept, for a second line as Lost Cities keeps); and 4 to spare.
APP_BAR, SPARE = 56, 4
HEADER, GUEST_HEADER = 114, 86
BAR, GUEST_BAR = 61, 97
WIDEST_LARGE = 72  # a card's widest then: "104" at 200 % needs 54 px of it
LARGE_TEXT_CARD = 64  # a card's height then: its number and its marks (at 200 %, 33 and 22 px)
SIDES = 28  # the play view's and its scrolling column's padding, and a scrollbar's room (views/play_frame.py)


def marks(heads: int, large_text: bool) -> str:
    """A card's bullheads as marks, "•••"; where the text is large (a card of five a row), more than three as
    "•×5": seven marks of 200 % text are wider than any card."""
    return f"{MARK}×{heads}" if large_text and heads > 3 else MARK * heads


def card_name(player: str, card: int) -> str:
    """A card's accessible name, "Ana 55": whose pile it goes on and its number (no word to translate)."""
    return f"{player} {card}"


# Translators: a card on another player's pile this round, as a screen reader reads it on this player's row ("Ben's 55, taken").
TAKEN = N_("{player}'s {card}, taken")


@ft.memo
@ft.component
def Card(
    screen: SixNimmtScreen, player: str, card: int, state: str, round_: int, width: int, height: int, dark: bool, holder: str = ""
) -> ft.Control:
    """One card, drawn again only when what it shows changes (a tap redraws one card on each tableau shown); `holder`:
    the player on whose pile it is this round, read as its name while it is taken."""
    heads = rules.BULLHEADS[card]
    return card_button(
        str(card),
        card_name(player, card),
        lambda e: screen.tap(player, card, state == "held", round_),
        state=state,
        colour=ink(SHADES[heads], dark),
        width=width,
        height=height,
        marks=marks(heads, screen.large_text),
        said=_(TAKEN).format(player=holder, card=card) if holder else None,
    )


@ft.memo
@ft.component
def Head(player: str, round_: int, bullheads: int) -> ft.Control:
    """What the cards under it are, whose and which round, and the bullheads they carry; keyed by its identifier,
    which names the player (Flutter's web engine keeps a node's first identifier: docs/screens.md)."""
    identifier = f"bullheads-{player}"
    said = ngettext("{player}, round {round}: {count} bullhead", "{player}, round {round}: {count} bullheads", bullheads).format(
        player=short_name(player), round=round_, count=bullheads
    )
    return ft.Semantics(
        identifier=identifier,
        content=ft.Text(said, size=13, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        key=identifier,
    )


@ft.memo
@ft.component
def PileLines(lines: tuple[scoring.Line, ...]) -> ft.Control:
    """The round's cards by kind, a line each: "11, 22: 2 × 5 bullheads = 10"."""
    return ft.Column(
        [ft.Text(line_words(line), size=13, color=ft.Colors.ON_SURFACE) for line in lines]
        or [ft.Text(_("No card taken this round yet."), size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=2,
    )


@ft.component
def EndAt(value: Any, set_variant: Callable[[str, Any], None]) -> ft.Control:
    """The number a total ends the game at: typed (digits only); what is not a number from 1 to 1000 is said under
    the field, and Start is refused in the rules' words until it is one."""
    typed, set_typed = ft.use_state((value, "" if value is None else str(value)))  # (the number typed over, the text)
    text = typed[1] if typed[0] == value else str(value)
    low, high = rules.END_AT_RANGE
    fine = isinstance(value, int) and low <= value <= high

    def change(e: Any) -> None:
        raw = (e.control.value or "").strip()
        chosen = int(raw) if raw.isdecimal() and len(raw) <= 9 else None
        set_typed((chosen, raw))
        set_variant("end_at", chosen)

    return ft.TextField(
        label=_("Game ends at this many bullheads"),
        value=text,
        error=None if fine else _("A number from {low} to {high}").format(low=low, high=high),
        width=280,
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
        max_length=4,
        counter="",
        on_change=change,
    )


class SixNimmtScreen(GameScreen):
    key = "six-nimmt"
    seed = ft.Colors.PINK_800
    icon = ft.Icons.LOOKS_6
    card_colours = tuple(SHADES.values())  # the cards' colours: a player's dot is never one of them
    smallest_card = (NARROWEST_CARD, SMALLEST_CARD)  # a row of ten on a phone: narrower than other targets, 48 tall
    parts_draw_themselves = True  # each row of cards, head and line of the pile draws itself when a tap changes it

    def __init__(self, context: Any):
        super().__init__(context)
        self._states: tuple[Any, int, dict[str, dict[int, str]]] = (None, -1, {})  # states(): of which position and round

    # -- the round shown ----------------------------------------------------------------

    @property
    def position(self) -> rules.Game:
        return self.context.position

    @property
    def round_index(self) -> int:
        """The round shown (0-based): one chosen to look back at, else the last, the one being entered."""
        last = len(self.position.rounds) - 1
        chosen = self.context.state.get("round")
        return chosen if isinstance(chosen, int) and 0 <= chosen < last else last

    def pile(self, player: str) -> rules.Pile:
        return self.position.rounds[self.round_index][player]

    def states(self) -> dict[str, dict[int, str]]:
        """Each player's cards in the round shown, card → "held" (on their pile), "taken" (the rules refuse its tap: on
        another pile this round, the round's cards all taken, a card that would end the game before a later round) or
        "free": by the rule that checks the tap, written once. The round being entered in one pass over the table's moves
        (PlayContext.moves: worked out once per table, for every session); an earlier round, shown to correct it, card by
        card (each asked once per table). Once per change of the game for the screen, however many rows ask it."""
        position, index = self.position, self.round_index
        if self._states[:2] == (position, index):
            return self._states[2]
        states: dict[str, dict[int, str]] = {player: {} for player in position.players}
        if index == len(position.rounds) - 1:
            for move, reason in self.context.moves().items():
                if isinstance(move, rules.RemoveCard):
                    states[move.player][move.card] = "held"
                elif isinstance(move, rules.AddCard):
                    states[move.player][move.card] = "free" if reason is None else "taken"
        else:
            may, round_ = self.context.refusal, index + 1
            for player, pile in position.rounds[index].items():
                held = set(pile)
                for card in rules.CARDS:
                    free = card in held or may(rules.AddCard(player, card, round_)) is None
                    states[player][card] = "held" if card in held else "free" if free else "taken"
        self._states = (position, index, states)
        return states

    # -- taps ---------------------------------------------------------------------------

    # A tap means what the card showed when it was drawn (a free card: add it), never a toggle of whatever the
    # server holds by then: two screens tapping one free card add it once. A taken card's tap asks to add it, and
    # the rules refuse it, saying whose pile it is on.

    def tap(self, player: str, card: int, held: bool, round_: int) -> None:
        self.context.act((rules.RemoveCard if held else rules.AddCard)(player, card, round_))

    def select_round(self, index: int | None) -> None:
        self.context.remember("round", index)

    def tap_back(self, e: Any = None) -> None:
        """Back to the round being entered, from one looked back at."""
        self.select_round(None)

    def tap_next_round(self, e: Any = None) -> None:
        """The new round is shown once the change is stored; refused (an empty round), the round to fill in is."""
        if self.context.act(NextRound()):
            self.select_round(None)

    # -- the cards ----------------------------------------------------------------------

    @property
    def phone(self) -> bool:
        """One tableau on a narrow screen (the host's phone or a guest's)."""
        return not self.context.wide or bool(self.context.seat)

    def room(self) -> float:
        """How wide one tableau is."""
        if self.context.tableau_width is not None:
            return self.context.tableau_width
        return (self.context.page_width or 390) - SIDES

    def gap(self) -> int:
        return CARD_GAP if self.phone else 4

    def columns(self) -> int:
        gap = self.gap()
        if self.large_text:
            return FIVE
        return TEN if (self.room() - (TEN - 1) * gap) / TEN >= NARROWEST_CARD else FIVE

    def card_width(self) -> int:
        """As wide as the row allows, up to WIDEST_CARD; never under NARROWEST_CARD, whatever the tableau's width (seven
        tableaux side by side, a page measured a few pixels wide for a moment: a card of negative width blanked them
        all): the row wraps then."""
        columns, gap = self.columns(), self.gap()
        widest = WIDEST_LARGE if self.large_text else WIDEST_CARD
        return int(max(NARROWEST_CARD, min(widest, (self.room() - (columns - 1) * gap) // columns)))

    def card_height(self) -> int:
        """48 (TAP) where the 11 rows fit, else on a phone the tallest that lets them and the header fit the screen
        without a scroll, down to SMALLEST_CARD; on a phone shorter still, 48 and a scroll (as Lost Cities')."""
        if self.large_text:
            return LARGE_TEXT_CARD
        if not self.phone or self.columns() != TEN:
            return TAP
        guest = bool(self.context.seat)
        header = GUEST_HEADER if guest else HEADER
        bar = GUEST_BAR if guest and not self.context.result.decided else BAR
        room = (self.context.page_height or 844) - APP_BAR - header - bar - SPARE
        fits = int((room - (ROWS - 1) * CARD_GAP) // ROWS)
        return TAP if fits >= TAP or fits < SMALLEST_CARD else fits

    def row_inputs(self, player: str, first: int) -> tuple:
        """What a row of cards shows (card_row's arguments): each card's state (states())."""
        mine = self.states()[player]
        cards = range(first, min(first + self.columns(), rules.HIGHEST + 1))
        states = tuple(mine[card] for card in cards)
        others = [(p, pile) for p, pile in self.position.rounds[self.round_index].items() if p != player]
        holders = tuple(next((p for p, pile in others if card in pile), "") if mine[card] == "taken" else "" for card in cards)
        return player, first, states, self.round_index + 1, self.card_width(), self.card_height(), self.context.dark, holders

    def card_row(
        self, player: str, first: int, states: tuple[str, ...], round_: int, width: int, height: int, dark: bool, holders: tuple[str, ...]
    ) -> ft.Control:
        """A row of cards of round `round_` (1-based): what each card's tap does is fixed as it is drawn; each card is
        a memoised part, so a tap redraws the one it changed. `holders`: on whose pile each taken card is ("": none)."""
        return ft.Row(
            [
                Card(self, player, first + i, state, round_, width, height, dark, holders[i], key=f"card {first + i}")
                for i, state in enumerate(states)
            ],
            spacing=self.gap(),
            alignment=ft.MainAxisAlignment.CENTER,
            wrap=True,
            run_spacing=self.gap(),
        )

    def row(self, player: str, first: int) -> ft.Control:
        return self.context.part(self.row_inputs, self.card_row, player, first, key=f"row {first}")

    def pile_lines(self, player: str) -> tuple[tuple[scoring.Line, ...]]:
        return (rules.pile_lines(self.pile(player)),)

    def tableau(self, player: str) -> ft.Control:
        # Whose cards and which round: the heads' line in the header says it, in view while the cards scroll.
        columns, gap = self.columns(), self.gap()
        tens: list[ft.Control] = [
            ft.Column([self.row(player, first) for first in range(ten, min(ten + TEN, rules.HIGHEST + 1), columns)], spacing=gap)
            for ten in range(rules.LOWEST, rules.HIGHEST + 1, TEN)
        ]
        return ft.Column(
            [
                ft.Column(tens, spacing=gap if columns == TEN else 3 * gap, horizontal_alignment=ft.CrossAxisAlignment.CENTER),
                self.context.part(self.pile_lines, PileLines, player, key="pile"),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def head_inputs(self, player: str) -> tuple[str, int, int]:
        return player, self.round_index + 1, rules.points(self.pile(player))

    def heads(self, player: str) -> ft.Control:
        return self.context.part(self.head_inputs, Head, player, key=f"head {player}")

    def scroll_key(self) -> str:
        return f"round {self.round_index}"  # another round: its cards from the top

    # -- the rounds and the end ---------------------------------------------------------

    def shares(self) -> bool:
        return False  # nothing the table shares above the cards

    def round_buttons(self) -> list[ft.Control]:
        """The rounds to look back at (and correct): "Round" and a 48 px button a round."""
        current = self.round_index
        last = len(self.position.rounds) - 1
        # The word before them, left out of the tree: each button's name says it.
        word = ft.Text(_("Round"), size=13, weight=ft.FontWeight.BOLD)
        buttons: list[ft.Control] = [ft.Semantics(exclude_semantics=True, content=word, key="round label")]
        for i in range(last + 1):
            buttons.append(
                (ft.FilledButton if i == current else ft.OutlinedButton)(
                    content=ft.Text(str(i + 1), semantics_label=_("Round {number}").format(number=i + 1)),
                    on_click=lambda e, i=i: self.select_round(None if i == last else i),
                    height=TAP,
                    width=TAP,
                    style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                    key=f"round {i + 1}",
                )
            )
        return buttons

    def view_choices(self) -> list[ft.Control]:
        """The rounds played, beside the player switch (a guest's phone enters the round the table plays)."""
        if self.context.seat or len(self.position.rounds) < 2:
            return []
        return [ft.Row(self.round_buttons(), spacing=4, wrap=True, tight=True, key="rounds")]

    def round_action(self) -> BarButton | None:
        """Next round until the game is over; greyed on a guest's phone, where a line under the bar says why (a
        tooltip alone is never seen on a phone). While an earlier round is shown, the way back to the round being entered."""
        if self.round_index < len(self.position.rounds) - 1:
            last = len(self.position.rounds)
            return BarButton(
                _("Back to round {number}").format(number=last),
                self.tap_back,
                ft.Icons.CHECK,
                look=FILLED,
                keep=4,
                key="back to the round",
            )
        if self.context.result.decided:
            return None
        return next_round_button(self.tap_next_round, guest=bool(self.context.seat))

    def round_label(self) -> str:
        """Once a total has reached the table's number: the game is over, and who won (the heads say the round)."""
        result = self.context.result
        if not result.decided:
            return ""
        won = result.winners
        best = result.totals[won[0]]
        if len(won) == 1:
            said = ngettext("Game over: {player} wins with {count} bullhead.", "Game over: {player} wins with {count} bullheads.", best)
            return said.format(player=won[0], count=number(best))
        said = ngettext(
            "Game over: {players} share the win with {count} bullhead each.",
            "Game over: {players} share the win with {count} bullheads each.",
            best,
        )
        return said.format(players=spoken(join_names(won)), count=number(best))

    def header_said(self) -> str:
        """The round shown (the heads say it, each with a player's bullheads), and the end once it has come."""
        shown = _("Round {round}.").format(round=self.round_index + 1)
        return f"{shown} {self.round_label()}".strip()

    def total_said(self, player: str, total: int) -> str:
        return ngettext("{player}: {count} bullhead", "{player}: {count} bullheads", abs(total)).format(
            player=player, count=said_number(total)
        )

    def after(self) -> list[ft.Control]:
        """The paper pad of the rounds, under the cards: read more than entered (never a negative width: see card_width)."""
        width = max(0, min(520, (self.context.page_width or 600) - 40))
        return [ft.Container(score_sheet(self.context.result), width=width)]

    # -- setup and statistics -----------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        field: Callable[..., ft.Control] = EndAt  # a component also takes `key`
        return [field(variant.get("end_at"), set_variant, key="end-at")]

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        """Said, not translated here: the figures are worked out once for every session (history_figures), and
        the statistics screen says them in each reader's language."""
        games = [scoring.parse(record).game for record in records]
        most = max((rules.points(pile) for game in games for round_ in game.rounds for pile in round_.values()), default=None)
        return (
            (Said("most bullheads in one round"), "–" if most is None else str(most)),
            (Said("rounds per game"), decimal(mean(len(game.rounds) for game in games)) if games else "–"),
        )
