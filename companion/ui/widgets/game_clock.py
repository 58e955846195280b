"""The game clock on the play screen: the time played (identifier `clock`, "12:05", past an hour
"1:02:03") and one button, "Pause clock" / "Resume clock".

Its own small component, so the play view is never drawn again for it: each second (while the clock
runs) only this component draws itself again, from the stored clock and the server's time
(services/game_clock.py), never from a count of its own. A memoised part of the play screen, which
hands it the stored clock: a tap on a card leaves it alone, a pause pressed on another device draws
it again. Its ticking task ends when the screen leaves the game (Flet cancels an effect's task when
its component unmounts) and at once when the browser goes, and starts again when the browser comes
back (the session's `visits`).

The button sends the press to the live game on the server, which checks the device's rights there
(LiveGame.pause_clock): a press from a device that may not change the game is refused in words, like
any other tap. A saved game (an edit of it) shows its clock stopped, without the button."""

from __future__ import annotations

import asyncio
from typing import Protocol

import flet as ft

from companion.data.store import EDITING, IN_PROGRESS
from companion.language import N_, _
from companion.services import game_clock
from companion.services.live import LiveGame
from companion.ui.session import App
from companion.ui.widgets.controls import icon_button

PAUSE = N_("Pause clock")
RESUME = N_("Resume clock")


class ClockScreen(Protocol):
    """What the clock needs of the play screen it sits on (views/play.Play)."""

    app: App
    live: LiveGame

    def pause_clock(self, paused: bool) -> None: ...


def shown_clock(live: LiveGame, app: App) -> game_clock.Clock | None:
    """The clock the game holds now; None where there is nothing honest to show (an older saved game,
    whose record has no clock, being edited: its start and end are the store's, not the copy's)."""
    clock = game_clock.read(live.record)
    if clock is None or (live.status != IN_PROGRESS and clock.stopped is None):
        if live.status == EDITING:
            copy = app.games.editing(live.id)
            return game_clock.of_game(copy) if copy is not None and copy.finished_at else None
        return None
    return clock


@ft.memo
@ft.component
def GameClock(screen: ClockScreen, clock: game_clock.Clock | None, may_pause: bool, visit: int) -> ft.Control:
    """A memoised part: the play screen draws it with the clock the game holds now (shown_clock), so a
    tap on a card, which leaves the clock as it was, does not draw it again; a pause pressed on another
    device changes `clock` and does. `visit`: the session's count of returns (Subscriptions.visits), so
    a browser that comes back starts ticking again."""
    app = screen.app
    __, set_tick = ft.use_state(0)
    running = clock is not None and clock.stopped is None and not clock.paused

    async def tick() -> None:
        """Draw this component again at each new second of the time played, while the browser is here
        (it goes: the task is cancelled at once, not left sleeping in a session that is closing)."""
        task = asyncio.current_task()
        if task is None or clock is None or not app.connected:
            return

        def stop() -> None:
            task.cancel()

        app.on_disconnect.append(stop)
        try:
            while True:
                await asyncio.sleep(game_clock.next_tick(clock.played(game_clock.now())))
                set_tick(lambda t: t + 1)
        finally:
            app.on_disconnect.remove(stop)

    def still() -> None:
        """A paused or stopped clock: nothing to tick (setting this effect cancels a running tick)."""

    ft.use_effect(tick if running else still, [clock, running, visit], cleanup=still)  # unmounted: Flet cancels the task
    if clock is None:
        return ft.Container(visible=False)
    paused = clock.paused
    time = ft.Semantics(
        identifier="clock",
        content=ft.Text(
            game_clock.shown(clock.played(game_clock.now())),
            size=16,
            weight=ft.FontWeight.BOLD,
            color=ft.Colors.OUTLINE if paused or clock.stopped else None,
            tooltip=_("Time played, breaks left out (paused)") if paused else _("Time played, breaks left out"),
        ),
    )
    parts: list[ft.Control] = [time]  # in the app bar beside the title: no room for an icon besides
    if may_pause:
        # Two buttons, not one that changes: a press of "Pause clock" arriving after another device paused
        # finds its button gone (the server drops it) instead of running the clock again.
        button = icon_button(
            ft.Icons.PLAY_ARROW if paused else ft.Icons.PAUSE, _(RESUME) if paused else _(PAUSE), lambda e: screen.pause_clock(not paused)
        )
        button.key = "resume-clock" if paused else "pause-clock"
        parts.append(button)
    return ft.Row(parts, spacing=2, tight=True, key="game-clock")
