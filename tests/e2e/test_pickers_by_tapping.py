"""The file pickers reached as a person reaches them: by tapping from Home, never by opening their URL.

A picker made after the page was first sent (every screen reached by tapping) once went to the browser
without its handlers, so the chosen file was never reported: nothing asked, nothing said, nothing imported.
Opened by URL the same screen worked, which is why these tests tap their way there."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

import scoring

from .conftest import PHONE, REPO, served_after
from .test_tableau_photo import camera_jpeg

pytestmark = pytest.mark.e2e


@pytest.fixture
def server(tmp_path):
    with served_after(
        tmp_path / "data",
        lambda store: store.create({**scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {}), "id": "photo-game"}),
    ) as (s, _):
        yield s


def test_import_reached_by_tapping_from_home_imports_a_file(ui, server, tmp_path):
    from tests.transfer.records import records

    chosen = tmp_path / "games.json"
    chosen.write_text(json.dumps({"format": 1, "games": records()}))
    u = ui(PHONE)
    u.open("/")
    u.page.get_by_role("tab", name="History").click()
    u.page.wait_for_url(re.compile(r"/history$"))
    u.tap("Import / export")
    u.page.wait_for_url(re.compile(r"/transfer$"))
    import_button = u.button("Import")
    u.scroll_into_view(import_button)
    with u.page.expect_file_chooser() as picker:
        import_button.click()
    picker.value.set_files(str(chosen))
    count = len(records())
    confirm = u.button(f"Import {count} games")
    confirm.wait_for(timeout=30_000)
    confirm.click()
    u.page.get_by_text(f"Imported {count} games from games.json.").first.wait_for(timeout=30_000)
    u.tap("Back")  # the history lists them
    u.page.wait_for_url(re.compile(r"/history$"))
    u.page.get_by_text(f"{count} games").first.wait_for(timeout=10_000)
    server.stop()
    export = subprocess.run(
        [sys.executable, "-m", "companion", "export", "--data", str(server.data)], cwd=REPO, capture_output=True, text=True, timeout=60
    )
    assert sorted(g["id"] for g in json.loads(export.stdout)["games"]) == sorted(r["id"] for r in records())


def test_a_photo_reached_by_tapping_from_home_is_saved(ui, server):
    u = ui(PHONE)
    u.open("/")
    u.page.get_by_role("button", name=re.compile(r"^Lost Cities, started")).first.click()
    u.page.wait_for_url(re.compile(r"/play/photo-game$"))
    button = u.button("Photo of Mia's tableau")
    button.wait_for(timeout=10_000)
    u.scroll_into_view(button)
    with u.page.expect_file_chooser() as chosen:
        button.click()
    chosen.value.set_files(files=[{"name": "tableau.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg()}])
    u.expect_text("photo-message-Mia", "Photo saved.", timeout=30_000)
    assert len(server.stored_record("photo-game")["photos"]) == 1
