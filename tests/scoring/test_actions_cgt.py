"""CGT actions: each change is a +/- step applied to the record as it is now. A table of examples
(each action, its no-op, its refusal with the place in the message), and properties: any sequence
of actions leaves a record scoring accepts, and steps commute (two "+1" give +2 in either order).

Sources: docs/format.md › cgt (what a record may hold), docs/scoring.md › CGT.
"""

from __future__ import annotations

import copy

import pytest
from hand_made.cgt import records as cgt_records
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring import RecordError, Table, Unchanged, cgt
from scoring.cgt import AdjustAbilityPoints, AdjustCollection, AdjustMeta, AdjustModifier

PLAYERS = ["Lea", "Max"]


def table(**final) -> Table:
    record = scoring.new_record("cgt", PLAYERS)
    record["final"].update(final)
    scoring.parse(record)  # the example starts from a valid record
    return Table(record)


def final_after(start: Table, action) -> dict:
    before = copy.deepcopy(start.record)
    after = scoring.apply(start, action)
    assert start.record == before  # the table it was given is never changed in place
    return after.record["final"]


EMPTY = {"Lea": {}, "Max": {}}


@pytest.mark.parametrize(
    "start, action, expected",
    [
        pytest.param({}, AdjustMeta(type=7, by=1), {"meta": {"7": 1}, "collections": EMPTY}, id="meta-opens-a-column"),
        pytest.param({"meta": {"7": 2}}, AdjustMeta(type=7, by=-1), {"meta": {"7": 1}, "collections": EMPTY}, id="meta-minus"),
        pytest.param({"meta": {"7": 1}}, AdjustMeta(type=7, by=-1), {"meta": {}, "collections": EMPTY}, id="meta-column-goes"),
        pytest.param(
            {"meta": {"7": 1}},
            AdjustModifier(type=7, by=-1),
            {"meta": {"7": 1}, "collections": EMPTY, "modifiers": {"7": -1}},
            id="modifier-minus",
        ),
        pytest.param(
            {"meta": {"7": 1}, "modifiers": {"7": -1}},
            AdjustModifier(type=7, by=1),
            {"meta": {"7": 1}, "collections": EMPTY},
            id="modifier-back-to-0-is-left-out",
        ),
        pytest.param(
            {}, AdjustModifier(type=12, by=2), {"meta": {}, "collections": EMPTY, "modifiers": {"12": 2}}, id="modifier-without-a-column"
        ),
        pytest.param(
            {"meta": {"7": 1}},
            AdjustCollection("Max", 7, 1),
            {"meta": {"7": 1}, "collections": {"Lea": {}, "Max": {"7": 1}}},
            id="collection-plus",
        ),
        pytest.param(
            {"meta": {"7": 1}, "collections": {"Lea": {"7": 2}, "Max": {}}},
            AdjustCollection("Lea", 7, -1),
            {"meta": {"7": 1}, "collections": {"Lea": {"7": 1}, "Max": {}}},
            id="collection-minus",
        ),
        pytest.param(
            {"meta": {"7": 1}, "collections": {"Lea": {"7": 1}, "Max": {}}},
            AdjustCollection("Lea", 7, -1),
            {"meta": {"7": 1}, "collections": EMPTY},
            id="collection-last-card-off",
        ),
        pytest.param(
            {}, AdjustAbilityPoints("Lea", -3), {"meta": {}, "collections": EMPTY, "adjustments": {"Lea": -3}}, id="ability-points"
        ),
        pytest.param(
            {"adjustments": {"Lea": 1, "Max": 4}},
            AdjustAbilityPoints("Lea", -1),
            {"meta": {}, "collections": EMPTY, "adjustments": {"Max": 4}},
            id="ability-points-back-to-0",
        ),
    ],
)
def test_each_action(start, action, expected):
    assert final_after(table(**start), action) == expected


@pytest.mark.parametrize(
    "start, action, message",
    [
        pytest.param({}, AdjustMeta(type=7, by=-1), "final › meta › type 7: type 7 has no Meta column", id="meta-at-0"),
        pytest.param(
            {"meta": {"7": 1}},
            AdjustCollection("Lea", 7, -1),
            "final › collections › Lea › type 7: Lea has no type 7 cards",
            id="collection-at-0",
        ),
        pytest.param({}, AdjustAbilityPoints("Lea", 0), "final › adjustments › Lea: a change by 0 changes nothing", id="by-0"),
    ],
)
def test_no_ops_are_said_and_change_nothing(start, action, message):
    with pytest.raises(Unchanged) as raised:
        scoring.apply(table(**start), action)
    assert str(raised.value) == message


