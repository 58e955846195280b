"""Settings: the PIN that keeps this table's games private, the theme (this device's own, and the default of the
others) and this device's language.

A component: what is typed and the last message are this device's state; whether a PIN is on is
read from the store at each drawing (it subscribes to `topics.SETTINGS`)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion import language
from companion.access.gate import MAX_DIGITS, MIN_DIGITS, SAFE_DIGITS, valid_pin, weak_pin_warning
from companion.access.host_grants import LIFETIME
from companion.access.identity import local_is_host
from companion.language import N_, _, day, ngettext
from companion.server.network import serving_words
from companion.services import topics
from companion.ui import themes
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import FORM_WIDTH, at_text_scale, option_switch, screen_title, section
from companion.ui.widgets.hooks import use_changes, use_field
from companion.ui.widgets.navigation import back_button

STANDALONE_PIN = N_(
    "No PIN here: this app runs in this browser alone, and nobody else reaches its games. "
    "A PIN, and inviting other phones to a game, need Tableside running on a computer of the table's Wi-Fi."
)


def theme_choice(chosen: str, on_change: Callable[[ft.Event[ft.RadioGroup]], None]) -> ft.RadioGroup:
    """Light, Dark or Black, one radio a row (48 px each, a tap target on a phone); the group is named by its section."""
    radios: list[ft.Control] = [ft.Radio(value=c, label=_(themes.LABELS[c]), height=48) for c in themes.CHOICES]
    return ft.RadioGroup(value=chosen, on_change=on_change, content=named_group(_("Appearance"), radios))


def language_choice(chosen: str, on_change: Callable[[ft.Event[ft.RadioGroup]], None]) -> ft.RadioGroup:
    """English, Deutsch, Français, one radio a row, each named in its own language (as a reader looks for it)."""
    radios: list[ft.Control] = [ft.Radio(value=code, label=name, height=48) for code, name in language.LANGUAGES.items()]
    return ft.RadioGroup(value=chosen, on_change=on_change, content=named_group(_("Language"), radios))


def named_group(name: str, radios: list[ft.Control]) -> ft.Control:
    """The radios, their group named `name` for a screen reader: a label inside the RadioGroup names its node (a
    Semantics around it would make a named group of its own around a nameless radio group)."""
    return ft.Semantics(label=name, content=ft.Column(radios, spacing=0))


@ft.component
def view(app: App) -> ft.View:
    use_changes(app, topics.SETTINGS)
    typed, set_typed, latest = use_field()
    said, set_said = ft.use_state(("", False))  # this device's last message, and whether it warns
    lan = app.lan  # serving beyond this machine (see serve)

    async def save(e) -> None:
        pin = latest().strip()
        if not valid_pin(pin):
            set_said((_("A PIN is {low} to {high} digits.").format(low=MIN_DIGITS, high=MAX_DIGITS), True))
            return
        await app.set_pin(pin)
        set_typed("")
        warning = weak_pin_warning(pin)
        set_said((_("PIN set. Every new browser session asks for it.") + (f" {warning}" if warning else ""), bool(warning)))

    async def clear(e) -> None:
        if lan:
            return
        await app.set_pin(None)
        set_said((_("PIN removed: anyone who can reach this server can use it."), False))

    def choose_theme(e) -> None:
        if e.control.value in themes.CHOICES:  # the browser's word: anything else changes nothing
            app.choose_theme(e.control.value)
        app.rebuild()  # the root applies the theme (and these radios are drawn from the app's)

    def choose_language(e) -> None:
        app.language.choose(e.control.value)  # the browser's word: a language Tableside does not speak changes nothing
        app.rebuild()

    def flip_default(e) -> None:
        app.set_default_theme(not app.default_dark)
        app.rebuild()

    if app.standalone:
        pin_controls: list[ft.Control] = [ft.Text(_(STANDALONE_PIN))]
    elif app.gate.fixed:
        pin_controls = [ft.Text(_("The PIN was set when the server started (--pin)."))]
    else:
        pin_controls = [
            ft.Text(_("PIN is on.") if app.gate.required else _("No PIN: anyone who can reach this server can use it.")),
            ft.TextField(
                label=_("New PIN ({low}–{high} digits)").format(low=MIN_DIGITS, high=MAX_DIGITS),
                value=typed,
                on_change=lambda e: set_typed(e.control.value or ""),
                on_submit=save,
                password=True,
                # At the browser's text scale, within the page (at 200 % text the helper was cut in 240 px).
                width=at_text_scale(240, app.text_scale, app.page.width),
                max_length=MAX_DIGITS,
                helper=_("{digits} digits or more are safer").format(digits=SAFE_DIGITS),
                helper_max_lines=2,
                keyboard_type=ft.KeyboardType.NUMBER,
                input_filter=ft.NumbersOnlyInputFilter(),
            ),
            ft.Row(
                [
                    ft.FilledButton(_("Set PIN"), height=48, on_click=save, style=focus_style()),
                    ft.OutlinedButton(
                        _("Remove PIN"),
                        height=48,
                        on_click=clear,
                        disabled=not app.gate.required or lan,
                        tooltip=(_("Served to the network: a PIN is needed") if lan else _("No PIN is set"))
                        if not app.gate.required or lan
                        else None,
                        style=focus_style(),
                    ),
                ]
            ),
        ]
    if not app.standalone:  # who can reach the server: there is none
        pin_controls += [ft.Text(line, size=13) for line in serving_words(lan, app.gate.required, local_is_host())]
    if app.unlocked_here:  # unlocked by the PIN, and kept so by this browser (host_grants.py)
        pin_controls += [
            ft.Text(
                ngettext(
                    "This device stays unlocked for {hours} hour, across reloads, unless the PIN changes.",
                    "This device stays unlocked for {hours} hours, across reloads, unless the PIN changes.",
                    LIFETIME // 3600,
                ).format(hours=LIFETIME // 3600),
                size=13,
            ),
            ft.OutlinedButton(
                _("Lock this device"),
                icon=ft.Icons.LOCK,
                height=48,
                on_click=lambda e: app.page.run_task(app.lock_device),
                style=focus_style(),
            ),
        ]
    last = app.remembered.last_export()
    kept = (
        (_("History last exported on {day}.").format(day=day(last)) if last else _("The history has never been exported."))
        + " "
        + _("Import and export (in History) downloads it as a file that imports back here or anywhere.")
    )
    message, warns = said
    return ft.View(
        route="/settings",
        appbar=ft.AppBar(leading=back_button(app), title=screen_title(_("Settings"))),
        controls=[
            ft.Column(
                [
                    section(_("Privacy")),
                    *pin_controls,
                    ft.Semantics(identifier="settings-message", content=ft.Text(message, color=ft.Colors.ERROR if warns else None)),
                    section(_("Your games")),
                    ft.Semantics(identifier="last-export", content=ft.Text(kept, size=13)),
                    section(_("Appearance")),
                    theme_choice(themes.choice(app.dark, app.black), choose_theme),
                    ft.Text(
                        _(
                            "On this device only: every phone and tablet keeps its own choice. "
                            "Black turns an OLED screen's pixels off: easier on the eyes at night and on the battery."
                        ),
                        size=13,
                    ),
                    *(
                        []
                        if app.standalone
                        else [option_switch(_("Dark theme for devices that have not chosen"), app.default_dark, flip_default)]
                    ),
                    section(_("Language")),
                    language_choice(app.language.code, choose_language),
                    ft.Text(_("On this device only: the others keep their own language."), size=13),
                ],
                spacing=12,
                width=FORM_WIDTH,
            )
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
        scroll=ft.ScrollMode.AUTO,  # on a phone the last sections are below the fold
    )
