"""Invite players: a link, a QR code and a short code that open this game on a phone, where each
player picks a free seat (no PIN needed) and enters their own tableau while the tablet shows the
whole table. The host can release a seat and revoke the invitation."""

from __future__ import annotations

import io

import flet as ft
import segno

from .. import games
from ..ids import route_id
from ..session import App
from ..widgets.common import not_found
from ..widgets.controls import short_name


def qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def grouped(code: str) -> str:
    """ABCDEFGHJK → ABCD-EFGH-JK: easier to read out and type."""
    return "-".join(code[i : i + 4] for i in range(0, len(code), 4))


def view(app: App, game_id: str) -> ft.View:
    route = f"/invite/{route_id(game_id)}"
    stored = app.store.get(game_id)
    if stored is None:
        return not_found(route, "This game is not stored here.")
    games.use_theme(app.page, stored.game)
    body = ft.Column(spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)

    def release(player: str) -> None:
        app.invites.release(game_id, player)
        render()
        body.update()

    def revoke(e) -> None:
        app.invites.revoke(game_id)
        render()
        body.update()

    def render() -> None:
        code = app.invites.code_for(game_id)
        base = app.join_urls[0] if app.join_urls else ""
        url = f"{base}/join/{code}"
        taken = app.invites.taken(game_id)
        hint = (
            ft.Text("A phone that opens it joins without the PIN, and can change only its own player's cards.", size=13, italic=True)
            if app.lan
            else ft.Text(
                "This server listens on this machine only: the link works in another browser here. For phones, "
                "start it with  tableside --host 0.0.0.0  (it asks for a PIN) and open this screen again.",
                size=13,
                weight=ft.FontWeight.BOLD,
            )
        )
        body.controls = [
            ft.Text("Scan with a phone on the same Wi-Fi, then pick your seat.", size=16),
            ft.Image(src=qr_png(url), width=260, height=260, semantics_label=f"QR code for {url}"),
            # Not selectable: Flutter's web semantics then reads out no text for it (screen readers, tests).
            ft.Semantics(identifier="join-url", content=ft.Text(url, size=18, weight=ft.FontWeight.BOLD)),
            *[ft.Text(f"or {u}/join/{code}", size=13, selectable=True) for u in app.join_urls[1:]],
            ft.Semantics(identifier="join-code", content=ft.Text(f"Code: {grouped(code)}", size=16, selectable=True)),
            hint,
            ft.Text("Seats", weight=ft.FontWeight.BOLD),
            *[
                ft.Row(
                    [
                        ft.Text(f"{short_name(p)}: {'on a phone' if p in taken else 'free'}", expand=True),
                        ft.OutlinedButton(f"Release {p}", height=48, visible=p in taken, on_click=lambda e, p=p: release(p)),
                    ],
                    width=360,
                )
                for p in stored.players
            ],
            ft.OutlinedButton(
                "Revoke invite", icon=ft.Icons.LINK_OFF, height=48, on_click=revoke, tooltip="A new code; every phone loses its seat"
            ),
            ft.FilledButton(
                "Back to the game", icon=ft.Icons.ARROW_BACK, height=48, on_click=lambda e: app.go(f"/play/{route_id(game_id)}")
            ),
        ]

    render()
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text("Invite players")),
        controls=[body],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        scroll=ft.ScrollMode.AUTO,
    )
