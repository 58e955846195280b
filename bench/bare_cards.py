"""Flet's floor for Tableside's phone screen: a plain Flet page that shows what the Lost Cities phone
screen shows, and whose tap changes what a tap there changes. bench/tap.py `--floor` times it beside
Tableside and the two-control counter (bench/bare_counter.py).

    python bench/bare_cards.py PORT

The page: a total at the top (identifier `total`), four lines of text, and the 60 cards of five colour
columns of twelve, 52 × 45 each as on a 390 × 844 phone, drawn by Tableside's own card
(companion.ui.widgets.controls.card_button: its holder, its switch, its key that holds its state).
A tap on "Mia red 6" changes what a tap in the middle of a Lost Cities game changes on a phone: the card
(held or free again: a new control, as Tableside's), the total, and four lines (the column's head, the
formulas, the round's line, the places). Nothing else of Tableside runs: no store, no rules, no
components, no live parts; a handler sets values and Flet sends the update, as in the counter.

What it tells: the part of the ratio to the counter that any Flet page pays for showing this many
controls and changing this much on a tap, and, by difference, Tableside's own part.
"""

from __future__ import annotations

import sys
from pathlib import Path

import flet as ft
import flet_web.fastapi as flet_fastapi
import uvicorn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.ui.widgets.controls import card_button

COLOURS = {"yellow": "#7E6B0E", "blue": "#0D47A1", "white": "#455A64", "green": "#2E7D32", "red": "#B71C1C"}
ROWS = ("investment 1", "investment 2", "investment 3", *(str(n) for n in range(2, 11)))
WIDTH, HEIGHT, GAP = 52, 45, 2  # a Lost Cities column on a 390 × 844 phone (companion/ui/games/lost_cities.py)
TAPPED = ("red", "6")


def main(page: ft.Page) -> None:
    taps = 0
    total = ft.Text("0", size=20, weight=ft.FontWeight.BOLD)
    lines = [ft.Text(f"{what}: 0", size=13) for what in ("red", "formulas", "round 1", "places")]
    columns: dict[str, ft.Column] = {}

    def card(colour: str, row: str, held: bool) -> ft.Control:
        text = "" if row.startswith("investment") else row
        on_click = tap if (colour, row) == TAPPED else lambda e: None
        icon = ft.Icons.HANDSHAKE if not text else None
        state, shade = "held" if held else "free", COLOURS[colour]
        return card_button(text, f"Mia {colour} {row}", on_click, state=state, colour=shade, width=WIDTH, icon=icon, height=HEIGHT)

    def tap(e) -> None:
        nonlocal taps
        taps += 1
        total.value = str(taps * 6)
        for k, line in enumerate(lines):
            line.value = f"{line.value.split(':')[0]}: {taps * (k + 1)}"
        column = columns[TAPPED[0]]
        column.controls[ROWS.index(TAPPED[1])] = card(*TAPPED, held=taps % 2 == 1)

    for colour in COLOURS:
        columns[colour] = ft.Column([card(colour, row, False) for row in ROWS], spacing=GAP, width=WIDTH)
    page.add(
        ft.Semantics(identifier="total", content=total),
        *lines,
        ft.Row(list(columns.values()), spacing=4, alignment=ft.MainAxisAlignment.CENTER, vertical_alignment=ft.CrossAxisAlignment.START),
    )


if __name__ == "__main__":
    uvicorn.run(flet_fastapi.app(main, no_cdn=True), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
