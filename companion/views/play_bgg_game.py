"""The BoardGameGeek Game play screen: GG from each round's income and Advertise/Promote
spend (starting 10 or 11 by seat) or from the score track; acquired tiles as a colour ×
number grid. End scoring switches itself between 3 and 4–6 players (in `scoring`)."""

from __future__ import annotations

import unicodedata

import json

import flet as ft

from scoring import bgg_game as rules

from ..widgets.controls import card_button, section, short_name, stepper

per_player = True
MAX_GG = 999

SHADE = {
    "red": ft.Colors.RED_700, "blue": ft.Colors.BLUE_700, "green": ft.Colors.GREEN_700,
    "yellow": ft.Colors.AMBER_700, "purple": ft.Colors.PURPLE_500, "black": ft.Colors.GREY_900,
}


def shade(colour: str) -> str:
    return SHADE.get(colour, ft.Colors.BLUE_GREY_600)


def new_body(players: list[str], variant: dict, colours: dict) -> dict:
    return {"final": {p: {"colour": colours[p], "ledger": [], "tiles": []} for p in players}}


def entry(record: dict, player: str) -> dict:
    return record["final"][player]


def use_track(screen, player: str) -> None:
    gg = sum(line.points for line in rules.gg_lines(screen.live.rules, player))

    def edit(record: dict) -> None:
        e = entry(record, player)
        e.pop("ledger", None)
        e["gg"] = gg

    screen.apply(edit)


def use_ledger(screen, player: str) -> None:
    def edit(record: dict) -> None:
        e = entry(record, player)
        e.pop("gg", None)
        e["ledger"] = []

    screen.apply(edit)


def set_gg(screen, player: str, value: int) -> None:
    screen.apply(lambda r: entry(r, player).__setitem__("gg", value))


def set_ledger(screen, player: str, index: int, key: str, value: int) -> None:
    def edit(record: dict) -> None:
        ledger = entry(record, player)["ledger"]
        while len(ledger) <= index:
            ledger.append({"income": 0, "spent": 0})  # both fields: the usual, quickly read entry
        ledger[index][key] = value

    screen.apply(edit)


def parse_number(text: str | None) -> int | None:
    """A whole number typed or pasted: spaces around it are fine, and so are other scripts' digits
    ("٣" and "３" are 3); anything else ("12 GG", "1e3", "-5", "3.5") is None. Never raises."""
    text = unicodedata.normalize("NFKC", text or "").strip()
    if not text or len(text) > 9 or not text.isdecimal():  # isdecimal: exactly what int() reads
        return None
    return int(text)


def show(field: ft.TextField, **props) -> None:
    """Set props on a field that Flet may have frozen: a control rebuilt under a keyed parent is
    (Flet 1.0 diffs it as immutable), and setting e.g. `error` on it would raise. Flet's own
    `_before_update_safe` lifts the mark the same way; the page's update still sends the change."""
    frozen = getattr(field, "_frozen", None)
    if frozen is not None:
        del field._frozen
    try:
        for name, value in props.items():
            setattr(field, name, value)
    finally:
        if frozen is not None:
            field._frozen = frozen


def number_field(label: str, value: int, on_commit, width: int = 90) -> ft.TextField:
    """A field for a number too large to tap to (income, the track); only digits get in."""

    def commit(e) -> None:
        number = parse_number(e.control.value)
        if number is None or number > MAX_GG:
            show(e.control, error=f"0 to {MAX_GG}")
            return
        show(e.control, error=None, value=str(number))  # " 7" or "٣" shows as the number it was read as
        if number != value:
            on_commit(number)

    return ft.TextField(label=label, value=str(value), width=width, dense=True,
                        keyboard_type=ft.KeyboardType.NUMBER, input_filter=ft.NumbersOnlyInputFilter(),
                        on_blur=commit, on_submit=commit)


