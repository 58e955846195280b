"""Many devices on one server (issue 19): what a session costs once it left, what a screen covered by
another costs, and long work off the event loop. Timings are bench/club.py's; these test mechanisms."""

from __future__ import annotations

import json
import threading
import time

import flet as ft

from companion.data import changes
from companion.data import imports as imports_module
from scoring import new_record
from tests.transfer.records import records
from tests.transfer.test_screen import dialog_button, pick

from .harness import walk


def lost_cities(store) -> str:
    return store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id


def test_sessions_that_left_hold_no_subscription_and_the_others_still_hear(open_app, store):
    game = lost_cities(store)
    topic = changes.game(game)
    tablets = [open_app(f"/play/{game}", width=1180)]
    one = store.changes.count(topic)  # one session's: the play screen's and its live parts'
    every = store.changes.count()  # its settings' too
    assert one and every > one
    tablets += [open_app(f"/play/{game}", width=1180) for _ in range(4)]
    assert store.changes.count(topic) == 5 * one
    for h in tablets[1:]:  # Flet's own path when a websocket closes: the session is kept, disconnected
        h.run(h.session.disconnect(3600))
    assert store.changes.count(topic) == one
    assert store.changes.count() == every  # nothing else of theirs either (Home under the game included)
    tablets[0].tap("Mia red 6")
    assert tablets[0].text_of("total-Mia") == "−14"
    for h in tablets[1:3]:
        h.close()  # Flet evicts it: closed
    assert store.changes.count() == every


def test_a_screen_under_another_does_not_redraw_for_the_games_changes(open_app, store):
    game = lost_cities(store)
    h = open_app(f"/play/{game}", width=1180)
    assert store.changes.count(changes.LIVE) == 0  # Home, under the game, is covered: not subscribed
    h.tap("Mia red 6")
    h.run(h.page.push_route("/"))
    h.settle()
    assert store.changes.count(changes.LIVE) == 1  # on top again: it hears and shows the game as it is now
    assert any(isinstance(c, ft.Text) and "−14" in str(c.value) for c in walk(h.page.views))


def test_a_redraw_after_a_tap_sends_only_what_changed(open_app, store):
    game = lost_cities(store)
    tapper, other = open_app(f"/play/{game}", width=1180), open_app(f"/play/{game}", width=1180)
    before = len(other.conn.sent)
    tapper.tap("Mia red 6")
    other.settle()
    sent = other.patched_since(before)
    assert other.text_of("total-Mia") == "−14"
    assert "Mia red 6:held" in sent and "Noah red 6:taken" in sent
    assert "Mia red 7:" not in sent and "Mia green 6:" not in sent  # unchanged cards are not drawn again


def test_an_import_runs_in_a_worker_while_another_sessions_tap_is_applied(open_app, store, monkeypatch):
    game = lost_cities(store)
    importer, table = open_app("/transfer", width=1180), open_app(f"/play/{game}", width=1180)
    gate, waiting = threading.Event(), threading.Event()
    summarise = imports_module.summarise

    def held_summarise(record):  # the import's checks wait here, in their worker thread
        waiting.set()
        assert gate.wait(10), "the test never let the import go on"
        return summarise(record)

    monkeypatch.setattr(imports_module, "summarise", held_summarise)
    pick(importer, "games.json", json.dumps({"format": 1, "games": records()[:5]}).encode())  # five games, however many games there are
    button = dialog_button(importer, "Import 5 games")
    importing = importer.loop.create_task(importer.session.dispatch_event(button._i, "click", None))
    deadline = time.monotonic() + 10
    while not waiting.is_set() and time.monotonic() < deadline:
        importer.settle(rounds=1, horizon=0.01)
    assert waiting.is_set(), "the import did not start"
    importer.settle()
    said = importer.find_semantics("progress").content.controls[0].value  # a bar, and what it measures
    assert said.startswith("Importing 5 games"), said

    table.tap("Mia red 6")  # the event loop is free: another session's tap is applied and drawn
    assert table.text_of("total-Mia") == "−14"
    assert store.get(game).record["rounds"][0]["Mia"]["red"]["cards"] == [6]
    assert not importing.done() and store.finished() == []

    gate.set()
    importer.run(importing)
    importer.settle()
    assert importer.text_of("message") == "Imported 5 games from games.json."
    assert len(store.finished()) == 5
