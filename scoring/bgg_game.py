"""The BoardGameGeek Game (3–6 players): GG earned in play plus end scoring of acquired tiles,
number by number at 4–6 players, colour by colour at 3.

Rules: the published rulebook; readings: docs/scoring.md › The BoardGameGeek Game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from itertools import chain, starmap
from operator import attrgetter, itemgetter, sub
from typing import Any, NamedTuple

from .actions import Action, Table, Unchanged, edited
from .fields import RecordError, check_keys, check_player_keys, need_choice, need_int, need_list, need_object, need_str
from .record import GameRules, Record, parse_one, parsed_game
from .result import Line, Result, Tiebreak, scored_once
from .words import N_, Said, listed

NUMBERS = tuple(range(1, 7))
SET_VALUE = 6
TILES_PER_COLOUR_AND_NUMBER = 3
MAX_TILES = 18  # 3 dice × 6 rounds
MAX_LEDGER_ROUNDS = 6
THREE_PLAYER_SETS = ("one", "every")
TIEBREAK_SUBJECTS = tuple(Said("distinct tiles numbered {number}", number=n) for n in NUMBERS)
TABLEAU_FIELDS = frozenset({"colour", "gg", "ledger", "tiles"})
# Offered by the app; the record accepts any distinct names (the rulebook does not name them).
COLOURS = ("red", "blue", "green", "yellow", "purple", "black")
# How the offered colours are said to people (a record's own colour names are said as they are written).
COLOUR_WORDS: dict[str, str] = {
    "red": Said("red"),
    "blue": Said("blue"),
    "green": Said("green"),
    "yellow": Said("yellow"),
    "purple": Said("purple"),
    "black": Said("black"),
}


# A colour said before "tile" or "tiles" agrees with it in other languages (French "une tuile verte", "des tuiles
# vertes"): beside each, words of their own (the noun is their context).
BESIDE: dict[str, dict[str, str]] = {
    "tile": {
        "red": Said.beside("tile", "red"),
        "blue": Said.beside("tile", "blue"),
        "green": Said.beside("tile", "green"),
        "yellow": Said.beside("tile", "yellow"),
        "purple": Said.beside("tile", "purple"),
        "black": Said.beside("tile", "black"),
    },
    "tiles": {
        "red": Said.beside("tiles", "red"),
        "blue": Said.beside("tiles", "blue"),
        "green": Said.beside("tiles", "green"),
        "yellow": Said.beside("tiles", "yellow"),
        "purple": Said.beside("tiles", "purple"),
        "black": Said.beside("tiles", "black"),
    },
}


def colour_word(colour: str, beside: str | None = None) -> str:
    """A colour in words the app can translate: one of COLOURS as a Said (as it agrees with the noun `beside`,
    "tile" or "tiles", when given), any other name as it is."""
    return (BESIDE[beside] if beside else COLOUR_WORDS).get(colour, colour)


def starting_gg(seat: int) -> int:
    """10 GG for the first player and the next two clockwise, 11 for later seats (seat is 0-based)."""
    return 10 if seat < 3 else 11


# Tiles, ledger rounds, tableaux and the game are tuples rather than frozen dataclasses (equally immutable):
# a record holds up to 108 tiles and 36 ledger rounds, it is rescored on every tap, and tuples are
# several times cheaper to create, hash and count.
Tile = tuple[str, int]  # (colour, number)
LedgerRound = tuple[int, int]  # (income, spent)
_colour_of = itemgetter(0)
_number_of = itemgetter(1)
_tiles_of = attrgetter("tiles")
_new = tuple.__new__  # makes a named tuple without its Python-level __new__ (one call fewer)


class Tableau(NamedTuple):
    colour: str
    tiles: tuple[Tile, ...]
    gg: int  # at the end: as on the score track, or from the ledger (starting GG + income − spent)
    ledger: tuple[LedgerRound, ...] | None  # None when the score track was given


class Game(NamedTuple):
    players: tuple[str, ...]
    three_player_sets: str
    tableaux: Mapping[str, Tableau]

    def seat(self, player: str) -> int:
        return self.players.index(player)


def parse_tile(raw: Any, where: tuple[str, ...], own: str, colours: tuple[str, ...]) -> Tile:
    need_object(raw, where)
    check_keys(raw, where, required=("colour", "number"))
    colour = need_str(raw["colour"], where + ("colour",))
    if colour == own:
        raise RecordError(
            where + ("colour",), Said("{colour} is the player's own colour: its tiles cannot be held", colour=colour_word(colour))
        )
    if colour not in colours:
        raise RecordError(where + ("colour",), not_in_play(colour, colours))
    return colour, need_int(raw["number"], where + ("number",), NUMBERS[0], NUMBERS[-1])


def not_in_play(colour: str, colours: Iterable[str]) -> Said:
    return Said("'{colour}' is not a colour in play ({colours})", colour=colour, colours=listed(map(colour_word, colours)))


def parse_ledger_round(raw: Any, where: tuple[str, ...]) -> LedgerRound:
    need_object(raw, where)
    check_keys(raw, where, optional=("income", "spent"))
    return (
        need_int(raw.get("income", 0), where + ("income",), low=0),
        need_int(raw.get("spent", 0), where + ("spent",), low=0),
    )


def parse_ledger(raw: Any, where: tuple[str, ...]) -> tuple[tuple[LedgerRound, ...], int]:
    """The rounds, and the GG they earned (income − spent, summed as they are read)."""
    entries = raw if raw.__class__ is list else need_list(raw, where)  # a call only when in doubt
    if len(entries) > MAX_LEDGER_ROUNDS:
        raise RecordError(where, Said("{count} rounds; the game has {rounds}", count=len(entries), rounds=MAX_LEDGER_ROUNDS))
    ledger = []
    earned = 0
    try:
        for e in entries:
            # The usual entry (both fields written, as the app writes them) passes these inline checks.
            if e.__class__ is not dict or len(e) != 2:
                break
            income, spent = e["income"], e["spent"]  # (cheaper than e.get)
            if not (income.__class__ is int and income >= 0 and spent.__class__ is int and spent >= 0):
                break
            ledger.append((income, spent))
            earned += income - spent
        else:
            return tuple(ledger), earned  # every entry passed
    except KeyError:  # a field left out (it counts as 0)
        pass
    # The careful reading, round by round, takes a missing field as 0 and names any fault.
    rounds = tuple(parse_ledger_round(e, where + (f"round {i}",)) for i, e in enumerate(entries, start=1))
    return rounds, sum(starmap(sub, rounds))


class Supply(NamedTuple):
    """How many of each tile (colour and number) the players hold, counted while their tiles are read:
    a count per slot, colour by colour, cheaper than counting (colour, number) pairs afterwards."""

    counts: list[int]
    slot: Mapping[str, int]  # colour → where its count of number n is: counts[slot[colour] + n]


def new_supply(colours: tuple[str, ...]) -> Supply:
    width = len(NUMBERS) + 1
    return Supply([0] * (width * len(colours)), {c: width * i for i, c in enumerate(colours)})


def parse_tiles(raw: Any, where: tuple[str, ...], own: str, colours: tuple[str, ...], held: Supply) -> tuple[Tile, ...]:
    """A player's tiles, each also counted into `held` (the game's supply count)."""
    tiles_raw = raw if raw.__class__ is list else need_list(raw, where)
    if len(tiles_raw) > MAX_TILES:
        raise RecordError(where, Said("{count} tiles; a player acquires at most {most}", count=len(tiles_raw), most=MAX_TILES))
    counts, slot = held
    high = NUMBERS[-1]
    tiles = []
    try:
        for t in tiles_raw:
            # The usual tile passes these inline checks: exactly its two fields, of the right types and values.
            if t.__class__ is not dict or len(t) != 2:
                break
            colour, number = t["colour"], t["number"]  # (cheaper than t.get)
            if not (number.__class__ is int and 0 < number <= high and colour != own):
                break
            counts[slot[colour] + number] += 1  # a colour not in play has no slot (KeyError)
            tiles.append((colour, number))
        else:
            return tuple(tiles)  # every tile passed
    except (KeyError, TypeError):  # a field missing; a colour not in play, or that cannot be text (a list, an object)
        pass
    # The careful reading, tile by tile, names the fault (or, rarely, accepts what the quick one left to it).
    parsed = tuple(parse_tile(t, where + (Said("tile {n}", n=i),), own, colours) for i, t in enumerate(tiles_raw, start=1))
    for colour, number in parsed:  # counted again, whole: `held` may count too many, never too few
        counts[slot[colour] + number] += 1
    return parsed


def read_colour(raw: Any, where: tuple[str, ...], taken: Mapping[str, str]) -> str:
    """A player's colour: text, not blank, and not already another player's (`taken` by player)."""
    need_object(raw, where)
    if "colour" not in raw:
        raise RecordError(where, Said("missing field '{key}'", key="colour"))
    colour = need_str(raw["colour"], where + ("colour",))
    if not colour.strip():
        raise RecordError(where + ("colour",), Said("a colour cannot be empty"))
    if colour in taken.values():
        other = next(o for o, c in taken.items() if c == colour)
        raise RecordError(where + ("colour",), Said("{colour} is also {player}'s colour", colour=colour_word(colour), player=other))
    return colour


def read_colours(final_raw: dict[str, Any], players: tuple[str, ...]) -> dict[str, str]:
    """Each player's colour, checked inline; read_colour reads it again when in doubt."""
    colours: dict[str, str] = {}
    for p in players:
        entry = final_raw[p]
        colour = entry.get("colour") if entry.__class__ is dict else None
        if colour.__class__ is not str or not colour.strip() or colour in colours.values():
            colour = read_colour(entry, ("final", p), colours)  # the careful reading names the fault
        colours[p] = colour
    return colours