def gg_block(screen, player: str) -> ft.Control:
    e = entry(screen.record, player)
    game = screen.live.rules
    seat = screen.players.index(player)
    mode_buttons = ft.Row([
        (ft.FilledButton if "ledger" in e else ft.OutlinedButton)("Income ledger", on_click=lambda _: use_ledger(screen, player)),
        (ft.FilledButton if "gg" in e else ft.OutlinedButton)("Score track", on_click=lambda _: use_track(screen, player)),
    ], wrap=True)
    gg_now = sum(line.points for line in rules.gg_lines(game, player))
    rows: list[ft.Control] = [mode_buttons]
    if "gg" in e:
        rows.append(number_field(f"{player} GG on the track", e["gg"], lambda v: set_gg(screen, player, v), width=200))
        rows.append(ft.Text("The track wraps at 100: add 100 for each lap.", size=12))
    else:
        rows.append(ft.Text(f"Start: {rules.starting_gg(seat)} GG (seat {seat + 1})", size=13))
        ledger = e["ledger"]
        for i in range(rules.MAX_LEDGER_ROUNDS):  # all six rows at once: the layout never shifts under a finger
            r = ledger[i] if i < len(ledger) else {}
            rows.append(ft.Row(key=f"{player}-ledger-{i}", controls=[
                number_field(f"{player} round {i + 1} income", r.get("income", 0),
                             lambda v, i=i: set_ledger(screen, player, i, "income", v), width=150),
                ft.Text("spent", size=12, width=36),
                stepper(f"{player} round {i + 1} spent", r.get("spent", 0),
                        lambda v, i=i: set_ledger(screen, player, i, "spent", v), 0, 60),
            ], spacing=4))
    rows.append(ft.Text(f"GG before end scoring: {gg_now}", weight=ft.FontWeight.BOLD))
    return ft.Column(rows, spacing=6, key=f"{player}-{'track' if 'gg' in e else 'ledger'}")


def tap_tile(screen, player: str, colour: str, number: int) -> None:
    """One tap per tile acquired; past the last copy (3, or fewer left) it goes back to none."""
    game = screen.live.rules
    mine = sum(1 for t in game.tableaux[player].tiles if t == (colour, number))
    left = rules.TILES_PER_COLOUR_AND_NUMBER - sum(
        1 for tab in game.tableaux.values() for t in tab.tiles if t == (colour, number))
    add = left > 0 and len(game.tableaux[player].tiles) < rules.MAX_TILES

    def edit(record: dict) -> None:
        tiles = entry(record, player)["tiles"]
        if add:
            tiles.append({"colour": colour, "number": number})
        else:
            for _ in range(mine):
                tiles.remove({"colour": colour, "number": number})

    screen.apply(edit)


def tiles_block(screen, player: str) -> ft.Control:
    game = screen.live.rules
    own = game.tableaux[player].colour
    held = game.tableaux[player].tiles
    rows = []
    for colour in (game.tableaux[p].colour for p in screen.players):
        if colour == own:
            continue
        cells: list[ft.Control] = [ft.Text(colour, width=56, color=shade(colour), weight=ft.FontWeight.BOLD)]
        for n in rules.NUMBERS:
            count = sum(1 for t in held if t == (colour, n))
            others = sum(1 for tab in game.tableaux.values() for t in tab.tiles if t == (colour, n)) - count
            state = "held" if count else "taken" if others >= rules.TILES_PER_COLOUR_AND_NUMBER else "free"
            text = str(n) if count <= 1 else f"{n}×{count}"
            cells.append(card_button(text, f"{player} tile {colour} {n}", lambda e, c=colour, n=n: tap_tile(screen, player, c, n),
                                     state=state, colour=shade(colour), width=48))
        rows.append(ft.Row(cells, spacing=4))
    lines = rules.tile_lines(game, player)
    return ft.Column([
        *rows,
        ft.Text("Tap a tile once per copy held; tap past the last copy to clear it.", size=12),
        *[ft.Text(str(line), size=13) for line in lines],
    ], spacing=4)


def tableau_key(screen, player: str):
    """Everything `tableau` reads: the player's own entry, and which tiles others hold all 3 copies of."""
    game = screen.live.rules
    held_by_others = {}
    for p, tab in game.tableaux.items():
        if p != player:
            for t in tab.tiles:
                held_by_others[t] = held_by_others.get(t, 0) + 1
    gone = sorted(t for t, n in held_by_others.items() if n >= rules.TILES_PER_COLOUR_AND_NUMBER)
    return json.dumps(entry(screen.record, player), sort_keys=True), tuple(gone)


def tableau(screen, player: str) -> ft.Control:
    colour = entry(screen.record, player)["colour"]
    return ft.Column([
        ft.Row([ft.Container(width=16, height=16, bgcolor=shade(colour), border_radius=8),
                section(f"{short_name(player)} ({colour})")]),
        gg_block(screen, player),
        ft.Text("Acquired tiles", weight=ft.FontWeight.BOLD),
        tiles_block(screen, player),
    ], spacing=8)


def shared(screen) -> list[ft.Control]:
    n = len(screen.players)
    how = ("3 players: tiles score colour by colour (a 1–6 set of a colour: 6 each)" if n == 3
           else f"{n} players: tiles score number by number (a number in all {n - 1} other colours: 6 each)")
    return [ft.Text(how, size=13, italic=True)]
