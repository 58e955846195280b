"""Results: who wins (or, while the game goes on, who leads), places, the tiebreak sentence and each
player's breakdown line by line.

Shown for a game in progress (saved, with where and notes, in one step: Save result), for an edit of
a saved game (Save changes / Cancel changes) and for a stored game at /history/<id> (Rematch, Edit,
and Delete apart in the app bar, with undo). One action is the screen's main one (filled); sharing
and BG Stats are text buttons under it. On a tablet everything stands in one centred column
(at most MAX_WIDTH), so a name and its total are read together.
"""

from __future__ import annotations

import asyncio

import flet as ft

import scoring
from companion.language import N_, _, spoken
from companion.language import day as said_day
from companion.services import card_layout, completion, durations, scorecard, share, topics
from companion.services.completion import complete
from companion.services.games import EDITING, IN_PROGRESS, StoredGame, StoreWriteError, route_id
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.views import game_log, import_export, join
from companion.ui.views import in_progress as in_progress_list
from companion.ui.widgets import tableau_photo
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import cut_name_tip, icon_button, place_width, screen_title, section, short_name
from companion.ui.widgets.finishing import CANCEL_CHANGES, SaveStep, ask_before_leaving, cancel_changes, still_entering
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.navigation import TAP, route_under
from companion.ui.widgets.score_sheet import score_sheet
from scoring.fields import join_names, ordinal

MAX_WIDTH = 640  # the column of a tablet's Results: a line is read at a glance
PLACES_WIDTH = 420  # a place, a name and its total close together
CARD_WIDTH = 300  # a player's breakdown: two side by side in MAX_WIDTH
COPIED = N_("Copied")
COPIED_SAID = N_("Copied: paste the result in a message.")
# What happens where BG Stats is not installed ({ways}: the "Other ways to BG Stats" button), said before the
# hand-off and after it; the _FILE sentences for a saved game, whose file can be downloaded too.
BG_STATS_MISSING = N_("If BG Stats is not installed on this device, nothing opens: scan the QR ({ways}) with the phone that has it.")
BG_STATS_MISSING_FILE = N_(
    "If BG Stats is not installed on this device, nothing opens: scan the QR ({ways}) with the phone that has it, "
    "or download the file (Export for BG Stats)."
)
HANDED_OVER = N_("Handed to BG Stats. If it is not installed here, nothing opens: use “{ways}” for the QR.")
HANDED_OVER_FILE = N_(
    "Handed to BG Stats. If it is not installed here, nothing opens: use “{ways}” for the QR or download the file (Export for BG Stats)."
)


def line_words(line: scoring.Line) -> str:
    """A line of a player's breakdown (scoring.Line's own text) with its label and formula in the reader's language."""
    label, formula = spoken(line.label), spoken(line.formula)
    if line.formula and line.formula != str(line.points):
        return f"{label}: {formula} = {scoring.number(line.points)}"
    return f"{label}: {scoring.number(line.points, '+d')}" if line.points else f"{label}: 0"


def breakdown_card(result: scoring.Result, player: str) -> ft.Control:
    rows: list[ft.Control] = [
        ft.Text(f"{short_name(player, 30)}: {scoring.number(result.totals[player])}", weight=ft.FontWeight.BOLD, size=16)
    ]
    for i, per_player in enumerate(result.breakdown, start=1):
        if len(result.breakdown) > 1:
            points = scoring.number(result.rounds[i - 1][player])
            rows.append(ft.Text(_("Round {round}: {points}").format(round=i, points=points), weight=ft.FontWeight.W_600))
        lines = per_player[player]
        rows += [ft.Text(line_words(line), size=13) for line in lines] or [ft.Text(_("nothing scored"), size=13, italic=True)]
    return ft.Card(ft.Container(ft.Column(rows, spacing=2), padding=12), width=CARD_WIDTH)


def places(result: scoring.Result, text_scale: float) -> ft.Control:
    rows: list[ft.Control] = []
    for group in result.ranking:
        for player in group:
            place = result.place_of(player)
            rows.append(
                ft.Row(
                    [
                        ft.Semantics(
                            identifier=f"place-{player}",
                            content=ft.Text(spoken(ordinal(place)), width=place_width(text_scale), weight=ft.FontWeight.BOLD),
                        ),
                        ft.Text(short_name(player, 30), expand=True, tooltip=cut_name_tip(player, 30)),
                        ft.Semantics(
                            identifier=f"total-{player}",
                            content=ft.Text(scoring.number(result.totals[player]), weight=ft.FontWeight.BOLD, size=18),
                        ),
                    ]
                )
            )
    return ft.Column(rows, spacing=4)


