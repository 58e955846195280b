"""The score pad: rounds of points as on paper, the higher or the lower total first, a target or the players' end,
invalid records, the record's own `finished`, and each action with its refusal.

Source: docs/format.md › score-pad.
"""

from __future__ import annotations

import hand_made.score_pad as made
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_support import assert_cli_refused, assert_invalid, explanation_naming, refusals_agree_with_apply, run_cli
from strategies import names, walked

import scoring
from scoring import NextRound, RecordError, Table, Unchanged
from scoring.score_pad import FinishGame, SetScore

GAME = scoring.GAMES["score-pad"]
HEARTS = {"title": "Hearts", "lower_wins": True, "target": 100}


def pad(*rounds, players=("Ana", "Ben", "Cy"), finished=None, **variant):
    """A record; each round is a tuple of the points in seat order."""
    record = {
        "format": 1,
        "game": "score-pad",
        "players": list(players),
        "variant": {"title": "Qwixx", **variant},
        "rounds": [dict(zip(players, r)) for r in rounds],
    }
    if finished is not None:
        record["finished"] = finished
    return record


# ---- scoring: both directions, the target, the players' end -------------------------------------------------

SCORED = [  # (record, totals, ranking, decided)
    # Higher wins (the default); no target: decided only once the players finish it, with a round.
    (pad((42, 57, 30)), {"Ana": 42, "Ben": 57, "Cy": 30}, [["Ben"], ["Ana"], ["Cy"]], False),
    (pad((42, 57, 30), finished=True), {"Ana": 42, "Ben": 57, "Cy": 30}, [["Ben"], ["Ana"], ["Cy"]], True),
    (pad((42, 57, 30), finished=False), {"Ana": 42, "Ben": 57, "Cy": 30}, [["Ben"], ["Ana"], ["Cy"]], False),
    (pad(finished=True), {"Ana": 0, "Ben": 0, "Cy": 0}, [["Ana", "Ben", "Cy"]], False),  # finished without a round
    # Lower wins: Hearts to 100; the one who reaches it ends the game and comes last.
    (pad((26, 0, 0), (40, 13, 3), (35, 0, 20), **HEARTS), {"Ana": 101, "Ben": 13, "Cy": 23}, [["Ben"], ["Cy"], ["Ana"]], True),
    (pad((26, 0, 0), (40, 13, 3), **HEARTS), {"Ana": 66, "Ben": 13, "Cy": 3}, [["Cy"], ["Ben"], ["Ana"]], False),
    # Reaching the target exactly ends the game; passing it too; higher wins: the one at the target wins.
    (pad((60, 40, 10), (40, 55, 0), target=100), {"Ana": 100, "Ben": 95, "Cy": 10}, [["Ana"], ["Ben"], ["Cy"]], True),
    (pad((60, 40, 10), (39, 55, 0), target=100), {"Ana": 99, "Ben": 95, "Cy": 10}, [["Ana"], ["Ben"], ["Cy"]], False),
    # Equal totals share a place, the next one is skipped; a shared first place is a shared win.
    (pad((10, 10, 4), finished=True), {"Ana": 10, "Ben": 10, "Cy": 4}, [["Ana", "Ben"], ["Cy"]], True),
    (pad((10, 10, 4), finished=True, lower_wins=True), {"Ana": 10, "Ben": 10, "Cy": 4}, [["Cy"], ["Ana", "Ben"]], True),
    # Negative points, and a target below zero (totals reach it or more: a target of −5 is reached by 0).
    (pad((-5, 3, -20), (-1, -10, 0), finished=True), {"Ana": -6, "Ben": -7, "Cy": -20}, [["Ana"], ["Ben"], ["Cy"]], True),
    (pad((-10, -20, -30), target=-5), {"Ana": -10, "Ben": -20, "Cy": -30}, [["Ana"], ["Ben"], ["Cy"]], False),
    # One player alone keeps a score too.
    (pad((7,), (8,), players=("Ana",), finished=True), {"Ana": 15}, [["Ana"]], True),
]


