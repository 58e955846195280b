"""Statistics over finished games, the figures a play logger shows. Pure: no Flet, no TinyDB.

Player figures come from each game's stored summary (totals, ranking, winners), so they never
rescore. Game-specific figures read the records of that one game through `scoring`.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from statistics import mean

import scoring
from companion import language
from companion.data.store import StoredGame
from companion.language import Percent, _, day, ngettext, spoken
from scoring import number
from scoring.record import GameIdentity
from scoring.words import Said, join_names


def place_of(game: StoredGame, player: str) -> int:
    place = 1
    for group in game.scored["ranking"]:
        if player in group:
            return place
        place += len(group)
    raise KeyError(player)


def won(game: StoredGame, player: str) -> bool:
    return player in game.scored["winners"]


@dataclass(frozen=True)
class GameFigures:
    """One player's figures for one game (a score pad per its title). `best` and `worst` as the game ranks: where the
    lowest total wins (`lower_wins`), the best is the lowest."""

    plays: int
    wins: int
    average: float
    best: int
    worst: int
    last_played: str
    title: str = ""  # the game's name, as its latest game says it
    lower_wins: bool = False

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
    by_game: dict[GameIdentity, GameFigures]  # a score pad per its title (game_groups.py), the latest played first
    head_to_head: tuple[HeadToHead, ...]
    streak: str  # "3 wins", "2 losses", "" when no games (in the language it was worked out for: kept_figures)
    scores_over_time: dict[GameIdentity, list[tuple[str, int]]] = field(default_factory=dict)  # game → [(date, score)]

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays


def figures(games_newest_first: list[StoredGame], player: str) -> GameFigures:
    """The player's figures over their games of one game (one group: game_groups.py), ranked as its latest game ranks."""
    scores = [g.scored["totals"][player] for g in games_newest_first]
    latest = games_newest_first[0]
    lowest, highest = min(scores), max(scores)
    return GameFigures(
        plays=len(games_newest_first),
        wins=sum(won(g, player) for g in games_newest_first),
        average=mean(scores),
        best=lowest if latest.lower_wins else highest,
        worst=highest if latest.lower_wins else lowest,
        last_played=latest.played_at[:10],
        title=latest.title,
        lower_wins=latest.lower_wins,
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
    if first:
        return ngettext("{count} win", "{count} wins", n).format(count=n)
    return ngettext("{count} loss", "{count} losses", n).format(count=n)


def player_stats(games: Iterable[StoredGame], player: str) -> PlayerStats | None:
    """Figures for `player` over finished games (any order); None if they never played."""
    played = sorted((g for g in games if player in g.players and g.summary), key=lambda g: g.played_at, reverse=True)
    if not played:
        return None
    by_game: dict[GameIdentity, list[StoredGame]] = defaultdict(list)
    for g in played:
        by_game[g.identity].append(g)
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
        scores_over_time={key: [(g.played_at[:10], g.scored["totals"][player]) for g in reversed(gs)] for key, gs in by_game.items()},
    )


@dataclass(frozen=True)
class RosterLine:
    plays: int
    wins: int
    last_played: str  # the day, YYYY-MM-DD


def index(games_newest_first: Iterable[StoredGame]) -> tuple[dict[str, list[StoredGame]], dict[str, RosterLine]]:
    """Each player's finished games (newest first) and their roster line, in one pass over the
    history (100,000 games: the players screen's figures, worked out once per change)."""
    games_of: dict[str, list[StoredGame]] = {}
    wins: Counter[str] = Counter()
    last: dict[str, str] = {}
    for g in games_newest_first:
        summary = g.summary
        if not summary:
            continue
        winners = summary["winners"]
        for player in g.record["players"]:
            mine = games_of.get(player)
            if mine is None:
                mine = games_of[player] = []
                last[player] = g.played_at[:10]  # their first game met is their latest
            mine.append(g)
            if player in winners:
                wins[player] += 1
    return games_of, {player: RosterLine(len(mine), wins[player], last[player]) for player, mine in games_of.items()}


def roster(games: Iterable[StoredGame]) -> dict[str, RosterLine]:
    """Every player's games, wins and last day played, in one pass over the history (the players
    screen lists everyone: one `player_stats` each went over the whole history once per player)."""
    return index(sorted(games, key=lambda g: g.order, reverse=True))[1]


def wins_per_player(games: Iterable[StoredGame]) -> list[tuple[str, int]]:
    wins: Counter[str] = Counter()
    for g in games:
        if g.summary and g.scored["decided"]:
            wins.update(g.scored["winners"])
    return wins.most_common()


