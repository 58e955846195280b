"""CGT – Card Game Traders play screen: the Meta row (cards per type, marker included, and
passive modifiers) with each type's live value, then each player's Collection by type and
scoring-ability points. The first player's penalty comes from the setup."""

from __future__ import annotations

import json

import flet as ft

from scoring import cgt as rules

from ..widgets.controls import section, short_name, stepper

per_player = True
ADJUSTMENT_RANGE = 99
MODIFIER_RANGE = 20


def new_body(players: list[str], variant: dict, colours: dict) -> dict:
    return {"final": {"meta": {}, "collections": {p: {} for p in players}}}


def types_shown(screen) -> list[int]:
    """The usual seven types, plus any other type the Meta row holds."""
    game = screen.live.rules
    extra = screen.state.get("extra_types", [])
    return sorted(set(rules.DEFAULT_TYPES) | set(game.meta) | set(extra))


def put(mapping: dict, key: str, value: int) -> None:
    """A count in the record, or no entry at all when it is 0 (an empty Collection is {})."""
    if value:
        mapping[key] = value
    else:
        mapping.pop(key, None)


def set_meta(screen, type_: int, count: int) -> None:
    screen.apply(lambda r: put(r["final"]["meta"], str(type_), count))


def set_modifier(screen, type_: int, value: int) -> None:
    screen.apply(lambda r: put(r["final"].setdefault("modifiers", {}), str(type_), value))


def set_collection(screen, player: str, type_: int, count: int) -> None:
    screen.apply(lambda r: put(r["final"]["collections"][player], str(type_), count))


def set_adjustment(screen, player: str, value: int) -> None:
    screen.apply(lambda r: put(r["final"].setdefault("adjustments", {}), player, value))


def add_type(screen, value: str | None) -> None:
    if value:
        screen.state.setdefault("extra_types", []).append(int(value))
        screen.render()


def in_collections(game, type_: int) -> int:
    return sum(c.get(type_, 0) for c in game.collections.values())


def shared(screen) -> list[ft.Control]:
    game = screen.live.rules
    rows: list[ft.Control] = [section("Meta row"), ft.Text(
        "Cards in each type's Meta column, its marker included (0: no column), and the net change "
        "passive abilities make to its value.", size=12)]
    for t in types_shown(screen):
        meta = game.meta.get(t, 0)
        high = t - in_collections(game, t)
        rows.append(ft.Row(key=f"meta-{t}", controls=[
            ft.Column([
                ft.Text(f"Type {t}", weight=ft.FontWeight.BOLD),
                ft.Semantics(identifier=f"value-{t}", content=ft.Text(
                    f"value {game.value(t)}" if meta else "no column", size=12)),
            ], spacing=0, width=72),
            stepper(f"Type {t} Meta", meta, lambda v, t=t: set_meta(screen, t, v), 0, high),
            ft.Text("mod", size=12),
            stepper(f"Type {t} modifier", game.modifiers.get(t, 0), lambda v, t=t: set_modifier(screen, t, v),
                    -MODIFIER_RANGE, MODIFIER_RANGE, show=lambda v: f"{v:+d}" if v else "0"),
        ], spacing=4))
    others = [str(t) for t in range(rules.TYPE_MIN, rules.TYPE_MAX + 1) if t not in types_shown(screen)]
    rows.append(ft.Dropdown(label="Another type", width=160, dense=True, options=[ft.DropdownOption(t) for t in others],
                            on_select=lambda e: add_type(screen, e.control.value)))
    return rows


def tableau_key(screen, player: str):
    """Everything `tableau` reads: values, the player's own cards, and how many each type has left."""
    game = screen.live.rules
    left = tuple((t, t - game.meta[t] - in_collections(game, t)) for t in sorted(game.meta))
    return (tuple((t, game.value(t)) for t in sorted(game.meta)), left,
            json.dumps(game.collections[player], sort_keys=True), game.adjustments.get(player, 0))


def tableau(screen, player: str) -> ft.Control:
    game = screen.live.rules
    rows: list[ft.Control] = [section(f"{short_name(player)}'s Collection")]
    for t in sorted(game.meta):
        count = game.collections[player].get(t, 0)
        high = count + t - game.meta[t] - in_collections(game, t)
        rows.append(ft.Row(key=f"{player}-type-{t}", controls=[
            ft.Text(f"Type {t}", width=60),
            stepper(f"{player} type {t}", count, lambda v, t=t: set_collection(screen, player, t, v), 0, high),
            ft.Text(f"× {game.value(t)} = {count * game.value(t)}", size=13),
        ], spacing=4))
    if not game.meta:
        rows.append(ft.Text("Set the Meta row first: a type scores only with a Meta column.", size=12, italic=True))
    rows.append(ft.Row([
        ft.Text("Scoring abilities", width=120),
        stepper(f"{player} ability points", game.adjustments.get(player, 0), lambda v: set_adjustment(screen, player, v),
                -ADJUSTMENT_RANGE, ADJUSTMENT_RANGE),
    ], wrap=True))
    if player == screen.players[0]:
        rows.append(ft.Text(f"First player: −{game.penalty} (the marker's penalty)", size=13))
    return ft.Column(rows, spacing=6)
