"""BoardGameGeek: The Card Game records made by hand (hand_made/__init__.py): the supply of each subdomain kept."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

SUBDOMAINS = ("abstract", "customizable", "childrens", "family", "party", "strategy", "thematic", "war")


@st.composite
def records(draw):
    players = draw(names(2, 6))
    left = {s: 10 for s in SUBDOMAINS}  # cards of each subdomain still in the deck
    popular_free = set(SUBDOMAINS)
    gems_free = set(SUBDOMAINS)
    final = {}
    for p in players:
        tableau: dict = {}
        played = []
        open_ = [s for s in SUBDOMAINS if left[s] >= 2]
        for subdomain in draw(st.lists(st.sampled_from(open_), unique=True, max_size=4)) if open_ else []:
            cards = draw(st.integers(2, min(10, left[subdomain])))
            left[subdomain] -= cards
            group = {"subdomain": subdomain, "cards": cards}
            popular = subdomain in popular_free and draw(st.booleans())
            if popular:
                popular_free.discard(subdomain)
            maybe(draw, "popular", popular, False, group)
            played.append(group)
        collections = []
        for _ in range(draw(st.integers(0, 3))):
            open_ = [s for s in SUBDOMAINS if left[s] >= 1]
            if len(open_) < 2:
                break
            subdomains = draw(st.lists(st.sampled_from(open_), unique=True, min_size=2, max_size=8))
            for s in subdomains:
                left[s] -= 1
            gems = [s for s in subdomains if s in gems_free and draw(st.booleans())]
            gems_free.difference_update(gems)
            group = {"subdomains": subdomains}
            maybe(draw, "rare_gems", gems, [], group)
            collections.append(group)
        maybe(draw, "played", played, [], tableau)
        maybe(draw, "collections", collections, [], tableau)
        final[p] = tableau
    return envelope("bgg-card-game", players, "final", final, None if draw(st.booleans()) else {}, draw)


def duplicated(draw, record: dict) -> dict:
    """More cards of a subdomain played than the deck holds (2 + 10 of 10)."""
    r = copy.deepcopy(record)
    giver, taker = draw(st.permutations(r["players"]))[:2]
    subdomain = draw(st.sampled_from(SUBDOMAINS))
    r["final"][giver].setdefault("played", []).append({"subdomain": subdomain, "cards": 2})
    r["final"][taker].setdefault("played", []).append({"subdomain": subdomain, "cards": 10})
    return r
