"""Home: resume (or discard) a game in progress, start one of the five games, see the latest results.

A component drawn from the store: it subscribes to the games in progress, the history and the
settings, so what another session (or an undo) changes shows here without a reload."""

from __future__ import annotations

import flet as ft

import scoring
from companion.language import _, day, spoken
from companion.services import topics
from companion.services.games import StoredGame, route_id
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.views import in_progress, tonight
from companion.ui.views.setup import tap_size
from companion.ui.widgets.controls import heading, icon_button, screen_title, selectable, standings
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.list_row import detail, list_row
from companion.ui.widgets.navigation import navigation_bar

LATEST = 5


def summary(game: StoredGame) -> str:
    """'Mia 26 · Noah 16' with the leader first, from the summary stored with the finished game
    (Home is drawn again after every change of a game in progress: nothing is rescored for it)."""
    if game.summary is None:
        return standings(game.players)
    return standings(game.players, game.summary["ranking"], game.summary["totals"])


def game_tile(app: App, key: str) -> ft.Control:
    """A new game of `key`; for a game named per record (the score pad) "Another game", with the names played lately."""
    rules = scoring.GAMES[key]
    title, subtitle = rules.title, spoken(rules.player_counts)
    if rules.variant_title is not None:
        lately = [rules.display_title(s.variant) for s in app.remembered.recent_setups(key)]
        title, subtitle = _("Another game"), ", ".join(lately) or _("Any game, on a score pad")
    return ft.Card(
        list_row(
            title,
            detail(subtitle, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
            on_click=lambda e: app.go(f"/setup/{key}"),
            leading=ft.Icon(game_screens.icon(key), color=game_screens.seed(key)),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            bold=True,
        ),
    )


def recovery_notice(app: App, dismiss) -> ft.Control:
    """What the store repaired at start-up (a damaged file moved aside, a backup restored), until dismissed."""
    return ft.Semantics(
        identifier="recovery",
        container=True,
        live_region=True,
        content=ft.Card(
            ft.Container(
                ft.Column(
                    [
                        ft.Row(
                            [
                                ft.Icon(ft.Icons.WARNING_AMBER, color=ft.Colors.ERROR),
                                ft.Text(_("About your saved data"), weight=ft.FontWeight.BOLD),
                            ]
                        ),
                        *[selectable(m) for m in app.remembered.notices() if m not in app.recovery_seen],
                        ft.TextButton(_("OK"), on_click=dismiss, style=focus_style()),
                    ],
                    spacing=8,
                ),
                padding=16,
            )
        ),
    )


@ft.component
def view(app: App, covered: bool = False) -> ft.View:
    use_changes(app, topics.LIVE, topics.HISTORY, topics.SETTINGS, active=not covered)
    __, set_seen = ft.use_state(frozenset(app.recovery_seen))  # what this session has read (App keeps it for later visits)

    def dismiss(e) -> None:
        app.recovery_seen |= set(app.remembered.notices())  # this session has read them
        app.remembered.notices_read()  # kept until someone reads it: a start cut short told no one
        set_seen(frozenset(app.recovery_seen))

    finished = app.games.finished(limit=LATEST)
    controls: list[ft.Control] = []
    if set(app.remembered.notices()) - app.recovery_seen:  # start-up repairs, a failed backup: until this session dismisses them
        controls.append(recovery_notice(app, dismiss))
    controls.append(in_progress.listing(app, in_progress.HOME_LATEST))  # first: a game to go back to (hidden when none)
    controls.append(heading(ft.Text(_("New game"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM)))
    controls += [game_tile(app, key) for key in game_screens.ordered()]
    controls.append(tonight.HomeCard(app, covered))  # the latest game night, a link to Tonight
    if finished:
        controls.append(heading(ft.Text(_("Latest results"), theme_style=ft.TextThemeStyle.TITLE_MEDIUM)))
        controls += [
            list_row(
                g.title,
                f"{day(g.finished_at or g.played_at)} · {summary(g)}",
                on_click=lambda e, g=g: app.go(f"/history/{route_id(g.id)}"),
                key=f"latest:{g.id}",
                leading=ft.Icon(game_screens.icon(g.game), color=game_screens.seed(g.game)),
            )
            for g in finished
        ]
    return ft.View(
        route="/",
        appbar=ft.AppBar(
            title=screen_title("Tableside"),
            actions=[tap_size(icon_button(ft.Icons.SETTINGS, _("Settings"), lambda e: app.go("/settings")))],
        ),
        navigation_bar=navigation_bar(app, "/"),
        controls=[ft.Column(controls, spacing=8, width=640)],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
