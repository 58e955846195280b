"""Saved games stay saved, in Chromium: an id with / ? # % and a space opens from its route,
and Edit → Back leaves the history (and its export) whole (issue 12)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.data.ids import route_id

from .conftest import PHONE, REPO, TABLET, served_after
from .test_screen_sizes import EXAMPLES

pytestmark = pytest.mark.e2e
HOSTILE = "a/b?c#d %"


@pytest.fixture
def server(tmp_path):
    def two_finished(store) -> None:
        store.add_finished(
            [
                {
                    **json.loads((EXAMPLES / "bgg-card-game-rulebook.json").read_text())["record"],
                    "id": HOSTILE,
                    "played_at": "2026-03-02T20:00:00",
                },
                {
                    **json.loads((EXAMPLES / "cgt-values-and-penalty.json").read_text())["record"],
                    "id": "cgt-1",
                    "played_at": "2026-02-01T20:00:00",
                },
            ]
        )

    with served_after(tmp_path / "data", two_finished) as (s, _):
        yield s  # the tests stop it themselves to export the stored games (stopping twice is harmless)


def test_a_hostile_id_opens_and_edit_then_back_keeps_every_game(ui, server):
    u = ui(PHONE)
    u.open(f"/history/{route_id(HOSTILE)}", ready='[flt-semantics-identifier="winner"]')
    u.expect_text("winner", "Aldie")
    u.reload()  # the address bar still names the game
    u.expect_text("winner", "Aldie", timeout=30_000)
    u.tap("Edit")
    u.page.wait_for_url(f"**/play/{route_id(HOSTILE)}")
    u.expect_text("total-Aldie", "103")
    u.page.go_back()  # Back, without saving anything
    u.page.wait_for_url(f"**/history/{route_id(HOSTILE)}")
    u.expect_text("winner", "Aldie")
    u.screenshot("edit-then-back")
    server.stop()
    export = subprocess.run(
        [sys.executable, "-m", "companion", "export", "--data", str(server.data)], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert export.returncode == 0, export.stderr
    assert sorted(g["id"] for g in json.loads(export.stdout)["games"]) == sorted([HOSTILE, "cgt-1"])


def test_a_file_chosen_in_the_browser_is_uploaded_checked_and_imported(ui, server, tmp_path):
    """The browser's own picker and Flet's client upload the file (no websocket message carries it);
    the server checks it, asks, and stores the new games beside those already saved."""
    from tests.transfer.records import records

    chosen = tmp_path / "games.json"
    chosen.write_text(json.dumps({"format": 1, "games": records()}))
    u = ui(TABLET)
    u.open("/transfer")
    with u.page.expect_file_chooser() as picker:
        u.button("Import").click()
    picker.value.set_files(str(chosen))
    confirm = u.button(f"Import {len(records())} games")  # the dialog's: every game checked, none of them here yet
    confirm.wait_for(timeout=30_000)
    confirm.click()
    u.page.get_by_text(f"Imported {len(records())} games from games.json.").first.wait_for(timeout=30_000)  # the line or its snack bar
    server.stop()
    export = subprocess.run(
        [sys.executable, "-m", "companion", "export", "--data", str(server.data)], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert sorted(g["id"] for g in json.loads(export.stdout)["games"]) == sorted([HOSTILE, "cgt-1", *(r["id"] for r in records())])
