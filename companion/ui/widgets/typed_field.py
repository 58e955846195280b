"""A text field whose text stays the browser's while keys are pressed, each change still sent to its owner's state.

A field drawn again from its owner's state at each key can be drawn with a text the browser has already gone past:
the keys typed after it arrive while that drawing is made, and Flet sends the older text back. Typed fast in
Chromium, "Hearts" was kept as "Heart" and "Ana" as "An". So while the owner holds what this field last sent, the
field is drawn with the text it holds now (nothing to send); a text the owner sets otherwise (a name cleared once
added, a recent game picked) replaces it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft


@ft.component
def TypedField(
    value: str, on_text: Callable[[str], None], drawn: ft.MutableRef[ft.TextField | None] | None = None, **options: Any
) -> ft.Control:
    """`value`: the text as the owner holds it; `on_text(text)` at each change. `drawn`, where given, is set to the
    field as drawn (to focus it); `options` are the TextField's own (label, max_length, on_submit, on_blur…)."""
    sent: ft.MutableRef[str | None] = ft.use_ref(None)  # what the owner was last told, or last set
    last: ft.MutableRef[ft.TextField | None] = ft.use_ref(None)
    if last.current is not None and value == sent.current:
        text = last.current.value  # the browser's text, as its last change told it: drawing it sends nothing
    else:
        text = sent.current = value

    def changed(e: Any) -> None:
        sent.current = e.control.value or ""
        on_text(sent.current)

    field = ft.TextField(value=text, on_change=changed, **options)
    last.current = field
    if drawn is not None:
        drawn.current = field
    return field
