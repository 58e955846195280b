"""Card Commons (2 players): a Commission matching the Nest Egg by suit or rank scores
the multiplier × the cards of its colour on its owner's side.

Rules: the published rulebook; readings: docs/scoring.md › Card Commons.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from .actions import Action, Table, Unchanged, edited
from .fields import RecordError, check_keys, check_player_keys, need_bool, need_list, need_object, need_str
from .record import Ending, GameRules, Record, parse_one, parsed_game
from .result import Line, Result, rank, sum_totals
from .words import N_, Said

SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = ("D", "H")
WILDS = ("QH", "KS")
DECK = tuple(f"{rank}{suit}" for suit in SUITS for rank in "2345") + WILDS
MAX_SIDE = 6
STANDARD_MULTIPLIERS = (1, 1, 2, 2)
PEEK_MULTIPLIERS = (1, 1, 2)
EXTRA_ROUND_MULTIPLIER = 1
# How a card's colour (colour_of) is said to people.
COLOUR_WORDS: dict[str, str] = {"red": Said("red"), "black": Said("black")}
# Where a card lies in a round, in words (a player's Commission and side: slot_name).
THE_NEST_EGG = Said("the Nest Egg")
THE_REPLACEMENT = Said("the replacement Nest Egg")


def rank_of(card: str) -> str:
    return card[:-1]


def suit_of(card: str) -> str:
    return card[-1]


def colour_of(card: str) -> str:
    return "red" if suit_of(card) in RED_SUITS else "black"


def is_wild(card: str) -> bool:
    return card in WILDS


# The Wilds as a deck of the reader's language prints them: a queen is D(ame) in German and French, a king R(oi) in French.
WILD_FACES: dict[str, str] = {
    # Translators: the Wild queen of hearts as the card's corner shows it (German and French decks: D♥)
    "QH": Said("Q♥"),
    # Translators: the Wild king of spades as the card's corner shows it (German deck: K♠, French deck: R♠)
    "KS": Said("K♠"),
}


def pretty(card: str) -> str:
    """A card as its corner shows it, "2♣", "Q♥" (a Wild in words the app says in the reader's language)."""
    return WILD_FACES.get(card) or rank_of(card) + SUITS[suit_of(card)]


def regular_rounds(peek: bool) -> int:
    return len(PEEK_MULTIPLIERS if peek else STANDARD_MULTIPLIERS)


def multiplier(round_number: int, peek: bool) -> int:
    """Fixed by the round's number (1-based); a Wild swap never changes it."""
    table = PEEK_MULTIPLIERS if peek else STANDARD_MULTIPLIERS
    return table[round_number - 1] if round_number <= len(table) else EXTRA_ROUND_MULTIPLIER


@dataclass(frozen=True)
class Round:
    nest_egg: str
    replacement: str | None
    commissions: Mapping[str, str]
    sides: Mapping[str, tuple[str, ...]]

    def cards(self) -> tuple[str, ...]:
        return (
            self.nest_egg,
            *([self.replacement] if self.replacement else []),
            *self.commissions.values(),
            *(c for side in self.sides.values() for c in side),
        )


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    peek: bool
    rounds: tuple[Round, ...]


CARDS = frozenset(DECK)


def parse_card(raw: Any, where: tuple[str, ...]) -> str:
    card = need_str(raw, where)
    if card not in CARDS:
        raise RecordError(where, Said("'{card}' is not one of the 18 cards (2–5 of C, D, H, S, and the Wilds QH, KS)", card=card))
    return card


def parse_round(raw: Any, where: tuple[str, ...], players: tuple[str, ...], peek: bool) -> Round:
    need_object(raw, where)
    check_keys(raw, where, required=("nest_egg", "commissions", "sides"), optional=("replacement",))
    nest_egg = parse_card(raw["nest_egg"], where + ("nest_egg",))
    replacement = raw.get("replacement")
    if replacement is not None:
        replacement = parse_card(replacement, where + ("replacement",))
        if peek:
            raise RecordError(where + ("replacement",), Said("in Peek a Wild Nest Egg stays: there is no replacement"))
        if not is_wild(nest_egg):
            raise RecordError(where + ("replacement",), Said("the Nest Egg {card} is not a Wild, so nothing replaces it", card=nest_egg))
        if is_wild(replacement):
            raise RecordError(where + ("replacement",), Said("a Wild cannot replace the Nest Egg: the other face-down card is used"))
    commissions_raw = need_object(raw["commissions"], where + ("commissions",))
    check_player_keys(commissions_raw, where + ("commissions",), players)
    commissions = {}
    for p in players:
        card = parse_card(commissions_raw[p], where + ("commissions", p))
        if is_wild(card):
            raise RecordError(where + ("commissions", p), Said("{card} is a Wild, and a Wild cannot be a Commission", card=card))
        commissions[p] = card
    sides_raw = need_object(raw["sides"], where + ("sides",))
    check_player_keys(sides_raw, where + ("sides",), players)
    sides = {}
    for p in players:
        side = need_list(sides_raw[p], where + ("sides", p))
        if len(side) > MAX_SIDE:
            raise RecordError(where + ("sides", p), side_too_long(len(side)))
        try:  # the usual side, every entry one of the 18 cards, checked at once; else card by card
            usual = CARDS.issuperset(side)
        except TypeError:  # an entry that cannot be a card (a list, an object)
            usual = False
        sides[p] = tuple(side) if usual else tuple([parse_card(c, where + ("sides", p)) for c in side])
    round_ = Round(nest_egg=nest_egg, replacement=replacement, commissions=commissions, sides=sides)
    check_once(round_, where, players)
    if is_wild(nest_egg) and replacement is None and not peek:
        other = next(w for w in WILDS if w != nest_egg)
        if any(other in sides[p] for p in players):
            raise RecordError(
                where + ("replacement",),
                Said(
                    "the Nest Egg {card} is a Wild and {other} is on a side, so a face-down card replaced it: give it",
                    card=nest_egg,
                    other=other,
                ),
            )
    return round_


def side_too_long(cards: int) -> Said:
    return Said("{count} cards; a side holds at most {most}", count=cards, most=MAX_SIDE)


def check_once(round_: Round, where: tuple[str, ...], players: tuple[str, ...]) -> None:
    """Each card of the 18 is used at most once in a round; say where both copies are."""
    cards = round_.cards()
    if len(set(cards)) == len(cards):
        return
    places: dict[str, str] = {}

    def place(card: str, name: str) -> None:
        if card in places:
            if places[card] == name:
                raise RecordError(where, Said("{card} appears twice {place}", card=card, place=name))
            raise RecordError(where, Said("{card} is both {place} and {other}", card=card, place=places[card], other=name))
        places[card] = name

    place(round_.nest_egg, THE_NEST_EGG)
    if round_.replacement:
        place(round_.replacement, THE_REPLACEMENT)
    for p in players:
        place(round_.commissions[p], slot_name(COMMISSION, p))
    for p in players:
        for card in round_.sides[p]:
            place(card, slot_name(SIDE, p))


def scoring_card(round_: Round, peek: bool) -> str | None:
    """The card Commissions are matched against; None when every Commission scores."""
    if not is_wild(round_.nest_egg) or peek:
        return round_.nest_egg
    return round_.replacement


def commission_scores(round_: Round, player: str, peek: bool) -> bool:
    """Whether the player's Commission matches (as commission_line says why, or why not)."""
    commission = round_.commissions[player]
    target = scoring_card(round_, peek)
    if target is None:
        return True
    if is_wild(target):  # Peek: the Wild stays and matches its colour
        return colour_of(target) == colour_of(commission)
    return suit_of(commission) == suit_of(target) or rank_of(commission) == rank_of(target)


def commission_points(round_: Round, player: str, mult: int, peek: bool) -> int:
    """commission_line(...).points, without building the line."""
    if not commission_scores(round_, player, peek):
        return 0
    colour = colour_of(round_.commissions[player])
    return mult * sum(1 for c in round_.sides[player] if colour_of(c) == colour)


def commission_line(round_: Round, player: str, mult: int, peek: bool) -> Line:
    commission = round_.commissions[player]
    colour = colour_of(commission)
    count = sum(1 for c in round_.sides[player] if colour_of(c) == colour)
    target = scoring_card(round_, peek)
    card, nest_egg = pretty(commission), pretty(round_.nest_egg)
    # A replacement is said to be one: the Nest Egg on the table was a Wild, and the line names another card.
    replaced = bool(target) and target == round_.replacement
    if target is None:
        why = Said("Commission {card} scores: no card but a Wild replaced the Nest Egg {nest_egg}", card=card, nest_egg=nest_egg)
    elif is_wild(target):  # Peek: the Wild stays and matches its colour
        wild = pretty(target)
        if colour_of(target) != colour:
            unmatched = Said(
                "Commission {card} does not match the Wild {wild} ({colour})", card=card, wild=wild, colour=COLOUR_WORDS[colour_of(target)]
            )
            return Line(unmatched, 0)
        why = Said("Commission {card} matches the Wild {wild} by colour", card=card, wild=wild)
    elif suit_of(commission) == suit_of(target):
        if replaced:
            why = Said(
                "Commission {card} matches {target} by suit ({target} replaced the Wild Nest Egg {nest_egg})",
                card=card,
                target=pretty(target),
                nest_egg=nest_egg,
            )
        else:
            why = Said("Commission {card} matches {target} by suit", card=card, target=pretty(target))
    elif rank_of(commission) == rank_of(target):
        if replaced:
            why = Said(
                "Commission {card} matches {target} by rank ({target} replaced the Wild Nest Egg {nest_egg})",
                card=card,
                target=pretty(target),
                nest_egg=nest_egg,
            )
        else:
            why = Said("Commission {card} matches {target} by rank", card=card, target=pretty(target))
    else:
        if replaced:
            unmatched = Said(
                "Commission {card} does not match {target} ({target} replaced the Wild Nest Egg {nest_egg})",
                card=card,
                target=pretty(target),
                nest_egg=nest_egg,
            )
        else:
            unmatched = Said("Commission {card} does not match {target}", card=card, target=pretty(target))
        return Line(unmatched, 0)
    if colour == "red":
        formula = Said.counted("{count} red × {multiplier}", "{count} red × {multiplier}", count, multiplier=mult)
    else:
        formula = Said.counted("{count} black × {multiplier}", "{count} black × {multiplier}", count, multiplier=mult)
    return Line(why, count * mult, formula)


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], rounds_raw: Any) -> Game:
    check_keys(variant_raw, ("variant",), optional=("peek",))
    peek = need_bool(variant_raw.get("peek", False), ("variant", "peek"))
    rounds = tuple(parse_round(r, (f"round {i}",), players, peek) for i, r in enumerate(need_list(rounds_raw, ("rounds",)), start=1))
    game = Game(players=players, peek=peek, rounds=rounds)
    # A round after the regular ones is an extra round, allowed only while the totals are level.
    running = {p: 0 for p in players}
    for number, round_scores_ in enumerate(scores_by_round(game), start=1):
        if number > regular_rounds(peek) and len(set(running.values())) > 1:
            raise RecordError(
                (f"round {number}",), Said("no extra round is played: the totals were not level after round {round}", round=number - 1)
            )
        for p in players:
            running[p] += round_scores_[p]
    return game


