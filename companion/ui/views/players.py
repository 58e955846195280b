"""Players: the roster, and each player's figures, head-to-head, streak and scores over time;
rename (the history follows) and merge two names that are the same person.

Components drawn from the store: both subscribe to the history and the games in progress (a
player's name comes from either), so a rename or a merge made in any session shows at once."""

from __future__ import annotations

import flet as ft
import flet_charts as charts

from companion.language import _, day, decimal, ngettext, percent, spoken
from companion.services import history_figures, topics
from companion.services.games import route_id
from companion.services.player_colours import player_colour
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.views import game_log
from companion.ui.widgets.chart_axis import WholeScale
from companion.ui.widgets.controls import bar_title, named, screen_title, section, selectable, short_name
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.list_row import list_row
from companion.ui.widgets.navigation import back_button, navigation_bar
from companion.ui.widgets.rating_parts import player_ratings, use_ratings
from scoring import number
from scoring.names import MAX_NAME, clean_name, name_problem


def games_said(n: int) -> str:
    return ngettext("{count} game", "{count} games", n).format(count=n)


def wins_said(n: int) -> str:
    return ngettext("{count} win", "{count} wins", n).format(count=n)


def player_route(name: str) -> str:
    return "/players/" + route_id(name)


PAGE = 50  # names drawn at a time: a club's history can hold hundreds of players


