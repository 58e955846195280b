"""6 nimmt! (2–10 players): each round (a deal) every player reports the cards they took; each card carries
bullheads, and the lowest total wins once a total reaches 66 (or the table's number).

Rules: the published rulebook (Amigo, 1994); the record: docs/format.md › six-nimmt.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any

from .actions import Action, NextRound, Table, Unchanged, edited, next_round, tapped_round
from .fields import RecordError, check_keys, check_player_keys, join_names, need_int, need_list, need_object
from .record import Ending, GameRules, Record, parse_one
from .result import Line, Result, first_reached, rank
from .words import N_, Said

CARDS = range(1, 105)  # the deck: one card of each number
LOWEST, HIGHEST = CARDS[0], CARDS[-1]
CARDS_PER_PLAYER = 10  # each player plays 10 cards a round: at most 10 × players are taken (four stay in the rows)
END_AT = 66
END_AT_RANGE = (1, 1000)


def bullheads(card: int) -> int:
    """The bullheads printed on a card.

    >>> [bullheads(card) for card in (55, 11, 99, 10, 100, 5, 95, 1, 104)]
    [7, 5, 5, 3, 3, 2, 2, 1, 1]
    """
    if card == 55:
        return 7
    if card % 11 == 0:
        return 5
    if card % 10 == 0:
        return 3
    if card % 5 == 0:
        return 2
    return 1


BULLHEADS = (0, *(bullheads(card) for card in CARDS))  # by card number: scored without a call per card

Pile = tuple[int, ...]  # the cards a player took in one round, as written


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    end_at: int
    rounds: tuple[Mapping[str, Pile], ...]  # player → the cards taken, oldest round first
    scores: tuple[Mapping[str, int], ...]  # player → the round's bullheads (counted once, by the parse)
    totals: Mapping[str, int]  # player → the game's bullheads


def parse_end_at(variant: Mapping[str, Any]) -> int:
    check_keys(variant, ("variant",), optional=("end_at",))
    return need_int(variant.get("end_at", END_AT), ("variant", "end_at"), *END_AT_RANGE)


def parse_pile(raw: Any, where: tuple[str, ...]) -> list[Any]:
    """A player's part of a round, {"cards": [...]}: its list of cards (checked one by one by parse_round)."""
    need_object(raw, where)
    check_keys(raw, where, required=("cards",))
    return need_list(raw["cards"], where + ("cards",))


ONLY_INT = frozenset((int,))  # (true and 1.0 are equal to 1, so the cards' types are checked before their numbers)
DECK = frozenset(CARDS)


def parse_round(raw: Any, where: tuple[str, ...], players: tuple[str, ...]) -> tuple[dict[str, Pile], dict[str, int]]:
    """A round's piles, and each pile's bullheads."""
    # As in lost_cities.parse_expedition: the checks of a valid round first, here on all its cards at once and in C
    # (a round holds up to 100 cards); `faults` names the first fault only where there is one.
    if raw.__class__ is not dict or len(raw) != len(players):
        need_object(raw, where)
        check_player_keys(raw, where, players)
    piles: dict[str, list[Any]] = {}
    for player in players:
        pile = raw.get(player)
        if pile.__class__ is dict and len(pile) == 1 and pile.get("cards").__class__ is list:
            piles[player] = pile["cards"]
        else:
            if player not in raw:
                check_player_keys(raw, where, players)
            piles[player] = parse_pile(pile, where + (player,))
    cards = list(chain.from_iterable(piles.values()))
    if not (ONLY_INT.issuperset(map(type, cards)) and DECK.issuperset(cards) and len(set(cards)) == len(cards)):
        faults(piles, where)
    most = CARDS_PER_PLAYER * len(players)
    if len(cards) > most:
        raise RecordError(
            where,
            Said(
                "{count} cards taken in one round; {players} players take at most {most} (each plays {each} cards)",
                count=len(cards),
                players=len(players),
                most=most,
                each=CARDS_PER_PLAYER,
            ),
        )
    return {p: tuple(c) for p, c in piles.items()}, {p: sum(map(BULLHEADS.__getitem__, c)) for p, c in piles.items()}


def faults(piles: Mapping[str, Sequence[Any]], where: tuple[str, ...]) -> None:
    """Raises RecordError at the first card of a round that is not a number of the deck, or that is there twice."""
    holder: dict[int, str] = {}  # card → the pile it is on
    for player, cards in piles.items():
        at = where + (player, "cards")
        for card in cards:
            need_int(card, at, LOWEST, HIGHEST)
            if card in holder:
                if holder[card] == player:
                    raise RecordError(at, Said("{card} appears twice; the deck has one card of each number", card=card))
                raise RecordError(at, Said("{card} is also on {player}'s pile", card=card, player=holder[card]))
            holder[card] = player


