"""A phone on home Wi-Fi (20 Mbit/s, 20 ms): what a visit moves, and which fonts the first screen fetches.

Bytes are asserted here; times are measured by `python bench/app.py --phone`, not asserted.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from bench.phone import Profile, visit

from .conftest import PHONE, REPO, Server, new_context

pytestmark = pytest.mark.e2e

HOME_WIFI = Profile("20 Mbit/s", 20)
FALLBACK_FONT = re.compile(r"/fonts/(Noto|DejaVu)[^/]*$")


def test_a_warm_visit_moves_almost_nothing_and_the_first_fetches_no_fallback_font(browser, server):
    """No name on the first screen needs a fallback font (a CJK one: the next test): the cold visit
    fetches none. One visit for both facts: a first visit is the same visit whatever it checks."""
    context = new_context(browser, PHONE)
    try:
        cold = visit(context, HOME_WIFI, server)
        warm = visit(context, HOME_WIFI, server)
    finally:
        context.close()
    assert cold.bytes_quiet < 6_000_000, f"cold visit moved {cold.bytes_quiet} bytes: {cold.largest}"
    assert warm.bytes_quiet < 1_000_000, f"warm visit moved {warm.bytes_quiet} bytes: {warm.largest}"
    assert not [u for u in cold.urls if FALLBACK_FONT.search(u)]


def test_the_first_screen_fetches_the_cjk_font_when_a_cjk_name_is_shown(browser, tmp_path):
    example = json.loads((REPO / "docs" / "examples" / "lost-cities-edge-values.json").read_text(encoding="utf-8"))
    record = json.loads(json.dumps(example["record"], ensure_ascii=False).replace('"Noah"', '"王小明"'))
    record.update(id="cjk-1", played_at="2026-03-01T20:00:00")
    (tmp_path / "game.json").write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
    data = tmp_path / "data"
    subprocess.run(
        [sys.executable, "-m", "companion", "import", "--data", str(data), str(tmp_path / "game.json")],
        cwd=REPO,
        check=True,
        capture_output=True,
    )
    server = Server(data).start()
    context = new_context(browser, PHONE)
    try:
        v = visit(context, HOME_WIFI, server)
    finally:
        context.close()
        server.stop()
    fonts = [u.rsplit("/", 1)[-1] for u in v.urls if FALLBACK_FONT.search(u)]
    assert any(f.startswith("NotoSansCJK") for f in fonts), f"fetched: {v.urls}"
    assert not any(f.startswith(("NotoColorEmoji", "NotoSansArabic")) for f in fonts), fonts  # only what is shown
