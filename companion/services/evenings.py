"""Game nights: finished games grouped into the evenings they were played in, the standings across an
evening and its recap in words. Pure: no Flet, no TinyDB (the store's games and settings are passed in).

A game starts a new evening when
- it started at least THRESHOLD after the end of every earlier game of the evening (a gap of exactly
  THRESHOLD splits: "at least"), or
- a "new game night" mark (Tonight's button, kept in the setting NEW_NIGHT_SETTING) lies after the
  previous game's start and at or before this game's start.
A game's end is its start plus its duration where that is known (durations.py), else its start (an
imported game). Midnight means nothing here: games at 23:30 and 00:40 are one evening, named by the
day it began.

The latest evening is made of games played by now: a game dated after now (beyond CLOCK_SKEW, a
typo such as 2062 or 9999-12-31 in an imported record) is never part of it, nor is a mark dated after
now; such a game stays in the history, and `after_now` lists it for Tonight to say so.

Standings: wins (every winner of a shared first place wins), then points, then name. A game gives its
best score 1.0 and each other score its share of it, as the rules rank the game (the record's
`lower_wins`): where the highest total wins, score ÷ the best score (half the winner's score 0.5; a
negative score counts as 0); where the lowest total wins, the best score ÷ score (twice the winner's
total 0.5), so the loser never gets the winner's 1.0. In a game whose best score is 0 or less the best
scorers get 1 and the others 0. Points are the sum over the evening, so each game weighs the same
whatever its scale (Lost Cities' 150 and a card game's 20).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import scoring
from companion.data.checks import played_when
from companion.data.store import StoredGame
from companion.language import N_, _, day, decimal, ngettext, spoken
from companion.services import durations
from scoring.fields import join_names, ordinal

THRESHOLD = timedelta(hours=4)
NEW_NIGHT_SETTING = "new_game_nights"  # ISO times at which someone started a new game night, oldest first
KEEP_MARKS = 200  # older marks are dropped: evenings that long ago are split by their gaps anyway
CLOCK_SKEW = timedelta(minutes=5)  # a game dated this little after now still counts as played (a device's clock ahead)
STANDINGS_SAID = N_(
    "Standings (points: each game's score ÷ its best score, or its best score ÷ the score where the lowest total wins; "
    "a negative score counts as 0)"
)


def end_of(game: StoredGame) -> datetime:
    took = durations.minutes(game)
    return game.when + timedelta(minutes=took) if took else game.when


def marks_of(setting: object) -> list[datetime]:
    """The stored marks as aware datetimes, oldest first; anything unreadable is left out (a hand-edited file)."""
    if not isinstance(setting, list):
        return []
    found = []
    for text in setting:
        try:
            found.append(played_when(text))
        except ValueError:
            continue
    return sorted(found)


def with_mark(setting: object, now: datetime) -> list[str]:
    """The setting's new value after "New game night" at `now` (the last KEEP_MARKS marks)."""
    kept = [m.isoformat() for m in marks_of(setting)]
    return [*kept, now.isoformat()][-KEEP_MARKS:]


@dataclass(frozen=True)
class Evening:
    games: tuple[StoredGame, ...]  # in play order, never empty

    @property
    def start(self) -> datetime:
        return self.games[0].when

    @property
    def end(self) -> datetime:
        return max(end_of(g) for g in self.games)

    @property
    def day(self) -> str:
        """The day it began (an evening across midnight keeps its first day)."""
        return self.games[0].played_at[:10]


def evenings(games: Iterable[StoredGame], marks: Sequence[datetime] = (), threshold: timedelta = THRESHOLD) -> list[Evening]:
    """Finished games (any order) grouped into evenings, oldest first, each in play order (played_at, then id)."""
    ordered = sorted((g for g in games if g.summary), key=lambda g: g.order)
    nights: list[list[StoredGame]] = []
    latest_end: datetime | None = None
    for g in ordered:
        previous = nights[-1][-1] if nights else None
        marked = previous is not None and any(previous.when < m <= g.when for m in marks)
        if previous is None or latest_end is None or marked or g.when - latest_end >= threshold:
            nights.append([g])
            latest_end = end_of(g)
        else:
            nights[-1].append(g)
            latest_end = max(latest_end, end_of(g))
    return [Evening(tuple(n)) for n in nights]


def horizon(now: datetime | None = None) -> datetime:
    """The latest moment a game can have been played at, `now` (this machine's clock) give or take the skew."""
    return (now or datetime.now(UTC)) + CLOCK_SKEW


def dated_after(limit: datetime) -> Callable[[StoredGame], bool]:
    """Whether a game was dated after `limit` (a test made once: Home asks it of every game). Also when
    this machine could not place its played_at (a naive 9999-12-31T22:00 west of UTC is past the
    calendar's end: `game.when` then falls back to when it was stored) and the year it was written
    with is later than limit's."""
    moment, year = limit.timestamp(), f"{limit.year:04d}"

    def after(game: StoredGame) -> bool:
        if game.order[0] > moment:
            return True
        written = game.record.get("played_at")
        return isinstance(written, str) and written[:4] > year and written[:4].isdigit()

    return after


def after_now(games: Iterable[StoredGame], now: datetime | None = None) -> list[StoredGame]:
    """Finished games dated after now (a typo in an imported date), the earliest first: in no latest evening."""
    after = dated_after(horizon(now))
    return sorted((g for g in games if g.summary and after(g)), key=lambda g: g.order)