@pytest.mark.parametrize("record, totals, ranking, decided", SCORED)
def test_scored_in_the_games_direction(record, totals, ranking, decided):
    result = scoring.score(record)
    assert dict(result.totals) == totals
    assert [list(group) for group in result.ranking] == ranking
    assert result.decided is decided
    assert result.winners == (tuple(ranking[0]) if decided else ())
    assert result.lower_wins is record["variant"].get("lower_wins", False)


def test_the_target_reached_is_said():
    result = scoring.score(pad((26, 0, 0), (40, 13, 3), (35, 0, 20), **HEARTS))
    assert explanation_naming(result, "target") == "Ana reached the target of 100 in round 3: the game is over."


def test_each_round_is_one_line_of_points():
    result = scoring.score(pad((42, -3, 0)))
    assert [[str(line) for line in result.breakdown[0][p]] for p in ("Ana", "Ben", "Cy")] == [
        ["points: +42"],
        ["points: −3"],
        ["points: 0"],
    ]


# ---- invalid records (docs/format.md › score-pad › Invalid) ------------------------------------------------


def with_variant(**variant):
    return {"game": "score-pad", "players": ["Ana", "Ben"], "variant": variant, "rounds": []}


INVALID = [  # (record, fragments of the message)
    ({"game": "score-pad", "players": ["Ana"], "rounds": []}, ["variant", "missing field 'title'"]),
    (with_variant(title=""), ["variant › title", "a title is 1 to 80 characters long, not 0"]),
    (with_variant(title="x" * 81), ["variant › title", "not 81"]),
    (with_variant(title="Hearts\n"), ["variant › title", "control characters (U+000A)"]),
    (with_variant(title="Wiz\u202eard"), ["variant › title", "control characters (U+202E)"]),
    (with_variant(title=7), ["variant › title", "expected text"]),
    (with_variant(title="Hearts", lower_wins="yes"), ["variant › lower_wins", "expected true or false"]),
    (with_variant(title="Hearts", target=1.5), ["variant › target", "decimal number"]),
    (with_variant(title="Hearts", target=None), ["variant › target", "found null"]),
    (with_variant(title="Hearts", bgg_id=0), ["variant › bgg_id", "0 is below 1"]),
    (with_variant(title="Hearts", bgg_id="6887"), ["variant › bgg_id", "found text"]),
    (with_variant(title="Hearts", colour="red"), ["variant", "unknown field 'colour'"]),
    (
        {"game": "score-pad", "players": ["Ana", "Ben"], "variant": {"title": "X"}, "rounds": [{"Ana": 1}]},
        ["round 1", "missing player 'Ben'"],
    ),
    ({"game": "score-pad", "players": ["Ana"], "variant": {"title": "X"}, "rounds": [{"Ana": 1, "Cy": 2}]}, ["'Cy' is not a player"]),
    (pad((1.5, 0, 0)), ["round 1 › Ana", "decimal number"]),
    (pad(("5", 0, 0)), ["round 1 › Ana", "found text"]),
    (pad((True, 0, 0)), ["round 1 › Ana", "true/false"]),
    (pad((None, 0, 0)), ["round 1 › Ana", "found null"]),
    (pad((1_000_001, 0, 0)), ["round 1 › Ana", "1000001 is outside -1000000..1000000"]),
    (pad((0, -1_000_001, 0)), ["round 1 › Ben", "is outside"]),
    (
        pad((120, 80, 0), (90, 30, 0), (10, 5, 0), target=200),
        ["round 3", "the game ended with round 2, when Ana reached the target of 200"],
    ),
    (pad((1, 2, 3), finished="yes"), ["finished", "expected true or false"]),
    ({"game": "score-pad", "players": [], "variant": {"title": "X"}, "rounds": []}, ["Score pad is played by 1–20 players, not 0"]),
    ({"game": "score-pad", "players": [str(i) for i in range(21)], "variant": {"title": "X"}, "rounds": []}, ["not 21"]),
    # `finished` is the score pad's own: another game's record may not carry it.
    ({"game": "lost-cities", "players": ["Ana", "Ben"], "rounds": [], "finished": True}, ["unknown field 'finished'"]),
]


