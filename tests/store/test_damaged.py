"""A stored record that no longer scores is set aside on its own; everything else keeps working
(issue 12, item 4). One such record in each kind of stored file: live.json and a month file."""

import json

import pytest

from companion.data.store import GameStore
from companion.services import file_formats, history_figures

from .test_store import LOST_CITIES, cgt


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


def corrupt(path, game_id, change):
    """Change one stored entry's record in place, as a bad edit by hand or a bad disk block would."""
    data = json.loads(path.read_text())
    for table in data.values():
        for doc in table.values():
            if doc.get("id") == game_id:
                change(doc["record"])
    path.write_text(json.dumps(data))


def card_eleven(record):
    record["rounds"][0]["Mia"]["red"]["cards"].append(11)  # valid JSON, not a valid Lost Cities card


def test_a_month_file_record_that_no_longer_scores_is_set_aside_and_the_rest_works(folder, tmp_path):
    store = GameStore(folder)
    store.add_finished(
        [
            {**LOST_CITIES, "id": "bad", "played_at": "2026-01-04T20:00:00"},
            cgt(1, "2026-01-05T20:00:00", "good1"),
            cgt(2, "2026-02-05T20:00:00", "good2"),
        ]
    )
    store.close()
    corrupt(folder / "history/2026-01.json", "bad", card_eleven)
    store = GameStore(folder)
    try:
        assert sorted(g.id for g in store.finished()) == ["good1", "good2"]
        [damaged] = store.damaged()
        assert damaged.id == "bad" and damaged.file == "history/2026-01.json" and "11" in damaged.reason
        assert any("set aside" in m and "bad" in m for m in store.recovered)
        assert history_figures.player_stats(store.finished(), "Lea")  # statistics work
        exported = file_formats.export_json(store.finished())
        file_formats.export_csv(store.finished())
        file_formats.bgstats_play(store.get("good1"))
        raw = json.loads(file_formats.export_damaged(store.damaged()))["damaged"]
        assert raw[0]["entry"]["record"]["rounds"][0]["Mia"]["red"]["cards"][-1] == 11  # kept exactly as stored
        assert '"bad"' not in (folder / "history/2026-01.json").read_text()  # out of its month file...
        assert '"bad"' in (folder / "damaged.json").read_text()  # ...and kept on its own
        store.add_finished([cgt(1, "2026-01-06T20:00:00", "later")])  # the month file is still written to
    finally:
        store.close()
    fresh = GameStore(tmp_path / "fresh")  # the export imports
    try:
        assert fresh.add_finished(file_formats.read_import(exported, "export.json")) == (2, 0)
    finally:
        fresh.close()
    again = GameStore(folder)  # the next start finds nothing new and lists it once
    try:
        assert len(again.damaged()) == 1 and again.recovered == [] and len(again.finished()) == 3
    finally:
        again.close()


def test_a_game_in_progress_in_live_json_that_no_longer_parses_is_set_aside(folder):
    store = GameStore(folder)
    store.create({**LOST_CITIES, "id": "bad"})
    store.create({**LOST_CITIES, "id": "fine"})
    store.set_setting("access.pin", "hash")
    store.close()
    corrupt(folder / "live.json", "bad", card_eleven)
    store = GameStore(folder)
    try:
        assert [g.id for g in store.in_progress()] == ["fine"] and store.get("bad") is None
        assert [d.id for d in store.damaged()] == ["bad"] and store.damaged()[0].file == "live.json"
        assert store.setting("access.pin") == "hash"  # the rest of live.json is untouched
    finally:
        store.close()


def test_an_edit_copy_that_no_longer_parses_is_set_aside_and_the_saved_game_stays(folder):
    store = GameStore(folder)
    store.add_finished([{**LOST_CITIES, "id": "g", "played_at": "2026-01-04T20:00:00"}])
    store.edit_copy("g")
    store.close()
    corrupt(folder / "live.json", "g", card_eleven)  # only the copy lives in live.json
    store = GameStore(folder)
    try:
        assert store.editing("g") is None and store.get("g") is not None
        assert store.damaged()[0].entry["status"] == "editing"
    finally:
        store.close()


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda r: r.update(played_at="yesterday"), "not an ISO 8601 date"),
        (lambda r: r.update(id=""), "id"),
        (lambda r: r["players"].append("Zoe"), "2 players, not 3"),
        # issue 39: what older imports let in, and Setup never stores (data/details.py)
        (lambda r: r.update(location="x" * 100_000), "location: it is 100,000 characters long (at most 100)"),
        (lambda r: r.update(notes="n" * 1_000_000), "notes: it is 1,000,000 characters long (at most 1,000)"),
        (lambda r: r.update(notes="a\x00b"), "notes: it holds a control character (U+0000)"),
        (lambda r: r.update(location="\x1b[2J"), "location: it holds a control character (U+001B)"),
        (lambda r: r.update(played_at="9999-12-31T22:00:00"), "too near the end of the year 9999 to be read in every time zone"),
    ],
)
def test_other_unusable_records_are_set_aside_with_their_reason(folder, change, words):
    store = GameStore(folder)
    store.add_finished([{**LOST_CITIES, "id": "bad", "played_at": "2026-01-04T20:00:00"}, cgt(1, "2026-01-05T20:00:00", "ok")])
    store.close()
    corrupt(folder / "history/2026-01.json", "bad", change)
    store = GameStore(folder)
    try:
        assert [g.id for g in store.finished()] == ["ok"] and words in store.damaged()[0].reason
    finally:
        store.close()


@pytest.mark.parametrize(
    "change",
    [
        lambda r: r.update(location=" Café  Nord\n"),  # Setup would have trimmed it: kept all the same
        lambda r: r.update(notes="line\r\nbreak\twith tab "),
        lambda r: r.update(played_at="2062-05-01T20:00:00+00:00"),  # a typo, but a date every zone reads
        lambda r: r.update(players=["Mia\u200b", "Noah"], rounds=[{"Mia\u200b": r["rounds"][0]["Mia"], "Noah": {}}]),
    ],
)
def test_what_only_an_import_refuses_stays_usable_when_already_stored(folder, change):
    """Start-up holds a stored record to the limits only: a game an older import let in is still a game."""
    store = GameStore(folder)
    store.add_finished([{**LOST_CITIES, "id": "old", "played_at": "2026-01-04T20:00:00"}])
    store.close()
    corrupt(folder / "history/2026-01.json", "old", change)
    store = GameStore(folder)
    try:
        assert [g.id for g in store.finished()] == ["old"] and store.damaged() == []
    finally:
        store.close()
