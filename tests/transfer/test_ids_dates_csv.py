"""Ids, dates and spreadsheet safety across import, store and export (issue 12, items 7 and 8)."""

import csv
import io
import json
import re
from datetime import UTC, datetime

import pytest

from companion.data.ids import MAX_ID_LENGTH, id_from_route, route_id
from companion.data.store import GameStore
from companion.services import file_formats

from .records import record


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


HOSTILE_IDS = ["a/b", "what?x=1", "#top", "100%", "two words", "../../etc", "%2F", "é/ü", "~x", "..", "a" * MAX_ID_LENGTH]


@pytest.mark.parametrize("game_id", HOSTILE_IDS)
def test_any_id_survives_a_route_as_one_segment(game_id):
    part = route_id(game_id)
    assert re.fullmatch(r"[A-Za-z0-9._~-]+", part) and part not in (".", "..")  # nothing a browser or Flutter decodes
    assert id_from_route(part) == game_id
    route = f"/history/{part}"
    assert [p for p in route.split("?")[0].split("/") if p] == ["history", part]


@pytest.mark.parametrize("game_id", ["0b8e6c1e-3c41-4d5e-9a4f-2f1c3b5d7e90", "lc1", "cgt-1"])
def test_plain_ids_stay_readable_in_routes(game_id):
    assert route_id(game_id) == game_id == id_from_route(game_id)


@pytest.mark.parametrize("part", ["~", "~!!", "~AAAA=="])
def test_a_route_segment_that_is_not_an_encoding_is_taken_as_it_is(part):
    assert isinstance(id_from_route(part), str)


@pytest.mark.parametrize("game_id", HOSTILE_IDS)
def test_any_id_imports_exports_and_deletes(store, game_id):
    r = {**record("lc1"), "id": game_id}
    [read] = file_formats.read_import(json.dumps([r]), "in.json")
    assert store.add_finished([read]) == (1, 0)
    assert store.get(game_id).record["id"] == game_id
    assert json.loads(file_formats.export_json(store.finished()))["games"][0]["id"] == game_id
    assert store.delete(game_id) is not None and store.get(game_id) is None


@pytest.mark.parametrize(
    "game_id, words", [("", "the id is empty"), ("x" * (MAX_ID_LENGTH + 1), "201 characters long"), (7, "the id must be text")]
)
def test_an_empty_or_overlong_id_is_refused_with_a_clear_error(store, game_id, words):
    r = {**record("lc1"), "id": game_id}
    with pytest.raises(file_formats.ImportFileError) as e:
        file_formats.read_import(json.dumps([r]), "in.json")
    assert "in.json: record 1" in str(e.value)
    if isinstance(game_id, str):
        assert words in str(e.value)
        with pytest.raises(ValueError, match=words):
            store.add_finished([r])
        with pytest.raises(ValueError, match=words):
            store.create({**r})
    assert store.finished() == []


def test_a_repeated_id_in_one_import_names_both_places():
    games = [record("lc1"), record("cg1"), {**record("bg1"), "id": "lc1"}]
    with pytest.raises(file_formats.ImportFileError) as e:
        file_formats.read_import(json.dumps(games), "in.json")
    assert str(e.value) == "in.json: record 3 (id lc1) repeats the id of record 1: two games cannot share an id"


def test_a_repeated_id_across_the_files_of_one_import_names_both_files():
    with pytest.raises(file_formats.ImportFileError) as e:
        file_formats.read_imports([("a.json", json.dumps([record("lc1")])), ("b.json", json.dumps([record("cg1"), record("lc1")]))])
    assert str(e.value).startswith("b.json: record 2 (id lc1) repeats the id of a.json: record 1")


def test_a_repeated_id_given_to_the_store_is_refused_and_nothing_stored(store):
    with pytest.raises(ValueError, match="record 2 repeats the id 'lc1' of record 1"):
        store.add_finished([record("lc1"), record("lc1")])
    assert store.finished() == []


def test_played_at_is_compared_as_a_datetime_and_dated_where_it_was_played(store):
    # 23:30 in New York on the 1st is 04:30 UTC on the 2nd; 01:00 in Berlin on the 2nd is 00:00 UTC on the 2nd.
    ny = {**record("lc1"), "id": "ny", "played_at": "2026-03-01T23:30:00-05:00"}
    berlin = {**record("cg1"), "id": "berlin", "played_at": "2026-03-02T01:00:00+01:00"}
    basic = {**record("bg1"), "id": "basic", "played_at": "20260302T200000+00:00"}  # ISO 8601 basic format
    store.add_finished([ny, berlin, basic])
    assert [g.id for g in store.finished()] == ["basic", "ny", "berlin"]  # as text "2026-03-01…" would sort last
    assert store.get("basic").played_at.startswith("2026-03-02T20:00:00")
    assert [g.id for g in store.finished(since="2026-03-02")] == ["basic", "berlin"]
    rows = list(csv.DictReader(io.StringIO(file_formats.export_csv(store.finished()))))
    assert {r["id"]: r["date"] for r in rows} == {"basic": "2026-03-02", "ny": "2026-03-01", "berlin": "2026-03-02"}
    assert (store.folder / "history" / "2026-03.json").exists() and not (store.folder / "history" / "undated.json").exists()


def test_a_played_at_without_offset_is_local_time(store):
    store.add_finished([{**record("lc1"), "played_at": "2026-03-01T20:00:00"}])
    when = store.get("lc1").when
    assert when.tzinfo is not None
    assert when == datetime(2026, 3, 1, 20, 0).astimezone()
    assert when.astimezone(UTC) == datetime(2026, 3, 1, 20, 0).astimezone().astimezone(UTC)


@pytest.mark.parametrize("name", ['=HYPERLINK("http://x")', "+1+1", "-2+3", "@SUM(A1)", "\tx", "\rx"])
def test_csv_cells_that_a_spreadsheet_would_run_are_escaped(name):
    r = record("lc1")
    r = {
        **r,
        "players": [name, "Noah"],
        "rounds": [{name: r["rounds"][0]["Mia"], "Noah": r["rounds"][0]["Noah"]}],
        "id": "=cmd|' /C calc'!A0",
    }
    rows = list(csv.reader(io.StringIO(file_formats.export_csv([r]))))
    assert rows[1][2] == "'" + name and rows[1][6] == "'=cmd|' /C calc'!A0"
    assert rows[1][3] == "-7"  # a negative score stays a number
    assert rows[2][2] == "Noah"
