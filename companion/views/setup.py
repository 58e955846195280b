"""Setup: who plays, in which seats, who starts, and the game's variants."""

from __future__ import annotations

import unicodedata

import flet as ft

import scoring
from scoring import bgg_game

from .. import games
from ..app import App
from ..ids import route_id
from ..widgets.controls import icon_button, section, short_name, stepper
from . import play

CGT_PENALTY_SETTING = "cgt.first_player_penalty"
DEFAULT_CGT_PENALTY = 2


MAX_NAME = 200  # characters; a long name is kept whole in the record and shortened on screen


def clean_name(name: str | None) -> str:
    """What is stored: trimmed, in Unicode's composed form (NFC), so "Zoë" typed two ways is one name."""
    return unicodedata.normalize("NFC", name or "").strip()


def name_key(name: str) -> str:
    """Two names are the same player when their keys are equal: trimmed, NFC, case-insensitive."""
    return unicodedata.normalize("NFC", clean_name(name).casefold())


def name_problem(name: str | None, players: list[str]) -> str | None:
    """Why `name` cannot join `players`, in words for the person typing; None when it can."""
    name = clean_name(name)
    if not any(not ch.isspace() and unicodedata.category(ch) != "Cf" for ch in name):
        return "Type a name first."  # empty, spaces, or only invisible characters
    if any(unicodedata.category(ch) == "Cc" for ch in name):
        return "A name cannot contain line breaks, tabs or control characters."
    if len(name) > MAX_NAME:
        return f"A name can be at most {MAX_NAME} characters long."
    key = name_key(name)
    if any(name_key(p) == key for p in players):
        return f"{short_name(name)} is already playing."
    return None


def view(app: App, game: str) -> ft.View:
    if game not in scoring.GAMES:
        return ft.View(route=f"/setup/{game}", appbar=ft.AppBar(title=ft.Text("Unknown game")),
                       controls=[ft.Text(f"There is no game called '{game}'.")])
    rules = scoring.GAMES[game]
    games.use_theme(app.page, game)
    players: list[str] = []
    variant: dict = {}
    colours: dict[str, str] = {}
    if game == "lost-cities":
        variant.update(rounds=3, purple=False)
    elif game == "cgt":
        variant["first_player_penalty"] = app.store.setting(CGT_PENALTY_SETTING, DEFAULT_CGT_PENALTY)
    elif game == "card-commons":
        variant["peek"] = False
    elif game == "bgg-game":
        variant["three_player_sets"] = "one"

    body = ft.Column(spacing=12, width=640)
    message = ft.Text("", color=ft.Colors.ERROR)
    name_field = ft.TextField(label="Player name", max_length=200, on_submit=lambda e: add(name_field.value), expand=True)

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
        colours.pop(players.pop(i), None)
        render()

    def make_first(i: int) -> None:
        # Seats stay in clockwise order: rotate so that this player sits first.
        players[:] = players[i:] + players[:i]
        render()

    def set_variant(key: str, value) -> None:
        variant[key] = value
        render()

    def start(e) -> None:
        if game == "cgt":
            app.store.set_setting(CGT_PENALTY_SETTING, variant["first_player_penalty"])
        record = play.new_record(game, players, dict(variant), seat_colours())
        try:
            stored = app.store.create(record)
        except scoring.RecordError as err:
            message.value = str(err)
            render()
            return
        app.go(f"/play/{route_id(stored.id)}")

    def seat_colours() -> dict[str, str]:
        free = [c for c in bgg_game.COLOURS if c not in colours.values()]
        for p in players:
            if p not in colours:
                colours[p] = free.pop(0)
        return {p: colours[p] for p in players}

    def player_row(i: int, name: str) -> ft.Control:
        extra: list[ft.Control] = []
        if game == "bgg-game":
            extra.append(ft.Dropdown(
                label=f"{short_name(name)}'s colour", value=seat_colours()[name], width=140, dense=True,
                options=[ft.DropdownOption(c) for c in bgg_game.COLOURS if c == colours[name] or c not in colours.values()],
                on_select=lambda e, n=name: (colours.__setitem__(n, e.control.value), render()),
            ))
        return ft.Row(
            [
                ft.Text(f"{i + 1}.", width=24),
                ft.Text(short_name(name, 24), tooltip=name, expand=True, weight=ft.FontWeight.BOLD if i == 0 else None),
                ft.Text("first player" if i == 0 else "", size=12, color=ft.Colors.PRIMARY),
                *extra,
                icon_button(ft.Icons.STAR_BORDER, f"{name} starts", lambda e: make_first(i), visible=i > 0),
                icon_button(ft.Icons.ARROW_UPWARD, f"Move {name} up", lambda e: move(i, -1), disabled=i == 0),
                icon_button(ft.Icons.ARROW_DOWNWARD, f"Move {name} down", lambda e: move(i, 1), disabled=i == len(players) - 1),
                icon_button(ft.Icons.CLOSE, f"Remove {name}", lambda e: remove(i)),
            ],
            spacing=0,
        )

    def variant_controls() -> list[ft.Control]:
        if game == "lost-cities":
            return [
                ft.Switch(label="Short game: 1 round (the full game is 3)", value=variant["rounds"] == 1,
                          on_change=lambda e: set_variant("rounds", 1 if e.control.value else 3)),
                ft.Switch(label="Purple expedition (sixth colour)", value=variant["purple"],
                          on_change=lambda e: set_variant("purple", e.control.value)),
            ]
        if game == "card-commons":
            return [ft.Switch(label="Peek variant (3 rounds: ×1, ×1, ×2)", value=variant["peek"],
                              on_change=lambda e: set_variant("peek", e.control.value))]
        if game == "cgt":
            return [ft.Row([ft.Text("First player penalty (printed on the marker)", expand=True),
                            stepper("Penalty", variant["first_player_penalty"],
                                    lambda v: set_variant("first_player_penalty", v), 0, 20)])]
        if game == "bgg-game":
            return [ft.Switch(label="3 players: score every complete 1–6 set (default: one per colour)",
                              value=variant["three_player_sets"] == "every",
                              on_change=lambda e: set_variant("three_player_sets", "every" if e.control.value else "one"))]
        return []

    def render() -> None:
        recent = [p for p in app.store.recent_players() if p not in players]
        count_ok = rules.min_players <= len(players) <= rules.max_players
        body.controls = [
            section("Players"),
            ft.Text(f"{rules.player_counts}, in seat order, clockwise. The first seat starts.", size=13),
            ft.Row([name_field, icon_button(ft.Icons.PERSON_ADD, "Add player", lambda e: add(name_field.value))]),
            message,
            ft.Row([ft.OutlinedButton(content=ft.Text(short_name(p), semantics_label=f"Add {p}"), on_click=lambda e, p=p: add(p)) for p in recent],
                   wrap=True, visible=bool(recent)),
            *[player_row(i, p) for i, p in enumerate(players)],
            *([section("Options"), *variant_controls()] if variant_controls() else []),
            ft.FilledButton("Start game", icon=ft.Icons.PLAY_ARROW, disabled=not count_ok, on_click=start, height=48),
        ]

    render()
    return ft.View(
        route=f"/setup/{game}",
        appbar=ft.AppBar(title=ft.Text(f"New game of {rules.title}")),
        controls=[body],
        scroll=ft.ScrollMode.AUTO,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
