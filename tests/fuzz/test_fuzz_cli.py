"""Fuzzing the command lines with hypothesis: `python -m scoring FILE --json` and `python -m companion import`.

Whatever the file holds (valid records, mutated records, any JSON, any bytes), the program never
shows a traceback: it exits 0 with the right result, or 2 with exactly one `error:` line on standard
error and nothing on standard output. A failed import leaves the data folder byte-for-byte unchanged.
Subprocess examples are few (8 and 6 each; TABLESIDE_FUZZ_EXAMPLES asks for more) so the suite stays fast,
and the tables of hostile bytes run every time: the rules themselves are fuzzed in process, with hundreds
of examples, in tests/scoring, and what import accepts with 60 in tests/store/test_nothing_lost.py.
"""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import scoring

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "scoring"))
from strategies import corrupted, records  # noqa: E402

FUZZ = settings(
    max_examples=int(os.environ.get("TABLESIDE_FUZZ_EXAMPLES", "8")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.function_scoped_fixture],
)

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)

HOSTILE_BYTES = [
    b"",
    b"\xff\xfe\x00",
    b"\xef\xbb\xbf{}",
    b"{",
    b"null",
    b"[]",
    b'{"game": NaN}',
    b'{"game": Infinity}',
    b"[" * 100_000 + b"]" * 100_000,
    b'{"a":' * 50_000 + b"1" + b"}" * 50_000,
    b"\x00" * 64,
    b'{"game": "lost-cities", "players": ["A", "A"], "rounds": []}',
    b"1e999999",
    b"-" * 10,
    '{"game": "cgt", "players": ["\ud800"]}'.encode("utf-8", "surrogatepass"),
    # issue 39: numbers longer than Python's int() reads (its message names a function of sys)
    b'{"game": "bgg-game", "players": ["A", "B", "C"], "final": {"A": {"colour": "red", "gg": ' + b"9" * 5000 + b"}}}",
    b'{"game": "cgt", "players": ["A", "B"], "variant": {"first_player_penalty": 1}, "final": {"meta": {"'
    + b"1" * 5000
    + b'": 1}, "collections": {"A": {}, "B": {}}}}',
]


def env() -> dict[str, str]:
    e = dict(os.environ)
    e["PYTHONPATH"] = str(REPO)
    e["PYTHONIOENCODING"] = "utf-8"
    return e


def run(args: list[str], data: bytes) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "input.json"
        path.write_bytes(data)
        return subprocess.run(
            [sys.executable, *args[:1], *[a.replace("FILE", str(path)) for a in args[1:]]],
            cwd=REPO,
            env=env(),
            capture_output=True,
            timeout=120,
        )


def assert_refused_or_ok(proc: subprocess.CompletedProcess) -> None:
    out, err = proc.stdout.decode("utf-8"), proc.stderr.decode("utf-8")
    assert "Traceback" not in err and "set_int_max_str_digits" not in err, err
    assert proc.returncode in (0, 2), (proc.returncode, err)
    if proc.returncode == 2:
        assert out == "", out
        lines = err.split("\n")  # as a terminal shows them (a name may hold U+0085 or U+2028: not a break there)
        assert len(lines) == 2 and lines[1] == "" and lines[0].startswith("error: ") and "\r" not in err, err


def expected(record):
    """What scoring says in-process: the JSON result, or None when the record is refused."""
    try:
        return json.loads(json.dumps(scoring.score(record).to_json(), ensure_ascii=False))
    except scoring.RecordError:
        return None


def check_scoring(data: bytes, record=None, parsed: bool = False) -> None:
    proc = run(["-S", "-m", "scoring", "FILE", "--json"], data)
    assert_refused_or_ok(proc)
    if proc.returncode == 0:
        assert proc.stderr == b""
        result = json.loads(proc.stdout.decode("utf-8"))
        if parsed:
            assert result == expected(record)
    elif parsed:
        assert expected(record) is None, proc.stderr


def dumps(record) -> bytes:
    return json.dumps(record, ensure_ascii=False).encode("utf-8")


# ---- python -m scoring --------------------------------------------------------------------------


@FUZZ
@given(records())
def test_scoring_valid_records_give_the_in_process_result(record):
    proc = run(["-S", "-m", "scoring", "FILE", "--json"], dumps(record))
    assert proc.returncode == 0 and proc.stderr == b"", proc.stderr
    assert json.loads(proc.stdout.decode("utf-8")) == expected(record)