def points(pile: Sequence[int]) -> int:
    """The bullheads of a pile."""
    return sum([BULLHEADS[card] for card in pile])


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], rounds_raw: Any) -> Game:
    end_at = parse_end_at(variant_raw)
    rounds: list[dict[str, Pile]] = []
    scores: list[dict[str, int]] = []
    totals = dict.fromkeys(players, 0)
    for number, raw in enumerate(need_list(rounds_raw, ("rounds",)), start=1):
        if max(totals.values()) >= end_at:  # totals never go down: the round before this one reached the end
            reached = [p for p in players if totals[p] >= end_at]
            raise RecordError((f"round {number}",), game_over(reached, end_at, number - 1))
        piles, round_scores = parse_round(raw, (f"round {number}",), players)
        for p in players:
            totals[p] += round_scores[p]
        rounds.append(piles)
        scores.append(round_scores)
    return Game(players=players, end_at=end_at, rounds=tuple(rounds), scores=tuple(scores), totals=totals)


def game_over(reached: Sequence[str], end_at: int, number: int) -> str:
    return Said(
        "the game ended with round {round}, when {players} reached {end_at}: no round follows it",
        round=number,
        players=join_names(reached),
        end_at=end_at,
    )


def pile_lines(pile: Pile) -> tuple[Line, ...]:
    """A player's round in lines, one per kind of card, most bullheads first: "55: 1 × 7 bullheads = 7",
    "10, 30: 2 × 3 bullheads = 6". The lines add up to the round's points."""
    lines = []
    for heads in (7, 5, 3, 2, 1):
        cards = sorted(card for card in pile if BULLHEADS[card] == heads)
        if cards:
            formula = Said.counted("{cards} × {count} bullhead", "{cards} × {count} bullheads", heads, cards=len(cards))
            lines.append(Line(", ".join(map(str, cards)), heads * len(cards), formula))
    return tuple(lines)


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return tuple({p: pile_lines(r[p]) for p in game.players} for r in game.rounds)


def score(game: Game) -> Result:
    totals = dict(game.totals)
    ranking, sentences = rank(game.players, totals, lower_wins=True)
    # Totals never go down, and no round follows the end (parse): the game is over when a total reaches end_at.
    reached = [p for p in game.players if totals[p] >= game.end_at]
    explanations = list(sentences)
    if reached:
        explanations.append(
            Said(
                "{players} reached {end_at} bullheads or more in round {round}: the game is over, and the lowest total wins.",
                players=join_names(reached),
                end_at=game.end_at,
                round=len(game.rounds),
            )
        )
    return Result(
        game=GAME.key,
        players=game.players,
        rounds=tuple(dict(r) for r in game.scores),
        build_breakdown=lambda: breakdown(game),
        totals=totals,
        ranking=ranking,
        decided=bool(reached),
        explanations=tuple(explanations),
        extras={"end_at": game.end_at},
        lower_wins=True,
    )


# --- Actions: what a tap at the table does ---------------------------------------------------


@dataclass(frozen=True)
class AddCard(Action):
    """A card `player` took in round `round` (1-based), onto their pile."""

    player: str
    card: int
    round: int


@dataclass(frozen=True)
class RemoveCard(Action):
    """A card taken back off `player`'s pile of round `round` (a wrong tap)."""

    player: str
    card: int
    round: int


def raw_scores(record: Mapping[str, Any]) -> list[dict[str, int]]:
    """Each round's bullheads per player from a valid raw record (for refusal, without a parse)."""
    return [{p: points(pile["cards"]) for p, pile in round_.items()} for round_ in record["rounds"]]


