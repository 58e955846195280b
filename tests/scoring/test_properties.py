"""Properties over random valid records of every game (strategies.py), and over corruptions of them.
(The same corruptions through the command line: tests/fuzz/test_fuzz_cli.py.)"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scoring_support import refusals_agree_with_apply, scores_as_its_lines
from strategies import BREAKABLE, GAMES, corrupted, duplicated_card, of_game, records, reseated, seat_breaks_ties, walked

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
def test_ranking_orders_totals_in_the_games_direction_and_winners_are_the_first_place(record):
    result = scoring.score(record)
    rules = scoring.GAMES[record["game"]]
    assert result.lower_wins is rules.lower_wins(record.get("variant") or {})  # the rules answer alike with or without a Result
    flat = [p for group in result.ranking for p in group]
    assert sorted(flat) == sorted(result.players)
    totals = [result.totals[group[0]] for group in result.ranking]
    assert totals == sorted(totals, reverse=not result.lower_wins)
    for group in result.ranking:
        assert len({result.totals[p] for p in group}) == 1
    assert result.winners == (result.ranking[0] if result.decided else ())
    if rules.ending(record.get("variant") or {}).scored_once:
        assert result.decided  # scored once at the end: always decided
    if seat_breaks_ties(record["game"]):
        assert all(len(group) == 1 for group in result.ranking)  # the seat always breaks a tie


@IN_PROCESS
@given(records(), st.data())
def test_reseating_changes_no_total(record, data):
    before = scoring.score(record)
    seated = {**record, "players": reseated(record, data.draw)}
    after = scoring.score(seated)
    assert after.totals == before.totals
    assert after.rounds == before.rounds
    assert after.decided == before.decided
    if not seat_breaks_ties(record["game"]):  # (where the seat itself is the last tiebreak, equal totals may swap)
        assert [set(g) for g in after.ranking] == [set(g) for g in before.ranking]


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
    record = data.draw(records(BREAKABLE))
    with pytest.raises(scoring.RecordError):
        scoring.score(data.draw(duplicated_card(record)))
