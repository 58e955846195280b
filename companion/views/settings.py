"""Settings: the PIN that keeps this table's games private, and the theme."""

from __future__ import annotations

import flet as ft

from ..access import valid_pin
from ..session import App
from ..widgets.controls import section


def view(app: App) -> ft.View:
    message = ft.Text("")
    field = ft.TextField(label="New PIN (4–12 digits)", password=True, width=240, max_length=12,
                         keyboard_type=ft.KeyboardType.NUMBER, input_filter=ft.NumbersOnlyInputFilter())

    def save(e) -> None:
        pin = (field.value or "").strip()
        if not valid_pin(pin):
            message.value = "A PIN is 4 to 12 digits."
            return
        app.gate.set_pin(pin)
        field.value = ""
        message.value = "PIN set: every new browser session asks for it."

    def clear(e) -> None:
        app.gate.set_pin(None)
        message.value = "PIN removed: anyone who can reach this server can use it."

    if app.gate.fixed:
        pin_controls: list[ft.Control] = [ft.Text("The PIN was set when the server started (--pin).")]
    else:
        pin_controls = [
            ft.Text("PIN is on." if app.gate.required else "No PIN: anyone who can reach this server can use it."),
            field,
            ft.Row([ft.FilledButton("Set PIN", on_click=save), ft.OutlinedButton("Remove PIN", on_click=clear,
                                                                                 disabled=not app.gate.required)]),
        ]
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(title=ft.Text("Settings")),
        controls=[ft.Column([
            section("Privacy"), *pin_controls, ft.Semantics(identifier="settings-message", content=message),
            section("Appearance"),
            ft.Switch(label="Dark theme", value=app.dark, on_change=lambda e: app.toggle_theme()),
        ], spacing=12, width=640)],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
