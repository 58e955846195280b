"""Issue 41 item 1: the game clock is part of the game's stored record (services/game_clock.py,
scoring/clock.py). Its time comes from the stored times and an injected `now` (no sleeping): paused,
resumed, stopped when saved, kept by undo and by a restarted server, checked on import, and the
saved game's duration (BG Stats' durationMin) is the time it played, breaks left out."""

import json
from datetime import timedelta

import pytest

import scoring
from companion.data.store import GameStore
from companion.services import durations, file_formats, game_clock
from companion.services.live import GameHub, anyone
from scoring.clock import parse_clock
from scoring.lost_cities import AddCard
from tests.conftest import START

from .test_store import LOST_CITIES

T0 = "2026-03-01T19:00:00+00:00"


def at(minutes: float) -> str:
    return game_clock.stamp(START + timedelta(minutes=minutes))


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


def new_game(store, **extra) -> str:
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})
    return store.create({**record, "played_at": T0, **extra}).id


@pytest.mark.parametrize(
    "minutes, shown",
    [
        (0, "0:00"),
        (7 / 60, "0:07"),
        (12 + 5 / 60, "12:05"),
        (59 + 59 / 60, "59:59"),
        (60, "1:00:00"),
        (62 + 3 / 60, "1:02:03"),
        (600, "10:00:00"),
    ],
)
def test_the_time_is_shown_as_minutes_and_seconds_then_hours(minutes, shown):
    assert game_clock.shown(timedelta(minutes=minutes)) == shown


@pytest.mark.parametrize(
    "clock, fault",
    [
        ("19:00", "clock: expected an object, found text"),
        ({}, "clock: missing field 'started'"),
        ({"started": T0, "laps": []}, "clock: unknown field 'laps'"),
        ({"started": "yesterday"}, "clock › started: 'yesterday' is not an ISO 8601 date and time"),
        ({"started": "2026-03-01T19:00:00"}, "clock › started: '2026-03-01T19:00:00' has no UTC offset"),
        ({"started": T0, "stopped": "2026-03-01T18:59:59+00:00"}, "clock › stopped: it is before the start"),
        ({"started": T0, "pauses": [{"from": "2026-03-01T18:00:00+00:00", "to": T0}]}, "pause 1 › from: it is before the start"),
        ({"started": T0, "pauses": [{"from": at(10), "to": at(5)}]}, "pause 1 › to: it is before the pause's own from"),
        ({"started": T0, "pauses": [{"from": at(10), "to": at(20)}, {"from": at(15)}]}, "pause 2 › from: it is before the end of pause 1"),
        ({"started": T0, "pauses": [{"from": at(10)}, {"from": at(20)}]}, "pause 1: only the last pause of a running clock may be open"),
        ({"started": T0, "pauses": [{"from": at(10)}], "stopped": at(30)}, "pause 1: only the last pause of a running clock may be open"),
        ({"started": T0, "pauses": [{"from": at(10)}] * 1001}, "clock › pauses: 1,001 pauses (at most 1,000)"),
        ({"started": T0, "pauses": [{"from": at(10), "until": at(12)}]}, "pause 1: unknown field 'until'"),
    ],
)
def test_a_damaged_clock_is_refused_naming_its_field(clock, fault):
    record = {**LOST_CITIES, "clock": clock}
    with pytest.raises(scoring.RecordError) as refused:
        scoring.parse(record)
    assert fault in str(refused.value)


def test_a_record_without_a_clock_and_one_with_a_full_clock_both_score():
    full = {"started": T0, "pauses": [{"from": at(10), "to": at(25)}, {"from": at(40), "to": at(40)}], "stopped": at(70)}
    assert scoring.score(LOST_CITIES).totals == scoring.score({**LOST_CITIES, "clock": full}).totals  # never scored
    assert parse_clock(full).played(START) == timedelta(minutes=55)


def test_pause_resume_and_stop_count_only_the_time_played(store, clock):
    hub = GameHub(store)
    game_id = new_game(store)
    live = hub.open(game_id)
    assert "clock" not in store.get(game_id).record  # a new game: running since played_at, nothing written yet
    clock.to(10)
    assert live.pause_clock(True, check=anyone).changed
    assert store.get(game_id).record["clock"] == {"started": T0, "pauses": [{"from": at(10)}]}
    clock.to(25)
    assert game_clock.of_game(store.get(game_id)).played(clock.now) == timedelta(minutes=10)  # paused: stands still
    assert live.pause_clock(True, check=anyone).message == game_clock.ALREADY_PAUSED  # pressed on two devices: once
    assert live.pause_clock(False, check=anyone).changed
    clock.to(40)
    assert game_clock.of_game(store.get(game_id)).played(clock.now) == timedelta(minutes=25)
    assert live.act(AddCard("Mia", "red", 5, 1), "host").changed
    clock.to(45)
    saved = hub.finish(game_id)
    assert saved.record["clock"] == {"started": T0, "pauses": [{"from": at(10), "to": at(25)}], "stopped": at(45)}
    assert durations.minutes(saved) == 30  # 45 minutes at the table, 15 of them a break
    assert file_formats.bgstats_play(saved)["durationMin"] == 30