def standing_line(standing: share.Standing) -> ft.Control:
    """The one line on who wins or leads. The names are `winner` (a finished game) or `leader` (one
    not finished): tests and assistive tools find them; the whole line is the sentence, the line's
    name in the accessibility tree ("Ben wins!": the words around the names, read apart, came after them)."""
    style = ft.TextThemeStyle.HEADLINE_SMALL

    def words(text: str) -> ft.Control:  # said in the line's name, not again on their own
        return ft.Semantics(exclude_semantics=True, content=ft.Text(text, theme_style=style))

    parts: list[ft.Control] = [words(spoken(standing.before))] if standing.before else []
    names = spoken(join_names(standing.names))
    if standing.names:
        shown = ft.Text(names, theme_style=style, weight=ft.FontWeight.BOLD)
        parts.append(ft.Semantics(identifier="winner" if standing.final else "leader", content=shown))
    after = spoken(standing.after)
    parts.append(words(after.strip() if not standing.names else after))
    return ft.Semantics(
        identifier="standing",
        container=True,
        label=f"{spoken(standing.before)}{names}{after}".strip(),
        live_region=True,  # a guest's phone hears the lead change as the table enters
        content=ft.Row(parts, spacing=0, wrap=True),
    )


def round_by_round(stored_record: dict, result: scoring.Result) -> list[ft.Control]:
    """The paper score pad of a game played in rounds (none for a game scored once at the end)."""
    if scoring.GAMES[result.game].body != "rounds" or not result.rounds:
        return []
    names = game_screens.round_names(stored_record)  # the rules' words (Card Commons' multipliers)
    return [section(_("Round by round")), score_sheet(result, tuple(spoken(n) for n in names) if names is not None else None)]


@ft.component
def CopyResult(app: App, text: str) -> ft.Control:
    """Copy result: the browser copies inside the tap (Safari allows it only there); then the button
    says "Copied" for a moment and a snack bar (read out by screen readers) says so."""
    copied, set_copied = ft.use_state(False)

    async def back() -> None:
        await asyncio.sleep(2.5)
        set_copied(False)

    def done(e) -> None:
        set_copied(True)
        app.notify(_(COPIED_SAID))
        app.page.run_task(back)

    return ft.TextButton(
        _(COPIED) if copied else _("Copy result"),
        icon=ft.Icons.CHECK if copied else ft.Icons.CONTENT_COPY,
        height=48,
        action=ft.CopyToClipboard(text),
        on_click=done,
        style=focus_style(),
    )


def sharing(app: App, stored: StoredGame, result: scoring.Result, standing: share.Standing, took: str | None) -> list[ft.Control]:
    """Copy result (the text) and, for a finished game, Save image (a PNG scorecard drawn on the
    server, downloaded like the BG Stats export)."""
    day = said_day(stored.played_at)  # in the reader's words; the file's name keeps the ISO day

    async def save_image(e) -> None:
        await import_export.download(
            app, f"tableside-{stored.game}-{stored.played_at[:10]}.png", scorecard.scorecard_png(result, day, took, stored.title)
        )

    said = tuple(spoken(s) for s in sentences(stored, result, standing))  # as the screen shows them
    copy = CopyResult(app, share.result_text(result, day, took, standing, said, stored.title))
    if not standing.final or not card_layout.available():  # the image says who won; Pillow draws it (not in a browser)
        return [copy]
    return [copy, ft.TextButton(_("Save image"), icon=ft.Icons.IMAGE, height=48, on_click=save_image, style=focus_style())]


