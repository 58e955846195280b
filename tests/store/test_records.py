"""Records and personal bests (services/records.py): each kind, the announcements a game makes, and
the records after an edit or a delete in a real store."""

import pytest

from companion.data.store import GameStore
from companion.services import records
from companion.services.live import GameHub

CARDS = {0: [], 5: [7, 8, 10], 20: [4, 5, 6, 7, 8, 10]}  # points of one expedition → its cards (sum − 20)


def lc(ana: list[int], ben: list[int], when: str, game_id: str) -> dict:
    """Lost Cities, one round per pair of points: Ana scores hers with red, Ben his with blue."""
    body = [
        {"Ana": {"red": {"cards": CARDS[a]}} if CARDS[a] else {}, "Ben": {"blue": {"cards": CARDS[b]}} if CARDS[b] else {}}
        for a, b in zip(ana, ben, strict=True)
    ]
    variant = {"rounds": len(body)}
    return {"game": "lost-cities", "players": ["Ana", "Ben"], "variant": variant, "rounds": body, "id": game_id, "played_at": when}


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


def plays(store):
    return [records.play_of(g) for g in store.finished()]


def test_each_kind_and_what_the_third_game_announces(store):
    store.add_finished(
        [
            lc([5], [0], "2026-11-01T20:00:00+00:00", "g1"),  # Ana 5, Ben 0: Ana wins by 5
            lc([20], [5], "2026-11-02T20:00:00+00:00", "g2"),  # Ana 20, Ben 5: by 15, streak 2
            lc([5], [20], "2026-11-03T20:00:00+00:00", "g3"),  # Ben 20 wins by 15: Ben's best
        ]
    )
    ana = records.player_records(plays(store), "Ana")[("lost-cities", "")]
    assert {k: (b.value, b.game_id) for k, b in ana.items()} == {
        "score": (20, "g2"),
        "streak": (2, "g2"),
        "margin": (15, "g2"),
    }
    said = records.set_by(plays(store), "g2")
    assert [a.text for a in said] == [
        "Ana's best Lost Cities score: 20",
        "Ana's longest Lost Cities winning streak: 2 wins",
        "Ana's largest Lost Cities win: by 15 points",
        "Ben's best Lost Cities score: 5",
    ]
    # Ben's first win: his best score, and a largest win where he had none; a streak of 1 is no news
    assert [a.text for a in records.set_by(plays(store), "g3")] == [
        "Ben's best Lost Cities score: 20",
        "Ben's largest Lost Cities win: by 15 points",
    ]
    assert records.set_by(plays(store), "g1") == []  # a first game sets no record


def test_equalling_a_record_is_not_a_new_one(store):
    store.add_finished([lc([20], [0], "2026-11-01T20:00:00+00:00", "g1"), lc([20], [5], "2026-11-02T20:00:00+00:00", "g2")])
    said = {(a.player, a.kind) for a in records.set_by(plays(store), "g2")}
    assert ("Ana", "score") not in said and ("Ana", "streak") in said
    assert records.player_records(plays(store), "Ana")[("lost-cities", "")]["score"].game_id == "g1"


def test_records_follow_an_edit_and_a_delete(store):
    hub = GameHub(store)
    store.add_finished(
        [
            lc([5], [0], "2026-11-01T20:00:00+00:00", "g1"),
            lc([20], [0], "2026-11-02T20:00:00+00:00", "g2"),
            lc([5], [0], "2026-11-03T20:00:00+00:00", "g3"),
        ]
    )
    assert records.player_records(plays(store), "Ana")[("lost-cities", "")]["score"].value == 20
    assert records.player_records(plays(store), "Ana")[("lost-cities", "")]["streak"].value == 3
    # an edit: g2 becomes a loss for Ana (Ben 20, Ana 5): her best drops to 5, her streak to 1
    live = hub.open("g2")
    edited = lc([5], [20], "2026-11-02T20:00:00+00:00", "g2")
    store.save_edit("g2", edited, live.draft)
    hub.finish("g2")
    ana = records.player_records(plays(store), "Ana")[("lost-cities", "")]
    assert (ana["score"].value, ana["score"].game_id, ana["streak"].value) == (5, "g1", 1)
    assert records.player_records(plays(store), "Ben")[("lost-cities", "")]["margin"].value == 15
    # a delete: Ben's only win goes, and his largest win with it
    store.delete("g2")
    assert "margin" not in records.player_records(plays(store), "Ben")[("lost-cities", "")]
    assert records.player_records(plays(store), "Ana")[("lost-cities", "")]["streak"].value == 2


def test_a_shared_first_place_is_a_win_by_nothing():
    play = records.Play("x", ("cgt", ""), (0.0, "x"), "2026-11-01", ("A", "B"), {"A": 6, "B": 6}, frozenset({"A", "B"}), ())
    assert records.margin(play, "A") is None
    book = records.bests([play])
    assert book[("A", ("cgt", ""))]["streak"].value == 1 and "margin" not in book[("A", ("cgt", ""))]
    assert "round" not in book[("A", ("cgt", ""))]  # a game scored once has no rounds


def test_a_game_in_progress_is_announced_against_the_history(store):
    store.add_finished([lc([5], [0], "2026-11-01T20:00:00+00:00", "g1")])
    live = store.create(lc([20], [0], "2026-11-02T20:00:00+00:00", "g2"))
    said = records.set_by([*plays(store), records.play_of(live)], "g2")
    assert "Ana's best Lost Cities score: 20" in [a.text for a in said]


def test_the_best_round_of_games_of_three_rounds(store):
    store.add_finished(
        [
            lc([5, 0, 5], [0, 0, 0], "2026-11-01T20:00:00+00:00", "g1"),  # Ana 10 (best round 5), wins by 10
            lc([0, 20, 0], [5, 5, 5], "2026-11-02T20:00:00+00:00", "g2"),  # Ana 20 (round 20) beats Ben 15 by 5
            lc([20, 0, 0], [0, 0, 0], "2026-11-03T20:00:00+00:00", "g3"),  # Ana 20 again (equalled), wins by 20
        ]
    )
    ana = records.player_records(plays(store), "Ana")[("lost-cities", "")]
    assert (ana["round"].value, ana["round"].game_id) == (20, "g2")
    assert [a.text for a in records.set_by(plays(store), "g2")] == [
        "Ana's best Lost Cities score: 20",
        "Ana's best Lost Cities round: 20",
        "Ana's longest Lost Cities winning streak: 2 wins",  # a win by 5 is no record after one by 10
        "Ben's best Lost Cities score: 15",
        "Ben's best Lost Cities round: 5",
    ]
    assert [a.kind for a in records.set_by(plays(store), "g3")] == ["streak", "margin"]  # score and round only equalled


def test_an_edit_within_the_same_second_changes_the_best_round(store):
    hub = GameHub(store)
    store.add_finished(
        [lc([5, 0, 0], [0, 0, 0], "2026-11-01T20:00:00+00:00", "g1"), lc([20, 0, 0], [0, 0, 0], "2026-11-02T20:00:00+00:00", "g2")]
    )
    assert records.player_records(plays(store), "Ana")[("lost-cities", "")]["round"].value == 20
    live = hub.open("g2")  # at once: the saved game's modified_at may well be this very second
    store.save_edit("g2", lc([5, 5, 0], [0, 0, 0], "2026-11-02T20:00:00+00:00", "g2"), live.draft)
    hub.finish("g2")
    assert records.player_records(plays(store), "Ana")[("lost-cities", "")]["round"].value == 5
