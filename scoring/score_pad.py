"""A score pad for any other game (1–20 players): each round's points written down per player, as on paper;
the higher total wins, or the lower one where the game says so; the game ends at a target, or when the players
end it.

The record: docs/format.md › score-pad. The game's name, its direction, its target and its BoardGameGeek id
are the record's own (its variant), so a score pad answers GameRules.display_title, lower_wins and bgg_id_of
per record.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, NextRound, Table, Unchanged, edited, next_round, tapped_round
from .fields import RecordError, check_keys, check_player_keys, join_names, need_bool, need_int, need_list, need_object, need_str
from .record import Ending, GameRules, Record, parse_one
from .result import Line, Result, first_reached, number, rank, sum_totals
from .words import N_, Said

MAX_TITLE = 80  # characters
MAX_SCORE = 1_000_000  # either way: a score is a whole number from −1,000,000 to 1,000,000
DEFAULT_TITLE = "Score pad"  # what a new score pad is called until the players name it (Setup asks)
# The characters that change the direction of the text around them (Unicode's Bidi_Control): refused in a
# title as control characters are, so that a title cannot turn a screen's line around (names.py takes them
# out of player names for the same reason).
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


@dataclass(frozen=True)
class Variant:
    title: str
    lower_wins: bool = False
    target: int | None = None
    bgg_id: int | None = None


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    variant: Variant
    rounds: tuple[Mapping[str, int], ...]  # player → points, oldest round first
    finished: bool = False  # the players ended the game (the record's top-level `finished`)


def title_problem(title: str) -> str | None:
    """Why `title` cannot be a score pad's name (docs/format.md: 1–80 characters, no control characters), or None.

    >>> title_problem("Hearts"), title_problem(""), title_problem("Wiz\\u202eard")
    (None, 'a title is 1 to 80 characters long, not 0', 'a title cannot hold control characters (U+202E)')
    """
    if not 1 <= len(title) <= MAX_TITLE:
        return Said("a title is 1 to {most} characters long, not {count}", most=MAX_TITLE, count=len(title))
    controls = [ch for ch in title if unicodedata.category(ch) == "Cc" or ch in BIDI_CONTROLS]
    if controls:
        return Said(
            "a title cannot hold control characters ({codes})", codes=", ".join(dict.fromkeys(f"U+{ord(ch):04X}" for ch in controls))
        )
    return None


def parse_variant(raw: Mapping[str, Any]) -> Variant:
    check_keys(raw, ("variant",), required=("title",), optional=("lower_wins", "target", "bgg_id"))
    title = need_str(raw["title"], ("variant", "title"))
    problem = title_problem(title)
    if problem:
        raise RecordError(("variant", "title"), problem)
    return Variant(
        title=title,
        lower_wins=need_bool(raw.get("lower_wins", False), ("variant", "lower_wins")),
        target=None if "target" not in raw else need_int(raw["target"], ("variant", "target")),
        bgg_id=None if "bgg_id" not in raw else need_int(raw["bgg_id"], ("variant", "bgg_id"), low=1),
    )


def parse_round(raw: Any, where: tuple[str, ...], players: tuple[str, ...]) -> dict[str, int]:
    if raw.__class__ is not dict or len(raw) != len(players):
        need_object(raw, where)
        check_player_keys(raw, where, players)
    scores: dict[str, int] = {}
    for player in players:
        if player not in raw:
            check_player_keys(raw, where, players)
        points = raw[player]
        if points.__class__ is not int or not -MAX_SCORE <= points <= MAX_SCORE:
            need_int(points, where + (player,), -MAX_SCORE, MAX_SCORE)
        scores[player] = points
    return scores


def game_over(reached: Sequence[str], target: int, round_number: int) -> str:
    return Said(
        "the game ended with round {round}, when {players} reached the target of {target}: no round follows it",
        round=round_number,
        players=join_names(reached),
        target=number(target),
    )


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], rounds_raw: Any) -> Game:
    variant = parse_variant(variant_raw)
    rounds = tuple(parse_round(r, (f"round {i}",), players) for i, r in enumerate(need_list(rounds_raw, ("rounds",)), start=1))
    reached = first_reached(rounds, players, variant.target)
    if reached and reached[0] < len(rounds):
        raise RecordError((f"round {reached[0] + 1}",), game_over(reached[1], variant.target or 0, reached[0]))
    return Game(players=players, variant=variant, rounds=rounds)


def read_fields(game: Game, fields: Mapping[str, Any]) -> Game:
    """The record's top-level `finished` (GameRules.read_fields): the players ended the game."""
    finished = need_bool(fields.get("finished", False), ("finished",))
    return dataclasses.replace(game, finished=finished) if finished else game


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    """One line a player a round: the points written down."""
    return tuple({p: (Line(Said("points"), r[p]),) for p in game.players} for r in game.rounds)


