"""Ratings per game on screen (services/ratings.py computes them, docs/ratings.md explains them): a
player's rating at each game on their page, the top rated of each game in Statistics."""

from __future__ import annotations

import flet as ft

from companion.services import ratings
from companion.ui import game_screens
from companion.ui.widgets.controls import section, short_name
from scoring.fields import ordinal

TOP = 3
SAID = "Rating: a cautious estimate of skill at that game (openskill; it starts at 0 and rises as wins confirm it)."


def games_said(n: int) -> str:
    return f"{n} rated game{'s' * (n != 1)}"


def player_ratings(all_ratings: dict[str, dict[str, ratings.Rating]], player: str) -> list[ft.Control]:
    """The "Ratings" section of a player's page; nothing when they have no rated game."""
    mine = ratings.of_player(all_ratings, player)
    if not mine:
        return []
    rows: list[ft.Control] = []
    for key in game_screens.ordered():
        if key in mine:
            r, field = mine[key], all_ratings[key]
            rows.append(
                ft.Text(
                    f"{game_screens.title(key)}: {r.shown:.1f} · {ordinal(ratings.place_among(field, player))} of {len(field)} · "
                    f"{games_said(r.games)}"
                )
            )
    return [section("Ratings"), ft.Semantics(identifier="player-ratings", container=True, content=ft.Column(rows, spacing=4)), hint()]


def top_rated(all_ratings: dict[str, dict[str, ratings.Rating]], columns: dict) -> list[ft.Control]:
    """The "Top rated" section of Statistics: each game's best `TOP` ratings."""
    cards: list[ft.Control] = []
    for key in game_screens.ordered():
        if key not in all_ratings:
            continue
        rows: list[ft.Control] = [ft.Text(game_screens.title(key), weight=ft.FontWeight.BOLD, size=16)]
        rows += [
            ft.Text(
                f"{ordinal(ratings.place_among(all_ratings[key], r.player))}  {short_name(r.player)}  {r.shown:.1f} ({games_said(r.games)})"
            )
            for r in ratings.top(all_ratings[key], TOP)
        ]
        cards.append(ft.Card(ft.Container(ft.Column(rows, spacing=4), padding=12), col=columns, key=f"top-rated:{key}"))
    if not cards:
        return []
    return [
        section("Top rated"),
        ft.Semantics(identifier="top-rated", container=True, content=ft.ResponsiveRow(cards, spacing=8, run_spacing=8)),
        hint(),
    ]


def hint() -> ft.Control:
    return ft.Text(SAID + " How it works: docs/ratings.md.", size=12, italic=True)
