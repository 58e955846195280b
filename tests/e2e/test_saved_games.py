"""Saved games stay saved, in Chromium: an id with / ? # % and a space opens from its route,
and Edit → Back leaves the history (and its export) whole (issue 12)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.data.ids import route_id
from companion.data.store import GameStore

from .conftest import PHONE, REPO, Server
from .test_history import EXAMPLES

pytestmark = pytest.mark.e2e
HOSTILE = "a/b?c#d %"


@pytest.fixture
def server(tmp_path):
    data = tmp_path / "data"
    store = GameStore(data)
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
    store.close()
    s = Server(data).start()
    yield s
    s.stop()


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
