"""Settings: the PIN that keeps this table's games private, and the theme."""

from __future__ import annotations

import flet as ft

from ..access import MAX_DIGITS, MIN_DIGITS, SAFE_DIGITS, valid_pin, weak_pin_warning
from ..identity import local_is_host
from ..network import serving_words
from ..session import App
from ..widgets.controls import section


def view(app: App) -> ft.View:
    message = ft.Text("")
    field = ft.TextField(
        label=f"New PIN ({MIN_DIGITS}–{MAX_DIGITS} digits)",
        password=True,
        width=240,
        max_length=MAX_DIGITS,
        helper=f"{SAFE_DIGITS} digits or more are safer",
        keyboard_type=ft.KeyboardType.NUMBER,
        input_filter=ft.NumbersOnlyInputFilter(),
    )

    def save(e) -> None:
        pin = (field.value or "").strip()
        if not valid_pin(pin):
            message.value = f"A PIN is {MIN_DIGITS} to {MAX_DIGITS} digits."
            message.color = ft.Colors.ERROR
            return
        app.set_pin(pin)
        field.value = ""
        warning = weak_pin_warning(pin)
        message.value = "PIN set." + (f" {warning}" if warning else "")
        message.color = ft.Colors.ERROR if warning else None

    lan = app.lan  # serving beyond this machine (see serve)

    def clear(e) -> None:
        if lan:
            return
        app.set_pin(None)
        message.color = None
        message.value = "PIN removed: anyone who can reach this server can use it."

    if app.gate.fixed:
        pin_controls: list[ft.Control] = [ft.Text("The PIN was set when the server started (--pin).")]
    else:
        pin_controls = [
            ft.Text("PIN is on." if app.gate.required else "No PIN: anyone who can reach this server can use it."),
            field,
            ft.Row(
                [
                    ft.FilledButton("Set PIN", on_click=save),
                    ft.OutlinedButton("Remove PIN", on_click=clear, disabled=not app.gate.required or lan),
                ]
            ),
        ]
    pin_controls += [ft.Text(line, size=13) for line in serving_words(lan, app.gate.required, local_is_host())]
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(title=ft.Text("Settings")),
        controls=[
            ft.Column(
                [
                    section("Privacy"),
                    *pin_controls,
                    ft.Semantics(identifier="settings-message", content=message),
                    section("Appearance"),
                    ft.Switch(label="Dark theme", value=app.dark, on_change=lambda e: app.toggle_theme()),
                ],
                spacing=12,
                width=640,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
