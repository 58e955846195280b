"""Tonight: the latest game night (services/evenings.py groups the history into evenings) — every game
with its winner, the standings across the evening, "Copy recap" and "Save image" like a single game's
results, and "New game night" (the next game starts a new evening, whatever the gap).

Drawn from the store: it subscribes to the history and the settings (the new-night marks live there),
so a game saved, edited or deleted anywhere shows at once. Home carries a card linking here."""

from __future__ import annotations

from datetime import datetime

import flet as ft

from companion.language import N_, _, day, ngettext, spoken
from companion.services import card_layout, evening_card, evenings, topics
from companion.services.games import StoreWriteError, route_id
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import bar_title, place_width, section, short_name
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.list_row import list_row
from companion.ui.widgets.navigation import back_button
from scoring.fields import join_names

ROUTE = "/tonight"
POINTS_SAID = N_(
    "Points: each game gives score ÷ that game's best score, or the best score ÷ score where the lowest total wins "
    "(the winner's 1.00; a negative score counts as 0; where the best score is not above 0, the best get 1.00), "
    "so every game weighs the same."
)


def latest(app: App, games: list | None = None) -> evenings.Evening | None:
    """The latest game night of the games played by now (one dated after now is never tonight's)."""
    return evenings.latest(app.games.finished() if games is None else games, app.remembered.night_marks())


def heading(evening: evenings.Evening, now: datetime | None = None) -> str:
    """'Tonight' while the evening may go on (its last game ended less than the threshold ago), else its
    day; an evening that starts after now (a date typo) is never tonight."""
    now = now or datetime.now().astimezone()
    ongoing = evening.start <= evenings.horizon(now) and now - evening.end < evenings.THRESHOLD
    return _("Tonight") if ongoing else _("Game night of {day}").format(day=day(evening.day))


def written_day(game) -> str:
    """The day a game's date was written with (its played_at as stored: this machine may not place it)."""
    written = game.record.get("played_at")
    return written[:10] if isinstance(written, str) else game.played_at[:10]


def left_out(app: App, games: list) -> list[ft.Control]:
    """Games dated after now, said (they are in no game night) and one tap from their page in the history."""
    if not games:
        return []
    said = ft.Text(
        ngettext(
            "Not in any game night: {count} game dated after now (a typo in the date?).",
            "Not in any game night: {count} games dated after now (a typo in the date?).",
            len(games),
        ).format(count=len(games)),
        size=13,
        italic=True,
    )
    tiles = [
        list_row(
            _("{game}, dated {day}").format(game=g.title, day=day(written_day(g))),
            ", ".join(short_name(p, 24) for p in g.players),
            on_click=lambda e, g=g: app.go(f"/history/{route_id(g.id)}"),
            key=f"after-now:{g.id}",
            leading=ft.Icon(ft.Icons.EVENT_BUSY),
        )
        for g in games[:3]
    ]
    return [ft.Semantics(identifier="after-now", container=True, content=ft.Column([said, *tiles], spacing=2))]


def new_night(app: App) -> None:
    try:
        app.remembered.mark_new_night(datetime.now().astimezone())
    except StoreWriteError as err:
        app.notify(str(err), error=True)
        return
    app.notify(_("A new game night starts with the next game."))


def game_tile(app: App, game) -> ft.Control:
    return list_row(
        evenings.game_line(game),
        game.played_at[11:16],
        on_click=lambda e: app.go(f"/history/{route_id(game.id)}"),
        key=f"tonight:{game.id}",
        leading=ft.Icon(game_screens.icon(game.game), color=game_screens.seed(game.game)),
    )


