"""Lost Cities records made by hand (hand_made/__init__.py): both round counts, the purple expedition, one deck a round."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

COLOURS = ("yellow", "blue", "white", "green", "red")


@st.composite
def records(draw):
    players = draw(names(2, 2))
    rounds_n = draw(st.sampled_from([1, 3]))
    purple = draw(st.booleans())
    variant: dict = {}
    maybe(draw, "rounds", rounds_n, 3, variant)
    maybe(draw, "purple", purple, False, variant)
    colours = COLOURS + (("purple",) if purple else ())
    rounds = []
    for _ in range(draw(st.integers(0, rounds_n))):
        round_ = {p: {} for p in players}
        for colour in colours:
            # Each of the 9 numbers lies with the first player, the second, or neither (one deck).
            owners = draw(st.lists(st.sampled_from([0, 1, 2]), min_size=9, max_size=9))
            first_inv = draw(st.integers(0, 3))
            investments = (first_inv, draw(st.integers(0, 3 - first_inv)))
            for i, p in enumerate(players):
                cards = [n for n, owner in zip(range(2, 11), owners) if owner == i]
                cards = draw(st.permutations(cards))
                if not cards and not investments[i] and draw(st.booleans()):
                    continue  # a colour never started may be left out
                expedition: dict = {}
                maybe(draw, "investments", investments[i], 0, expedition)
                maybe(draw, "cards", list(cards), [], expedition)
                round_[p][colour] = expedition
        rounds.append(round_)
    return envelope("lost-cities", players, "rounds", rounds, variant or (None if draw(st.booleans()) else {}), draw)


def duplicated(draw, record: dict) -> dict:
    """A card of one tableau put onto the other's in the same round."""
    r = copy.deepcopy(record)
    r.setdefault("rounds", [])
    if not r["rounds"]:
        r["rounds"].append({p: {} for p in r["players"]})
    round_ = draw(st.sampled_from(r["rounds"]))
    giver, taker = draw(st.permutations(r["players"]))
    colour = draw(st.sampled_from(COLOURS))
    giver_cards = round_[giver].setdefault(colour, {}).setdefault("cards", [])
    if not giver_cards:
        giver_cards.append(draw(st.integers(2, 10)))
        taker_cards = round_[taker].get(colour, {}).get("cards", [])
        if giver_cards[0] in taker_cards:  # already on both: that is the corruption
            return r
    round_[taker].setdefault(colour, {}).setdefault("cards", []).append(draw(st.sampled_from(giver_cards)))
    return r
