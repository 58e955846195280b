"""The store against real TinyDB files in a temporary folder."""

import json

import pytest

import scoring
from companion.data.store import FINISHED, IN_PROGRESS, GameStore, StoreLocked

LOST_CITIES = {
    "game": "lost-cities",
    "players": ["Mia", "Noah"],
    "variant": {"rounds": 1},
    "rounds": [{"Mia": {"red": {"cards": [4, 9]}}, "Noah": {"blue": {"cards": [10]}}}],
}


def cgt(lea_cards: int, played_at: str, game_id: str | None = None) -> dict:
    record = {
        "game": "cgt",
        "players": ["Lea", "Max"],
        "variant": {"first_player_penalty": 1},
        "final": {"meta": {"5": 1}, "collections": {"Lea": {"5": lea_cards}, "Max": {"5": 1}}},
        "played_at": played_at,
    }
    if game_id:
        record["id"] = game_id
    return record


@pytest.fixture
def folder(tmp_path):
    return tmp_path / "data"


@pytest.fixture
def store(folder):
    s = GameStore(folder)
    yield s
    s.close()


def snapshot(folder):
    return {p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*.json"))}


def test_a_game_goes_from_in_progress_to_the_history(store, folder):
    game = store.create(LOST_CITIES)
    assert game.status == IN_PROGRESS and game.record["id"] == game.id and "played_at" in game.record
    assert [g.id for g in store.in_progress()] == [game.id]
    finished = store.finish(game.id)
    assert finished.status == FINISHED
    assert finished.summary["totals"] == {"Mia": -7, "Noah": -10} and finished.summary["winners"] == ["Mia"]
    assert store.in_progress() == []
    month = game.record["played_at"][:7]
    assert (folder / "history" / f"{month}.json").exists()
    store.close()
    reopened = GameStore(folder)
    try:
        assert reopened.get(game.id).record == finished.record
        assert reopened.finished()[0].summary == finished.summary
    finally:
        reopened.close()


def test_save_progress_refuses_an_invalid_record_and_keeps_the_file(store, folder):
    game = store.create(LOST_CITIES)
    before = snapshot(folder)
    bad = json.loads(json.dumps(game.record))
    bad["rounds"][0]["Noah"]["red"] = {"cards": [9]}  # Mia holds red 9
    with pytest.raises(scoring.RecordError, match="Noah › red: 9 is also on Mia's tableau"):
        store.save_progress(game.id, bad)
    assert snapshot(folder) == before


def test_a_second_process_on_the_same_folder_is_refused(store, folder):
    with pytest.raises(StoreLocked, match="another Tableside process"):
        GameStore(folder)


def test_delete_and_restore(store):
    finished = store.finish(store.create(LOST_CITIES).id)
    removed = store.delete(finished.id)
    assert store.finished() == []
    game = finished
    assert store.get(game.id) is None
    store.restore(removed)
    assert store.get(game.id) == finished


def test_history_is_newest_first_and_filters(store):
    store.add_finished([cgt(1, "2026-01-05T20:00:00"), cgt(2, "2026-03-01T20:00:00"), {**LOST_CITIES, "played_at": "2026-02-10T19:00:00"}])
    assert [g.played_at[:10] for g in store.finished()] == ["2026-03-01", "2026-02-10", "2026-01-05"]
    assert [g.game for g in store.finished(game="lost-cities")] == ["lost-cities"]
    assert len(store.finished(player="Lea")) == 2
    assert [g.played_at[:10] for g in store.finished(since="2026-02-01", until="2026-02-28")] == ["2026-02-10"]
    assert [g.played_at[:10] for g in store.finished(limit=1, offset=1)] == ["2026-02-10"]


def test_finished_games_are_kept_one_file_per_month(store, folder):
    store.add_finished([cgt(1, "2026-01-05T20:00:00"), cgt(2, "2026-03-01T20:00:00")])
    assert sorted(p.name for p in (folder / "history").iterdir()) == ["2026-01.json", "2026-03.json"]


def test_add_finished_skips_ids_already_stored(store):
    assert store.add_finished([cgt(1, "2026-01-05T20:00:00", "a"), cgt(2, "2026-01-06T20:00:00", "b")]) == (2, 0)
    assert store.add_finished([cgt(1, "2026-01-05T20:00:00", "a"), cgt(3, "2026-01-07T20:00:00", "c")]) == (1, 1)
    assert len(store.finished()) == 3


def test_add_finished_with_an_invalid_record_stores_nothing(store, folder):
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "a")])
    before = snapshot(folder)
    with pytest.raises(scoring.RecordError):
        store.add_finished([cgt(2, "2026-01-06T20:00:00", "b"), cgt(9, "2026-01-07T20:00:00", "c")])  # 10 type-5 cards
    assert snapshot(folder) == before
    assert [g.id for g in store.finished()] == ["a"]


