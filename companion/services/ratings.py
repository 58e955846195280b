"""Ratings per game with openskill (Weng-Lin Plackett-Luce): who is strongest at each game in this group.
Pure: no Flet, no TinyDB. How it works, for players: docs/ratings.md
(and the app's "How ratings work" dialog, ui/widgets/rating_parts.py).

Every finished, decided game with 2 or more players is one rating update for its game, in play order
(played_at, then id: the order the history is sorted in, whatever order it was imported in). Players
are ranked by the stored ranking, the places as the rules give them (its groups: players level after
every tiebreak tie; where the lowest total wins, it ranks first). Each game has its own ratings: a
Lost Cities expert starts afresh at Card Commons, and a score pad's games are rated per title
(services/game_groups.py: Hearts and Skyjo apart).

The figure shown is openskill's ordinal, μ − 3σ (a cautious estimate: everyone starts at 0; a win
raises it, a loss lowers it, below 0 after early losses; as σ shrinks with each game it settles).
A rating is provisional while σ is above PROVISIONAL_SIGMA: its first few games at that game.

The result depends only on (game, ranking) in play order, so it is cached on exactly that: an edit,
a delete, an import or a rename changes the key and recomputes; a game saved as the newest only rates that game on top of the last result.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from openskill.models import PlackettLuce, PlackettLuceRating

from companion.data.store import StoredGame
from scoring.record import GameIdentity

# openskill starts everyone at σ = 25/3 ≈ 8.33; each game shrinks it a little (a two-player game by
# about 0.25, a four-player one by about 0.2): below 7.5 after about four games. Until then a rating
# still swings a lot with each result, and is marked provisional.
PROVISIONAL_SIGMA = 7.5

Ranking = tuple[tuple[str, ...], ...]  # groups of players, best first; a group is a tie
Key = tuple[tuple[GameIdentity, Ranking], ...]  # (game, ranking) per game, in play order


@dataclass(frozen=True)
class Rating:
    player: str
    game: GameIdentity  # a score pad per its title
    mu: float
    sigma: float
    games: int  # rated games of this game

    @property
    def shown(self) -> float:
        """μ − 3σ: what the screens show (docs/ratings.md)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        """Still uncertain (σ above PROVISIONAL_SIGMA): its first few games."""
        return self.sigma > PROVISIONAL_SIGMA


def key_of(games: Iterable[StoredGame]) -> Key:
    """What the ratings depend on, in play order: each rated game's key and ranking."""
    rated = [g for g in games if g.summary and g.scored.get("decided", True) and len(g.players) >= 2]
    rated.sort(key=lambda g: g.order)
    return tuple((g.identity, tuple(tuple(group) for group in g.scored["ranking"])) for g in rated)


State = dict[tuple[GameIdentity, str], tuple[PlackettLuceRating, int]]  # (game, player) → (openskill rating, rated games)
_last: list[tuple[Key, State]] = []  # the last sequence rated: a game saved after it only adds to it
_last_lock = threading.Lock()  # sessions draw in threads of their own


def play(model: PlackettLuce, state: State, games: Key) -> State:
    """`state` after `games`, in order (a new dict: a cached state is never changed)."""
    current = dict(state)
    for game, ranking in games:
        players = [p for group in ranking for p in group]
        ranks: list[float] = [place for place, group in enumerate(ranking, start=1) for _ in group]
        before = [current.get((game, p), (model.rating(name=p), 0)) for p in players]
        after = model.rate([[r] for r, _ in before], ranks=ranks)
        for p, (_, n), [r] in zip(players, before, after):
            current[(game, p)] = (r, n + 1)
    return current


@lru_cache(maxsize=8)
def rate(key: Key) -> dict[GameIdentity, dict[str, Rating]]:
    """game → player → Rating, from the (game, ranking) sequence. When the last sequence rated is the
    start of this one (a game just saved is the newest), only the games after it are rated."""
    with _last_lock:
        previous = _last[0] if _last else ((), {})
    done, state = previous if key[: len(previous[0])] == previous[0] else ((), {})
    state = play(PlackettLuce(), state, key[len(done) :])
    with _last_lock:
        _last[:] = [(key, state)]
    out: dict[GameIdentity, dict[str, Rating]] = {}
    for (game, player), (r, n) in state.items():
        out.setdefault(game, {})[player] = Rating(player, game, r.mu, r.sigma, n)
    return out


def forget() -> None:
    """Every cached rating gone (tests: computed afresh)."""
    rate.cache_clear()
    with _last_lock:
        _last.clear()


def ratings(games: Iterable[StoredGame]) -> dict[GameIdentity, dict[str, Rating]]:
    """game → player → Rating over the finished games given (any order)."""
    return rate(key_of(games))


def top(by_player: dict[str, Rating], n: int | None = None) -> list[Rating]:
    """The `n` highest shown ratings of one game, every one when `n` is None (ties by more games, then name)."""
    return sorted(by_player.values(), key=lambda r: (-r.shown, -r.games, r.player.casefold()))[:n]


def of_player(all_ratings: dict[GameIdentity, dict[str, Rating]], player: str) -> dict[GameIdentity, Rating]:
    """game → the player's rating, for the games they have a rating in."""
    return {game: by[player] for game, by in all_ratings.items() if player in by}


def place_among(by_player: dict[str, Rating], player: str) -> int:
    """1 for the best shown rating of this game."""
    mine = by_player[player].shown
    return 1 + sum(r.shown > mine for r in by_player.values())