def test_saving_while_paused_ends_the_pause_and_stops_there(store, clock):
    hub = GameHub(store)
    game_id = new_game(store)
    clock.to(20)
    hub.open(game_id).pause_clock(True, check=anyone)
    clock.to(90)  # the game was saved after a long break
    saved = hub.finish(game_id)
    assert saved.record["clock"]["pauses"] == [{"from": at(20), "to": at(90)}] and saved.record["clock"]["stopped"] == at(90)
    assert durations.minutes(saved) == 20


def test_a_game_never_paused_stops_when_saved(store, clock):
    hub = GameHub(store)
    game_id = new_game(store)
    clock.to(37)
    saved = hub.finish(game_id)
    assert saved.record["clock"] == {"started": T0, "stopped": at(37)}
    assert durations.minutes(saved) == 37
    clock.to(80)
    assert game_clock.of_game(store.get(game_id)).played(clock.now) == timedelta(minutes=37)  # stopped: stays


def test_undo_keeps_the_clock_as_it_is_now(store, clock):
    hub = GameHub(store)
    game_id = new_game(store)
    live = hub.open(game_id)
    assert live.act(AddCard("Mia", "red", 5, 1), "host").changed
    clock.to(10)
    live.pause_clock(True, check=anyone)
    assert live.undo("host").changed  # takes back the card, not the pause
    record = store.get(game_id).record
    assert record["rounds"][0]["Mia"] == {} and record["clock"]["pauses"] == [{"from": at(10)}]
    assert live.act(AddCard("Noah", "blue", 7, 1), "phone").changed
    clock.to(12)
    live.pause_clock(False, check=anyone)
    assert live.undo("phone").changed
    assert store.get(game_id).record["clock"]["pauses"] == [{"from": at(10), "to": at(12)}]


def test_a_restarted_server_reads_the_same_clock(tmp_path, clock):
    first = GameStore(tmp_path / "data")
    game_id = new_game(first)
    clock.to(10)
    GameHub(first).open(game_id).pause_clock(True, check=anyone)
    first.close()
    again = GameStore(tmp_path / "data")  # the server started again
    try:
        clock.to(50)
        live = GameHub(again).open(game_id)
        assert game_clock.read(live.record).paused and game_clock.read(live.record).played(clock.now) == timedelta(minutes=10)
        assert live.pause_clock(False, check=anyone).changed
    finally:
        again.close()


def test_a_clock_set_back_never_runs_the_clock_backwards(store, clock):
    hub = GameHub(store)
    game_id = new_game(store)
    clock.to(10)
    hub.open(game_id).pause_clock(True, check=anyone)
    clock.to(5)  # the server's clock was set back meanwhile
    hub.open(game_id).pause_clock(False, check=anyone)
    assert store.get(game_id).record["clock"]["pauses"] == [{"from": at(10), "to": at(10)}]  # valid: never before the pause


def test_older_records_keep_their_duration_and_imports_carry_the_clock(store):
    store.add_finished([{**LOST_CITIES, "id": "old", "played_at": T0}])
    assert durations.minutes(store.get("old")) is None  # imported without a clock: unknown, as before
    clocked = {"started": T0, "pauses": [{"from": at(10), "to": at(30)}], "stopped": at(62)}
    exported = file_formats.export_json([finished_with(store, clocked)])
    (record,) = file_formats.read_import(exported, "games.json")
    assert record["clock"] == clocked
    store.add_finished([{**record, "id": "round-trip"}])
    assert durations.minutes(store.get("round-trip")) == 42
    assert file_formats.bgstats_play(store.get("round-trip"))["durationMin"] == 42


def finished_with(store, clock: dict):
    store.add_finished([{**LOST_CITIES, "id": "clocked", "played_at": T0, "clock": clock}])
    return store.get("clocked")


@pytest.mark.parametrize(
    "clock, fault",
    [
        ({"started": "1969-12-31T23:00:00+00:00"}, "clock › started '1969-12-31T23:00:00+00:00' is not between the years 1970 and 9999"),
        ({"started": T0, "stopped": "2091-01-01T00:00:00+00:00"}, "clock › stopped '2091-01-01T00:00:00+00:00' is in the future"),
        ({"started": T0}, "clock: a finished game's clock has stopped, and this one has no 'stopped'"),  # it would keep growing
        ({"started": T0, "pauses": [{"from": at(10)}]}, "clock: a finished game's clock has stopped"),  # paused, never stopped
        (
            {"started": "1970-01-01T00:00:00+00:00", "stopped": at(60)},
            "clock › started: '1970-01-01T00:00:00+00:00' is more than 36 hours from played_at",
        ),
        ({"started": "2021-03-01T19:00:00+00:00", "stopped": at(60)}, "clock › started: '2021-03-01T19:00:00+00:00' is more than 36 hours"),
    ],
    ids=["before 1970", "stops in the future", "still running", "still paused", "started in 1970", "five years before"],
)
def test_an_import_with_a_damaged_clock_is_refused_and_nothing_is_stored(store, clock, fault):
    data = json.dumps([{**LOST_CITIES, "id": "bad", "played_at": T0, "clock": clock}])
    with pytest.raises(ValueError) as refused:
        file_formats.read_import(data, "games.json")  # what the import screen says before it asks
    assert fault in str(refused.value)
    with pytest.raises(ValueError) as refused:
        store.add_finished(json.loads(data))  # and the store, whoever calls it
    assert fault in str(refused.value)
    assert store.get("bad") is None
