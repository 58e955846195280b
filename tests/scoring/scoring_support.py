"""Helpers shared by the scoring tests: running the CLI, scoring in process, expecting errors.

(Named scoring_support, not helpers or conftest, so that it cannot clash with modules of
other test folders: tests here are imported as top-level modules.)
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:  # also when pytest is started from elsewhere
    sys.path.insert(0, str(REPO))

import scoring  # noqa: E402  (after REPO; pytest runs from the repository root)
from scoring import RecordError  # noqa: E402


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO)
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_cli(record: Any = None, *, text: str | None = None, args: tuple[str, ...] = ("--json",)) -> subprocess.CompletedProcess:
    """`python -S -m scoring FILE --json` on a record (JSON-dumped to a temporary file) or raw text."""
    if text is None:
        text = json.dumps(record, ensure_ascii=False)
    with tempfile.NamedTemporaryFile("w", suffix=".json", encoding="utf-8", delete=False) as f:
        f.write(text)
        path = f.name
    try:
        return run_cli_file(path, args=args)
    finally:
        os.unlink(path)


def run_cli_file(path: str | Path, *, args: tuple[str, ...] = ("--json",)) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-S", "-m", "scoring", str(path), *args],
        cwd=REPO,
        env=cli_env(),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )


def assert_cli_refused(proc: subprocess.CompletedProcess) -> str:
    """Exit 2, nothing on stdout, exactly one stderr line starting with `error:`; returns that line."""
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error:"), lines[0]
    return lines[0]


def assert_cli_ok_or_refused(proc: subprocess.CompletedProcess) -> None:
    """What any input may do: a result (exit 0, JSON, quiet stderr) or a clean refusal."""
    assert "Traceback" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 2), (proc.returncode, proc.stderr)
    if proc.returncode == 2:
        assert_cli_refused(proc)
    else:
        assert proc.stderr == ""
        out = json.loads(proc.stdout)
        assert set(out) >= {"game", "players", "rounds", "totals", "ranking", "winners", "decided"}


def error_of(record: Any) -> str:
    """str() of the RecordError the record must raise."""
    with pytest.raises(RecordError) as info:
        scoring.score(record)
    return str(info.value)


def assert_invalid(record: Any, *fragments: str) -> str:
    """The record is refused, and the message names every fragment (the place at fault)."""
    message = error_of(record)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    return message


def mutated(record: dict, change) -> dict:
    """A deep copy of record after change(copy), which mutates it in place (its return value is ignored)."""
    new = copy.deepcopy(record)
    change(new)
    return new


def lines_of(result: scoring.Result, player: str, round_index: int = 0) -> tuple:
    return result.breakdown[round_index][player]


def points_by_label(result: scoring.Result, player: str, round_index: int = 0) -> dict[str, int]:
    return {line.label: line.points for line in lines_of(result, player, round_index)}


def explanation_naming(result: scoring.Result, *words: str) -> str:
    """The one explanation sentence that contains every word; fails when there is none."""
    found = [s for s in result.explanations if all(w in s for w in words)]
    assert found, f"no explanation names {words!r}: {result.explanations!r}"
    return found[0]


# ---- properties every valid record of every game keeps (test_properties, and the toy games' tests) ----


def scores_as_its_lines(record: dict) -> None:
    """The record scores without raising, each round's and each total's points are their lines, and the
    result is JSON (the CLI's output)."""
    result = scoring.score(record)
    assert result.game == record["game"] and result.players == tuple(record["players"])
    assert len(result.rounds) == len(result.breakdown)
    for scores, lines in zip(result.rounds, result.breakdown):
        for p in result.players:
            assert scores[p] == sum(line.points for line in lines[p])
    for p in result.players:
        assert result.totals[p] == sum(line.points for lines in result.breakdown for line in lines[p])
    json.dumps(result.to_json())


def refusals_agree_with_apply(table: scoring.Table) -> None:
    """Every move the rules refuse on `table`, apply refuses too (the screens draw a card taken from refusal)."""
    rules = scoring.GAMES[table.record["game"]]
    for action in rules.moves(table):
        if rules.refusal(table, action) is not None:
            with pytest.raises(scoring.RecordError):
                rules.apply(table, action)
