"""Issue 39 item 7 and item 4 (Results): one main action on Results (Save result, with where and
notes in the same step), Rematch secondary, Delete apart from Edit; "Copied" after Copy result; Log
to BG Stats says what happens where BG Stats is not installed and points to the QR or the file."""

import flet as ft
import pytest

from companion.ui.views import game_log, results

from .harness import accessible_name, walk
from .test_results_sharing import TIED  # a CGT game, decided

PRIMARY = (ft.FilledButton, ft.FilledTonalButton)


def primary(h) -> list[str]:
    view = h.top_view()
    return [accessible_name(b) for b in walk(view.controls) if isinstance(b, PRIMARY) and b.visible is not False]


def appbar_buttons(h) -> list[str]:
    return [accessible_name(b) for b in walk(h.top_view().appbar) if isinstance(b, ft.IconButton)]


def snack(h) -> str:
    return [d for d in h.page._dialogs.controls if isinstance(d, ft.SnackBar)][-1].content.value


@pytest.mark.parametrize(
    ("where", "main", "appbar", "absent"),
    [
        ("in progress", ["Save result"], ["Back"], ["Delete", "Edit"]),
        ("saved", ["Rematch"], ["Back", "Delete"], ["Save result", "Save changes"]),
        ("editing", ["Save changes"], ["Back"], ["Delete", "Rematch"]),
    ],
)
def test_one_main_action_and_delete_apart_from_edit(open_app, store, where, main, appbar, absent):
    if where == "in progress":
        game_id = store.create(TIED).id
        h = open_app(f"/results/{game_id}")
    else:
        store.add_finished([{**TIED, "id": "g", "played_at": "2026-04-03T20:00:00"}])
        h = open_app("/history/g")
        if where == "editing":
            h.tap("Edit")
            h.tap("Results")
    assert primary(h) == main  # exactly one filled button
    assert appbar_buttons(h) == appbar  # Delete (a saved game's) stands in the app bar, away from Edit
    for name in absent:
        assert not h.buttons(name), name
    outlined = [accessible_name(b) for b in walk(h.top_view().controls) if isinstance(b, ft.OutlinedButton)]
    assert len(outlined) <= 2, outlined  # the rest (share, BG Stats) are text buttons
    assert not h.buttons("Save where and notes") or where == "saved"  # no second save beside Save result


def test_save_result_takes_where_and_notes_in_the_same_step(open_app, store):
    game_id = store.create({**TIED, "location": "Club"}).id
    h = open_app(f"/results/{game_id}")
    where = h.find(ft.TextField, label="Where (optional)")
    assert where.value == "Club"  # as set up
    h.type(where, "  Kitchen ")
    h.type(h.find(ft.TextField, label="Notes (optional)"), "Ben's first CGT")
    h.tap("Save result")
    assert not h.conn.errors
    saved = store.get(game_id)
    assert (saved.status, saved.record["location"], saved.record["notes"]) == ("finished", "Kitchen", "Ben's first CGT")
    assert h.page.route == f"/history/{game_id}" and "Saved" in snack(h)


def test_where_typed_is_kept_when_the_field_is_left(open_app, store):
    game_id = store.create(TIED).id
    h = open_app(f"/results/{game_id}")
    where = h.find(ft.TextField, label="Where (optional)")
    h.type(where, "Kitchen")
    h.fire(where, "blur")
    assert store.get(game_id).record["location"] == "Kitchen" and store.get(game_id).status == "in_progress"
    h.tap("Back to game")
    h.tap("Results")
    assert h.find(ft.TextField, label="Where (optional)").value == "Kitchen"
    assert not h.conn.errors


def test_save_changes_takes_where_too_and_cancel_keeps_the_saved_game(open_app, store):
    store.add_finished([{**TIED, "id": "g", "played_at": "2026-04-03T20:00:00", "location": "Club"}])
    h = open_app("/results/g")
    h.tap("Edit")
    h.tap("Results")
    h.type(h.find(ft.TextField, label="Where (optional)"), "Kitchen")
    h.tap("Save changes")
    assert store.get("g").record["location"] == "Kitchen" and store.editing("g") is None
    assert h.page.route == "/history/g"


def test_rematch_is_secondary_before_saving(open_app, store):
    game_id = store.create(TIED).id
    h = open_app(f"/results/{game_id}")
    (rematch,) = h.buttons("Rematch")
    assert isinstance(rematch, ft.OutlinedButton)


def test_copy_result_says_copied_then_returns(open_app, store):
    store.add_finished([{**TIED, "id": "g", "played_at": "2026-04-03T20:00:00"}])
    h = open_app("/history/g")
    h.tap("Copy result")
    assert snack(h) == results.COPIED_SAID and h.buttons(results.COPIED)
    h.settle(horizon=3)
    assert h.buttons("Copy result") and not h.buttons(results.COPIED)
    assert not h.conn.errors


@pytest.mark.parametrize(("route", "file"), [("/history/g", True), ("/results/{id}", False)])
def test_log_to_bg_stats_says_what_happens_without_the_app(open_app, store, route, file):
    store.add_finished([{**TIED, "id": "g", "played_at": "2026-04-03T20:00:00"}])
    game_id = store.create(TIED).id
    h = open_app(route.format(id=game_id))
    before = h.text_of("bg-stats-missing")
    assert "not installed" in before and game_log.OTHER_WAYS in before and "QR" in before
    assert ("Export for BG Stats" in before) is file and bool(h.buttons("Export for BG Stats")) is file
    (log,) = h.buttons(game_log.LOG)
    assert isinstance(log.action, ft.OpenUrl)  # the hand-off itself happens in the browser, inside the tap
    h.tap(game_log.LOG)
    after = snack(h)
    assert "not installed" in after and "QR" in after and ("file" in after) is file
    assert not h.conn.errors
