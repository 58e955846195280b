"""The bar that links the app's four main places (play, history, players, statistics), and the
Back button of the screens under them."""

from __future__ import annotations

import flet as ft

from companion.language import N_, _
from companion.ui.themes import focus_style

PLACES = (
    ("/", ft.Icons.STYLE, N_("Play")),
    ("/history", ft.Icons.HISTORY, N_("History")),
    ("/players", ft.Icons.PEOPLE, N_("Players")),
    ("/stats", ft.Icons.INSIGHTS, N_("Statistics")),
)
TAP = 48  # the smallest target a finger should have to hit, in logical pixels


def navigation_bar(app, current: str) -> ft.NavigationBar:
    routes = [route for route, icon, label in PLACES]
    return ft.NavigationBar(
        selected_index=routes.index(current),
        destinations=[ft.NavigationBarDestination(icon=icon, label=_(label)) for route, icon, label in PLACES],
        on_change=lambda e: app.go(routes[e.control.selected_index]),
    )


def route_under(app) -> str:
    """The route of the screen under the one on top (the app's root component draws the stack);
    for a guest, its seat's play screen (the one place it has to go back to)."""
    if app.rights.seat_route is not None:
        return app.rights.seat_route
    views = ft.unwrap_component(app.page.views)
    if not isinstance(views, list) or len(views) < 2:
        return "/"
    return getattr(ft.unwrap_component(views[-2]), "route", None) or "/"


def back_button(app) -> ft.IconButton:
    """Back to the screen underneath, as the app bar's own arrow goes, but 48 × 48 (Flutter's is 40)."""

    def back(e) -> None:
        app.go(route_under(app))

    said = _("Back")
    return ft.IconButton(
        icon=ft.Icon(ft.Icons.ARROW_BACK, semantics_label=said), tooltip=said, width=TAP, height=TAP, on_click=back, style=focus_style()
    )
