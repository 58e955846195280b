"""Join from a phone: pick your seat; the phone then shows that player's play screen, and
remembers the seat so that coming back (a reload, a closed tab) returns to it."""

from __future__ import annotations

from urllib.parse import quote

import flet as ft

from .. import games
from ..app import App
from ..ids import route_id
from ..widgets.controls import short_name
from . import play

SEAT_KEY = "tableside.seat."


def seat_route(game_id: str, player: str) -> str:
    return f"/join/{route_id(game_id)}/{quote(player, safe='')}"


def view(app: App, game_id: str) -> ft.View:
    route = f"/join/{route_id(game_id)}"
    stored = app.store.get(game_id)
    if stored is None:
        return play.not_found(route, "This game is not stored here. Ask the table for a new invitation.")
    games.use_theme(app.page, stored.game)

    async def take(player: str) -> None:
        await app.preferences.set(SEAT_KEY + game_id, player)
        app.go(seat_route(game_id, player))

    async def return_to_seat() -> None:
        seat = await app.preferences.get(SEAT_KEY + game_id)
        if seat in stored.players and app.page.route == route:
            app.go(seat_route(game_id, seat))

    app.page.run_task(return_to_seat)
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(f"Join {games.title(stored.game)}")),
        controls=[ft.Column([
            ft.Text("Who are you?", size=20, weight=ft.FontWeight.BOLD),
            *[ft.FilledButton(content=ft.Text(f"I am {short_name(p, 24)}", semantics_label=f"I am {p}"), height=56, width=280,
                              on_click=lambda e, p=p: app.page.run_task(take, p)) for p in stored.players],
            ft.Text("Your phone shows your own cards; the table's screen shows everyone's.", size=13),
        ], spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
