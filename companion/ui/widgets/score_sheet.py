"""A paper score pad: rounds as rows, players as columns, each cell the round's points and the
running total under them. Drawn from a scoring.Result, so the play and results screens of any
game scored by rounds can show it.

Drawn as Flutter's DataTable: its web engine gives the browser a table (role table, its rows, column
headers and cells; docs/accessibility.md), so a screen reader reads a cell with its round and its player."""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.language import _, spoken
from companion.language import number as said_number
from companion.ui.widgets.controls import short_name
from scoring import Result, number

LABEL_WIDTH = 64
CELL_WIDTH = 56
BORDER = ft.Border.all(1, ft.Colors.OUTLINE_VARIANT)
LINE = ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)
SHADED = ft.Colors.SURFACE_CONTAINER_HIGHEST
CENTRED = ft.MainAxisAlignment.CENTER


def cell(text: str, bold: bool = False, size: int = 14, muted: bool = False) -> ft.Text:
    return ft.Text(
        text,
        size=size,
        weight=ft.FontWeight.BOLD if bold else None,
        text_align=ft.TextAlign.CENTER,
        color=ft.Colors.ON_SURFACE_VARIANT if muted else ft.Colors.ON_SURFACE,
    )


def score_sheet(result: Result, round_labels: Sequence[str] | None = None) -> ft.Control:
    """The rounds of `result` (scored ones only), each player's points and running total.

    Each cell's content is a memoised part drawn from plain values: a tap changes a cell of the round being
    entered and a total, so the play screen draws those again, not the sheet."""
    players = tuple(result.players)
    running = dict.fromkeys(players, 0)
    rows: list[ft.DataRow] = []
    for i, points in enumerate(result.rounds):
        cells = []
        for p in players:
            running[p] += points.get(p, 0)
            cells.append(ft.DataCell(RoundCell(points.get(p, 0), running[p], key=p)))
        label = spoken(round_labels[i]) if round_labels and i < len(round_labels) else str(i + 1)
        rows.append(ft.DataRow([ft.DataCell(ft.Container(cell(label, bold=True, size=13), width=LABEL_WIDTH)), *cells]))
    totals = [ft.DataCell(TotalCell(result.totals[p], key=p)) for p in players]
    rows.append(ft.DataRow([ft.DataCell(cell(_("Total"), bold=True, size=13)), *totals], color=SHADED))
    heads = [ft.DataColumn(label=cell(_("Round"), bold=True, size=13))]
    heads += [
        ft.DataColumn(
            label=ft.Text(short_name(p, 10), size=13, weight=ft.FontWeight.BOLD, semantics_label=p), heading_row_alignment=CENTRED
        )
        for p in players
    ]
    table = ft.DataTable(
        columns=heads,
        rows=rows,
        heading_row_color=SHADED,
        heading_row_height=32,
        data_row_min_height=40,
        data_row_max_height=float("inf"),  # a round label or a name at 200 % text grows its row
        column_spacing=4,
        horizontal_margin=6,
        divider_thickness=0,
        horizontal_lines=LINE,
        border=BORDER,
        border_radius=8,
        clip_behavior=ft.ClipBehavior.HARD_EDGE,
    )
    return ft.Semantics(label=_("Score sheet"), container=True, content=table)


@ft.memo
@ft.component
def RoundCell(points: int, running: int) -> ft.Control:
    return round_cell(points, running)


@ft.memo
@ft.component
def TotalCell(total: int) -> ft.Control:
    return total_cell(total)


def round_cell(points: int, running: int) -> ft.Control:
    """One player's points in a round and the running total under them, read "12, total 30" (its column
    head and its row say whose and which round)."""
    said = _("{points}, total {total}").format(points=said_number(points), total=said_number(running))
    shown = ft.Column(
        [cell(number(points)), cell(f"= {number(running)}", size=12, muted=True)],
        spacing=0,
        tight=True,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    return ft.Semantics(label=said, exclude_semantics=True, content=ft.Container(shown, width=CELL_WIDTH))


def total_cell(total: int) -> ft.Control:
    return ft.Container(cell(number(total), bold=True), width=CELL_WIDTH)
