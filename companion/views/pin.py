"""The PIN screen: until the PIN is entered, a session sees nothing else and can change nothing."""

from __future__ import annotations

import flet as ft

from ..invites import normal_code
from ..session import App


def view(app: App, wanted_route: str) -> ft.View:
    message = ft.Text("", color=ft.Colors.ERROR)
    field = ft.TextField(
        label="PIN",
        password=True,
        keyboard_type=ft.KeyboardType.NUMBER,
        width=200,
        input_filter=ft.NumbersOnlyInputFilter(),
        max_length=12,
        autofocus=True,
    )

    def submit(e) -> None:
        accepted, why = app.enter_pin(field.value or "")
        field.value = ""
        if accepted:
            app.go(wanted_route if wanted_route != "/pin" else "/")
            app.rebuild()
        else:
            message.value = why

    field.on_submit = submit
    code = ft.TextField(label="Invite code", width=200, max_length=14, capitalization=ft.TextCapitalization.CHARACTERS)

    def join(e) -> None:
        typed = normal_code(code.value or "")
        if typed:  # a wrong code shows the invitation screen's own "not valid" message
            app.go(f"/join/{typed}")

    code.on_submit = join
    return ft.View(
        route=wanted_route,
        appbar=ft.AppBar(title=ft.Text("Tableside")),
        controls=[
            ft.Column(
                [
                    ft.Icon(ft.Icons.LOCK, size=48),
                    ft.Text("This table's games are private. Enter the PIN to continue."),
                    field,
                    ft.FilledButton("Unlock", on_click=submit, height=48),
                    ft.Semantics(identifier="pin-message", content=message),
                    ft.Divider(),
                    ft.Text("A player joining a game? Type the code the table's screen shows."),
                    code,
                    ft.OutlinedButton("Join with the code", on_click=join, height=48),
                ],
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                spacing=12,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        vertical_alignment=ft.MainAxisAlignment.CENTER,
    )
