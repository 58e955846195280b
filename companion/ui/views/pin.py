"""The PIN screen: until the PIN is entered, a session sees nothing else and can change nothing."""

from __future__ import annotations

import flet as ft

from companion.access.invites import normal_code
from companion.language import _
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import screen_title
from companion.ui.widgets.hooks import use_field


@ft.component
def view(app: App, wanted_route: str) -> ft.View:
    pin, set_pin, typed_pin = use_field()
    message, set_message = ft.use_state("")
    code, set_code, typed_code = use_field()

    async def submit(e) -> None:
        accepted, why = await app.enter_pin(typed_pin())
        set_pin("")
        if accepted:
            app.go(wanted_route if wanted_route != "/pin" else "/")
            app.rebuild()
        else:
            set_message(why)

    def join(e) -> None:
        typed = normal_code(typed_code())
        if typed:  # a wrong code shows the invitation screen's own "not valid" message
            app.go(f"/join/{typed}")

    return ft.View(
        route=wanted_route,
        appbar=ft.AppBar(title=screen_title("Tableside")),
        controls=[
            ft.Column(
                [
                    ft.Icon(ft.Icons.LOCK, size=48),
                    ft.Text(_("This table's games are private. Enter the PIN to continue.")),
                    ft.TextField(
                        label=_("PIN"),
                        value=pin,
                        on_change=lambda e: set_pin(e.control.value or ""),
                        on_submit=submit,
                        password=True,
                        keyboard_type=ft.KeyboardType.NUMBER,
                        width=200,
                        input_filter=ft.NumbersOnlyInputFilter(),
                        max_length=12,
                        autofocus=True,
                    ),
                    ft.FilledButton(_("Unlock"), on_click=submit, height=48, style=focus_style()),
                    ft.Semantics(identifier="pin-message", live_region=True, content=ft.Text(message, color=ft.Colors.ERROR)),
                    ft.Divider(),
                    ft.Text(_("A player joining a game? Type the code the table's screen shows.")),
                    ft.TextField(
                        label=_("Invite code"),
                        value=code,
                        on_change=lambda e: set_code(e.control.value or ""),
                        on_submit=join,
                        width=200,
                        max_length=14,
                        capitalization=ft.TextCapitalization.CHARACTERS,
                    ),
                    ft.OutlinedButton(_("Join with the code"), on_click=join, height=48, style=focus_style()),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=12,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        vertical_alignment=ft.MainAxisAlignment.CENTER,
    )