@pytest.mark.parametrize(
    "start, action, message",
    [
        pytest.param(
            {"meta": {"5": 4}, "collections": {"Lea": {"5": 1}, "Max": {}}},
            AdjustCollection("Max", 5, 1),
            "final › collections › Max › type 5: all 5 cards of type 5 are in the Meta column and the Collections",
            id="no-copy-left-for-a-collection",
        ),
        pytest.param(
            {"meta": {"5": 5}},
            AdjustMeta(type=5, by=1),
            "final › meta › type 5: all 5 cards of type 5 are in the Meta column and the Collections",
            id="no-copy-left-for-the-meta",
        ),
        pytest.param(
            {},
            AdjustCollection("Lea", 9, 1),
            "final › collections › Lea › type 9: type 9 has no Meta column: set the Meta row first",
            id="collection-without-a-column",
        ),
        pytest.param(
            {"meta": {"8": 1}, "collections": {"Lea": {"8": 1}, "Max": {"8": 2}}},
            AdjustMeta(type=8, by=-1),
            "final › meta › type 8: Lea and Max collect type 8: it keeps its Meta column",
            id="collected-keeps-column",
        ),
        pytest.param(
            {"meta": {str(t): 1 for t in range(5, 12)}},
            AdjustMeta(type=12, by=1),
            "final › meta › type 12: the Meta row already has its 7 columns",
            id="an-eighth-column",
        ),
        pytest.param(
            {"modifiers": {"7": 20}},
            AdjustModifier(type=7, by=1),
            "final › modifiers › type 7: a modifier goes from −20 to +20",
            id="modifier-range",
        ),
        pytest.param(
            {"adjustments": {"Max": -99}},
            AdjustAbilityPoints("Max", -1),
            "final › adjustments › Max: ability points go from −99 to 99",
            id="ability-range",
        ),
        pytest.param({}, AdjustMeta(type=21, by=1), "final › meta: type '21' is not a number from 2 to 20", id="type-21"),
        pytest.param({}, AdjustMeta(type=True, by=1), "final › meta: type 'True' is not a number from 2 to 20", id="type-bool"),
        pytest.param(
            {}, AdjustAbilityPoints("Lea", 1.5), "final › adjustments › Lea: a change by '1.5' is not a whole number", id="by-a-fraction"
        ),
        pytest.param({}, AdjustAbilityPoints("Zed", 1), "'Zed' is not a player of this game", id="not-a-player"),
        pytest.param(
            {}, AdjustMeta(player="Lea", type=7, by=1), "the Meta row belongs to the whole table, not to one player", id="meta-for-a-player"
        ),
        pytest.param({}, scoring.NextRound(), "NextRound is not an action of CGT – Card Game Traders", id="next-round"),
    ],
)
def test_refusals_say_where_and_why(start, action, message):
    with pytest.raises(RecordError) as raised:
        scoring.apply(table(**start), action)
    assert not isinstance(raised.value, Unchanged)
    assert str(raised.value) == message


def test_queries_the_screen_asks():
    game = scoring.parse(table(meta={"8": 3}, collections={"Lea": {"8": 2}, "Max": {"8": 1}}).record).game
    assert cgt.cards_left(game, 8) == 2 and cgt.in_collections(game, 8) == 3
    assert cgt.meta_floor(game, 8) == 1 and cgt.meta_floor(game, 9) == 0
    assert cgt.why_not(game, AdjustCollection("Lea", 8, 3)) is not None
    assert cgt.why_not(game, AdjustCollection("Lea", 8, 2)) is None
    t = table(meta={"8": 3}, collections={"Lea": {"8": 2}, "Max": {"8": 1}})  # the screens' question, on the table as apply takes it
    assert scoring.refusal(t, AdjustCollection("Lea", 8, 3)) == cgt.why_not(game, AdjustCollection("Lea", 8, 3))
    assert scoring.refusal(t, AdjustMeta(type=8, by=-3)) == "Lea and Max collect type 8: it keeps its Meta column"


# ---- properties ---------------------------------------------------------------------------------

PROPERTIES = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def actions(draw, players):
    kind = draw(st.sampled_from(["meta", "modifier", "collection", "ability"]))
    by = draw(st.sampled_from([1, 1, 1, -1, -1, 2, -2]))
    type_ = draw(st.sampled_from([5, 6, 7, 8, 9, 10, 11, 2, 20]))
    if kind == "meta":
        return AdjustMeta(type=type_, by=by)
    if kind == "modifier":
        return AdjustModifier(type=type_, by=by)
    player = draw(st.sampled_from(players))
    return AdjustCollection(player, type_, by) if kind == "collection" else AdjustAbilityPoints(player, by)


@st.composite
def games_and_actions(draw):
    record = draw(cgt_records())
    return record, draw(st.lists(actions(record["players"]), max_size=30))


@PROPERTIES
@given(games_and_actions())
def test_any_sequence_of_actions_leaves_a_valid_record(case):
    record, steps = case
    state = Table(record)
    for action in steps:
        try:
            after = scoring.apply(state, action)
        except RecordError:  # refused or a no-op: the state stays as it was
            continue
        scoring.score(after.record)  # accepted by the rules, and scored
        assert after.record != state.record
        state = after


def applied(state: Table, *steps) -> dict | None:
    try:
        for action in steps:
            state = scoring.apply(state, action)
    except RecordError:
        return None
    return state.record


@PROPERTIES
@given(st.data())
def test_steps_commute(data):
    """Two devices' steps give the same record in either order whenever both orders are allowed;
    two steps of different players' Collections or ability points are always allowed together."""
    record, _ = data.draw(games_and_actions())
    state = Table(record)
    a = data.draw(actions(record["players"]))
    b = data.draw(actions(record["players"]))
    ab, ba = applied(state, a, b), applied(state, b, a)
    if ab is not None and ba is not None:
        assert ab == ba
    if isinstance(a, AdjustAbilityPoints) and isinstance(b, AdjustAbilityPoints) and a.by and b.by:
        assert ab is not None  # the strategies' points (−10..15) stay far inside ±99


@PROPERTIES
@given(cgt_records(), st.integers(1, 10))
def test_n_plus_ones_from_anywhere_add_up(record, n):
    state = Table(record)
    player = record["players"][-1]
    start = record["final"].get("adjustments", {}).get(player, 0)
    for _ in range(n):
        state = scoring.apply(state, AdjustAbilityPoints(player, 1))
    assert state.record["final"].get("adjustments", {}).get(player, 0) == start + n
