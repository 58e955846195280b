"""What scoring answers: per-round scores with their reasons, places and the tiebreak sentences."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .fields import join_names
from .words import Said
from .words import place as ordinal_place  # (a local `place` counts the ranking's places)

MINUS = "\u2212"  # the minus sign of the formulas ("(8 − 20) × 2"): every number a person reads is signed with it


def number(value: float, spec: str = "") -> str:
    """A number as a person reads it, `format(value, spec)` signed with the minus sign: "−24", "+5", "−1.8".
    Files for programs (JSON, CSV) keep their own numbers; this is for words and screens.

    >>> number(-24), number(5, "+d"), number(-1.84, ".1f")
    ('−24', '+5', '−1.8')
    """
    return format(value, spec).replace("-", MINUS)


@dataclass(frozen=True)
class Line:
    """One scoring element of a player's round, e.g. `red: (3+6+9+10 − 20) × 2 = 16`.

    Its label, and a formula that holds words ("2 cards × value 3"), are the rules' words (a `Said`);
    `said` is the whole line as one, `str(line)` its English."""

    label: str
    points: int
    formula: str = ""

    def __str__(self) -> str:  # `said`'s English, without building it (every line of a JSON breakdown)
        if self.formula and self.formula != str(self.points):
            return f"{self.label}: {self.formula} = {number(self.points)}"
        return f"{self.label}: {number(self.points, '+d')}" if self.points else f"{self.label}: 0"

    @property
    def said(self) -> Said:
        """The line in words (`str(line)` is its English): "red: (3+6+9+10 − 20) × 2 = 16", "scoring abilities: +4".

        >>> line = Line(Said("scoring abilities"), 4)
        >>> line.said, line.said == str(line), line.said.template
        ('scoring abilities: +4', True, '{label}: {points}')
        """
        if self.formula and self.formula != str(self.points):
            return Said("{label}: {formula} = {points}", label=self.label, formula=self.formula, points=number(self.points))
        return Said("{label}: {points}", label=self.label, points=number(self.points, "+d") if self.points else "0")


class Tiebreak(NamedTuple):  # a named tuple: built on every tie, several times cheaper than a frozen dataclass
    """One step of a game's tiebreak: a key per player (the higher key wins, whichever way the totals rank) and how to say it.

    `describe(value)` turns the raw value into words ("5 cards"); `key(value)` maps it to
    the comparable key, e.g. negated when fewer is better. The subject and the description are the
    rules' words (a `Said`), said in the tiebreak sentences of `rank`.
    """

    subject: str
    value: Callable[[str], Any]
    describe: Callable[[Any], str] = str
    key: Callable[[Any], Any] = lambda value: value


Breakdown = tuple[Mapping[str, tuple[Line, ...]], ...]


@dataclass(eq=False)
class Result:
    """Scores, places and reasons. The breakdown (lines with their formulas) is only needed when
    shown, so it is built on first access of `breakdown` by `build_breakdown` and kept.

    Not frozen, unlike the rule data: one is built on every tap, a frozen dataclass takes over twice
    as long to build, and its totals and rounds are dicts anyway. Treat it as read-only."""

    game: str
    players: tuple[str, ...]
    rounds: tuple[Mapping[str, int], ...]
    build_breakdown: Callable[[], Breakdown]  # zero arguments; called at most once
    totals: Mapping[str, int]
    ranking: tuple[tuple[str, ...], ...]
    decided: bool
    explanations: tuple[str, ...] = ()
    # Game-specific figures the app may show (e.g. Lost Cities' next starter).
    extras: Mapping[str, Any] = field(default_factory=dict)
    # The direction of the ranking: True where the lowest total ranks first (6 nimmt!, a score pad's Hearts).
    # Places, "best" and "worst", margins and points per place follow `ranking` or ask this, never assume.
    lower_wins: bool = False

    @property
    def breakdown(self) -> Breakdown:
        """Per round, {player: tuple[Line, ...]}: built once, on first access."""
        try:
            return self.__dict__["_breakdown"]  # type: ignore[no-any-return]
        except KeyError:
            built = self.build_breakdown()
            self.__dict__["_breakdown"] = built
            return built

    def _compared(self) -> tuple[Any, ...]:
        return (
            self.game,
            self.players,
            self.rounds,
            self.breakdown,
            self.totals,
            self.ranking,
            self.decided,
            self.explanations,
            self.extras,
            self.lower_wins,
        )

    def __eq__(self, other: object) -> bool:
        # As a dataclass compares, with the breakdown's lines in place of the function building them.
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._compared() == other._compared()

    def __hash__(self) -> int:
        return hash(self._compared())  # a TypeError, as for any object holding dicts

    def __repr__(self) -> str:
        names = ("game", "players", "rounds", "breakdown", "totals", "ranking", "decided", "explanations", "extras", "lower_wins")
        return "Result(" + ", ".join(f"{n}={v!r}" for n, v in zip(names, self._compared())) + ")"

    @property
    def winners(self) -> tuple[str, ...]:
        return self.ranking[0] if self.decided and self.ranking else ()

    def place_of(self, player: str) -> int:
        """1-based place; players sharing a place get the same number."""
        place = 1
        for group in self.ranking:
            if player in group:
                return place
            place += len(group)
        raise KeyError(player)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "rounds": [dict(r) for r in self.rounds],
            "totals": dict(self.totals),
            "ranking": [list(g) for g in self.ranking],
            "winners": list(self.winners),
            "decided": self.decided,
            "breakdown": [{p: [str(line) for line in lines] for p, lines in r.items()} for r in self.breakdown],
            "explanations": list(self.explanations),
        }


def sum_totals(players: Sequence[str], rounds: Sequence[Mapping[str, int]]) -> dict[str, int]:
    return {p: sum(r[p] for r in rounds) for p in players}


def first_reached(rounds: Sequence[Mapping[str, int]], players: Sequence[str], total: int | None) -> tuple[int, tuple[str, ...]] | None:
    """The round (1-based) in which a running total first reached `total` or more, and whose; None while none has
    (or without a `total`): the end of a game played to a total (6 nimmt!'s 66, a score pad's target).

    >>> first_reached([{"Ana": 40, "Ben": 10}, {"Ana": 30, "Ben": 60}], ["Ana", "Ben"], 66)
    (2, ('Ana', 'Ben'))
    """
    if total is None:
        return None
    totals = dict.fromkeys(players, 0)
    for number, scores in enumerate(rounds, start=1):
        for p in players:
            totals[p] += scores[p]
        reached = tuple(p for p in players if totals[p] >= total)
        if reached:
            return number, reached
    return None


def any_tie(totals: Mapping[str, int]) -> bool:
    """Whether two totals are equal: only then does rank() consult tiebreaks (so build them only then)."""
    return len(set(totals.values())) < len(totals)


def rank(
    players: Sequence[str], totals: Mapping[str, int], tiebreaks: Sequence[Tiebreak] = (), lower_wins: bool = False
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """Places best first (ties grouped) and one sentence per tiebreak that decided or failed to decide.
    `totals` holds exactly the players; the higher total ranks first, the lower one with `lower_wins`.

    >>> rank(["Ana", "Ben", "Cy"], {"Ana": 12, "Ben": 2, "Cy": 74}, lower_wins=True)[0]
    (('Ben',), ('Ana',), ('Cy',))
    """
    if not any_tie(totals):
        return untied_ranking(players, totals, lower_wins), ()  # the usual case: no tiebreak consulted or explained
    return rank_with_ties(players, totals, tiebreaks, lower_wins)


def untied_ranking(players: Sequence[str], totals: Mapping[str, int], lower_wins: bool = False) -> tuple[tuple[str, ...], ...]:
    """Places when no two totals are equal: one player each (zip makes the 1-tuples)."""
    return tuple(zip(sorted(players, key=totals.__getitem__, reverse=not lower_wins)))


def rank_with_ties(
    players: Sequence[str], totals: Mapping[str, int], tiebreaks: Sequence[Tiebreak], lower_wins: bool = False
) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    """`rank` where two totals are equal. A tiebreak's key is "higher wins" whichever way the totals rank."""
    seen: set[int] = set()
    shared: set[int] = set()
    for total in totals.values():
        (shared if total in seen else seen).add(total)
    # Tiebreak values only for players who share their total: nobody else's place depends on them.
    values = {p: [step.value(p) for step in tiebreaks] if totals[p] in shared else [] for p in players}
    sign = -1 if lower_wins else 1
    keys = {p: (sign * totals[p], *[step.key(v) for step, v in zip(tiebreaks, values[p])]) for p in players}

    ordered = sorted(players, key=keys.__getitem__, reverse=True)  # stable: seat order among equals
    ranking: list[tuple[str, ...]] = []
    for p in ordered:
        if ranking and keys[ranking[-1][0]] == keys[p]:
            ranking[-1] = ranking[-1] + (p,)
        else:
            ranking.append((p,))

    sentences: list[str] = []
    place = 1
    for i, group in enumerate(ranking):
        total = totals[group[0]]
        if i + 1 < len(ranking) and totals[ranking[i + 1][0]] == total:
            lower = ranking[i + 1]
            step_index = next(k for k, step in enumerate(tiebreaks) if step.key(values[group[0]][k]) != step.key(values[lower[0]][k]))
            step = tiebreaks[step_index]
            said = {
                "tied": join_names(group + lower),
                "total": total,
                "subject": step.subject,
                "winners": join_names(group),
                "winners_have": step.describe(values[group[0]][step_index]),
                "others": join_names(lower),
                "others_have": step.describe(values[lower[0]][step_index]),
                "place": ordinal_place(place),
            }
            if len(group) + len(lower) == 2:
                sentence = Said(
                    "{tied} both have {total}; {subject}: {winners} {winners_have}, {others} {others_have}, so {winners} takes {place}.",
                    **said,
                )
            elif len(group) == 1:
                sentence = Said(
                    "{tied} all have {total}; {subject}: {winners} {winners_have}, {others} {others_have}, so {winners} takes {place}.",
                    **said,
                )
            else:
                sentence = Said(
                    "{tied} all have {total}; {subject}: {winners} {winners_have}, {others} {others_have}, so {winners} share {place}.",
                    **said,
                )
            sentences.append(sentence)
        if len(group) > 1:
            shared_by = {"players": join_names(group), "total": total, "place": ordinal_place(place)}
            if tiebreaks:
                same = listed(
                    [Said("{subject} ({value})", subject=t.subject, value=t.describe(v)) for t, v in zip(tiebreaks, values[group[0]])]
                )
                if len(group) == 2:
                    sentence = Said(
                        "{players} both have {total} and the same {tiebreaks}: they share {place}.", tiebreaks=same, **shared_by
                    )
                else:
                    sentence = Said("{players} all have {total} and the same {tiebreaks}: they share {place}.", tiebreaks=same, **shared_by)
            elif len(group) == 2:
                sentence = Said("{players} both have {total}: they share {place}.", **shared_by)
            else:
                sentence = Said("{players} all have {total}: they share {place}.", **shared_by)
            sentences.append(sentence)
        place += len(group)
    return tuple(ranking), tuple(sentences)


def listed(items: Sequence[str]) -> str:
    """Words in a list, each said as it is (a Said stays one): "a", "a and b", "a, b and c" (as join_names)."""
    if len(items) <= 1:
        return items[0] if items else ""
    head: str = items[0]
    for item in items[1:-1]:
        head = Said("{items}, {item}", items=head, item=item)
    return Said("{names} and {last}", names=head, last=items[-1])


def scored_once(
    game: str,
    players: Sequence[str],
    totals: dict[str, int],
    tiebreaks: Callable[[], Sequence[Tiebreak]],
    build_breakdown: Callable[[], Any],
    lower_wins: bool = False,
) -> Result:
    """The Result of a game scored once at the end: always decided, tiebreaks looked at only on a tie."""
    if any_tie(totals):
        ranking, sentences = rank_with_ties(players, totals, tiebreaks(), lower_wins)
    else:
        ranking, sentences = untied_ranking(players, totals, lower_wins), ()
    # In field order (game, players, rounds, build_breakdown, totals, ranking, decided, explanations, extras, lower_wins):
    # positional arguments make a Result about twice as fast as keywords.
    return Result(game, tuple(players), (dict(totals),), build_breakdown, totals, ranking, True, sentences, {}, lower_wins)
