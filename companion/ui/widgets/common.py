"""Whole views that several screens show."""

from __future__ import annotations

import flet as ft


def not_found(route: str, what: str) -> ft.View:
    """A screen for an address that names nothing stored here (a deleted game, a wrong link)."""
    return ft.View(route=route, appbar=ft.AppBar(title=ft.Text("Not found")), controls=[ft.Text(what)])
