"""6 nimmt!: the rulebook's bullheads, the end at 66 (or the table's number), the lowest total first with shared
places, invalid records, and each tap's action with its refusal.

Sources: the rulebook (Amigo: "the cards and their bullheads", "end of the game"), docs/format.md › six-nimmt.
"""

from __future__ import annotations

import hand_made.six_nimmt as made
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_support import assert_cli_refused, assert_invalid, explanation_naming, run_cli

import scoring
from scoring import NextRound, RecordError, Table, Unchanged
from scoring.six_nimmt import CARDS, AddCard, RemoveCard, bullheads

GAME = scoring.GAMES["six-nimmt"]


def game(*rounds, players=("Ana", "Ben", "Cy"), end_at=None):
    """A record; each round is a tuple of the piles in seat order (lists of cards)."""
    record = {
        "format": 1,
        "game": "six-nimmt",
        "players": list(players),
        "rounds": [dict(zip(players, ({"cards": list(c)} for c in r))) for r in rounds],
    }
    if end_at is not None:
        record["variant"] = {"end_at": end_at}
    return record


# ---- bullheads: the rulebook's cards ----------------------------------------------------------------

BULLHEADS = [
    (55, 7),  # the one card with seven
    *((card, 5) for card in (11, 22, 33, 44, 66, 77, 88, 99)),
    *((card, 3) for card in (10, 20, 30, 40, 50, 60, 70, 80, 90, 100)),
    *((card, 2) for card in (5, 15, 25, 35, 45, 65, 75, 85, 95)),
    *((card, 1) for card in (1, 2, 54, 56, 101, 104)),
]


@pytest.mark.parametrize("card, heads", BULLHEADS)
def test_a_cards_bullheads(card, heads):
    assert bullheads(card) == heads


def test_the_deck_holds_171_bullheads_and_agrees_with_an_independent_reading():
    assert sum(bullheads(card) for card in CARDS) == 171  # the rulebook's deck: 104 cards, 171 bullheads
    assert [bullheads(card) for card in CARDS] == [made.bullheads(card) for card in CARDS]


# ---- scoring: totals, the end, places ---------------------------------------------------------------

DOUBLES_AND_TENS = [11, 22, 33, 44, 66, 77, 88, 99, 10, 20, 30, 40, 50, 60, 70, 80]  # 8 × 5 + 8 × 3 = 64

SCORED = [  # (record, totals, ranking, decided)
    # The shared example: Ana reaches 74 in round 2; the lowest total, Cy's 2, wins.
    (
        game(([55, 1], [44, 20, 15, 2], []), ([11, 22, 33, 66, 77, 88, 99, 10, 30, 40, 50, 60, 70, 80, 90, 100, 5, 25], [3], [4, 6])),
        {"Ana": 74, "Ben": 12, "Cy": 2},
        [["Cy"], ["Ben"], ["Ana"]],
        True,
    ),
    # 61, 59 and 65 are not yet the end; exactly 66 is (eight doubles 40, tens 3 each, fives 2, the rest 1).
    (
        game(([11, 22, 33, 44, 66, 77, 88, 99, 10, 20, 30, 40, 50, 60, 70], [1], [2])),
        {"Ana": 61, "Ben": 1, "Cy": 1},
        [["Ben", "Cy"], ["Ana"]],
        False,
    ),
    (
        game(([11, 22, 33, 44, 66, 77, 88, 99, 10, 20, 30, 40, 50, 5, 15], [1], [])),
        {"Ana": 59, "Ben": 1, "Cy": 0},
        [["Cy"], ["Ben"], ["Ana"]],
        False,
    ),
    (game((DOUBLES_AND_TENS + [1], [], [])), {"Ana": 65, "Ben": 0, "Cy": 0}, [["Ben", "Cy"], ["Ana"]], False),
    (game((DOUBLES_AND_TENS + [1, 2], [], [])), {"Ana": 66, "Ben": 0, "Cy": 0}, [["Ben", "Cy"], ["Ana"]], True),
    # Shared places: Ana and Ben share 2nd; a shared first place is a shared win.
    (game(([55], [10, 20, 1], [3])), {"Ana": 7, "Ben": 7, "Cy": 1}, [["Cy"], ["Ana", "Ben"]], False),
    (game(([55, 1, 2, 3], [65, 75, 85, 95, 7, 8]), players=("Ana", "Ben"), end_at=10), {"Ana": 10, "Ben": 10}, [["Ana", "Ben"]], True),
    # The table's own number: a short game to 10, ended by one card.
    (game(([55, 11], [1], [2]), end_at=10), {"Ana": 12, "Ben": 1, "Cy": 1}, [["Ben", "Cy"], ["Ana"]], True),
    (game(([1], [], []), end_at=1), {"Ana": 1, "Ben": 0, "Cy": 0}, [["Ben", "Cy"], ["Ana"]], True),
    # Nothing taken yet: everyone shares first, nothing decided.
    (game(), {"Ana": 0, "Ben": 0, "Cy": 0}, [["Ana", "Ben", "Cy"]], False),
]


