"""CGT – Card Game Traders play screen: the Meta row (cards per type, marker included, and
passive modifiers) with each type's live value, then each player's Collection by type and
scoring-ability points. The first player's penalty comes from the setup.

Every stepper sends a step (+1 or −1), never the number it showed: two devices' "+1" both count.
What may still be added or taken off is asked of scoring.cgt, never worked out here."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import flet as ft

from companion.language import _
from companion.services.history_figures import share_of
from companion.ui.games.base import GameScreen
from companion.ui.widgets.controls import named, section, short_name, stepper
from scoring import Action, number
from scoring import cgt as rules
from scoring.words import Said


class CgtScreen(GameScreen):
    key = "cgt"
    seed = ft.Colors.PURPLE
    icon = ft.Icons.TRENDING_UP

    @property
    def position(self) -> rules.Game:
        """The rules' parsed record, typed as this game's."""
        return self.context.position

    def types_shown(self) -> list[int]:
        """The usual seven types, plus any other type the Meta row holds or this screen added."""
        extra = self.context.state.get("extra_types", [])
        return sorted(set(rules.DEFAULT_TYPES) | set(self.position.meta) | set(extra))

    # -- taps: a stepper hands over the value it would show; the action is the step to it ------

    def step(self, make: Callable[[int], Action], shown: int) -> Callable[[int], bool]:
        return lambda value: self.context.act(make(value - shown))

    def reasons(self, make: Callable[[int], Action]) -> tuple[str | None, str | None]:
        """Why a stepper's − and + would be refused (the rules' words), shown when they are greyed."""
        return self.context.refusal(make(-1)), self.context.refusal(make(1))

    def bounds(self, make: Callable[[int], Action], shown: int) -> tuple[int, int]:
        """How far a count's stepper goes from `shown`, a step each way, as the rules allow (never below 0)."""
        low, high = self.reasons(make)
        return (shown if shown <= 0 or low else shown - 1), (shown if high else shown + 1)

    @staticmethod
    def adjust_meta(type_: int, by: int) -> Action:
        return rules.AdjustMeta(type=type_, by=by)

    def add_type(self, value: str | None) -> None:
        """A type picked in "Another type": only one it offers (a crafted value is ignored, never parsed blindly)."""
        offered = {str(t): t for t in range(rules.TYPE_MIN, rules.TYPE_MAX + 1)}
        if value in offered:
            self.context.remember("extra_types", [*self.context.state.get("extra_types", []), offered[value]])

    # -- the Meta row, shared by the table ---------------------------------------------

    def meta_row(self, type_: int, meta: int, modifier: int, value: int, low: int, high: int) -> ft.Control:
        # Wraps on a narrow phone: the modifier goes under the Meta count rather than off the screen.
        return ft.Row(
            key=f"meta-{type_}",
            wrap=True,
            run_spacing=0,
            controls=[
                ft.Column(
                    [
                        ft.Text(_("Type {type}").format(type=type_), weight=ft.FontWeight.BOLD),
                        ft.Semantics(
                            identifier=f"value-{type_}",
                            content=ft.Text(_("value {value}").format(value=value) if meta else _("no column"), size=12),
                        ),
                    ],
                    spacing=0,
                    width=72,
                ),
                stepper(
                    _("Type {type} Meta").format(type=type_),
                    meta,
                    self.step(lambda by: rules.AdjustMeta(type=type_, by=by), meta),
                    low,
                    high,
                    reasons=self.reasons(lambda by: rules.AdjustMeta(type=type_, by=by)),
                ),
                ft.Row(
                    [
                        ft.Text(_("modifier"), size=12),
                        stepper(
                            _("Type {type} modifier").format(type=type_),
                            modifier,
                            self.step(lambda by: rules.AdjustModifier(type=type_, by=by), modifier),
                            -rules.MODIFIER_RANGE,
                            rules.MODIFIER_RANGE,
                            show=lambda v: number(v, "+d") if v else "0",
                        ),
                    ],
                    spacing=4,
                    tight=True,
                ),
            ],
            spacing=4,
        )

    @property
    def sideways(self) -> bool:
        """A tablet held sideways: the Meta row goes beside the Collections, which stay in view."""
        context = self.context
        return context.wide and not context.seat and (context.page_width or 0) > (context.page_height or 0)

    def shares(self) -> bool:
        return not self.sideways

    def shared(self) -> list[ft.Control]:
        return self.meta_rows() if self.shares() else []

    def side(self) -> list[ft.Control]:
        return self.meta_rows() if self.sideways else []

    def meta_rows(self) -> list[ft.Control]:
        game = self.position
        rows: list[ft.Control] = [
            section(_("Meta row")),
            ft.Text(
                _(
                    "Cards in each type's Meta column, its marker included (0: no column), and the net change "
                    "passive abilities make to its value."
                ),
                size=12,
            ),
        ]
        for t in self.types_shown():
            meta, modifier = game.meta.get(t, 0), game.modifiers.get(t, 0)
            low, high = self.bounds(partial(self.adjust_meta, t), meta)
            rows.append(self.meta_row(t, meta, modifier, game.value(t), low, high))
        others = tuple(str(t) for t in range(rules.TYPE_MIN, rules.TYPE_MAX + 1) if t not in self.types_shown())
        rows.append(
            named(  # read "Another type", not as a nameless button (Flutter's menu button leaves its label out)
                ft.Dropdown(
                    label=_("Another type"),
                    width=min(180 * self.text_scale, 300),  # at 200 % text, 180 px broke "Anothe|r type"
                    options=[ft.DropdownOption(t) for t in others],
                    on_select=lambda e: self.add_type(e.control.value),
                )
            )
        )
        return rows

    def collection_row(self, player: str, type_: int, count: int, value: int, addable: bool) -> ft.Control:
        return ft.Row(
            key=f"{player}-type-{type_}",
            wrap=True,
            controls=[
                ft.Text(_("Type {type}").format(type=type_), width=60),
                stepper(
                    _("{player} type {type}").format(player=player, type=type_),
                    count,
                    self.step(lambda by: rules.AdjustCollection(player, type_, by), count),
                    0,
                    count + 1 if addable else count,
                    reasons=(rules.none_to_take(player, 0, type_), self.context.refusal(rules.AdjustCollection(player, type_, 1))),
                ),
                ft.Text(f"× {value} = {count * value}", size=13),
            ],
            spacing=4,
        )

    def rows_shown(self, player: str) -> tuple[tuple[int, int, int, bool], ...]:
        """(type, cards held, value, another card can be added) for each type with a Meta column."""
        game = self.position
        mine = game.collections[player]
        may = self.context.refusal
        return tuple((t, mine.get(t, 0), game.value(t), may(rules.AdjustCollection(player, t, 1)) is None) for t in sorted(game.meta))

    def tableau(self, player: str) -> ft.Control:
        game = self.position
        rows: list[ft.Control] = [section(_("{player}'s Collection").format(player=short_name(player)))]
        for shown in self.rows_shown(player):
            rows.append(self.collection_row(player, *shown))
        if not game.meta:
            rows.append(ft.Text(_("Set the Meta row first: a type scores only with a Meta column."), size=12, italic=True))
        points = game.adjustments.get(player, 0)
        rows.append(
            ft.Row(
                [
                    ft.Text(_("Scoring abilities"), width=120),
                    stepper(
                        _("{player} ability points").format(player=player),
                        points,
                        self.step(lambda by: rules.AdjustAbilityPoints(player, by), points),
                        -rules.ADJUSTMENT_RANGE,
                        rules.ADJUSTMENT_RANGE,
                    ),
                ],
                wrap=True,
                key=f"abilities {player}",
            )
        )  # keyed: rows above it come and go
        if player == self.context.players[0]:
            rows.append(ft.Text(_("First player: −{penalty} (the marker's penalty)").format(penalty=game.penalty), size=13))
        return ft.Column(rows, spacing=6)

    # -- setup and statistics -----------------------------------------------------------

    @classmethod
    def variant_controls(cls, variant: dict[str, Any], set_variant: Callable[[str, Any], None], players: list[str]) -> list[ft.Control]:
        return [
            ft.Row(
                [
                    ft.Text(_("First player penalty (printed on the marker)"), expand=True),
                    stepper(
                        _("Penalty"),
                        variant["first_player_penalty"],
                        lambda v: set_variant("first_player_penalty", v),
                        0,
                        rules.MAX_FIRST_PLAYER_PENALTY,
                    ),
                ]
            )
        ]

    @classmethod
    def statistic(cls, records: list[dict]) -> tuple[tuple[str, str], ...]:
        """Said, not translated here: the figures are worked out once for every session (history_figures), and
        the statistics screen says them in each reader's language."""
        import scoring

        results = [scoring.score(r) for r in records]
        first_won = sum(r.players[0] in r.winners for r in results)
        counted = Said.counted("{count} game, despite the penalty", "{count} games, despite the penalty", len(results))
        return ((Said("first player wins"), share_of(first_won, len(results), counted)),)
