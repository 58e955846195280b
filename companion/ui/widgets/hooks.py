"""Hooks every screen uses to be a function of the stored state (Flet's declarative components).

A screen component calls `use_changes(app, topics…)`: it is drawn again, from the store as it is
now, after every change of those topics — this device's, another device's, an undo, a discard.
Nothing is patched by hand; Flet compares the new drawing with the last and sends the difference.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import flet as ft

from companion.language import N_, _
from companion.ui.session import App, log


class Unreadable:
    """What a selection that failed reads as: equal to nothing, so the next change draws again."""


def use_changes(app: App, *topics: str, active: bool = True, select: Callable[[], Hashable] | None = None) -> int:
    """Redraw the calling component after each change of one of `topics`; returns a count that
    grows with each (for use_memo dependencies).

    `select`: what of the stored state the component draws from; a change that leaves it as it was
    when the component last drew is not drawn (the play screen's parts: SelfDrawnPart, below).

    `active=False` (a screen covered by another, e.g. Home under a play screen): no subscription,
    so a tap at the table costs nothing for it; once uncovered it subscribes again and draws itself
    from the stored state (the count grows: its memos are computed again)."""
    version, set_version = ft.use_state(0)
    subscription: ft.MutableRef[Callable[[], None] | None] = ft.use_ref(None)
    missed: ft.MutableRef[bool] = ft.use_ref(False)  # covered for a while: changes may have been missed
    # Flet runs effects after the render: a change published between this drawing's reading of the
    # state and the subscription below (another device's tap) would be missed until the next one.
    drawn_at: ft.MutableRef[int] = ft.use_ref(0)
    drawn_at.current = app.subscriptions.version(topics)
    selector: ft.MutableRef[Callable[[], Hashable] | None] = ft.use_ref(None)
    selector.current = select  # this drawing's (its arguments may have changed since the subscription)
    drew: ft.MutableRef[Hashable] = ft.use_ref(None)

    def selected(select: Callable[[], Hashable]) -> Hashable:
        try:
            return select()
        except Exception:  # a bug: the component draws again, and its drawing says what failed
            log.exception("what a part draws from could not be read")
            return Unreadable()

    def changed() -> None:
        if selector.current is not None:
            now = selected(selector.current)
            if now == drew.current:
                return
            drew.current = now
        set_version(lambda v: v + 1)

    if select is not None:

        def note_drawn() -> None:
            # After each drawing, in the same turn of Flet's scheduler (no change can come between).
            drew.current = selected(select)

        ft.use_effect(note_drawn)

    def subscribe() -> None:
        if not active:
            missed.current = True
            return
        subscription.current = app.subscribe(topics, changed)
        if missed.current or app.subscriptions.version(topics) != drawn_at.current:
            missed.current = False
            set_version(lambda v: v + 1)

    def unsubscribe() -> None:
        if subscription.current is not None:
            subscription.current()
            subscription.current = None

    # The cleanup is passed, not returned from subscribe: Flet 1.0.5 resets a returned one on each render.
    ft.use_effect(subscribe, [*topics, active], cleanup=unsubscribe)
    return version


def use_field(initial: str = "") -> tuple[str, Callable[[str], None], Callable[[], str]]:
    """A text field's value as state: (value to draw, what on_change calls, what reads the latest).
    A button's tap can arrive before the field's last change is drawn again: its handler reads the
    latest value, never the one its closure saw when it was drawn."""
    value, set_value = ft.use_state(initial)
    latest: ft.MutableRef[str] = ft.use_ref(initial)

    def changed(text: str) -> None:
        latest.current = text
        set_value(text)

    return value, changed, lambda: latest.current or ""


PART_FAILED = N_("This part of the screen could not be shown. The game is saved as it was played.")


@ft.memo
@ft.component
def SelfDrawnPart(
    app: App, topic: str, draw: Callable[..., ft.Control], args: tuple, drawn: int, inputs: Callable[..., tuple] | None = None
) -> ft.Control:
    """A part of a screen that draws itself again after a change of `topic`, alone: on the play screen a
    tap redraws the totals, the cards and the sentences it changed, never the frame around them (for four
    devices the frame was most of a tap's cost: issue 40).

    Without `inputs` it draws `draw(*args)` after every change. With `inputs`, `draw(*inputs(*args))`,
    and only when `inputs(*args)` changed: everything the part shows comes from those values (a game
    screen's `context.part`). `draw`, `inputs`: functions or methods of objects that live as long as
    the screen, so the part is skipped while the frame draws itself for another reason; `drawn`: the
    frame's drawing it belongs to (a new view state, a resize: every part draws again)."""
    use_changes(app, topic, select=None if inputs is None else lambda: inputs(*args))
    try:
        return draw(*args) if inputs is None else draw(*inputs(*args))
    except Exception:  # a bug: said where the part stands, the details to the log; the other parts draw on
        log.exception("a part of a screen could not be drawn")
        return ft.Text(_(PART_FAILED), size=13, color=ft.Colors.ERROR)