@pytest.mark.parametrize("record, totals, ranking, decided", SCORED)
def test_scored_lowest_first(record, totals, ranking, decided):
    result = scoring.score(record)
    assert dict(result.totals) == totals
    assert [list(group) for group in result.ranking] == ranking
    assert result.decided is decided
    assert result.winners == (tuple(ranking[0]) if decided else ())
    assert result.lower_wins is True


def test_the_end_is_said_with_who_reached_it():
    result = scoring.score(game(([55, 11, 22], [33, 44], [1]), end_at=10))
    said = explanation_naming(result, "Ana and Ben", "10 bullheads", "round 1")
    assert said == "Ana and Ben reached 10 bullheads or more in round 1: the game is over, and the lowest total wins."


def test_a_shared_place_is_said_and_there_is_no_tiebreak():
    result = scoring.score(game(([55], [10, 20, 1], [3])))
    assert explanation_naming(result, "Ana and Ben") == "Ana and Ben both have 7: they share 2nd place."


LINES = [  # (pile, the lines of the player's round)
    ([55], ["55: 1 × 7 bullheads = 7"]),
    ([1], ["1: 1 × 1 bullhead = 1"]),
    (
        [3, 99, 55, 10, 22, 5, 30],
        [
            "55: 1 × 7 bullheads = 7",
            "22, 99: 2 × 5 bullheads = 10",
            "10, 30: 2 × 3 bullheads = 6",
            "5: 1 × 2 bullheads = 2",
            "3: 1 × 1 bullhead = 1",
        ],
    ),
    ([], []),
]


@pytest.mark.parametrize("pile, lines", LINES)
def test_each_rounds_bullheads_are_explained(pile, lines):
    result = scoring.score(game((pile, [], [])))
    assert [str(line) for line in result.breakdown[0]["Ana"]] == lines
    assert sum(line.points for line in result.breakdown[0]["Ana"]) == result.rounds[0]["Ana"]


# ---- invalid records (docs/format.md › six-nimmt › Invalid) -----------------------------------------------


def pile(*cards):
    return {"cards": list(cards)}


INVALID = [  # (record, fragments of the message)
    (game(([0], [], [])), ["round 1 › Ana › cards", "0 is outside 1..104"]),
    (game(([105], [], [])), ["round 1 › Ana › cards", "105 is outside 1..104"]),
    (game((["55"], [], [])), ["round 1 › Ana › cards", "expected a whole number, found text"]),
    (game(([55.0], [], [])), ["round 1 › Ana › cards", "found a decimal number"]),
    (game(([True], [], [])), ["round 1 › Ana › cards", "true/false"]),
    (game(([42, 42], [], [])), ["round 1 › Ana › cards", "42 appears twice"]),
    (game(([42], [], [42])), ["round 1 › Cy › cards", "42 is also on Ana's pile"]),
    (game(([42], []), ([], [42]), players=("Ana", "Ben")), []),  # (not invalid: another deal, another deck)
    (game((list(range(1, 11)), list(range(11, 22))), players=("Ana", "Ben")), ["round 1", "21 cards taken in one round", "at most 20"]),
    (game(([55, 11, 22], [], []), ([1], [], []), end_at=10), ["round 2", "the game ended with round 1, when Ana reached 10"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [{"Ana": pile(1)}]}, ["round 1", "missing player 'Ben'"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [{"Ana": pile(1), "Ben": pile(), "Cy": pile()}]}, ["'Cy' is not a player"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [{"Ana": {}, "Ben": pile()}]}, ["round 1 › Ana", "missing field 'cards'"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [{"Ana": {"cards": [], "x": 1}, "Ben": pile()}]}, ["unknown field 'x'"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [{"Ana": [1], "Ben": pile()}]}, ["round 1 › Ana", "expected an object"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [{"Ana": {"cards": 5}, "Ben": pile()}]}, ["expected a list"]),
    (game(end_at=0), ["variant › end_at", "0 is outside 1..1000"]),
    (game(end_at=1001), ["variant › end_at", "1001 is outside 1..1000"]),
    (game(end_at="66"), ["variant › end_at", "found text"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "variant": {"end": 66}, "rounds": []}, ["unknown field 'end'"]),
    ({"game": "six-nimmt", "players": ["Ana"], "rounds": []}, ["6 nimmt! is played by 2–10 players, not 1"]),
    ({"game": "six-nimmt", "players": [str(i) for i in range(11)], "rounds": []}, ["not 11"]),
    ({"game": "six-nimmt", "players": ["Ana", "Ben"], "rounds": [], "finished": True}, ["unknown field 'finished'"]),
]