def check_supply(held: Supply, tableaux: Mapping[str, Tableau]) -> None:
    """Across all players, at most 3 copies of each tile (colour and number): an exact count
    confirms what `held` suggests before refusing."""
    if max(held.counts, default=0) > TILES_PER_COLOUR_AND_NUMBER:
        for tile, n in Counter(chain.from_iterable(map(_tiles_of, tableaux.values()))).items():
            if n > TILES_PER_COLOUR_AND_NUMBER:
                holders = ", ".join(f"{p} {k}" for p, tab in tableaux.items() if (k := tab.tiles.count(tile)))
                too_many = Said(
                    "{count} {colour} {number} tiles across all players ({holders}); each colour has {copies}",
                    count=n,
                    colour=colour_word(tile[0], "tiles"),
                    number=tile[1],
                    holders=holders,
                    copies=TILES_PER_COLOUR_AND_NUMBER,
                )
                raise RecordError(("final",), too_many)


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], final_raw: Any) -> Game:
    check_keys(variant_raw, ("variant",), optional=("three_player_sets",))
    sets = need_choice(variant_raw.get("three_player_sets", "one"), ("variant", "three_player_sets"), THREE_PLAYER_SETS)
    need_object(final_raw, ("final",))
    check_player_keys(final_raw, ("final",), players)
    colours = read_colours(final_raw, players)
    in_play = tuple(colours.values())
    held = new_supply(in_play)
    tableaux = {}
    for p, own in colours.items():  # each player's entry, read here rather than in a function per player (cheaper)
        raw, where = final_raw[p], ("final", p)
        if not raw.keys() <= TABLEAU_FIELDS:  # cheap for the usual entry; check_keys names the stranger
            check_keys(raw, where, required=("colour",), optional=("gg", "ledger", "tiles"))
        if ("gg" in raw) == ("ledger" in raw):
            raise RecordError(where, Said("give exactly one of 'gg' (the score track) and 'ledger' (income and spend per round)"))
        if "ledger" in raw:
            ledger, earned = parse_ledger(raw["ledger"], where + ("ledger",))
            gg = starting_gg(players.index(p)) + earned
        else:
            ledger, gg = None, raw["gg"]
            if gg.__class__ is not int:
                need_int(gg, where + ("gg",))  # raises, naming the fault
        tiles = parse_tiles(raw["tiles"], where + ("tiles",), own, in_play, held) if "tiles" in raw else ()
        tableaux[p] = _new(Tableau, (own, tiles, gg, ledger))
    check_supply(held, tableaux)
    return _new(Game, (players, sets, tableaux))


