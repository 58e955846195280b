"""Saving a complete game, explicitly: the one-tap Save of Home's list and the question asked when
someone leaves the Results of a complete, unsaved game (Save to history / Keep editing / Discard).

A game in progress is never saved by itself (a card may still be corrected); these make sure a
finished table does not leave it sitting among the games in progress without a word."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.data.atomic_files import StoreWriteError
from companion.data.ids import route_id
from companion.data.store import StoredGame
from companion.ui import game_screens
from companion.ui.session import App


def save(app: App, game: StoredGame, then: str | None = None) -> bool:
    """Save a complete game to the history; say so (or why not) in words."""
    try:
        app.hub.finish(game.id)
    except (StoreWriteError, ValueError) as err:  # the game stays in progress, as it was
        app.notify(str(err), error=True)
        return False
    if then is not None:
        app.go(then)
    app.notify(f"Saved {game_screens.title(game.game)} to the history.")
    return True


def ask_before_leaving(app: App, game: StoredGame, leave_to: str, discard: Callable[[App, StoredGame], None]) -> None:
    """Save to history (then go where the person was going), Keep editing (back to the game), or
    Discard (with the list's Undo)."""

    def choose(action: Callable[[], object]) -> Callable[[ft.Event], None]:
        def chosen(e: ft.Event) -> None:
            app.page.pop_dialog()
            action()

        return chosen

    def discard_game() -> None:
        app.go(leave_to)
        discard(app, game)

    app.page.show_dialog(
        ft.AlertDialog(
            modal=True,
            title=ft.Text("Save this game?"),
            content=ft.Text("Every round is in and the result is decided, but the game is not in the history yet."),
            actions=[
                ft.TextButton("Discard", height=48, on_click=choose(discard_game)),
                ft.TextButton("Keep editing", height=48, on_click=choose(lambda: app.go(f"/play/{route_id(game.id)}"))),
                ft.FilledButton("Save to history", height=48, on_click=choose(lambda: save(app, game, then=leave_to))),
            ],
            actions_overflow_button_spacing=4,
        )
    )
