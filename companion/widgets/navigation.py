"""The bar that links the app's four main places: play, history, players, statistics."""

from __future__ import annotations

import flet as ft

PLACES = (("/", ft.Icons.STYLE, "Play"), ("/history", ft.Icons.HISTORY, "History"),
          ("/players", ft.Icons.PEOPLE, "Players"), ("/stats", ft.Icons.INSIGHTS, "Statistics"))


def navigation_bar(app, current: str) -> ft.NavigationBar:
    routes = [route for route, _, _ in PLACES]
    return ft.NavigationBar(
        selected_index=routes.index(current),
        destinations=[ft.NavigationBarDestination(icon=icon, label=label) for _, icon, label in PLACES],
        on_change=lambda e: app.go(routes[e.control.selected_index]),
    )
