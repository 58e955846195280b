"""Issue 41 item 1, in Chromium at 390 × 844: the game clock in the play screen's bar ticks on its own
(the server draws each new second), and Pause clock / Resume clock stop it and run it again. The rest
(two devices, reloads, rights, saving) is tested browserless in tests/ui/test_game_clock.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

import scoring

from .conftest import PHONE, served_after
from .test_lost_cities_phone import BOX

pytestmark = pytest.mark.e2e


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A one-round Lost Cities game made in the store, served by a server whose clock ticks each second,
    as a table's does (tests/conftest.py stills the others)."""
    from companion.services.game_clock import TICK_VARIABLE

    monkeypatch.setenv(TICK_VARIABLE, "1")
    with served_after(
        tmp_path / "data", lambda store: store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
    ) as (
        s,
        game_id,
    ):
        s.game_id = game_id
        yield s


def test_the_clock_ticks_and_pauses_on_a_phone(ui, server):
    u = ui(PHONE)
    u.open(f"/play/{server.game_id}", ready='[flt-semantics-identifier="total-Mia"]')
    clock = u.text("clock")
    clock.wait_for()
    first = clock.inner_text()
    expect(clock).not_to_have_text(first, timeout=2500)  # the next second, drawn without a tap
    box = clock.evaluate(BOX)
    assert box["y"] + box["h"] <= 56 and box["x"] + box["w"] <= 390, box  # in the app bar, on the screen
    u.tap("Pause clock")
    u.button("Resume clock").wait_for()
    paused = clock.inner_text()
    u.page.wait_for_timeout(1300)
    assert clock.inner_text() == paused  # stands still while paused
    u.tap("Resume clock")
    u.button("Pause clock").wait_for()
    expect(clock).not_to_have_text(paused, timeout=2500)  # runs on from where it stood
