"""Editing a saved game never takes it out of the history (issue 12, item 1)."""

import pytest

from companion.data.checks import with_offset
from companion.data.store import EDITING, FINISHED, GameStore
from companion.services import file_formats, history_figures
from companion.services.live import GameHub
from scoring.cgt import AdjustCollection

from .test_store import cgt


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def store(folder):
    s = GameStore(folder)
    s.add_finished(
        [cgt(1 + n % 3, f"2026-0{1 + n % 2}-0{1 + n}T20:00:00", f"g{n}") for n in range(1, 8)] + [cgt(2, "2026-01-09T20:00:00", "edited")]
    )
    yield s
    s.close()


def outside_view(store):
    """What a person sees of the history: the count, the statistics, both exports."""
    finished = store.finished()
    return (
        len(finished),
        history_figures.player_stats(finished, "Lea"),
        file_formats.export_json(finished),
        file_formats.export_csv(finished),
    )


def history_bytes(folder):
    return {p.name: p.read_bytes() for p in sorted((folder / "history").glob("*.json"))}


def test_edit_then_cancel_leaves_the_saved_game_exactly_as_it_was(store, folder):
    seen, files = outside_view(store), history_bytes(folder)
    copy = store.edit_copy("edited")
    assert copy.status == EDITING and store.get("edited").status == FINISHED
    assert outside_view(store) == seen and history_bytes(folder) == files  # still in the history while edited
    store.save_edit("edited", cgt(3, "2026-01-09T20:00:00", "edited"))
    assert outside_view(store) == seen and store.in_progress() == []  # never shown as a game to resume
    assert store.edit_copy("edited").record["final"]["collections"]["Lea"] == {"5": 3}  # the same copy again
    saved = cgt(2, with_offset("2026-01-09T20:00:00"), "edited") | {"format": 1}  # imported: stored with its offset
    assert store.cancel_edit("edited").record == saved
    assert store.editing("edited") is None
    assert outside_view(store) == seen and history_bytes(folder) == files


def test_save_changes_replaces_the_saved_game_in_one_step_even_across_months(store, folder):
    count = len(store.finished())
    store.edit_copy("edited")
    store.save_edit("edited", cgt(3, "2026-02-20T20:00:00", "edited"))  # its date moves it to February
    saved = store.replace_finished("edited")
    assert saved.status == FINISHED and store.editing("edited") is None
    assert len(store.finished()) == count and [g.id for g in store.finished()].count("edited") == 1
    assert store.get("edited").record["played_at"].startswith("2026-02-20")
    store.close()
    again = GameStore(folder)
    try:
        assert len(again.finished()) == count and again.get("edited").summary["totals"]["Lea"] == 2
        stored_in = [p.name for p in (folder / "history").glob("*.json") if '"edited"' in p.read_text()]
        assert stored_in == ["2026-02.json"]
    finally:
        again.close()


def test_an_unfinished_edit_cannot_replace_the_saved_game(store):
    store.edit_copy("edited")
    unfinished = {
        "game": "lost-cities",
        "players": ["Lea", "Max"],
        "variant": {"rounds": 3},
        "rounds": [],
        "id": "edited",
        "played_at": "2026-01-09T20:00:00",
    }
    store.save_edit("edited", unfinished)
    with pytest.raises(ValueError, match="no result yet"):
        store.replace_finished("edited")
    assert store.get("edited").game == "cgt" and store.editing("edited").game == "lost-cities"


def test_an_edit_copy_survives_a_restart_and_a_delete_takes_it_too(store, folder):
    store.edit_copy("edited")
    store.save_edit("edited", cgt(3, "2026-01-09T20:00:00", "edited"))
    store.close()
    again = GameStore(folder)
    try:
        assert again.editing("edited").record["final"]["collections"]["Lea"] == {"5": 3}
        removed = again.delete("edited")
        assert again.get("edited") is None and again.editing("edited") is None
        again.restore(removed)  # undo of the delete puts the saved game back
        assert again.get("edited").record == removed.record
    finally:
        again.close()


def test_the_hub_edits_a_copy_and_back_keeps_the_game_in_the_history(store):
    hub = GameHub(store)
    seen = outside_view(store)
    live = hub.open("edited")  # what Edit does
    assert not live.finished and store.get("edited").status == FINISHED
    assert live.act(AdjustCollection("Lea", 5, 1), who="host").changed  # 2 → 3
    assert outside_view(store) == seen  # Back without saving: nothing changed in the history
    assert hub.cancel_edit("edited").record["final"]["collections"]["Lea"] == {"5": 2}
    live = hub.open("edited")
    assert live.act(AdjustCollection("Lea", 5, -1), who="host").changed  # 2 → 1
    hub.finish("edited")  # Save changes
    assert store.get("edited").record["final"]["collections"]["Lea"] == {"5": 1}
    assert len(store.finished()) == seen[0] and store.editing("edited") is None
