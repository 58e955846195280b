"""CGT – Card Game Traders (2–4 players): each Collection card scores its type's value,
max(1, Meta count + passive modifiers), plus scoring abilities, minus the first player's penalty.

Rules: the published rulebook; readings: docs/scoring.md › CGT.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from .actions import Action, Table, Unchanged, edited
from .fields import RecordError, check_keys, check_player_keys, need_int, need_object
from .record import GameRules, Record, parse_one, parsed_game
from .result import Line, Result, Tiebreak, scored_once
from .words import N_, Said, seat

TYPE_MIN, TYPE_MAX = 2, 20
MAX_META_COLUMNS = 7
DEFAULT_TYPES = (5, 6, 7, 8, 9, 10, 11)  # our reading (docs/scoring.md): 49 game cards in 7 types; offered, never assumed
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
    # Written as docs/format.md writes them ("8", not "08"): otherwise "5" and "05" would both be
    # type 5 and one of the two counts would be silently dropped.
    # Its length first: int() of thousands of digits raises Python's own message, not ours.
    written = key.isascii() and key.isdigit() and len(key) <= len(str(TYPE_MAX)) and key == str(int(key))
    if not written or not TYPE_MIN <= int(key) <= TYPE_MAX:
        raise RecordError(where, Said("type '{type}' is not a number from {low} to {high}", type=key, low=TYPE_MIN, high=TYPE_MAX))
    return int(key)


def type_step(type_: int | str) -> str:
    """A type as a step of a location, in words: "type 7"."""
    return Said("type {type}", type=type_)


def parse_counts(raw: Any, where: tuple[str, ...], low: int | None) -> dict[int, int]:
    need_object(raw, where)
    counts = {}
    for key, value in raw.items():
        type_ = parse_type(key, where)
        if value.__class__ is int and (low is None or value >= low):
            counts[type_] = value  # need_int's own fast path, without building the location
        else:
            counts[type_] = need_int(value, where + (type_step(key),), low=low)
    return counts


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], final_raw: Any) -> Game:
    check_keys(variant_raw, ("variant",), required=("first_player_penalty",))
    penalty = need_int(variant_raw["first_player_penalty"], ("variant", "first_player_penalty"), low=0)
    need_object(final_raw, ("final",))
    check_keys(final_raw, ("final",), required=("meta", "collections"), optional=("modifiers", "adjustments"))

    meta = parse_counts(final_raw["meta"], ("final", "meta"), low=1)
    if len(meta) > MAX_META_COLUMNS:
        raise RecordError(("final", "meta"), Said("{count} Meta columns; the game has {most}", count=len(meta), most=MAX_META_COLUMNS))
    for type_, count in meta.items():
        if count > type_:
            raise RecordError(
                ("final", "meta", type_step(type_)),
                Said("{count} cards in the Meta column, but type {type} has {type} copies", count=count, type=type_),
            )
    modifiers = parse_counts(final_raw.get("modifiers", {}), ("final", "modifiers"), low=None)

    collections_raw = need_object(final_raw["collections"], ("final", "collections"))
    check_player_keys(collections_raw, ("final", "collections"), players)
    collections = {p: parse_counts(collections_raw[p], ("final", "collections", p), low=0) for p in players}
    for p in players:
        for type_ in collections[p]:
            if type_ not in meta:
                raise RecordError(("final", "collections", p, type_step(type_)), Said("type {type} has no Meta column", type=type_))
    for type_, count in meta.items():
        total = count + sum(collections[p].get(type_, 0) for p in players)
        if total > type_:
            held = "".join(f", {p} {collections[p][type_]}" for p in players if collections[p].get(type_))
            raise RecordError(
                ("final", type_step(type_)),
                Said(
                    "{count} cards (Meta column {meta}{held}) but type {type} has only {type} copies",
                    count=total,
                    meta=count,
                    held=held,
                    type=type_,
                ),
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
            if game.modifiers.get(type_):
                formula = Said.counted(
                    "{count} card × value {value} ({formula})",
                    "{count} cards × value {value} ({formula})",
                    count,
                    value=value,
                    formula=value_formula(game, type_),
                )
            else:
                formula = Said.counted("{count} card × value {value}", "{count} cards × value {value}", count, value=value)
            out.append(Line(Said("type {type}", type=type_), count * value, formula))
    if game.adjustments.get(player):
        out.append(Line(Said("scoring abilities"), game.adjustments[player]))
    if player == game.players[0] and game.penalty:
        out.append(Line(Said("first player penalty"), -game.penalty))
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
        Tiebreak(
            Said("cards in the Collection (fewer wins)"),
            game.collection_size,
            lambda n: Said.counted("{count} card", "{count} cards", n),
            key=lambda n: -n,
        ),
        Tiebreak(Said("seat (later in play order wins)"), game.players.index, lambda i: seat(i + 1)),
    )


def score(game: Game) -> Result:
    totals = {p: points(game, p) for p in game.players}
    return scored_once(GAME.key, game.players, totals, lambda: tiebreaks(game), lambda: breakdown(game))


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
    return {"meta": {}, "collections": {p: {} for p in players}}


# -- actions: every change at the table is a +/- step, so two devices' taps both count -------------

MODIFIER_RANGE = 20  # a passive modifier's bound either way: far beyond any real game, it stops a runaway
ADJUSTMENT_RANGE = 99  # likewise for a player's scoring-ability points


@dataclass(frozen=True, kw_only=True)  # AdjustMeta(type=7, by=+1): no player to name
class AdjustMeta(Action):
    """Cards in a type's Meta column, marker included, by `by` (0 cards: no column). Table-wide."""

    type: int
    by: int
    player: str | None = None