def score(game: Game) -> Result:
    rounds = game.rounds
    totals = sum_totals(game.players, rounds)
    lower_wins = game.variant.lower_wins
    ranking, sentences = rank(game.players, totals, lower_wins=lower_wins)
    reached = first_reached(rounds, game.players, game.variant.target)
    explanations = list(sentences)
    if reached:
        explanations.append(
            Said(
                "{players} reached the target of {target} in round {round}: the game is over.",
                players=join_names(reached[1]),
                target=number(game.variant.target or 0),
                round=reached[0],
            )
        )
    return Result(
        game=GAME.key,
        players=game.players,
        rounds=tuple(dict(r) for r in rounds),
        build_breakdown=lambda: breakdown(game),
        totals=totals,
        ranking=ranking,
        decided=reached is not None or (game.finished and bool(rounds)),
        explanations=tuple(explanations),
        extras={"target": game.variant.target},
        lower_wins=lower_wins,
    )


# --- Actions: what a tap at the table does ---------------------------------------------------


@dataclass(frozen=True)
class SetScore(Action):
    """The points `player` scored in round `round` (1-based), as typed: they replace what the field held. Typed
    into the round after the last, they start it (the others' fields 0): one action, so that one undo takes back
    the number a person typed, not the number and then an empty round."""

    player: str
    score: int
    round: int


@dataclass(frozen=True)
class FinishGame(Action):
    """The players end the game (`finished` False: they take it back and play on). The whole table's."""

    player: str | None = None
    finished: bool = True


def target_of(record: Mapping[str, Any]) -> int | None:
    return parse_variant(record.get("variant", {})).target


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal): no round after the
    target is reached or the game is finished, no score past a million either way, none that would end the game
    before a round already written. Read off the raw record, without a parse."""
    record = table.record
    rounds = record["rounds"]
    players = record["players"]
    if isinstance(action, NextRound):
        if record.get("finished") is True:
            return Said("the game is finished: take back Finish game to add a round")
        reached = first_reached(rounds, players, target_of(record))
        if reached:
            return Said(
                "{players} reached the target of {target}: the game is over",
                players=join_names(reached[1]),
                target=number(target_of(record) or 0),
            )
        return None
    if isinstance(action, FinishGame):
        if action.finished and not rounds:
            return Said("write down a round before finishing the game")
        return None
    if not isinstance(action, SetScore) or not 1 <= action.round <= len(rounds) + 1:
        return None
    if action.player not in players:
        return Said("'{player}' is not a player of this game", player=action.player)
    if action.score.__class__ is int and not -MAX_SCORE <= action.score <= MAX_SCORE:
        return Said("a score is a whole number from {low} to {high}", low=number(-MAX_SCORE, ","), high=number(MAX_SCORE, ","))
    if action.round > len(rounds):  # the first number of the round after the last starts it
        return refusal(table, NextRound())
    if action.round < len(rounds) and action.score.__class__ is int:  # a round before the last: it must not end the game before it
        scores = [dict(r) for r in rounds]
        scores[action.round - 1][action.player] = action.score
        target = target_of(record)
        reached = first_reached(scores, players, target)
        if reached and reached[0] < len(rounds):
            return Said(
                "with {score}, {players} would reach the target of {target} in round {round}, ending the game before round {next}",
                score=number(action.score),
                players=join_names(reached[1]),
                target=number(target or 0),
                round=reached[0],
                next=reached[0] + 1,
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
        return next_round(table, refusal(table, action), dict.fromkeys(players, 0), check_record)
    if isinstance(action, FinishGame):
        if (record.get("finished") is True) == action.finished:
            raise Unchanged((), Said("the game is finished already") if action.finished else Said("the game is not finished"))
        reason = refusal(table, action)
        if reason:
            raise RecordError(("finished",), reason)

        def finish(r: dict[str, Any], d: Any) -> None:
            if action.finished:
                r["finished"] = True
            else:
                r.pop("finished", None)  # false is the default: left out

        return edited(table, finish, check_record)
    if not isinstance(action, SetScore):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    where = tapped_round(action, players, len(rounds) + 1)
    need_int(action.score, where)
    if action.round > len(rounds):
        return start_with(table, action, where)
    if rounds[action.round - 1][action.player] == action.score:
        raise Unchanged(
            where,
            Said("{player} has {score} in round {round} already", player=action.player, score=number(action.score), round=action.round),
        )
    reason = refusal(table, action)
    if reason:
        raise RecordError(where, reason)

    def edit(r: dict[str, Any], d: Any) -> None:
        r["rounds"][action.round - 1][action.player] = action.score

    return edited(table, edit, check_record)


def start_with(table: Table, action: SetScore, where: tuple[str, ...]) -> Table:
    """The round after the last, started by `action`'s number (0 too: a round where the first player scored 0)."""
    reason = refusal(table, action)
    if reason:
        raise RecordError(where, reason)
    started = {**dict.fromkeys(table.record["players"], 0), action.player: action.score}
    return edited(table, lambda r, d: r["rounds"].append(started), check_record)


