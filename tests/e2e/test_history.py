"""History, game detail, players and statistics in Chromium, with /history/<id> opened directly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import expect

from companion.data.store import GameStore

from .conftest import PHONE, TABLET, Server

pytestmark = pytest.mark.e2e

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"  # the worked examples the project carries


@pytest.fixture
def server(tmp_path):
    """A server whose history already holds two finished games."""
    data = tmp_path / "data"
    store = GameStore(data)
    store.add_finished(
        [
            {
                **json.loads((EXAMPLES / "bgg-card-game-rulebook.json").read_text())["record"],
                "id": "dan-aldie",
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


def test_game_detail_opened_directly_and_reloaded(ui):
    u = ui(PHONE)
    u.open("/history/dan-aldie", ready='[flt-semantics-identifier="winner"]')
    u.expect_text("winner", "Aldie")
    u.expect_text("total-Dan", "92")
    u.expect_text("place-Dan", "2nd")
    u.reload()
    u.expect_text("total-Aldie", "103", timeout=30_000)
    assert u.page.url.endswith("/history/dan-aldie")
    u.screenshot("phone-detail")


def test_history_players_and_statistics(ui):
    u = ui(TABLET)
    u.open("/history", ready='flt-semantics[role="tab"]')
    expect(u.page.get_by_text("2026-03-02 · BoardGameGeek: The Card Game", exact=False).first).to_be_visible()
    u.screenshot("tablet-history")
    u.page.get_by_text("2026-02-01 · CGT – Card Game Traders", exact=False).first.click()
    u.page.wait_for_url("**/history/cgt-1")
    u.expect_text("winner", "Max")
    u.open("/players/Max", ready='flt-semantics[role="button"]')
    expect(u.page.get_by_text("1 game · 1 win (100%)", exact=False)).to_be_visible()
    u.screenshot("tablet-player")
    u.open("/stats", ready='flt-semantics[role="tab"]')
    expect(u.page.get_by_text("Highest score: 103 by Aldie on 2026-03-02")).to_be_visible()
    u.screenshot("tablet-stats")


def test_tonight_and_ratings_are_drawn(ui):
    # The harness checks what is drawn; only Flutter sees a layout error (a grey screen, no controls).
    u = ui(PHONE)
    u.open("/tonight", ready='flt-semantics[role="button"]')
    expect(u.page.get_by_text("Game night · 2026-03-02 · 1 game")).to_be_visible()
    u.scroll_into_view(u.button("Copy recap"))
    expect(u.button("Save image")).to_be_visible()
    u.open("/players/Max", ready='flt-semantics[role="button"]')
    u.scroll_into_view(u.page.get_by_text("CGT – Card Game Traders: ", exact=False))
    u.open("/stats", ready='flt-semantics[role="tab"]')
    u.scroll_into_view(u.page.get_by_text("Top rated"))
    u.screenshot("phone-stats-ratings")
