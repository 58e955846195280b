"""A text field whose text stays the browser's while keys are pressed, each change still sent to its owner's state.

A field drawn again from its owner's state at each key can be drawn with a text the browser has already gone past:
the keys typed after it arrive while that drawing is made, and Flet sends the older text back. Typed fast in
Chromium, "Hearts" was kept as "Heart" and "Ana" as "An". So while the owner holds what this field last sent, the
field is drawn with the text it holds now (nothing to send); a value the owner sets otherwise (a name cleared once
added, a recent game picked) replaces it. The field keeps no state of its own besides: a component around it that
changed its own state at each key drew it twice a key, once from a drawing left behind ("Hearts" kept as "arts")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft


def same(text: str) -> Any:
    return text


@ft.component
def TypedField(
    value: Any,
    on_text: Callable[[Any], None],
    drawn: ft.MutableRef[ft.TextField | None] | None = None,
    read: Callable[[str], Any] = same,
    shown: Callable[[Any], str] = str,
    **options: Any,
) -> ft.Control:
    """`value`: what the owner holds, `read(text)` of a text typed (a name cleaned, a number read), sent by
    `on_text(read(text))` at each change; `shown(value)`: the text of a value the owner set otherwise. `drawn`,
    where given, is set to the field as drawn (to focus it); `options` are the TextField's own (label, max_length,
    on_submit, on_blur…)."""
    sent: ft.MutableRef[str | None] = ft.use_ref(None)  # the text the owner was last told of, or last drawn from its value
    last: ft.MutableRef[ft.TextField | None] = ft.use_ref(None)
    if last.current is not None and sent.current is not None and value == read(sent.current):
        text = last.current.value  # the browser's text, as its last change told it: drawing it sends nothing
    else:
        text = sent.current = shown(value)

    def changed(e: Any) -> None:
        sent.current = e.control.value or ""
        on_text(read(sent.current))

    field = ft.TextField(value=text, on_change=changed, **options)
    last.current = field
    if drawn is not None:
        drawn.current = field
    return field
