"""The test command (README's `python -m pytest -q`) runs every test file: a folder left out of
pyproject's testpaths never ran in CI (tests/standalone, tests/services and tests/test_flet_seams.py
were so for a while)."""

import tomllib
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_every_test_file_is_under_the_test_paths():
    paths = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["pytest"]["ini_options"]["testpaths"]
    covered = [REPO / p for p in paths]
    files = sorted((REPO / "tests").rglob("test_*.py"))
    assert files, "no test file found"
    left_out = [str(f.relative_to(REPO)) for f in files if not any(f == c or c in f.parents for c in covered)]
    assert not left_out, f"not run by the test command: {left_out}"
