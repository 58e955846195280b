"""Lost Cities actions: each tap's action, its no-op and its refusal (with the place), and properties
over random sequences of actions."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from scoring import NextRound, RecordError, Table, Unchanged
from scoring.lost_cities import COLOURS, NUMBERS, AddCard, RemoveCard, SetInvestments, investments_left, starter_of_round, tableau_of

PLAYERS = ("Ana", "Ben")


def table(*cards: tuple[str, str, int], rounds: int = 3) -> Table:
    t = Table(scoring.new_record("lost-cities", list(PLAYERS), {"rounds": rounds}))
    for player, colour, number in cards:
        t = scoring.apply(t, AddCard(player, colour, number, 1))
    return t


EXAMPLES = [  # (cards already down, action, the round's tableaux after it)
    ((), AddCard("Ana", "red", 7, 1), {"Ana": {"red": {"cards": [7]}}, "Ben": {}}),
    ((("Ana", "red", 9),), AddCard("Ana", "red", 3, 1), {"Ana": {"red": {"cards": [3, 9]}}, "Ben": {}}),
    ((("Ana", "red", 9),), RemoveCard("Ana", "red", 9, 1), {"Ana": {}, "Ben": {}}),
    ((), SetInvestments("Ben", "blue", 2, 1), {"Ana": {}, "Ben": {"blue": {"investments": 2}}}),
    ((("Ben", "blue", 4),), SetInvestments("Ben", "blue", 1, 1), {"Ana": {}, "Ben": {"blue": {"cards": [4], "investments": 1}}}),
]


@pytest.mark.parametrize("down, action, after", EXAMPLES)
def test_an_action_changes_exactly_its_players_expedition(down, action, after):
    assert scoring.apply(table(*down), action).record["rounds"][0] == after


NO_OPS = [
    ((("Ana", "red", 7),), AddCard("Ana", "red", 7, 1), "red 7 is already on Ana's tableau"),
    ((), RemoveCard("Ana", "red", 7, 1), "red 7 is not on Ana's tableau"),
    ((), SetInvestments("Ana", "red", 0, 1), "Ana already has 0 red investment cards"),
]


@pytest.mark.parametrize("down, action, said", NO_OPS)
def test_an_action_that_changes_nothing_is_said_so(down, action, said):
    with pytest.raises(Unchanged) as caught:
        scoring.apply(table(*down), action)
    assert caught.value.message == said


REFUSALS = [
    ((("Ben", "red", 7),), AddCard("Ana", "red", 7, 1), "round 1 › Ana › red: red 7 is on Ben's tableau"),
    ((), AddCard("Ana", "purple", 7, 1), "round 1 › Ana › purple: 'purple' is not an expedition colour in this game"),
    ((), AddCard("Cy", "red", 7, 1), "'Cy' is not a player of this game"),
    ((), AddCard("Ana", "red", 7, 2), "round 2: there is no round 2 yet"),
    ((), SetInvestments("Ana", "red", 4, 1), "round 1 › Ana › red › investments: 4 is outside 0..3"),
]


@pytest.mark.parametrize("down, action, said", REFUSALS)
def test_an_impossible_action_is_refused_with_its_place(down, action, said):
    before = table(*down)
    with pytest.raises(RecordError) as caught:
        scoring.apply(before, action)
    assert str(caught.value) == said and not isinstance(caught.value, Unchanged)


def test_investments_across_both_players_are_limited_by_the_deck():
    """Refused by the query the play screen draws its free and taken investments from (investments_left)."""
    t = scoring.apply(table(), SetInvestments("Ben", "red", 2, 1))
    assert investments_left(tableau_of(t.record["rounds"][0]["Ben"]), "red") == 1
    scoring.apply(t, SetInvestments("Ana", "red", 1, 1))
    with pytest.raises(RecordError) as caught:
        scoring.apply(t, SetInvestments("Ana", "red", 2, 1))
    assert str(caught.value) == "round 1 › Ana › red: Ben holds 2 of the 3 red investment cards"


@pytest.mark.parametrize(
    "action, says",
    [
        (AddCard("Ana", "red", 7, 1), "red 7 is on Ben's tableau"),
        (AddCard("Ben", "red", 7, 1), None),  # Ben's own: no refusal (apply says "already")
        (AddCard("Ana", "red", 8, 1), None),
        (RemoveCard("Ana", "red", 7, 1), None),
        (SetInvestments("Ana", "red", 1, 1), None),
        (SetInvestments("Ana", "red", 2, 1), "Ben holds 2 of the 3 red investment cards"),
        (SetInvestments("Ana", "blue", 3, 1), None),
        (NextRound(), None),
    ],
)
def test_refusal_is_the_rule_apply_refuses_with(action, says):
    """What the play screen draws a card free or taken by (scoring.refusal) is what the tap is checked by."""
    t = scoring.apply(table(("Ben", "red", 7)), SetInvestments("Ben", "red", 2, 1))
    assert scoring.refusal(t, action) == says
    if says:
        with pytest.raises(RecordError) as caught:
            scoring.apply(t, action)
        assert caught.value.message == says


def test_no_round_past_the_last_is_allowed():
    t = table(rounds=1)
    assert scoring.refusal(t, NextRound()) == "this game plays 1 round"


def test_next_round_stops_at_the_variants_rounds():
    t = table(("Ana", "red", 3), rounds=3)
    t = scoring.apply(scoring.apply(t, NextRound()), AddCard("Ben", "blue", 4, 2))
    t = scoring.apply(t, NextRound())
    assert len(t.record["rounds"]) == 3
    with pytest.raises(RecordError, match="plays 3 rounds"):
        scoring.apply(t, NextRound())


@pytest.mark.parametrize(
    "round_1, says",
    [
        ({}, "round 1 has no cards yet: enter its cards before starting round 2"),  # nothing entered at all
        ({"Ana": {"red": {"cards": []}}}, "round 1 has no cards yet: enter its cards before starting round 2"),  # a card taken back
        ({"Ana": {"red": {"cards": [3]}}}, None),
        ({"Ben": {"blue": {"cards": [], "investments": 1}}}, None),  # an investment alone is a card laid down
    ],
    ids=["empty", "card taken back", "a card", "an investment"],
)
def test_an_empty_round_is_not_followed_by_another(round_1, says):
    """The rule is the rules module's, so a second device, an undo's replay or an import meets it too: two
    Next rounds on a fresh game used to make three empty rounds, a finished game and "a draw"."""
    t = table(rounds=3)
    record = {**t.record, "rounds": [{"Ana": {}, "Ben": {}, **round_1}]}
    t = Table(record, None, scoring.parse(record))
    assert scoring.refusal(t, NextRound()) == says
    if says:
        with pytest.raises(RecordError) as caught:
            scoring.apply(t, NextRound())
        assert caught.value.sentence(["Ana", "Ben"]) == "Round 1 has no cards yet: enter its cards before starting round 2."
    else:
        assert len(scoring.apply(t, NextRound()).record["rounds"]) == 2


def test_a_stored_record_with_empty_rounds_scores_as_it_always_did():
    """Records already stored or exported keep their meaning: an empty round scores 0 for both (docs/format.md)."""
    record = {**table(rounds=3).record, "rounds": [{"Ana": {}, "Ben": {}}] * 3}
    result = scoring.score(record)
    assert result.decided and dict(result.totals) == {"Ana": 0, "Ben": 0}


def test_the_starter_of_a_round_is_the_leader_after_the_round_before():
    t = table(("Ana", "red", 10))  # Ana −10, Ben 0 after round 1
    t = scoring.apply(t, NextRound())
    for number in (2, 3):
        t = scoring.apply(t, AddCard("Ben", "white", number, 2))  # Ben −15 in round 2
    game = scoring.parse(t.record).game
    assert starter_of_round(game, 1) is None  # the players choose
    assert starter_of_round(game, 2) == "Ben"  # from round 1 only, whatever round 2 holds so far
    t = scoring.apply(t, NextRound())
    assert starter_of_round(scoring.parse(t.record).game, 3) == "Ana"  # after round 2: Ana −10, Ben −15


# --- properties -------------------------------------------------------------------------------------

CARD_ACTIONS = st.builds(
    lambda kind, player, colour, number, count: (
        SetInvestments(player, colour, count, 1)
        if kind == "invest"
        else (AddCard if kind == "add" else RemoveCard)(player, colour, number, 1)
    ),
    st.sampled_from(["add", "add", "remove", "invest"]),
    st.sampled_from(PLAYERS),
    st.sampled_from(COLOURS),
    st.sampled_from(NUMBERS),
    st.integers(0, 3),
)
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def run(actions) -> Table:
    t = table()
    for action in actions:
        with contextlib.suppress(RecordError):  # refused or nothing to do: the table stays as it was
            t = scoring.apply(t, action)
    return t


@PROPERTY
@given(st.lists(CARD_ACTIONS, max_size=40))
def test_any_sequence_of_actions_leaves_a_record_the_scorer_accepts(actions):
    scoring.score(run(actions).record)


@PROPERTY
@given(st.lists(st.tuples(st.sampled_from(COLOURS), st.sampled_from(NUMBERS)), unique=True, max_size=20), st.randoms())
def test_cards_of_different_colours_and_numbers_commute(cards, random):
    actions = [AddCard(PLAYERS[i % 2], colour, number, 1) for i, (colour, number) in enumerate(cards)]
    shuffled = list(actions)
    random.shuffle(shuffled)
    assert run(actions).record == run(shuffled).record
