"""Statistics: per game (a score pad per its title: services/game_groups.py) the plays, the best score ever
(the highest, or the lowest where the lowest total wins), average winning score and one figure of
its own; wins per player as a chart. The cards fill the width: one column on a phone, two or
three side by side on a tablet. A component drawn from the history (it subscribes to `topics.HISTORY`)."""

from __future__ import annotations

import flet as ft
import flet_charts as charts

from companion.language import _, decimal, ngettext, spoken
from companion.services import history_figures, topics
from companion.services.player_colours import player_colour
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.widgets.chart_axis import integer_axis
from companion.ui.widgets.controls import screen_title, section, short_name
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.navigation import navigation_bar
from companion.ui.widgets.rating_parts import top_rated, use_ratings

CHART_PLAYERS = 10
CARD_COLUMNS: dict[str | ft.ResponsiveRowBreakpoint, int | float] = {
    "xs": 12,
    "sm": 6,
    "lg": 4,
}  # of 12: one card a row on a phone, 2 on a tablet, 3 wider


def game_card(figures: history_figures.GameStats) -> ft.Control:
    rows: list[ft.Control] = [
        ft.Text(figures.title, weight=ft.FontWeight.BOLD, size=16),
        ft.Text(ngettext("{count} game played", "{count} games played", figures.plays).format(count=figures.plays)),
    ]
    if figures.best:
        rows.append(ft.Text(spoken(figures.best.words(short_name))))
    if figures.average_winning_score is not None:
        # Rounded as before (format's), in the reader's digits; a negative one with the hyphen as before.
        average = decimal(float(f"{figures.average_winning_score:.1f}"), 1).replace("\u2212", "-")
        rows.append(ft.Text(_("Average winning score: {score}").format(score=average)))
    # A game's own figures are worked out once for every session (history_figures.special_figures): said here.
    rows += [ft.Text(_("{figure}: {value}").format(figure=spoken(what), value=spoken(value))) for what, value in figures.special]
    return ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=12), col=CARD_COLUMNS)


def wins_chart(wins: list[tuple[str, int]]) -> ft.Control:
    wins = wins[:CHART_PLAYERS]
    top = max((n for unused, n in wins), default=1)
    chart = charts.BarChart(
        groups=[
            charts.BarChartGroup(
                x=i, rods=[charts.BarChartRod(from_y=0, to_y=n, width=22, color=player_colour(name), tooltip=f"{name}: {n}")]
            )
            for i, (name, n) in enumerate(wins)
        ],
        bottom_axis=charts.ChartAxis(
            label_size=36,
            labels=[charts.ChartAxisLabel(value=i, label=ft.Text(short_name(name, 6), size=12)) for i, (name, unused) in enumerate(wins)],
        ),
        left_axis=integer_axis(0, top + 1),  # wins are whole: 0, 1, 2…, never 0.5
        max_y=top + 1,
    )
    summary = ", ".join(f"{name} {n}" for name, n in wins)
    # padding: room for the last bar's label, which the chart draws centred under the bar
    return ft.Semantics(
        label=_("Wins per player: {summary}").format(summary=summary),
        exclude_semantics=True,  # the summary says it all: the axis' labels are not read apart
        content=ft.Container(chart, height=240, padding=ft.Padding.only(right=16)),
    )


@ft.component
def view(app: App) -> ft.View:
    history = use_changes(app, topics.HISTORY)
    kept = app.games.figures()  # the history's figures and ratings, worked out once per change for every session
    wins = kept.wins_per_player()
    body: list[ft.Control] = [
        section(_("By game")),
        ft.ResponsiveRow(
            [game_card(kept.game_stats(game, game_screens.screen(game[0]).statistic)) for game in kept.shown(game_screens.ordered())],
            spacing=8,
            run_spacing=8,
        ),
        *top_rated(app, use_ratings(app, history), CARD_COLUMNS),
        section(_("Wins per player")),
        wins_chart(wins) if wins else ft.Text(_("No finished game yet."), italic=True),
    ]
    return ft.View(
        route="/stats",
        appbar=ft.AppBar(title=screen_title(_("Statistics"))),
        navigation_bar=navigation_bar(app, "/stats"),
        controls=[ft.Column(body, spacing=10)],
        scroll=ft.ScrollMode.AUTO,
    )
