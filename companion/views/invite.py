"""Invite players: a QR code and a short address that open this game on a phone, where each
player enters their own tableau while the tablet shows the whole table."""

from __future__ import annotations

import io

import flet as ft
import segno

from .. import games
from ..app import App
from ..ids import route_id
from . import play


def qr_png(url: str) -> bytes:
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="png", scale=8, border=2)
    return buffer.getvalue()


def view(app: App, game_id: str) -> ft.View:
    route = f"/invite/{route_id(game_id)}"
    stored = app.store.get(game_id)
    if stored is None:
        return play.not_found(route, "This game is not stored here.")
    games.use_theme(app.page, stored.game)
    if not app.join_urls:
        body: list[ft.Control] = [
            ft.Text("Phones cannot reach this server yet: it listens on this machine only.", weight=ft.FontWeight.BOLD),
            ft.Text("Start it with  tableside --host 0.0.0.0  (and a --pin), then open this screen again."),
        ]
    else:
        url = f"{app.join_urls[0]}/join/{game_id}"
        body = [
            ft.Text("Scan with a phone on the same Wi-Fi, then pick your seat.", size=16),
            ft.Image(src=qr_png(url), width=260, height=260, semantics_label=f"QR code for {url}"),
            ft.Semantics(identifier="join-url", content=ft.Text(url, size=18, weight=ft.FontWeight.BOLD, selectable=True)),
            *[ft.Text(f"or {u}/join/{game_id}", size=13, selectable=True) for u in app.join_urls[1:]],
            ft.Text("A PIN, if set, is asked first." if app.gate.required else
                    "No PIN is set: anyone on this network who opens the address can join.", size=13, italic=True),
        ]
    body.append(ft.FilledButton("Back to the game", icon=ft.Icons.ARROW_BACK, height=48,
                                on_click=lambda e: app.go(f"/play/{route_id(game_id)}")))
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text("Invite players")),
        controls=[ft.Column(body, spacing=12, horizontal_alignment=ft.CrossAxisAlignment.CENTER)],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        scroll=ft.ScrollMode.AUTO,
    )
