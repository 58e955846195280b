"""`tableside import` and `tableside export` (python -m companion) in subprocesses, on temporary data folders."""

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from companion.data.store import GameStore

from .records import EXAMPLE_IDS, GAMES, lost_cities_with_duplicated_card, record, records

ROOT = Path(__file__).resolve().parents[2]


def tableside(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "companion", *map(str, args)], cwd=ROOT, capture_output=True, text=True, timeout=60)


def snapshot(folder: Path, lock: bool = True) -> dict:
    """Every file's bytes (an absent folder is {} and must stay absent); `lock=False` leaves out
    tableside.lock, which a process that opens the store may write (its pid) without changing any data."""
    if not folder.exists():
        return {}
    return {
        p.relative_to(folder): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and (lock or p.name != "tableside.lock")
    }


def one_error_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, done
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def write(path: Path, data) -> Path:
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.fixture
def filled(tmp_path):
    """A data folder holding a finished game of every game."""
    folder = tmp_path / "filled"
    store = GameStore(folder)
    assert store.add_finished(records()) == (len(GAMES), 0)
    store.close()
    return folder


def test_export_then_import_into_an_empty_folder_gives_the_same_games(filled, tmp_path):
    exported = tmp_path / "games.json"
    done = tableside("export", "-o", exported, "--data", filled)
    assert done.returncode == 0 and done.stdout == f"exported {len(GAMES)} games to {exported}\n" and done.stderr == ""
    empty = tmp_path / "empty"
    done = tableside("import", exported, "--data", empty)
    assert (done.returncode, done.stdout, done.stderr) == (0, f"imported {len(GAMES)}, skipped 0 already present\n", "")
    again = tableside("export", "--data", empty)
    assert again.returncode == 0
    assert again.stdout.encode("utf-8") == exported.read_bytes()
    games = json.loads(again.stdout)["games"]
    assert [g["id"] for g in games] == ["cc1", "cgt1", "bg1", "cg1", "lc1", *reversed(EXAMPLE_IDS)]  # newest first
    assert games == [{"format": 1, **record(g["id"])} for g in games]


def test_data_given_before_the_command_is_used(filled):
    done = tableside("--data", filled, "export")
    assert done.returncode == 0 and len(json.loads(done.stdout)["games"]) == len(GAMES)


@pytest.mark.parametrize(
    "stored, imported, expected",
    [
        ([], ["lc1", "cg1"], "imported 2, skipped 0 already present"),
        (["lc1", "cg1"], ["lc1", "cg1"], "imported 0, skipped 2 already present"),
        (["lc1"], ["lc1", "cg1", "bg1"], "imported 2, skipped 1 already present"),
    ],
)
def test_duplicates_by_id_are_skipped_and_counted(tmp_path, stored, imported, expected):
    folder = tmp_path / "data"
    store = GameStore(folder)
    store.add_finished([record(i) for i in stored])
    store.close()
    done = tableside("import", write(tmp_path / "in.json", [record(i) for i in imported]), "--data", folder)
    assert (done.returncode, done.stdout.strip(), done.stderr) == (0, expected, "")
    store = GameStore(folder)
    try:
        assert sorted(g.id for g in store.finished()) == sorted(set(stored) | set(imported))
    finally:
        store.close()


def test_several_files_and_the_three_shapes(tmp_path):
    files = [
        write(tmp_path / "one.json", record("lc1")),
        write(tmp_path / "list.json", [record("cg1"), record("bg1")]),
        write(tmp_path / "export.json", {"format": 1, "games": [record("cgt1"), record("cc1")]}),
    ]
    done = tableside("import", *files, "--data", tmp_path / "data")
    assert (done.returncode, done.stdout) == (0, "imported 5, skipped 0 already present\n")


BAD_FILES = {
    "not JSON": ("this is not json", "bad.json: not JSON (Expecting value at line 1, column 1)"),
    "wrong shape": ({"hello": "world"}, "bad.json: expected a game record, a list of records, or an export"),
    "a number": (3, "bad.json: expected a game record"),
    "one invalid record among valid ones": (
        [record("cg1", id="new1"), dict(record("bg1", id="new2"), players=["Ana"]), record("cc1", id="new3")],
        "bad.json: record 2 (id new2): players: The BoardGameGeek Game is played by 3–6 players, not 1",
    ),
    "a duplicated card": (
        {"format": 1, "games": [record("cg1", id="new1"), lost_cities_with_duplicated_card("dup")]},
        "bad.json: record 2 (id dup): round 1 › Noah › red: 9 is also on Mia's tableau",
    ),
    "a game not finished": ([record("lc1", id="half", variant={"rounds": 3})], "bad.json: record 1 (id half): the game is not finished"),
}