def bg_stats(app: App, stored: StoredGame, with_file: bool) -> list[ft.Control]:
    """Log to BG Stats, its other ways (the QR), the file for a saved game, and what happens where BG
    Stats is not installed: a browser cannot tell, so it is said before and after the hand-off."""
    buttons = game_log.bg_stats_actions(app, stored, button=ft.TextButton)
    ways = _(game_log.OTHER_WAYS)
    missing = _(BG_STATS_MISSING_FILE if with_file else BG_STATS_MISSING).format(ways=ways)
    handed = _(HANDED_OVER_FILE if with_file else HANDED_OVER).format(ways=ways)
    log = buttons[0]
    if isinstance(log, ft.TextButton):  # the link opens inside the tap; then the words, whatever happened
        log.on_click = lambda e: app.notify(handed)
    if with_file:
        buttons.append(
            ft.TextButton(
                _("Export for BG Stats"),
                icon=ft.Icons.IOS_SHARE,
                height=48,
                on_click=lambda e: app.page.run_task(import_export.bgstats_download, app, stored.id),
                style=focus_style(),
            )
        )
    said = ft.Semantics(identifier="bg-stats-missing", content=ft.Text(missing, size=13, italic=True))
    return [*buttons, said]


def standing_of(app: App, stored: StoredGame, result: scoring.Result) -> tuple[share.Standing, list[str]]:
    """Who wins (a finished game) or leads (one not finished), and the phones still entering."""
    waiting = still_entering(app, stored)
    if completion.finished(stored, waiting):
        return share.final_standing(result), waiting
    record = stored.record
    return share.provisional_standing(result, completion.anything_entered(record), completion.rounds_progress(record)), waiting


def sentences(stored: StoredGame, result: scoring.Result, standing: share.Standing) -> tuple[str, ...]:
    """The scorer's sentences, except where they speak of an end not reached: a game in rounds whose
    last round exists but is empty or still being entered is decided for the scorer ("the game is a
    draw"), not for the table."""
    if standing.final or not result.decided or completion.rounds_progress(stored.record) is None:
        return result.explanations
    return ()


def centred(control: ft.Control, width: float | None) -> ft.Control:
    """`control` at most `width` wide, in the middle of a tablet; the whole width of a phone."""
    if width is None:
        return control
    return ft.Row([ft.Container(control, width=width)], alignment=ft.MainAxisAlignment.CENTER)


