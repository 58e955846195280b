"""The worked examples (docs/examples, copied from the team's shared folder) through the CLI.

Each file is {"record": ..., "expect": ...}; `expect` is docs/format.md's output object (every key
of it must match exactly) or "invalid" (exit 2, empty stdout, one `error:` line).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from scoring_support import assert_cli_refused, run_cli

import scoring

EXAMPLES = Path(os.environ.get("TABLESIDE_EXAMPLES") or Path(__file__).resolve().parents[2] / "docs" / "examples")
FILES = sorted(EXAMPLES.glob("*.json")) if EXAMPLES.is_dir() else []


def test_examples_folder_is_present():
    if not FILES:
        message = f"no worked examples found in {EXAMPLES} (set TABLESIDE_EXAMPLES to a folder of them)"
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    # Every game has at least one scored and one refused example.
    examples = [json.loads(f.read_text(encoding="utf-8")) for f in FILES]
    games = {e["record"]["game"] for e in examples}
    assert games == set(scoring.GAMES)
    assert games == {e["record"]["game"] for e in examples if e["expect"] == "invalid"}


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_example(path: Path):
    example = json.loads(path.read_text(encoding="utf-8"))
    proc = run_cli(example["record"])
    expect = example["expect"]
    if expect == "invalid":
        assert_cli_refused(proc)
        return
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert expect, "an example must expect something"
    for key, value in expect.items():
        assert out[key] == value, f"{path.name}: {key}"
