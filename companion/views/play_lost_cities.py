"""Lost Cities play screen: per round, each player's expeditions as colour columns;
one tap per card (investments, then 2–10); the other player's cards show as taken."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import flet as ft

from scoring import NextRound
from scoring import lost_cities as rules

from ..games import GameScreen, register
from ..widgets.controls import card_button, short_name

SHADE = {
    "yellow": ft.Colors.AMBER_700,
    "blue": ft.Colors.BLUE_700,
    "white": ft.Colors.BLUE_GREY_400,
    "green": ft.Colors.GREEN_700,
    "red": ft.Colors.RED_700,
    "purple": ft.Colors.PURPLE_500,
}


def as_expedition(raw: dict) -> rules.Expedition:
    return rules.Expedition(raw.get("investments", 0), tuple(raw.get("cards", ())))


def mean(values: list[int]) -> float:
    return sum(values) / len(values)


@register
class LostCitiesScreen(GameScreen):
    key = "lost-cities"
    seed = ft.Colors.AMBER_800
    icon = ft.Icons.EXPLORE
    order = 1

    @property
    def variant(self) -> rules.Variant:
        return self.play.live.rules.variant

    @property
    def round_index(self) -> int:
        last = len(self.play.record["rounds"]) - 1
        return min(self.play.state.get("round", last), last)

    def raw_round(self) -> dict:
        return self.play.record["rounds"][self.round_index]

    def other(self, player: str) -> str:
        return next(p for p in self.play.players if p != player)

    # -- taps ---------------------------------------------------------------------------

    # A tap means what the button showed when it was drawn (a free card: add it), never a toggle of
    # whatever the server holds by then: two screens tapping one free card add it once, not zero times.

    def tap_number(self, player: str, colour: str, number: int, held: bool) -> None:
        action = rules.RemoveCard if held else rules.AddCard
        self.play.act(action(player, colour, number, self.round_index + 1))

    def tap_investment(self, player: str, colour: str, slot: int, shown: int) -> None:
        """Slot k (1–3): tapping an empty slot fills up to it, tapping the last filled one empties it."""
        count = slot - 1 if shown >= slot else slot
        self.play.act(rules.SetInvestments(player, colour, count, self.round_index + 1))

    def select_round(self, index: int) -> None:
        self.play.state["round"] = index
        self.play.render()

    def next_round(self) -> None:
        if self.play.act(NextRound()):
            self.select_round(len(self.play.record["rounds"]) - 1)

    # -- what is shown ------------------------------------------------------------------

    def colour_column(self, player: str, colour: str, mine: rules.Expedition, theirs: rules.Expedition) -> ft.Control:
        shade = SHADE[colour]
        lines = mine.lines(colour)
        formula = lines[0].formula if lines else "not started"
        free_investments = rules.INVESTMENTS_PER_COLOUR - theirs.investments
        cells: list[ft.Control] = [
            ft.Text(colour, weight=ft.FontWeight.BOLD, color=shade, size=13),
            ft.Semantics(identifier=f"expedition-{player}-{colour}",
                         content=ft.Text(str(mine.score()) if mine.started else "–", size=18, weight=ft.FontWeight.BOLD)),
            ft.Container(ft.Text(formula + (" +20" if len(lines) > 1 else ""), size=9, text_align=ft.TextAlign.CENTER,
                                 max_lines=3), height=36),
        ]
        for slot in range(1, rules.INVESTMENTS_PER_COLOUR + 1):
            held = mine.investments >= slot
            taken = not held and slot > mine.investments + free_investments
            cells.append(card_button(
                "", f"{player} {colour} investment {slot}",
                lambda e, s=slot: self.tap_investment(player, colour, s, mine.investments),
                state="held" if held else "taken" if taken else "free", colour=shade, icon=ft.Icons.HANDSHAKE,
            ))
        for n in rules.NUMBERS:
            state = "held" if n in mine.cards else "taken" if n in theirs.cards else "free"
            cells.append(card_button(str(n), f"{player} {colour} {n}",
                                     lambda e, n=n, held=state == "held": self.tap_number(player, colour, n, held),
                                     state=state, colour=shade))
        return ft.Column(cells, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=56)

    def column(self, player: str, colour: str) -> ft.Control:
        """A colour column: a slot of its own, redrawn only when its expedition or the other player's
        of its colour changes (a tap redraws one column, or two on a tablet, never the tableau)."""
        round_ = self.raw_round()
        mine = as_expedition(round_[player].get(colour, {}))
        theirs = as_expedition(round_[self.other(player)].get(colour, {}))
        return self.play.slot(("column", self.round_index, player, colour), (mine, theirs),
                              lambda: self.colour_column(player, colour, mine, theirs))

    def tableau_key(self, player: str) -> Hashable:
        return self.round_index, self.variant.colours  # the columns redraw themselves (refresh)

    def refresh(self, player: str) -> None:
        for colour in self.variant.colours:
            self.column(player, colour)

    def tableau(self, player: str) -> ft.Control:
        return ft.Column(
            [
                ft.Text(f"{short_name(player)}'s expeditions, round {self.round_index + 1}", weight=ft.FontWeight.BOLD),
                ft.Row([self.column(player, c) for c in self.variant.colours], spacing=4,
                       vertical_alignment=ft.CrossAxisAlignment.START, scroll=ft.ScrollMode.AUTO),
            ],
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )

    def shared(self) -> list[ft.Control]:
        rounds = self.play.record["rounds"]
        current = self.round_index
        buttons: list[ft.Control] = [
            (ft.FilledButton if i == current else ft.OutlinedButton)(
                f"Round {i + 1}", on_click=lambda e, i=i: self.select_round(i), height=48)
            for i in range(len(rounds))
        ]
        if len(rounds) < self.variant.rounds:
            buttons.append(ft.FilledTonalButton("Next round", icon=ft.Icons.ARROW_FORWARD, height=48,
                                                on_click=lambda e: self.next_round()))
        result = self.play.live.result
        per_round = ", ".join(f"{p} {result.rounds[current][p]}" for p in self.play.players)
        rows: list[ft.Control] = [
            ft.Row(buttons, wrap=True, alignment=ft.MainAxisAlignment.CENTER, key="rounds"),
            ft.Text(f"Round {current + 1} of {self.variant.rounds}: {per_round}", text_align=ft.TextAlign.CENTER),
        ]
        starter = rules.starter_of_round(self.play.live.rules, current + 1)
        if starter:
            rows.append(ft.Text(f"{starter} had the higher total after round {current} and starts round {current + 1}.",
                                text_align=ft.TextAlign.CENTER, size=13))
        return rows

    # -- setup and statistics -----------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None],
                         players: list[str]) -> list[ft.Control]:
        return [
            ft.Switch(label="Short game: 1 round (the full game is 3)", value=variant["rounds"] == 1,
                      on_change=lambda e: set_variant("rounds", 1 if e.control.value else 3)),
            ft.Switch(label="Purple expedition (sixth colour)", value=variant["purple"],
                      on_change=lambda e: set_variant("purple", e.control.value)),
        ]

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        import scoring

        expeditions = [e for record in records for round_ in scoring.parse(record).game.rounds
                       for tableau in round_.values() for e in tableau.values() if e.started]
        invested = [e for e in expeditions if e.investments]
        paid = [e for e in invested if e.score() > 0]
        share = f"{100 * len(paid) / len(invested):.0f}%" if invested else "–"
        return (
            ("average per expedition", f"{mean([e.score() for e in expeditions]):.1f}" if expeditions else "–"),
            ("investments that paid off", f"{share} of {len(invested)}"),
        )
