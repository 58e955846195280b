"""Lost Cities (2 players): expeditions scored (sum − 20) × (investments + 1), +20 at 8 cards.

Rules: the published rulebook; readings: docs/scoring.md › Lost Cities.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import Action, NextRound, Table, Unchanged, edited
from .fields import RecordError, check_keys, check_player_keys, need_bool, need_int, need_list, need_object
from .record import Ending, GameRules, Record, parse_one
from .result import Line, Result, rank, sum_totals
from .words import N_, Said

COLOURS = ("yellow", "blue", "white", "green", "red")
PURPLE = "purple"
# How the expeditions' colours are said to people (the record's keys are English words, never translated).
COLOUR_WORDS: dict[str, str] = {
    "yellow": Said("yellow"),
    "blue": Said("blue"),
    "white": Said("white"),
    "green": Said("green"),
    "red": Said("red"),
    "purple": Said("purple"),
}
NUMBERS = tuple(range(2, 11))
INVESTMENTS_PER_COLOUR = 3
EXPEDITION_COST = 20
BONUS_CARDS = 8
BONUS = 20


@dataclass(frozen=True)
class Variant:
    rounds: int = 3
    purple: bool = False

    @property
    def colours(self) -> tuple[str, ...]:
        return COLOURS + (PURPLE,) if self.purple else COLOURS


class Expedition(NamedTuple):  # a named tuple: immutable, and several times cheaper to build (up to 36 a record)
    investments: int = 0
    cards: tuple[int, ...] = ()

    @property
    def size(self) -> int:
        return self.investments + len(self.cards)

    @property
    def started(self) -> bool:
        return self.size > 0

    def lines(self, colour: str) -> tuple[Line, ...]:
        return expedition_lines(colour, self.investments, self.cards)

    def score(self) -> int:
        return expedition_points(self.investments, self.cards)


def expedition_points(investments: int, cards: tuple[int, ...]) -> int:
    """What expedition_lines add up to, without building them (the path of every rescoring).

    >>> expedition_points(0, ())  # not started: no cost
    0
    >>> expedition_points(2, (5, 6, 7))  # (18 − 20) × 3
    -6
    >>> expedition_points(1, (2, 3, 4, 5, 6, 7, 8))  # 8 cards: (35 − 20) × 2, then the bonus of 20
    50
    """
    size = investments + len(cards)
    if not size:
        return 0
    points = (sum(cards) - EXPEDITION_COST) * (investments + 1)
    return points + BONUS if size >= BONUS_CARDS else points


def expedition_lines(colour: str, investments: int, cards: tuple[int, ...]) -> tuple[Line, ...]:
    """The reasons for expedition_points: its points are split into lines, never computed again,
    so the lines always add up to the points."""
    size = investments + len(cards)
    if size == 0:
        return ()
    points = expedition_points(investments, cards)
    bonus = BONUS if size >= BONUS_CARDS else 0  # never multiplied, and investments count towards the 8 (docs/scoring.md)
    numbers = "+".join(str(c) for c in sorted(cards)) or "0"
    formula = f"({numbers} − {EXPEDITION_COST})" + (f" × {investments + 1}" if investments else "")
    lines = [Line(colour_word(colour), points - bonus, formula)]
    if bonus:
        lines.append(Line(Said("{colour} {cards}-card bonus", colour=colour_word(colour), cards=BONUS_CARDS), bonus))
    return tuple(lines)


# A colour said of an expedition agrees with it in other languages (French "l'expédition verte"): words of their own,
# the noun their context (the investment cards of a colour are said as the cards of its expedition).
OF_EXPEDITION: dict[str, str] = {
    "yellow": Said.beside("expedition", "yellow"),
    "blue": Said.beside("expedition", "blue"),
    "white": Said.beside("expedition", "white"),
    "green": Said.beside("expedition", "green"),
    "red": Said.beside("expedition", "red"),
    "purple": Said.beside("expedition", "purple"),
}


def colour_word(colour: str) -> str:
    """An expedition's colour in words the app can translate (a Said); anything else as it is written."""
    return COLOUR_WORDS.get(colour, colour)