def gg_lines(game: Game, player: str) -> tuple[Line, ...]:
    tab = game.tableaux[player]
    if tab.ledger is None:
        return (track_line(tab.gg),)
    seat = game.seat(player)
    return (
        starting_line(seat),
        income_line(tuple(income for income, _ in tab.ledger)),
        spent_line(tuple(spent for _, spent in tab.ledger)),
    )


def track_line(gg: int) -> Line:
    return Line(Said("GG on the score track"), gg)


def starting_line(seat: int) -> Line:
    return Line(Said("starting GG (seat {seat})", seat=seat + 1), starting_gg(seat))


def income_line(incomes: tuple[int, ...]) -> Line:
    return Line(Said("income"), sum(incomes), " + ".join(map(str, incomes)) or "0")


def spent_line(spends: tuple[int, ...]) -> Line:
    return Line(Said("Advertise and Promote"), -sum(spends), "−(" + (" + ".join(map(str, spends)) or "0") + ")")


def number_line(number: int, k: int, duplicates: int, is_set: bool) -> Line:
    """The line of one number held in k colours (4–6 players)."""
    colours = Said("set of {count} colours", count=k) if is_set else Said.counted("{count} colour", "{count} colours", k)
    if duplicates:
        label = Said.counted(
            "{number}s: {colours}, {count} duplicate score 0",
            "{number}s: {colours}, {count} duplicates score 0",
            duplicates,
            number=number,
            colours=colours,
        )
    else:
        label = Said("{number}s: {colours}", number=number, colours=colours)
    if is_set:
        return Line(label, k * SET_VALUE, f"{k} × {SET_VALUE}")
    return Line(label, k * number, f"{k} × {number}")