def latest(
    games: Iterable[StoredGame], marks: Sequence[datetime] = (), threshold: timedelta = THRESHOLD, now: datetime | None = None
) -> Evening | None:
    """The latest evening of the games played by `now` (default: this machine's clock); None when there is
    no such game, or a new game night was started after the last one. Games and marks dated after now
    (beyond CLOCK_SKEW) are left out: a date typo never becomes tonight, nor hides it.

    Only the recent games are grouped (Home draws this): a game's known end is at most MAX_SITTING after
    its start, so no game that started more than MAX_SITTING + threshold before the last evening's first
    game can join it. The window widens until it holds that much before the evening it finds."""
    limit = horizon(now)
    after = dated_after(limit)
    ordered = sorted((g for g in games if g.summary), key=lambda g: g.order)
    # Games dated after now end that order and are cut off at once; one whose date this machine could not
    # place sorts where it was stored: only the games of the window looked at are asked (not the history).
    ordered = ordered[: bisect_right(ordered, limit.timestamp(), key=lambda g: g.order[0])]
    marks = [m for m in marks if m <= limit]
    window = timedelta(days=2)
    while True:
        if not ordered:
            return None
        since = ordered[-1].when - window
        recent = ordered[bisect_left(ordered, since, key=lambda g: g.when) :]
        unplaced = {id(g) for g in recent if after(g)}
        if unplaced:
            ordered = [g for g in ordered if id(g) not in unplaced]
            continue
        last = evenings(recent, marks, threshold)[-1]
        if len(recent) == len(ordered) or last.start - since >= durations.MAX_SITTING + threshold:
            break
        window *= 4
    if any(m > last.games[-1].when for m in marks):
        return None
    return last


def shares(game: StoredGame) -> dict[str, float]:
    """Each player's points for one game (module docstring): score ÷ the game's best score, or the best score ÷
    score where the lowest total wins."""
    totals: dict[str, int] = game.scored["totals"]
    best = min(totals.values()) if game.lower_wins else max(totals.values())
    if best <= 0:
        return {p: 1.0 if s == best else 0.0 for p, s in totals.items()}
    if game.lower_wins:
        return {p: best / s for p, s in totals.items()}  # every score is at least the best, above 0
    return {p: max(s, 0) / best for p, s in totals.items()}


def winners(game: StoredGame) -> list[str]:
    return list(game.scored["winners"]) if game.scored.get("decided", True) else []


@dataclass(frozen=True)
class Standing:
    place: int  # shared when wins and points are equal
    player: str
    games: int
    wins: int
    points: float


def standings(evening: Evening) -> list[Standing]:
    played: dict[str, list[float]] = {}  # player → [games, wins, points]
    for g in evening.games:
        won = set(winners(g))
        for p, share in shares(g).items():
            tally = played.setdefault(p, [0, 0, 0.0])
            tally[0] += 1
            tally[1] += p in won
            tally[2] += share
    order = sorted(played, key=lambda p: (-played[p][1], -round(played[p][2], 6), p.casefold()))
    rows: list[Standing] = []
    for i, p in enumerate(order):
        games, wins, points = played[p]
        level = rows and (rows[-1].wins, round(rows[-1].points, 6)) == (wins, round(points, 6))
        rows.append(Standing(rows[-1].place if level else i + 1, p, int(games), int(wins), points))
    return rows


def game_line(game: StoredGame) -> str:
    """'Lost Cities: Ana wins (Ana 45 · Ben 30)', the players in their places (a score pad by its title: 'Hearts: …');
    a shared first place said as such."""
    won = winners(game)
    title = game.title
    if len(won) == 1:
        who = _("{player} wins").format(player=won[0])
    elif won:
        who = _("{players} share the win").format(players=spoken(join_names(won)))
    else:
        who = _("no winner")
    order = [p for group in game.scored["ranking"] for p in group]
    scores = " · ".join(f"{p} {scoring.number(game.scored['totals'][p])}" for p in order)
    return f"{title}: {who} ({scores})"


def count(n: int, word: str) -> str:
    """ "1 game", "3 wins" in the reader's language (`word`: "game" or "win"; any other is said in English)."""
    if word == "game":
        return ngettext("{count} game", "{count} games", n).format(count=n)
    if word == "win":
        return ngettext("{count} win", "{count} wins", n).format(count=n)
    return f"{n} {word}{'s' * (n != 1)}"


def standing_line(s: Standing) -> tuple[str, str, str]:
    """(place, player, '2 wins · 1.85 points in 3 games'), in the reader's language."""
    figures = _("{wins} · {points} points in {games}").format(
        wins=count(s.wins, "win"), points=decimal(s.points, 2), games=count(s.games, "game")
    )
    return spoken(ordinal(s.place)), s.player, figures


def title(evening: Evening) -> str:
    return _("Game night · {day} · {games}").format(day=day(evening.day), games=count(len(evening.games), "game"))


def recap_text(evening: Evening) -> str:
    """What "Copy recap" puts on the clipboard: every game with its winner, then the standings."""
    lines = [title(evening), ""]
    lines += [game_line(g) for g in evening.games]
    lines += ["", _(STANDINGS_SAID)]
    lines += ["  ".join(standing_line(s)) for s in standings(evening)]
    return "\n".join(lines) + "\n"
