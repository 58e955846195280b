"""What every record shares (docs/format.md › The envelope) and how the CLI reports (docs/format.md › The result)."""

from __future__ import annotations

import json
import os
import tempfile

import pytest
from scoring_support import assert_cli_refused, assert_invalid, mutated, run_cli, run_cli_file

import scoring

VALID = {
    "format": 1,
    "game": "lost-cities",
    "players": ["Ana", "Ben"],
    "variant": {"rounds": 1},
    "rounds": [{"Ana": {"red": {"cards": [10, 9, 8]}}, "Ben": {}}],
    "id": "g-1",
    "played_at": "2024-05-01T20:15:00",
    "location": "Café",
    "notes": "close game",
}


def setter(**changes):
    def change(r):
        r.update(changes)

    return change


def dropper(key):
    def change(r):
        r.pop(key)

    return change


INVALID = [
    pytest.param(setter(game="uno"), ("game", "'uno'"), id="unknown-game"),
    pytest.param(setter(game="Lost-Cities"), ("game",), id="game-wrong-case"),
    pytest.param(setter(game=None), ("game", "null"), id="game-null"),
    pytest.param(dropper("game"), ("game",), id="game-missing"),
    pytest.param(setter(format=2), ("format", "2"), id="format-2"),
    pytest.param(setter(format=0), ("format", "0"), id="format-0"),
    pytest.param(setter(format="1"), ("format",), id="format-as-text"),
    pytest.param(setter(format=True), ("format",), id="format-true"),
    pytest.param(setter(format=1.5), ("format",), id="format-decimal"),
    pytest.param(setter(format=None), ("format",), id="format-null"),
    pytest.param(dropper("players"), ("players",), id="players-missing"),
    pytest.param(setter(players="Ana, Ben"), ("players",), id="players-as-text"),
    pytest.param(setter(players=None), ("players",), id="players-null"),
    pytest.param(setter(players=["Ana", "Ana"]), ("players", "Ana", "twice"), id="duplicate-name"),
    pytest.param(setter(players=["Ana", ""]), ("players", "player 2"), id="empty-name"),
    pytest.param(setter(players=["Ana", "   "]), ("players", "player 2"), id="blank-name"),
    pytest.param(setter(players=["Ana", 7]), ("players", "player 2"), id="name-as-number"),
    pytest.param(setter(players=["Ana", None]), ("players", "player 2"), id="name-null"),
    pytest.param(setter(players=["Ana"]), ("players", "2 players", "not 1"), id="too-few-players"),
    pytest.param(setter(players=["Ana", "Ben", "Cy"]), ("players", "not 3"), id="too-many-players"),
    pytest.param(setter(players=[]), ("players", "not 0"), id="no-players"),
    pytest.param(dropper("rounds"), ("rounds",), id="rounds-missing"),
    pytest.param(lambda r: r.update(final=r.pop("rounds")), ("rounds",), id="final-instead-of-rounds"),
    pytest.param(setter(final={}), ("final",), id="final-beside-rounds"),
    pytest.param(setter(score=3), ("score",), id="unknown-top-level-field"),
    pytest.param(setter(variant=None), ("variant",), id="variant-null"),
    pytest.param(setter(variant=[]), ("variant",), id="variant-a-list"),
    pytest.param(setter(id=12), ("id",), id="id-not-text"),
    pytest.param(setter(played_at="last tuesday"), ("played_at",), id="played-at-not-iso"),
    pytest.param(setter(notes=None), ("notes",), id="notes-null"),
]


@pytest.mark.parametrize("change, places", INVALID)
def test_invalid_envelope(change, places):
    scoring.score(VALID)
    assert_invalid(mutated(VALID, change), *places)


@pytest.mark.parametrize("raw", [None, [], "lost-cities", 1, True], ids=["null", "list", "text", "number", "true"])
def test_record_must_be_an_object(raw):
    assert_invalid(raw, "record", "expected an object")