def lines_by_number(tab: Tableau, others: int) -> tuple[Line, ...]:
    """4–6 players: a number held in every other player's colour is a set (6 each); duplicates score 0."""
    colours_by_number: dict[int, list[str]] = {}  # one pass over the tiles instead of one per number
    for colour, number in tab.tiles:
        colours_by_number.setdefault(number, []).append(colour)
    lines = []
    for number in NUMBERS:
        colours = colours_by_number.get(number)
        if colours:
            k = len(set(colours))  # tiles of one number are distinct exactly when their colours are
            lines.append(number_line(number, k, len(colours) - k, k == others))
    return tuple(lines)


def lines_by_colour(tab: Tableau, every_set: bool) -> tuple[Line, ...]:
    """3 players: tiles in a complete 1–6 set of a colour score 6; every other tile its number."""
    lines = []
    for colour in dict.fromkeys(map(_colour_of, tab.tiles)):
        counts = Counter(n for c, n in tab.tiles if c == colour)
        sets = min(counts[n] for n in NUMBERS)
        if not every_set:
            sets = min(sets, 1)
        if sets:
            if sets == 1:
                label = Said("{colour} 1–6 set", colour=colour_word(colour))
            else:
                label = Said("{colour} 1–6 sets × {count}", colour=colour_word(colour), count=sets)
            lines.append(Line(label, sets * SET_VALUE * len(NUMBERS), f"{sets * len(NUMBERS)} × {SET_VALUE}"))
        rest = sorted(n for n in NUMBERS for _ in range(counts[n] - sets))
        if rest:
            lines.append(Line(Said("{colour} other tiles", colour=colour_word(colour, "tiles")), sum(rest), "+".join(map(str, rest))))
    return tuple(lines)


def tile_lines(game: Game, player: str) -> tuple[Line, ...]:
    tab = game.tableaux[player]
    if len(game.players) == 3:
        return lines_by_colour(tab, game.three_player_sets == "every")
    return lines_by_number(tab, len(game.players) - 1)


def gg_points(game: Game, player: str) -> int:
    """The sum of gg_lines(game, player), without building them (summed while the record was read)."""
    return game.tableaux[player].gg


def tile_points(game: Game, player: str) -> int:
    """The sum of tile_lines(game, player), without building them."""
    tiles = game.tableaux[player].tiles
    if len(game.players) == 3:
        return points_by_colour(tiles, game.three_player_sets == "every")
    return points_by_number(tiles, len(game.players) - 1)


# The two end scorings count in C where they can: they run for every player on every tap.
def points_by_colour(tiles: tuple[Tile, ...], every_set: bool) -> int:
    """3 players: every tile scores its number, and a tile in a 1–6 set of a colour scores 6
    instead, so each set adds 36 − 21."""
    points: int = sum(map(_number_of, tiles))
    if len(tiles) >= len(NUMBERS):
        colours = list(map(_colour_of, set(tiles)))  # one per distinct tile
        for colour in set(colours):
            if colours.count(colour) == len(NUMBERS):  # all of 1–6 in this colour: one set at least
                sets = min(tiles.count((colour, n)) for n in NUMBERS) if every_set else 1
                points += sets * (SET_VALUE * len(NUMBERS) - sum(NUMBERS))
    return points


