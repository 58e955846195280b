"""The score pad's play screen, for any game Tableside has no rules for: each round's points typed per player
with a phone's number pad, as on paper. One field per player per round; Enter sends the number and moves to the
next player's field, and after the last player to the first field of the next round, which starts that round
with its first number (so a game never ends with an empty round); "Next round" starts one whenever the rules
allow it (a round where everyone scored 0 changes no field). The running totals and places are the play screen's
header; "Finish game" ends a game without a target, and the end is said once a total reaches the target.

Every round is offered at once, the newest first (the one being entered stays under the totals): a phone shows
each round as rows of players, and the paper sheet under them; a tablet each player's column of rounds side by
side; a guest's phone its own column.
Each typed number is one `SetScore` action, sent when the field is left (Enter, Tab, a tap elsewhere), never
per keystroke: two devices typing for different players both count. A number the rules refuse says why at the
field, and stays there to be corrected."""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable
from typing import Any

import flet as ft

import scoring
from companion.language import N_, _, spoken
from companion.language import number as said_number
from companion.ui.games.base import GameScreen
from companion.ui.widgets.bar_buttons import OUTLINED, TONAL, BarButton, next_round_button
from companion.ui.widgets.controls import TAP
from companion.ui.widgets.score_sheet import score_sheet
from companion.ui.widgets.typed_field import TypedField
from scoring import NextRound, number
from scoring import score_pad as rules
from scoring.fields import sentence
from scoring.names import clean_name

log = logging.getLogger("tableside")

Field = tuple[str, int]  # a player's field of a round (1-based)
NOT_A_NUMBER = N_("Type a whole number, such as 13 or −5.")
SIGNS = {"+": 1, "-": -1, "−": -1, "–": -1}  # a phone's keyboard may give any of these minus signs
RUNNING = 64  # the running total beside a field ("= −1234")


def read_score(text: str | None) -> int | None:
    """A typed score: None for an empty field; spaces around it, a sign (+, -, −, –) and other scripts' digits are
    fine ("−5", "٣"). ValueError for anything else ("1e3", "3.5", "12 points"). Never larger than the rules take
    by much (nine digits), so a pasted page of digits is refused, not read."""
    text = unicodedata.normalize("NFKC", text or "").strip()
    if not text:
        return None
    sign = SIGNS.get(text[0])
    digits = text[1:].strip() if sign else text
    if not digits or len(digits) > 9 or not digits.isdecimal():  # isdecimal: exactly what int() reads
        raise ValueError(text)
    return (sign or 1) * int(digits)


def shown(score: int | None) -> str:
    """A field's text: empty for 0 (the field's hint says 0), so that a number typed into it replaces nothing; a
    negative number with the minus sign the screens read (−5)."""
    return "" if not score else number(score)


def title_of(typed: str) -> str:
    """A typed name as the record keeps it: cleaned as a player's name is, spaces run together; the score pad's own
    name ("Score pad") while nothing is typed."""
    return " ".join(clean_name(typed).split()) or rules.DEFAULT_TITLE


@ft.memo
@ft.component
def ScoreField(screen: ScorePadScreen, player: str, round_: int, stored: int | None) -> ft.Control:
    """A player's points in a round (`stored`: as the game holds them; None in the round still to start). What is
    typed is this device's until it is sent (Enter, or leaving the field); a new stored number replaces it.

    Typing draws nothing: a drawing of the field while keys are pressed can send the browser the text of a key it
    has gone past, and take back what was typed after it (Setup's fields, drawn at each key from the form, lost the
    last letter of a name typed fast in Chromium: widgets/typed_field.py)."""
    kept, set_kept = ft.use_state((stored, shown(stored)))  # (the stored number it was typed over, the text sent or refused)
    error, set_error = ft.use_state("")
    typing: ft.MutableRef[str | None] = ft.use_ref(None)  # the text as the browser has it now (never drawn)
    text = kept[1] if kept[0] == stored else shown(stored)
    key = (player, round_)

    def commit(e: Any) -> bool:
        """Send the number typed; True when it went (or there was nothing to send), else why not is at the field."""
        raw = e.control.value if e.control.value is not None else typing.current or ""
        problem, now = screen.commit(player, round_, raw)
        set_error(problem)
        # Sent: shown as the number it is now (an undo back to the number before shows that number, not this text);
        # refused: the text stays, with why, to be corrected.
        set_kept((now, shown(now)) if now is not None and not problem else (stored, raw))
        return not problem

    async def submit(e: Any) -> None:
        if commit(e):
            await screen.focus_after(player, round_)

    def changed(e: Any) -> None:
        typing.current = e.control.value

    field = ft.TextField(
        label=_("{player} round {round} score").format(player=player, round=round_),
        value=text,
        hint_text="0",
        error=error or None,
        keyboard_type=ft.KeyboardType.NUMBER,
        text_align=ft.TextAlign.END,
        on_change=changed,
        on_blur=commit,
        on_submit=submit,
        expand=True,
    )
    screen.fields[key] = field  # the field Enter moves to (FormFieldControl.focus: a call on the drawn field)

    def gone() -> None:
        if screen.fields.get(key) is field:
            del screen.fields[key]

    async def shown_now() -> None:
        await screen.field_shown(key)

    ft.use_effect(shown_now, [], cleanup=gone)
    return field