@pytest.mark.parametrize("record, fragments", INVALID)
def test_invalid_records_are_refused_naming_the_place(record, fragments):
    assert_invalid(record, *fragments)


@pytest.mark.parametrize("title", ["H", "x" * 80, "Les Loups-garous de Thiercelieux", "スカイジョ", "👨‍👩‍👧 night"])
def test_titles_within_the_rules_are_kept_as_written(title):
    record = with_variant(title=title)
    scoring.score(record)
    assert GAME.display_title(record["variant"]) == title


@pytest.mark.parametrize(
    "record",
    [pad((120, 80, 0), (90, 30, 0), (10, 5, 0), target=200), with_variant(title=""), pad((1.5, 0, 0))],
    ids=["after", "title", "x"],
)
def test_the_command_refuses_with_one_error_line(record):
    assert_cli_refused(run_cli(record))


# ---- `finished`: the record's own field ----------------------------------------------------------------------


def test_finished_is_kept_by_reading_renaming_and_left_out_of_a_rematch():
    record = pad((1, 2, 3), finished=True)
    assert scoring.parse(record).game.finished is True
    renamed, _ = scoring.rename_player(record, "Ana", "Ada")
    assert renamed["finished"] is True and renamed["rounds"] == [{"Ada": 1, "Ben": 2, "Cy": 3}]
    assert scoring.score(renamed).decided
    again = scoring.rematch(record)
    assert (
        "finished" not in again
        and again["variant"] == {"title": "Qwixx", "lower_wins": False}
        and again["rounds"] == [{"Ana": 0, "Ben": 0, "Cy": 0}]
    )


# ---- actions: a number typed, a round added, the game finished --------------------------------------------------

PLAYERS = ["Ana", "Ben"]


def table(*taps, **variant) -> Table:
    t = Table(scoring.new_record("score-pad", PLAYERS, {"title": "Skyjo", **variant}))
    for tap in taps:
        t = scoring.apply(t, tap)
    return t


ACTIONS = [  # (taps before, the tap, the rounds after it, finished after it)
    ((), SetScore("Ana", 12, 1), [{"Ana": 12, "Ben": 0}], False),
    ((SetScore("Ana", 12, 1),), SetScore("Ana", -3, 1), [{"Ana": -3, "Ben": 0}], False),  # typed again: replaced
    ((SetScore("Ana", 12, 1),), NextRound(), [{"Ana": 12, "Ben": 0}, {"Ana": 0, "Ben": 0}], False),
    ((NextRound(),), NextRound(), [{"Ana": 0, "Ben": 0}] * 3, False),  # a round where all scored 0 (all bust) is a round
    ((SetScore("Ana", 12, 1), NextRound()), SetScore("Ben", 4, 1), [{"Ana": 12, "Ben": 4}, {"Ana": 0, "Ben": 0}], False),  # a correction
    ((SetScore("Ana", 12, 1),), FinishGame(), [{"Ana": 12, "Ben": 0}], True),
    ((SetScore("Ana", 12, 1), FinishGame()), FinishGame(finished=False), [{"Ana": 12, "Ben": 0}], False),
    ((SetScore("Ana", 12, 1), FinishGame()), SetScore("Ben", 20, 1), [{"Ana": 12, "Ben": 20}], True),  # corrected after the end
    # The first number typed into the round after the last starts it: one tap, one undo (issue 63).
    ((SetScore("Ana", 12, 1),), SetScore("Ben", 4, 2), [{"Ana": 12, "Ben": 0}, {"Ana": 0, "Ben": 4}], False),
    ((), SetScore("Ana", 0, 2), [{"Ana": 0, "Ben": 0}] * 2, False),  # a first round where all scored 0, the next begun by a 0
]