@pytest.mark.parametrize("record, fragments", INVALID)
def test_invalid_records_are_refused_naming_the_place(record, fragments):
    if not fragments:
        scoring.score(record)
        return
    assert_invalid(record, *fragments)


def test_ten_cards_a_player_is_the_most_a_round_takes():
    scoring.score(game((list(range(1, 11)), list(range(11, 21))), players=("Ana", "Ben")))  # 20 of 20


@pytest.mark.parametrize("record", [game(([42], [], [42])), game(([55, 11, 22], [], []), ([1], [], []), end_at=10), game(end_at=0)])
def test_the_command_refuses_with_one_error_line(record):
    line = assert_cli_refused(run_cli(record))
    assert "round" in line or "variant" in line


# ---- actions: a tap per card taken ---------------------------------------------------------------------------

PLAYERS = ["Ana", "Ben"]


def table(*taps, end_at=None) -> Table:
    t = Table(scoring.new_record("six-nimmt", PLAYERS, {"end_at": end_at} if end_at else None))
    for tap in taps:
        t = scoring.apply(t, tap)
    return t


def piles(t: Table) -> list[dict]:
    return [{p: r[p]["cards"] for p in PLAYERS} for r in t.record["rounds"]]


ACTIONS = [  # (taps before, the tap, the piles of every round after it)
    ((), AddCard("Ana", 55, 1), [{"Ana": [55], "Ben": []}]),
    ((AddCard("Ana", 55, 1),), AddCard("Ana", 3, 1), [{"Ana": [3, 55], "Ben": []}]),
    ((AddCard("Ana", 55, 1),), RemoveCard("Ana", 55, 1), [{"Ana": [], "Ben": []}]),
    ((AddCard("Ana", 55, 1),), NextRound(), [{"Ana": [55], "Ben": []}, {"Ana": [], "Ben": []}]),
    ((AddCard("Ana", 55, 1), NextRound()), AddCard("Ben", 55, 2), [{"Ana": [55], "Ben": []}, {"Ana": [], "Ben": [55]}]),  # a new deck
    ((AddCard("Ana", 55, 1), NextRound()), AddCard("Ana", 1, 1), [{"Ana": [1, 55], "Ben": []}, {"Ana": [], "Ben": []}]),  # a correction
]


@pytest.mark.parametrize("before, tap, after", ACTIONS)
def test_a_tap_changes_exactly_its_pile(before, tap, after):
    assert piles(scoring.apply(table(*before), tap)) == after


NO_OPS = [
    ((AddCard("Ana", 55, 1),), AddCard("Ana", 55, 1), "55 is already on Ana's pile"),
    ((), RemoveCard("Ana", 55, 1), "55 is not on Ana's pile"),
]


@pytest.mark.parametrize("before, tap, said", NO_OPS)
def test_a_tap_that_changes_nothing_is_said_so(before, tap, said):
    with pytest.raises(Unchanged) as caught:
        scoring.apply(table(*before), tap)
    assert caught.value.message == said


FULL = tuple(AddCard("Ana", c, 1) for c in range(1, 11)) + tuple(AddCard("Ben", c, 1) for c in range(11, 21))
TO_TEN = (AddCard("Ana", 55, 1), AddCard("Ana", 11, 1))  # 12 bullheads: the game to 10 is over
REFUSALS = [  # (end_at, taps before, the tap, the rules' words, the place of apply's refusal)
    (None, (AddCard("Ben", 55, 1),), AddCard("Ana", 55, 1), "55 is on Ben's pile", "round 1 › Ana: 55 is on Ben's pile"),
    (None, FULL, AddCard("Ana", 21, 1), "20 cards are taken in round 1 already: 2 players take at most 20", "round 1 › Ana: 20 cards"),
    (None, (), NextRound(), "round 1 has no cards yet: enter the cards taken before starting round 2", "rounds: round 1 has no cards yet"),
    (10, TO_TEN, NextRound(), "Ana reached 10 bullheads: the game is over", "rounds: Ana reached 10 bullheads"),
    (
        10,
        (AddCard("Ana", 55, 1), NextRound(), AddCard("Ben", 1, 2)),
        AddCard("Ana", 10, 1),
        "with 10, Ana would reach 10 in round 1, ending the game before round 2",
        "round 1 › Ana: with 10, Ana would reach 10 in round 1",
    ),
]


