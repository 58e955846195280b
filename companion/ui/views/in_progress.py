"""Games in progress (and saved games being edited): when each started, how far it is, who plays;
a tap on the row resumes it; Discard (with an Undo) is in the row's menu, away from that tap.
Home shows the latest few first (`listing(app, HOME_LATEST)`), /in-progress all.

Both screens subscribe to `topics.LIVE` and draw the list from the store each time: a Discard,
its Undo, a game started or saved in another session all show at once."""

from __future__ import annotations

from datetime import datetime

import flet as ft

import scoring
from companion.language import _, when
from companion.services import topics
from companion.services.completion import complete
from companion.services.games import EDITING, StoredGame, StoreWriteError, route_id
from companion.ui import games as game_screens
from companion.ui import progress as progress_words
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import screen_title, short_name, standings
from companion.ui.widgets.finishing import save
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.list_row import detail, list_row, with_controls
from companion.ui.widgets.navigation import back_button

HOME_LATEST = 3
ROUTE = "/in-progress"
UNDO_SECONDS = 8
DOT = 12  # a player's colour, a dot this wide


def when_said(moment: datetime, today: datetime | None = None) -> str:
    """'Mon 2 Mar, 20:15' (the year only when it is not this year's)."""
    today = today or datetime.now(moment.tzinfo)
    return when(moment, year=moment.year != today.year)


def progress(game: StoredGame) -> str:
    """How far the game is (companion/ui/progress.py): a round counts once every player has entered it."""
    return progress_words.progress(game)


def standing(game: StoredGame) -> str:
    """'Mia 26 · Noah 16', the leader first; just the names while the record does not score."""
    try:
        result = scoring.score(game.record)
    except scoring.RecordError:
        return standings(game.players)
    return standings(game.players, result.ranking, result.totals)


def title_of(game: StoredGame) -> str:
    started = when_said(game.when)
    if game.status == EDITING:
        return _("{game} of {started} (editing)").format(game=game.title, started=started)
    return _("{game}, started {started}").format(game=game.title, started=started)


def discard_label(game: StoredGame) -> str:
    """The Discard button's name: the game, when and who (two games started in one minute differ by players)."""
    return _("Discard {game}, {players}").format(game=title_of(game), players=", ".join(short_name(p, 24) for p in game.players))


def player_dots(game: StoredGame, dark: bool) -> ft.Control:
    """Each player's colour, as on the setup screen and the play screen (a publisher's, where the game gives one)."""
    rules = scoring.GAMES[game.game]
    try:
        choices = dict(rules.choices_of(game.record.get(rules.body)))
    except (AttributeError, TypeError):  # a damaged record still lists: the players' own colours then
        choices = {}
    colours = game_screens.screen(game.game).player_colours(list(game.players), choices, dark)
    dots = ft.Row(
        [ft.Container(width=DOT, height=DOT, border_radius=DOT / 2, bgcolor=colours[p][1], tooltip=p) for p in game.players[:8]],
        spacing=4,
        tight=True,
    )
    # Left out of the row's name: the first dot's tooltip alone made it "Ana Lost Cities, started …"
    # (the standing line already names every player).
    return ft.Semantics(content=dots, exclude_semantics=True)


def discard(app: App, game: StoredGame) -> None:
    """Drop a game in progress (or the changes of a saved game being edited), with an Undo.
    The lists redraw themselves: the store publishes the change to every screen showing it."""
    try:
        removed = app.games.discard(game)  # an edit's changes: the saved game stays as it was
    except StoreWriteError as err:
        app.notify(str(err), error=True)
        return
    if removed is None:
        return

    def undo(e) -> None:
        try:
            app.games.restore(removed)
        except StoreWriteError as err:
            app.notify(str(err), error=True)

    title = removed.title
    said = _("Discarded the changes to {game}.") if removed.status == EDITING else _("Discarded the game of {game}.")
    app.page.show_dialog(
        ft.SnackBar(
            ft.Text(said.format(game=title)),
            action=_("Undo"),
            on_action=undo,
            duration=UNDO_SECONDS * 1000,
        )
    )