def points_by_number(tiles: tuple[Tile, ...], others: int) -> int:
    """4–6 players: a number held in k distinct colours scores k × the number, or k × 6 when k is
    every other player's colour (a set); duplicates score 0."""
    numbers: list[int] = sorted(map(_number_of, set(tiles)))  # one per distinct tile
    points = sum(numbers)
    # A set is a run of `others` equal numbers (k never exceeds others); its tiles score 6 instead.
    for low, high in zip(numbers, numbers[others - 1 :]):
        if low == high:
            points += others * (SET_VALUE - low)
    return points


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return ({p: gg_lines(game, p) + tile_lines(game, p) for p in game.players},)


def tiebreaks(game: Game) -> tuple[Tiebreak, ...]:
    distinct: dict[str, list[int]] = {}  # player → the number of each distinct tile, listed when first asked

    def distinct_tiles(number: int, player: str) -> int:
        try:
            numbers = distinct[player]
        except KeyError:
            numbers = distinct[player] = list(map(_number_of, set(game.tableaux[player].tiles)))
        return numbers.count(number)

    return tuple(Tiebreak(subject, partial(distinct_tiles, n)) for subject, n in zip(TIEBREAK_SUBJECTS, NUMBERS))


def score(game: Game) -> Result:
    # gg_points + tile_points for each player, inlined: calling them costs a few % of each record
    others = len(game.players) - 1
    every_set = game.three_player_sets == "every"
    totals = {}
    for player, tab in game.tableaux.items():
        if others == 2:
            totals[player] = tab.gg + points_by_colour(tab.tiles, every_set)
        else:
            totals[player] = tab.gg + points_by_number(tab.tiles, others)
    return scored_once(GAME.key, game.players, totals, lambda: tiebreaks(game), lambda: breakdown(game))


def moves(table: Table) -> Iterator[Action]:
    """The taps on each tableau (GameRules.moves): a tile counted up or to none, the score track or the
    ledger, and the ledger's next round."""
    game = parsed_game(GAME, table)
    colours = [tableau.colour for tableau in game.tableaux.values()]
    for player, tableau in game.tableaux.items():
        held = Counter(tableau.tiles)
        for colour in colours:
            for number in NUMBERS:
                yield from (SetTiles(player, colour, number, held[colour, number] + 1), SetTiles(player, colour, number, 0))
        if tableau.ledger is None:
            yield UseLedger(player)
            yield from (SetTrackGG(player, gg) for gg in (0, 25, 100))
            continue
        yield UseTrack(player)
        for round_ in range(1, min(len(tableau.ledger) + 1, MAX_LEDGER_ROUNDS) + 1):
            yield from (SetIncome(player, round_, income) for income in (0, 3, 12))
            yield from (AdjustSpent(player, round_, 1), AdjustSpent(player, round_, -1))


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
    """Each player's colour as chosen; a player who chose none takes the first colour nobody chose."""
    free = iter(c for c in COLOURS if c not in choices.values())
    return {p: {"colour": choices.get(p) or next(free), "ledger": [], "tiles": []} for p in players}


# --- Queries: what screens ask instead of counting for themselves ----------------------------


def held_counts(game: Game) -> Mapping[Tile, int]:
    """How many copies of each tile (colour, number) the players hold between them: the supply
    count every question about a tile starts from (the box has 3 of each). The last game's count is
    kept: a screen asks of every tile of the game it draws (a game is never changed, only replaced)."""
    global _last_counted
    last = _last_counted
    if last is not None and last[0] is game:
        return last[1]
    held = Counter(chain.from_iterable(map(_tiles_of, game.tableaux.values())))
    _last_counted = (game, held)
    return held


_last_counted: tuple[Game, Counter[Tile]] | None = None


def sold_out(held: Mapping[Tile, int]) -> frozenset[Tile]:
    """The tiles whose every copy is held by someone (`held`: from held_counts)."""
    return frozenset(tile for tile, n in held.items() if n >= TILES_PER_COLOUR_AND_NUMBER)