@pytest.mark.parametrize("folder_state", ["filled", "absent"])
@pytest.mark.parametrize("case", list(BAD_FILES))
def test_an_invalid_file_stores_nothing_and_says_why_in_one_line(filled, tmp_path, case, folder_state):
    content, message = BAD_FILES[case]
    folder = filled if folder_state == "filled" else tmp_path / "absent"
    before = snapshot(folder)
    bad = write(tmp_path / "bad.json", content)
    line = one_error_line(tableside("import", bad, "--data", folder))
    assert line.startswith(f"error: {tmp_path}/{message}"), line
    assert snapshot(folder) == before


def test_a_valid_file_beside_an_invalid_one_is_not_stored_either(filled, tmp_path):
    before = snapshot(filled)
    good = write(tmp_path / "good.json", [record("lc1", id="fresh")])
    bad = write(tmp_path / "bad.json", [lost_cities_with_duplicated_card()])
    line = one_error_line(tableside("import", good, bad, "--data", filled))
    assert "bad.json: record 1 (id bad1): round 1 › Noah › red: 9 is also on Mia's tableau" in line
    assert snapshot(filled) == before


def test_a_missing_file(filled, tmp_path):
    before = snapshot(filled)
    line = one_error_line(tableside("import", tmp_path / "nowhere.json", "--data", filled))
    assert line == f"error: cannot read {tmp_path}/nowhere.json: No such file or directory"
    assert snapshot(filled) == before


def test_export_csv_rows(filled):
    done = tableside("export", "--format", "csv", "--data", filled)
    assert done.returncode == 0 and done.stderr == ""
    rows = list(csv.reader(io.StringIO(done.stdout)))
    assert rows[0] == ["date", "game", "player", "score", "place", "winner", "id", "location", "notes"]
    assert rows[1:3] == [
        ["2025-03-05", "Card Commons", "You", "6", "1", "yes", "cc1", "", ""],
        ["2025-03-05", "Card Commons", "Opp", "4", "2", "no", "cc1", "", ""],
    ]
    assert len(rows) == 1 + sum(len(r["players"]) for r in records())
    for _, _, player, score, place, winner, game_id, _, _ in rows[1:]:
        assert GAMES[game_id][1][player] == (int(score), int(place), winner == "yes")


@pytest.mark.parametrize("fmt", ["json", "csv"])
def test_export_one_game_by_id(filled, fmt):
    done = tableside("export", "--format", fmt, "--id", "bg1", "--data", filled)
    assert done.returncode == 0
    if fmt == "json":
        assert [g["id"] for g in json.loads(done.stdout)["games"]] == ["bg1"]
    else:
        assert {row[6] for row in csv.reader(io.StringIO(done.stdout))} == {"id", "bg1"}


def test_export_bgstats_play(filled):
    done = tableside("export", "--format", "bgstats", "--id", "lc1", "--data", filled)
    assert done.returncode == 0
    play = json.loads(done.stdout)
    assert play["game"] == {"name": "Lost Cities", "sourceGameId": "lost-cities", "highestWins": True, "noPoints": False, "bggId": 50}
    assert [(p["name"], p["score"], p["winner"]) for p in play["players"]] == [("Mia", -7, True), ("Noah", -10, False)]


@pytest.mark.parametrize(
    "args, message",
    [
        (["export", "--format", "bgstats"], "error: --format bgstats exports one game: give its --id"),
        (["export", "--id", "nope"], "error: no finished game with id nope in "),
        (["export", "--format", "xml"], "error: tableside export: argument --format: invalid choice: 'xml'"),
        (["import"], "error: tableside import: the following arguments are required: FILE"),
    ],
)
def test_usage_mistakes(filled, args, message):
    before = snapshot(filled, lock=False)  # `export --id nope` opens the store to look
    assert one_error_line(tableside(*args, "--data", filled)).startswith(message)
    assert snapshot(filled, lock=False) == before


def test_export_from_a_folder_that_does_not_exist_is_empty_and_creates_nothing(tmp_path):
    folder = tmp_path / "never"
    done = tableside("export", "--data", folder)
    assert (done.returncode, json.loads(done.stdout)) == (0, {"format": 1, "games": []})
    assert not folder.exists()


@pytest.mark.parametrize("command", ["import", "export"])
def test_a_folder_in_use_by_a_running_server_is_refused(filled, tmp_path, command):
    store = GameStore(filled)  # holds the folder's lock, as `tableside serve` does
    try:
        before = snapshot(filled)
        args = ["import", write(tmp_path / "in.json", [record("lc1", id="fresh")])] if command == "import" else ["export"]
        line = one_error_line(tableside(*args, "--data", filled))
        assert re.match(r"error: another Tableside process (\(process \d+\) )?is using ", line), line
        assert snapshot(filled) == before
    finally:
        store.close()
