"""Lost Cities play screen: per round, each player's expeditions as colour columns;
one tap per card (investments, then 2–10); the other player's cards show as taken (a tap on
one says whose it is). Each column's colour name and score head it in the header that stays on
screen; the formulas follow the grid, a line each; a score sheet of the rounds under them."""

from __future__ import annotations

from collections.abc import Callable
from statistics import mean
from typing import Any

import flet as ft

import scoring
from companion.language import N_, _
from companion.language import number as said_number
from companion.services.history_figures import share_of
from companion.ui.games.base import GameScreen, line_words, naming
from companion.ui.widgets.bar_buttons import FILLED, OUTLINED, BarButton, next_round_button
from companion.ui.widgets.controls import TAP, card_button, option_switch, short_name
from companion.ui.widgets.palette import ink
from companion.ui.widgets.score_sheet import score_sheet
from scoring import NextRound
from scoring import lost_cities as rules
from scoring.words import Said, decimal

COLUMN = 52  # a column's width: six of them and their gaps fit a 360 px phone
REACH = 68  # px a colour's name may take beyond its column at large text, on its own line (Head): "purple" at 200 % is 67 px
ROWS = rules.INVESTMENTS_PER_COLOUR + len(rules.NUMBERS)  # 12 cards in a column
CARD_GAP = 2  # between the cards of a column on a phone (4 on a tablet)
SMALLEST_CARD = 40  # a card is never shorter: below it, 48 and a scroll (docs/screens.md)
# What a 390 × 844 phone's play screen spends outside the cards, measured in Chromium (tests/e2e/test_lost_cities_phone.py
# checks it still holds, tests/e2e/test_screen_sizes.py in German and French): the app bar 56; the header 160 (padding 8,
# the totals 26, the switch row 48, the heads' line 17, the heads 40, the gaps between them), 132 on a guest's phone
# ("Your seat: …" instead of the switch row); the bar under the thumb 61 (one row in every language: bar_buttons.py),
# on a guest's phone while a round remains with the line under it that says why Next round is greyed (2 and 17 a
# line, up to two: 97); and 4 to spare.
APP_BAR, SPARE = 56, 4
HEADER, GUEST_HEADER = 160, 132
BAR, GUEST_BAR = 61, 97