def lines_by_round(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return tuple(
        {p: (commission_line(r, p, multiplier(n, game.peek), game.peek),) for p in game.players} for n, r in enumerate(game.rounds, start=1)
    )


def scores_by_round(game: Game) -> tuple[dict[str, int], ...]:
    """Per round, the sum of each player's lines_by_round, without building them."""
    return tuple(
        {p: commission_points(r, p, multiplier(n, game.peek), game.peek) for p in game.players} for n, r in enumerate(game.rounds, start=1)
    )


def score(game: Game) -> Result:
    rounds = scores_by_round(game)
    totals = sum_totals(game.players, rounds)
    ranking, _ = rank(game.players, totals)
    level = len(ranking) == 1
    decided = len(rounds) >= regular_rounds(game.peek) and not level
    # Two players and no tiebreak but extra rounds: level totals are never a shared place, only
    # "not decided yet" (rank's "they share 1st place" would contradict the extra round).
    explanations = []
    if len(rounds) >= regular_rounds(game.peek) and level:
        explanations.append(
            Said(
                "The totals are level at {total}: an extra round is required, scored ×{multiplier}.",
                total=totals[game.players[0]],
                multiplier=EXTRA_ROUND_MULTIPLIER,
            )
        )
    return Result(
        game=GAME.key,
        players=game.players,
        rounds=rounds,
        build_breakdown=lambda: lines_by_round(game),
        totals=totals,
        ranking=ranking,
        decided=decided,
        explanations=tuple(explanations),
        extras={"next_multiplier": None if decided else multiplier(len(rounds) + 1, game.peek)},
    )


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
    return []


# --- The round being entered (the draft) and the actions that change it -----------------------
#
# A round is valid in the record only once complete (a Nest Egg and both Commissions), so the
# round being entered lives apart, in the table's draft, shaped like a round of the record with
# nothing chosen yet as None: {"nest_egg", "replacement", "commissions": {p: card}, "sides": {p: [..]}},
# and "no_replacement": true once the table has said that nothing but the other Wild replaced a Wild
# Nest Egg (NoReplacement: forgetting the replacement must not score as that).
# Every action names the round it was tapped for: a tap meant for a round someone has just
# scored never lands in the next one.

NEST_EGG, REPLACEMENT, COMMISSION, SIDE = "nest_egg", "replacement", "commission", "side"


def empty_draft(players: tuple[str, ...] | list[str]) -> dict[str, Any]:
    return {"nest_egg": None, "replacement": None, "commissions": {p: None for p in players}, "sides": {p: [] for p in players}}


def current_draft(players: tuple[str, ...] | list[str], draft: Any) -> dict[str, Any]:
    """The round being entered: the stored draft, or nothing chosen yet."""
    return draft if draft else empty_draft(players)


def round_cards(table: Table, number: int) -> dict[str, Any]:
    """Round `number` (1-based) in the draft's shape: a scored round of the record (to correct it), or the
    round being entered."""
    rounds = table.record["rounds"]
    if number > len(rounds):
        return current_draft(table.record["players"], table.draft)
    scored = rounds[number - 1]
    return {
        "nest_egg": scored["nest_egg"],
        "replacement": scored.get("replacement"),
        "commissions": dict(scored["commissions"]),
        "sides": {p: list(side) for p, side in scored["sides"].items()},
    }


def held(draft: Mapping[str, Any], slot: str, player: str | None) -> tuple[str, ...]:
    """The cards in one place of the round being entered."""
    if slot == SIDE:
        return tuple(draft["sides"][player])
    card = draft["commissions"][player] if slot == COMMISSION else draft.get(slot)
    return (card,) if card else ()


def places(draft: Mapping[str, Any]) -> dict[str, str]:
    """card → where it lies in the round being entered, in words."""
    where: dict[str, str] = {}
    if draft["nest_egg"]:
        where[draft["nest_egg"]] = THE_NEST_EGG
    if draft.get("replacement"):
        where[draft["replacement"]] = THE_REPLACEMENT
    for p, card in draft["commissions"].items():
        if card:
            where[card] = slot_name(COMMISSION, p)
    for p, side in draft["sides"].items():
        for card in side:
            where[card] = slot_name(SIDE, p)
    return where


def asks_replacement(draft: Mapping[str, Any], peek: bool) -> bool:
    """Whether the table says which face-down card replaced the Nest Egg (a Wild, standard game)."""
    return bool(draft["nest_egg"]) and is_wild(draft["nest_egg"]) and not peek


def replacement_unsaid(draft: Mapping[str, Any], peek: bool) -> bool:
    """Whether the round being entered still needs its replacement said: a card, or that there is none."""
    return asks_replacement(draft, peek) and not draft.get("replacement") and not draft.get("no_replacement")


def other_wild(draft: Mapping[str, Any]) -> str:
    return next(w for w in WILDS if w != draft["nest_egg"])


def placing_refusal(draft: Mapping[str, Any], peek: bool, slot: str, player: str | None, card: str) -> str | None:
    """Why `card` cannot go to `slot` (of `player`) in the round being entered, in words; None when it can."""
    if card not in CARDS:
        return Said("'{card}' is not one of the 18 cards", card=card)
    if card in held(draft, slot, player):
        return None
    taken = places(draft)
    if card in taken:
        return Said("{card} is already {place} this round", card=pretty(card), place=taken[card])
    if slot == COMMISSION and is_wild(card):
        return Said("{card} is a Wild, and a Wild cannot be a Commission", card=pretty(card))
    if slot == REPLACEMENT:
        if peek:
            return Said("in Peek a Wild Nest Egg stays: there is no replacement")
        if not draft["nest_egg"]:
            return Said("choose the Nest Egg first")
        if not is_wild(draft["nest_egg"]):
            return Said("the Nest Egg {card} is not a Wild, so nothing replaces it", card=pretty(draft["nest_egg"]))
        if is_wild(card):
            return Said("a Wild cannot replace the Nest Egg: the other face-down card is used")
    if slot == SIDE and len(draft["sides"][player]) >= MAX_SIDE:
        return Said("{player}'s side is full: a side holds at most {most} cards", player=player, most=MAX_SIDE)
    return None


def missing(draft: Mapping[str, Any], players: tuple[str, ...] | list[str], peek: bool) -> str | None:
    """What the round being entered still needs before it can be scored, in words; None when complete."""
    if not draft["nest_egg"]:
        return Said("Choose the Nest Egg.")
    without = [p for p in players if not draft["commissions"][p]]
    if len(without) == 1:
        return Said("{player}'s Commission still to choose.", player=without[0])
    if without:  # both players (a game of two)
        return Said("{player}'s and {other}'s Commissions still to choose.", player="'s and ".join(without[:-1]), other=without[-1])
    if asks_replacement(draft, peek) and not draft.get("replacement"):
        other = other_wild(draft)
        if any(other in draft["sides"][p] for p in players):
            return Said("{card} is on a side, so a face-down card replaced the Wild Nest Egg: choose it.", card=pretty(other))
    if replacement_unsaid(draft, peek):
        return Said("Choose the card that replaced the Wild Nest Egg, or none (only {card} was left).", card=pretty(other_wild(draft)))
    return None


def preview(draft: Mapping[str, Any], players: tuple[str, ...] | list[str], peek: bool, number: int) -> dict[str, Line]:
    """What each player's Commission would score if round `number` were scored now, as the round's line
    (its points and why): only players whose Commission is chosen, nothing before the Nest Egg is."""
    if not draft["nest_egg"]:
        return {}
    commissions = {p: draft["commissions"][p] for p in players if draft["commissions"][p]}
    round_ = Round(draft["nest_egg"], draft.get("replacement") or None, commissions, {p: tuple(draft["sides"][p]) for p in players})
    return {p: commission_line(round_, p, multiplier(number, peek), peek) for p in commissions}


def round_record(draft: Mapping[str, Any]) -> dict[str, Any]:
    """The round being entered as a round of the record."""
    out: dict[str, Any] = {
        "nest_egg": draft["nest_egg"],
        "commissions": dict(draft["commissions"]),
        "sides": {p: list(side) for p, side in draft["sides"].items()},
    }
    if draft.get("replacement"):
        out["replacement"] = draft["replacement"]
    return out


@dataclass(frozen=True)
class CardAction(Action):
    """Puts a card in a place of the round being entered (`adds`), or takes it back from there."""

    slot: ClassVar[str]
    adds: ClassVar[bool]
    card: str
    round: int  # 1-based: the round the tap was for
    # A correction of round `round`, scored already (a screen showing that round to correct it). Without it
    # a tap for a scored round is refused: one meant for the round being entered, scored meanwhile on
    # another device, never changes a scored round unseen (nor lands in the next one).
    correct: bool = field(default=False, kw_only=True)


@dataclass(frozen=True)
class SetNestEgg(CardAction):
    """The Nest Egg is `card` (instead of any other); a Nest Egg that is no Wild clears the replacement."""

    player: None = field(default=None, kw_only=True)
    slot = NEST_EGG
    adds = True


@dataclass(frozen=True)
class ClearNestEgg(CardAction):
    player: None = field(default=None, kw_only=True)
    slot = NEST_EGG
    adds = False


@dataclass(frozen=True)
class SetReplacement(CardAction):
    """The face-down card that replaced a Wild Nest Egg (standard game only)."""

    player: None = field(default=None, kw_only=True)
    slot = REPLACEMENT
    adds = True


@dataclass(frozen=True)
class ClearReplacement(CardAction):
    player: None = field(default=None, kw_only=True)
    slot = REPLACEMENT
    adds = False


@dataclass(frozen=True)
class NoReplacement(Action):
    """The table says (`chosen`) that nothing but the other Wild replaced the round's Wild Nest Egg, or takes
    that back: both Commissions then score by the rules. The round being entered only: a scored round
    says it by having no replacement (ClearReplacement corrects it)."""

    round: int
    chosen: bool = True
    player: None = field(default=None, kw_only=True)


@dataclass(frozen=True)
class SetCommission(CardAction):
    """`player`'s Commission is `card` (instead of any other)."""

    player: str
    slot = COMMISSION
    adds = True


@dataclass(frozen=True)
class ClearCommission(CardAction):
    player: str
    slot = COMMISSION
    adds = False


@dataclass(frozen=True)
class AddToSide(CardAction):
    player: str
    slot = SIDE
    adds = True


@dataclass(frozen=True)
class RemoveFromSide(CardAction):
    player: str
    slot = SIDE
    adds = False


@dataclass(frozen=True)
class ScoreRound(Action):
    """Move the complete round being entered into the record."""

    round: int
    player: None = field(default=None, kw_only=True)


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal): a card in one
    place a round, no Wild a Commission, a replacement only for a Wild Nest Egg, six cards a side, and a
    round scored once it is complete, and a scored round complete while it is corrected. Asked of the round the
    action names: the one being entered, or a scored one (a correction, rescored with every round after it)."""
    record = table.record
    players = record["players"]
    if action.player is not None and action.player not in players:
        return Said("'{player}' is not a player of this game", player=action.player)
    peek = parsed_game(GAME, table).peek
    if isinstance(action, ScoreRound):
        return missing(current_draft(players, table.draft), players, peek)
    if isinstance(action, NoReplacement):
        return no_replacement_refusal(current_draft(players, table.draft), players, peek, action.chosen)
    if not isinstance(action, CardAction):
        return None
    correcting = action.correct and action.round <= len(record["rounds"])
    cards = round_cards(table, action.round) if correcting else current_draft(players, table.draft)
    if action.adds:
        return placing_refusal(cards, peek, action.slot, action.player, action.card)
    if correcting and action.slot in (NEST_EGG, COMMISSION) and action.card in held(cards, action.slot, action.player):
        if action.slot == NEST_EGG:
            return Said("round {round} is scored, so it keeps its Nest Egg: tap another card to change it", round=action.round)
        return Said(
            "round {round} is scored, so {player} keeps a Commission: tap another card to change it",
            round=action.round,
            player=action.player,
        )
    return None


def no_replacement_refusal(draft: Mapping[str, Any], players: tuple[str, ...] | list[str], peek: bool, chosen: bool) -> str | None:
    if not asks_replacement(draft, peek):
        return Said("only a Wild Nest Egg of the standard game is replaced")
    other = other_wild(draft)
    if chosen and any(other in draft["sides"][p] for p in players):
        return Said("{card} is on a side, so a face-down card replaced the Wild Nest Egg: choose it", card=pretty(other))
    return None


SLOT_NAMES = {NEST_EGG: THE_NEST_EGG, REPLACEMENT: THE_REPLACEMENT}


def slot_path(slot: str, player: str | None) -> tuple[str, ...]:
    """Where a slot is, as a round of the record names it (the place of a refusal)."""
    return {NEST_EGG: ("nest_egg",), REPLACEMENT: ("replacement",), COMMISSION: ("commissions", str(player)), SIDE: ("sides", str(player))}[
        slot
    ]


def slot_name(slot: str, player: str | None) -> str:
    if slot == COMMISSION:
        return Said("{player}'s Commission", player=player)
    if slot == SIDE:
        return Said("on {player}'s side", player=player)
    return SLOT_NAMES[slot]


def check_draft(record: dict[str, Any], draft: Any) -> Record:
    """The whole record validated once, and what every round being entered keeps to (a guard: apply
    refuses in words before this); returns the record's parse, the tap's."""
    parsed = parse_one(GAME, record)
    players = parsed.players
    peek = parsed.game.peek
    where = (f"round {len(record['rounds']) + 1}",)
    if draft is None:
        return parsed
    need_object(draft, where)
    check_keys(draft, where, required=("nest_egg", "replacement", "commissions", "sides"), optional=("no_replacement",))
    if draft.get("no_replacement") not in (None, True, False) or (draft.get("no_replacement") and not asks_replacement(draft, peek)):
        raise RecordError(where + ("no_replacement",), Said("only a Wild Nest Egg of the standard game is replaced"))
    check_player_keys(need_object(draft["commissions"], where + ("commissions",)), where + ("commissions",), players)
    check_player_keys(need_object(draft["sides"], where + ("sides",)), where + ("sides",), players)
    seen: dict[str, str] = {}
    for slot, player in [(NEST_EGG, None), (REPLACEMENT, None), *[(s, p) for s in (COMMISSION, SIDE) for p in players]]:
        at = where + slot_path(slot, player)
        cards = need_list(draft["sides"][player], at) if slot == SIDE else [c for c in held(draft, slot, player)]
        for card in cards:
            parse_card(card, at)
            if card in seen:
                raise RecordError(at, Said("{card} is already {place}", card=pretty(card), place=seen[card]))
            seen[card] = slot_name(slot, player)
        if slot == SIDE and len(cards) > MAX_SIDE:
            raise RecordError(at, side_too_long(len(cards)))
        if slot == COMMISSION and cards and is_wild(cards[0]):
            raise RecordError(at, Said("{card} is a Wild, and a Wild cannot be a Commission", card=pretty(cards[0])))
    if draft["replacement"] and not asks_replacement(draft, peek):
        raise RecordError(where + ("replacement",), Said("a replacement only stands for a Wild Nest Egg in the standard game"))
    if draft["replacement"] and is_wild(draft["replacement"]):
        raise RecordError(where + ("replacement",), Said("a Wild cannot replace the Nest Egg: the other face-down card is used"))
    return parsed


def apply(table: Table, action: Action) -> Table:
    record = table.record
    players = tuple(record["players"])
    if not isinstance(action, (CardAction, ScoreRound, NoReplacement)):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    if action.player is not None and action.player not in players:
        raise RecordError((), Said("'{player}' is not a player of this game", player=action.player))
    game = parsed_game(GAME, table)
    number = len(game.rounds) + 1
    where = (f"round {action.round}",)
    if action.round < 1:
        raise RecordError(where, Said("rounds are numbered from 1"))
    if action.round < number:
        if isinstance(action, ScoreRound):
            raise Unchanged(where, Said("round {round} is already scored", round=action.round))
        if isinstance(action, NoReplacement) or not action.correct:
            raise RecordError(where, Said("round {round} is already scored: nothing was changed", round=action.round))
        return correct(table, action, game.peek)
    if action.round > number:
        raise RecordError(where, Said("round {entered} is being entered, not round {round}", entered=number, round=action.round))
    if score(game).decided:
        raise RecordError(("rounds",), Said("the game is decided: no further round is played"))
    draft = current_draft(players, table.draft)
    if isinstance(action, ScoreRound):
        reason = refusal(table, action)
        if reason:
            raise RecordError(where, reason)
        new = copy.deepcopy(record)
        new["rounds"].append(round_record(draft))
        return Table(new, None, parse_one(GAME, new))  # the next round starts with nothing chosen
    if isinstance(action, NoReplacement):
        reason = refusal(table, action)
        if reason:
            raise RecordError(where + ("replacement",), reason)
        if bool(draft.get("no_replacement")) == action.chosen:  # a card said since clears no_replacement
            raise Unchanged(where + ("replacement",), Said("as said already"))
        return edited(table, lambda r, d: said_no_replacement(current_draft(players, d), action.chosen), check_draft)

    checked(table, action, draft)
    return edited(table, lambda r, d: placed(current_draft(players, d), action, game.peek), check_draft)


def moves(table: Table) -> Iterator[Action]:
    """The taps on the round being entered (GameRules.moves): each card to each place or taken back from it,
    the table's word on the Wild's replacement, and the round scored."""
    players = table.record["players"]
    number = len(table.record["rounds"]) + 1
    draft = current_draft(players, table.draft)
    yield ScoreRound(number)
    yield from (NoReplacement(number, True), NoReplacement(number, False))
    for card in DECK:
        yield (ClearNestEgg if draft["nest_egg"] == card else SetNestEgg)(card, number)
        yield (ClearReplacement if draft["replacement"] == card else SetReplacement)(card, number)
        for player in players:
            yield (ClearCommission if draft["commissions"][player] == card else SetCommission)(player, card, number)
            yield (RemoveFromSide if card in draft["sides"][player] else AddToSide)(player, card, number)


def checked(table: Table, action: CardAction, cards: Mapping[str, Any]) -> None:
    """Raise what a tap on a card of round `action.round` (its `cards`) is refused with, or Unchanged."""
    slot, player, card = action.slot, action.player, action.card
    at = (f"round {action.round}",) + slot_path(slot, player)
    there = held(cards, slot, player)
    if action.adds and card in there:
        raise Unchanged(at, Said("{card} is already {place}", card=pretty(card), place=slot_name(slot, player)))
    if not action.adds and card not in there:
        shown = pretty(card) if card in CARDS else f"'{card}'"
        raise Unchanged(at, Said("{card} is not {place}", card=shown, place=slot_name(slot, player)))
    reason = refusal(table, action)
    if reason:
        raise RecordError(at, reason)


def placed(cards: dict[str, Any], action: CardAction, peek: bool) -> dict[str, Any]:
    """`cards` (a round in the draft's shape, changed in place) with the tap's card put there or taken back."""
    value = action.card if action.adds else None
    if action.slot == SIDE:
        side = cards["sides"][action.player]
        side.append(action.card) if action.adds else side.remove(action.card)
    elif action.slot == COMMISSION:
        cards["commissions"][action.player] = value
    else:
        cards[action.slot] = value
    if action.slot == REPLACEMENT and action.adds:
        cards.pop("no_replacement", None)  # a card replaced it after all
    if not asks_replacement(cards, peek):
        cards["replacement"] = None  # the Nest Egg is no longer a Wild: nothing replaces it
        cards.pop("no_replacement", None)
    return cards


def said_no_replacement(cards: dict[str, Any], chosen: bool) -> dict[str, Any]:
    """`cards` (the draft, changed in place) with the table's word on the Wild's replacement."""
    if chosen:
        cards["replacement"] = None
        cards["no_replacement"] = True
    else:
        cards.pop("no_replacement", None)
    return cards


def correct(table: Table, action: CardAction, peek: bool) -> Table:
    """A scored round corrected: its card put or taken back, and the whole game parsed (and so scored) again,
    every round after it with it. The round being entered is kept as it is."""
    cards = round_cards(table, action.round)  # a copy: placed() changes it, the table's record stays as it is
    checked(table, action, cards)
    new = copy.deepcopy(table.record)
    new["rounds"][action.round - 1] = round_record(placed(cards, action, peek))
    return Table(new, table.draft, parse_one(GAME, new))


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
def round_names(variant: Mapping[str, Any], count: int) -> tuple[str, ...]:
    """Rounds are named by their multiplier on the score pad (as on the play screen): "3 ×2"."""
    peek = bool({**GAME.default_variant, **variant}.get("peek"))
    return tuple(f"{i} ×{multiplier(i, peek)}" for i in range(1, count + 1))


HOW_SCORING_WORKS = N_("""\
- A Commission that matches the Nest Egg by suit or rank scores the round's
  multiplier × the cards of its colour on its owner's side (at most 6).
  Multipliers are fixed by the round's number: ×1, ×1, ×2, ×2 (Peek: ×1, ×1,
  ×2), ×1 for every extra round; a Wild swap never changes them.
