"""6 nimmt! records made by hand (hand_made/__init__.py): any end_at, deals of up to 10 cards a player, one deck a
deal, and games played to their end (a walk from a new game rarely gets there: 66 bullheads are many taps)."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

END_AT = 66


def bullheads(card: int) -> int:
    """An independent reading of the rulebook's cards: 55 has 7, the other doubles 5, tens 3, fives 2, the rest 1."""
    if card == 55:
        return 7
    if card in (11, 22, 33, 44, 66, 77, 88, 99):
        return 5
    if str(card).endswith("0"):
        return 3
    if str(card).endswith("5"):
        return 2
    return 1


@st.composite
def a_deal(draw, players: list[str]) -> dict:
    """One deal: cards of one deck, at most 10 a player taken in all, each on one pile."""
    taken = draw(st.integers(0, 10 * len(players)))
    cards = draw(st.lists(st.integers(1, 104), unique=True, min_size=taken, max_size=taken))
    owners = draw(st.lists(st.sampled_from(players), min_size=len(cards), max_size=len(cards)))
    return {p: {"cards": [c for c, owner in zip(cards, owners) if owner == p]} for p in players}


@st.composite
def records(draw):
    players = draw(names(2, 10))
    end_at = draw(st.sampled_from([END_AT, 1, 5, 10, 20, 30, 1000]) | st.integers(1, 1000))
    variant: dict = {}
    maybe(draw, "end_at", end_at, END_AT, variant)
    totals = dict.fromkeys(players, 0)
    rounds = []
    for _ in range(draw(st.integers(0, 8))):
        if any(total >= end_at for total in totals.values()):
            break  # the game is over: no round follows the one that reached end_at
        deal = draw(a_deal(players))
        for p in players:
            totals[p] += sum(bullheads(c) for c in deal[p]["cards"])
        rounds.append(deal)
    return envelope("six-nimmt", players, "rounds", rounds, variant or (None if draw(st.booleans()) else {}), draw)


def duplicated(draw, record: dict) -> dict:
    """A card of one pile put onto another pile of the same deal (or the same pile twice)."""
    r = copy.deepcopy(record)
    if not r["rounds"]:
        r["rounds"].append({p: {"cards": []} for p in r["players"]})
    deal = draw(st.sampled_from(r["rounds"]))
    giver, taker = draw(st.permutations(r["players"]))[:2]
    if draw(st.booleans()):
        taker = giver
    if not deal[giver]["cards"]:
        deal[giver]["cards"].append(draw(st.integers(1, 104)))
    deal[taker]["cards"].append(draw(st.sampled_from(deal[giver]["cards"])))
    return r