@pytest.mark.parametrize("before, tap, rounds, finished", ACTIONS)
def test_an_action_changes_exactly_its_field(before, tap, rounds, finished):
    after = scoring.apply(table(*before), tap)
    assert after.record["rounds"] == rounds
    assert after.record.get("finished", False) is finished
    assert "finished" in after.record or not finished  # false is the default: left out


NO_OPS = [
    ((SetScore("Ana", 12, 1),), SetScore("Ana", 12, 1), "Ana has 12 in round 1 already"),
    ((), SetScore("Ana", 0, 1), "Ana has 0 in round 1 already"),
    ((FinishGame(),), FinishGame(), "the game is finished already"),
    ((), FinishGame(finished=False), "the game is not finished"),
]


@pytest.mark.parametrize("before, tap, said", NO_OPS)
def test_an_action_that_changes_nothing_is_said_so(before, tap, said):
    with pytest.raises(Unchanged) as caught:
        scoring.apply(table(*before), tap)
    assert caught.value.message == said


REFUSALS = [  # (variant, taps before, the tap, the rules' words, the start of apply's refusal)
    ({}, (FinishGame(),), NextRound(), "the game is finished: take back Finish game to add a round", "rounds: the game is finished"),
    ({"target": 50}, (SetScore("Ben", 50, 1),), NextRound(), "Ben reached the target of 50: the game is over", "rounds: Ben reached"),
    ({}, (), SetScore("Ana", 1_000_001, 1), "a score is a whole number from −1,000,000 to 1,000,000", "round 1 › Ana: a score"),
    ({}, (), SetScore("Ana", -1_000_001, 1), "a score is a whole number from −1,000,000 to 1,000,000", "round 1 › Ana: a score"),
    ({}, (FinishGame(),), SetScore("Ana", 3, 2), "the game is finished: take back Finish game to add a round", "round 2 › Ana: the game"),
    (
        {"target": 50},
        (SetScore("Ben", 50, 1),),
        SetScore("Ana", 3, 2),
        "Ben reached the target of 50: the game is over",
        "round 2 › Ana: Ben",
    ),
    (
        {"target": 50},
        (SetScore("Ana", 30, 1), NextRound(), SetScore("Ana", 10, 2)),
        SetScore("Ben", 60, 1),
        "with 60, Ben would reach the target of 50 in round 1, ending the game before round 2",
        "round 1 › Ben: with 60",
    ),
]


@pytest.mark.parametrize("variant, before, tap, words, error", REFUSALS)
def test_what_the_rules_refuse_apply_refuses_in_the_same_words(variant, before, tap, words, error):
    t = table(*before, **variant)
    assert scoring.refusal(t, tap) == words
    with pytest.raises(RecordError) as caught:
        scoring.apply(t, tap)
    assert str(caught.value).startswith(error)
    assert not isinstance(caught.value, Unchanged)


@pytest.mark.parametrize(
    "tap", [SetScore("Cy", 1, 1), SetScore("Ana", 1, 3), SetScore("Ana", 1.5, 1), SetScore("Ana", True, 1), SetScore("Ana", 1.5, 2)]
)
def test_a_malformed_action_is_refused_by_apply(tap):
    with pytest.raises(RecordError) as caught:
        scoring.apply(table(), tap)
    assert not isinstance(caught.value, Unchanged)


def test_finishing_needs_a_round():
    t = Table({**scoring.new_record("score-pad", PLAYERS, {"title": "Skyjo"}), "rounds": []})
    assert scoring.refusal(t, FinishGame()) == "write down a round before finishing the game"
    with pytest.raises(RecordError):
        scoring.apply(t, FinishGame())


