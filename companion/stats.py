"""Statistics over finished games, the figures a play logger shows. Pure: no Flet, no TinyDB.

Player figures come from each game's stored summary (totals, ranking, winners), so they never
rescore. Game-specific figures read the records of that one game through `scoring`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from statistics import mean

from .store import StoredGame


def place_of(game: StoredGame, player: str) -> int:
    place = 1
    for group in game.summary["ranking"]:
        if player in group:
            return place
        place += len(group)
    raise KeyError(player)


def won(game: StoredGame, player: str) -> bool:
    return player in game.summary["winners"]


@dataclass(frozen=True)
class GameFigures:
    """One player's figures for one game (or for all games together)."""

    plays: int
    wins: int
    average: float
    best: int
    worst: int
    last_played: str

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


@dataclass(frozen=True)
class HeadToHead:
    opponent: str
    games: int
    ahead: int  # games in which the player placed better
    behind: int


@dataclass(frozen=True)
class PlayerStats:
    player: str
    plays: int
    wins: int
    last_played: str
    by_game: dict[str, GameFigures]
    head_to_head: tuple[HeadToHead, ...]
    streak: str  # "3 wins", "2 losses", "" when no games
    scores_over_time: dict[str, list[tuple[str, int]]] = field(default_factory=dict)  # game → [(date, score)]

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays


def figures(games: list[StoredGame], player: str) -> GameFigures:
    scores = [g.summary["totals"][player] for g in games]
    return GameFigures(
        plays=len(games), wins=sum(won(g, player) for g in games), average=mean(scores),
        best=max(scores), worst=min(scores), last_played=max(g.played_at for g in games)[:10],
    )


def streak(games_newest_first: list[StoredGame], player: str) -> str:
    if not games_newest_first:
        return ""
    first = won(games_newest_first[0], player)
    n = 0
    for g in games_newest_first:
        if won(g, player) != first:
            break
        n += 1
    word = ("win" if first else "loss") if n == 1 else ("wins" if first else "losses")
    return f"{n} {word}"


def player_stats(games: Iterable[StoredGame], player: str) -> PlayerStats | None:
    """Figures for `player` over finished games (any order); None if they never played."""
    played = sorted((g for g in games if player in g.players and g.summary), key=lambda g: g.played_at, reverse=True)
    if not played:
        return None
    by_game: dict[str, list[StoredGame]] = defaultdict(list)
    for g in played:
        by_game[g.game].append(g)
    rivals: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0])  # games, ahead, behind
    for g in played:
        mine = place_of(g, player)
        for other in g.players:
            if other != player:
                theirs = place_of(g, other)
                tally = rivals[other]
                tally[0] += 1
                tally[1] += mine < theirs
                tally[2] += mine > theirs
    return PlayerStats(
        player=player,
        plays=len(played),
        wins=sum(won(g, player) for g in played),
        last_played=played[0].played_at[:10],
        by_game={key: figures(gs, player) for key, gs in by_game.items()},
        head_to_head=tuple(sorted((HeadToHead(o, *t) for o, t in rivals.items()), key=lambda h: (-h.games, h.opponent))),
        streak=streak(played, player),
        scores_over_time={key: [(g.played_at[:10], g.summary["totals"][player]) for g in reversed(gs)]
                          for key, gs in by_game.items()},
    )


def wins_per_player(games: Iterable[StoredGame]) -> list[tuple[str, int]]:
    wins: Counter[str] = Counter()
    for g in games:
        if g.summary and g.summary["decided"]:
            wins.update(g.summary["winners"])
    return wins.most_common()


@dataclass(frozen=True)
class GameStats:
    game: str
    plays: int
    highest: tuple[int, str, str] | None  # score, who, date
    average_winning_score: float | None
    special: tuple[tuple[str, str], ...]  # (what, figure), this game's own


def game_stats(games: Iterable[StoredGame], game: str,
               statistic: Callable[[list[dict]], tuple[tuple[str, str], ...]] = lambda records: ()) -> GameStats:
    """A game's figures; `statistic` gives its figures of its own from its records (its screen's)."""
    mine = [g for g in games if g.game == game and g.summary]
    highest = max(((s, p, g.played_at[:10]) for g in mine for p, s in g.summary["totals"].items()), default=None,
                  key=lambda t: t[0])
    winning = [g.summary["totals"][w] for g in mine if g.summary["decided"] for w in g.summary["winners"]]
    return GameStats(
        game=game, plays=len(mine), highest=highest,
        average_winning_score=mean(winning) if winning else None,
        special=statistic([g.record for g in mine]) if mine else (),
    )


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}%" if whole else "–"
