"""Issue 41 item 1, in Chromium at 390 × 844: the game clock in the play screen's bar ticks on its own
(the server draws each new second), and Pause clock / Resume clock stop it and run it again. The rest
(two devices, reloads, rights, saving) is tested browserless in tests/ui/test_game_clock.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .test_lost_cities_phone import BOX, open_game

pytestmark = pytest.mark.e2e


def test_the_clock_ticks_and_pauses_on_a_phone(ui, server, monkeypatch):
    from companion.services.game_clock import TICK_VARIABLE

    monkeypatch.setenv(TICK_VARIABLE, "1")  # the server open_game starts again ticks as a table's does (tests/conftest.py stills it)
    u, _ = open_game(ui, server, {"rounds": 1})
    clock = u.text("clock")
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
