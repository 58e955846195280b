"""Invite players: a link, a QR code and a short code that open this game on a phone, where each
player picks a free seat (no PIN needed) and enters their own tableau while the tablet shows the
whole table. The host can release a seat and revoke the invitation, and answers the phones that
ask for a seat (a seat is the host's to give: access/invites.py)."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable

import flet as ft
import segno

from companion.access.invites import Request
from companion.language import N_, _
from companion.services import topics
from companion.services.games import StoreWriteError, route_id
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import screen_title, selectable, short_name
from companion.ui.widgets.hooks import use_changes

log = logging.getLogger("tableside")


def qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def grouped(code: str) -> str:
    """ABCDEFGHJK → ABCD-EFGH-JK: easier to read out and type."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def seat_line(player: str, taken: bool, release: Callable[[str], None]) -> ft.Control:
    """A seat: free or on a phone (which the host can release)."""
    return ft.Row(
        [
            ft.Semantics(
                identifier=f"seat-{player}",
                content=ft.Text((_("{player}: on a phone") if taken else _("{player}: free")).format(player=short_name(player))),
                expand=True,
            ),
            ft.OutlinedButton(
                _("Release {player}").format(player=player),
                height=48,
                visible=taken,
                on_click=lambda e: release(player),
                style=focus_style(),
            ),
        ],
        width=360,
    )


def centred(text: str, size: float) -> ft.Text:
    return ft.Text(text, size=size, text_align=ft.TextAlign.CENTER)


def stack(controls: list[ft.Control], width: float | None = None) -> ft.Column:
    return ft.Column(controls, width=width, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)


def pin_dialog(app: App, pin: str) -> ft.AlertDialog:
    """The PIN made when the table opened to the Wi-Fi: shown once, on the host's screen."""
    dialog = ft.AlertDialog(
        modal=True,
        title=ft.Text(_("Phones on this Wi-Fi can join")),
        content=ft.Column(
            [
                ft.Text(_("A phone with the invitation plays its own seat. Anything else needs this table's PIN, now set:")),
                selectable(pin, identifier="wifi-pin", size=28, weight=ft.FontWeight.BOLD),
                ft.Text(_("Note it to unlock another device as the host; change it in Settings."), size=13),
            ],
            tight=True,
            spacing=8,
        ),
        actions=[ft.TextButton(_("OK"), on_click=lambda e: app.page.pop_dialog(), style=focus_style())],
    )
    return dialog


def request_line(request: Request, answer: Callable[[Request, bool], None]) -> ft.Control:
    """A phone asking for a seat: the host approves or refuses."""
    seat = short_name(request.seat)
    if request.had:
        asks = _("A phone asks for {seat}'s seat (it had {had}'s).").format(seat=seat, had=short_name(request.had))
    else:
        asks = _("A phone asks for {seat}'s seat (its seat was released).").format(seat=seat)
    return ft.Column(
        [
            ft.Semantics(identifier=f"request-{request.seat}", content=ft.Text(asks, size=14)),
            ft.Row(
                [
                    ft.FilledButton(
                        _("Approve {player}").format(player=request.seat),
                        height=48,
                        on_click=lambda e: answer(request, True),
                        style=focus_style(),
                    ),
                    ft.OutlinedButton(
                        _("Refuse {player}").format(player=request.seat),
                        height=48,
                        on_click=lambda e: answer(request, False),
                        style=focus_style(),
                    ),
                ],
                wrap=True,
            ),
        ],
        width=360,
        spacing=4,
    )


STANDALONE = N_(
    "Phones join a game through Tableside running on a computer of the table's Wi-Fi (`tableside`). "
    "This app runs in this browser alone: pass the phone round, or start Tableside on a computer to invite the others."
)


