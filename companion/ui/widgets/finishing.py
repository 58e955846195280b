"""Saving a game, explicitly, in one step: the Results screen's Save result (or, for an edit of a saved
game, Save changes) with where and notes beside it, the one-tap Save of Home's list, the question asked
when someone leaves the Results of a complete, unsaved game (Save to history / Keep editing / Discard),
and Cancel changes.

A game in progress is never saved by itself (a card may still be corrected); these make sure a
finished table does not leave it sitting among the games in progress without a word."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.language import N_, _, spoken
from companion.services import game_details
from companion.services.games import EDITING, IN_PROGRESS, StoredGame, StoreWriteError, route_id
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.views.game_log import setup_fields

SAVE = N_("Save result")
SAVE_CHANGES = N_("Save changes")
CANCEL_CHANGES = N_("Cancel changes")
NOT_DECIDED = N_("Not decided yet: the game goes on.")


def still_entering(app: App, game: StoredGame) -> list[str]:
    """The players whose phone holds their seat and has not said "Done" for the round being entered:
    until they have, the game is not finished (its Results say who leads, not who wins)."""
    if game.status not in (IN_PROGRESS, EDITING):
        return []
    taken = app.invites.taken(game.id)
    if not taken:
        return []
    live = app.games.open(game.id, edit=False)
    done = live.done if live is not None else frozenset()
    return [p for p in game.players if p in taken and p not in done]


def save(app: App, game: StoredGame, then: str | None = None, details: tuple[str, str] | None = None) -> bool:
    """Save a complete game (or an edit's changes) to the history, with `details` (where, notes) when
    given: one step. Say so, or why not, in words; a refusal leaves everything as it was."""
    try:
        if details is not None and not game_details.same_details(game.record, *details):
            done = app.games.set_details(game.id, *details, check=lambda: app.rights.may_change(game.id))
            if done.message:
                app.notify(spoken(done.message), error=True)
                return False
        app.games.finish(game.id)
    except (StoreWriteError, ValueError) as err:  # the game stays in progress, as it was
        app.notify(spoken(str(err)), error=True)
        return False
    except KeyError:  # deleted on another device meanwhile
        app.notify(_("This game is not stored here any more: it may have been deleted."), error=True)
        return False
    if then is not None:
        app.go(then)
    editing = game.status == EDITING
    app.notify(_("Saved the changes.") if editing else _("Saved {game} to the history.").format(game=game.title))
    return True


def cancel_changes(app: App, game_id: str) -> bool:
    """Drop the edit copy of a saved game: the saved game is exactly as it was."""
    try:
        app.games.cancel_edit(game_id)
    except StoreWriteError as err:
        app.notify(str(err), error=True)
        return False
    app.go(f"/history/{route_id(game_id)}")
    app.notify(_("Changes cancelled: the saved game is as it was."))
    return True


@ft.component
def SaveStep(app: App, game: StoredGame, decided: bool) -> ft.Control:
    """Where, notes and the one Save (Save result, or Save changes for an edit): one step, so nothing is
    left to save further down. What is typed is kept as the game's until it changes elsewhere."""
    saved = game_details.details_of(game.record)
    held, set_held = ft.use_state((saved, saved))  # (the stored pair it started from, what is typed)
    typed = held[1] if held[0] == saved else saved  # the game's details changed meanwhile: start from them

    def typing(field: str, text: str) -> None:
        index = 0 if field == "location" else 1
        set_held(lambda h: (saved, tuple(text if i == index else v for i, v in enumerate(h[1] if h[0] == saved else saved))))

    def keep(e) -> None:
        """A field left: what is typed is kept with the game (as a card is), so going back to the game
        and returning loses nothing; Save result saves it with the result in any case."""
        if game_details.same_details(game.record, *typed):
            return
        try:
            done = app.games.set_details(game.id, *typed, check=lambda: app.rights.may_change(game.id))
        except KeyError:  # deleted on another device meanwhile: Save result says so
            return
        if done.message:
            app.notify(spoken(done.message), error=True)

    fields = setup_fields(typed[0], typed[1], typing, on_blur=keep)

    editing = game.status == EDITING
    label = _(SAVE_CHANGES) if editing else _(SAVE)
    button = ft.FilledButton(
        label,
        icon=ft.Icons.SAVE,
        height=48,
        disabled=not decided,
        tooltip=None if decided else _(NOT_DECIDED),
        on_click=lambda e: save(app, game, then=f"/history/{route_id(game.id)}", details=typed),
        style=focus_style(),
    )
    return ft.Semantics(
        identifier="save-step",
        container=True,
        content=ft.Column(
            [
                *fields,
                ft.Row(
                    [
                        button,
                        ft.Text(_(NOT_DECIDED) if not decided else _("Where and notes are saved with it."), size=13, italic=True),
                    ],
                    wrap=True,
                ),
            ],
            spacing=8,
        ),
    )


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
            title=ft.Text(_("Save this game?")),
            content=ft.Text(_("Every round is in and the result is decided, but the game is not in the history yet.")),
            actions=[
                ft.TextButton(_("Discard"), height=48, on_click=choose(discard_game), style=focus_style()),
                ft.TextButton(
                    _("Keep editing"), height=48, on_click=choose(lambda: app.go(f"/play/{route_id(game.id)}")), style=focus_style()
                ),
                ft.FilledButton(
                    _("Save to history"), height=48, on_click=choose(lambda: save(app, game, then=leave_to)), style=focus_style()
                ),
            ],
            actions_overflow_button_spacing=4,
        )
    )
