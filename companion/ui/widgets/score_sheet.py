"""A paper score pad: rounds as rows, players as columns, each cell the round's points and the
running total under them. Drawn from a scoring.Result, so the play and results screens of any
game scored by rounds can show it."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.language import _, spoken
from companion.ui.widgets.controls import short_name
from scoring import Result, number

LABEL_WIDTH = 64


def cell(text: str, bold: bool = False, size: int = 14, muted: bool = False) -> ft.Text:
    return ft.Text(
        text,
        size=size,
        weight=ft.FontWeight.BOLD if bold else None,
        text_align=ft.TextAlign.CENTER,
        color=ft.Colors.ON_SURFACE_VARIANT if muted else ft.Colors.ON_SURFACE,
    )


def sheet_row(label: str, cells: Sequence[ft.Control], shaded: bool = False) -> ft.Control:
    return ft.Container(
        ft.Row(
            [
                ft.Container(cell(label, bold=True, size=13), width=LABEL_WIDTH),
                *[ft.Container(c, expand=True, alignment=ft.Alignment.CENTER) for c in cells],
            ],
            spacing=4,
        ),
        padding=ft.Padding.symmetric(vertical=4, horizontal=6),
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST if shaded else None,
    )


def score_sheet(result: Result, round_labels: Sequence[str] | None = None) -> ft.Control:
    """The rounds of `result` (scored ones only), each player's points and running total.

    Each row is a memoised part drawn from plain values: a tap changes the round being entered and the
    totals, so the play screen draws those two rows again, not the sheet."""
    players = tuple(result.players)
    running = dict.fromkeys(players, 0)
    rows: list[ft.Control] = [SheetHead(players, key="head")]
    for i, points in enumerate(result.rounds):
        cells = []
        for p in players:
            running[p] += points.get(p, 0)
            cells.append((points.get(p, 0), running[p]))
        label = spoken(round_labels[i]) if round_labels and i < len(round_labels) else str(i + 1)
        rows.append(SheetRound(label, tuple(cells), key=f"round {i}"))
    rows.append(SheetTotal(tuple(result.totals[p] for p in players), key="total"))
    return ft.Semantics(
        label=_("Score sheet"),
        container=True,
        content=ft.Container(ft.Column(rows, spacing=0), border=BORDER, border_radius=8, clip_behavior=ft.ClipBehavior.HARD_EDGE),
    )


BORDER = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)


@ft.memo
@ft.component
def SheetHead(players: tuple[str, ...]) -> ft.Control:
    return sheet_row(_("Round"), [cell(short_name(p, 10), bold=True, size=13) for p in players], shaded=True)


@ft.memo
@ft.component
def SheetRound(label: str, cells: tuple[tuple[int, int], ...]) -> ft.Control:
    """One round: each player's (points, running total)."""
    return sheet_row(
        label,
        [
            ft.Column(
                [cell(number(points)), cell(f"= {number(running)}", size=12, muted=True)],
                spacing=0,
                tight=True,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
            for points, running in cells
        ],
    )


@ft.memo
@ft.component
def SheetTotal(totals: tuple[int, ...]) -> ft.Control:
    return sheet_row(_("Total"), [cell(number(t), bold=True) for t in totals], shaded=True)