@ft.memo
@ft.component
def Running(player: str, round_: int, total: int) -> ft.Control:
    """The running total after a round, beside its field, as on paper; read with whose and which round."""
    said = _("{player}'s total after round {round}: {total}").format(player=player, round=round_, total=said_number(total))
    shown = ft.Text(f"= {number(total)}", width=RUNNING, size=13, color=ft.Colors.ON_SURFACE_VARIANT, no_wrap=True)
    return ft.Semantics(label=said, container=True, exclude_semantics=True, content=shown)


class ScorePadScreen(GameScreen):
    key = "score-pad"
    seed = ft.Colors.BLUE_800
    icon = ft.Icons.EDIT_NOTE
    per_player = False  # every player's field of a round on one screen: no player switch

    def __init__(self, context):
        super().__init__(context)
        self.fields: dict[Field, ft.TextField] = {}  # the fields as last drawn, for Enter's move to the next
        self.pending: Field | None = None  # the field to focus once it is drawn (the round the number just sent started)

    # -- what the table holds ------------------------------------------------------------

    @property
    def rounds(self) -> list[dict[str, int]]:
        return self.context.record["rounds"]

    def may_start_round(self) -> bool:
        """Whether this screen offers the round still to start: once the last round holds a number (a new game
        offers its first round alone), not on a guest's phone (the table starts a round), not once the game is
        over (the rules' refusal of NextRound)."""
        return not self.context.seat and any(self.rounds[-1].values()) and self.context.refusal(NextRound()) is None

    def last_round(self) -> int:
        """The last round a field is offered for: the round still to start, where there is one."""
        return len(self.rounds) + (1 if self.may_start_round() else 0)

    def stored(self, player: str, round_: int) -> int | None:
        return self.rounds[round_ - 1][player] if round_ <= len(self.rounds) else None

    def running(self, player: str, round_: int) -> int:
        return sum(r[player] for r in self.rounds[:round_])

    @property
    def phone(self) -> bool:
        """The host's phone: each round its players as rows (a guest's phone shows its own column)."""
        return not self.context.wide and not self.context.seat

    def newest_first(self) -> range:
        """The rounds offered, the newest first: the round being entered stays at the top, under the totals."""
        return range(self.last_round(), 0, -1)

    # -- a typed number --------------------------------------------------------------------

    def commit(self, player: str, round_: int, text: str | None) -> tuple[str, int | None]:
        """Send the number typed into `player`'s field of `round_`: ("", the number it holds now) when sent or
        nothing needed sending; else (why not, in the reader's words, None). A number typed into the round still
        to start starts it (0 too), in one action. Compared with the game as it is now, not as drawn: Enter then
        the field's blur send it once."""
        try:
            typed = read_score(text)
        except ValueError:
            return _(NOT_A_NUMBER), None
        started = len(self.rounds)
        if round_ > started + 1 or player not in self.context.players:
            return "", None  # a field of a round that is no longer offered (an undo took the round before it back)
        if typed is None and round_ > started:
            return "", None  # an empty field of the round still to start: nothing to start it with
        value = typed or 0
        if round_ <= started and self.rounds[round_ - 1][player] == value:
            return "", value
        action = rules.SetScore(player, value, round_)  # into the round still to start: starts it (one undo takes it back)
        why = self.context.refusal(action)
        if why is not None:
            return self.said(why), None
        return "", value if self.context.act(action) else None

    def said(self, reason: str) -> str:
        return sentence(spoken(reason), self.context.players)

    # -- Enter moves on ----------------------------------------------------------------------

    def next_field(self, player: str, round_: int) -> Field | None:
        """The field after `player`'s of `round_`: the next player's, after the last one the first player's of
        the next round (on a guest's phone its own next round); None after the last offered."""
        players = self.context.players
        if self.context.seat:
            return (player, round_ + 1) if round_ < self.last_round() else None
        i = players.index(player)
        if i + 1 < len(players):
            return players[i + 1], round_
        return (players[0], round_ + 1) if round_ < self.last_round() else None

    async def focus_after(self, player: str, round_: int) -> None:
        """Focus the field after `player`'s (Enter): at once where it is drawn, else once it is (the round to start
        that the number just sent brought)."""
        after = self.next_field(player, round_)
        if after is not None:
            await self.focus_on(after)

    async def focus_on(self, key: Field) -> None:
        """Focus a field: at once where it is drawn, else once it is."""
        if key in self.fields:
            await self.focus(key)
        else:
            self.pending = key

    async def field_shown(self, key: Field) -> None:
        """A field is on the screen: the one Enter moved to is focused."""
        if self.pending == key:
            self.pending = None
            await self.focus(key)

    async def focus(self, key: Field) -> None:
        try:
            await self.fields[key].focus()
        except (KeyError, RuntimeError):  # gone meanwhile (a round taken back): the focus stays where it was
            log.info("the field of %s in round %s is gone: focus not moved", *key)

    # -- what is shown ----------------------------------------------------------------------

    def row(self, player: str, round_: int) -> ft.Control:
        return ft.Row(
            [
                ScoreField(self, player, round_, self.stored(player, round_), key=f"{player} round {round_}"),
                Running(player, round_, self.running(player, round_), key="running"),
            ],
            spacing=6,
            vertical_alignment=ft.CrossAxisAlignment.START,
            key=f"{player} round {round_}",
        )

    def column(self, player: str) -> ft.Control:
        """`player`'s rounds, the newest first: a tablet's column, a guest's phone."""
        return ft.Column([self.row(player, n) for n in self.newest_first()], spacing=8)

    def round_heading(self, round_: int) -> ft.Control:
        said = _("Round {round} (new)") if round_ > len(self.rounds) else _("Round {round}")
        return ft.Semantics(
            identifier=f"round-{round_}",
            content=ft.Text(said.format(round=round_), weight=ft.FontWeight.BOLD, size=13),
            key=f"round {round_}",
        )

    def round_rows(self) -> ft.Control:
        """The host's phone: each round its players as rows, the newest first."""
        return ft.Column(
            [
                ft.Column([self.round_heading(n), *[self.row(p, n) for p in self.context.players]], spacing=8, key=f"round {n}")
                for n in self.newest_first()
            ],
            spacing=16,
        )

    def tableau(self, player: str) -> ft.Control:
        return self.round_rows() if self.phone else self.column(player)

    def header_said(self) -> str:
        return _("Round {round}.").format(round=len(self.rounds))

    def over(self) -> str:
        """How the game ended, once it has: the rules' sentence of the target reached, or the players' Finish game."""
        result = self.context.result
        if not result.decided:
            return ""
        if self.context.record.get("finished") is True:
            return _("The game is finished: Results saves it, Play on takes it back.")
        return spoken(result.explanations[-1]) + " " + _("Results saves it.")

    def shares(self) -> bool:
        return bool(self.over()) and not self.context.seat

    def shared(self) -> list[ft.Control]:
        """The end of the game, said above the fields once it comes (a live region: a screen reader says it)."""
        if not self.shares():
            return []
        return [
            ft.Semantics(
                identifier="game-over",
                live_region=True,
                content=ft.Text(self.over(), weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY, text_align=ft.TextAlign.CENTER),
            )
        ]

    def after(self) -> list[ft.Control]:
        """On the host's phone the paper sheet of the rounds under their fields (a tablet's columns are one)."""
        if not self.phone or not self.entered():
            return []
        return [score_sheet(self.context.result)]

    def round_action(self) -> BarButton | None:
        """Next round while the rules allow one (not once a total reached the target or the game is finished): a
        round where every player scored 0 is a round too, and its zeros, typed or not, start nothing. Greyed on a
        guest's phone (the table starts a round)."""
        if self.context.refusal(NextRound()) is not None:
            return None
        return next_round_button(self.next_round, guest=bool(self.context.seat))

    async def next_round(self, e: Any) -> None:
        """Next round pressed: the new round's first field takes the keyboard."""
        first = (self.context.players[0], len(self.rounds) + 1)
        if self.context.act(NextRound()):
            await self.focus_on(first)

    def bar_choices(self) -> list[BarButton]:
        """Finish game beside Next round, while the players may end it (the rules' `ending`) and no target has
        ended it; Play on takes it back. The table's: none on a guest's phone."""
        if self.context.seat or not scoring.GAMES[self.key].ending(self.context.record.get("variant") or {}).by_players:
            return []
        if self.context.record.get("finished") is True:
            return [BarButton(_("Play on"), lambda e: self.finish(False), ft.Icons.REPLAY, look=TONAL, keep=4, key="play on")]
        if self.context.result.decided:
            return []
        return [BarButton(_("Finish game"), lambda e: self.finish(True), ft.Icons.FLAG, look=OUTLINED, keep=3, key="finish")]

    def finish(self, finished: bool) -> None:
        self.context.act(rules.FinishGame(finished=finished))

    # -- setup ---------------------------------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        """The game's name, which total wins, its target and its BoardGameGeek id (both optional)."""
        return [
            title_field(variant.get("title") or rules.DEFAULT_TITLE, set_variant),
            ft.RadioGroup(
                value="lower" if variant.get("lower_wins") else "higher",
                on_change=lambda e: set_variant("lower_wins", e.control.value == "lower"),
                content=ft.Column(
                    [
                        ft.Radio(value="higher", label=_("The highest total wins"), height=TAP),
                        ft.Radio(value="lower", label=_("The lowest total wins (Hearts, Golf, Skyjo)"), height=TAP),
                    ],
                    spacing=0,
                ),
            ),
            optional_number(
                "target",
                variant.get("target"),
                _("The game ends at (optional)"),
                _("After the round in which a total reaches it. Without one, Finish game ends it."),
                set_variant,
            ),
            optional_number(
                "bgg_id",
                variant.get("bgg_id"),
                _("BoardGameGeek id (optional)"),
                _("For BG Stats: the number in the game's address on boardgamegeek.com."),
                set_variant,
            ),
        ]