@pytest.mark.parametrize("end_at, before, tap, words, error", REFUSALS)
def test_what_the_rules_refuse_apply_refuses_in_the_same_words(end_at, before, tap, words, error):
    t = table(*before, end_at=end_at)
    assert scoring.refusal(t, tap) == words
    with pytest.raises(RecordError) as caught:
        scoring.apply(t, tap)
    assert str(caught.value).startswith(error)
    assert not isinstance(caught.value, Unchanged)


@pytest.mark.parametrize("tap", [AddCard("Ana", 0, 1), AddCard("Ana", 105, 1), AddCard("Cy", 1, 1), AddCard("Ana", 1, 2)])
def test_a_malformed_tap_is_refused_by_apply(tap):
    with pytest.raises(RecordError) as caught:
        scoring.apply(table(), tap)
    assert not isinstance(caught.value, Unchanged)


def test_the_moves_are_every_card_of_every_pile_of_the_round_and_the_next_round():
    t = table(AddCard("Ana", 55, 1), AddCard("Ben", 7, 1))
    moves = list(GAME.moves(t))
    assert len(moves) == 104 * 2 + 1
    assert RemoveCard("Ana", 55, 1) in moves and AddCard("Ben", 55, 1) in moves and RemoveCard("Ben", 7, 1) in moves
    assert moves[-1] == NextRound()
    free = [m for m in moves if isinstance(m, AddCard) and scoring.refusal(t, m) is None]
    assert len(free) == 2 * 104 - 4  # 55 and 7 are taken: neither pile may add the other's, nor its own again


def test_a_game_played_to_its_end_by_taps():
    t = table(*TO_TEN, AddCard("Ben", 1, 1), end_at=10)
    result = scoring.score(t.record)
    assert result.decided and result.winners == ("Ben",)
    assert GAME.at_end(scoring.parse(t.record).game, result)


# ---- what the rules say of the game -------------------------------------------------------------------------


def test_the_rules_say_title_direction_end_and_id():
    assert GAME.display_title({}) == "6 nimmt!" and GAME.identity({"end_at": 100}) == ("six-nimmt", "")
    assert GAME.lower_wins({}) is True and GAME.bgg_id_of({}) == 432
    assert GAME.ending({}).total == 66 and GAME.ending({"end_at": 100}).total == 100
    assert not GAME.ending({}).by_players and GAME.ending({}).rounds is None
    assert GAME.variant_words({"end_at": 66}) == () and GAME.variant_words({"end_at": 100}) == ("ends at 100 bullheads",)
    assert GAME.progress(scoring.parse(game()).game) is None  # no planned number of rounds


@st.composite
def near_the_end(draw):
    """A game of two to four deals whose totals before the last deal stand a few bullheads below its end: a card
    added to an earlier deal may end the game before the last one."""
    players = draw(st.lists(st.sampled_from(["Ana", "Ben", "Cy", "Di"]), min_size=2, max_size=4, unique=True))
    deals = draw(st.lists(made.a_deal(players), min_size=2, max_size=4))
    record = {"game": "six-nimmt", "players": players, "rounds": deals}
    before = scoring.score({**record, "rounds": deals[:-1], "variant": {"end_at": 1000}}).totals
    record["variant"] = {"end_at": max(before.values()) + draw(st.integers(1, 8))}
    return record


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(made.records() | near_the_end(), st.data())
def test_a_card_is_drawn_free_exactly_when_apply_takes_it(record, data):
    """On any round, not only the last: the screen draws a card free from refusal, so apply must take it then."""
    t = Table(record)
    if not record["rounds"]:
        return
    tap = AddCard(
        data.draw(st.sampled_from(t.record["players"])), data.draw(st.integers(1, 104)), data.draw(st.integers(1, len(t.record["rounds"])))
    )
    reason = scoring.refusal(t, tap)
    try:
        scoring.apply(t, tap)
    except Unchanged:
        assert reason is None
    except RecordError as e:
        assert reason is not None, f"apply refused what refusal allows: {e}"
    else:
        assert reason is None