def fitting_card(page_height: float, header: int, bar: int) -> int:
    """The tallest card that lets a column's 12 cards fit between the header and the bar of a phone this tall."""
    room = page_height - APP_BAR - header - bar - SPARE
    return int((room - (ROWS - 1) * CARD_GAP) // ROWS)


BREAK = "\u200b"  # a line may break here, between the terms of a formula, never inside a number
# Each expedition's colour as the screen names it ("red" in English, as the accessible names say it).
colour_name = naming(
    {
        "yellow": N_("yellow"),
        "blue": N_("blue"),
        "white": N_("white"),
        "green": N_("green"),
        "red": N_("red"),
        "purple": N_("purple"),
    }
)


def wrappable(formula: str) -> str:
    return formula.replace("+", "+" + BREAK)


# Translators: a card on a player's tableau that another player holds, as a screen reader reads it ("Ben's blue 4, taken");
# {colour} is the expedition's colour word, as in "{player} {colour} {number}".
TAKEN_NUMBER = N_("{player}'s {colour} {number}, taken")
# Translators: an investment card another player's investments leave no room for, as a screen reader reads it.
TAKEN_INVESTMENT = N_("{player}'s {colour} investment {slot}, taken")


@ft.memo
@ft.component
def Card(
    screen: LostCitiesScreen, player: str, colour: str, number: int, state: str, round_: int, shade: str, height: int, holder: str = ""
) -> ft.Control:
    """One number card, drawn again only when its state changes (a tap redraws one card per column); `holder`: the
    player who holds it, read as its name while it is taken."""
    return card_button(
        str(number),
        _("{player} {colour} {number}").format(player=player, colour=colour_name(colour), number=number),
        lambda e: screen.tap_number(player, colour, number, state == "held", round_),
        state=state,
        colour=shade,
        width=COLUMN,
        height=height,
        said=_(TAKEN_NUMBER).format(player=holder, colour=colour_name(colour), number=number) if holder else None,
    )


@ft.memo
@ft.component
def Investment(
    screen: LostCitiesScreen,
    player: str,
    colour: str,
    slot: int,
    state: str,
    shown: int,
    round_: int,
    shade: str,
    height: int,
    holder: str = "",
) -> ft.Control:
    """One investment card; `shown`: how many the column holds (what its tap fills up to or empties); `holder`: the
    player whose investments leave no room for it, read as its name while it is taken."""
    return card_button(
        "",
        _("{player} {colour} investment {slot}").format(player=player, colour=colour_name(colour), slot=slot),
        lambda e: screen.tap_investment(player, colour, slot, shown, round_),
        state=state,
        colour=shade,
        icon=ft.Icons.HANDSHAKE,
        width=COLUMN,
        height=height,
        said=_(TAKEN_INVESTMENT).format(player=holder, colour=colour_name(colour), slot=slot) if holder else None,
    )


@ft.memo
@ft.component
def Head(
    player: str, colour: str, score: str, shade: str, said: str, line: int | None = None, align: ft.TextAlign = ft.TextAlign.CENTER
) -> ft.Control:
    """A column's head in the header: its colour (a stripe and the name) and its score now; read as `said`
    ("Mia's yellow expedition: 12", the colour's name left out of the tree), the score's node after it.
    `line`: at large text, which of two lines holds the name (0 or 1, every other column's), whole on one line
    and centred over the column, passing its edges into the neighbours' room, free on that line (at 200 %, 24 px
    bold, "yellow" is 67 px over a 52 px column: it broke into "yello|w"); None: one line within the column. `align`:
    the first column's name starts at its left edge, the last one's ends at its right edge (the page's side is near).

    Its identifier names the player, and Flutter's web engine keeps a node's first identifier when only
    that changes (after a player switch four heads of five said expedition-<the other player>-<colour>,
    issue 40): the node is keyed by its identifier, so another player's head is a new node."""
    identifier = f"expedition-{player}-{colour}"
    if line is None:
        name = ft.Text(colour_name(colour), weight=ft.FontWeight.BOLD, color=shade, size=12, text_align=ft.TextAlign.CENTER)
        names = [ft.Semantics(exclude_semantics=True, content=name)]
    else:
        word = ft.Text(colour_name(colour), weight=ft.FontWeight.BOLD, color=shade, size=12, text_align=align, no_wrap=True)
        # The line is the column's width (an empty line of the same text gives its height); the name's own box reaches
        # REACH px past it, on both sides (centred) or inward only (the first and last columns), over the stack's edges.
        left, right = {ft.TextAlign.LEFT: (0, -REACH), ft.TextAlign.RIGHT: (-REACH, 0)}.get(align, (-REACH / 2, -REACH / 2))
        empty = ft.Container(ft.Text("", size=12), width=COLUMN)
        placed = ft.Stack([empty, ft.Container(word, left=left, right=right, top=0)], clip_behavior=ft.ClipBehavior.NONE)
        names = [ft.Semantics(exclude_semantics=True, content=placed if line == row else ft.Text("", size=12)) for row in (0, 1)]
    column = ft.Column(
        [
            ft.Container(height=4, width=COLUMN - 8, bgcolor=shade, border_radius=2),
            *names,
            ft.Semantics(
                identifier=identifier,
                # One line, never two: "−17" at 200 % text is wider than its column (it wrapped, and the header
                # grew by a line); it stays centred over the column and may pass its edges a little.
                content=ft.Text(
                    score, size=16, weight=ft.FontWeight.BOLD, color=ft.Colors.ON_SURFACE, no_wrap=True, overflow=ft.TextOverflow.VISIBLE
                ),
                key=identifier,
            ),
        ],
        spacing=0,
        width=COLUMN,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        tight=True,
    )
    return ft.Semantics(label=said, container=True, content=column, key=identifier)


@ft.memo
@ft.component
def Formulas(lines: tuple[scoring.Line, ...]) -> ft.Control:
    """Each started expedition's formula, a line each, breaking between terms."""
    return ft.Column(
        [ft.Text(wrappable(line_words(line)), size=13, color=ft.Colors.ON_SURFACE) for line in lines]
        or [ft.Text(_("No expedition started yet."), size=13, color=ft.Colors.ON_SURFACE_VARIANT)],
        spacing=2,
    )


class LostCitiesScreen(GameScreen):
    key = "lost-cities"
    seed = ft.Colors.AMBER_800
    card_colours = (*rules.COLOURS, rules.PURPLE)  # the expeditions: a player's dot is never one of them
    smallest_card = (COLUMN, SMALLEST_CARD)  # on a phone, the tallest cards that let a column fit the screen
    icon = ft.Icons.EXPLORE
    parts_draw_themselves = True  # each column, head and formula line draws itself when a tap changes it

    @property
    def variant(self) -> rules.Variant:
        return self.context.position.variant

    @property
    def round_index(self) -> int:
        last = len(self.context.record["rounds"]) - 1
        return min(self.context.state.get("round", last), last)

    def raw_round(self) -> dict:
        return self.context.record["rounds"][self.round_index]

    # -- taps ---------------------------------------------------------------------------

    # A tap means what the button showed when it was drawn (a free card: add it), never a toggle of
    # whatever the server holds by then: two screens tapping one free card add it once, not zero times.

    def tap_number(self, player: str, colour: str, number: int, held: bool, round_: int) -> None:
        action = rules.RemoveCard if held else rules.AddCard
        self.context.act(action(player, colour, number, round_))

    def tap_investment(self, player: str, colour: str, slot: int, shown: int, round_: int) -> None:
        """Slot k (1–3): tapping an empty slot fills up to it, tapping the last filled one empties it."""
        count = slot - 1 if shown >= slot else slot
        self.context.act(rules.SetInvestments(player, colour, count, round_))

    def select_round(self, index: int) -> None:
        self.context.remember("round", index)

    def next_round(self) -> None:
        """The new round is shown once the change is stored; refused (an empty round: scoring.lost_cities.refusal),
        the round still to fill in is."""
        self.context.act(NextRound())
        self.select_round(len(self.context.record["rounds"]) - 1)

    # -- what is shown ------------------------------------------------------------------

    def shade(self, colour: str) -> str:
        return ink(colour, self.context.dark)

    def head_inputs(self, player: str, colour: str) -> tuple[str, str, str, str, str, int | None, ft.TextAlign]:
        """What a column's head shows (Head's arguments), and what it says; at large text, the line of its name."""
        mine = self.expedition(player, colour)
        if mine.started:
            said = _("{player}'s {colour} expedition: {score}").format(
                player=player, colour=colour_name(colour), score=said_number(mine.score())
            )
        else:
            said = _("{player}'s {colour} expedition: not started").format(player=player, colour=colour_name(colour))
        index, last = self.variant.colours.index(colour), len(self.variant.colours) - 1
        line = index % 2 if self.large_text else None
        align = ft.TextAlign.LEFT if index == 0 else ft.TextAlign.RIGHT if index == last else ft.TextAlign.CENTER
        return player, colour, scoring.number(mine.score()) if mine.started else "–", self.shade(colour), said, line, align

    def head(self, player: str, colour: str) -> ft.Control:
        return self.context.part(self.head_inputs, Head, player, colour, key=f"expedition-{player}-{colour}")

    @property
    def phone(self) -> bool:
        """One tableau on a narrow screen (the host's phone or a guest's): its whole grid should fit."""
        return not self.context.wide or bool(self.context.seat)

    def card_height(self) -> int:
        """A card's height: 48 (TAP) where the column fits, else on a phone the tallest that lets every
        card of the tableau (12 rows) and the switch above it fit the screen without a scroll, down to
        SMALLEST_CARD; on a phone shorter still, 48 and a scroll (docs/screens.md)."""
        if not self.phone:
            return TAP
        guest, rounds_left = bool(self.context.seat), len(self.context.record["rounds"]) < self.variant.rounds
        bar = GUEST_BAR if guest and rounds_left else BAR
        fits = fitting_card(self.context.page_height or 844, GUEST_HEADER if guest else HEADER, bar)
        return TAP if fits >= TAP or fits < SMALLEST_CARD else fits

    @classmethod
    def whole_on_a_phone(cls, height: float) -> bool:
        return fitting_card(height, HEADER, BAR) >= SMALLEST_CARD

    def colour_column(
        self,
        player: str,
        colour: str,
        round_: int,
        mine: rules.Expedition,
        free: tuple[int, ...],
        slots: tuple[int, ...],
        shade: str,
        height: int,
        others: tuple[tuple[str, rules.Expedition], ...] = (),
    ) -> ft.Control:
        """A colour column of round `round_` (1-based): what each card's tap does is fixed as it is drawn.
        `free`, `slots`: the numbers and investment slots the rules allow `player` (free()); `others`: the other
        players' expeditions of the colour (whose a taken card is). Everything it shows comes from its arguments
        (column_inputs); each card is a memoised part: a tap redraws the one it changed. `self` is the same object
        for the screen's life."""
        cells: list[ft.Control] = []
        investor = next((p for p, theirs in others if theirs.investments), "")
        for slot in range(1, rules.INVESTMENTS_PER_COLOUR + 1):
            state = "held" if mine.investments >= slot else "free" if slot in slots else "taken"
            holder = investor if state == "taken" else ""
            cells.append(
                Investment(self, player, colour, slot, state, mine.investments, round_, shade, height, holder, key=f"investment {slot}")
            )
        for n in rules.NUMBERS:
            state = "held" if n in mine.cards else "free" if n in free else "taken"
            holder = next((p for p, theirs in others if n in theirs.cards), "") if state == "taken" else ""
            cells.append(Card(self, player, colour, n, state, round_, shade, height, holder, key=f"card {n}"))
        gap = CARD_GAP if height < TAP or self.phone else 4
        return ft.Column(cells, spacing=gap, horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=COLUMN)

    def expedition(self, player: str, colour: str) -> rules.Expedition:
        """`player`'s expedition of `colour` in the round shown, as the live game parsed it."""
        return self.context.position.rounds[self.round_index][player].get(colour, rules.NO_EXPEDITION)

    def free(self, player: str, colour: str, round_: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The numbers, and the investment slots (filled up to), the rules allow `player` in round `round_`:
        asked of the rules (scoring.refusal), which refuse a tap on any other with the same rule."""
        may = self.context.refusal
        numbers = tuple(n for n in rules.NUMBERS if may(rules.AddCard(player, colour, n, round_)) is None)
        slots = tuple(k for k in range(1, rules.INVESTMENTS_PER_COLOUR + 1) if may(rules.SetInvestments(player, colour, k, round_)) is None)
        return numbers, slots

    def column_inputs(self, player: str, colour: str) -> tuple:
        """What a colour column shows (colour_column's arguments)."""
        round_ = self.round_index + 1
        free, slots = self.free(player, colour, round_)
        others = tuple((p, self.expedition(p, colour)) for p in self.context.players if p != player)
        return player, colour, round_, self.expedition(player, colour), free, slots, self.shade(colour), self.card_height(), others

    def column(self, player: str, colour: str) -> ft.Control:
        """A colour column, drawn again only when what it shows changes (a tap redraws one column,
        or two on a tablet, never the tableau)."""
        return self.context.part(self.column_inputs, self.colour_column, player, colour, key=colour)

    def formula_lines(self, player: str) -> tuple[tuple[scoring.Line, ...]]:
        """The lines themselves (the rules' words, said in the reader's language where they are drawn)."""
        return (tuple(line for colour in self.variant.colours for line in self.expedition(player, colour).lines(colour)),)

    def formulas(self, player: str) -> ft.Control:
        """Each started expedition's formula, a line each, breaking between terms."""
        return self.context.part(self.formula_lines, Formulas, player, key="formulas")

    def starter(self) -> str | None:
        """Who starts the round shown (from the totals after the round before it); "" when they were level;
        None in round 1, where the players choose."""
        current = self.round_index
        return rules.starter_of_round(self.context.position, current + 1) or "" if current else None

    def starter_sentence(self) -> str:
        current, starter = self.round_index, self.starter()
        if starter is None:
            return ""
        if starter:
            return _("{player} had the higher total after round {round} and starts round {next}.").format(
                player=starter, round=current, next=current + 1
            )
        return _("The totals were level after round {round}: the players choose who starts round {next}.").format(
            round=current, next=current + 1
        )

    def label_inputs(self, player: str) -> tuple[str, int, int, str | None]:
        """What the heads' line shows (heads_label's arguments): the starter only on a phone."""
        return player, self.round_index + 1, self.variant.rounds, self.starter() if self.phone else None

    def heads_label(self, player: str, round_: int, rounds: int, starter: str | None) -> ft.Control:
        """What the heads under it are: whose, which round, and (on a phone, where nothing else in view says
        it) who starts that round (`starter`: "" when the players choose; None: not said)."""
        shown = ft.Text(
            _("{player}, round {round} of {rounds}").format(player=short_name(player), round=round_, rounds=rounds),
            weight=ft.FontWeight.BOLD,
            size=13,
        )
        whose = ft.Semantics(exclude_semantics=True, content=shown)  # the header's sentence and the heads' say it
        if starter is None:
            return ft.Row([whose], alignment=ft.MainAxisAlignment.CENTER, key=f"label {player}")
        said = _("{player} starts").format(player=short_name(starter)) if starter else _("level: choose who starts")
        return ft.Row(
            [whose, ft.Semantics(identifier="starter", content=ft.Text(f"· {said}", size=13, no_wrap=True))],
            spacing=4,
            wrap=True,
            run_spacing=0,
            alignment=ft.MainAxisAlignment.CENTER,
            key=f"label {player}",
        )

    def heads(self, player: str) -> ft.Control:
        return ft.Column(
            [
                self.context.part(self.label_inputs, self.heads_label, player, key=f"label {player}"),
                ft.Row(
                    [self.head(player, c) for c in self.variant.colours],
                    spacing=4,
                    alignment=ft.MainAxisAlignment.CENTER,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
            ],
            spacing=2,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            tight=True,
        )

    def tableau(self, player: str) -> ft.Control:
        # Whose and which round: the heads' line in the header says it, in view while the cards scroll.
        return ft.Column(
            [
                ft.Row(
                    [self.column(player, c) for c in self.variant.colours],
                    spacing=4,
                    alignment=ft.MainAxisAlignment.CENTER,
                    vertical_alignment=ft.CrossAxisAlignment.START,
                ),
                self.formulas(player),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def round_label(self) -> str:
        return ""  # the heads' line says the round, with whose cards they are

    def header_said(self) -> str:
        return _("Round {round} of {rounds}.").format(round=self.round_index + 1, rounds=self.variant.rounds)

    def scroll_key(self) -> str:
        return f"round {self.round_index}"  # another round: its cards from the top

    def round_buttons(self) -> list[ft.Control]:
        """The rounds to look back at on a phone's switch row: "Round" and a 48 px button a round."""
        current = self.round_index
        buttons: list[ft.Control] = [
            (ft.FilledButton if i == current else ft.OutlinedButton)(
                content=ft.Text(str(i + 1), semantics_label=_("Round {number}").format(number=i + 1)),
                on_click=lambda e, i=i: self.select_round(i),
                height=TAP,
                width=TAP,
                style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                key=f"round {i + 1}",
            )
            for i in range(len(self.context.record["rounds"]))
        ]
        if len(buttons) > 1:  # the word before them, left out of the tree: each button's name says it
            word = ft.Text(_("Round"), size=13, weight=ft.FontWeight.BOLD)
            buttons.insert(0, ft.Semantics(exclude_semantics=True, content=word, key="round label"))
        return buttons

    def view_choices(self) -> list[ft.Control]:
        """On the host's phone the rounds sit beside the player switch, above the cards (a guest's phone
        enters the round the table plays)."""
        if self.context.wide or self.context.seat or len(self.context.record["rounds"]) < 2:
            return []
        return [ft.Row(self.round_buttons(), spacing=4, tight=True, key="rounds")]

    def bar_choices(self) -> list[BarButton]:
        """On a tablet the rounds to look back at come with Next round, under the thumb: above the cards
        they would push the bottom of the columns off the screen."""
        if not self.context.wide or self.context.seat:
            return []
        current = self.round_index

        def show(i: int) -> Callable[[Any], None]:
            return lambda e: self.select_round(i)

        return [
            BarButton(
                _("Round {number}").format(number=i + 1),
                show(i),
                look=FILLED if i == current else OUTLINED,
                short=str(i + 1),
                key=f"round {i + 1}",
            )
            for i in range(len(self.context.record["rounds"]))
        ]

    def round_action(self) -> BarButton | None:
        """Next round while rounds remain (greyed on a guest's phone)."""
        if len(self.context.record["rounds"]) >= self.variant.rounds:
            return None
        return next_round_button(lambda e: self.next_round(), guest=bool(self.context.seat))

    def explanations(self, result: scoring.Result) -> tuple[str, ...]:
        """The scorer's sentences without its last one while rounds remain: that one names who starts
        the round after the last listed, and this screen says who starts the round shown (shared()).
        None while the last round is still empty: the scorer counts a game decided once its last round
        exists ("the game is a draw"), the table once that round is played (GameRules.at_end)."""
        if not self.entered():
            return ()
        if not result.decided:
            return result.explanations[:-1] if result.rounds else result.explanations
        return result.explanations if rules.GAME.at_end(self.context.position, result) else ()

    def round_scores(self) -> ft.Control:
        result, current = self.context.result, self.round_index
        per_round = ", ".join(f"{p} {scoring.number(result.rounds[current][p])}" for p in self.context.players)
        said = _("Round {round} of {rounds}: {scores}").format(round=current + 1, rounds=self.variant.rounds, scores=per_round)
        return ft.Text(said, text_align=ft.TextAlign.CENTER)

    def starter_line(self) -> list[ft.Control]:
        sentence = self.starter_sentence()
        return [ft.Text(sentence, text_align=ft.TextAlign.CENTER, size=13)] if sentence else []

    def shares(self) -> bool:
        # On a phone the rounds are beside the player switch and the starter in the heads' line: nothing here
        # pushes the cards down. The table's tablet says who starts above its cards, where it has room.
        return not self.phone and bool(self.starter_sentence())

    def shared(self) -> list[ft.Control]:
        return self.starter_line() if self.shares() else []

    def after(self) -> list[ft.Control]:
        if self.phone:  # the round's scores and who starts it in full, under the cards
            return [self.round_scores(), *self.starter_line()]
        rows = [self.round_scores()]
        if self.variant.rounds > 1:  # the tablet has room for the paper pad, under the cards
            rows.append(ft.Container(score_sheet(self.context.result), width=min(520, (self.context.page_width or 600) - 40)))
        return rows

    # -- setup and statistics -----------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        return [
            option_switch(
                _("Short game: 1 round (the full game is 3)"),
                variant["rounds"] == 1,
                lambda e: set_variant("rounds", 1 if e.control.value else 3),
            ),
            option_switch(_("Purple expedition (sixth colour)"), variant["purple"], lambda e: set_variant("purple", e.control.value)),
        ]

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        """Said, not translated here: the figures are worked out once for every session (history_figures), and
        the statistics screen says them in each reader's language."""
        expeditions = [
            e
            for record in records
            for round_ in scoring.parse(record).game.rounds
            for tableau in round_.values()
            for e in tableau.values()
            if e.started
        ]
        invested = [e for e in expeditions if e.investments]
        paid = [e for e in invested if e.score() > 0]
        counted = Said.counted("{count} expedition with an investment", "{count} expeditions with an investment", len(invested))
        return (
            (Said("average per expedition"), decimal(mean([e.score() for e in expeditions])) if expeditions else "–"),
            (Said("investments that paid off"), share_of(len(paid), len(invested), counted)),
        )
