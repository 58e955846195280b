"""Lost Cities play screen: per round, each player's expeditions as colour columns;
one tap per card (investments, then 2–10); the other player's cards show as taken."""

from __future__ import annotations

import json

import flet as ft

from scoring import lost_cities as rules

from ..widgets.controls import card_button, short_name

per_player = True

SHADE = {
    "yellow": ft.Colors.AMBER_700,
    "blue": ft.Colors.BLUE_700,
    "white": ft.Colors.BLUE_GREY_400,
    "green": ft.Colors.GREEN_700,
    "red": ft.Colors.RED_700,
    "purple": ft.Colors.PURPLE_500,
}


def new_body(players: list[str], variant: dict, colours: dict) -> dict:
    return {"rounds": [{p: {} for p in players}]}


def variant_of(screen) -> rules.Variant:
    return rules.parse_variant(screen.record.get("variant", {}))


def round_index(screen) -> int:
    last = len(screen.record["rounds"]) - 1
    return min(screen.state.get("round", last), last)


def other(screen, player: str) -> str:
    return next(p for p in screen.players if p != player)


def expedition(screen, player: str, colour: str) -> rules.Expedition:
    raw = screen.record["rounds"][round_index(screen)][player].get(colour, {})
    return rules.Expedition(raw.get("investments", 0), tuple(raw.get("cards", ())))


def edit_expedition(screen, player: str, colour: str, change) -> None:
    i = round_index(screen)

    def edit(record: dict) -> None:
        tableau = record["rounds"][i][player]
        exp = tableau.setdefault(colour, {})
        change(exp)
        exp["cards"] = sorted(exp.get("cards", []))
        if not exp["cards"]:
            exp.pop("cards")
        if not exp.get("investments"):
            exp.pop("investments", None)
        if not exp:
            tableau.pop(colour)

    screen.apply(edit)


def toggle_number(screen, player: str, colour: str, number: int) -> None:
    def change(exp: dict) -> None:
        cards = exp.setdefault("cards", [])
        cards.remove(number) if number in cards else cards.append(number)

    edit_expedition(screen, player, colour, change)


def tap_investment(screen, player: str, colour: str, slot: int) -> None:
    """Slot k (1–3): tapping an empty slot fills up to it, tapping the last filled one empties it."""
    current = expedition(screen, player, colour).investments
    wanted = slot - 1 if current >= slot else slot

    def change(exp: dict) -> None:
        exp["investments"] = wanted

    edit_expedition(screen, player, colour, change)


def colour_column(screen, player: str, colour: str) -> ft.Control:
    mine = expedition(screen, player, colour)
    theirs_tableau = {
        c: rules.Expedition(e.get("investments", 0), tuple(e.get("cards", ())))
        for c, e in screen.record["rounds"][round_index(screen)][other(screen, player)].items()
    }
    free_investments = rules.investments_left(theirs_tableau, colour)
    free_numbers = rules.available_numbers(theirs_tableau, colour)
    shade = SHADE[colour]
    lines = mine.lines(colour)
    formula = lines[0].formula if lines else "not started"
    cells: list[ft.Control] = [
        ft.Text(colour, weight=ft.FontWeight.BOLD, color=shade, size=13),
        ft.Semantics(identifier=f"expedition-{player}-{colour}",
                     content=ft.Text(str(mine.score()) if mine.started else "–", size=18, weight=ft.FontWeight.BOLD)),
        ft.Container(ft.Text(formula + (" +20" if len(lines) > 1 else ""), size=9, text_align=ft.TextAlign.CENTER,
                             max_lines=3), height=36),
    ]
    for slot in range(1, rules.INVESTMENTS_PER_COLOUR + 1):
        held = mine.investments >= slot
        taken = not held and slot > mine.investments + free_investments
        cells.append(card_button(
            "", f"{player} {colour} investment {slot}",
            lambda e, s=slot: tap_investment(screen, player, colour, s),
            state="held" if held else "taken" if taken else "free", colour=shade, icon=ft.Icons.HANDSHAKE,
        ))
    for n in rules.NUMBERS:
        held = n in mine.cards
        cells.append(card_button(
            str(n), f"{player} {colour} {n}",
            lambda e, n=n: toggle_number(screen, player, colour, n),
            state="held" if held else "free" if n in free_numbers else "taken", colour=shade,
        ))
    return ft.Column(cells, spacing=4, horizontal_alignment=ft.CrossAxisAlignment.CENTER, width=56)


def tableau_key(screen, player: str):
    """Everything `tableau` reads: a player's columns change only when this does."""
    i = round_index(screen)
    return i, json.dumps(screen.record["rounds"][i], sort_keys=True)


def tableau(screen, player: str) -> ft.Control:
    variant = variant_of(screen)
    return ft.Column(
        [
            ft.Text(f"{short_name(player)}'s expeditions, round {round_index(screen) + 1}", weight=ft.FontWeight.BOLD),
            ft.Row([colour_column(screen, player, c) for c in variant.colours], spacing=4,
                   vertical_alignment=ft.CrossAxisAlignment.START, scroll=ft.ScrollMode.AUTO),
        ],
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )


def select_round(screen, index: int) -> None:
    screen.state["round"] = index
    screen.render()


def next_round(screen) -> None:
    players = screen.players
    if screen.apply(lambda r: r["rounds"].append({p: {} for p in players})):
        select_round(screen, len(screen.record["rounds"]) - 1)


def shared(screen) -> list[ft.Control]:
    variant = variant_of(screen)
    rounds = screen.record["rounds"]
    current = round_index(screen)
    buttons: list[ft.Control] = [
        (ft.FilledButton if i == current else ft.OutlinedButton)(
            f"Round {i + 1}", on_click=lambda e, i=i: select_round(screen, i), height=48)
        for i in range(len(rounds))
    ]
    if len(rounds) < variant.rounds:
        buttons.append(ft.FilledTonalButton("Next round", icon=ft.Icons.ARROW_FORWARD, height=48,
                                            on_click=lambda e: next_round(screen)))
    result = screen.live.result
    per_round = ", ".join(f"{p} {result.rounds[current][p]}" for p in screen.players)
    return [
        ft.Row(buttons, wrap=True, alignment=ft.MainAxisAlignment.CENTER, key="rounds"),
        ft.Text(f"Round {current + 1} of {variant.rounds}: {per_round}", text_align=ft.TextAlign.CENTER),
    ]