@dataclass(frozen=True)
class HighScore:
    """A game's best score: the highest total any player scored in any finished game of it (the lowest
    where the lowest total wins: `lower_wins`), whatever their place (a 20 that came 3rd on a tiebreak
    is still a 20). Every player who scored it is named, each once, with the first day and the number
    of times they did."""

    score: int
    by: tuple[tuple[str, str, int], ...]  # (player, first date, times), in the order first scored
    lower_wins: bool = False

    @property
    def tie(self) -> bool:
        return len(self.by) > 1

    def lowest_words(self, name: Callable[[str], str]) -> str:
        """`words` where the lowest total wins: 'Lowest score: 2 by Cy on 2026-03-02'."""
        score = number(self.score)
        if self.tie:
            names = spoken(join_names(name(entry[0]) for entry in self.by))
            return _("Lowest score: {score}, a tie between {names}").format(score=score, names=names)
        player, first, times = self.by[0]
        if times == 1:
            return _("Lowest score: {score} by {player} on {day}").format(score=score, player=name(player), day=day(first))
        return ngettext(
            "Lowest score: {score} by {player}, {count} time (first on {day})",
            "Lowest score: {score} by {player}, {count} times (first on {day})",
            times,
        ).format(score=score, player=name(player), count=times, day=day(first))

    def words(self, name: Callable[[str], str] = str) -> str:
        """'Highest score: 20 by Kai on 2026-03-02'; a tie is said as one: '… 20, a tie between Ana and Kai'."""
        if self.lower_wins:
            return self.lowest_words(name)
        score = number(self.score)
        if self.tie:
            names = spoken(join_names(name(entry[0]) for entry in self.by))
            return _("Highest score: {score}, a tie between {names}").format(score=score, names=names)
        player, first, times = self.by[0]
        if times == 1:
            return _("Highest score: {score} by {player} on {day}").format(score=score, player=name(player), day=day(first))
        return ngettext(
            "Highest score: {score} by {player}, {count} time (first on {day})",
            "Highest score: {score} by {player}, {count} times (first on {day})",
            times,
        ).format(score=score, player=name(player), count=times, day=day(first))


def high_score(games: Iterable[StoredGame], lower_wins: bool = False) -> HighScore | None:
    """The best total in `games` (finished games of one game): the highest, or the lowest where the lowest total
    wins; and who scored it. None without a score."""
    scored = [(g.order, g.played_at[:10], p, s) for g in games if g.summary for p, s in g.scored["totals"].items()]
    if not scored:
        return None
    top = (min if lower_wins else max)(entry[3] for entry in scored)
    by: dict[str, list] = {}
    for _order, played, player, s in sorted(scored, key=lambda t: t[0]):
        if s == top:
            by.setdefault(player, [played, 0])[1] += 1
    return HighScore(top, tuple((p, first, n) for p, (first, n) in by.items()), lower_wins)


@dataclass(frozen=True)
class GameStats:
    game: GameIdentity  # a score pad per its title (game_groups.py)
    plays: int
    best: HighScore | None  # the highest score, or the lowest where the lowest total wins
    average_winning_score: float | None
    special: tuple[tuple[str, str], ...]  # (what, figure), this game's own
    title: str = ""  # the game's name, as its latest game says it


Special = Callable[[list[dict]], tuple[tuple[str, str], ...]]
Figures = tuple[tuple[str, str], ...]
# (game, statistic) → (the games they were worked out from, {the language they are said in → figures}; None:
# every word a Said, the same figures for every language)
_specials: dict[tuple[GameIdentity, Special], tuple[tuple[tuple[str, str], ...], dict[str | None, Figures]]] = {}


def _said_alike(figures: Figures) -> bool:
    """Whether `figures` read the same for every session: each word a Said (spoken() says it in the reader's
    language), the rest figures ("60%", "3", "–")."""
    return all(isinstance(text, Said) or not any(ch.isalpha() for ch in text) for pair in figures for text in pair)


def special_figures(game: GameIdentity, mine: list[StoredGame], statistic: Special) -> Figures:
    """A game's figures of its own, worked out again only when its finished games changed: they read
    every record (the statistics screen would otherwise parse the whole history at each visit). Kept once
    for every language when their words are Said (the screen says them with spoken()), else per language."""
    if not mine:
        return ()
    games = tuple((g.id, g.modified_at) for g in mine)
    kept = _specials.get((game, statistic))
    if kept is None or kept[0] != games:
        kept = _specials[(game, statistic)] = (games, {})
    said = kept[1]
    reader = language.current()
    for key in (None, reader):
        if key in said:
            return said[key]
    figures = statistic([g.record for g in mine])
    said[None if _said_alike(figures) else reader] = figures
    return figures


def game_stats(games_newest_first: Iterable[StoredGame], game: GameIdentity, statistic: Special = lambda records: ()) -> GameStats:
    """A game's figures (one group: a score pad per its title), ranked as its latest game ranks; `statistic` gives its
    figures of its own from its records (its screen's)."""
    mine = [g for g in games_newest_first if g.identity == game and g.summary]
    winning = [g.scored["totals"][w] for g in mine if g.scored["decided"] for w in g.scored["winners"]]
    rules = scoring.GAMES[game[0]]
    lower_wins = mine[0].lower_wins if mine else rules.lower_wins(rules.default_variant)
    return GameStats(
        game=game,
        plays=len(mine),
        best=high_score(mine, lower_wins),
        average_winning_score=mean(winning) if winning else None,
        special=special_figures(game, mine, statistic),
        title=mine[0].title if mine else rules.title,
    )


def share_of(part: int, whole: int, word: str, after: str = "") -> str:
    """'60% of 10 expeditions with an investment': a share that says what it counts ("–" of nothing), as a
    Said (worked out once for every session: the screen says it with spoken()). `word`: what is counted,
    either the whole phrase in the reader's language, `Said.counted("{count} expedition with an investment",
    "{count} expeditions with an investment", whole)`, or an English noun ("expedition") and `after`."""
    if not whole:
        return "–"
    counted = word if isinstance(word, Said) else f"{whole} {word}{'' if whole == 1 else 's'}{after}"
    return Said("{percent} of {counted}", percent=percent(part, whole), counted=counted)


def percent(part: int, whole: int) -> Percent | str:
    """ "50%" as a Said's value (said in the reader's language: "50 %"); "–" of nothing."""
    return Percent(part / whole) if whole else "–"