@ft.component
def roster(app: App, covered: bool = False) -> ft.View:
    history = use_changes(app, topics.HISTORY, active=not covered)
    use_changes(app, topics.LIVE, active=not covered)  # a name of a game in progress is listed too
    shown, set_shown = ft.use_state(PAGE)
    kept = app.games.figures()

    def lines() -> dict[str, str]:
        return {
            name: _("{games}, {wins}, last {day}").format(
                games=games_said(line.plays), wins=wins_said(line.wins), day=day(line.last_played)
            )
            for name, line in kept.roster().items()
        }

    # The figures change with the history only, and are worked out once per change for every session
    # (kept_figures): a card tapped in a game elsewhere redraws the names alone. Under a player's page
    # only the names are drawn: nobody sees the figures there, and going back draws them on top afresh.
    figures_said = ft.use_memo(lambda: {} if covered else lines(), [history, covered])
    names = kept.players()
    tiles: list[ft.Control] = []
    for name in names[:shown]:
        line = "" if covered else figures_said.get(name, _("no finished game yet"))
        tiles.append(
            list_row(
                short_name(name, 40),
                line,
                on_click=lambda e, n=name: app.go(player_route(n)),
                key=name,
                leading=ft.Icon(ft.Icons.PERSON, color=player_colour(name)),
            )
        )
    if len(names) > shown:
        more = min(PAGE, len(names) - shown)
        tiles.append(
            ft.Row(
                [
                    ft.Text(
                        # The plural agrees with those shown ("50 joueurs affichés sur 120"): never fewer than PAGE.
                        ngettext("{shown} of {count} players shown", "{shown} of {count} players shown", shown).format(
                            shown=shown, count=len(names)
                        ),
                        italic=True,
                    ),
                    ft.OutlinedButton(
                        _("Show {count} more").format(count=more),
                        height=48,
                        on_click=lambda e: set_shown(lambda n: n + PAGE),
                        style=focus_style(),
                    ),
                ],
                wrap=True,
                key="more",
            )
        )
    return ft.View(
        route="/players",
        appbar=ft.AppBar(title=screen_title(_("Players"))),
        navigation_bar=navigation_bar(app, "/players"),
        controls=[ft.Column(tiles or [ft.Text(_("Nobody has played yet."), italic=True)], width=720)],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def by_game(figures: history_figures.PlayerStats) -> ft.Control:
    """Each game's figures as a small card (a score pad per its title): the figures wrap inside it, so nothing is
    cut at 360 px (a seven-column table was, after "Win"), and on a tablet the cards sit side by side. Best and
    worst as the game ranks: where the lowest total wins, the best is the lowest."""
    cards: list[ft.Control] = []
    for game, f in figures.by_game.items():
        pairs = (
            (_("Plays"), f.plays),
            (_("Wins"), f.wins),
            (_("Win rate"), percent(f.win_rate)),
            (_("Average"), decimal(float(f"{f.average:.1f}"), 1)),  # rounded as number(…, ".1f") was, in the reader's digits
            (_("Best"), number(f.best)),
            (_("Worst"), number(f.worst)),
        )
        cards.append(
            ft.Card(
                ft.Container(
                    ft.Column(
                        [
                            ft.Row(
                                [
                                    ft.Icon(game_screens.icon(game[0]), color=game_screens.seed(game[0]), size=20),
                                    ft.Text(f.title, weight=ft.FontWeight.BOLD, expand=True),
                                ]
                            ),
                            ft.Row(
                                [
                                    ft.Text(
                                        spans=[ft.TextSpan(f"{what} "), ft.TextSpan(str(value), ft.TextStyle(weight=ft.FontWeight.BOLD))]
                                    )
                                    for what, value in pairs
                                ],
                                wrap=True,
                                spacing=14,
                                run_spacing=2,
                            ),
                        ],
                        spacing=4,
                    ),
                    padding=12,
                ),
                col={"xs": 12, "md": 6},
            )
        )
    return ft.ResponsiveRow(cards, spacing=8, run_spacing=8)


RIVALS = 12  # opponents listed at first, those met most: a club's regular can have met a hundred


def head_to_head(figures: history_figures.PlayerStats, everyone: bool, show_all) -> list[ft.Control]:
    rivals = figures.head_to_head if everyone else figures.head_to_head[:RIVALS]
    lines: list[ft.Control] = [
        ft.Text(
            _("vs {opponent}: {games}, ahead in {ahead}, behind in {behind}").format(
                opponent=short_name(h.opponent, 30), games=games_said(h.games), ahead=h.ahead, behind=h.behind
            )
        )
        for h in rivals
    ]
    if len(rivals) < len(figures.head_to_head):
        lines.append(
            ft.TextButton(
                _("Show all {count} opponents ({shown} met most shown)").format(count=len(figures.head_to_head), shown=len(rivals)),
                height=48,
                on_click=show_all,
                style=focus_style(),
            )
        )
    return lines


CHART_GAMES = 100  # the latest games of each game the chart draws: a point is a control sent to the phone


def scores_chart(figures: history_figures.PlayerStats) -> ft.Control:
    series, low, high, longest = [], 0, 0, 1
    cut = any(len(points) > CHART_GAMES for points in figures.scores_over_time.values())
    # The axis' title: "the last 100 games, oldest first" once some game has more points than the chart draws.
    axis = (
        ngettext("the last {count} game, oldest first", "the last {count} games, oldest first", CHART_GAMES).format(count=CHART_GAMES)
        if cut
        else _("games, oldest first")
    )
    for game, points in figures.scores_over_time.items():
        values = [score for unused, score in points[-CHART_GAMES:]]
        low, high, longest = min(low, *values), max(high, *values), max(longest, len(values))
        series.append(
            charts.LineChartData(
                points=[charts.LineChartDataPoint(i, v) for i, v in enumerate(values)],
                color=game_screens.seed(game[0]),
                stroke_width=3,
                curved=False,
                point=True,  # a single game still shows
            )
        )
    legend = ft.Row(
        [
            ft.Row(
                [
                    ft.Container(width=12, height=12, bgcolor=game_screens.seed(game[0]), border_radius=6),
                    ft.Text(figures.by_game[game].title, size=12),
                ],
                tight=True,
            )
            for game in figures.scores_over_time
        ],
        wrap=True,
    )
    # A margin around the data: the first and last points and the top one are drawn whole, not halved by the edge.
    margin = max(1, (high - low) // 10)
    bottom, top = low - (margin if low < 0 else 0), (high or 1) + margin
    scale = WholeScale(bottom, top)  # labels and grid lines from one step
    chart = charts.LineChart(
        data_series=series,
        min_x=-0.25,
        max_x=max(1, longest - 1) + 0.25,
        min_y=bottom,
        max_y=top,
        left_axis=scale.axis(label_size=44),  # scores are whole: no 0.5 on the axis
        bottom_axis=charts.ChartAxis(title=ft.Text(axis, size=12), show_labels=False),
        horizontal_grid_lines=scale.grid_lines(),
    )
    # Its text equivalent, in place of the chart's own texts (only its axis' labels were read): each game's
    # scores as drawn ("games, oldest first; Lost Cities: −40, 12, 55").
    drawn = [
        _("{figure}: {value}").format(figure=figures.by_game[game].title, value=", ".join(number(s) for unused, s in points[-CHART_GAMES:]))
        for game, points in figures.scores_over_time.items()
    ]
    return ft.Column(
        [
            ft.Semantics(
                label=_("Scores over time of {player}").format(player=figures.player),
                value="; ".join([axis, *drawn]),
                exclude_semantics=True,
                content=ft.Container(chart, height=220, padding=ft.Padding.only(right=12, top=8)),
            ),
            legend,
        ]
    )


@ft.component
def detail(app: App, encoded: str) -> ft.View:
    use_changes(app, topics.LIVE)
    history = use_changes(app, topics.HISTORY)
    kept = app.games.figures()  # worked out once per change of the history, for every session
    all_ratings = use_ratings(app, history)
    name = encoded  # the route table has decoded it

    # What this device typed, picked and was told, for the player shown: another player's page (after
    # a merge, or a link followed) starts afresh although Flet keeps the component and its state.
    def fresh(player: str) -> dict[str, str]:
        return {"player": player, "new": player, "merge": "", "message": "", "rivals": ""}

    form, set_form = ft.use_state(fresh(name))
    if form["player"] != name:
        form = fresh(name)
    new_name, merge_into = form["new"], form["merge"]
    typed: ft.MutableRef[str] = ft.use_ref(name)  # the latest typed: a tap on Rename can come before the redraw

    def set_field(field: str, value: str) -> None:
        set_form(lambda f: {**(f if f["player"] == name else fresh(name)), field: value})

    def type_name(e) -> None:
        typed.current = e.control.value or ""
        set_field("new", typed.current)

    def set_message(text: str) -> None:
        set_field("message", text)

    route = player_route(name)
    everyone = kept.players()
    figures = kept.player_stats(name)

    def rename(target: str) -> None:
        target = clean_name(target)
        problem = name_problem(target)  # the rules of setup: merging into an existing name is fine
        if problem:
            set_message(spoken(problem))
            return
        try:
            app.players_admin.rename(name, target)
        except ValueError as err:
            set_message(str(err))
            return
        set_form(fresh(target))
        app.go(player_route(target))

    def merge(e) -> None:
        other = merge_into
        if not other or other not in app.players_admin.everyone():
            return

        def confirmed(ev) -> None:
            app.page.pop_dialog()
            rename(other)

        app.page.show_dialog(
            ft.AlertDialog(
                title=ft.Text(_("Merge {player} into {other}?").format(player=name, other=other)),
                content=ft.Text(_("Every game of {player} will be {other}'s. This cannot be undone.").format(player=name, other=other)),
                actions=[
                    ft.TextButton(_("Cancel"), height=48, on_click=lambda ev: app.page.pop_dialog(), style=focus_style()),
                    ft.FilledButton(_("Merge"), height=48, on_click=confirmed, style=focus_style()),
                ],
            )
        )

    others = [p for p in everyone if p != name]
    body: list[ft.Control] = [selectable(name, theme_style=ft.TextThemeStyle.HEADLINE_SMALL)]
    if name not in everyone:  # renamed or merged in another session, or a wrong link
        body.append(ft.Text(_("No game here has a player called {player} (any more).").format(player=name), italic=True))
    elif figures is None:
        body.append(ft.Text(_("No finished game yet."), italic=True))
    else:
        body += [
            ft.Text(
                _("{games} · {wins} ({rate}) · last played {day} · current streak: {streak}").format(
                    games=games_said(figures.plays),
                    wins=wins_said(figures.wins),
                    rate=percent(figures.win_rate),
                    day=day(figures.last_played),
                    streak=figures.streak,
                )
            ),
            section(_("By game")),
            by_game(figures),
            *player_ratings(app, all_ratings, name),
            *game_log.player_records(app, name, kept.player_records(name)),
            section(_("Head to head")),
            *head_to_head(figures, everyone=form["rivals"] == "all", show_all=lambda e: set_field("rivals", "all")),
            section(_("Scores over time")),
            scores_chart(figures),
        ]
    if name in everyone:
        body += [
            section(_("Rename or merge")),
            ft.Row(
                [
                    ft.TextField(
                        label=_("New name"),
                        value=new_name,
                        on_change=type_name,
                        on_submit=lambda e: rename(e.control.value or ""),
                        width=240,
                        max_length=MAX_NAME,
                        counter="",
                    ),
                    ft.OutlinedButton(_("Rename"), height=48, on_click=lambda e: rename(typed.current or new_name), style=focus_style()),
                ],
                wrap=True,
            ),
            ft.Row(
                [
                    named(
                        ft.Dropdown(
                            label=_("Same person as…"),
                            width=240,
                            value=merge_into if merge_into in others else None,
                            options=[ft.DropdownOption(p) for p in others],
                            on_select=lambda e: set_field("merge", e.control.value or ""),
                        )
                    ),
                    ft.OutlinedButton(_("Merge"), height=48, on_click=merge, style=focus_style()),
                ],
                wrap=True,
            ),
            ft.Text(form["message"], color=ft.Colors.ERROR),
        ]
    return ft.View(
        route=route,
        appbar=ft.AppBar(leading=back_button(app), title=bar_title(short_name(name, 30))),
        controls=[ft.Column(body, spacing=10, width=960)],  # the view scrolls: one scroll, not two
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
