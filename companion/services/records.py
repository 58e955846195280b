"""Records and personal bests, per game and per player, from the finished games. Pure: no Flet, no TinyDB.

For each player and each game (a score pad per its title: the rules' `identity`), "best" as the game
ranks (the rules' `lower_wins`: where the lowest total wins, the best score and round are the lowest):

- `score`: the best total in one game ("Highest score", or "Lowest score" where the lowest wins);
- `round`: the best single round (games scored by rounds, Lost Cities and Card Commons, when played
  over more than one round: a one-round game's round is its score);
- `streak`: the longest run of wins in a row, in play order, among that player's games of that game
  (a shared first place is a win; a game without a win ends the run);
- `margin`: the largest win: how far the winner's total is ahead of the best total of the others
  (above it, or below it where the lowest wins; an outright win by at least a point: a shared first
  place, or a win on a tiebreak, wins by nothing).

A record is the first game to reach its value: a later game that only equals it sets nothing.

Everything is recomputed from the history as it is (an edit, a delete, an import or a rename
changes the records with it); totals and winners come from each game's stored summary, so
nothing is scored again, except the per-round scores of round games, which the summary does not
keep: those are worked out once per stored version of a game and remembered while it is stored.

`set_by` says which records a game sets, for its Results: only against the player's earlier
games of that game (a first game sets no "best"), and only for a streak of 2 or more.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import scoring
from companion.language import N_, _, ngettext
from scoring.record import GameIdentity

KINDS = ("score", "round", "streak", "margin")
LABELS = {"score": N_("Highest score"), "round": N_("Best round"), "streak": N_("Longest winning streak"), "margin": N_("Largest win")}
LOWEST = N_("Lowest score")  # the best score's label where the lowest total wins
# Per-round scores of each stored game object: the store hands out the same StoredGame until the
# game changes (an edit or a rename makes a new one), so the object itself is the key; an entry goes
# with its game. (Not (id, modified_at): modified_at counts whole seconds, an edit can share one.)
_rounds_seen: dict[int, tuple[weakref.ref, tuple[Mapping[str, int], ...]]] = {}


@dataclass(frozen=True)
class Play:
    """What records need of one game."""

    id: str
    game: GameIdentity  # the game as records group it: a score pad per its title
    order: tuple[float, str]  # when it was played, then its id: play order
    day: str
    players: tuple[str, ...]
    totals: Mapping[str, int]
    winners: frozenset[str]
    rounds: tuple[Mapping[str, int], ...]  # each round's scores; () for a game scored once
    lower_wins: bool = False  # the lowest total ranks first: the best score and round are the lowest
    title: str = ""  # the game's name as its record says it ("Lost Cities", a score pad's "Hearts")


@dataclass(frozen=True)
class Best:
    kind: str
    value: int
    game_id: str  # the game that set it (for a streak: the game that made it that long)
    day: str
    lower_wins: bool = False  # a score or a round where the lowest total wins: the lower, the better


@dataclass(frozen=True)
class Announcement:
    player: str
    kind: str
    value: int
    text: str


def _round_scores(stored: Any) -> tuple[Mapping[str, int], ...]:
    if scoring.GAMES[stored.game].body != "rounds":
        return ()
    key = id(stored)
    found = _rounds_seen.get(key)
    if found is not None and found[0]() is stored:
        return found[1]
    rounds = tuple(dict(r) for r in scoring.score(stored.record).rounds)
    try:
        ref = weakref.ref(stored, lambda dead: _forget(key, dead))
    except TypeError:  # not a stored game object (a test's stand-in): nothing to remember it by
        return rounds
    _rounds_seen[key] = (ref, rounds)
    return rounds


def _forget(key: int, dead: weakref.ref) -> None:
    found = _rounds_seen.get(key)
    if found is not None and found[0] is dead:
        del _rounds_seen[key]


def play_of(stored: Any) -> Play:
    """A stored game (finished: from its summary; in progress or an edit copy: scored) as a Play."""
    summary = stored.summary
    if summary is None:  # a game not saved yet: its Results score it anyway
        result = scoring.score(stored.record)
        totals, winners = dict(result.totals), result.winners
    else:
        totals, winners = summary["totals"], summary["winners"]
    return Play(
        id=stored.id,
        game=stored.identity,
        order=stored.order,
        day=stored.played_at[:10],
        players=tuple(stored.players),
        totals=totals,
        winners=frozenset(winners),
        rounds=_round_scores(stored),
        lower_wins=stored.lower_wins,
        title=stored.title,
    )


def margin(play: Play, player: str) -> int | None:
    """By how much `player` won outright; None when they did not (or shared the win)."""
    if play.winners != {player}:
        return None
    others = [total for p, total in play.totals.items() if p != player]
    if not others:
        return None
    by = min(others) - play.totals[player] if play.lower_wins else play.totals[player] - max(others)
    return by if by > 0 else None  # won on a tiebreak: by nothing


class _Book:
    """Bests and running streaks, fed plays in play order."""

    def __init__(self) -> None:
        self.bests: dict[tuple[str, GameIdentity], dict[str, Best]] = {}  # (player, game) → kind → best
        self.run: dict[tuple[str, GameIdentity], int] = {}
        self.played: dict[tuple[str, GameIdentity], int] = {}

    def _offer(self, key: tuple[str, GameIdentity], kind: str, value: int | None, play: Play) -> None:
        if value is None:
            return
        mine = self.bests.setdefault(key, {})
        # A score or a round is better as the game ranks; a streak or a margin is better when longer.
        offered = Best(kind, value, play.id, play.day, play.lower_wins and kind in ("score", "round"))
        if kind not in mine or better(offered, mine[kind]):
            mine[kind] = offered

    def add(self, play: Play) -> None:
        for player in play.players:
            key = (player, play.game)
            self.played[key] = self.played.get(key, 0) + 1
            self._offer(key, "score", play.totals.get(player), play)
            if len(play.rounds) > 1:
                best_round = min if play.lower_wins else max
                self._offer(key, "round", best_round((r[player] for r in play.rounds if player in r), default=None), play)
            self.run[key] = self.run.get(key, 0) + 1 if player in play.winners else 0
            self._offer(key, "streak", self.run[key] or None, play)
            self._offer(key, "margin", margin(play, player), play)


def _in_order(plays: Iterable[Play]) -> list[Play]:
    return sorted(plays, key=lambda p: p.order)


def bests(plays: Iterable[Play]) -> dict[tuple[str, GameIdentity], dict[str, Best]]:
    """(player, game) → kind → the record, over all the plays given."""
    book = _Book()
    for play in _in_order(plays):
        book.add(play)
    return book.bests


def player_records(plays: Iterable[Play], player: str) -> dict[GameIdentity, dict[str, Best]]:
    """game → kind → `player`'s record at that game (only the games they played)."""
    return {game: kinds for (who, game), kinds in bests(p for p in plays if player in p.players).items() if who == player}