def holders(game: Game, tile: Tile, besides: str | None = None) -> str:
    """Who holds `tile` and how many, in words ("Bo 2, Cy 1"), leaving out `besides`."""
    return ", ".join(f"{p} {k}" for p, tab in game.tableaux.items() if p != besides and (k := tab.tiles.count(tile)))


def colour_problem(game: Game, player: str, colour: str) -> str | None:
    """Why `player` can never hold tiles of `colour`; None when they can."""
    if colour == game.tableaux[player].colour:
        return Said("{colour} is {player}'s own colour: its tiles cannot be held", colour=colour_word(colour), player=player)
    in_play = tuple(tab.colour for tab in game.tableaux.values())
    if colour not in in_play:
        return not_in_play(colour, in_play)
    return None


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal): a tile of a
    colour in play, not one's own, of which the box has 3, at most 18 a player; a ledger while it is used."""
    return why_not(parsed_game(GAME, table), action)


def why_not(game: Game, action: Action) -> str | None:
    """refusal() on the parsed game (apply has it already)."""
    if action.player not in game.tableaux:
        return Said("'{player}' is not a player of this game", player=action.player)
    if isinstance(action, SetTrackGG | SetIncome):
        typed = action.gg if isinstance(action, SetTrackGG) else action.income
        return Said("{gg} GG is more than a game holds (0 to {most})", gg=typed, most=MAX_GG) if typed > MAX_GG else None
    return tiles_refusal(game, action) if isinstance(action, SetTiles) else None


def tiles_refusal(game: Game, action: SetTiles) -> str | None:
    p, tile = action.player, (action.colour, action.number)
    problem = colour_problem(game, p, action.colour)
    if problem:
        return problem
    if action.number not in NUMBERS or action.count < 0:
        return Said(
            "there is no {colour} {number} tile to hold {count} of",
            colour=colour_word(action.colour, "tile"),
            number=action.number,
            count=action.count,
        )
    tiles = game.tableaux[p].tiles
    mine = tiles.count(tile)
    others = held_counts(game)[tile] - mine
    if action.count + others > TILES_PER_COLOUR_AND_NUMBER:
        box = TILES_PER_COLOUR_AND_NUMBER
        colour = colour_word(action.colour, "tiles")
        if not others:
            return Said(
                "only {free} of the {box} {colour} {number} tiles can be {player}'s",
                free=box - others,
                box=box,
                colour=colour,
                number=action.number,
                player=p,
            )
        return Said(
            "only {free} of the {box} {colour} {number} tiles can be {player}'s; the others are held ({holders})",
            free=box - others,
            box=box,
            colour=colour,
            number=action.number,
            player=p,
            holders=holders(game, tile, besides=p),
        )
    if len(tiles) - mine + action.count > MAX_TILES:
        return Said(
            "{player} holds {count} tiles; a player acquires at most {most} (3 dice × 6 rounds)", player=p, count=len(tiles), most=MAX_TILES
        )
    return None


# --- Actions: what a tap at the table does -----------------------------------------------------


@dataclass(frozen=True)
class SetTiles(Action):
    """How many `colour number` tiles the player holds. Copies of a tile are alike, so the count is
    what the screen showed plus one (or 0 past the last): the same tap from two devices agrees."""

    player: str
    colour: str
    number: int
    count: int


@dataclass(frozen=True)
class UseTrack(Action):
    """The player's GG are read off the score track (the ledger's total carries over)."""

    player: str


@dataclass(frozen=True)
class UseLedger(Action):
    """The player's GG come from an income ledger, started empty."""

    player: str


@dataclass(frozen=True)
class SetTrackGG(Action):
    """The GG on the score track, as typed (laps past 100 added)."""

    player: str
    gg: int


@dataclass(frozen=True)
class SetIncome(Action):
    """One round's income, as typed."""

    player: str
    round: int  # 1-based
    income: int


@dataclass(frozen=True)
class AdjustSpent(Action):
    """Advertise and Promote: each costs 1 GG, a step of `delta` (two devices' +1 give +2)."""

    player: str
    round: int  # 1-based
    delta: int


ACTIONS = (SetTiles, UseTrack, UseLedger, SetTrackGG, SetIncome, AdjustSpent)
# What a tap may enter (records read before these limits score as they always did): the track's GG and a
# round's income as typed, and the Advertise and Promote steps of one round. More is a typo.
MAX_GG = 999
MAX_SPENT = 60