@FUZZ
@given(records().flatmap(corrupted))
def test_scoring_mutated_records(kind_and_record):
    _, record = kind_and_record
    check_scoring(dumps(record), record, parsed=True)


@FUZZ
@given(JSON)
def test_scoring_any_json(value):
    check_scoring(dumps(value), value, parsed=True)


@FUZZ
@given(records(), st.data())
def test_scoring_cut_and_flipped_bytes(record, data):
    raw = bytearray(dumps(record))
    i = data.draw(st.integers(0, len(raw) - 1))
    how = data.draw(st.sampled_from(["truncate", "flip", "insert", "delete"]))
    if how == "truncate":
        raw = raw[:i]
    elif how == "flip":
        raw[i] ^= data.draw(st.integers(1, 255))
    elif how == "insert":
        raw[i:i] = data.draw(st.binary(min_size=1, max_size=8))
    else:
        del raw[i : i + data.draw(st.integers(1, 8))]
    check_scoring(bytes(raw))


@FUZZ
@given(st.binary(max_size=300))
@example(b"")
def test_scoring_random_bytes(raw):
    check_scoring(raw)


@pytest.mark.parametrize("raw", HOSTILE_BYTES, ids=range(len(HOSTILE_BYTES)))
def test_scoring_hostile_bytes(raw):
    check_scoring(raw)


# ---- python -m companion import ------------------------------------------------------------------

FINISHED = {
    "game": "lost-cities",
    "players": ["Mia", "Noah"],
    "variant": {"rounds": 1},
    "rounds": [{"Mia": {"red": {"cards": [4, 9]}}, "Noah": {"blue": {"cards": [10]}}}],
    "id": "fuzz-lc1",
    "played_at": "2025-03-01T20:00:00+01:00",
}


def import_available() -> bool:
    proc = subprocess.run([sys.executable, "-m", "companion", "--help"], cwd=REPO, env=env(), capture_output=True, text=True, timeout=60)
    return proc.returncode == 0 and "import" in proc.stdout


def snapshot(folder: Path) -> dict[str, bytes | None]:
    return {str(p.relative_to(folder)): (p.read_bytes() if p.is_file() else None) for p in sorted(folder.rglob("*"))}


@pytest.fixture(scope="module")
def base_data(tmp_path_factory):
    if not import_available():
        pytest.skip("python -m companion import does not exist yet")
    data = tmp_path_factory.mktemp("fuzz-import") / "data"
    proc = run(["-m", "companion", "import", "FILE", "--data", str(data)], dumps(FINISHED))
    assert proc.returncode == 0, proc.stderr
    return data


def check_import(base: Path, raw: bytes) -> None:
    before = snapshot(base)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        shutil.copytree(base, data)
        proc = run(["-m", "companion", "import", "FILE", "--data", str(data)], raw)
        assert_refused_or_ok(proc)
        if proc.returncode == 2:
            assert snapshot(data) == before, "a failed import changed the data folder"


IMPORT_FUZZ = settings(FUZZ, max_examples=int(os.environ.get("TABLESIDE_FUZZ_EXAMPLES", "6")))


@IMPORT_FUZZ
@given(records().flatmap(corrupted))
def test_import_mutated_records(base_data, kind_and_record):
    _, record = kind_and_record
    record = dict(record, played_at="2025-04-01T10:00:00+00:00")
    check_import(base_data, dumps(record))


@IMPORT_FUZZ
@given(st.one_of(JSON.map(dumps), st.binary(max_size=200)))
def test_import_any_json_and_bytes(base_data, raw):
    check_import(base_data, raw)


@IMPORT_FUZZ
@given(st.data())
def test_import_a_list_with_one_bad_record_imports_nothing(base_data, data):
    good = dict(copy.deepcopy(FINISHED), id="fuzz-lc2")
    bad = data.draw(records().flatmap(corrupted))[1]
    raw = dumps([good, bad])
    check_import(base_data, raw)


@pytest.mark.parametrize("raw", HOSTILE_BYTES, ids=range(len(HOSTILE_BYTES)))
def test_import_hostile_bytes(base_data, raw):
    check_import(base_data, raw)
