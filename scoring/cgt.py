"""CGT – Card Game Traders (2–4 players): each Collection card scores its type's value,
max(1, Meta count + passive modifiers), plus scoring abilities, minus the first player's penalty.

Rules: shared/rules/cgt.txt; readings: RULINGS.md › CGT.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from .fields import RecordError, check_keys, check_player_keys, need_int, need_object, ordinal
from .actions import Action, Table
from .record import GameRules
from .registry import register
from .result import Line, Result, Tiebreak, scored_once

TYPE_MIN, TYPE_MAX = 2, 20
MAX_META_COLUMNS = 7
DEFAULT_TYPES = (5, 6, 7, 8, 9, 10, 11)  # RULINGS: 49 game cards in 7 types; offered, never assumed
VALUE_FLOOR = 1  # "No Free Lunch!"


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    penalty: int
    meta: Mapping[int, int]  # type → cards in its Meta column, marker included
    modifiers: Mapping[int, int]
    collections: Mapping[str, Mapping[int, int]]  # player → type → cards
    adjustments: Mapping[str, int]

    def value(self, type_: int) -> int:
        return type_value(self.meta.get(type_, 0), self.modifiers.get(type_, 0))

    def collection_size(self, player: str) -> int:
        return sum(self.collections[player].values())


def type_value(meta_count: int, modifier: int = 0) -> int:
    return max(VALUE_FLOOR, meta_count + modifier)


def parse_type(key: str, where: tuple[str, ...]) -> int:
    # Written as FORMAT.md writes them ("8", not "08"): otherwise "5" and "05" would both be
    # type 5 and one of the two counts would be silently dropped.
    if not (key.isascii() and key.isdigit()) or key != str(int(key)) or not TYPE_MIN <= int(key) <= TYPE_MAX:
        raise RecordError(where, f"type '{key}' is not a number from {TYPE_MIN} to {TYPE_MAX}")
    return int(key)


def parse_counts(raw: Any, where: tuple[str, ...], low: int | None) -> dict[int, int]:
    need_object(raw, where)
    counts = {}
    for key, value in raw.items():
        type_ = parse_type(key, where)
        if value.__class__ is int and (low is None or value >= low):
            counts[type_] = value  # need_int's own fast path, without building the location
        else:
            counts[type_] = need_int(value, where + (f"type {key}",), low=low)
    return counts


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], final_raw: Any) -> Game:
    check_keys(variant_raw, ("variant",), required=("first_player_penalty",))
    penalty = need_int(variant_raw["first_player_penalty"], ("variant", "first_player_penalty"), low=0)
    need_object(final_raw, ("final",))
    check_keys(final_raw, ("final",), required=("meta", "collections"), optional=("modifiers", "adjustments"))

    meta = parse_counts(final_raw["meta"], ("final", "meta"), low=1)
    if len(meta) > MAX_META_COLUMNS:
        raise RecordError(("final", "meta"), f"{len(meta)} Meta columns; the game has {MAX_META_COLUMNS}")
    for type_, count in meta.items():
        if count > type_:
            raise RecordError(("final", "meta", f"type {type_}"), f"{count} cards in the Meta column, but type {type_} has {type_} copies")
    modifiers = parse_counts(final_raw.get("modifiers", {}), ("final", "modifiers"), low=None)

    collections_raw = need_object(final_raw["collections"], ("final", "collections"))
    check_player_keys(collections_raw, ("final", "collections"), players)
    collections = {p: parse_counts(collections_raw[p], ("final", "collections", p), low=0) for p in players}
    for p in players:
        for type_ in collections[p]:
            if type_ not in meta:
                raise RecordError(("final", "collections", p, f"type {type_}"), f"type {type_} has no Meta column")
    for type_, count in meta.items():
        total = count + sum(collections[p].get(type_, 0) for p in players)
        if total > type_:
            held = "".join(f", {p} {collections[p][type_]}" for p in players if collections[p].get(type_))
            raise RecordError(
                ("final", f"type {type_}"),
                f"{total} cards (Meta column {count}{held}) but type {type_} has only {type_} copies",
            )

    adjustments_raw = need_object(final_raw.get("adjustments", {}), ("final", "adjustments"))
    check_player_keys(adjustments_raw, ("final", "adjustments"), players, required=False)
    adjustments = {p: need_int(v, ("final", "adjustments", p)) for p, v in adjustments_raw.items()}
    return Game(players=players, penalty=penalty, meta=meta, modifiers=modifiers, collections=collections, adjustments=adjustments)


def value_formula(game: Game, type_: int) -> str:
    meta, mod = game.meta.get(type_, 0), game.modifiers.get(type_, 0)
    if not mod:
        return str(meta)
    raw = f"{meta} {'+' if mod > 0 else '−'} {abs(mod)}"
    return raw if meta + mod >= VALUE_FLOOR else f"max(1, {raw})"


def lines(game: Game, player: str) -> tuple[Line, ...]:
    out = []
    for type_, count in sorted(game.collections[player].items()):
        if count:
            value = game.value(type_)
            out.append(Line(f"type {type_}", count * value, f"{count} card{'s' * (count > 1)} × value {value}"
                            + (f" ({value_formula(game, type_)})" if game.modifiers.get(type_) else "")))
    if game.adjustments.get(player):
        out.append(Line("scoring abilities", game.adjustments[player]))
    if player == game.players[0] and game.penalty:
        out.append(Line("first player penalty", -game.penalty))
    return tuple(out)


def points(game: Game, player: str) -> int:
    """The sum of lines(game, player), without building them."""
    total = sum(count * game.value(type_) for type_, count in game.collections[player].items())
    total += game.adjustments.get(player, 0)
    return total - game.penalty if player == game.players[0] else total


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return ({p: lines(game, p) for p in game.players},)


def tiebreaks(game: Game) -> tuple[Tiebreak, ...]:
    return (
        Tiebreak("cards in the Collection (fewer wins)", game.collection_size,
                 lambda n: f"{n} card{'s' * (n != 1)}", key=lambda n: -n),
        Tiebreak("seat (later in play order wins)", game.players.index, lambda i: f"{ordinal(i + 1)} seat"),
    )


def score(game: Game) -> Result:
    totals = {p: points(game, p) for p in game.players}
    return scored_once(GAME.key, game.players, totals, lambda: tiebreaks(game), lambda: breakdown(game))


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
    return {"meta": {}, "collections": {p: {} for p in players}}


def apply(table: Table, action: Action) -> Table:
    raise RecordError((), f"{type(action).__name__} is not an action of {GAME.title}")


GAME = register(GameRules(
    key="cgt", title="CGT – Card Game Traders", min_players=2, max_players=4,
    body="final", parse=parse, score=score, new_body=new_body, apply=apply, default_variant={"first_player_penalty": 2}, player_keyed=(("final", "collections"), ("final", "adjustments"))))
