"""The "How scoring works" button of the setup and play screens' app bars: a dialog with the game's
card (companion/services/scoring_help.py, the words docs/scoring.md shares)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

import scoring
from companion.language import N_, _
from companion.services.scoring_help import card_text
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import TAP, icon_button

if TYPE_CHECKING:
    from companion.ui.session import App

LABEL = N_("How scoring works")


def how_scoring_works(app: App, game: str) -> ft.IconButton:
    def show(e) -> None:
        app.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(_("How scoring works: {game}").format(game=scoring.GAMES[game].title)),
                content=ft.Column([ft.Markdown(card_text(game), selectable=True)], scroll=ft.ScrollMode.AUTO, tight=True, width=560),
                actions=[ft.TextButton(_("Close"), height=48, on_click=lambda ev: app.page.pop_dialog(), style=focus_style())],
                scrollable=True,
            )
        )

    button = icon_button(ft.Icons.HELP_OUTLINE, _(LABEL), show)
    button.width = button.height = TAP  # a 48 px box, not only a 48 px minimum
    return button
