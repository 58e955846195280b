"""Properties over random valid records of every game (strategies.py), and over corruptions of them.
(The same corruptions through the command line: tests/fuzz/test_fuzz_cli.py.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_support import refusals_agree_with_apply, scores_as_its_lines
from strategies import (
    GAMES,
    card_commons_records,
    commons_round_points,
    corrupted,
    duplicated_card,
    lost_cities_records,
    of_game,
    records,
    walked,
)

import scoring

# 120 records per property (were 200): every property below scores each record it draws, so
# "never raises" is checked on ~1000 records per run; the CI profile replays the same ones each run.
IN_PROCESS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@pytest.mark.parametrize("game", GAMES)
def test_valid_records_never_raise_and_totals_are_their_lines(game):
    IN_PROCESS(given(of_game(game))(scores_as_its_lines))()


@pytest.mark.parametrize("game", GAMES)
def test_what_the_rules_refuse_apply_refuses(game):
    @settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(walked(scoring.GAMES[game]))
    def check(record):
        refusals_agree_with_apply(scoring.Table(record))

    check()


@IN_PROCESS
@given(records())
def test_ranking_orders_totals_and_winners_are_the_first_place(record):
    result = scoring.score(record)
    flat = [p for group in result.ranking for p in group]
    assert sorted(flat) == sorted(result.players)
    totals = [result.totals[group[0]] for group in result.ranking]
    assert totals == sorted(totals, reverse=True)
    for group in result.ranking:
        assert len({result.totals[p] for p in group}) == 1
    assert result.winners == (result.ranking[0] if result.decided else ())
    if scoring.GAMES[record["game"]].body == "final":
        assert result.decided  # scored once at the end: always decided
    if record["game"] == "cgt":
        assert all(len(group) == 1 for group in result.ranking)  # the seat always breaks a tie


def seat_preserving_permutation(record, draw):
    """Another seating that cannot change anyone's score: any order for games keyed by name only;
    cgt keeps players[0] (the penalty); bgg-game keeps the start-GG class (seats 0–2 vs 3+)."""
    players = list(record["players"])
    if record["game"] == "cgt":
        return players[:1] + list(draw(st.permutations(players[1:])))
    if record["game"] == "bgg-game":
        return list(draw(st.permutations(players[:3]))) + list(draw(st.permutations(players[3:])))
    return list(draw(st.permutations(players)))


@IN_PROCESS
@given(records(), st.data())
def test_reseating_changes_no_total(record, data):
    before = scoring.score(record)
    seated = {**record, "players": seat_preserving_permutation(record, data.draw)}
    after = scoring.score(seated)
    assert after.totals == before.totals
    assert after.rounds == before.rounds
    assert after.decided == before.decided
    if record["game"] != "cgt":  # cgt's last tiebreak is the seat itself
        assert [set(g) for g in after.ranking] == [set(g) for g in before.ranking]


@IN_PROCESS
@given(lost_cities_records())
def test_lost_cities_matches_an_independent_reading(record):
    result = scoring.score(record)
    for scores, round_ in zip(result.rounds, record["rounds"]):
        for p in record["players"]:
            expected = 0
            for expedition in round_[p].values():
                cards, inv = expedition.get("cards", []), expedition.get("investments", 0)
                if cards or inv:
                    expected += (sum(cards) - 20) * (inv + 1) + (20 if len(cards) + inv >= 8 else 0)
            assert scores[p] == expected


@IN_PROCESS
@given(card_commons_records())
def test_card_commons_matches_an_independent_reading(record):
    result = scoring.score(record)
    peek = record.get("variant", {}).get("peek", False)
    table = (1, 1, 2) if peek else (1, 1, 2, 2)
    for number, (scores, round_) in enumerate(zip(result.rounds, record["rounds"]), start=1):
        mult = table[number - 1] if number <= len(table) else 1
        assert scores == {p: commons_round_points(round_, p, mult, peek) for p in record["players"]}


# ---- corruptions ------------------------------------------------------------------------------


@settings(max_examples=180, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_corruptions_in_process_raise_only_record_errors(data):
    record = data.draw(records())
    kind, bad = data.draw(corrupted(record))
    try:
        result = scoring.score(bad)
    except scoring.RecordError as e:
        assert str(e) and "\n" not in e.message
        assert kind != "duplicate" or e.where  # a deck error names its place
    else:
        assert kind != "duplicate", "a card put onto another tableau was accepted"
        json.dumps(result.to_json())


@IN_PROCESS
@given(st.data())
def test_duplicated_cards_are_always_refused(data):
    record = data.draw(records())
    with pytest.raises(scoring.RecordError):
        scoring.score(data.draw(duplicated_card(record)))
