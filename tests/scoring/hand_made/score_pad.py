"""Score pad records made by hand (hand_made/__init__.py): any title, either direction, targets (games played to
them), finished games, a BoardGameGeek id, and scores up to a million either way."""

from __future__ import annotations

import copy

from hypothesis import strategies as st
from strategies import envelope, maybe, names

from scoring.score_pad import BIDI_CONTROLS, MAX_SCORE

title = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), min_size=1, max_size=80).filter(
    lambda t: not set(t) & BIDI_CONTROLS
)
score = st.integers(-30, 60) | st.sampled_from([0, MAX_SCORE, -MAX_SCORE, 26, 100])


def reached(totals: dict, target: int | None) -> bool:
    return target is not None and any(total >= target for total in totals.values())


@st.composite
def records(draw):
    players = draw(names(1, 20) if draw(st.integers(0, 9)) == 0 else names(1, 6))
    variant: dict = {"title": draw(st.sampled_from(["Hearts", "Skyjo", "Wizard", "Flip 7"]) | title)}
    maybe(draw, "lower_wins", draw(st.booleans()), False, variant)
    target = draw(st.none() | st.integers(-50, 300) | st.just(MAX_SCORE))
    if target is not None:
        variant["target"] = target
    if draw(st.booleans()):
        variant["bgg_id"] = draw(st.integers(1, 400_000))
    totals = dict.fromkeys(players, 0)
    rounds = []
    for _ in range(draw(st.integers(0, 8))):
        if reached(totals, target):
            break  # the game is over: no round follows the one that reached the target
        round_ = {p: draw(score) for p in players}
        for p in players:
            totals[p] += round_[p]
        rounds.append(round_)
    record = envelope("score-pad", players, "rounds", rounds, variant, draw)
    maybe(draw, "finished", draw(st.booleans()), False, record)
    return record


def duplicated(draw, record: dict) -> dict:
    """A round after the one in which a total reached the target (here: the first, whose lowest total is the target)."""
    r = copy.deepcopy(record)
    players = r["players"]
    if not r["rounds"]:
        r["rounds"].append({p: draw(score) for p in players})
    r["variant"]["target"] = min(r["rounds"][0].values())
    if len(r["rounds"]) == 1:
        r["rounds"].append(dict.fromkeys(players, 0))
    return r
