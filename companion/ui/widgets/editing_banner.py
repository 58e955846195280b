"""The banner over the play screen while a saved game is being edited: the screen otherwise looks
exactly like a live game's, and the edit works on a copy until Save changes (README: Results)."""

from __future__ import annotations

import flet as ft

from companion.language import N_, _
from companion.services.games import StoredGame, route_id
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.finishing import CANCEL_CHANGES, NOT_DECIDED, SAVE_CHANGES, cancel_changes, save

EDITING_SAID = N_("Editing — not saved yet")
EDITING_WHY = N_("The saved game stays in the history as it was until you save the changes.")


def editing_banner(app: App, game: StoredGame | None, decided: bool) -> ft.Control:
    """ "Editing — not saved yet" with Save changes and Cancel changes, for the table's host editing a
    saved game (`game`: its edit copy; None draws nothing, so the screen's layout keeps its parts)."""
    if game is None:
        return ft.Container(visible=False)
    said = ft.Text(_(EDITING_SAID), weight=ft.FontWeight.BOLD, color=ft.Colors.ON_TERTIARY_CONTAINER, tooltip=_(EDITING_WHY))
    buttons: list[ft.Control] = [
        ft.TextButton(
            _(SAVE_CHANGES),
            icon=ft.Icons.SAVE,
            height=48,
            disabled=not decided,
            tooltip=_(EDITING_WHY) if decided else _(NOT_DECIDED),
            on_click=lambda e: save(app, game, then=f"/history/{route_id(game.id)}"),
            style=focus_style(),
        ),
        ft.TextButton(
            _(CANCEL_CHANGES), icon=ft.Icons.UNDO, height=48, on_click=lambda e: cancel_changes(app, game.id), style=focus_style()
        ),
    ]
    # One line on a tablet; on a phone the words over the two buttons (two lines, not three).
    if app.wide:
        inside: ft.Control = ft.Row([said, *buttons], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER)
    else:
        inside = ft.Column(
            [ft.Container(said, padding=ft.Padding.only(top=4)), ft.Row(buttons, spacing=0, alignment=ft.MainAxisAlignment.CENTER)],
            spacing=0,
            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        )
    return ft.Semantics(
        identifier="editing-banner",
        container=True,
        live_region=True,
        content=ft.Container(
            inside,
            bgcolor=ft.Colors.TERTIARY_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=6, vertical=0),
            border_radius=8,
        ),
    )