def standings_table(evening: evenings.Evening, text_scale: float) -> ft.Control:
    rows: list[ft.Control] = []
    for s in evenings.standings(evening):
        place, player, figures = evenings.standing_line(s)
        # A name and its figures stacked: nothing is cut at 360 px (an expanding child in a wrapping Row
        # is a layout error in Flutter: the screen went grey).
        rows.append(
            ft.Row(
                [
                    ft.Text(spoken(place), width=place_width(text_scale)),
                    ft.Column(
                        [ft.Text(short_name(player, 30), weight=ft.FontWeight.BOLD), ft.Text(figures, size=13)], spacing=0, expand=True
                    ),
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
            )
        )
    return ft.Semantics(identifier="evening-standings", container=True, content=ft.Column(rows, spacing=6))


def sharing(app: App, evening: evenings.Evening) -> list[ft.Control]:
    from companion.ui.views import import_export

    async def save_image(e) -> None:
        name = f"tableside-game-night-{evening.day}.png"
        await import_export.download(app, name, evening_card.evening_png(evening))
        app.notify(_("Image saved as {file}: every game and every player's score.").format(file=name))  # the browser's download says little

    return [
        ft.OutlinedButton(
            _("Copy recap"),
            icon=ft.Icons.CONTENT_COPY,
            height=48,
            action=ft.CopyToClipboard(evenings.recap_text(evening)),  # copied inside the tap (Safari allows it only there)
            on_click=lambda e: app.notify(_("Recap copied: paste it in a message.")),
            style=focus_style(),
        ),
        *(
            [ft.OutlinedButton(_("Save image"), icon=ft.Icons.IMAGE, height=48, on_click=save_image, style=focus_style())]
            if card_layout.available()
            else []
        ),
    ]


@ft.component
def view(app: App) -> ft.View:
    use_changes(app, topics.HISTORY, topics.SETTINGS)
    games = app.games.finished()
    evening = latest(app, games)
    future = evenings.after_now(games)
    body: list[ft.Control]
    if evening is None:
        body = [ft.Text(_("No game yet tonight: the games saved from now on are this game night's."), italic=True)]
    else:
        body = [
            ft.Text(evenings.title(evening), theme_style=ft.TextThemeStyle.TITLE_MEDIUM),
            section(_("Games")),
            *[game_tile(app, g) for g in evening.games],
            section(_("Standings")),
            standings_table(evening, app.text_scale),
            ft.Text(_(POINTS_SAID), size=12, italic=True),
            ft.Row(sharing(app, evening), wrap=True),
        ]
    body.append(
        ft.TextButton(
            _("New game night"),
            icon=ft.Icons.NIGHTLIGHT_ROUND,
            height=48,
            on_click=lambda e: new_night(app),
            visible=evening is not None,
            style=focus_style(),
        )
    )
    body += left_out(app, future)
    return ft.View(
        route=ROUTE,
        appbar=ft.AppBar(leading=back_button(app), title=bar_title(heading(evening) if evening else _("Tonight"))),
        controls=[ft.Column(body, spacing=8, width=720)],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


@ft.memo
@ft.component
def HomeCard(app: App, covered: bool = False) -> ft.Control:
    """Home's link to Tonight: the latest evening in one line. A memoised part with its own subscription:
    Home redraws for every change of a game in progress, this only when the history or the settings change."""
    version = use_changes(app, topics.HISTORY, topics.SETTINGS, active=not covered)
    evening = ft.use_memo(lambda: latest(app), [version])
    if evening is None:
        return ft.Container(visible=False)
    rows = evenings.standings(evening)
    first = [short_name(s.player) for s in rows if s.place == 1]
    wins, names = rows[0].wins, spoken(join_names(first))
    if len(first) == 1:
        lead = ngettext("{player} leads with {count} win", "{player} leads with {count} wins", wins).format(player=names, count=wins)
    else:
        lead = ngettext("{players} lead with {count} win", "{players} lead with {count} wins", wins).format(players=names, count=wins)
    games = ngettext("{count} game", "{count} games", len(evening.games)).format(count=len(evening.games))
    return ft.Card(
        list_row(
            heading(evening),
            f"{games} · {lead}",
            on_click=lambda e: app.go(ROUTE),
            leading=ft.Icon(ft.Icons.NIGHTLIGHT_ROUND),
            trailing=ft.Icon(ft.Icons.CHEVRON_RIGHT),
            bold=True,
        ),
        key="tonight-card",
    )
