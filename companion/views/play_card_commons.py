"""Card Commons play screen: per round the Nest Egg (and what replaced a Wild), each
player's Commission and side, picked from the 18 cards; the round's multiplier shown;
an extra round offered while the totals are level.

The round being entered is the game's draft until it is complete; "Score round" moves
it into the record.
"""

from __future__ import annotations

import copy
import json

import flet as ft

from scoring import card_commons as rules

from ..widgets.controls import card_button, section, short_name

per_player = True
SUIT_COLOUR = {"red": ft.Colors.RED_700, "black": ft.Colors.GREY_900}


def new_body(players: list[str], variant: dict, colours: dict) -> dict:
    return {"rounds": []}


def empty_draft(players: list[str]) -> dict:
    return {"nest_egg": None, "replacement": None, "commissions": {p: None for p in players}, "sides": {p: [] for p in players}}


def draft(screen) -> dict:
    return screen.live.draft or empty_draft(screen.players)


def peek(screen) -> bool:
    return screen.live.rules.peek


def used_in_draft(d: dict) -> dict[str, str]:
    """card → where it lies in the round being entered."""
    where = {}
    if d["nest_egg"]:
        where[d["nest_egg"]] = "the Nest Egg"
    if d.get("replacement"):
        where[d["replacement"]] = "the replacement"
    for p, c in d["commissions"].items():
        if c:
            where[c] = f"{p}'s Commission"
    for p, side in d["sides"].items():
        for c in side:
            where[c] = f"{p}'s side"
    return where


def change_draft(screen, change) -> None:
    d = copy.deepcopy(draft(screen))
    change(d)
    screen.apply(lambda r: None, draft=d)


def pick(screen, slot: str, player: str | None, card: str) -> None:
    d = draft(screen)
    taken = used_in_draft(d)
    current = {"nest_egg": d["nest_egg"], "replacement": d.get("replacement"),
               "commission": d["commissions"].get(player) if player else None}.get(slot)
    in_side = slot == "side" and card in d["sides"][player]
    if card in taken and card != current and not in_side:
        screen.refuse(f"{rules.pretty(card)} is already {taken[card]} this round.")
        return
    if slot == "commission" and rules.is_wild(card):
        screen.refuse("A Wild cannot be a Commission.")
        return
    if slot == "side" and not in_side and len(d["sides"][player]) >= rules.MAX_SIDE:
        screen.refuse(f"A side holds at most {rules.MAX_SIDE} cards.")
        return

    def change(d: dict) -> None:
        if slot == "nest_egg":
            d["nest_egg"] = None if d["nest_egg"] == card else card
            if not (d["nest_egg"] and rules.is_wild(d["nest_egg"])):
                d["replacement"] = None
        elif slot == "replacement":
            d["replacement"] = None if d.get("replacement") == card else card
        elif slot == "commission":
            d["commissions"][player] = None if d["commissions"][player] == card else card
        else:
            side = d["sides"][player]
            side.remove(card) if card in side else side.append(card)

    change_draft(screen, change)


def card_grid(screen, slot: str, player: str | None, chosen: list[str], allowed=lambda c: True) -> ft.Control:
    d = draft(screen)
    taken = used_in_draft(d)
    owner = f"{player} " if player else ""
    buttons = []
    for card in rules.DECK:
        if not allowed(card):
            continue
        state = "held" if card in chosen else "taken" if card in taken else "free"
        buttons.append(card_button(rules.pretty(card), f"{owner}{slot.replace('_', ' ')} {card}",
                                   lambda e, c=card: pick(screen, slot, player, c), state=state,
                                   colour=SUIT_COLOUR[rules.colour_of(card)], width=52))
    return ft.Row(buttons, wrap=True, spacing=4, run_spacing=4)


def round_complete(d: dict) -> bool:
    return bool(d["nest_egg"]) and all(d["commissions"].values())


def round_record(d: dict) -> dict:
    out = {"nest_egg": d["nest_egg"], "commissions": dict(d["commissions"]), "sides": {p: list(s) for p, s in d["sides"].items()}}
    if d.get("replacement"):
        out["replacement"] = d["replacement"]
    return out


def score_round(screen) -> None:
    finished = round_record(draft(screen))
    screen.apply(lambda r: r["rounds"].append(finished), draft=None)


def game_over(screen) -> bool:
    return screen.live.result.decided


def shared(screen) -> list[ft.Control]:
    result = screen.live.result
    scored = ft.Column(key="scored-rounds", spacing=2, controls=[
        ft.Text(f"Round {i} (×{rules.multiplier(i, peek(screen))}): " + ", ".join(f"{short_name(p)} {r[p]}" for p in screen.players), size=13)
        for i, r in enumerate(result.rounds, start=1)
    ])
    rows: list[ft.Control] = [scored]
    if game_over(screen):
        rows.append(ft.Text("The game is decided: see the results.", weight=ft.FontWeight.BOLD))
        return rows
    number = len(result.rounds) + 1
    extra = number > rules.regular_rounds(peek(screen))
    d = draft(screen)
    rows += [
        section(f"{'Extra round' if extra else 'Round'} {number}: ×{rules.multiplier(number, peek(screen))}"),
        ft.Text("Nest Egg", weight=ft.FontWeight.BOLD),
        ft.Container(card_grid(screen, "nest_egg", None, [d["nest_egg"]] if d["nest_egg"] else []), key="nest-egg"),
    ]
    if d["nest_egg"] and rules.is_wild(d["nest_egg"]):
        if peek(screen):
            rows.append(ft.Text(f"Peek: the Wild stays; a {rules.colour_of(d['nest_egg'])} Commission scores.", size=12))
        else:
            rows += [
                ft.Text("The Wild was swapped for a face-down card: which? (none if only the other Wild was left)", size=12),
                ft.Container(card_grid(screen, "replacement", None, [d["replacement"]] if d.get("replacement") else [],
                                       allowed=lambda c: not rules.is_wild(c)), key="replacement"),
            ]
    rows.append(ft.FilledButton(
        f"Score round {number}", icon=ft.Icons.CHECK, height=48, disabled=not round_complete(d),
        on_click=lambda e: score_round(screen), key=f"score-round-{number}",
    ))
    return rows


def tableau_key(screen, player: str):
    """Everything `tableau` reads: the round being entered (any card taken shows as taken)."""
    return json.dumps(draft(screen), sort_keys=True), game_over(screen)


def tableau(screen, player: str) -> ft.Control:
    if game_over(screen):
        return ft.Container()
    d = draft(screen)
    commission = d["commissions"][player]
    return ft.Column([
        section(short_name(player)),
        ft.Text("Commission", weight=ft.FontWeight.BOLD),
        card_grid(screen, "commission", player, [commission] if commission else [], allowed=lambda c: not rules.is_wild(c)),
        ft.Text(f"Side of the tableau ({len(d['sides'][player])} of at most {rules.MAX_SIDE})", weight=ft.FontWeight.BOLD),
        card_grid(screen, "side", player, d["sides"][player]),
    ], spacing=6)