@ft.component
def view(app: App, game_id: str, route: str) -> ft.View:
    # Drawn again whenever the game changes, here or on another device: edited, saved, deleted, restored.
    use_changes(app, topics.game(game_id), topics.HISTORY)
    # /results/<id> of a saved game being edited shows the edit copy; /history/<id> always the saved game.
    editing = app.games.editing(game_id) if route.startswith("/results/") else None
    stored = editing or app.games.get(game_id)
    if stored is None:
        return not_found(route, _("This game is not stored here. It may have been deleted."))
    try:
        result = scoring.score(stored.record)
    except scoring.RecordError as err:  # the store keeps only valid records: words, never a traceback, if one is not
        return not_found(route, _("This game cannot be scored as it stands: {problem}").format(problem=game_log.error_words(err)))
    in_progress = stored.status in (IN_PROGRESS, EDITING)
    standing, waiting = standing_of(app, stored, result)
    day = said_day(stored.played_at)
    took = durations.in_words(durations.minutes(stored))  # None until saved as finished
    # Records this game sets, against the earlier games of its game (stored summaries: nothing rescored).
    news = game_log.records_news(game_log.announcements(app, stored)) if standing.final and result.decided else []
    # A saved game shown at /history/<id> while someone edits it: its details belong to that edit.
    edited_elsewhere = not editing and not in_progress and app.games.editing(game_id) is not None

    def rematch(e) -> None:
        app.go(f"/play/{route_id(app.games.rematch(stored).id)}")

    def delete(e) -> None:
        try:
            removed = app.games.delete(game_id)
        except StoreWriteError as err:
            app.notify(str(err), error=True)
            return
        app.go("/")
        if removed is not None:

            def undo(e: ft.Event[ft.SnackBar]) -> None:
                app.games.restore(removed)
                app.go(f"/history/{route_id(removed.id)}")

            app.page.show_dialog(
                ft.SnackBar(
                    ft.Text(_("Deleted the game of {game}.").format(game=removed.title)),
                    action=_("Undo"),
                    on_action=undo,
                    duration=8000,
                )
            )

    seat = app.rights.guest.player if app.rights.guest and app.rights.guest.game == game_id else None
    back_to_game = ft.OutlinedButton(
        _("Back to game"), icon=ft.Icons.ARROW_BACK, height=48, on_click=lambda e: app.go(f"/play/{route_id(game_id)}"), style=focus_style()
    )
    # The main step first (one filled button), the secondary actions beside or under it.
    main: list[ft.Control] = []
    secondary: list[ft.Control] = []
    if seat:  # a player's phone: back to its seat; saving and editing are the table host's
        if in_progress:
            secondary.append(
                ft.OutlinedButton(
                    _("Back to my cards"),
                    icon=ft.Icons.ARROW_BACK,
                    height=48,
                    on_click=lambda e: app.go(join.seat_route(app.invites.code_for(game_id), seat)),
                    style=focus_style(),
                )
            )
    elif in_progress:
        main.append(SaveStep(app, stored, result.decided))
        secondary.append(back_to_game)
        if editing:
            secondary.append(
                ft.OutlinedButton(
                    _(CANCEL_CHANGES), icon=ft.Icons.UNDO, height=48, on_click=lambda e: cancel_changes(app, game_id), style=focus_style()
                )
            )
        else:
            secondary.append(ft.OutlinedButton(_("Rematch"), icon=ft.Icons.REPLAY, height=48, on_click=rematch, style=focus_style()))
    else:
        secondary.append(ft.FilledButton(_("Rematch"), icon=ft.Icons.REPLAY, height=48, on_click=rematch, style=focus_style()))
        secondary.append(
            ft.OutlinedButton(
                _("Edit"), icon=ft.Icons.EDIT, height=48, on_click=lambda e: app.go(f"/play/{route_id(game_id)}"), style=focus_style()
            )
        )

    shared = sharing(app, stored, result, standing, took)
    if result.decided:  # a player's phone too: each player can log the play in their own BG Stats
        shared += bg_stats(app, stored, with_file=not seat and not in_progress)

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

    wide = app.wide
    sheet = round_by_round(stored.record, result)
    waiting_line = ft.Semantics(
        identifier="still-entering",
        content=ft.Text(
            _("Still entering: {players}").format(players=", ".join(short_name(p) for p in waiting)), size=13, weight=ft.FontWeight.BOLD
        ),
        visible=bool(waiting),
    )
    details = (
        []
        if in_progress and not seat  # where and notes are part of the save step
        else [
            game_log.details_panel(
                app,
                game_id,
                stored.record,
                editable=not seat and not edited_elsewhere,
                note=_("Being edited: change where and notes on the edit.") if edited_elsewhere else "",
            )
        ]
    )
    said = [ft.Text(spoken(s), italic=True) for s in sentences(stored, result, standing)]
    body = ft.Column(
        [
            ft.Text(f"{stored.title} · {day}" + (f" · {took}" if took else ""), size=13),
            standing_line(standing),
            waiting_line,
            *news,
            ft.Container(ft.Column([places(result, app.text_scale), *said]), width=PLACES_WIDTH if wide else None),
            *sheet,
            *main,
            ft.Row(secondary, wrap=True),
            ft.Row(shared, wrap=True, spacing=0),
            *details,
            *tableau_photo.gallery(app, stored.record),
            section(_("How every point was scored")),
            ft.Row([breakdown_card(result, p) for p in stored.players], wrap=True, vertical_alignment=ft.CrossAxisAlignment.START),
        ],
        spacing=10,
    )
    delete_button = icon_button(ft.Icons.DELETE_OUTLINE, _("Delete"), delete)
    return ft.View(
        route=route,
        appbar=ft.AppBar(
            leading=ft.IconButton(
                icon=ft.Icon(ft.Icons.ARROW_BACK, semantics_label=_("Back")),
                tooltip=_("Back"),
                width=TAP,
                height=TAP,
                on_click=leave,
                style=focus_style(),
            ),
            title=screen_title(_("Results")),
            # Delete stands apart from Edit and Rematch (its Undo follows in a snack bar): a saved game, the host's.
            actions=[delete_button] if not seat and not in_progress else [],
        ),
        controls=[centred(ft.Container(body, padding=8), MAX_WIDTH if wide else None)],
        scroll=ft.ScrollMode.AUTO,
        can_pop=not must_ask,
        on_confirm_pop=confirm_pop,
    )
