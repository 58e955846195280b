"""Each game keeps when it started (the record's played_at, set on creation) and when it was first
saved as finished (finished_at): the results screen shows the duration and BG Stats gets durationMin."""

import json
from datetime import datetime, timedelta

import flet as ft

from companion.data.store import StoredGame
from companion.services import durations, file_formats

TIED = {
    "format": 1,
    "game": "cgt",
    "players": ["Ana", "Ben"],
    "variant": {"first_player_penalty": 0},
    "final": {"meta": {"9": 3, "8": 2}, "collections": {"Ana": {"9": 2}, "Ben": {"8": 3}}},
}


def stored(played_at: str, finished_at: str | None) -> StoredGame:
    record = {"format": 1, "game": "lost-cities", "players": ["Ana", "Ben"], "played_at": played_at}
    return StoredGame(id="g", record=record, status="finished", modified_at=played_at, finished_at=finished_at)


def test_minutes_between_start_and_finish():
    assert durations.minutes(stored("2026-04-03T20:00:00+02:00", "2026-04-03T18:47:40+00:00")) == 48
    assert durations.minutes(stored("2026-04-03T20:00:00+00:00", "2026-04-03T20:00:20+00:00")) == 1  # never 0


def test_unknown_durations_stay_unknown():
    assert durations.minutes(stored("2026-04-03T20:00:00+00:00", None)) is None  # not finished
    assert durations.minutes(stored("2026-04-03T20:00:00+00:00", "2026-04-03T20:00:00+00:00")) is None  # imported
    assert durations.minutes(stored("2026-04-03T20:00:00+00:00", "2026-04-03T19:00:00+00:00")) is None  # clock back
    assert durations.minutes(stored("2026-04-03T20:00:00+00:00", "2026-04-04T20:00:00+00:00")) is None  # left open
    assert durations.minutes(stored("2026-04-03T20:00:00+00:00", "yesterday")) is None
    assert durations.minutes({"played_at": "2026-04-03T20:00:00+00:00"}) is None  # a plain record


def test_in_words():
    assert [durations.in_words(m) for m in (None, 1, 59, 60, 65, 125)] == [None, "1 min", "59 min", "1 h", "1 h 5 min", "2 h 5 min"]


def test_a_game_played_here_shows_and_exports_its_duration(open_app, store):
    started = (datetime.now().astimezone() - timedelta(minutes=37, seconds=10)).isoformat()
    game = store.create({**TIED, "played_at": started})  # created 37 minutes ago
    store.finish(game.id)  # saved now
    h = open_app(f"/history/{game.id}")
    texts = [c.value for c in h.find_all(ft.Text) if isinstance(c.value, str)]
    assert any(t.endswith(" · 37 min") for t in texts), texts
    (copy,) = h.buttons("Copy result")
    assert copy.action.data.splitlines()[0].endswith(" · 37 min")
    play = file_formats.bgstats_play(store.get(game.id))
    assert play["durationMin"] == 37
    h.conn.method_results["save_file"] = "/downloads/x.json"
    h.tap("Export for BG Stats")
    h.settle()
    _, args = next((n, a) for n, a in h.conn.invoked if n == "save_file")
    assert json.loads(bytes(args["src_bytes"]).decode())["durationMin"] == 37


def test_an_edit_keeps_the_first_finish(open_app, store):
    started = (datetime.now().astimezone() - timedelta(minutes=50)).isoformat()
    game = store.create({**TIED, "played_at": started})
    first = store.finish(game.id).finished_at
    store.edit_copy(game.id)
    assert store.replace_finished(game.id).finished_at == first


def test_an_imported_game_has_no_duration(store):
    store.add_finished([{**TIED, "id": "imp", "played_at": "2026-04-03T20:00:00"}])
    assert durations.minutes(store.get("imp")) is None
    assert "durationMin" not in file_formats.bgstats_play(store.get("imp"))
