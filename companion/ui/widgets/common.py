"""Whole views that several screens show."""

from __future__ import annotations

import flet as ft

from companion.language import _
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import screen_title


def not_found(route: str, what: str) -> ft.View:
    """A screen for an address that names nothing stored here (a deleted game, a wrong link), with the
    way back to Home."""

    def home(e: ft.Event[ft.Button]) -> None:
        e.page.navigate("/")

    return ft.View(
        route=route,
        appbar=ft.AppBar(title=screen_title(_("Not found"))),
        controls=[ft.Text(what), ft.FilledButton(_("Home"), icon=ft.Icons.HOME, height=48, on_click=home, style=focus_style())],
        spacing=16,
    )