def expedition_word(colour: str) -> str:
    """A colour as it agrees with "expedition" (the investment cards' messages); any other name as it is."""
    return OF_EXPEDITION.get(colour, colour)


NO_EXPEDITION = Expedition()  # a colour not started (a constant)
_new = tuple.__new__  # makes an Expedition without the named tuple's Python-level __new__

Tableau = Mapping[str, Expedition]  # colour → expedition


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    variant: Variant
    rounds: tuple[Mapping[str, Tableau], ...]  # player → tableau, oldest round first


def parse_variant(raw: Mapping[str, Any]) -> Variant:
    check_keys(raw, ("variant",), optional=("rounds", "purple"))
    rounds = need_int(raw.get("rounds", 3), ("variant", "rounds"))
    if rounds not in (1, 3):
        raise RecordError(("variant", "rounds"), Said("Lost Cities is played over 1 or 3 rounds, not {rounds}", rounds=rounds))
    return Variant(rounds=rounds, purple=need_bool(raw.get("purple", False), ("variant", "purple")))


EXPEDITION_KEYS = ("investments", "cards")


def parse_expedition(raw: Any, where: tuple[str, ...]) -> Expedition:
    # Each check is tried inline first; the need_* helper (which names the fault) runs only
    # when the inline check fails, so a valid expedition builds no location tuples.
    if raw.__class__ is not dict:
        need_object(raw, where)
    if len(raw) != ("investments" in raw) + ("cards" in raw):
        check_keys(raw, where, optional=EXPEDITION_KEYS)
    investments = raw.get("investments", 0)
    if investments.__class__ is not int or not 0 <= investments <= INVESTMENTS_PER_COLOUR:
        need_int(investments, where + ("investments",), 0, INVESTMENTS_PER_COLOUR)
    cards = raw.get("cards", [])
    if cards.__class__ is not list:
        need_list(cards, where + ("cards",))
    low, high = NUMBERS[0], NUMBERS[-1]
    seen: set[int] = set()
    for card in cards:
        if card.__class__ is not int or not low <= card <= high:
            need_int(card, where + ("cards",), low, high)
        if card in seen:
            raise RecordError(where + ("cards",), Said("{card} appears twice; each colour has one card of each number", card=card))
        seen.add(card)
    return _new(Expedition, (investments, tuple(sorted(cards))))


def parse_round(raw: Any, where: tuple[str, ...], players: tuple[str, ...], variant: Variant) -> dict[str, Tableau]:
    need_object(raw, where)
    check_player_keys(raw, where, players)
    colours = variant.colours
    round_: dict[str, Tableau] = {}
    for player in players:
        at = where + (player,)
        tableau = need_object(raw[player], at)
        for colour in tableau:
            if colour not in colours:
                if colour == PURPLE:
                    raise RecordError(
                        at, Said("'{colour}' is not an expedition colour in this game (the purple variant is off)", colour=colour)
                    )
                raise RecordError(at, Said("'{colour}' is not an expedition colour in this game", colour=colour))
        round_[player] = {colour: parse_expedition(tableau[colour], at + (colour,)) for colour in colours if colour in tableau}
    check_deck(round_, where, players, variant)
    return round_


def check_deck(round_: Mapping[str, Tableau], where: tuple[str, ...], players: tuple[str, ...], variant: Variant) -> None:
    """One deck per round: each card of a colour lies on at most one tableau."""
    first, second = players
    for colour in variant.colours:
        mine = round_[first].get(colour, NO_EXPEDITION)
        theirs = round_[second].get(colour, NO_EXPEDITION)
        for card in theirs.cards:
            if card in mine.cards:
                raise RecordError(
                    where + (second, colour_word(colour)), Said("{card} is also on {player}'s tableau", card=card, player=first)
                )
        if mine.investments + theirs.investments > INVESTMENTS_PER_COLOUR:
            raise RecordError(
                where + (colour_word(colour),),
                Said(
                    "{count} {colour} investment cards across both players; the deck has {most}",
                    count=mine.investments + theirs.investments,
                    colour=expedition_word(colour),
                    most=INVESTMENTS_PER_COLOUR,
                ),
            )


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], rounds_raw: Any) -> Game:
    variant = parse_variant(variant_raw)
    rounds = need_list(rounds_raw, ("rounds",))
    if len(rounds) > variant.rounds:
        raise RecordError(
            ("rounds",), Said("{count} rounds recorded, but this game plays {planned}", count=len(rounds), planned=variant.rounds)
        )
    return Game(
        players=players,
        variant=variant,
        rounds=tuple(parse_round(r, (f"round {i}",), players, variant) for i, r in enumerate(rounds, start=1)),
    )


