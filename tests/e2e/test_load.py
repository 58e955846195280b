"""Seven browser sessions (six phones and a tablet) on one game, 5 changes each, all at once."""

import asyncio

import pytest

from bench.table import report, run

from .conftest import ARTIFACTS

pytestmark = pytest.mark.e2e
CHANGES = 5  # each; bench/table.py runs more: this proves none is lost, the bench measures


def test_seven_sessions_lose_no_change(chromium, capsys):
    result = asyncio.run(run(phones=6, changes=CHANGES))
    report(result)
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "load.txt").write_text(capsys.readouterr().out)
    assert result["errors"] == []
    assert not result["lost"], (result["final"], result["expected"])
    assert len(result["own"]) == 7 * CHANGES
