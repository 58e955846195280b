"""Issue 24 in Chromium: a saved game's Results offer Log to BG Stats and its other ways (a QR code),
show where and notes, and announce the records the game set."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import PHONE, served_after

pytestmark = pytest.mark.e2e


def lc(cards: list[int], game_id: str, day: str) -> dict:
    return {
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": 1},
        "rounds": [{"Ana": {"red": {"cards": cards}}, "Ben": {}}],
        "id": game_id,
        "played_at": f"{day}T20:00:00",
        "location": "Café Nord",
        "notes": "Ana's comeback",
    }


@pytest.fixture
def server(tmp_path):
    def two_finished(store) -> None:
        store.add_finished([lc([4, 9, 10], "g1", "2026-11-01"), lc([10, 9, 8, 7], "g2", "2026-11-02")])

    with served_after(tmp_path / "data", two_finished) as (s, _):
        yield s


def test_results_log_to_bg_stats_where_and_records_on_a_phone(ui):
    u = ui(PHONE)
    u.open("/history/g2", ready='[flt-semantics-identifier="winner"]')
    expect(u.page.get_by_text("Ana's best Lost Cities score: 14", exact=False).first).to_be_visible(timeout=10_000)
    u.scroll_into_view(u.button("Log to BG Stats"))
    expect(u.button("Log to BG Stats")).to_be_visible()
    u.screenshot("phone-results-log")
    u.tap("Other ways to BG Stats")
    expect(u.page.get_by_role("img", name="QR code of the BG Stats link")).to_be_visible(timeout=10_000)
    u.screenshot("phone-bg-stats-qr")