def round_lines(tableau: Tableau) -> tuple[Line, ...]:
    return tuple(line for colour, expedition in tableau.items() for line in expedition.lines(colour))


def round_points(tableau: Tableau) -> int:
    """A player's round: the sum of round_lines(tableau), without building them."""
    return sum(expedition_points(e.investments, e.cards) for e in tableau.values())


def scores_by_round(game: Game) -> tuple[dict[str, int], ...]:
    return tuple({p: round_points(r[p]) for p in game.players} for r in game.rounds)


def next_starter(game: Game) -> str | None:
    """Who starts the next round: the higher running total; None when level or the game is over."""
    return starter_after(game, sum_totals(game.players, scores_by_round(game)))


def starter_after(game: Game, totals: Mapping[str, int]) -> str | None:
    if not game.rounds or len(game.rounds) >= game.variant.rounds:
        return None
    first, second = game.players
    if totals[first] == totals[second]:
        return None
    return first if totals[first] > totals[second] else second


def investments_left(tableau_of_other: Tableau, colour: str) -> int:
    """How many investment cards of a colour a player may hold this round: the deck's three less the other's."""
    return INVESTMENTS_PER_COLOUR - tableau_of_other.get(colour, NO_EXPEDITION).investments


def tableau_of(raw: Mapping[str, Any]) -> Tableau:
    """A raw tableau of a valid record as expeditions (for the queries above, without a parse)."""
    return {colour: Expedition(e.get("investments", 0), tuple(e.get("cards", ()))) for colour, e in raw.items()}


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return tuple({p: round_lines(r[p]) for p in game.players} for r in game.rounds)


def score(game: Game) -> Result:
    rounds = scores_by_round(game)
    totals = sum_totals(game.players, rounds)
    ranking, sentences = rank(game.players, totals)
    decided = len(game.rounds) == game.variant.rounds
    explanations = list(sentences)
    if decided and len(ranking[0]) == 2:
        explanations.append(Said("Lost Cities has no tiebreak: the game is a draw."))
    starter = starter_after(game, totals)
    if not decided and game.rounds:
        nxt = len(game.rounds) + 1
        if starter:
            explanations.append(Said("{player} has the higher total and starts round {round}.", player=starter, round=nxt))
        else:
            explanations.append(
                Said("The totals are level: the rules do not say who starts round {round}, so the players choose.", round=nxt)
            )
    return Result(
        game=GAME.key,
        players=game.players,
        rounds=rounds,
        build_breakdown=lambda: breakdown(game),
        totals=totals,
        ranking=ranking,
        decided=decided,
        explanations=tuple(explanations),
        extras={"next_starter": starter},
    )


def starter_of_round(game: Game, number: int) -> str | None:
    """Who starts round `number` (1-based) at the table: from round 2 on, the higher running total
    after the round before it; None for round 1 (the players choose) or when level."""
    if number < 2:
        return None
    totals = sum_totals(game.players, scores_by_round(game)[: number - 1])
    first, second = game.players
    if totals[first] == totals[second]:
        return None
    return first if totals[first] > totals[second] else second


# --- Actions: what a tap at the table does ---------------------------------------------------


@dataclass(frozen=True)
class AddCard(Action):
    player: str
    colour: str
    number: int
    round: int  # 1-based


@dataclass(frozen=True)
class RemoveCard(Action):
    player: str
    colour: str
    number: int
    round: int


@dataclass(frozen=True)
class SetInvestments(Action):
    """Investment cards are alike: the count is what the table shows (two taps of slot 2 agree)."""

    player: str
    colour: str
    count: int
    round: int


