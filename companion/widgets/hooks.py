"""Hooks every screen uses to be a function of the stored state (Flet's declarative components).

A screen component calls `use_changes(app, topics…)`: it is drawn again, from the store as it is
now, after every change of those topics — this device's, another device's, an undo, a discard.
Nothing is patched by hand; Flet compares the new drawing with the last and sends the difference.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from ..session import App


def use_changes(app: App, *topics: str) -> int:
    """Redraw the calling component after each change of one of `topics`; returns a count that
    grows with each (for use_memo dependencies)."""
    version, set_version = ft.use_state(0)
    subscription: ft.MutableRef[Callable[[], None] | None] = ft.use_ref(None)

    def subscribe() -> None:
        subscription.current = app.subscribe(topics, lambda: set_version(lambda v: v + 1))

    def unsubscribe() -> None:
        if subscription.current is not None:
            subscription.current()
            subscription.current = None

    # The cleanup is passed, not returned from subscribe: Flet 1.0.5 resets a returned one on each render.
    ft.use_effect(subscribe, list(topics), cleanup=unsubscribe)
    return version