def save_offer(app: App, game: StoredGame) -> ft.Control:
    """A complete game not yet saved: said, with its Save one tap away."""
    return ft.Row(
        [
            ft.Text(_("Complete, not saved"), weight=ft.FontWeight.BOLD),
            ft.FilledTonalButton(
                content=ft.Text(_("Save")),
                icon=ft.Icons.SAVE,
                height=48,
                tooltip=_("Save {game} to the history").format(game=title_of(game)),
                on_click=lambda e: save(app, game),
                style=focus_style(),
            ),
        ],
        wrap=True,
        spacing=8,
    )


def menu_label(game: StoredGame) -> str:
    """The name of a game's menu button: the game, when and who, as Discard's."""
    return _("More for {game}, {players}").format(game=title_of(game), players=", ".join(short_name(p, 24) for p in game.players))


def game_menu(app: App, game: StoredGame) -> ft.Control:
    """Discard lives in a menu at the row's end: a tap that misses the row (which resumes the game) opens
    a menu, never discards (and a Discard still has its Undo)."""
    menu = ft.PopupMenuButton(
        icon=ft.Icon(ft.Icons.MORE_VERT, semantics_label=menu_label(game)),
        tooltip=_("More"),
        items=[
            ft.PopupMenuItem(
                content=ft.Text(_("Discard"), semantics_label=discard_label(game)),
                icon=ft.Icons.DELETE_OUTLINE,
                on_click=lambda e: discard(app, game),
            )
        ],
        menu_position=ft.PopupMenuPosition.UNDER,
        width=48,
        height=48,
        style=focus_style(),
    )
    # A node of its own: the tooltip's word would otherwise lead the row's name ("More Lost Cities, …").
    return ft.Semantics(content=menu, container=True)


def entry(app: App, game: StoredGame) -> ft.Control:
    title = title_of(game)
    row = list_row(
        title,
        ft.Column([detail(progress(game)), detail(standing(game))], spacing=2, tight=True),
        on_click=lambda e: app.go(f"/play/{route_id(game.id)}"),
        key=f"in-progress:{game.id}:{game.status}",
        leading=ft.Icon(game_screens.icon(game.game), color=game_screens.seed(game.game)),
    )
    shown = with_controls(row, end=game_menu(app, game), last_line=player_dots(game, app.dark), line_height=DOT)
    if not complete(game):
        return shown
    # Under the row, not in it (no button in the row's button): at its lines' start.
    return ft.Column([shown, ft.Container(save_offer(app, game), padding=ft.Padding.only(left=56, bottom=8))], spacing=0)


def unfinished(app: App) -> list[StoredGame]:
    """Games in progress and saved games being edited, the latest change first."""
    return app.games.unfinished()


def listing(app: App, limit: int | None = None) -> ft.Column:
    """The list as stored now (drawn by a screen subscribed to `topics.LIVE`); hidden on Home with no game."""
    found = unfinished(app)
    rows: list[ft.Control] = [ft.Text(_("Games in progress"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM)]
    rows += [entry(app, g) for g in found[:limit]]
    if limit is not None and len(found) > limit:
        rows.append(
            ft.TextButton(
                _("All games in progress ({count})").format(count=len(found)),
                height=48,
                on_click=lambda e: app.go(ROUTE),
                style=focus_style(),
            )
        )
    if not found:
        rows.append(ft.Text(_("No game in progress."), italic=True))
    return ft.Column(rows, spacing=4, visible=bool(found) or limit is None)


@ft.component
def view(app: App) -> ft.View:
    use_changes(app, topics.LIVE)
    return ft.View(
        route=ROUTE,
        appbar=ft.AppBar(leading=back_button(app), title=screen_title(_("Games in progress"))),
        controls=[ft.Column([listing(app)], width=720)],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
