"""The buttons of the bar under the thumb (Undo, Done, the round's button, Results; Lost Cities' rounds on a
tablet), in one row in every language. Each is a `BarButton`, data the bar draws: with its word where the row
has room for every word, else, the least needed first, as its icon (or a round's number), 48 px wide, the word
still its accessible name and its tooltip. The words are weighed as Chromium draws them (label_width.py), so the
buttons never wrap onto a second row over the cards (in German the bar took two rows and covered Lost Cities'
10s, issue 62), and a word is never cut."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.language import N_, _
from companion.ui.widgets.controls import SNUG, TAP
from companion.ui.widgets.label_width import label_width

OUTLINED, TONAL, FILLED = "outlined", "tonal", "filled"
LOOKS = {OUTLINED: ft.OutlinedButton, TONAL: ft.FilledTonalButton, FILLED: ft.FilledButton}
PADDING = 12  # SNUG's, on each side of a worded button
ICON = 18 + 8  # a worded button's icon and the gap after it
SMALLEST = 64  # Material's narrowest worded button
SPACING = 6  # between the bar's buttons
SPARE = 4  # what the row keeps free: a label is drawn to half a pixel of its measure
ICON_ONLY = ft.ButtonStyle(padding=ft.Padding.all(0))


@dataclass(frozen=True)
class BarButton:
    """One button of the bar. `keep`: the bar takes the words off the lowest first (the round's button, the
    one the table presses, keeps its word longest). `reason`: why it is greyed (its tooltip); `note`: a line
    under the bar's row that says it where a tooltip is never seen (a phone). `name`: its accessible name,
    where it is not `label` ("Ben done entering"); `short`: what a button without an icon shows when its word
    does not fit (a round's number)."""

    label: str
    on_click: Callable[[Any], Any] | None
    icon: ft.IconData | None = None
    look: str = OUTLINED
    disabled: bool = False
    reason: str | None = None
    note: str = ""
    name: str | None = None
    short: str = ""
    keep: int = 0
    key: str | None = None

    def width(self, worded: bool) -> float:
        if not worded:
            return TAP
        return max(SMALLEST, 2 * PADDING + (ICON if self.icon else 0) + label_width(self.label))


GUEST_ROUND = N_("The table starts the next round.")


def next_round_button(on_click: Callable[[Any], Any], guest: bool) -> BarButton:
    """A game in rounds' Next round: the table's to press, greyed on a guest's phone, where a line under the bar
    says why (a tooltip alone is never seen on a phone) and its word goes before Undo's."""
    return BarButton(
        _("Next round"),
        on_click,
        ft.Icons.ARROW_FORWARD,
        look=TONAL,
        disabled=guest,
        reason=_(GUEST_ROUND) if guest else None,
        note=_(GUEST_ROUND) if guest else "",
        keep=2 if guest else 4,
        key="next round",
    )


def worded(buttons: Sequence[BarButton], room: float) -> tuple[bool, ...]:
    """Which buttons show their words in a row `room` pixels wide: all that fit, the least needed dropped first."""
    words = [True] * len(buttons)

    def width() -> float:
        return sum(b.width(w) for b, w in zip(buttons, words, strict=True)) + SPACING * (len(buttons) - 1) + SPARE

    for i in sorted(range(len(buttons)), key=lambda i: buttons[i].keep):
        if width() <= room:
            break
        words[i] = False
    return tuple(words)


@ft.memo
@ft.component
def BarButtonView(button: BarButton, with_word: bool) -> ft.Control:
    """A button as the bar draws it: drawn again only when it changes (a game's handler made anew at each drawing
    draws it each time, as any control of that drawing)."""
    name = button.name or button.label
    tooltip = button.reason if button.disabled and button.reason else None if with_word else button.label
    if with_word:
        content: ft.Control = ft.Text(button.label, semantics_label=button.name)
    elif button.icon:
        content = ft.Icon(button.icon, semantics_label=name)
    else:
        content = ft.Text(button.short, semantics_label=name)
    return LOOKS[button.look](
        content=content,
        icon=button.icon if with_word else None,
        on_click=button.on_click,
        disabled=button.disabled,
        tooltip=tooltip,
        height=TAP,
        width=None if with_word else TAP,
        style=SNUG if with_word else ICON_ONLY,
    )


def bar_row(buttons: Sequence[BarButton], room: float | None) -> ft.Control:
    """The buttons in one row (`room`: its width; None, not known yet: every word shown), and under it the notes
    of the greyed ones (key `bar-note`). The row still wraps rather than cut a word where the reader's text is
    larger than the page's default (a browser's font size): the server cannot weigh what the browser scales."""
    shown = worded(buttons, math.inf if room is None else room)
    notes = list(dict.fromkeys(b.note for b in buttons if b.note))
    row = ft.Row(
        [BarButtonView(b, w, key=b.key) for b, w in zip(buttons, shown, strict=True)],
        wrap=True,
        spacing=SPACING,
        run_spacing=4,
        alignment=ft.MainAxisAlignment.CENTER,
        vertical_alignment=ft.CrossAxisAlignment.START,
    )
    if not notes:
        return row
    # A plain text, not a node of its own: a screen reader hears it with the bar's buttons.
    said = ft.Text("\n".join(notes), size=12, text_align=ft.TextAlign.CENTER, key="bar-note")
    return ft.Column([row, said], spacing=2, tight=True, horizontal_alignment=ft.CrossAxisAlignment.CENTER)