def end_at_of(record: Mapping[str, Any]) -> int:
    return parse_end_at(record.get("variant", {}))


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal). One deck a round:
    a card on another pile is theirs; a round takes at most 10 cards for each player; no round after the end.
    Read off the raw record, without a parse: the play screen asks it of every card it draws."""
    record = table.record
    rounds = record["rounds"]
    players = record["players"]
    if isinstance(action, NextRound):
        ended = first_reached(raw_scores(record), players, end_at_of(record))
        if ended:
            return Said("{players} reached {end_at} bullheads: the game is over", players=join_names(ended[1]), end_at=end_at_of(record))
        if rounds and not any(pile["cards"] for pile in rounds[-1].values()):
            number = len(rounds)
            return Said("round {round} has no cards yet: enter the cards taken before starting round {next}", round=number, next=number + 1)
        return None
    if not isinstance(action, AddCard) or not 1 <= action.round <= len(rounds):
        return None
    round_ = rounds[action.round - 1]
    if action.player not in round_:
        return Said("'{player}' is not a player of this game", player=action.player)
    for other, pile in round_.items():
        if other != action.player and action.card in pile["cards"]:
            return Said("{card} is on {player}'s pile", card=action.card, player=other)
    if action.card in round_[action.player]["cards"]:
        return None  # already there: apply says it changes nothing
    taken = sum(len(pile["cards"]) for pile in round_.values())
    if taken >= CARDS_PER_PLAYER * len(players):
        return Said(
            "{count} cards are taken in round {round} already: {players} players take at most {count}",
            count=taken,
            round=action.round,
            players=len(players),
        )
    if action.round < len(rounds):  # a round before the last: the card must not end the game before it
        scores = raw_scores(record)
        scores[action.round - 1][action.player] += BULLHEADS[action.card] if LOWEST <= action.card <= HIGHEST else 0
        ended = first_reached(scores, players, end_at_of(record))
        if ended and ended[0] < len(rounds):
            return Said(
                "with {card}, {players} would reach {end_at} in round {round}, ending the game before round {next}",
                card=action.card,
                players=join_names(ended[1]),
                end_at=end_at_of(record),
                round=ended[0],
                next=ended[0] + 1,
            )
    return None


def check_record(record: dict[str, Any], draft: Any) -> Record:
    """The whole record validated once; its parse is the tap's."""
    return parse_one(GAME, record)


def apply(table: Table, action: Action) -> Table:
    record = table.record
    players = tuple(record["players"])
    rounds = record["rounds"]
    if isinstance(action, NextRound):
        return next_round(table, refusal(table, action), {p: {"cards": []} for p in players}, check_record)
    if not isinstance(action, (AddCard, RemoveCard)):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    where = tapped_round(action, players, len(rounds))
    need_int(action.card, where + ("cards",), LOWEST, HIGHEST)
    cards = rounds[action.round - 1][action.player]["cards"]
    if isinstance(action, AddCard):
        if action.card in cards:
            raise Unchanged(where, Said("{card} is already on {player}'s pile", card=action.card, player=action.player))
        reason = refusal(table, action)  # what the screen draws its free and taken cards from
        if reason:
            raise RecordError(where, reason)
        value = sorted([*cards, action.card])
    else:
        if action.card not in cards:
            raise Unchanged(where, Said("{card} is not on {player}'s pile", card=action.card, player=action.player))
        value = [c for c in cards if c != action.card]

    def edit(r: dict[str, Any], d: Any) -> None:
        r["rounds"][action.round - 1][action.player]["cards"] = value

    return edited(table, edit, check_record)


def moves(table: Table) -> Iterator[Action]:
    """The taps on the round being entered (GameRules.moves): each card added to or taken off each pile, and the
    next round."""
    record = table.record
    number = len(record["rounds"])
    if number:
        for player in record["players"]:
            cards = record["rounds"][-1][player]["cards"]
            for card in CARDS:
                yield (RemoveCard if card in cards else AddCard)(player, card, number)
    yield NextRound()


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> list[Any]:
    return [{p: {"cards": []} for p in players}]


def lowest_wins(variant: Mapping[str, Any]) -> bool:
    return True


def ending(variant: Mapping[str, Any]) -> Ending:
    """After the round in which a total reaches `end_at` (GameRules.ending)."""
    return Ending(total=parse_end_at(variant))


def option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    end_at = changed.get("end_at")
    return () if end_at is None else (Said.counted("ends at {count} bullhead", "ends at {count} bullheads", end_at),)


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
HOW_SCORING_WORKS = N_("""\
- After each round (a deal of 10 cards each), every player enters the cards
  they took. Each card carries bullheads: 55 has 7; the other multiples of 11
  (11, 22, … 99) have 5; multiples of 10 have 3; the other multiples of 5
  have 2; every other card has 1.
- A round scores the bullheads of the cards taken; the totals add the rounds
  up. A card lies on one pile only, and a round takes at most 10 cards for
  each player at the table (each plays 10).
- The game ends after the round in which any total reaches 66 (or the number
  the table chose); then the lowest total wins.
- Ties: there is no tiebreak. Equal totals share a place.
""")


GAME = GameRules(
    key="six-nimmt",
    title="6 nimmt!",
    min_players=2,
    max_players=10,
    body="rounds",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    default_variant={"end_at": END_AT},
    player_keyed=(("rounds", "*"),),
    how_scoring_works=HOW_SCORING_WORKS,
    option_words=option_words,
    bgg_id=432,
    lower_wins=lowest_wins,
    ending=ending,
)
