"""The BoardGameGeek Game play screen: GG from each round's income and Advertise/Promote
spend (starting 10 or 11 by seat) or from the score track; acquired tiles as a colour ×
number grid. End scoring switches itself between 3 and 4–6 players (in `scoring`); what is
still available, and why not, is asked of `scoring` too."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from functools import partial
from statistics import mean
from typing import Any

import flet as ft

from companion.language import N_, _, ngettext
from companion.ui.games.base import GameScreen, line_words, naming
from companion.ui.widgets.controls import TAP, card_button, option_switch, section, short_name, stepper
from companion.ui.widgets.palette import ink
from scoring import bgg_game as rules
from scoring.words import Said, decimal

# What the two ways of entering a player's GG (Geek Gold: the game's money, and its points) are, under their buttons.
LEDGER_SAID = N_(
    "GG: Geek Gold, the money that is also the score. Income ledger: each round's income from games sold, "
    "and the GG spent that round on Advertise and Promote (1 GG each)."
)
TRACK_SAID = N_("GG: Geek Gold, the money that is also the score. Score track: the GG the player's marker shows on the board.")
MAX_FIELD_WIDTH = 320  # a 360 px phone's tableau, less its padding
EVERY_SET = N_("3 players: score every complete\n1–6 set (default: one per colour)")  # two lines: a switch's label never wraps
# The publishers' colours as the screen names them ("" for none).
colour_name = naming(
    {
        "red": N_("red"),
        "blue": N_("blue"),
        "green": N_("green"),
        "yellow": N_("yellow"),
        "purple": N_("purple"),
        "black": N_("black"),
    }
)


def parse_number(text: str | None) -> int | None:
    """A whole number typed or pasted: spaces around it are fine, and so are other scripts' digits
    ("٣" and "３" are 3); anything else ("12 GG", "1e3", "-5", "3.5") is None. Never raises."""
    text = unicodedata.normalize("NFKC", text or "").strip()
    if not text or len(text) > 9 or not text.isdecimal():  # isdecimal: exactly what int() reads
        return None
    return int(text)


@ft.component
def NumberField(label: str, value: int, on_commit: Callable[[int], Any], width: int = 90) -> ft.Control:
    """A field for a number too large to tap to (income, the track); only digits get in. What is typed
    is this device's until it is committed (Enter, or leaving the field); a new stored number (from
    this device or another) replaces it."""
    typed, set_typed = ft.use_state((value, str(value)))  # (the stored number it was typed over, the text)
    error, set_error = ft.use_state("")
    sent: ft.MutableRef[int | None] = ft.use_ref(None)  # the number sent since this drawing
    sent.current = None  # drawn again: what was sent is in `value` now, or was refused
    text = typed[1] if typed[0] == value else str(value)

    def commit(e: Any) -> None:
        number = parse_number(e.control.value)
        if number is None or number > rules.MAX_GG:
            set_error(_("0 to {most}").format(most=rules.MAX_GG))
            return
        set_error("")
        # " 7" or "٣" shows as the number it was read as, typed over that number as stored: an undo
        # back to the number before shows that number, not what was typed.
        set_typed((number, str(number)))
        # Enter sends the number, and then the field loses its focus, which commits it again before
        # the first answer is drawn: sent once, not twice (the second was refused as "already 5 GG").
        if number != value and number != sent.current:
            sent.current = number
            on_commit(number)

    return ft.TextField(
        label=label,
        value=text,
        error=error or None,
        width=width,
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
        on_change=lambda e: set_typed((value, e.control.value or "")),
        on_blur=commit,
        on_submit=commit,
    )


def label_width(label: str) -> int:
    """A field wide enough for its label on one line (a wrapped label runs into the field's border):
    about 7 px a letter at the floating label's size, and the field's own padding; at most what a
    phone's tableau has room for (a name past about 40 letters still wraps)."""
    return min(MAX_FIELD_WIDTH, max(136, 32 + 7 * len(label)))


def number_field(label: str, value: int, on_commit: Callable[[int], Any], width: int = 90) -> ft.Control:
    field: Callable[..., ft.Control] = NumberField  # a component also takes `key`
    return field(label, value, on_commit, width, key=label)  # its own state: one field per label


class BggGameScreen(GameScreen):
    key = "bgg-game"
    seed = ft.Colors.DEEP_ORANGE
    icon = ft.Icons.STOREFRONT

    @property
    def position(self) -> rules.Game:
        """The rules' parsed record, typed as this game's."""
        return self.context.position

    def entry(self, player: str) -> dict:
        return self.context.record["final"][player]

    # -- taps ---------------------------------------------------------------------------

    def tap_tile(self, player: str, colour: str, number: int, mine: int, blocked: bool) -> None:
        """One tap per tile acquired; past the last copy the player may hold, back to none. `mine` and
        `blocked` are what the screen showed, so the same tap from two devices agrees."""
        count = 0 if mine and blocked else mine + 1
        self.context.act(rules.SetTiles(player, colour, number, count))

    def set_income(self, player: str, round_: int, income: int) -> bool:
        return self.context.act(rules.SetIncome(player, round_, income))

    def adjust_spent(self, player: str, round_: int, shown: int, value: int) -> bool:
        """A step from what the stepper showed, not the value: two devices' +1 give +2."""
        return self.context.act(rules.AdjustSpent(player, round_, value - shown))

    # -- what is shown ------------------------------------------------------------------

    def gg_block(self, player: str) -> ft.Control:
        e = self.entry(player)
        seat = self.context.players.index(player)
        on_track = "gg" in e
        rows: list[ft.Control] = [
            ft.Row(
                [
                    (ft.OutlinedButton if on_track else ft.FilledButton)(
                        _("Income ledger"), height=TAP, on_click=lambda e: self.context.act(rules.UseLedger(player))
                    ),
                    (ft.FilledButton if on_track else ft.OutlinedButton)(
                        _("Score track"), height=TAP, on_click=lambda e: self.context.act(rules.UseTrack(player))
                    ),
                ],
                wrap=True,
            ),
            ft.Text(_(TRACK_SAID) if on_track else _(LEDGER_SAID), size=12),
        ]
        if on_track:
            on_track_gg = lambda v: self.context.act(rules.SetTrackGG(player, v))
            rows.append(number_field(_("{player} GG on the track").format(player=player), e["gg"], on_track_gg, width=200))
            rows.append(ft.Text(_("The track wraps at 100: add 100 for each lap."), size=12))
        else:
            rows.append(ft.Text(_("Start: {gg} GG (seat {seat})").format(gg=rules.starting_gg(seat), seat=seat + 1), size=13))
            ledger = e["ledger"]
            for i in range(rules.MAX_LEDGER_ROUNDS):  # all six rows at once: the layout never shifts under a finger
                r = ledger[i] if i < len(ledger) else {}
                spent = r.get("spent", 0)
                income = _("{player} round {round} income").format(player=player, round=i + 1)
                rows.append(
                    ft.Row(
                        key=f"{player}-ledger-{i}",
                        wrap=True,
                        run_spacing=4,
                        controls=[
                            number_field(
                                income,
                                r.get("income", 0),
                                partial(self.set_income, player, i + 1),
                                width=min(label_width(income), int(self.context.tableau_width or 320)),
                            ),
                            ft.Text(_("spent"), size=12),
                            # A step, not the value the stepper shows: two devices' +1 give +2.
                            stepper(
                                _("{player} round {round} spent").format(player=player, round=i + 1),
                                spent,
                                partial(self.adjust_spent, player, i + 1, spent),
                                0,
                                rules.MAX_SPENT,
                                narrow=self.context.narrow,
                            ),
                        ],
                        spacing=4,
                    )
                )
        rows.append(ft.Text(_("GG before end scoring: {gg}").format(gg=rules.gg_points(self.position, player)), weight=ft.FontWeight.BOLD))
        return ft.Column(rows, spacing=6, key=f"{player}-{'track' if on_track else 'ledger'}")

    def tiles_block(self, player: str) -> ft.Control:
        game = self.position
        own = game.tableaux[player].colour
        mine = game.tableaux[player].tiles
        dark = self.context.dark
        rows: list[ft.Control] = []
        for colour in (game.tableaux[p].colour for p in self.context.players):
            if colour == own:
                continue
            # The colour's name above its row: beside it, six 48 px tiles would not fit a 360 px phone. It says
            # how many copies of a tile are held where a tile shows "3×2": a screen reader reads it before the
            # tiles, whose names stay "<player> tile <colour> <number>" however many are held.
            copies = [
                ngettext("{count} copy of {number}", "{count} copies of {number}", k).format(count=k, number=n)
                for n in rules.NUMBERS
                if (k := mine.count((colour, n))) > 1
            ]
            said = colour_name(colour)
            heading = _("{colour} ({copies})").format(colour=said, copies=", ".join(copies)) if copies else said
            rows.append(ft.Text(heading, color=ink(colour, dark), weight=ft.FontWeight.BOLD, size=13))
            cells: list[ft.Control] = []
            for n in rules.NUMBERS:
                count = mine.count((colour, n))
                blocked = self.context.refusal(rules.SetTiles(player, colour, n, count + 1)) is not None  # one copy more
                state = "held" if count else "taken" if blocked else "free"
                text = str(n) if count <= 1 else f"{n}×{count}"
                cells.append(
                    card_button(
                        text,
                        _("{player} tile {colour} {number}").format(player=player, colour=said, number=n),
                        lambda e, c=colour, n=n, k=count, b=blocked: self.tap_tile(player, c, n, k, b),
                        state=state,
                        colour=ink(colour, dark),
                        # A tile held twice says so ("4×2"): wider, or at 200 % text the copies were cut off.
                        width=TAP if count <= 1 else TAP + 24,
                    )
                )
            rows.append(ft.Row(cells, spacing=4, wrap=True, run_spacing=4))
        return ft.Column(
            [
                *rows,
                ft.Text(_("Tap a tile once per copy held; tap past the last copy to clear it."), size=12),
                *[ft.Text(line_words(line), size=13) for line in rules.tile_lines(game, player)],
            ],
            spacing=4,
        )

    def tableau(self, player: str) -> ft.Control:
        # Built whole when its key changes: a piece kept from an earlier build (GameScreen.part) and set
        # under this new Column lost its events here (a typed income after a tile tap never arrived).
        colour = self.entry(player)["colour"]
        return ft.Column(
            [
                ft.Row(
                    [
                        ft.Container(width=16, height=16, bgcolor=ink(colour, self.context.dark), border_radius=8),
                        section(_("{player} ({colour})").format(player=short_name(player), colour=colour_name(colour))),
                    ]
                ),
                self.gg_block(player),
                ft.Text(_("Acquired tiles"), weight=ft.FontWeight.BOLD),
                self.tiles_block(player),
            ],
            spacing=8,
        )

    def shared(self) -> list[ft.Control]:
        n = len(self.context.players)
        how = (
            _("3 players: tiles score colour by colour (a 1–6 set of a colour: 6 each)")
            if n == 3
            else _("{players} players: tiles score number by number (a number in all {others} other colours: 6 each)").format(
                players=n, others=n - 1
            )
        )
        return [ft.Text(how, size=13, italic=True)]

    # -- setup and statistics -----------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        if len(players) > 3:  # the option is about 3-player scoring only
            return []
        return [
            option_switch(
                _(EVERY_SET),
                variant["three_player_sets"] == "every",
                lambda e: set_variant("three_player_sets", "every" if e.control.value else "one"),
            )
        ]

    @classmethod
    def choices(cls, players: list[str], chosen: dict[str, str]) -> dict[str, str]:
        """Each player's publisher colour: as chosen, else the first colour nobody has yet, by seat."""
        taken = {chosen[p] for p in players if p in chosen}
        free = [c for c in rules.COLOURS if c not in taken]
        return {p: chosen[p] if p in chosen else free.pop(0) for p in players}

    @classmethod
    def player_colours(cls, players: list[str], choices: dict[str, str], dark: bool) -> dict[str, tuple[str, str]]:
        """One colour per player: the publisher's, on the setup screen, the tableau and the lists alike."""
        return {p: (colour_name(choices.get(p, "")), ink(choices.get(p, ""), dark)) for p in players}

    @classmethod
    def choice_controls(cls, player: str, choices: dict[str, str], set_choice: Callable[[str, str], None]) -> list[ft.Control]:
        mine = choices[player]
        others = {c for p, c in choices.items() if p != player}
        return [
            ft.Semantics(  # a screen reader hears whose colour; the eye sees the name on the line above
                label=_("{player}'s colour").format(player=short_name(player)),
                container=True,
                content=ft.Dropdown(
                    label=_("Colour"),  # a long name in it wrapped onto the name line above
                    value=mine,
                    width=140,
                    options=[ft.DropdownOption(key=c, text=colour_name(c)) for c in rules.COLOURS if c == mine or c not in others],
                    on_select=lambda e: set_choice(player, e.control.value),
                ),
            )
        ]

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        """Said, not translated here: the figures are worked out once for every session (history_figures), and
        the statistics screen says them in each reader's language."""
        import scoring

        shares: list[int] = []
        for record in records:
            game = scoring.parse(record).game
            shares.extend(rules.tile_points(game, p) for p in game.players)
        return ((Said("average GG from acquired tiles"), decimal(mean(shares)) if shares else "–"),)
