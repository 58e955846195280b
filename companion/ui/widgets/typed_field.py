"""A text field whose text stays the browser's while keys are pressed, each change still sent to its owner's state.

A field drawn again from its owner's state at each key can be drawn with a text the browser has already gone past:
the keys typed after it arrive while that drawing is made, and Flet sends the older text back. Typed fast in
Chromium, "Hearts" was kept as "Heart" and "Ana" as "An". So while the owner holds what this field last sent, the
field is drawn with the text of the field on the page (found by its id: each key the browser typed is already in
it), and nothing is sent. A field this component drew before is not that field: Flet may keep the older drawing on
the page and leave the new one behind, never told of later keys ("Hearts night" was kept as "Hearts ni" under load).
A value the owner sets otherwise (a name cleared once added, a recent game picked) replaces the text. The field
keeps no state of its own besides: a component around it that changed its own state at each key drew it twice a
key, once from a drawing left behind ("Hearts" kept as "arts")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.server.flet_seams import control_id


def same(text: str) -> Any:
    return text


@ft.component
def TypedField(
    value: Any,
    on_text: Callable[[Any], None],
    read: Callable[[str], Any] = same,
    shown: Callable[[Any], str] = str,
    **options: Any,
) -> ft.Control:
    """`value`: what the owner holds, `read(text)` of a text typed (a name cleaned, a number read), sent by
    `on_text(read(text))` at each change; `shown(value)`: the text of a value the owner set otherwise. `options`
    are the TextField's own (label, max_length, on_submit, on_blur…). To focus the field, focus an event's control:
    the field returned here may be a drawing left behind."""
    sent: ft.MutableRef[str | None] = ft.use_ref(None)  # the text the owner was last told of, or last drawn from its value
    at: ft.MutableRef[int | None] = ft.use_ref(None)  # the id of the field on the page, as its last change said
    on_page = ft.context.page.get_control(at.current) if at.current is not None else None
    if isinstance(on_page, ft.TextField) and sent.current is not None and value == read(sent.current):
        text = on_page.value  # the browser's text: drawing it sends nothing
    else:
        text = sent.current = shown(value)

    def changed(e: Any) -> None:
        at.current = control_id(e.control)  # the control an event reaches is the one on the page
        sent.current = e.control.value or ""
        on_text(read(sent.current))

    return ft.TextField(value=text, on_change=changed, **options)
