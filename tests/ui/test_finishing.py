"""Finishing is explicit and safe: leaving the Results of a complete, unsaved game asks (Save to
history / Keep editing / Discard); Home marks such a game with a one-tap Save (browserless)."""

import flet as ft
import pytest

import scoring
from companion.services.completion import complete

from .harness import walk

DONE = {  # CGT is scored once at the end: something entered and it is decided
    "format": 1,
    "game": "cgt",
    "players": ["Ana", "Ben"],
    "variant": {"first_player_penalty": 0},
    "final": {"meta": {"9": 3, "8": 2}, "collections": {"Ana": {"9": 2}, "Ben": {"8": 3}}},
}


def dialog(h) -> ft.AlertDialog | None:
    found = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    return found[-1] if found else None


def answer(h, label: str) -> None:
    (button,) = [b for b in walk(dialog(h).actions) if isinstance(b, (ft.TextButton, ft.FilledButton)) and b.content == label]
    h.click(button)


def lost_cities_one_round_of_three() -> dict:
    record = scoring.new_record("lost-cities", ["Ana", "Ben"])
    record["rounds"] = [{"Ana": {"yellow": {"investments": 0, "cards": [2, 3, 4]}}, "Ben": {}}]
    return record


def test_what_is_complete(store):
    assert complete(store.create(DONE))
    assert not complete(store.create(scoring.new_record("cgt", ["Ana", "Ben"])))  # nothing entered
    assert not complete(store.create(lost_cities_one_round_of_three()))  # two rounds to go


@pytest.mark.parametrize(
    ("choice", "route", "saved", "kept"),
    [("Save to history", "/", True, False), ("Keep editing", "/play/{id}", False, True), ("Discard", "/", False, False)],
)
def test_leaving_the_results_of_a_complete_game_asks(open_app, store, choice, route, saved, kept):
    game_id = store.create(DONE).id
    h = open_app(f"/results/{game_id}")
    h.tap("Back")
    assert h.page.route == f"/results/{game_id}"  # not gone yet: asked first
    asked = dialog(h)
    assert asked is not None and asked.title.value == "Save this game?"
    answer(h, choice)
    assert dialog(h) is None
    assert h.page.route == route.format(id=game_id)
    assert (game_id in [g.id for g in store.finished()]) is saved
    assert (store.get(game_id) is not None and store.get(game_id).status == "in_progress") is kept
    assert not h.conn.errors


def test_the_systems_back_asks_too_and_an_unfinished_game_just_goes(open_app, store):
    game_id = store.create(DONE).id
    h = open_app(f"/results/{game_id}")
    assert h.top_view().can_pop is False  # a phone's Back gesture asks first (on_confirm_pop)
    unfinished = store.create(lost_cities_one_round_of_three()).id
    h = open_app(f"/results/{unfinished}")
    assert h.top_view().can_pop is True
    h.tap("Back")
    assert h.page.route == "/" and dialog(h) is None


def test_home_marks_a_complete_unsaved_game_with_a_one_tap_save(open_app, store):
    game_id = store.create(DONE).id
    store.create(lost_cities_one_round_of_three())
    h = open_app("/")
    shown = [t.value for t in h.find_all(ft.Text)]
    assert shown.count("Complete, not saved") == 1
    h.tap("Save")
    assert game_id in [g.id for g in store.finished()]
    assert "Complete, not saved" not in [t.value for t in h.find_all(ft.Text)]
    assert not h.conn.errors
