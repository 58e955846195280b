"""Results: places, winner, the tiebreak sentence and each player's breakdown line by line.

Shown for a game in progress (save it when decided), and for a stored game at
/history/<id> (edit, rematch, delete with undo).
"""

from __future__ import annotations

import flet as ft

import scoring
from companion.data import changes
from companion.data.ids import route_id
from companion.data.store import EDITING, IN_PROGRESS, StoreWriteError
from companion.services import durations, scorecard, share
from companion.services.completion import complete
from companion.ui import game_screens
from companion.ui.session import App
from companion.ui.views import game_log, import_export, join
from companion.ui.views import in_progress as in_progress_list
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import section, short_name
from companion.ui.widgets.finishing import ask_before_leaving
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.navigation import TAP, route_under
from companion.ui.widgets.score_sheet import score_sheet
from scoring.fields import ordinal


def breakdown_card(result: scoring.Result, player: str) -> ft.Control:
    rows: list[ft.Control] = [ft.Text(f"{short_name(player, 30)}: {result.totals[player]}", weight=ft.FontWeight.BOLD, size=16)]
    for i, per_player in enumerate(result.breakdown, start=1):
        if len(result.breakdown) > 1:
            rows.append(ft.Text(f"Round {i}: {result.rounds[i - 1][player]}", weight=ft.FontWeight.W_600))
        lines = per_player[player]
        rows += [ft.Text(str(line), size=13, selectable=True) for line in lines] or [ft.Text("nothing scored", size=13, italic=True)]
    return ft.Card(ft.Container(ft.Column(rows, spacing=2), padding=12), width=340)


def places(result: scoring.Result) -> ft.Control:
    rows: list[ft.Control] = []
    for group in result.ranking:
        for player in group:
            place = result.place_of(player)
            rows.append(
                ft.Row(
                    [
                        ft.Semantics(identifier=f"place-{player}", content=ft.Text(ordinal(place), width=44, weight=ft.FontWeight.BOLD)),
                        ft.Text(short_name(player, 30), expand=True, tooltip=player),
                        ft.Semantics(
                            identifier=f"total-{player}", content=ft.Text(str(result.totals[player]), weight=ft.FontWeight.BOLD, size=18)
                        ),
                    ]
                )
            )
    return ft.Column(rows, spacing=4)


def round_by_round(stored_record: dict, result: scoring.Result) -> list[ft.Control]:
    """The paper score pad of a game played in rounds (none for a game scored once at the end)."""
    if scoring.GAMES[result.game].body != "rounds" or not result.rounds:
        return []
    return [section("Round by round"), score_sheet(result, game_screens.round_names(stored_record))]


def sharing(app: App, game: str, result: scoring.Result, day: str, took: str | None) -> list[ft.Control]:
    """Copy result (the text, copied by the browser inside the tap: Safari allows it only there) and
    Save image (a PNG scorecard drawn on the server, downloaded like the BG Stats export)."""

    async def save_image(e) -> None:
        await import_export.download(app, f"tableside-{game}-{day}.png", scorecard.scorecard_png(result, day, took))

    return [
        ft.OutlinedButton(
            "Copy result",
            icon=ft.Icons.CONTENT_COPY,
            height=48,
            action=ft.CopyToClipboard(share.result_text(result, day, took)),
            on_click=lambda e: app.notify("Result copied: paste it in a message."),
        ),
        ft.OutlinedButton("Save image", icon=ft.Icons.IMAGE, height=48, on_click=save_image),
    ]


