"""Settings: the PIN that keeps this table's games private, and the theme (this device's own, and the default of the others).

A component: what is typed and the last message are this device's state; whether a PIN is on is
read from the store at each drawing (it subscribes to `topics.SETTINGS`)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.access.gate import MAX_DIGITS, MIN_DIGITS, SAFE_DIGITS, valid_pin, weak_pin_warning
from companion.access.host_grants import LIFETIME
from companion.access.identity import local_is_host
from companion.server.network import serving_words
from companion.services import topics
from companion.ui import themes
from companion.ui.session import App
from companion.ui.widgets.controls import option_switch, section
from companion.ui.widgets.hooks import use_changes, use_field

STANDALONE_PIN = (
    "No PIN here: this app runs in this browser alone, and nobody else reaches its games. "
    "A PIN, and inviting other phones to a game, need Tableside running on a computer of the table's Wi-Fi."
)


def theme_choice(chosen: str, on_change: Callable[[ft.Event[ft.RadioGroup]], None]) -> ft.RadioGroup:
    """Light, Dark or Black, one radio a row (48 px each, a tap target on a phone)."""
    radios: list[ft.Control] = [ft.Radio(value=c, label=themes.LABELS[c], height=48) for c in themes.CHOICES]
    return ft.RadioGroup(value=chosen, on_change=on_change, content=ft.Column(radios, spacing=0))


@ft.component
def view(app: App) -> ft.View:
    use_changes(app, topics.SETTINGS)
    typed, set_typed, latest = use_field()
    said, set_said = ft.use_state(("", False))  # this device's last message, and whether it warns
    lan = app.lan  # serving beyond this machine (see serve)

    async def save(e) -> None:
        pin = latest().strip()
        if not valid_pin(pin):
            set_said((f"A PIN is {MIN_DIGITS} to {MAX_DIGITS} digits.", True))
            return
        await app.set_pin(pin)
        set_typed("")
        warning = weak_pin_warning(pin)
        set_said(("PIN set. Every new browser session asks for it." + (f" {warning}" if warning else ""), bool(warning)))

    async def clear(e) -> None:
        if lan:
            return
        await app.set_pin(None)
        set_said(("PIN removed: anyone who can reach this server can use it.", False))

    def choose_theme(e) -> None:
        if e.control.value in themes.CHOICES:  # the browser's word: anything else changes nothing
            app.choose_theme(e.control.value)
        app.rebuild()  # the root applies the theme (and these radios are drawn from the app's)

    def flip_default(e) -> None:
        app.set_default_theme(not app.default_dark)
        app.rebuild()

    if app.standalone:
        pin_controls: list[ft.Control] = [ft.Text(STANDALONE_PIN)]
    elif app.gate.fixed:
        pin_controls = [ft.Text("The PIN was set when the server started (--pin).")]
    else:
        pin_controls = [
            ft.Text("PIN is on." if app.gate.required else "No PIN: anyone who can reach this server can use it."),
            ft.TextField(
                label=f"New PIN ({MIN_DIGITS}–{MAX_DIGITS} digits)",
                value=typed,
                on_change=lambda e: set_typed(e.control.value or ""),
                on_submit=save,
                password=True,
                width=240,
                max_length=MAX_DIGITS,
                helper=f"{SAFE_DIGITS} digits or more are safer",
                keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
            ),
            ft.Row(
                [
                    ft.FilledButton("Set PIN", on_click=save),
                    ft.OutlinedButton(
                        "Remove PIN",
                        on_click=clear,
                        disabled=not app.gate.required or lan,
                        tooltip=("Served to the network: a PIN is needed" if lan else "No PIN is set")
                        if not app.gate.required or lan
                        else None,
                    ),
                ]
            ),
        ]
    if not app.standalone:  # who can reach the server: there is none
        pin_controls += [ft.Text(line, size=13) for line in serving_words(lan, app.gate.required, local_is_host())]
    if app.unlocked_here:  # unlocked by the PIN, and kept so by this browser (host_grants.py)
        pin_controls += [
            ft.Text(f"This device stays unlocked for {LIFETIME // 3600} hours, across reloads, unless the PIN changes.", size=13),
            ft.OutlinedButton("Lock this device", icon=ft.Icons.LOCK, on_click=lambda e: app.page.run_task(app.lock_device)),
        ]
    last = app.remembered.last_export()
    kept = (
        f"History last exported on {last}." if last else "The history has never been exported."
    ) + " Import and export (in History) downloads it as a file that imports back here or anywhere."
    message, warns = said
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(title=ft.Text("Settings")),
        controls=[
            ft.Column(
                [
                    section("Privacy"),
                    *pin_controls,
                    ft.Semantics(identifier="settings-message", content=ft.Text(message, color=ft.Colors.ERROR if warns else None)),
                    section("Your games"),
                    ft.Semantics(identifier="last-export", content=ft.Text(kept, size=13)),
                    section("Appearance"),
                    theme_choice(themes.choice(app.dark, app.black), choose_theme),
                    ft.Text(
                        "On this device only: every phone and tablet keeps its own choice. "
                        "Black turns an OLED screen's pixels off: easier on the eyes at night and on the battery.",
                        size=13,
                    ),
                    *(
                        []
                        if app.standalone
                        else [option_switch("Dark theme for devices that have not chosen", app.default_dark, flip_default)]
                    ),
                ],
                spacing=12,
                width=640,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
