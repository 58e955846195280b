"""Names in any script never block the screen: every font Flutter's fallback loader asks for is served
from this machine (no 404 for assets/fonts/notosanssc/...), and taps keep working after such a name."""

from __future__ import annotations

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.e2e


def blocked_by_csp(request) -> bool:
    """Flet's client asks jsdelivr for Rive's runtime (an animation control this app never uses); the
    page's Content-Security-Policy stops it in the browser: nothing leaves the machine, nothing waits."""
    return request.failure == "csp" and not request.url.startswith("http://127.0.0.1")


NAMES = ["Zoë 🎲", "李小龍", "Bartholomew Featherstonehaugh-Smythe"]


def test_a_cjk_and_emoji_name_game_fetches_nothing_that_fails_and_taps_work(ui):
    u = ui(PHONE)
    failed: list[str] = []
    fonts: list[str] = []
    u.page.on("requestfailed", lambda r: None if blocked_by_csp(r) else failed.append(f"{r.url} ({r.failure})"))
    u.page.on("response", lambda r: failed.append(f"{r.url} ({r.status})") if r.status >= 400 else None)
    u.page.on("request", lambda r: fonts.append(r.url) if "/noto" in r.url else None)
    u.set_up("CGT – Card Game Traders", NAMES)
    u.tap("Zoë 🎲 ability points plus")
    u.expect_text("total-Zoë 🎲", "−1")  # the first player carries the marker's −2
    u.tap("李小龍")  # the phone shows one player's tableau at a time
    for _ in range(2):
        u.tap("李小龍 ability points plus")
    u.expect_text("total-李小龍", "2")
    u.page.wait_for_timeout(1500)  # a fallback font asked for late would fail here
    assert not failed, failed
    assert len(fonts) < 20, fonts  # each slice Flutter asks for is answered once, not asked for again and again
    u.screenshot("phone-cjk-emoji")
