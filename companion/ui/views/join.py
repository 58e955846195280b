"""Join from a phone: open the invitation, pick a free seat; the phone then shows that player's
play screen. The server holds the session to that seat, and the browser keeps a grant for it,
so coming back (a reload, a closed tab) returns to the seat without the PIN.

A seat is the host's to give: a phone whose seat the host released (or one holding a seat of the
game already) asks the host with the same tap; it sees that it waits, then takes the seat once the
host approves on the invite screen, or is told the host did not (session.App.take_seat)."""

from __future__ import annotations

import flet as ft

from companion.access import rights
from companion.access.invites import SEAT_PREFERENCE
from companion.language import N_, _
from companion.services import topics
from companion.services.games import StoreWriteError, route_id
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.views import play
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import bar_title, short_name
from companion.ui.widgets.hooks import use_changes

GRANT_KEY = SEAT_PREFERENCE  # the browser's key of a game's seat grant (+ the game's id)
INVALID = N_("This invitation is not valid any more. Ask the table for a new one.")


def seat_route(code: str, player: str) -> str:
    return f"/join/{route_id(code)}/{route_id(player)}"


@ft.component
def view(app: App, code: str) -> ft.View:
    route = f"/join/{route_id(code)}"
    game_id = app.invites.game_of(code)
    # The invitation and its seats are settings: a seat taken on another phone, or a revoked
    # invitation, shows here at once.
    use_changes(app, topics.SETTINGS, *([topics.game(game_id)] if game_id else []))
    refusal, set_refusal = ft.use_state("")
    stored = app.games.get(game_id) if game_id else None

    def seated(player: str, grant: object) -> None:
        if stored is None:
            return
        if not app.authorized:
            app.rights.hold_seat(code, grant)
        app.go(seat_route(code, player))

    async def return_to_seat() -> None:
        """A phone that holds a seat of this game (its grant, kept in the browser) goes back to it."""
        if stored is None:
            return
        grant = await app.seats.read_kept_grant(stored.id)  # a released grant marks this phone (App.held_back)
        seat = app.invites.seat_of(grant)
        if seat is not None and seat.game == stored.id and app.page.route == route:
            seated(seat.player, grant)

    ft.use_effect(return_to_seat, [stored.id if stored else None])
    asked, asked_seat = app.seats.seat_request(stored.id) if stored else ("", "")

    async def take(player: str) -> None:
        try:
            grant, why = await app.seats.take_seat(code, player)  # the server decides, at every tap
        except StoreWriteError as err:
            set_refusal(str(err))
            return
        if grant is None or stored is None:
            set_refusal(why)
            return
        set_refusal("")
        await app.preferences.set(GRANT_KEY + stored.id, grant, "the seat")  # not kept: seated all the same, until a reload
        seated(player, grant)

    def follow_request() -> None:
        """The host approved this phone's request: it takes the seat it asked for (if still free)."""
        if asked == "approved":
            app.page.run_task(take, asked_seat)

    ft.use_effect(follow_request, [asked])
    if stored is None:
        return not_found(route, _(INVALID))
    taken = app.invites.taken(stored.id)
    # access/rights.py's messages, said here in the reader's language
    wanted = short_name(asked_seat)
    if asked == "waiting":
        status = _(rights.SEAT_ASKED).format(player=wanted)
    elif asked == "refused":
        status = _(rights.SEAT_REFUSED).format(player=wanted)
    else:
        status = refusal or (_(rights.ASK_THE_HOST) if app.seats.held_back(stored.id) else "")

    return ft.View(
        route=route,
        appbar=ft.AppBar(title=bar_title(_("Join {game}").format(game=stored.title)), automatically_imply_leading=app.authorized),
        controls=[
            ft.Column(
                [
                    ft.Text(_("Who are you?"), size=20, weight=ft.FontWeight.BOLD),
                    *[
                        ft.FilledButton(
                            content=ft.Text(
                                (_("I am {player} (taken)") if p in taken else _("I am {player}")).format(player=short_name(p, 24)),
                                semantics_label=_("I am {player}").format(player=p),
                            ),
                            height=56,
                            width=280,
                            disabled=p in taken,
                            on_click=lambda e, p=p: app.page.run_task(take, p),
                            style=focus_style(),
                        )
                        for p in stored.players
                    ],
                    ft.Semantics(
                        identifier="join-message",
                        live_region=True,
                        visible=bool(status),
                        content=ft.Text(
                            status,
                            color=ft.Colors.ERROR if status == refusal and asked != "waiting" else None,
                            text_align=ft.TextAlign.CENTER,
                        ),
                    ),
                    ft.Text(
                        _("Your phone shows your own cards; the table's screen shows everyone's."), size=13, text_align=ft.TextAlign.CENTER
                    ),
                ],
                width=320,
                spacing=12,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.component
def seat_view(app: App, code: str, player: str) -> ft.View:
    """A player's own play screen, for the phone holding that seat (or the host)."""
    use_changes(app, topics.SETTINGS)  # a revoked invitation shows as one at once
    game_id = app.invites.game_of(code)
    if game_id is None:
        return not_found(seat_route(code, player), _(INVALID))
    return play.view(app, game_id, seat=player, route=seat_route(code, player))