def holder(round_: Mapping[str, Any], colour: str, number: int) -> str | None:
    """Who holds `colour number` in a raw round, if anyone."""
    for player, tableau in round_.items():
        if number in tableau.get(colour, {}).get("cards", ()):
            return player
    return None


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal). One deck
    a round: a card on the other's tableau, or investments past the deck's three, are theirs. Read off
    the raw record, without a parse: the play screen asks it of every card it draws."""
    record = table.record
    if isinstance(action, NextRound):
        planned, played = parse_variant(record.get("variant", {})).rounds, len(record["rounds"])
        if played >= planned:
            return Said.counted("this game plays {count} round", "this game plays {count} rounds", planned)
        if played and not any(laid_down(tableau) for tableau in record["rounds"][-1].values()):
            # An empty round would be skipped without a word (and two of them end a game as a draw).
            return Said("round {round} has no cards yet: enter its cards before starting round {next}", round=played, next=played + 1)
        return None
    if not isinstance(action, (AddCard, SetInvestments)) or not 1 <= action.round <= len(record["rounds"]):
        return None
    round_ = record["rounds"][action.round - 1]
    if action.player not in round_:
        return Said("'{player}' is not a player of this game", player=action.player)
    if isinstance(action, AddCard):
        other = holder(round_, action.colour, action.number)
        if other in (None, action.player):
            return None
        return Said("{colour} {number} is on {player}'s tableau", colour=colour_word(action.colour), number=action.number, player=other)
    other = next(p for p in record["players"] if p != action.player)
    left = investments_left(tableau_of(round_[other]), action.colour)
    if left < action.count <= INVESTMENTS_PER_COLOUR:
        return Said(
            "{player} holds {count} of the {most} {colour} investment cards",
            player=other,
            count=INVESTMENTS_PER_COLOUR - left,
            most=INVESTMENTS_PER_COLOUR,
            colour=expedition_word(action.colour),
        )
    return None


def progress(game: Game) -> tuple[int, int]:
    """(rounds played, rounds planned): a round counts once a card is in it (GameRules.progress)."""
    played = max((i + 1 for i, r in enumerate(game.rounds) if any(e.started for t in r.values() for e in t.values())), default=0)
    return played, game.variant.rounds


def entered(game: Game) -> bool:
    """A card or an investment in any round (GameRules.entered): totals alone would miss an expedition of
    exactly 20, which scores 0."""
    return progress(game)[0] > 0


def laid_down(tableau: Any) -> bool:
    """Whether a player's tableau of a round holds any card (an expedition card or an investment)."""
    return isinstance(tableau, dict) and any(isinstance(e, dict) and (e.get("cards") or e.get("investments")) for e in tableau.values())


def check_record(record: dict[str, Any], draft: Any) -> Record:
    """The whole record validated once (the draft is not this game's); its parse is the tap's."""
    return parse_one(GAME, record)


