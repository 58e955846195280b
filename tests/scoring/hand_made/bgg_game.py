"""The BoardGameGeek Game records made by hand (hand_made/__init__.py): publisher colours, the tile supply, GG by
track or ledger."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "orange", "white")


@st.composite
def records(draw):
    players = draw(names(3, 6))
    colours = list(draw(st.permutations(COLOURS)))[: len(players)]
    variant: dict = {}
    maybe(draw, "three_player_sets", draw(st.sampled_from(["one", "every"])), "one", variant)
    supply = {(c, n): 3 for c in colours for n in range(1, 7)}
    final = {}
    for p, own in zip(players, colours):
        others = [c for c in colours if c != own]
        # Bias towards few colours and numbers, so that sets (and 3-player runs) happen.
        wanted = draw(st.lists(st.tuples(st.sampled_from(others), st.integers(1, 6)), max_size=18))
        held = []
        for tile in wanted:
            if supply[tile]:
                supply[tile] -= 1
                held.append({"colour": tile[0], "number": tile[1]})
        entry: dict = {"colour": own}
        if draw(st.booleans()):
            entry["gg"] = draw(st.integers(-10, 250))
        else:
            ledger = []
            for _ in range(draw(st.integers(0, 6))):
                step: dict = {}
                maybe(draw, "income", draw(st.integers(0, 40)), 0, step)
                maybe(draw, "spent", draw(st.integers(0, 9)), 0, step)
                ledger.append(step)
            entry["ledger"] = ledger
        maybe(draw, "tiles", held, [], entry)
        final[p] = entry
    return envelope("bgg-game", players, "final", final, variant or (None if draw(st.booleans()) else {}), draw)


def duplicated(draw, record: dict) -> dict:
    """Four tiles of one colour and number on one player (the supply has three)."""
    r = copy.deepcopy(record)
    owner, taker = draw(st.permutations(r["players"]))[:2]
    colour = r["final"][owner]["colour"]
    number = draw(st.integers(1, 6))
    r["final"][taker].setdefault("tiles", []).extend([{"colour": colour, "number": number}] * 4)
    return r


def reseated(draw, record: dict) -> list[str]:
    """Seats 0–2 start with 10 GG, later seats with 11: each keeps its class."""
    players = list(record["players"])
    return list(draw(st.permutations(players[:3]))) + list(draw(st.permutations(players[3:])))