- A Wild Nest Egg is replaced by the face-down discard; when that discard is
  the other Wild, no card is left and both Commissions score. In Peek the Wild
  stays and a Commission of its colour scores.
- Ties: a level total after the regular rounds is not a result. The app asks
  for an extra round, and again, until a round ends with one player ahead.
""")


def ending(variant: Mapping[str, Any]) -> Ending:
    """After the regular rounds (GameRules.ending); extra rounds follow while the totals are level."""
    return Ending(rounds=regular_rounds(variant.get("peek") is True))


def option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    return (Said("peek variant"),) if changed.get("peek") else ()


GAME = GameRules(
    key="card-commons",
    title="Card Commons",
    min_players=2,
    max_players=2,
    body="rounds",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    default_variant={"peek": False},
    player_keyed=(("rounds", "*", "commissions"), ("rounds", "*", "sides")),
    draft_player_keyed=(("commissions",), ("sides",)),
    how_scoring_works=HOW_SCORING_WORKS,
    round_names=round_names,
    progress=lambda game: (len(game.rounds), regular_rounds(game.peek)),  # a round counts once scored
    ending=ending,
    option_words=option_words,
    # A round scored (the round being entered is the draft, not the record): a round where neither Commission
    # scored leaves both totals at 0, and a level 0–0 after the regular rounds still asks for an extra round.
    entered=lambda game: bool(game.rounds),
)
