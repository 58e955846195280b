"""Issue 20 on the screens: Home says a failed backup (and then the one that worked) until dismissed;
a tap on a full disk says the disk is full."""

import flet as ft

from tests.ui.conftest import open_app, store  # noqa: F401
from tests.ui.helpers import set_up

from .faults import disk_full, fail_at
from .test_nothing_lost import FULL, failing_backups
from .test_store import cgt


def test_home_says_a_failed_backup_and_a_tap_on_a_full_disk_says_the_disk_is_full(open_app, store, monkeypatch):  # noqa: F811
    def texts(h):
        return [c.value for c in h.controls() if isinstance(c, ft.Text) and c.value]

    failing_backups(monkeypatch, 2)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan")])
    [failed] = store.notices()
    h = open_app("/")
    assert "About your saved data" in texts(h) and failed in texts(h)
    h.click(h.find(ft.TextButton, content="OK"))
    h.run(h.page.push_route("/history"))
    h.settle()
    h.run(h.page.push_route("/"))
    h.settle()
    assert h.find_all(ft.Semantics, identifier="recovery") == []  # dismissed in this session
    store.add_finished([cgt(1, "2026-01-06T20:00:00", "jan2")])  # the backup works again: a new sentence
    h.run(h.page.push_route("/history"))
    h.settle()
    h.run(h.page.push_route("/"))
    h.settle()
    [worked] = [t for t in texts(h) if t.startswith("A backup failed on ")]
    assert worked == store.notices()[0] and worked.endswith(" worked: every change is backed up again.")

    play = open_app("/setup/lost-cities")
    game_id = set_up(play, ["Mia", "Noah"])
    before = store.get(game_id).record
    with fail_at(1, disk_full):
        play.tap("Mia red 7")
    assert play.text_of("message") == FULL and play.conn.errors == []  # not "That change could not be saved."
    assert store.get(game_id).record == before