@ft.component
def view(app: App, game_id: str) -> ft.View:
    if app.standalone:  # no server for phones to reach (companion/standalone); the same for the whole session
        return ft.View(
            route=f"/invite/{route_id(game_id)}",
            appbar=ft.AppBar(title=screen_title(_("Invite players"))),
            controls=[ft.Semantics(identifier="message", content=ft.Text(_(STANDALONE)), live_region=True)],
            padding=16,
        )
    # The code and the seats are settings: a seat taken or released on a phone shows here at once.
    use_changes(app, topics.SETTINGS, topics.game(game_id))
    route = f"/invite/{route_id(game_id)}"
    stored = app.games.get(game_id)
    code: str | None = app.invites.code_of(game_id) if stored else None

    def make_code() -> None:
        """A game without a code (never invited, or revoked) gets one: written once it is shown, not while drawn."""
        if stored is not None and code is None:
            try:
                app.invites.code_for(game_id)  # published as a setting: the screen draws itself with it
            except StoreWriteError as err:
                app.notify(str(err), error=True)

    ft.use_effect(make_code, [stored is not None, code])
    opening, set_opening = ft.use_state(False)
    wifi_said, set_wifi_said = ft.use_state("")

    async def open_to_wifi() -> None:
        """One tap: listen on the Wi-Fi too (a PIN is made first if none is set; shown here, once)."""
        set_opening(True)
        try:
            why, pin = await app.open_to_wifi()
        except Exception:  # said in words at the control; the details go to the log
            log.exception("could not open the server to the Wi-Fi")
            why, pin = _("Could not listen on the Wi-Fi: see the server's log."), ""
        set_opening(False)
        set_wifi_said(why)
        if pin:
            app.page.show_dialog(pin_dialog(app, pin))

    url = f"{app.join_urls[0] if app.join_urls else ''}/join/{code}" if code else None
    qr = ft.use_memo(lambda: qr_png(url) if url else None, [url])  # drawn again only for a new code
    if stored is None:
        return not_found(route, _("This game is not stored here."))

    def act(change: Callable[[], str]) -> None:
        try:
            why = change()  # published: this screen and the phones draw themselves again
        except StoreWriteError as err:
            why = str(err)
        if why:
            app.notify(why, error=True)

    def release(player: str) -> None:
        act(lambda: app.seats.release_seat(game_id, player))

    def revoke(e) -> None:
        act(lambda: app.seats.revoke_invite(game_id))

    def answer(request: Request, approve: bool) -> None:
        act(lambda: app.seats.answer_request(game_id, request.id, approve))

    taken = app.invites.taken(game_id)
    requests = app.invites.requests(game_id)
    if app.lan:
        hint: list[ft.Control] = [
            ft.Text(
                _("A phone that opens it joins without the PIN, and can change only its own player's cards."),
                size=13,
                italic=True,
                text_align=ft.TextAlign.CENTER,
            )
        ]
    else:
        hint = [
            ft.Text(
                _("This server listens on this machine only: the link works in another browser here, not on a phone yet."),
                size=13,
                weight=ft.FontWeight.BOLD,
                text_align=ft.TextAlign.CENTER,
            )
        ]
        if app.network.can_open:
            hint.append(
                ft.FilledButton(
                    _("Let phones on this Wi-Fi join"),
                    icon=ft.Icons.WIFI,
                    height=48,
                    disabled=opening,
                    on_click=lambda e: app.page.run_task(open_to_wifi),
                    tooltip=_("Listen on this machine's Wi-Fi address too; other devices need the PIN for anything but their seat"),
                    style=focus_style(),
                )
            )
        hint.append(
            ft.Text(_("Or start Tableside with  tableside --host 0.0.0.0  (it asks for a PIN)."), size=13, text_align=ft.TextAlign.CENTER)
        )
    hint.append(
        ft.Semantics(
            identifier="wifi-message", live_region=True, visible=bool(wifi_said), content=ft.Text(wifi_said, color=ft.Colors.ERROR)
        )
    )
    if code is None or url is None or qr is None:
        invitation: list[ft.Control] = [ft.ProgressRing(semantics_label=_("Making the invitation"))]
    else:
        invitation = [
            ft.Image(src=qr, width=260, height=260, semantics_label=_("QR code for {url}").format(url=url)),
            # Not selectable: Flutter's web semantics then reads out no text for it (screen readers, tests).
            ft.Semantics(identifier="join-url", content=ft.Text(url, size=18, weight=ft.FontWeight.BOLD)),
            *[selectable(_("or {url}").format(url=f"{u}/join/{code}"), size=13) for u in app.join_urls[1:]],
            selectable(_("Code: {code}").format(code=grouped(code)), identifier="join-code", size=16),
        ]
    scan: list[ft.Control] = [ft.Text(_("Scan with a phone on the same Wi-Fi, then pick your seat."), size=16), *invitation]
    manage: list[ft.Control] = [
        *hint,
        ft.Text(_("Seats"), weight=ft.FontWeight.BOLD),
        *[seat_line(p, p in taken, release) for p in stored.players],
        *([ft.Text(_("Asking for a seat"), weight=ft.FontWeight.BOLD)] if requests else []),
        *[request_line(r, answer) for r in requests],
        ft.OutlinedButton(
            _("Revoke invite"),
            icon=ft.Icons.LINK_OFF,
            height=48,
            on_click=revoke,
            tooltip=_("A new code; every phone loses its seat"),
            style=focus_style(),
        ),
        ft.FilledButton(
            _("Back to the game"),
            icon=ft.Icons.ARROW_BACK,
            height=48,
            on_click=lambda e: app.go(f"/play/{route_id(game_id)}"),
            style=focus_style(),
        ),
    ]
    body: ft.Control
    if app.wide:  # a tablet: the code beside the seats and actions, so that all of it fits a 1024 × 768 screen
        body = ft.Row(
            [stack(scan, width=380), stack(manage, width=400)],
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.START,
            spacing=32,
        )
    else:
        body = stack([*scan, *manage])
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=screen_title(_("Invite players"))),
        controls=[body],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        scroll=ft.ScrollMode.AUTO,
    )