def test_format_is_optional_and_metadata_never_affects_the_score():
    bare = {k: v for k, v in VALID.items() if k not in ("format", "id", "played_at", "location", "notes")}
    assert scoring.score(bare).totals == scoring.score(VALID).totals == {"Ana": 7, "Ben": 0}
    parsed = scoring.parse(VALID)
    assert parsed.metadata == {"id": "g-1", "played_at": "2024-05-01T20:15:00", "location": "Café", "notes": "close game"}


def test_missing_variant_keys_take_the_default():
    record = {k: v for k, v in VALID.items() if k != "variant"}
    assert not scoring.score(record).decided  # the default is 3 rounds


def test_score_accepts_an_already_parsed_record():
    assert scoring.score(scoring.parse(VALID)).totals == scoring.score(VALID).totals


def test_record_error_keeps_the_place_and_the_message_apart():
    with pytest.raises(scoring.RecordError) as info:
        scoring.score(mutated(VALID, lambda r: r["rounds"][0]["Ana"].update(red={"cards": [1]})))
    error = info.value
    assert error.where == ("round 1", "Ana", "red", "cards")
    assert str(error) == "round 1 › Ana › red › cards: " + error.message
    assert isinstance(error, ValueError)


# ---- the CLI ----------------------------------------------------------------------------------


def test_cli_json_output_has_the_format_md_keys():
    proc = run_cli(VALID)
    assert proc.returncode == 0 and proc.stderr == ""
    out = json.loads(proc.stdout)
    assert out["game"] == "lost-cities" and out["players"] == ["Ana", "Ben"]
    assert out["rounds"] == [{"Ana": 7, "Ben": 0}] and out["totals"] == {"Ana": 7, "Ben": 0}
    assert out["ranking"] == [["Ana"], ["Ben"]] and out["winners"] == ["Ana"] and out["decided"] is True


def test_cli_table_output_shows_totals_and_winner():
    proc = run_cli(VALID, args=())
    assert proc.returncode == 0, proc.stderr
    assert "Lost Cities" in proc.stdout and "Winner: Ana" in proc.stdout
    assert "red: (8+9+10 − 20) = 7" in proc.stdout


@pytest.mark.parametrize(
    "text, fragment",
    [
        pytest.param("{", "not valid JSON", id="truncated-json"),
        pytest.param("", "not valid JSON", id="empty-file"),
        pytest.param('{"format": NaN}', "not valid JSON", id="nan"),
        pytest.param("[" * 100000 + "]" * 100000, "error:", id="deeply-nested"),
        pytest.param(json.dumps(VALID)[:-1] + ', "players": ["Ana", "Ben"]}', "record: 'players' is given twice", id="key-twice"),
        pytest.param(
            json.dumps(VALID).replace('"Ana": {', '"Ana": {"red": {"cards": [2]}, ', 1),
            "rounds › item 1 › Ana: 'red' is given twice",
            id="nested-key-twice",
        ),
        pytest.param(json.dumps({**VALID, "game": "uno"}), "game", id="unknown-game"),
        pytest.param(json.dumps({**VALID, "players": ["Ana\nEvil", "Ana\nEvil"]}), "players", id="name-with-newline-stays-one-line"),
    ],
)
def test_cli_refuses_with_one_error_line(text, fragment):
    line = assert_cli_refused(run_cli(text=text))
    assert fragment in line


def test_cli_reads_a_file_with_a_byte_order_mark():
    proc = _run_bytes(b"\xef\xbb\xbf" + json.dumps(VALID).encode("utf-8"))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["totals"] == {"Ana": 7, "Ben": 0}


def test_cli_refuses_a_file_that_is_not_utf8():
    line = assert_cli_refused(_run_bytes(b"\xff\xfe{}"))
    assert "UTF-8" in line


def _run_bytes(data: bytes):
    with tempfile.NamedTemporaryFile("wb", suffix=".json", delete=False) as f:
        f.write(data)
    try:
        return run_cli_file(f.name)
    finally:
        os.unlink(f.name)


def test_cli_refuses_a_missing_file_and_bad_usage():
    assert "no-such-file" in assert_cli_refused(run_cli_file("/nonexistent/no-such-file.json"))
    assert "usage" in assert_cli_refused(run_cli_file("a.json", args=("b.json",)))