@pytest.mark.parametrize("variant", [{"target": 40}, {"target": 40, "lower_wins": True}, {"target": 0}, {"lower_wins": True}])
def test_walks_with_options_keep_refusal_and_apply_in_step(variant):
    """The property tests walk a new score pad of the default options; these walk it with a target and lowest first."""
    rules = GAME

    @settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(names(1, 4), st.lists(st.integers(0, 10_000), max_size=30))
    def walk(players, picks):
        t = Table(scoring.new_record("score-pad", players, {"title": "Hearts", **variant}))
        for pick in picks:
            moves = list(rules.moves(t))
            refusals_agree_with_apply(t)
            try:
                t = rules.apply(t, moves[pick % len(moves)])
            except RecordError:
                pass
        result = scoring.score(t.record)
        assert result.lower_wins is variant.get("lower_wins", False)

    walk()


def test_the_walks_strategy_draws_score_pads():
    @settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(walked(GAME))
    def drawn(record):
        assert record["game"] == "score-pad" and scoring.score(record).players == tuple(record["players"])

    drawn()


# ---- what the rules say of a score pad: its name, direction, end and id are the record's ------------------------


def test_the_name_direction_end_and_id_are_the_records_own():
    hearts = {"title": "Hearts", "lower_wins": True, "target": 100, "bgg_id": 6887}
    assert GAME.display_title(hearts) == "Hearts" and GAME.display_title({}) == "Score pad"
    assert GAME.lower_wins(hearts) is True and GAME.lower_wins({"title": "Qwixx"}) is False
    assert GAME.bgg_id_of(hearts) == 6887 and GAME.bgg_id_of({"title": "Qwixx"}) is None
    assert (GAME.ending(hearts).total, GAME.ending(hearts).by_players) == (100, True)
    assert (GAME.ending({"title": "Qwixx"}).total, GAME.ending({"title": "Qwixx"}).by_players) == (None, True)
    assert GAME.variant_words(hearts) == ("lowest total wins", "ends at 100")
    assert GAME.variant_words({"title": "Qwixx", "lower_wins": False}) == ()


@pytest.mark.parametrize(
    "one, other, same",
    [
        ("Hearts", "hearts", True),
        ("Hearts", " Hearts ", True),
        ("Flip 7", "Flip  7", True),
        ("Hearts", "Spades", False),
        ("Zoë", "ZOË", True),
    ],
)
def test_a_games_identity_is_its_title_ignoring_case_and_spaces(one, other, same):
    assert (GAME.identity({"title": one}) == GAME.identity({"title": other})) is same
    assert GAME.identity({"title": one})[0] == "score-pad"


ENTERED = [  # (taps, anything entered)
    ((), False),
    ((SetScore("Ana", 5, 1),), True),
    ((NextRound(),), True),  # a round of zeros played, and the next begun
    ((FinishGame(),), True),
]


@pytest.mark.parametrize("taps, entered", ENTERED)
def test_anything_entered(taps, entered):
    parsed = scoring.parse(table(*taps).record)
    assert parsed.rules.anything_entered(parsed.game) is entered


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(made.records(), st.data())
def test_a_score_is_taken_exactly_when_the_rules_allow_it(record, data):
    """Any number typed into any round: the field is refused exactly when refusal says why."""
    t = Table(record)
    if not record["rounds"]:
        return
    typed = data.draw(st.integers(-2_000_000, 2_000_000) | st.integers(-50, 150))
    tap = SetScore(data.draw(st.sampled_from(record["players"])), typed, data.draw(st.integers(1, len(record["rounds"]) + 1)))
    reason = scoring.refusal(t, tap)
    try:
        scoring.apply(t, tap)
    except Unchanged:
        assert reason is None
    except RecordError as e:
        assert reason is not None, f"apply refused what refusal allows: {e}"
    else:
        assert reason is None