def tiles_word(count: int, colour: str, number: int) -> str:
    if not count:
        return Said("no {colour} {number} tile", colour=colour_word(colour, "tile"), number=number)
    return Said.counted(
        "{count} {colour} {number} tile",
        "{count} {colour} {number} tiles",
        count,
        colour=colour_word(colour, "tile" if count == 1 else "tiles"),
        number=number,
    )


def check_record(record: dict[str, Any], draft: Any) -> Record:
    """The whole record validated once (the draft is not this game's); its parse is the tap's."""
    return parse_one(GAME, record)


def _set_tiles(game: Game, action: SetTiles) -> Callable[[dict[str, Any], Any], None]:
    p, tile = action.player, (action.colour, action.number)
    where = ("final", p, "tiles")
    if action.number not in NUMBERS or action.count < 0 or colour_problem(game, p, action.colour):  # said before "already"
        raise RecordError(where, tiles_refusal(game, action) or "")
    tiles = game.tableaux[p].tiles
    mine = tiles.count(tile)
    if action.count == mine:
        raise Unchanged(where, Said("{player} already holds {tiles}", player=p, tiles=tiles_word(mine, *tile)))
    reason = tiles_refusal(game, action)
    if reason:
        raise RecordError(where, reason)

    seat_of_colour = {tab.colour: i for i, tab in enumerate(game.tableaux.values())}

    def edit(record: dict[str, Any], draft: Any) -> None:
        raw = record["final"][p].setdefault("tiles", [])
        for _ in range(action.count - mine):
            raw.append({"colour": action.colour, "number": action.number})
        for _ in range(mine - action.count):  # fewer: the last copies go
            last = max(i for i, t in enumerate(raw) if (t["colour"], t["number"]) == tile)
            del raw[last]
        # Kept in one order (colours by seat, then numbers) whatever order the taps came in.
        raw.sort(key=lambda t: (seat_of_colour[t["colour"]], t["number"]))

    return edit


def _ledger_round(entry: dict[str, Any], action: SetIncome | AdjustSpent, field: str) -> tuple[tuple[str, ...], int]:
    """Where the round's `field` is, and its value now; refused while the track is in use."""
    where = ("final", action.player, "ledger", f"round {action.round}", field)
    if "ledger" not in entry:
        raise RecordError(
            ("final", action.player, "ledger"),
            Said("{player}'s GG are read off the score track: choose the income ledger first", player=action.player),
        )
    if not 1 <= action.round <= MAX_LEDGER_ROUNDS:
        raise RecordError(
            ("final", action.player, "ledger"),
            Said("there is no round {round}; the game has {rounds}", round=action.round, rounds=MAX_LEDGER_ROUNDS),
        )
    ledger = entry["ledger"]
    current = ledger[action.round - 1].get(field, 0) if action.round <= len(ledger) else 0
    return where, current


def _set_ledger(player: str, round_: int, field: str, value: int) -> Callable[[dict[str, Any], Any], None]:
    def edit(record: dict[str, Any], draft: Any) -> None:
        ledger = record["final"][player]["ledger"]
        while len(ledger) < round_:
            ledger.append({"income": 0, "spent": 0})  # both fields: the usual, quickly read entry
        entry = ledger[round_ - 1]
        entry.setdefault("income", 0)
        entry.setdefault("spent", 0)
        entry[field] = value

    return edit


def _switch(player: str, field: str, value: Any) -> Callable[[dict[str, Any], Any], None]:
    """An edit that makes `field` ("gg" or "ledger") the player's source of GG, the other one gone."""

    def edit(record: dict[str, Any], draft: Any) -> None:
        entry = record["final"][player]
        entry.pop("ledger" if field == "gg" else "gg", None)
        entry[field] = value

    return edit


