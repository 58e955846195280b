"""CGT records made by hand (hand_made/__init__.py): Meta columns, collections within each type's copies."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

SEAT_BREAKS_TIES = True  # the player later in seat order wins a tie that the Collection's size leaves


@st.composite
def records(draw):
    players = draw(names(2, 4))
    types = draw(st.lists(st.integers(2, 20), unique=True, min_size=1, max_size=7))
    meta = {t: draw(st.integers(1, t)) for t in types}
    collections = {p: {} for p in players}
    for t in types:
        left = t - meta[t]
        for p in draw(st.permutations(players)):
            n = draw(st.integers(0, left))
            left -= n
            if n or draw(st.integers(0, 3)) == 0:
                collections[p][str(t)] = n
    final: dict = {"meta": {str(t): n for t, n in meta.items()}, "collections": collections}
    modifiers = draw(st.dictionaries(st.integers(2, 20).map(str), st.integers(-12, 6), max_size=4))
    maybe(draw, "modifiers", modifiers, {}, final)
    adjustments = draw(st.dictionaries(st.sampled_from(players), st.integers(-10, 15), max_size=len(players)))
    maybe(draw, "adjustments", adjustments, {}, final)
    variant = {"first_player_penalty": draw(st.integers(0, 6))}
    return envelope("cgt", players, "final", final, variant, draw)


def duplicated(draw, record: dict) -> dict:
    """A whole type's copies in one Collection, on top of its Meta column."""
    r = copy.deepcopy(record)
    meta = r["final"].setdefault("meta", {})
    if not meta:
        meta["5"] = 1  # a new game has no Meta column yet
    type_ = draw(st.sampled_from(sorted(meta)))
    taker = draw(st.sampled_from(r["players"]))
    collection = r["final"]["collections"][taker]
    collection[type_] = collection.get(type_, 0) + int(type_)
    return r


def reseated(draw, record: dict) -> list[str]:
    """The first player pays the penalty: the first seat stays."""
    players = list(record["players"])
    return players[:1] + list(draw(st.permutations(players[1:])))
