"""Join from a phone: open the invitation, pick a free seat; the phone then shows that player's
play screen. The server holds the session to that seat, and the browser keeps a grant for it,
so coming back (a reload, a closed tab) returns to the seat without the PIN."""

from __future__ import annotations

import flet as ft

from .. import games
from ..ids import route_id
from ..session import App
from ..widgets.common import not_found
from ..widgets.controls import short_name
from . import play

GRANT_KEY = "tableside.grant."
INVALID = "This invitation is not valid any more. Ask the table for a new one."


def seat_route(code: str, player: str) -> str:
    return f"/join/{route_id(code)}/{route_id(player)}"


def view(app: App, code: str) -> ft.View:
    route = f"/join/{route_id(code)}"
    game_id = app.invites.game_of(code)
    stored = app.store.get(game_id) if game_id else None
    if stored is None:
        return not_found(route, INVALID)
    games.use_theme(app.page, stored.game)
    taken = app.invites.taken(stored.id)
    message = ft.Text("", color=ft.Colors.ERROR)

    def seated(player: str, grant: object) -> None:
        if not app.authorized:
            app.hold_seat(code, grant)
        app.go(seat_route(code, player))

    async def take(player: str) -> None:
        grant = app.invites.claim(code, player)
        if grant is None:
            message.value = f"{short_name(player)}'s seat is taken by another phone: the host can release it."
            app.page.update()
            return
        await app.preferences.set(GRANT_KEY + stored.id, grant)
        seated(player, grant)

    async def return_to_seat() -> None:
        grant = await app.preferences.get(GRANT_KEY + stored.id)
        seat = app.invites.seat_of(grant)
        if seat is not None and seat.game == stored.id and app.page.route == route:
            seated(seat.player, grant)

    app.page.run_task(return_to_seat)
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(f"Join {games.title(stored.game)}"), automatically_imply_leading=app.authorized),
        controls=[
            ft.Column(
                [
                    ft.Text("Who are you?", size=20, weight=ft.FontWeight.BOLD),
                    *[
                        ft.FilledButton(
                            content=ft.Text(f"I am {short_name(p, 24)}" + (" (taken)" if p in taken else ""), semantics_label=f"I am {p}"),
                            height=56,
                            width=280,
                            disabled=p in taken,
                            on_click=lambda e, p=p: app.page.run_task(take, p),
                        )
                        for p in stored.players
                    ],
                    message,
                    ft.Text("Your phone shows your own cards; the table's screen shows everyone's.", size=13),
                ],
                spacing=12,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def seat_view(app: App, code: str, player: str) -> ft.View:
    """A player's own play screen, for the phone holding that seat (or the host)."""
    game_id = app.invites.game_of(code)
    if game_id is None:
        return not_found(seat_route(code, player), INVALID)
    return play.view(app, game_id, seat=player, route=seat_route(code, player))
