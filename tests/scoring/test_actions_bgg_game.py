"""The BoardGameGeek Game actions: each tap's action, its no-op and its refusal (with the place),
the supply queries the screen asks, and properties over random sequences of actions."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring import RecordError, Table, Unchanged
from scoring.bgg_game import NUMBERS, AdjustSpent, SetIncome, SetTiles, SetTrackGG, UseLedger, UseTrack, held_counts, sold_out

PLAYERS = ("Ada", "Bo", "Cy", "Di")
COLOURS = {"Ada": "red", "Bo": "blue", "Cy": "green", "Di": "yellow"}


def table(*actions, players=PLAYERS) -> Table:
    t = Table(scoring.new_record("bgg-game", list(players), {}, {p: COLOURS[p] for p in players}))
    for action in actions:
        t = scoring.apply(t, action)
    return t


def final(t: Table, player: str) -> dict:
    return t.record["final"][player]


def tiles(*pairs):
    return [{"colour": c, "number": n} for c, n in pairs]


EXAMPLES = [  # (actions before, action, the player's entry after it)
    ((), SetTiles("Ada", "blue", 1, 1), {"colour": "red", "ledger": [], "tiles": tiles(("blue", 1))}),
    (
        (SetTiles("Ada", "blue", 1, 1),),
        SetTiles("Ada", "blue", 1, 2),
        {"colour": "red", "ledger": [], "tiles": tiles(("blue", 1), ("blue", 1))},
    ),
    (
        (SetTiles("Ada", "blue", 1, 2), SetTiles("Ada", "green", 6, 1)),
        SetTiles("Ada", "blue", 1, 0),
        {"colour": "red", "ledger": [], "tiles": tiles(("green", 6))},
    ),
    ((), SetIncome("Ada", 2, 7), {"colour": "red", "ledger": [{"income": 0, "spent": 0}, {"income": 7, "spent": 0}], "tiles": []}),
    ((SetIncome("Ada", 1, 7),), AdjustSpent("Ada", 1, 1), {"colour": "red", "ledger": [{"income": 7, "spent": 1}], "tiles": []}),
    (
        (AdjustSpent("Ada", 1, 1), AdjustSpent("Ada", 1, 1)),
        AdjustSpent("Ada", 1, -1),
        {"colour": "red", "ledger": [{"income": 0, "spent": 1}], "tiles": []},
    ),
    ((SetIncome("Ada", 1, 7),), UseTrack("Ada"), {"colour": "red", "gg": 17, "tiles": []}),  # 10 + 7 carries over
    ((UseTrack("Ada"),), SetTrackGG("Ada", 41), {"colour": "red", "gg": 41, "tiles": []}),
    ((UseTrack("Ada"), SetTrackGG("Ada", 41)), UseLedger("Ada"), {"colour": "red", "ledger": [], "tiles": []}),
]


@pytest.mark.parametrize("before, action, after", EXAMPLES)
def test_an_action_changes_exactly_its_players_entry(before, action, after):
    start = table(*before)
    t = scoring.apply(start, action)
    assert final(t, action.player) == after
    assert {p: e for p, e in t.record["final"].items() if p != action.player} == {
        p: e for p, e in start.record["final"].items() if p != action.player
    }
    assert start.record == table(*before).record  # the table it was applied to is left as it was


def test_the_fourth_players_ledger_starts_at_11():
    t = table(SetIncome("Di", 1, 5), AdjustSpent("Di", 1, 2))
    assert scoring.score(t.record).totals["Di"] == 11 + 5 - 2


NO_OPS = [
    ((SetTiles("Ada", "blue", 1, 2),), SetTiles("Ada", "blue", 1, 2), "Ada already holds 2 blue 1 tiles"),
    ((), SetTiles("Ada", "blue", 1, 0), "Ada already holds no blue 1 tile"),
    ((), UseLedger("Ada"), "Ada's GG already come from the income ledger"),
    ((UseTrack("Ada"),), UseTrack("Ada"), "Ada's GG are already read off the score track"),
    ((UseTrack("Ada"), SetTrackGG("Ada", 41)), SetTrackGG("Ada", 41), "Ada already has 41 GG on the track"),
    ((), SetIncome("Ada", 3, 0), "Ada's round 3 income is already 0 GG"),
    ((), AdjustSpent("Ada", 1, 0), "a step of 0 changes nothing"),
]


@pytest.mark.parametrize("before, action, said", NO_OPS)
def test_an_action_that_changes_nothing_is_said_so(before, action, said):
    with pytest.raises(Unchanged) as caught:
        scoring.apply(table(*before), action)
    assert caught.value.message == said


THREE_BLUE_1 = (SetTiles("Cy", "blue", 1, 2), SetTiles("Di", "blue", 1, 1))
REFUSALS = [
    ((), SetTiles("Ada", "red", 1, 1), "final › Ada › tiles: red is Ada's own colour: its tiles cannot be held"),
    ((), SetTiles("Ada", "pink", 1, 1), "final › Ada › tiles: 'pink' is not a colour in play (red, blue, green, yellow)"),
    ((), SetTiles("Ada", "blue", 7, 1), "final › Ada › tiles: there is no blue 7 tile to hold 1 of"),
    ((), SetTiles("Ada", "blue", 1, -1), "final › Ada › tiles: there is no blue 1 tile to hold -1 of"),
    (
        THREE_BLUE_1,
        SetTiles("Ada", "blue", 1, 1),
        "final › Ada › tiles: only 0 of the 3 blue 1 tiles can be Ada's; the others are held (Cy 2, Di 1)",
    ),
    (
        (SetTiles("Cy", "blue", 1, 2),),
        SetTiles("Ada", "blue", 1, 2),
        "final › Ada › tiles: only 1 of the 3 blue 1 tiles can be Ada's; the others are held (Cy 2)",
    ),
    ((), SetTiles("Ada", "blue", 1, 4), "final › Ada › tiles: only 3 of the 3 blue 1 tiles can be Ada's"),
    ((), SetTiles("Zed", "blue", 1, 1), "'Zed' is not a player of this game"),
    ((), SetTrackGG("Ada", 41), "final › Ada › gg: Ada's GG come from the income ledger: choose the score track first"),
    (
        (UseTrack("Ada"),),
        SetIncome("Ada", 1, 7),
        "final › Ada › ledger: Ada's GG are read off the score track: choose the income ledger first",
    ),
    (
        (UseTrack("Ada"),),
        AdjustSpent("Ada", 1, 1),
        "final › Ada › ledger: Ada's GG are read off the score track: choose the income ledger first",
    ),
    ((), SetIncome("Ada", 7, 1), "final › Ada › ledger: there is no round 7; the game has 6"),
    ((), SetIncome("Ada", 0, 1), "final › Ada › ledger: there is no round 0; the game has 6"),
    ((), SetIncome("Ada", 1, -3), "final › Ada › ledger › round 1 › income: an income cannot be negative (-3)"),
    ((), AdjustSpent("Ada", 2, -1), "final › Ada › ledger › round 2 › spent: Ada spent 0 GG in round 2: 1 cannot be taken back"),
    # The limits of what a tap enters are the rules' (a second device or an undo's replay meets them too).
    ((), SetIncome("Ada", 1, 1000), "final › Ada › ledger › round 1 › income: 1000 GG is more than a game holds (0 to 999)"),
    ((UseTrack("Ada"),), SetTrackGG("Ada", 1000), "final › Ada › gg: 1000 GG is more than a game holds (0 to 999)"),
    ((UseTrack("Ada"),), SetTrackGG("Ada", -1), "final › Ada › gg: GG cannot be negative (-1)"),
    (
        (AdjustSpent("Ada", 1, 60),),
        AdjustSpent("Ada", 1, 1),
        "final › Ada › ledger › round 1 › spent: at most 60 Advertise and Promote a round (a fuller round is a typo)",
    ),
]


@pytest.mark.parametrize("before, action, said", REFUSALS)
def test_an_impossible_action_is_refused_with_its_place(before, action, said):
    start = table(*before)
    with pytest.raises(RecordError) as caught:
        scoring.apply(start, action)
    assert str(caught.value) == said and not isinstance(caught.value, Unchanged)
    assert start.record == table(*before).record


def test_a_player_acquires_at_most_18_tiles():
    full = [SetTiles("Ada", colour, n, 1) for colour in ("blue", "green", "yellow") for n in NUMBERS]
    t = table(*full)
    assert len(final(t, "Ada")["tiles"]) == 18
    with pytest.raises(RecordError, match="Ada holds 18 tiles; a player acquires at most 18"):
        scoring.apply(t, SetTiles("Ada", "blue", 1, 2))
    assert scoring.refusal(t, SetTiles("Ada", "blue", 2, 2)) == "Ada holds 18 tiles; a player acquires at most 18 (3 dice × 6 rounds)"
    scoring.apply(t, SetTiles("Ada", "blue", 1, 0))  # giving one back is fine


def test_the_supply_queries():
    t = table(SetTiles("Cy", "blue", 1, 2), SetTiles("Di", "blue", 1, 1), SetTiles("Ada", "green", 4, 1))
    game = scoring.parse(t.record).game
    held = held_counts(game)
    assert held == {("blue", 1): 3, ("green", 4): 1}
    assert sold_out(held) == {("blue", 1)}
    assert held_counts(game) is held  # the last game's count, kept while a screen asks of each tile


@pytest.mark.parametrize(
    "action, says",
    [
        (SetTiles("Ada", "blue", 1, 1), "only 0 of the 3 blue 1 tiles can be Ada's; the others are held (Cy 2, Di 1)"),
        (SetTiles("Cy", "blue", 1, 3), "only 2 of the 3 blue 1 tiles can be Cy's; the others are held (Di 1)"),
        (SetTiles("Ada", "green", 4, 2), None),
        (SetTiles("Ada", "green", 4, 1), None),  # what Ada holds already: no refusal (apply says "already")
        (SetTiles("Ada", "red", 4, 1), "red is Ada's own colour: its tiles cannot be held"),
        (SetTiles("Bo", "blue", 2, 1), "blue is Bo's own colour: its tiles cannot be held"),
        (SetTiles("Ada", "pink", 4, 1), "'pink' is not a colour in play (red, blue, green, yellow)"),
        (SetTiles("Ada", "blue", 0, 1), "there is no blue 0 tile to hold 1 of"),
        (SetTiles("Zed", "blue", 2, 1), "'Zed' is not a player of this game"),
        (SetIncome("Ada", 1, 5), None),
        (SetIncome("Ada", 1, 1000), "1000 GG is more than a game holds (0 to 999)"),
    ],
)
def test_refusal_says_what_apply_refuses_with(action, says):
    """The screen's "may I?" (scoring.refusal) and the tap's check are one rule: same words, same answer."""
    t = table(SetTiles("Cy", "blue", 1, 2), SetTiles("Di", "blue", 1, 1), SetTiles("Ada", "green", 4, 1))
    assert scoring.refusal(t, action) == says
    if says and "player" not in says:
        with pytest.raises(RecordError) as caught:
            scoring.apply(t, action)
        assert caught.value.message == says and not isinstance(caught.value, Unchanged)


def test_switching_to_the_track_keeps_the_total():
    t = table(SetIncome("Bo", 1, 9), AdjustSpent("Bo", 1, 2), SetIncome("Bo", 2, 4))
    before = scoring.score(t.record).totals["Bo"]
    after = scoring.apply(t, UseTrack("Bo"))
    assert scoring.score(after.record).totals["Bo"] == before == 10 + 13 - 2


def test_an_imported_ledger_round_with_a_field_left_out_is_completed():
    t = table()
    t.record["final"]["Ada"]["ledger"] = [{"income": 5}]  # docs/format.md: a missing field counts as 0
    t = scoring.apply(t, AdjustSpent("Ada", 1, 1))
    assert final(t, "Ada")["ledger"] == [{"income": 5, "spent": 1}]


def test_a_foreign_action_is_refused():
    from scoring.lost_cities import AddCard

    with pytest.raises(RecordError, match="AddCard is not an action of The BoardGameGeek Game"):
        scoring.apply(table(), AddCard("Ada", "red", 7, 1))


# --- properties -------------------------------------------------------------------------------------

OTHER_COLOURS = ("red", "blue", "green", "yellow", "pink")
ACTIONS = st.one_of(
    st.builds(SetTiles, st.sampled_from(PLAYERS), st.sampled_from(OTHER_COLOURS), st.integers(0, 7), st.integers(-1, 4)),
    st.builds(UseTrack, st.sampled_from(PLAYERS)),
    st.builds(UseLedger, st.sampled_from(PLAYERS)),
    st.builds(SetTrackGG, st.sampled_from(PLAYERS), st.integers(-5, 999)),
    st.builds(SetIncome, st.sampled_from(PLAYERS), st.integers(0, 7), st.integers(-1, 999)),
    st.builds(AdjustSpent, st.sampled_from(PLAYERS), st.integers(0, 7), st.integers(-2, 2)),
)
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(actions, start: Table | None = None) -> Table:
    t = start or table()
    for action in actions:
        try:
            t = scoring.apply(t, action)
        except RecordError:
            pass  # refused or nothing to do: the table stays as it was
    return t


@PROPERTY
@given(st.lists(ACTIONS, max_size=40))
def test_any_sequence_of_actions_leaves_a_record_the_scorer_accepts(actions):
    record = run(actions).record
    result = scoring.score(record)
    for p in PLAYERS:
        assert len(record["final"][p].get("tiles", [])) <= 18
    assert set(result.totals) == set(PLAYERS)


@PROPERTY
@given(
    st.lists(
        st.tuples(st.sampled_from(PLAYERS), st.sampled_from(("red", "blue", "green", "yellow")), st.sampled_from(NUMBERS)),
        unique_by=lambda a: a[1:],
        max_size=20,
    ),
    st.randoms(),
)
def test_different_tiles_commute(picks, random):
    actions = [SetTiles(p, c, n, 1) for p, c, n in picks]  # own colours are refused either way
    shuffled = list(actions)
    random.shuffle(shuffled)
    assert run(actions).record == run(shuffled).record


@PROPERTY
@given(st.lists(st.tuples(st.sampled_from(PLAYERS), st.integers(1, 6), st.sampled_from((1, 1, 2, -1))), max_size=30), st.randoms())
def test_spending_steps_commute_and_add_up(steps, random):
    start = table(*(AdjustSpent(p, r, 30) for p in PLAYERS for r in range(1, 7)))  # room for every −1 (30 at most)
    actions = [AdjustSpent(p, r, d) for p, r, d in steps]
    shuffled = list(actions)
    random.shuffle(shuffled)
    first, second = run(actions, start).record, run(shuffled, start).record
    assert first == second
    for p in PLAYERS:
        spent = sum(e["spent"] for e in first["final"][p]["ledger"])
        assert spent == 180 + sum(d for q, _, d in steps if q == p)