def apply(table: Table, action: Action) -> Table:
    record = table.record
    if not isinstance(action, ACTIONS):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    players = tuple(record["players"])
    p = action.player
    if p not in players:
        raise RecordError((), Said("'{player}' is not a player of this game", player=p))
    game = parsed_game(GAME, table)
    entry = record["final"][p]
    if isinstance(action, SetTiles):
        edit = _set_tiles(game, action)
    elif isinstance(action, UseTrack):
        if "gg" in entry:
            raise Unchanged(("final", p, "gg"), Said("{player}'s GG are already read off the score track", player=p))
        edit = _switch(p, "gg", game.tableaux[p].gg)  # the ledger's total carries over to the track
    elif isinstance(action, UseLedger):
        if "ledger" in entry:
            raise Unchanged(("final", p, "ledger"), Said("{player}'s GG already come from the income ledger", player=p))
        edit = _switch(p, "ledger", [])
    elif isinstance(action, SetTrackGG):
        where: tuple[str, ...] = ("final", p, "gg")
        if action.gg < 0 or action.gg > MAX_GG:
            raise RecordError(where, why_not(game, action) or Said("GG cannot be negative ({gg})", gg=action.gg))
        if "gg" not in entry:
            raise RecordError(where, Said("{player}'s GG come from the income ledger: choose the score track first", player=p))
        if entry["gg"] == action.gg:
            raise Unchanged(where, Said("{player} already has {gg} GG on the track", player=p, gg=action.gg))
        edit = _switch(p, "gg", action.gg)
    elif isinstance(action, SetIncome):
        where, current = _ledger_round(entry, action, "income")
        if action.income < 0:
            raise RecordError(where, Said("an income cannot be negative ({income})", income=action.income))
        if action.income > MAX_GG:
            raise RecordError(where, why_not(game, action) or "")
        if current == action.income:
            raise Unchanged(where, Said("{player}'s round {round} income is already {gg} GG", player=p, round=action.round, gg=current))
        edit = _set_ledger(p, action.round, "income", action.income)
    else:  # AdjustSpent
        where, current = _ledger_round(entry, action, "spent")
        if action.delta == 0:
            raise Unchanged(where, Said("a step of 0 changes nothing"))
        if current + action.delta < 0:
            raise RecordError(
                where,
                Said(
                    "{player} spent {gg} GG in round {round}: {back} cannot be taken back",
                    player=p,
                    gg=current,
                    round=action.round,
                    back=-action.delta,
                ),
            )
        if current + action.delta > MAX_SPENT:
            raise RecordError(where, Said("at most {most} Advertise and Promote a round (a fuller round is a typo)", most=MAX_SPENT))
        edit = _set_ledger(p, action.round, "spent", current + action.delta)
    return edited(table, edit, check_record)


def entered(game: Game) -> bool:
    """Tiles, income, spending or GG moved on the track: the starting GG alone (10 or 11) are no standing, nor
    is a switch to the score track, which carries those GG over (GameRules.entered)."""
    return any(
        tab.tiles or tab.gg != starting_gg(game.seat(p)) or any(income or spent for income, spent in tab.ledger or ())
        for p, tab in game.tableaux.items()
    )


def choices_of(body: Any) -> dict[str, str]:
    """Each player's publisher colour, kept for a rematch."""
    return {p: entry["colour"] for p, entry in body.items() if isinstance(entry, dict) and "colour" in entry}


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
HOW_SCORING_WORKS = N_("""\
- Your GG from play (the score track, laps past 100 added; or start 10 for the
  first three seats, 11 after, plus income, minus 1 per Advertise or Promote),
  plus end scoring of your tiles.
- 4–6 players, number by number: holding a number in every other player's
  colour is a set, and each tile of it scores 6; otherwise each tile scores its
  number; a second copy of a colour and number scores 0.
- 3 players, colour by colour: a complete 1–6 set of a colour scores 36; by
  default only one set per colour counts and further tiles score their number
  (the variant "every set" scores each complete set).
- Your own colour's tiles score nothing; the record refuses them so a slip at
  the table is caught. A player acquires at most 18 tiles.
- Ties, at every player count: more distinct tiles numbered 1, then 2, … then
  6; still level, the place is shared.
""")


def option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    """The sets option counts only at 3 players (said so before the players are known)."""
    counts = players in (None, 3) and changed.get("three_player_sets") == "every"
    return (Said("3 players: every complete set scores"),) if counts else ()


GAME = GameRules(
    key="bgg-game",
    title="The BoardGameGeek Game",
    min_players=3,
    max_players=6,
    body="final",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    default_variant={"three_player_sets": "one"},
    player_keyed=(("final",),),
    choices_of=choices_of,
    how_scoring_works=HOW_SCORING_WORKS,
    entered=entered,
    option_words=option_words,
)