@dataclass(frozen=True, kw_only=True)  # AdjustModifier(type=7, by=+1): no player to name
class AdjustModifier(Action):
    """The net change passive abilities make to a type's value, by `by`. Table-wide."""

    type: int
    by: int
    player: str | None = None


@dataclass(frozen=True)
class AdjustCollection(Action):
    """Cards of a type in `player`'s Collection, by `by`."""

    player: str
    type: int
    by: int


@dataclass(frozen=True)
class AdjustAbilityPoints(Action):
    """`player`'s points from scoring abilities, by `by`."""

    player: str
    by: int


def in_collections(game: Game, type_: int) -> int:
    return sum(c.get(type_, 0) for c in game.collections.values())


def cards_left(game: Game, type_: int) -> int:
    """Copies of the type in neither the Meta column nor any Collection."""
    return type_ - game.meta.get(type_, 0) - in_collections(game, type_)


def holders(game: Game, type_: int) -> list[str]:
    return [p for p in game.players if game.collections[p].get(type_)]


def meta_floor(game: Game, type_: int) -> int:
    """The fewest cards the type's Meta column may hold: a type someone collects keeps its column."""
    return 1 if holders(game, type_) else 0


# The first player's penalty a new game may be set up with (the printed markers are small); a record
# written elsewhere with a larger one still scores.
MAX_FIRST_PLAYER_PENALTY = 20


