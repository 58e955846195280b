"""Hypothesis strategies for random VALID records of every registered game (docs/format.md), for reuse by any test.

    from strategies import records, of_game, walked
    @given(records())                       # any game
    @given(of_game("cgt"))                  # one game

Every game is walked tap by tap from a new game by its own moves (`walked`: GameRules.moves, judged by
its apply), so a new game is drawn with no line here. A game may also have records made by hand
(tests/scoring/hand_made/<game>.py, found by the game's key), which reach what a walk rarely does: its
options, finished games, and the optional forms (omitted variant keys, omitted empty lists,
"replacement": null), each rule of docs/format.md's "Invalid" lists kept (one deck per round, card
supplies across players, extra rounds only while level, no round after the end, …).
"""

from __future__ import annotations

import hand_made
from hypothesis import strategies as st

import scoring
from scoring import GameRules

GAMES = tuple(scoring.GAMES)  # the registered games when the tests were collected

# Player names: distinct, non-empty, not only spaces; any printable text (accents, emoji, CJK).
name = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")),
    min_size=1,
    max_size=10,
).filter(lambda s: s.strip() != "")


def names(low: int, high: int) -> st.SearchStrategy[list[str]]:
    return st.lists(name, min_size=low, max_size=high, unique=True)


def envelope(game: str, players: list[str], body_key: str, body, variant: dict | None, draw) -> dict:
    record = {"game": game, "players": players, body_key: body}
    if draw(st.booleans()):
        record["format"] = 1
    if variant is not None:
        record["variant"] = variant
    if draw(st.booleans()):
        record["id"] = draw(st.text(max_size=8))
    return record


def maybe(draw, key: str, value, default, out: dict) -> None:
    """Write key → value, or leave it out when value is the default (docs/format.md: missing keys take it)."""
    if value != default or draw(st.booleans()):
        out[key] = value


@st.composite
def walked(draw, rules: GameRules, taps: int = 60) -> dict:
    """A record of `rules`' game reached by up to `taps` of its moves from a new game (a refused tap changes nothing)."""
    players = draw(names(rules.min_players, rules.max_players))
    table = scoring.Table(scoring.new_record(rules.key, players))
    for _ in range(draw(st.integers(0, taps))):
        moves = list(rules.moves(table))
        if not moves:
            break
        try:
            table = rules.apply(table, draw(st.sampled_from(moves)))
        except scoring.RecordError:
            pass
    return table.record


def of_game(key: str) -> st.SearchStrategy[dict]:
    """A valid record of one registered game: walked, or made by hand where it has a hand-made strategy."""
    walk = walked(scoring.GAMES[key])
    made = hand_made.of(key)
    return walk | made.records() if made is not None and hasattr(made, "records") else walk


def records(games: tuple[str, ...] | None = None) -> st.SearchStrategy[dict]:
    """A valid record of any of the given games (every registered game by default)."""
    return st.one_of(*(of_game(key) for key in games or scoring.GAMES))


# ---- corruptions of valid records --------------------------------------------------------------

ODD_VALUES = ("text", "7", "", True, False, None, 1.5, -0.0, [], {}, [1, 2], {"x": 1})
ODD_NUMBERS = (-1, 0, 1, 7, 11, 21, 99, -(10**6), 10**9, 2**63)


def paths(node, prefix=()):
    """Every place inside a JSON value, as a tuple of keys and indices (the root excluded)."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, child in items:
        yield prefix + (key,)
        yield from paths(child, prefix + (key,))


def at_path(node, path):
    for step in path:
        node = node[step]
    return node


def breakable(key: str) -> bool:
    """Whether the game has a way to break one rule of its "Invalid" list (its hand-made `duplicated`)."""
    made = hand_made.of(key)
    return made is not None and hasattr(made, "duplicated")


BREAKABLE = tuple(key for key in GAMES if breakable(key))


@st.composite
def duplicated_card(draw, record: dict) -> dict:
    """The record with a card put onto another tableau (or more copies than the game holds, a round after the
    end: its game's `duplicated`, hand_made/): always invalid by docs/format.md. For a game that has one."""
    return hand_made.of(record["game"]).duplicated(draw, record)


def reseated(record: dict, draw) -> list[str]:
    """Another seating that cannot change anyone's score: any order for a game keyed by name only; the game's
    own (hand_made/: CGT keeps players[0], the penalty; bgg-game the start-GG class of seats 0–2 and 3+)."""
    made = hand_made.of(record["game"])
    if made is not None and hasattr(made, "reseated"):
        return made.reseated(draw, record)
    return list(draw(st.permutations(record["players"])))


def seat_breaks_ties(key: str) -> bool:
    """Whether the seat is the game's last tiebreak (hand_made/: SEAT_BREAKS_TIES)."""
    return getattr(hand_made.of(key), "SEAT_BREAKS_TIES", False)


@st.composite
def corrupted(draw, record: dict) -> tuple[str, dict]:
    """(kind, record) where kind is delete, retype, out-of-range, unknown-field or duplicate.
    Only "duplicate" is sure to be invalid; the others may happen to stay valid."""
    import copy

    r = copy.deepcopy(record)
    kinds = ["delete", "retype", "out-of-range", "unknown-field"] + (["duplicate"] if breakable(record["game"]) else [])
    kind = draw(st.sampled_from(kinds))
    if kind == "duplicate":
        return kind, draw(duplicated_card(r))
    places = list(paths(r))
    if kind == "out-of-range":
        numbers = [p for p in places if isinstance(at_path(r, p), int) and not isinstance(at_path(r, p), bool)]
        places = numbers or places
    if kind == "unknown-field":
        dicts = [()] + [p for p in places if isinstance(at_path(r, p), dict)]
        target = at_path(r, draw(st.sampled_from(dicts)))
        target[draw(st.sampled_from(["extra", "Extra", "colour ", "0"]))] = draw(st.sampled_from(ODD_VALUES + ODD_NUMBERS))
        return kind, r
    if not places:
        return kind, r
    path = draw(st.sampled_from(places))
    parent = at_path(r, path[:-1])
    if kind == "delete":
        del parent[path[-1]]
    elif kind == "retype":
        parent[path[-1]] = draw(st.sampled_from(ODD_VALUES))
    else:
        parent[path[-1]] = draw(st.sampled_from(ODD_NUMBERS))
    return kind, r
