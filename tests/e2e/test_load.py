"""Four browser sessions (three phones at their seats and the hosting tablet) on one game, 5 changes each, all at once."""

import asyncio

import pytest

from bench.table import report, run

from .conftest import ARTIFACTS

pytestmark = pytest.mark.e2e
PHONES = 3  # bench/table.py opens six (seven sessions) and more changes: this proves none is lost, the bench measures
CHANGES = 5  # each


def test_four_sessions_lose_no_change(chromium, capsys):
    result = asyncio.run(run(phones=PHONES, changes=CHANGES))
    report(result)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "load.txt").write_text(capsys.readouterr().out)
    assert result["errors"] == []
    assert not result["lost"], (result["final"], result["expected"])
    assert len(result["own"]) == (PHONES + 1) * CHANGES
