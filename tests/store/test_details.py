"""Location and notes (services/game_details.py) saved through the hub: a game in progress, its undo,
a saved game (one atomic swap), an edit copy (kept or dropped with the edit), and export/import."""

import json

import pytest

from companion.data.store import FINISHED, GameStore
from companion.services import file_formats, game_details
from companion.services.live import GameHub, anyone
from scoring.lost_cities import AddCard

from .test_store import LOST_CITIES


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


def test_cleaning_trims_and_leaves_empty_details_out():
    record = {**LOST_CITIES, "location": "old", "notes": "old"}
    out = game_details.with_details(record, "  Café\n  Nord ", "\n line one\nline two  ")
    assert out["location"] == "Café Nord" and out["notes"] == "line one\nline two"
    assert "location" not in game_details.with_details(record, "   ", "x") and "notes" not in game_details.with_details(record, "x", "")
    assert len(game_details.with_details(record, "x" * 500, "y" * 5000)["notes"]) == game_details.MAX_NOTES
    assert record["location"] == "old"  # a copy


def test_details_saved_through_the_hub_lose_bidi_controls_and_invisible_characters(store):
    """Issue 61: a location and notes lose what a player's name loses (scoring/names.py), and the store
    refuses a new game that still holds them (as an import would be)."""
    hub = GameHub(store)
    game = store.create(dict(LOST_CITIES))
    assert hub.set_details(game.id, "Caf\u202eé \u2066Nord\u2069", "\u200fclose\u200e one\u200b", check=anyone).changed
    record = store.get(game.id).record
    assert (record["location"], record["notes"]) == ("Café Nord", "close one")
    assert not hub.set_details(game.id, "Café Nord\u200b", "close one", check=anyone).changed  # the same, once cleaned
    with pytest.raises(ValueError, match=r"location: it holds a control character \(U\+202E\)"):
        store.create({**LOST_CITIES, "location": "Caf\u202eé"})


def test_details_of_a_game_in_progress_survive_an_undo(store):
    hub = GameHub(store)
    game = store.create(dict(LOST_CITIES))
    live = hub.open(game.id)
    assert live.act(AddCard("Mia", "white", 5, 1), "host").changed
    assert hub.set_details(game.id, "Kitchen", "close one", check=anyone).changed
    assert store.get(game.id).record["location"] == "Kitchen"
    assert live.undo("host").changed  # the card goes, the details stay
    after = store.get(game.id).record
    assert (after["location"], after["notes"]) == ("Kitchen", "close one")
    assert "white" not in after["rounds"][0]["Mia"]
    assert not hub.set_details(game.id, " Kitchen ", "close one", check=anyone).changed  # nothing new


def test_a_saved_game_takes_its_details_in_one_swap_keeping_when_it_finished(store):
    hub = GameHub(store)
    game = store.create(dict(LOST_CITIES))
    saved = hub.finish(game.id)
    assert hub.set_details(game.id, "Club", "", check=anyone).changed
    now = store.get(game.id)
    assert now.status == FINISHED and now.record["location"] == "Club" and "notes" not in now.record
    assert now.finished_at == saved.finished_at and store.editing(game.id) is None
    assert hub.set_details(game.id, "", "", check=anyone).changed
    assert "location" not in store.get(game.id).record


@pytest.mark.parametrize("keep", [True, False])
def test_details_on_an_edit_copy_follow_the_edit(store, keep):
    hub = GameHub(store)
    game = store.create({**LOST_CITIES, "location": "Home"})
    hub.finish(game.id)
    hub.open(game.id)  # Edit: the copy
    assert hub.set_details(game.id, "Club", "rematch owed", check=anyone).changed
    assert store.get(game.id).record["location"] == "Home"  # the saved game is unchanged meanwhile
    if keep:
        hub.finish(game.id)
        assert store.get(game.id).record["location"] == "Club"
    else:
        hub.cancel_edit(game.id)
        assert store.get(game.id).record["location"] == "Home" and "notes" not in store.get(game.id).record


def test_details_round_trip_through_json_export_and_import(store, tmp_path):
    hub = GameHub(store)
    game = store.create(dict(LOST_CITIES))
    hub.finish(game.id)
    hub.set_details(game.id, 'Café "Nord", upstairs', "=1+1 is not a formula\nsecond line", check=anyone)
    text = file_formats.export_json(store.finished())
    other = GameStore(tmp_path / "other")
    try:
        added, _ = other.add_finished(file_formats.read_import(text, "export.json"))
        assert added == 1
        back = other.get(game.id).record
        assert (back["location"], back["notes"]) == ('Café "Nord", upstairs', "=1+1 is not a formula\nsecond line")
        assert json.loads(text)["games"][0]["location"] == back["location"]
    finally:
        other.close()


def test_details_in_the_csv_export_are_cells_a_spreadsheet_shows_as_text(store):
    import csv
    import io

    hub = GameHub(store)
    game = store.create(dict(LOST_CITIES))
    hub.finish(game.id)
    hub.set_details(game.id, "@home", "-5 for Noah, again\nnext time: purple", check=anyone)
    rows = list(csv.DictReader(io.StringIO(file_formats.export_csv(store.finished()))))
    assert [(r["player"], r["location"], r["notes"]) for r in rows] == [
        ("Mia", "'@home", "'-5 for Noah, again\nnext time: purple"),
        ("Noah", "'@home", "'-5 for Noah, again\nnext time: purple"),
    ]