def label(best: Best) -> str:
    """A record's kind as a list names it, in the reader's language: "Highest score" ("Lowest score" where the lowest wins)."""
    return _(LOWEST) if best.kind == "score" and best.lower_wins else _(LABELS[best.kind])


def sentence(player: str, kind: str, value: int, title: str) -> str:
    if kind == "score":
        return _("{player}'s best {game} score: {score}").format(player=player, game=title, score=scoring.number(value))
    if kind == "round":
        return _("{player}'s best {game} round: {score}").format(player=player, game=title, score=scoring.number(value))
    if kind == "streak":  # never fewer than 2 (set_by)
        return ngettext(
            "{player}'s longest {game} winning streak: {count} win", "{player}'s longest {game} winning streak: {count} wins", value
        ).format(player=player, game=title, count=value)
    return ngettext("{player}'s largest {game} win: by {count} point", "{player}'s largest {game} win: by {count} points", value).format(
        player=player, game=title, count=value
    )


def value_words(best: Best) -> str:
    """A record in words for a list: "205", "3 wins", "by 40 points"."""
    if best.kind == "streak":
        return ngettext("{count} win", "{count} wins", best.value).format(count=best.value)
    if best.kind == "margin":
        return ngettext("by {count} point", "by {count} points", best.value).format(count=best.value)
    return scoring.number(best.value)


def better(best: Best, than: Best) -> bool:
    """Whether a record beats an earlier one of its kind (equalling it is no new record)."""
    return best.value < than.value if best.lower_wins else best.value > than.value


def set_by(plays: Iterable[Play], game_id: str) -> list[Announcement]:
    """The records the game `game_id` sets (it must be among `plays`), against its players' earlier games
    of that game; in seat order, then score, round, streak, margin."""
    ordered = _in_order(plays)
    this = next((p for p in ordered if p.id == game_id), None)
    if this is None:
        return []
    book = _Book()
    for play in ordered:
        if play.id == game_id:
            break
        if play.game == this.game:
            book.add(play)
    before = {player: dict(book.bests.get((player, this.game), {})) for player in this.players}
    earlier = {player: book.played.get((player, this.game), 0) for player in this.players}
    book.add(this)
    title = this.title
    said = []
    for player in this.players:
        if not earlier[player]:
            continue  # a first game of it is no record yet
        now = book.bests.get((player, this.game), {})
        for kind in KINDS:
            best = now.get(kind)
            if best is None or best.game_id != this.id or (kind == "streak" and best.value < 2):
                continue
            if kind in before[player] and not better(best, before[player][kind]):
                continue
            said.append(Announcement(player, kind, best.value, sentence(player, kind, best.value, title)))
    return said
