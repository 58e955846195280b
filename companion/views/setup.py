"""Setup: who plays, in which seats, who starts, and the game's variants."""

from __future__ import annotations

import random

import flet as ft

import scoring
from scoring.names import MAX_NAME, clean_name, name_problem

from .. import games
from ..ids import route_id
from ..player_colours import colour_name, table_colours
from ..session import App
from ..widgets.controls import TAP, icon_button, section, short_name
from ..widgets.navigation import back_button
from ..widgets.scoring_help import how_scoring_works

pick_seat = random.SystemRandom().randrange  # who starts at random: n → a seat in range(n)


def rotated(players: list[str], first: int) -> list[str]:
    """The seats turned so that seat `first` starts: clockwise order is kept (B C A from A B C, never B A C)."""
    return players[first:] + players[:first]


def tap_size(button: ft.IconButton) -> ft.IconButton:
    """An icon button with a 48 × 48 target (Flet's default is 40)."""
    button.width = button.height = TAP
    return button


def variant_setting(game: str) -> str:
    """Where the options last chosen for `game` are remembered (e.g. CGT's printed penalty)."""
    return f"setup.{game}.variant"


def view(app: App, game: str) -> ft.View:
    if game not in scoring.GAMES:
        return ft.View(
            route=f"/setup/{game}",
            appbar=ft.AppBar(title=ft.Text("Unknown game")),
            controls=[ft.Text(f"There is no game called '{game}'.")],
        )
    rules = scoring.GAMES[game]
    screen = games.screen(game)
    games.use_theme(app.page, game)
    players: list[str] = []
    remembered = app.store.setting(variant_setting(game)) or {}
    variant: dict = {**rules.default_variant, **{k: v for k, v in remembered.items() if k in rules.default_variant}}
    chosen: dict[str, str] = {}  # each player's setup choice, e.g. a publisher colour

    body = ft.Column(spacing=12, width=640)
    message = ft.Text("", color=ft.Colors.ERROR)
    chance = ft.Text("", color=ft.Colors.PRIMARY)  # who the random pick chose, until the seats change again
    # counter="": the limit still holds, without a "0/200" under the field
    name_field: ft.TextField = ft.TextField(
        label="Player name", max_length=MAX_NAME, counter="", on_submit=lambda e: add(name_field.value), expand=True
    )

    def add(name: str | None) -> None:
        name = clean_name(name)
        problem = name_problem(name, players)
        if problem is None and len(players) >= rules.max_players:
            problem = f"{rules.title} is played by {rules.player_counts}."
        message.value = problem or ""
        if problem is None:
            players.append(name)
            name_field.value = ""
        render()

    def move(i: int, delta: int) -> None:
        j = i + delta
        if 0 <= j < len(players):
            players[i], players[j] = players[j], players[i]
        render()

    def remove(i: int) -> None:
        chosen.pop(players.pop(i), None)
        render()

    def make_first(i: int) -> None:
        # Seats stay in clockwise order: rotate so that this player sits first.
        players[:] = rotated(players, i)
        render()

    def random_first(e) -> None:
        players[:] = rotated(players, pick_seat(len(players)))
        message.value = ""
        render()
        chance.value = f"{players[0]} starts, chosen at random."

    def set_variant(key: str, value) -> None:
        variant[key] = value
        render()

    def set_choice(player: str, value: str) -> None:
        chosen[player] = value
        render()

    def start(e) -> None:
        record = scoring.new_record(game, players, dict(variant), screen.choices(players, chosen))
        try:
            stored = app.store.create(record)
        except scoring.RecordError as err:
            message.value = str(err)
            render()
            return
        app.store.set_setting(variant_setting(game), dict(variant))
        app.go(f"/play/{route_id(stored.id)}")

    def player_row(i: int, name: str, colour: str) -> ft.Control:
        chosen.update(screen.choices(players, chosen))
        extra = screen.choice_controls(name, chosen, set_choice)
        # Two lines, so that a 360 px phone (or 200 % text) keeps every control: who, then what to do.
        who = ft.Row(
            [
                ft.Container(width=14, height=14, border_radius=7, bgcolor=colour, tooltip=f"{name}'s colour: {colour_name(colour)}"),
                ft.Text(f"{i + 1}.", width=24),
                ft.Text(short_name(name, 24), tooltip=name, expand=True, weight=ft.FontWeight.BOLD if i == 0 else None),
                ft.Text("first player" if i == 0 else "", size=12, color=ft.Colors.PRIMARY),
            ],
            spacing=6,
        )
        buttons = ft.Row(
            [
                *extra,
                tap_size(icon_button(ft.Icons.STAR_BORDER, f"{name} starts", lambda e: make_first(i), visible=i > 0)),
                tap_size(icon_button(ft.Icons.ARROW_UPWARD, f"Move {name} up", lambda e: move(i, -1), disabled=i == 0)),
                tap_size(icon_button(ft.Icons.ARROW_DOWNWARD, f"Move {name} down", lambda e: move(i, 1), disabled=i == len(players) - 1)),
                tap_size(icon_button(ft.Icons.CLOSE, f"Remove {name}", lambda e: remove(i))),
            ],
            spacing=0,
            wrap=True,
            alignment=ft.MainAxisAlignment.END,
        )
        return ft.Column([who, buttons], spacing=0)

    def render() -> None:
        recent = [p for p in app.store.recent_players() if p not in players]
        count_ok = rules.min_players <= len(players) <= rules.max_players
        colours = table_colours(players)
        chance.value = ""  # said once, right after the pick
        body.controls = [
            section("Players"),
            ft.Text(f"{rules.player_counts}, in seat order, clockwise. The first seat starts.", size=13),
            ft.Row([name_field, tap_size(icon_button(ft.Icons.PERSON_ADD, "Add player", lambda e: add(name_field.value)))]),
            message,
            ft.Row(
                [
                    ft.OutlinedButton(
                        content=ft.Text(short_name(p), semantics_label=f"Add {p}"), height=TAP, on_click=lambda e, p=p: add(p)
                    )
                    for p in recent
                ],
                wrap=True,
                visible=bool(recent),
            ),
            *[player_row(i, p, colours[p]) for i, p in enumerate(players)],
            ft.OutlinedButton("Random first player", icon=ft.Icons.CASINO, height=TAP, on_click=random_first, visible=len(players) > 1),
            chance,
            *([section("Options"), *options] if (options := screen.variant_controls(variant, set_variant, players)) else []),
            ft.FilledButton("Start game", icon=ft.Icons.PLAY_ARROW, disabled=not count_ok, on_click=start, height=48),
        ]

    render()
    return ft.View(
        route=f"/setup/{game}",
        appbar=ft.AppBar(leading=back_button(app), title=ft.Text(f"New game of {rules.title}"), actions=[how_scoring_works(app, game)]),
        controls=[body],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