def title_field(title: str, set_variant: Callable[[str, Any], None]) -> ft.Control:
    """The game's name, typed once: the text as typed is the field's, the name as kept (cleaned) the form's; a
    name set from elsewhere (a recent game picked) replaces the text. Empty: the score pad keeps its own name."""
    problem = rules.title_problem(title)
    return TypedField(
        title,
        lambda name: set_variant("title", name),
        read=title_of,
        shown=lambda kept: "" if kept == rules.DEFAULT_TITLE else kept,
        label=_("Name of the game"),
        hint_text=_("Hearts, Skyjo, Wizard…"),
        error=spoken(problem) if problem else None,
        max_length=rules.MAX_TITLE,
        counter="",
        key="title",
    )


def number_or_text(typed: str) -> int | str | None:
    """An optional number as typed: None for none, the number, or the text itself where it is no number."""
    try:
        return read_score(typed)
    except ValueError:
        return typed


def optional_number(option: str, value: int | str | None, label: str, helper: str, set_variant: Callable[[str, Any], None]) -> ft.Control:
    """A whole number the game may have (its target, its BoardGameGeek id): empty for none. Something else typed
    is kept as typed, said at the field, and refused by the rules at Start game: never started as no number."""
    bad = isinstance(value, str)
    return TypedField(
        value,
        lambda read: set_variant(option, read),
        read=number_or_text,
        shown=lambda kept: "" if kept is None else str(kept),
        label=label,
        helper=None if bad else helper,
        helper_max_lines=3,
        error=_(NOT_A_NUMBER) if bad else None,
        keyboard_type=ft.KeyboardType.NUMBER,
        key=option,
    )