# A few numbers a person types, for the walks of the property tests (GameRules.moves): zero, small and large,
# negative, and the largest score allowed.
TYPED = (0, 1, 7, 13, 26, -5, 100, MAX_SCORE)


def moves(table: Table) -> Iterator[Action]:
    """The taps on the table (GameRules.moves): a number typed into any player's field of any round, or into the
    round after the last (which starts it), the next round, Finish game and its taking back."""
    record = table.record
    for number_, round_ in enumerate(record["rounds"], start=1):
        for player in record["players"]:
            for typed in TYPED:
                if round_[player] != typed:
                    yield SetScore(player, typed, number_)
    for player in record["players"]:
        yield SetScore(player, TYPED[1], len(record["rounds"]) + 1)
    yield NextRound()
    yield FinishGame(finished=record.get("finished") is not True)


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> list[Any]:
    return [dict.fromkeys(players, 0)]


def entered(game: Game) -> bool:
    """A score other than 0, a second round, or the game finished (GameRules.entered): a round where everyone
    scored 0 (all bust in Flip 7) is still a round played once the next one is started."""
    return len(game.rounds) > 1 or game.finished or any(any(r.values()) for r in game.rounds)


def variant_title(variant: Mapping[str, Any]) -> str:
    """The game's name (GameRules.display_title): the variant's title, or the score pad's own without one."""
    title = variant.get("title")
    return title if isinstance(title, str) and title.strip() else DEFAULT_TITLE


def variant_lower_wins(variant: Mapping[str, Any]) -> bool:
    return variant.get("lower_wins") is True


def variant_bgg_id(variant: Mapping[str, Any]) -> int | None:
    bgg_id = variant.get("bgg_id")
    return bgg_id if bgg_id.__class__ is int and bgg_id >= 1 else None


def ending(variant: Mapping[str, Any]) -> Ending:
    """At the target, where there is one, or when the players end it (GameRules.ending)."""
    target = variant.get("target")
    return Ending(total=target if target.__class__ is int else None, by_players=True)


def option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    """The options in words: the direction and the target (the title and the id are the game's name, not options)."""
    words: list[str] = []
    if changed.get("lower_wins"):
        words.append(Said("lowest total wins"))
    if changed.get("target") is not None:
        words.append(Said("ends at {target}", target=number(changed["target"])))
    return tuple(words)


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
HOW_SCORING_WORKS = N_("""\
- A score pad keeps any game Tableside has no rules for: each round, every
  player's points are written down, as on paper (whole numbers, negative ones
  too). The totals add the rounds up.
- The higher total wins, or the lower one where the game says so (Hearts,
  Golf, Skyjo): chosen when the game is set up.
- With a target, the game ends after the round in which any total reaches it
  or passes it; without one, the players end it with Finish game.
- Ties: a score pad knows no tiebreak. Equal totals share a place.
""")


GAME = GameRules(
    key="score-pad",
    title=DEFAULT_TITLE,
    min_players=1,
    max_players=20,
    body="rounds",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    entered=entered,
    part_entered=lambda part: isinstance(part, int),  # a typed 0 is written down, as on paper
    default_variant={"title": DEFAULT_TITLE, "lower_wins": False},
    player_keyed=(("rounds", "*"),),
    how_scoring_works=HOW_SCORING_WORKS,
    option_words=option_words,
    lower_wins=variant_lower_wins,
    ending=ending,
    variant_title=variant_title,
    variant_bgg_id=variant_bgg_id,
    own_fields=("finished",),
    read_fields=read_fields,
)
