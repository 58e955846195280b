"""Card Commons records made by hand (hand_made/__init__.py): Wild Nest Eggs and their replacements, extra rounds
only while level (checked by an independent reading of the rules: `round_points`)."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

SUITS = "CDHS"
WILDS = ("QH", "KS")
DECK = tuple(f"{r}{s}" for s in SUITS for r in "2345") + WILDS


def colour(card: str) -> str:
    return "red" if card[-1] in "DH" else "black"


def round_points(round_: dict, player: str, multiplier: int, peek: bool) -> int:
    """An independent reading of card-commons.txt's Scoring, used to keep extra rounds legal."""
    commission = round_["commissions"][player]
    target = round_["nest_egg"]
    if target in WILDS and not peek:
        target = round_.get("replacement")
    if target is None:
        scores = True
    elif target in WILDS:
        scores = colour(target) == colour(commission)
    else:
        scores = target[-1] == commission[-1] or target[:-1] == commission[:-1]
    count = sum(1 for c in round_["sides"][player] if colour(c) == colour(commission))
    return count * multiplier if scores else 0


@st.composite
def a_round(draw, players: list[str], number: int, peek: bool) -> dict:
    pool = list(draw(st.permutations(DECK)))
    nest_egg = pool.pop(0)
    commissions = {}
    for p in players:
        card = next(c for c in pool if c not in WILDS)
        pool.remove(card)
        commissions[p] = card
    round_: dict = {"nest_egg": nest_egg}
    if nest_egg in WILDS and not peek:
        other = next(w for w in WILDS if w != nest_egg)
        # Rounds 3–4 have two face-down cards, so a non-Wild is always left to replace it.
        if number in (3, 4) or draw(st.booleans()):
            replacement = next(c for c in pool if c not in WILDS)
            pool.remove(replacement)
            round_["replacement"] = replacement
        else:
            pool.remove(other)  # it was the face-down card: no card but a Wild left
            if draw(st.booleans()):
                round_["replacement"] = None
    elif draw(st.integers(0, 3)) == 0:
        round_["replacement"] = None
    sides = {}
    for p in players:
        size = draw(st.integers(0, 6))
        sides[p], pool = pool[:size], pool[size:]
    round_["commissions"] = commissions
    round_["sides"] = sides
    return round_


@st.composite
def records(draw):
    players = draw(names(2, 2))
    peek = draw(st.booleans())
    regular = 3 if peek else 4
    multipliers = (1, 1, 2) if peek else (1, 1, 2, 2)
    rounds = []
    totals = {p: 0 for p in players}
    wanted = draw(st.integers(0, regular + 3))
    while len(rounds) < wanted:
        number = len(rounds) + 1
        if number > regular and totals[players[0]] != totals[players[1]]:
            break  # docs/format.md: no further round unless the totals were level
        round_ = draw(a_round(players, number, peek))
        mult = multipliers[number - 1] if number <= regular else 1
        for p in players:
            totals[p] += round_points(round_, p, mult, peek)
        rounds.append(round_)
    variant: dict = {}
    maybe(draw, "peek", peek, False, variant)
    return envelope("card-commons", players, "rounds", rounds, variant or (None if draw(st.booleans()) else {}), draw)


def duplicated(draw, record: dict) -> dict:
    """A card of the round (the Nest Egg, a Commission, a side's) put onto the other side too."""
    r = copy.deepcopy(record)
    players = r["players"]
    if not r["rounds"]:
        r["rounds"].append(draw(a_round(players, 1, r.get("variant", {}).get("peek", False))))
    round_ = draw(st.sampled_from(r["rounds"]))
    giver, taker = draw(st.permutations(players))
    cards = [round_["nest_egg"], round_["commissions"][giver], *round_["sides"][giver]]
    round_["sides"][taker].append(draw(st.sampled_from(cards)))
    return r