def test_rename_follows_the_history_and_merge_refuses_two_people(store):
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "a")])
    live = store.create({**LOST_CITIES, "players": ["Lea", "Noah"], "rounds": [{"Lea": {"red": {"cards": [4]}}, "Noah": {}}]})
    assert store.rename_player("Lea", "Leah") == 2
    assert store.get("a").players == ["Leah", "Max"]
    assert store.get("a").record["final"]["collections"]["Leah"] == {"5": 1}
    assert store.get("a").summary["totals"]["Leah"] == 0  # 1 card × value 1 − penalty 1
    assert store.get(live.id).record["rounds"][0]["Leah"] == {"red": {"cards": [4]}}
    with pytest.raises(ValueError, match="two people"):
        store.rename_player("Leah", "Max")
    assert "Leah" in store.players() and "Lea" not in store.players()


def test_the_schema_version_is_stored_and_a_newer_one_refused(store, folder):
    assert store.schema_version == 1
    store.live.table("meta").update({"schema": 99}, doc_ids=[1])
    store.close()
    with pytest.raises(RuntimeError, match="newer Tableside"):
        GameStore(folder)


def test_a_players_phone_changes_only_that_players_cards(store):
    from companion.services.live import NOT_YOURS, GameHub
    from scoring import NextRound
    from scoring.lost_cities import AddCard

    game = store.create({**LOST_CITIES, "variant": {"rounds": 3}})
    live = GameHub(store).open(game.id)
    assert live.act(AddCard("Mia", "red", 2, 1), who="Mia", seat="Mia").changed
    refused = live.act(AddCard("Noah", "blue", 2, 1), who="Mia", seat="Mia")
    assert (refused.changed, refused.message) == (False, NOT_YOURS)
    assert live.act(NextRound(), who="Mia", seat="Mia").message == NOT_YOURS  # the table's: the host's
    assert live.act(AddCard("Noah", "blue", 2, 1), who="host").changed
    assert store.get(game.id).record["rounds"] == [{"Mia": {"red": {"cards": [2, 4, 9]}}, "Noah": {"blue": {"cards": [2, 10]}}}]


def test_an_import_draws_a_random_id_only_for_a_game_without_one(store, monkeypatch):
    """uuid4 reads os.urandom, a system call: one per game in the import's worker thread let it take
    Python's lock back before the event loop's thread could, and every tap waited for the whole import."""
    import uuid

    drawn = []
    real = uuid.uuid4
    monkeypatch.setattr(uuid, "uuid4", lambda: drawn.append(1) or real())
    no_id = {k: v for k, v in cgt(3, "2026-01-07T20:00:00").items() if k != "id"}
    assert store.add_finished([cgt(1, "2026-01-05T20:00:00", "a"), cgt(2, "2026-01-06T20:00:00", "b"), no_id]) == (3, 0)
    assert len(drawn) == 1


def test_an_import_skips_an_id_a_game_in_progress_holds(store):
    playing = store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}))
    assert store.add_finished([cgt(1, "2026-01-05T20:00:00", playing.id), cgt(2, "2026-01-06T20:00:00", "b")]) == (1, 1)
    assert store.get(playing.id).status == IN_PROGRESS