@ft.component
def view(app: App, game_id: str, route: str) -> ft.View:
    # Drawn again whenever the game changes, here or on another device: edited, saved, deleted, restored.
    use_changes(app, changes.game(game_id), changes.HISTORY)
    # /results/<id> of a saved game being edited shows the edit copy; /history/<id> always the saved game.
    editing = app.store.editing(game_id) if route.startswith("/results/") else None
    stored = editing or app.store.get(game_id)
    if stored is None:
        return not_found(route, "This game is not stored here. It may have been deleted.")
    try:
        result = scoring.score(stored.record)
    except scoring.RecordError as err:  # the store keeps only valid records: words, never a traceback, if one is not
        return not_found(route, f"This game cannot be scored as it stands: {err}")
    in_progress = stored.status in (IN_PROGRESS, EDITING)
    winners = ", ".join(result.winners)
    headline = share.headline(result)
    day = stored.played_at[:10]
    took = durations.in_words(durations.minutes(stored))  # None until saved as finished
    # Records this game sets, against the earlier games of its game (stored summaries: nothing rescored).
    news = game_log.records_news(game_log.announcements(app, stored)) if result.decided else []
    # A saved game shown at /history/<id> while someone edits it: its details belong to that edit.
    edited_elsewhere = not editing and not in_progress and app.store.editing(game_id) is not None

    def save(e) -> None:
        try:
            app.hub.finish(game_id)
        except (StoreWriteError, ValueError) as err:  # said in words; the saved game is unchanged
            app.notify(str(err), error=True)
            return
        app.go(f"/history/{route_id(game_id)}")

    def rematch(e) -> None:
        app.go(f"/play/{route_id(app.store.create(scoring.rematch(stored.record)).id)}")

    def cancel_edit(e) -> None:
        try:
            app.hub.cancel_edit(game_id)
        except StoreWriteError as err:
            app.notify(str(err), error=True)
            return
        app.go(f"/history/{route_id(game_id)}")

    def delete(e) -> None:
        try:
            removed = app.store.delete(game_id)
        except StoreWriteError as err:
            app.notify(str(err), error=True)
            return
        app.go("/")
        if removed is not None:

            def undo(e: ft.Event[ft.SnackBar]) -> None:
                app.store.restore(removed)
                app.go(f"/history/{route_id(removed.id)}")

            app.page.show_dialog(
                ft.SnackBar(
                    ft.Text(f"Deleted the game of {game_screens.title(removed.game)}."),
                    action="Undo",
                    on_action=undo,
                    duration=8000,
                )
            )

    actions: list[ft.Control] = []
    seat = app.guest.player if app.guest and app.guest.game == game_id else None
    if seat:  # a player's phone: back to its seat; saving and editing are the table host's
        actions.append(
            ft.OutlinedButton(
                "Back to my cards",
                icon=ft.Icons.ARROW_BACK,
                height=48,
                visible=in_progress,
                on_click=lambda e: app.go(join.seat_route(app.invites.code_for(game_id), seat)),
            )
        )
    elif in_progress:
        actions.append(
            ft.OutlinedButton("Back to game", icon=ft.Icons.ARROW_BACK, height=48, on_click=lambda e: app.go(f"/play/{route_id(game_id)}"))
        )
        actions.append(
            ft.FilledButton(
                "Save changes" if editing else "Save result",
                icon=ft.Icons.SAVE,
                height=48,
                disabled=not result.decided,
                tooltip=None if result.decided else "Not decided yet: the game goes on.",
                on_click=save,
            )
        )
        if editing:
            actions.append(ft.OutlinedButton("Cancel changes", icon=ft.Icons.UNDO, height=48, on_click=cancel_edit))
    else:
        actions.append(ft.OutlinedButton("Edit", icon=ft.Icons.EDIT, height=48, on_click=lambda e: app.go(f"/play/{route_id(game_id)}")))
        actions.append(ft.OutlinedButton("Delete", icon=ft.Icons.DELETE, height=48, on_click=delete))
        actions.append(
            ft.OutlinedButton(
                "Export for BG Stats",
                icon=ft.Icons.IOS_SHARE,
                height=48,
                on_click=lambda e: app.page.run_task(import_export.bgstats_download, app, game_id),
            )
        )
    if result.decided:  # a player's phone too: each player can log the play in their own BG Stats
        actions += game_log.bg_stats_actions(app, stored)
    actions += sharing(app, stored.game, result, day, took)
    if not seat:
        actions.append(ft.FilledButton("Rematch", icon=ft.Icons.REPLAY, height=48, on_click=rematch))

    # Leaving the Results of a complete game that is not saved asks first: a finished table must not
    # leave it among the games in progress without a word. (A player's phone cannot save: it just goes.)
    must_ask = not seat and complete(stored)

    def leave(e) -> None:
        if must_ask:
            ask_before_leaving(app, stored, route_under(app), in_progress_list.discard)
        else:
            app.go(route_under(app))

    async def confirm_pop(e) -> None:  # the system's Back (a phone's gesture) while the question is due
        await e.control.confirm_pop(False)
        leave(e)

    sheet = round_by_round(stored.record, result)
    half: ft.ResponsiveNumber = {"xs": 12, "md": 6}
    body = ft.Column(
        [
            ft.Text(f"{game_screens.title(stored.game)} · {day}" + (f" · {took}" if took else ""), size=13),
            ft.Text(headline, theme_style=ft.TextThemeStyle.HEADLINE_SMALL, weight=ft.FontWeight.BOLD),
            ft.Row(
                [ft.Text("Winner:"), ft.Semantics(identifier="winner", content=ft.Text(winners or "none yet", weight=ft.FontWeight.BOLD))]
            ),
            *news,
            # Side by side from a tablet's width (md), one above the other on a phone.
            ft.ResponsiveRow(
                [
                    ft.Column([places(result), *[ft.Text(s, italic=True) for s in result.explanations]], col=half if sheet else 12),
                    *([ft.Column(sheet, col=half)] if sheet else []),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
            ft.Row(actions, wrap=True),
            game_log.details_panel(
                app,
                game_id,
                stored.record,
                editable=not seat and not edited_elsewhere,
                note="Being edited: change where and notes on the edit." if edited_elsewhere else "",
            ),
            section("How every point was scored"),
            ft.Row([breakdown_card(result, p) for p in stored.players], wrap=True, vertical_alignment=ft.CrossAxisAlignment.START),
        ],
        spacing=10,
    )
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            leading=ft.IconButton(
                icon=ft.Icon(ft.Icons.ARROW_BACK, semantics_label="Back"), tooltip="Back", width=TAP, height=TAP, on_click=leave
            ),
            title=ft.Text("Results"),
        ),
        controls=[ft.Container(body, padding=8)],
        scroll=ft.ScrollMode.AUTO,
        can_pop=not must_ask,
        on_confirm_pop=confirm_pop,
    )
