"""Ratings per game on screen (services/ratings.py computes them): a player's rating at each game on
their page, every rated player of each game in Statistics, and "How ratings work", help in plain
words inside the app (docs/ratings.md says the same for readers of the docs)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import flet as ft

from companion.language import N_, _, decimal, ngettext, spoken
from companion.services import game_groups, ratings
from companion.ui import games as game_screens
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import section, selectable, short_name
from scoring.fields import ordinal
from scoring.record import GameIdentity

if TYPE_CHECKING:
    from companion.ui.session import App

TOP = 10  # players listed per game in Statistics; a bigger group is said in numbers, each page has its own
HELP_LABEL = N_("How ratings work")
SAID = N_(
    "Rating: a cautious estimate of skill at that game. Everyone starts at 0; a win raises it, a loss lowers it "
    "(below 0 after early losses is normal). Provisional: its first few games, while it still moves a lot."
)
HELP = (
    N_("Each game has its own ratings: being good at Lost Cities says nothing about CGT."),
    N_(
        "Only places count: first, second and so on, from every finished game with two or more players. "
        "Winning by 2 or by 60 counts the same; players level after every tiebreak count as a tie."
    ),
    N_("Beating players rated above you raises your rating more than beating newcomers; losing to them costs less."),
    N_(
        "The number is cautious: it is the skill the games show, minus a margin for how uncertain that still is. "
        "Everyone starts at 0. Early on the margin is large, so a first loss takes a rating below 0 "
        "(after one two-player game the loser has about −1.8, the winner about 3.4), and even a win raises it only a little."
    ),
    N_(
        "Every game played shrinks the margin. Until it is small enough, about the first four games at that game, "
        "the rating is marked provisional: it can still change a lot."
    ),
    N_('"2nd of 5" is a player\'s place by rating among everyone rated at that game.'),
    N_("Ratings follow the history: an edited, deleted or imported game, a rename or a merge changes them at once."),
    N_("The ratings use openskill's Plackett-Luce model, made for games of any number of players."),
)


WORKING = N_("Ratings are being worked out for the whole history (a long one takes a few seconds)…")

AllRatings = dict[GameIdentity, dict[str, ratings.Rating]]


def use_ratings(app: App, history: int) -> AllRatings | None:
    """The history's ratings for a screen (kept once per change: kept_figures); None while the figures'
    worker is rating a long history: the screen says so and draws them once the worker is done."""
    kept = app.games.figures()
    now = kept.ratings_now()
    __, set_ready = ft.use_state(0)

    async def wait_for_them() -> None:
        if now is None:
            await asyncio.to_thread(kept.ratings)  # waits for the worker, off the event loop
            set_ready(lambda n: n + 1)

    ft.use_effect(wait_for_them, [history, now is None])
    return now


def working() -> list[ft.Control]:
    return [section(_("Ratings")), ft.Text(_(WORKING), italic=True)]


def games_said(n: int) -> str:
    return ngettext("{count} rated game", "{count} rated games", n).format(count=n)


def rating_said(r: ratings.Rating) -> str:
    """ "12.4", or "−1.8 (provisional)" while its first few games leave it uncertain."""
    return _("{rating} (provisional)").format(rating=decimal(r.shown)) if r.provisional else decimal(r.shown)


def player_ratings(app: App, all_ratings: AllRatings | None, player: str) -> list[ft.Control]:
    """The "Ratings" section of a player's page; nothing when they have no rated game."""
    if all_ratings is None:
        return working()
    mine = ratings.of_player(all_ratings, player)
    if not mine:
        return []
    kept = app.games.figures()
    rows: list[ft.Control] = []
    for game in game_groups.ordered(mine, game_screens.ordered(), kept.titles()):
        r, field = mine[game], all_ratings[game]
        rows.append(
            ft.Text(
                _("{game}: {rating} · {place} of {rated} · {games}").format(
                    game=kept.title(game),
                    rating=rating_said(r),
                    place=spoken(ordinal(ratings.place_among(field, player))),
                    rated=len(field),
                    games=games_said(r.games),
                )
            )
        )
    return [section(_("Ratings")), ft.Semantics(identifier="player-ratings", container=True, content=ft.Column(rows, spacing=4)), hint(app)]


def how_many(shown: int, rated: int) -> str:
    if shown == rated:
        return ngettext("All {count} rated player", "All {count} rated players", rated).format(count=rated)
    return _("The {shown} highest of {rated} rated players (each player's page shows their own)").format(shown=shown, rated=rated)


def top_rated(app: App, all_ratings: AllRatings | None, columns: dict) -> list[ft.Control]:
    """The "Top rated" section of Statistics: each game's rated players, best first (the `TOP` best of a bigger group)."""
    if all_ratings is None:
        return working()
    kept = app.games.figures()
    cards: list[ft.Control] = []
    for game in game_groups.ordered(all_ratings, game_screens.ordered(), kept.titles()):
        field = all_ratings[game]
        best = ratings.top(field, TOP)
        rows: list[ft.Control] = [
            ft.Text(kept.title(game), weight=ft.FontWeight.BOLD, size=16),
            ft.Text(how_many(len(best), len(field)), size=12, italic=True),
        ]
        rows += [
            ft.Text(
                # Translators: a row of the best rated, "2nd  Ana  3.4 (5 games)"
                _("{place}  {player}  {rating} ({games})").format(
                    place=spoken(ordinal(ratings.place_among(field, r.player))),
                    player=short_name(r.player),
                    rating=decimal(r.shown),
                    games=details(r),
                )
            )
            for r in best
        ]
        cards.append(
            ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=12), col=columns, key=f"top-rated:{game_groups.text_key(game)}")
        )
    if not cards:
        return []
    return [
        section(_("Top rated")),
        ft.Semantics(identifier="top-rated", container=True, content=ft.ResponsiveRow(cards, spacing=8, run_spacing=8)),
        hint(app),
    ]


def details(r: ratings.Rating) -> str:
    return _("{games}, provisional").format(games=games_said(r.games)) if r.provisional else games_said(r.games)


def show_help(app: App) -> None:
    app.page.show_dialog(
        ft.AlertDialog(
            title=ft.Text(_(HELP_LABEL)),
            content=ft.Column(
                [selectable(_(paragraph)) for paragraph in HELP], scroll=ft.ScrollMode.AUTO, tight=True, spacing=10, width=560
            ),
            actions=[ft.TextButton(_("Close"), height=48, on_click=lambda e: app.page.pop_dialog(), style=focus_style())],
            scrollable=True,
        )
    )


def hint(app: App) -> ft.Control:
    """What the number means in a line, and the button that opens the help."""
    return ft.Column(
        [
            ft.Text(_(SAID), size=12, italic=True),
            ft.TextButton(_(HELP_LABEL), icon=ft.Icons.HELP_OUTLINE, height=48, on_click=lambda e: show_help(app), style=focus_style()),
        ],
        spacing=0,
    )