def none_to_take(player: str, held: int, type_: int) -> str:
    """Why a card cannot be taken from `player`'s collection (apply's answer, the screen's minus): "Ana has no type 3 cards"."""
    if not held:
        return Said("{player} has no type {type} cards", player=player, type=type_)
    return Said.counted("{player} has {count} type {type} card", "{player} has {count} type {type} cards", held, player=player, type=type_)


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal): each type's
    copies (as many as its number), seven Meta columns, a collected type keeps its column, the bounds."""
    return why_not(parsed_game(GAME, table), action)


def why_not(game: Game, action: Action) -> str | None:
    """refusal() on the parsed game (apply has it already); None too for what changes nothing."""
    if isinstance(action, (AdjustMeta, AdjustCollection)) and action.by > 0 and cards_left(game, action.type) < action.by:
        return Said("all {type} cards of type {type} are in the Meta column and the Collections", type=action.type)
    if (
        isinstance(action, AdjustMeta)
        and action.by < 0
        and game.meta.get(action.type, 0) > 0
        and game.meta[action.type] + action.by < meta_floor(game, action.type)
    ):
        who = holders(game, action.type)
        return Said.counted(
            "{players} collects type {type}: it keeps its Meta column",
            "{players} collect type {type}: it keeps its Meta column",
            len(who),
            players=each_and(who),
            type=action.type,
        )
    if isinstance(action, AdjustCollection) and action.by > 0 and action.type not in game.meta:
        return Said("type {type} has no Meta column: set the Meta row first", type=action.type)
    if isinstance(action, AdjustMeta) and action.by > 0 and action.type not in game.meta and len(game.meta) >= MAX_META_COLUMNS:
        return Said("the Meta row already has its {count} columns", count=MAX_META_COLUMNS)
    if isinstance(action, AdjustModifier) and abs(game.modifiers.get(action.type, 0) + action.by) > MODIFIER_RANGE:
        return Said("a modifier goes from −{most} to +{most}", most=MODIFIER_RANGE)
    if isinstance(action, AdjustAbilityPoints) and abs(game.adjustments.get(action.player, 0) + action.by) > ADJUSTMENT_RANGE:
        return Said("ability points go from −{most} to {most}", most=ADJUSTMENT_RANGE)
    return None


def each_and(names: list[str]) -> str:
    """ "Ana", "Ana and Ben", "Ana and Ben and Cy": the names joined by "and" (in words the app translates)."""
    said: str = names[0] if names else ""
    for name in names[1:]:
        said = Said("{names} and {last}", names=said, last=name)
    return said


def moves(table: Table) -> Iterator[Action]:
    """The taps on the table (GameRules.moves): each type's Meta and modifier, each player's collected cards
    of it, and ability points, one up or down."""
    game = parsed_game(GAME, table)
    for type_ in sorted({*DEFAULT_TYPES, *game.meta}):
        for by in (1, -1):
            yield from (AdjustMeta(type=type_, by=by), AdjustModifier(type=type_, by=by))
            yield from (AdjustCollection(player, type_, by) for player in game.players)
    for player in game.players:
        yield from (AdjustAbilityPoints(player, 1), AdjustAbilityPoints(player, -1))


def check_record(record: dict[str, Any], draft: Any) -> Record:
    """The whole record validated once (the draft is not this game's); its parse is the tap's."""
    return parse_one(GAME, record)


def put(mapping: dict[str, int], key: str, value: int) -> None:
    """A count in the record, or no entry at all when it is 0 (an empty Collection is {})."""
    if value:
        mapping[key] = value
    else:
        mapping.pop(key, None)


def place(action: Action) -> tuple[str, ...]:
    if isinstance(action, AdjustMeta):
        return ("final", "meta", type_step(action.type))
    if isinstance(action, AdjustModifier):
        return ("final", "modifiers", type_step(action.type))
    if isinstance(action, AdjustCollection):
        return ("final", "collections", action.player, type_step(action.type))
    return ("final", "adjustments", str(action.player))


def apply(table: Table, action: Action) -> Table:
    if not isinstance(action, (AdjustMeta, AdjustModifier, AdjustCollection, AdjustAbilityPoints)):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    record = table.record
    players = tuple(record["players"])
    game = parsed_game(GAME, table)
    if isinstance(action, (AdjustCollection, AdjustAbilityPoints)):
        if action.player not in players:
            raise RecordError((), Said("'{player}' is not a player of this game", player=action.player))
    elif action.player is not None:
        raise RecordError((), Said("the Meta row belongs to the whole table, not to one player"))
    where = place(action)
    if not isinstance(action, AdjustAbilityPoints) and (action.type.__class__ is not int or not TYPE_MIN <= action.type <= TYPE_MAX):
        raise RecordError(
            where[:-1], Said("type '{type}' is not a number from {low} to {high}", type=action.type, low=TYPE_MIN, high=TYPE_MAX)
        )
    if action.by.__class__ is not int:
        raise RecordError(where, Said("a change by '{by}' is not a whole number", by=action.by))
    if action.by == 0:
        raise Unchanged(where, Said("a change by 0 changes nothing"))
    # Counts cannot go below 0: a second "minus" for the card another device already took off is a no-op.
    if isinstance(action, AdjustMeta) and game.meta.get(action.type, 0) + action.by < 0:
        raise Unchanged(
            where,
            Said("type {type} has no Meta column", type=action.type)
            if not game.meta.get(action.type)
            else Said("type {type}'s Meta column holds only {count}", type=action.type, count=game.meta[action.type]),
        )
    if isinstance(action, AdjustCollection) and game.collections[action.player].get(action.type, 0) + action.by < 0:
        raise Unchanged(where, none_to_take(action.player, game.collections[action.player].get(action.type, 0), action.type))
    reason = why_not(game, action)
    if reason:
        raise RecordError(where, reason)

    def edit(r: dict[str, Any], d: Any) -> None:
        final = r["final"]
        if isinstance(action, AdjustMeta):
            put(final["meta"], str(action.type), game.meta.get(action.type, 0) + action.by)
        elif isinstance(action, AdjustModifier):
            put(final.setdefault("modifiers", {}), str(action.type), game.modifiers.get(action.type, 0) + action.by)
        elif isinstance(action, AdjustCollection):
            mine = game.collections[action.player].get(action.type, 0)
            put(final["collections"][action.player], str(action.type), mine + action.by)
        else:
            put(final.setdefault("adjustments", {}), action.player, game.adjustments.get(action.player, 0) + action.by)
        for optional in ("modifiers", "adjustments"):  # emptied by this action: left out, as a new game has it
            if final.get(optional) == {} and optional == where[1]:
                del final[optional]

    return edited(table, edit, check_record)


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
HOW_SCORING_WORKS = N_("""\
- A type's value is the cards in its Meta column (marker included) plus the
  passive modifiers, never below 1. You score, for each type, your collected
  cards × its value, then your scoring-ability points; the first player loses
  the points printed on the First Player Marker.
- The abilities, the copies per type and the penalty are not in the rule text
  we have: players enter the penalty (remembered), each Meta column, modifiers
  and ability points. The default set of types is 5 to 11 (49 game cards); only
  "no more cards of a type than its number" is enforced.
- Ties: fewer cards in the Collection wins; then the player later in seat
  order (furthest from the first player).
""")


def option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    if "first_player_penalty" not in changed:
        return ()
    return (Said("first player penalty {penalty}", penalty=changed["first_player_penalty"]),)


GAME = GameRules(
    key="cgt",
    title="CGT – Card Game Traders",
    min_players=2,
    max_players=4,
    body="final",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    default_variant={"first_player_penalty": 2},
    player_keyed=(("final", "collections"), ("final", "adjustments")),
    how_scoring_works=HOW_SCORING_WORKS,
    # Anything on the Meta row or in a Collection: the first player's penalty alone leaves the others level at 0.
    entered=lambda game: bool(game.meta or game.modifiers or any(game.collections.values()) or any(game.adjustments.values())),
    option_words=option_words,
)
