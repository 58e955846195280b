"""Card Commons actions: each one, its no-op (Unchanged) and its refusals with the place at fault,
as a table of examples; then properties of any sequence of actions.

The round being entered is the table's draft; "Score round" moves it into the record.
Sources: the rulebook (Cards, Setup, Scoring, Variants), docs/scoring.md › Card Commons.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring import RecordError, Table, Unchanged
from scoring import card_commons as cc

PLAYERS = ["You", "Opp"]
ROUND_1 = [cc.SetNestEgg("4C", 1), cc.SetCommission("You", "4H", 1), cc.SetCommission("Opp", "5C", 1)]


def table(*actions, peek=False, rounds=()):
    t = Table({**scoring.new_record("card-commons", PLAYERS, {"peek": peek}), "rounds": list(rounds)}, None)
    for action in actions:
        t = scoring.apply(t, action)
    return t


def level_round():  # both score 1 × the multiplier
    return {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "2D"}, "sides": {"You": ["4C"], "Opp": ["4D"]}}


def you_ahead_round():
    return {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "4H"}, "sides": {"You": ["4C"], "Opp": ["5H"]}}


# (what is on the table, the action, the draft's fields after it)
CHANGES = [
    pytest.param([], cc.SetNestEgg("4C", 1), {"nest_egg": "4C"}, id="nest-egg-chosen"),
    pytest.param([cc.SetNestEgg("4C", 1)], cc.SetNestEgg("5S", 1), {"nest_egg": "5S"}, id="nest-egg-changed"),
    pytest.param([cc.SetNestEgg("4C", 1)], cc.ClearNestEgg("4C", 1), {"nest_egg": None}, id="nest-egg-taken-back"),
    pytest.param(
        [cc.SetNestEgg("QH", 1)], cc.SetReplacement("2C", 1), {"nest_egg": "QH", "replacement": "2C"}, id="a-wild-nest-egg-replaced"
    ),
    pytest.param(
        [cc.SetNestEgg("QH", 1), cc.SetReplacement("2C", 1)],
        cc.SetNestEgg("4C", 1),
        {"nest_egg": "4C", "replacement": None},
        id="no-wild-no-replacement",
    ),
    pytest.param(
        [cc.SetNestEgg("QH", 1), cc.SetReplacement("2C", 1)],
        cc.SetNestEgg("KS", 1),
        {"nest_egg": "KS", "replacement": "2C"},
        id="the-other-wild-keeps-the-replacement",
    ),
    pytest.param(
        [cc.SetNestEgg("QH", 1), cc.SetReplacement("2C", 1)],
        cc.ClearNestEgg("QH", 1),
        {"nest_egg": None, "replacement": None},
        id="nest-egg-taken-back-with-its-replacement",
    ),
    pytest.param(
        [cc.SetNestEgg("QH", 1), cc.SetReplacement("2C", 1)],
        cc.ClearReplacement("2C", 1),
        {"replacement": None},
        id="replacement-taken-back",
    ),
    pytest.param([], cc.SetCommission("You", "4H", 1), {"commissions": {"You": "4H", "Opp": None}}, id="commission"),
    pytest.param(
        [cc.SetCommission("You", "4H", 1)],
        cc.SetCommission("You", "2D", 1),
        {"commissions": {"You": "2D", "Opp": None}},
        id="commission-changed",
    ),
    pytest.param(
        [cc.SetCommission("You", "4H", 1)],
        cc.ClearCommission("You", "4H", 1),
        {"commissions": {"You": None, "Opp": None}},
        id="commission-taken-back",
    ),
    pytest.param(
        [cc.AddToSide("Opp", "2S", 1)],
        cc.AddToSide("Opp", "QH", 1),
        {"sides": {"You": [], "Opp": ["2S", "QH"]}},
        id="side-grows-a-wild-included",
    ),
    pytest.param(
        [cc.AddToSide("Opp", "2S", 1), cc.AddToSide("Opp", "QH", 1)],
        cc.RemoveFromSide("Opp", "2S", 1),
        {"sides": {"You": [], "Opp": ["QH"]}},
        id="side-card-taken-back",
    ),
]


@pytest.mark.parametrize("before, action, after", CHANGES)
def test_an_action_changes_the_round_being_entered(before, action, after):
    start = table(*before)
    done = scoring.apply(start, action)
    expected = {**cc.current_draft(PLAYERS, start.draft), **after}
    assert done.draft == expected
    assert done.record == start.record  # nothing reaches the record before "Score round"
    assert start == table(*before)  # the table applied to is not changed


# (what is on the table, the action, the place, words of the message)
NO_OPS = [
    pytest.param(
        [cc.SetNestEgg("4C", 1)], cc.SetNestEgg("4C", 1), ("round 1", "nest_egg"), "4♣ is already the Nest Egg", id="same-nest-egg-twice"
    ),
    pytest.param(
        [cc.SetNestEgg("4C", 1)],
        cc.ClearNestEgg("5C", 1),
        ("round 1", "nest_egg"),
        "5♣ is not the Nest Egg",
        id="taking-back-another-nest-egg",
    ),
    pytest.param(
        [], cc.ClearReplacement("2C", 1), ("round 1", "replacement"), "2♣ is not the replacement Nest Egg", id="no-replacement-to-take-back"
    ),
    pytest.param(
        [cc.SetCommission("You", "4H", 1)],
        cc.SetCommission("You", "4H", 1),
        ("round 1", "commissions", "You"),
        "4♥ is already You's Commission",
        id="same-commission-twice",
    ),
    pytest.param(
        [cc.SetCommission("You", "4H", 1)],
        cc.ClearCommission("You", "5H", 1),
        ("round 1", "commissions", "You"),
        "5♥ is not You's Commission",
        id="taking-back-another-commission",
    ),
    pytest.param(
        [cc.AddToSide("You", "2S", 1)],
        cc.AddToSide("You", "2S", 1),
        ("round 1", "sides", "You"),
        "2♠ is already on You's side",
        id="same-side-card-twice",
    ),
    pytest.param(
        [], cc.RemoveFromSide("You", "2S", 1), ("round 1", "sides", "You"), "2♠ is not on You's side", id="removing-a-card-already-removed"
    ),
    pytest.param([*ROUND_1, cc.ScoreRound(1)], cc.ScoreRound(1), ("round 1",), "round 1 is already scored", id="score-round-twice"),
]


@pytest.mark.parametrize("before, action, where, words", NO_OPS)
def test_an_action_that_changes_nothing_says_so(before, action, where, words):
    start = table(*before)
    with pytest.raises(Unchanged) as caught:
        scoring.apply(start, action)
    assert caught.value.where == where
    assert words in caught.value.message


SIX = [cc.AddToSide("You", c, 1) for c in ("2C", "3C", "4C", "5C", "2S", "3S")]

# (what is on the table, the action, the place, words of the message)
REFUSALS = [
    pytest.param(
        [cc.SetCommission("You", "4H", 1)],
        cc.SetNestEgg("4H", 1),
        ("round 1", "nest_egg"),
        "4♥ is already You's Commission this round",
        id="nest-egg-is-a-commission",
    ),
    pytest.param(
        [cc.AddToSide("Opp", "2S", 1)],
        cc.AddToSide("You", "2S", 1),
        ("round 1", "sides", "You"),
        "2♠ is already on Opp's side this round",
        id="each-card-once-a-round",
    ),
    pytest.param(
        [cc.SetNestEgg("4C", 1)],
        cc.SetCommission("Opp", "4C", 1),
        ("round 1", "commissions", "Opp"),
        "4♣ is already the Nest Egg this round",
        id="commission-is-the-nest-egg",
    ),
    pytest.param(
        [], cc.SetCommission("You", "QH", 1), ("round 1", "commissions", "You"), "a Wild cannot be a Commission", id="no-wild-commission"
    ),
    pytest.param(
        SIX,
        cc.AddToSide("You", "4S", 1),
        ("round 1", "sides", "You"),
        "You's side is full: a side holds at most 6 cards",
        id="a-side-holds-at-most-6",
    ),
    pytest.param(
        [], cc.SetReplacement("2C", 1), ("round 1", "replacement"), "choose the Nest Egg first", id="replacement-without-a-nest-egg"
    ),
    pytest.param(
        [cc.SetNestEgg("4C", 1)],
        cc.SetReplacement("2C", 1),
        ("round 1", "replacement"),
        "the Nest Egg 4♣ is not a Wild",
        id="replacement-of-no-wild",
    ),
    pytest.param(
        [cc.SetNestEgg("QH", 1)],
        cc.SetReplacement("KS", 1),
        ("round 1", "replacement"),
        "a Wild cannot replace the Nest Egg",
        id="a-wild-cannot-replace",
    ),
    pytest.param([], cc.SetNestEgg("9C", 1), ("round 1", "nest_egg"), "not one of the 18 cards", id="no-such-card"),
    pytest.param([], cc.ScoreRound(1), ("round 1",), "Choose the Nest Egg", id="score-without-a-nest-egg"),
    pytest.param(
        [cc.SetNestEgg("4C", 1), cc.SetCommission("You", "4H", 1)],
        cc.ScoreRound(1),
        ("round 1",),
        "Opp's Commission still to choose",
        id="score-without-a-commission",
    ),
    pytest.param(
        [cc.SetNestEgg("QH", 1), cc.SetCommission("You", "4H", 1), cc.SetCommission("Opp", "5C", 1), cc.AddToSide("You", "KS", 1)],
        cc.ScoreRound(1),
        ("round 1",),
        "K♠ is on a side, so a face-down card replaced the Wild Nest Egg",
        id="the-other-wild-on-a-side",
    ),
    pytest.param(
        [*ROUND_1, cc.ScoreRound(1)],
        cc.AddToSide("You", "2S", 1),
        ("round 1",),
        "round 1 is already scored: nothing was changed",
        id="a-tap-for-a-round-already-scored",
    ),
    pytest.param(
        [*ROUND_1, cc.ScoreRound(1)],
        cc.ClearNestEgg("4C", 1, correct=True),
        ("round 1", "nest_egg"),
        "round 1 is scored, so it keeps its Nest Egg: tap another card to change it",
        id="a-scored-round-keeps-its-nest-egg",
    ),
    pytest.param(
        [*ROUND_1, cc.ScoreRound(1)],
        cc.ClearCommission("Opp", "5C", 1, correct=True),
        ("round 1", "commissions", "Opp"),
        "round 1 is scored, so Opp keeps a Commission",
        id="a-scored-round-keeps-its-commissions",
    ),
    pytest.param(
        [*ROUND_1, cc.ScoreRound(1)],
        cc.AddToSide("You", "4C", 1, correct=True),
        ("round 1", "sides", "You"),
        "4♣ is already the Nest Egg this round",
        id="a-correction-keeps-one-card-in-one-place",
    ),
    pytest.param([*ROUND_1, cc.ScoreRound(1)], cc.AddToSide("You", "2S", 0), ("round 0",), "numbered from 1", id="no-round-0"),
    pytest.param([], cc.AddToSide("You", "2S", 2), ("round 2",), "round 1 is being entered", id="a-round-not-begun"),
    pytest.param([], cc.AddToSide("Eve", "2S", 1), (), "'Eve' is not a player", id="not-a-player"),
    pytest.param([], scoring.NextRound(), (), "not an action of Card Commons", id="next-round-is-score-round-here"),
]


@pytest.mark.parametrize("before, action, where, words", REFUSALS)
def test_an_impossible_action_is_refused_where_and_why(before, action, where, words):
    start = table(*before)
    with pytest.raises(RecordError) as caught:
        scoring.apply(start, action)
    assert not isinstance(caught.value, Unchanged)
    assert caught.value.where == where
    assert words in caught.value.message


def test_peek_has_no_replacement():
    with pytest.raises(RecordError, match="in Peek a Wild Nest Egg stays"):
        scoring.apply(table(cc.SetNestEgg("QH", 1), peek=True), cc.SetReplacement("2C", 1))
    # …and a Wild Nest Egg with the other Wild on a side is a complete round in Peek.
    done = table(
        cc.SetNestEgg("QH", 1),
        cc.SetCommission("You", "4H", 1),
        cc.SetCommission("Opp", "5C", 1),
        cc.AddToSide("You", "KS", 1),
        cc.ScoreRound(1),
        peek=True,
    )
    assert done.record["rounds"][0]["nest_egg"] == "QH" and "replacement" not in done.record["rounds"][0]


def test_score_round_moves_the_complete_draft_into_the_record():
    done = table(*ROUND_1, cc.AddToSide("You", "QH", 1), cc.AddToSide("You", "2D", 1), cc.AddToSide("Opp", "5S", 1), cc.ScoreRound(1))
    assert done.draft is None  # the next round starts with nothing chosen
    assert done.record["rounds"] == [
        {"nest_egg": "4C", "commissions": {"You": "4H", "Opp": "5C"}, "sides": {"You": ["QH", "2D"], "Opp": ["5S"]}}
    ]
    assert scoring.score(done.record).totals == {"You": 2, "Opp": 1}
    # A card of round 1 is free again in round 2.
    assert scoring.apply(done, cc.SetNestEgg("4C", 2)).draft["nest_egg"] == "4C"


def test_the_replacement_is_kept_in_the_record():
    done = table(
        cc.SetNestEgg("QH", 1),
        cc.SetReplacement("2C", 1),
        cc.SetCommission("You", "3C", 1),
        cc.SetCommission("Opp", "2D", 1),
        cc.ScoreRound(1),
    )
    assert done.record["rounds"][0]["replacement"] == "2C"


def test_an_extra_round_only_while_the_totals_are_level():
    level = table(rounds=[level_round()] * 4)
    assert not scoring.score(level.record).decided
    assert cc.multiplier(5, False) == 1
    played = scoring.apply(level, cc.SetNestEgg("4C", 5))
    assert played.draft["nest_egg"] == "4C"
    decided = table(rounds=[level_round()] * 3 + [you_ahead_round()])
    with pytest.raises(RecordError) as caught:
        scoring.apply(decided, cc.SetNestEgg("4C", 5))
    assert caught.value.where == ("rounds",) and "decided" in caught.value.message


def test_level_totals_are_never_a_shared_place_while_an_extra_round_is_required():
    for rounds in ([], [level_round()], [level_round()] * 4):
        result = scoring.score(table(rounds=rounds).record)
        assert not any("share" in s for s in result.explanations), result.explanations
    assert scoring.score(table(rounds=[level_round()] * 4).record).explanations == (
        "The totals are level at 6: an extra round is required, scored ×1.",
    )


def test_the_queries_the_screen_asks():
    t = table(cc.SetNestEgg("4C", 1), cc.SetCommission("You", "4H", 1), *SIX[:2])
    draft = t.draft
    assert cc.places(draft) == {"4C": "the Nest Egg", "4H": "You's Commission", "2C": "on You's side", "3C": "on You's side"}
    assert scoring.refusal(t, cc.AddToSide("Opp", "2C", 1)) == "2♣ is already on You's side this round"
    assert scoring.refusal(t, cc.AddToSide("You", "2C", 1)) is None  # held there: a tap takes it back
    assert scoring.refusal(t, cc.AddToSide("Opp", "5D", 1)) is None
    assert scoring.refusal(t, cc.RemoveFromSide("You", "2C", 1)) is None  # taking back is never refused
    assert scoring.refusal(t, cc.SetCommission("Opp", "QH", 1)) == "Q♥ is a Wild, and a Wild cannot be a Commission"
    assert scoring.refusal(t, cc.SetReplacement("5D", 1)) == "the Nest Egg 4♣ is not a Wild, so nothing replaces it"
    assert scoring.refusal(t, cc.ScoreRound(1)) == cc.missing(draft, PLAYERS, False) == "Opp's Commission still to choose."
    for action in (cc.AddToSide("Opp", "2C", 1), cc.SetCommission("Opp", "QH", 1), cc.ScoreRound(1)):  # the tap's own words
        with pytest.raises(RecordError) as caught:
            scoring.apply(t, action)
        assert caught.value.message == scoring.refusal(t, action)
    assert cc.missing(cc.empty_draft(PLAYERS), PLAYERS, False) == "Choose the Nest Egg."


# ---- properties -------------------------------------------------------------------------------

KINDS = (
    cc.SetNestEgg,
    cc.ClearNestEgg,
    cc.SetReplacement,
    cc.ClearReplacement,
    cc.SetCommission,
    cc.ClearCommission,
    cc.AddToSide,
    cc.RemoveFromSide,
)
TABLE_WIDE = (cc.SetNestEgg, cc.ClearNestEgg, cc.SetReplacement, cc.ClearReplacement)
cards = st.sampled_from(cc.DECK)


@st.composite
def taps(draw, number):
    """An action for round `number` (now and then a round off), or Score round."""
    kind = draw(st.sampled_from((*KINDS, cc.AddToSide, cc.AddToSide, cc.SetCommission, cc.ScoreRound)))
    round_ = number + draw(st.sampled_from((0, 0, 0, 0, 0, 0, -1, 1)))
    if kind is cc.ScoreRound:
        return cc.ScoreRound(round_)
    if kind in TABLE_WIDE:
        return kind(card=draw(cards), round=round_)
    return kind(player=draw(st.sampled_from(PLAYERS)), card=draw(cards), round=round_)


def number_of(t):
    return len(t.record["rounds"]) + 1


# 90 sequences of up to 60 taps (were 150): the screens' interleavings replay such sequences
# too (tests/ui/test_actions_card_commons.py, tests/ui/test_screen_model.py).
@settings(max_examples=90, deadline=None)
@given(st.data(), st.booleans())
def test_any_sequence_of_actions_keeps_a_valid_record_and_draft(data, peek):
    t = table(peek=peek)
    for _ in range(data.draw(st.integers(0, 60))):
        action = data.draw(taps(number_of(t)))
        try:
            after = scoring.apply(t, action)
        except RecordError:
            continue
        scoring.parse(after.record)  # the record is always one docs/format.md accepts
        cc.check_draft(after.record, after.draft)
        t = after
        draft = cc.current_draft(PLAYERS, t.draft)
        if cc.missing(draft, PLAYERS, peek) is None and not scoring.score(t.record).decided:
            # "Score round" enabled on the screen is never refused
            scored = scoring.apply(t, cc.ScoreRound(number_of(t)))
            assert scored.record["rounds"][-1] == cc.round_record(draft)


@settings(max_examples=90, deadline=None)
@given(st.data(), st.booleans())
def test_actions_of_different_players_on_different_cards_commute(data, peek):
    t = table(peek=peek)
    for _ in range(data.draw(st.integers(0, 20))):
        try:
            t = scoring.apply(t, data.draw(taps(number_of(t))))
        except RecordError:
            pass
    a = data.draw(taps(number_of(t)))
    b = data.draw(taps(number_of(t)))
    if isinstance(a, cc.ScoreRound) or isinstance(b, cc.ScoreRound) or a.player == b.player or a.card == b.card:
        return
    draft = cc.current_draft(t.record["players"], t.draft)
    if a.card in cc.held(draft, b.slot, b.player) or b.card in cc.held(draft, a.slot, a.player):
        return  # one takes back or replaces the card the other places: the order matters (a card is in one place)
    try:
        one_way = scoring.apply(scoring.apply(t, a), b)
    except RecordError:
        return
    assert scoring.apply(scoring.apply(t, b), a) == one_way


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_the_same_tap_from_two_devices_counts_once(data):
    t = table()
    for _ in range(data.draw(st.integers(0, 20))):
        try:
            t = scoring.apply(t, data.draw(taps(number_of(t))))
        except RecordError:
            pass
    action = data.draw(taps(number_of(t)))
    try:
        once = scoring.apply(t, action)
    except RecordError:
        return
    with pytest.raises(Unchanged):
        scoring.apply(once, action)


# Correcting a scored round, as Lost Cities corrects an earlier round: choose it, change it, every round
# after it is rescored; the round being entered is kept.
CORRECTIONS = [
    pytest.param(cc.AddToSide("You", "2H", 1, correct=True), {"You": 1, "Opp": 0}, id="a-card-added-to-a-side"),
    pytest.param(cc.AddToSide("Opp", "2S", 1, correct=True), {"You": 0, "Opp": 1}, id="a-black-card-for-opps-club"),
    pytest.param(cc.SetCommission("Opp", "2C", 1, correct=True), {"You": 0, "Opp": 0}, id="a-commission-changed"),
    pytest.param(cc.SetNestEgg("5H", 1, correct=True), {"You": 0, "Opp": 0}, id="the-nest-egg-changed"),
]


@pytest.mark.parametrize(("action", "round_1"), CORRECTIONS)
def test_a_scored_round_is_corrected_and_every_round_after_it_rescored(action, round_1):
    # Round 1: 4♣ Nest Egg, You 4♥ (by rank) with nothing red, Opp 5♣ (by suit) with nothing black.
    # Round 2 scored after it, and round 3 being entered.
    round_2 = [cc.SetNestEgg("2D", 2), cc.SetCommission("You", "3D", 2), cc.SetCommission("Opp", "4S", 2), cc.AddToSide("You", "5D", 2)]
    start = table(*ROUND_1, cc.ScoreRound(1), *round_2, cc.ScoreRound(2), cc.SetNestEgg("3H", 3))
    before = scoring.score(start.record)
    assert before.rounds == ({"You": 0, "Opp": 0}, {"You": 1, "Opp": 0})
    after = scoring.apply(start, action)
    result = scoring.score(after.record)
    assert result.rounds[0] == round_1 and result.rounds[1] == before.rounds[1]
    assert dict(result.totals) == {p: round_1[p] + before.rounds[1][p] for p in PLAYERS}
    assert after.draft == start.draft  # round 3, being entered, as it was
    assert after.record["rounds"][1] == start.record["rounds"][1]


def test_a_correction_the_record_cannot_hold_is_refused_and_changes_nothing():
    # Level after the regular rounds, so an extra round was played; a correction that breaks the tie
    # would leave that extra round unplayable: refused, naming it.
    rounds = [level_round(), level_round(), level_round(), level_round(), you_ahead_round()]
    start = table(rounds=rounds)
    with pytest.raises(RecordError) as caught:
        scoring.apply(start, cc.AddToSide("You", "5C", 1, correct=True))
    assert caught.value.where == ("round 5",) and "no extra round is played" in caught.value.message
    assert start.record["rounds"] == rounds


def test_a_correction_of_a_decided_game_is_allowed():
    rounds = [you_ahead_round()] * 4
    start = table(rounds=rounds)
    assert scoring.score(start.record).decided
    after = scoring.apply(start, cc.AddToSide("Opp", "2H", 4, correct=True))  # a heart beside Opp's 4♥, which matches nothing: still 0
    assert scoring.score(after.record).decided
    assert after.record["rounds"][3]["sides"]["Opp"] == ["5H", "2H"]


WILD_ROUND = [cc.SetNestEgg("QH", 1), cc.SetCommission("You", "3H", 1), cc.SetCommission("Opp", "4C", 1)]


def test_a_wild_nest_egg_is_scored_only_once_its_replacement_is_said_none_included():
    """The rules, not a screen, ask for the replacement: forgetting it must not score as "only the other
    Wild was left". NoReplacement says that; a card said after it counts instead."""
    start = table(*WILD_ROUND)
    assert scoring.refusal(start, cc.ScoreRound(1)) == "Choose the card that replaced the Wild Nest Egg, or none (only K♠ was left)."
    with pytest.raises(RecordError, match="replaced the Wild Nest Egg"):
        scoring.apply(start, cc.ScoreRound(1))
    said = scoring.apply(start, cc.NoReplacement(1))
    assert said.draft["no_replacement"] is True and scoring.refusal(said, cc.ScoreRound(1)) is None
    scored = scoring.apply(said, cc.ScoreRound(1))
    assert "replacement" not in scored.record["rounds"][0] and scored.draft is None
    carded = scoring.apply(said, cc.SetReplacement("2S", 1))  # a card after all
    assert carded.draft["replacement"] == "2S" and "no_replacement" not in carded.draft
    assert scoring.apply(carded, cc.ScoreRound(1)).record["rounds"][0]["replacement"] == "2S"
    taken_back = scoring.apply(said, cc.NoReplacement(1, chosen=False))
    assert scoring.refusal(taken_back, cc.ScoreRound(1)) is not None
    with pytest.raises(Unchanged):
        scoring.apply(said, cc.NoReplacement(1))
    plain = scoring.apply(said, cc.SetNestEgg("5S", 1))  # no Wild any more: nothing to say
    assert "no_replacement" not in plain.draft


@pytest.mark.parametrize(
    "before, action, words",
    [
        ([cc.SetNestEgg("4C", 1)], cc.NoReplacement(1), "only a Wild Nest Egg of the standard game is replaced"),
        ([*WILD_ROUND, cc.AddToSide("You", "KS", 1)], cc.NoReplacement(1), "K♠ is on a side, so a face-down card replaced"),
        ([*ROUND_1, cc.ScoreRound(1)], cc.NoReplacement(1), "round 1 is already scored"),
    ],
)
def test_no_replacement_is_refused_where_it_cannot_be(before, action, words):
    with pytest.raises(RecordError) as caught:
        scoring.apply(table(*before), action)
    assert words in caught.value.message


def test_a_wild_round_stored_before_the_rule_still_scores_as_it_did():
    """A record is unchanged by the rule: a scored round with a Wild Nest Egg and no replacement is the
    other Wild's (docs/format.md), as before."""
    wild = {"nest_egg": "QH", "commissions": {"You": "3H", "Opp": "4C"}, "sides": {"You": [], "Opp": []}}
    assert scoring.score({**scoring.new_record("card-commons", PLAYERS), "rounds": [wild]}).rounds[0] is not None