def apply(table: Table, action: Action) -> Table:
    record = table.record
    players = tuple(record["players"])
    rounds = record["rounds"]
    if isinstance(action, NextRound):
        reason = refusal(table, action)
        if reason:
            raise RecordError(("rounds",), reason)
        return edited(table, lambda r, d: r["rounds"].append({p: {} for p in players}), check_record)
    if not isinstance(action, (AddCard, RemoveCard, SetInvestments)):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    if action.player not in players:
        raise RecordError((), Said("'{player}' is not a player of this game", player=action.player))
    if not 1 <= action.round <= len(rounds):
        raise RecordError((Said("round {n}", n=action.round),), Said("there is no round {round} yet", round=action.round))
    where = (Said("round {n}", n=action.round), action.player, colour_word(action.colour))
    if action.colour not in parse_variant(record.get("variant", {})).colours:
        raise RecordError(where, Said("'{colour}' is not an expedition colour in this game", colour=action.colour))
    round_ = rounds[action.round - 1]
    mine = round_[action.player].get(action.colour, {})
    if isinstance(action, SetInvestments):
        if mine.get("investments", 0) == action.count:
            raise Unchanged(
                where,
                Said.counted(
                    "{player} already has {count} {colour} investment card",
                    "{player} already has {count} {colour} investment cards",
                    action.count,
                    player=action.player,
                    colour=expedition_word(action.colour),
                ),
            )
        reason = refusal(table, action)  # what the screen draws its free and taken investments from
        if reason:
            raise RecordError(where, reason)
        value: Any = action.count
    else:
        cards = mine.get("cards", [])
        if isinstance(action, AddCard):
            if action.number in cards:
                raise Unchanged(
                    where,
                    Said(
                        "{colour} {number} is already on {player}'s tableau",
                        colour=colour_word(action.colour),
                        number=action.number,
                        player=action.player,
                    ),
                )
            reason = refusal(table, action)  # what the screen draws its free and taken cards from
            if reason:
                raise RecordError(where, reason)
            value = sorted([*cards, action.number])
        else:
            if action.number not in cards:
                raise Unchanged(
                    where,
                    Said(
                        "{colour} {number} is not on {player}'s tableau",
                        colour=colour_word(action.colour),
                        number=action.number,
                        player=action.player,
                    ),
                )
            value = [c for c in cards if c != action.number]
    field = "investments" if isinstance(action, SetInvestments) else "cards"

    def edit(r: dict[str, Any], d: Any) -> None:
        tableau = r["rounds"][action.round - 1][action.player]
        expedition = tableau.setdefault(action.colour, {})
        expedition[field] = value
        for key in EXPEDITION_KEYS:  # an empty field, or an expedition never started, is left out
            if not expedition.get(key):
                expedition.pop(key, None)
        if not expedition:
            del tableau[action.colour]

    return edited(table, edit, check_record)


def moves(table: Table) -> Iterator[Action]:
    """The taps on the round being entered (GameRules.moves): each card added or taken back, each investment
    count, and the next round."""
    record = table.record
    number = len(record["rounds"])
    for player in record["players"]:
        tableau = record["rounds"][-1][player]
        for colour in parse_variant(record.get("variant", {})).colours:
            cards = tableau.get(colour, {}).get("cards", ())
            for card in NUMBERS:
                yield (RemoveCard if card in cards else AddCard)(player, colour, card, number)
            for count in range(INVESTMENTS_PER_COLOUR + 1):
                yield SetInvestments(player, colour, count, number)
    yield NextRound()


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> list[Any]:
    return [{p: {} for p in players}]


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
HOW_SCORING_WORKS = N_("""\
- Every expedition you start costs 20: its numbers minus 20, times one more
  than its investment cards. Investments alone count as a start: three
  investments and no numbers score (0 − 20) × 4 = −80.
- Eight cards or more in an expedition, investments included, add 20, never
  multiplied: 3 investments + 2, 3, 4, 5, 6 score (20 − 20) × 4 + 20 = 20.
  One expedition ranges from −80 to 156.
- Three rounds make the game (the rulebook: "if after three games you have the
  highest overall score, you win"); one round is the short game. The sixth
  expedition (purple) adds cards but changes no rule.
- The higher running total starts the next round; on a level total the rules
  are silent, so the app says so and the players choose.
- Ties: there is no official tiebreak. A level total is a draw, shown as such.
""")


def ending(variant: Mapping[str, Any]) -> Ending:
    """After the variant's rounds (GameRules.ending)."""
    return Ending(rounds=parse_variant(variant).rounds)


def option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    rounds = changed.get("rounds")
    return (
        *(
            ()
            if rounds is None
            else (Said("short game: 1 round") if rounds == 1 else Said.counted("{count} round", "{count} rounds", rounds),)
        ),
        *((Said("purple expedition"),) if changed.get("purple") else ()),
    )


GAME = GameRules(
    key="lost-cities",
    title="Lost Cities",
    min_players=2,
    max_players=2,
    body="rounds",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    entered=entered,
    default_variant={"rounds": 3, "purple": False},
    player_keyed=(("rounds", "*"),),
    how_scoring_works=HOW_SCORING_WORKS,
    progress=progress,
    ending=ending,
    option_words=option_words,
    bgg_id=50,
)
