"""Issue 39, items 10–14: what a careless import did. Each case is refused (or kept) in words that name
the record and the place, the same through read_import, `tableside import` and the import screen,
and nothing already stored is touched (the data folder byte-equal before and after)."""

from __future__ import annotations

import copy
import csv
import io
import json
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import flet as ft
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.data.details import MAX_LOCATION, MAX_NOTES, clean_detail, detail_problem
from companion.data.store import GameStore
from companion.services import file_formats, game_details
from scoring.names import clean_name, hidden_characters, name_key, players_problem
from tests.ui.helpers import set_up

from .records import record
from .test_cli import one_error_line, snapshot, tableside
from .test_screen import dialog, pick

BIG = "9" * 5000  # more digits than Python's int() reads (4,300)


def soon(**delta) -> str:
    return (datetime.now(UTC) + timedelta(**delta)).isoformat(timespec="seconds")


def renamed(r: dict, old: str, new: str) -> dict:
    """`r` with player `old` called `new`, in `players` and its rounds (Lost Cities)."""
    r = copy.deepcopy(r)
    r["players"] = [new if p == old else p for p in r["players"]]
    r["rounds"] = [{new if p == old else p: v for p, v in rnd.items()} for rnd in r["rounds"]]
    return r


def text_with(number: str, base: str = "bg1", **changes) -> Callable[[], str]:
    """A file whose record holds `number` as Ben's GG, written as it stands (json.dumps could not)."""
    return lambda: json.dumps(record(base, id="big", **changes)).replace('"gg": 40', f'"gg": {number}', 1)


AHEAD = soon(days=3)

# case → (the bad record, or a function giving the file's text; what the refusal says after "bad.json: record 3 ")
REFUSED: dict[str, tuple[Callable[[], dict | str], str]] = {
    # 10: a date typo
    "dated 2062": (
        lambda: record("lc1", id="late", played_at="2062-05-01T20:00:00+00:00"),
        "(id late): played_at '2062-05-01T20:00:00+00:00' is in the future (a game is recorded once it is played: is the year right?)",
    ),
    "dated 9999-12-31, no offset": (
        lambda: record("lc1", id="far", played_at="9999-12-31T22:00:00"),
        "(id far): played_at '9999-12-31T22:00:00' is in the future",
    ),
    "three days ahead": (lambda: record("lc1", id="ahead", played_at=AHEAD), f"(id ahead): played_at '{AHEAD}' is in the future"),
    # 11: the documented limits
    "a 100,000-character location": (
        lambda: record("lc1", id="wide", location="x" * 100_000),
        "(id wide): location: it is 100,000 characters long (at most 100)",
    ),
    "a 1,000,000-character note with NUL, ESC and newlines": (
        lambda: record("lc1", id="long", notes=("a\x00b\x1bc\n" * 200_000)[:1_000_000]),
        "(id long): notes: it is 1,000,000 characters long (at most 1,000)",
    ),
    "a location of 101 characters": (
        lambda: record("lc1", id="l101", location="x" * 101),
        "(id l101): location: it is 101 characters long",
    ),
    "notes of 1,001 characters": (lambda: record("lc1", id="n1001", notes="y" * 1001), "(id n1001): notes: it is 1,001 characters long"),
    "NUL in notes": (lambda: record("lc1", id="nul", notes="ok\x00then"), "(id nul): notes: it holds a control character (U+0000)"),
    "ESC in a location": (
        lambda: record("lc1", id="esc", location="Caf\x1b[31mé"),
        "(id esc): location: it holds a control character (U+001B)",
    ),
    "a line break in a location": (
        lambda: record("lc1", id="nl", location="Café\nNord"),
        "(id nl): location: it holds a line break (a location is one line)",
    ),
    "spaces around notes": (lambda: record("lc1", id="sp", notes="  late  "), "(id sp): notes: it has spaces around it"),
    # 13: a number too long for Python, and one too long for a spreadsheet
    "a 5,000-digit number": (text_with(BIG), "(id big): final › Ben › gg: a number is too long (5,000 digits; at most 15)"),
    "a 16-digit number": (text_with("1" * 16), "(id big): final › Ben › gg: a number is too long (16 digits; at most 15)"),
    "a 5,000-digit negative number": (text_with("-" + BIG), "(id big): final › Ben › gg: a number is too long (5,000 digits; at most 15)"),
    # 14: names that show reversed, or look like another player
    "a bidi override": (
        lambda: renamed(record("lc1", id="rlo"), "Mia", "Ana\u202eevil"),
        "(id rlo): players › player 1 ('Ana\\u202eevil'): a name cannot hold invisible or direction-changing characters (U+202E)",
    ),
    "a zero-width space": (
        lambda: renamed(record("lc1", id="zw"), "Noah", "Ben\u200b"),
        "(id zw): players › player 2 ('Ben\\u200b'): a name cannot hold invisible or direction-changing characters (U+200B)",
    ),
    "an isolate around a name": (
        lambda: renamed(record("lc1", id="iso"), "Mia", "\u2066Ana\u2069"),
        "(id iso): players › player 1 ('\\u2066Ana\\u2069'): a name cannot hold invisible or direction-changing characters (U+2066, U+2069)",
    ),
    # issue 61: a location and notes lose the same characters as a name
    "a bidi override in a location": (
        lambda: record("lc1", id="rlo-at", location="Caf\u202eé Nord"),
        "(id rlo-at): location: it holds a control character (U+202E)",
    ),
    "isolates in notes": (
        lambda: record("lc1", id="iso-n", notes="\u2067rematch\u2069 owed"),
        "(id iso-n): notes: it holds a control character (U+2067)",
    ),
    "a zero-width space in a location": (
        lambda: record("lc1", id="zw-at", location="Kitchen\u200b"),
        "(id zw-at): location: it holds a control character (U+200B)",
    ),
    "two names one player": (
        lambda: renamed(record("lc1", id="twice"), "Noah", "mia"),
        "(id twice): players › player 2 ('mia'): the same player as player 1 ('Mia')",
    ),
}


def bad_file(case: str) -> bytes:
    """Two good new games, then the bad one: the refusal names record 3."""
    make, _ = REFUSED[case]
    bad = make()
    good = [record("cg1", id="new1"), record("cgt1", id="new2")]
    if isinstance(bad, str):
        return ("[" + json.dumps(good)[1:-1] + ", " + bad + "]").encode("utf-8")
    return json.dumps([*good, bad]).encode("utf-8")


def refusal(case: str) -> str:
    return "bad.json: record 3 " + REFUSED[case][1]


@pytest.mark.parametrize("case", list(REFUSED))
def test_read_import_refuses_in_words_naming_the_record_and_the_place(case):
    with pytest.raises(file_formats.ImportFileError) as refused:
        file_formats.read_import(bad_file(case), "bad.json")
    said = str(refused.value)
    assert said.startswith(refusal(case)), said
    assert "\n" not in said and "sys.set_int_max_str_digits" not in said and "\u202e" not in said


@pytest.mark.parametrize("case", [c for c in REFUSED if "number" not in c])
def test_the_store_refuses_the_same_records_and_keeps_what_it_had(tmp_path, case):
    """GameStore.add_finished (what every import ends in) holds the same rules: a caller that skips
    read_import stores nothing either. (A number's length is a rule of the file, read before any record.)"""
    store = GameStore(tmp_path / "data")
    try:
        store.add_finished([record("lc1")])
        before = snapshot(tmp_path / "data", lock=False)
        records = json.loads(bad_file(case))
        with pytest.raises(ValueError):
            store.add_finished(records)
        assert [g.id for g in store.finished()] == ["lc1"]
        assert snapshot(tmp_path / "data", lock=False) == before
    finally:
        store.close()


@pytest.fixture(scope="module")
def stored(tmp_path_factory) -> Path:
    """A data folder holding a finished game of every game, for the command-line cases (copied per case)."""
    from .records import records

    folder = tmp_path_factory.mktemp("careless") / "data"
    store = GameStore(folder)
    store.add_finished(records())
    store.close()
    return folder


CLI_CASES = [
    "dated 2062",
    "a 1,000,000-character note with NUL, ESC and newlines",
    "a 5,000-digit number",
    "a bidi override",
    "ESC in a location",
]


@pytest.mark.parametrize("case", CLI_CASES)
def test_tableside_import_refuses_in_one_line_and_touches_nothing(stored, tmp_path, case):
    import shutil

    folder = tmp_path / "data"
    shutil.copytree(stored, folder)
    before = snapshot(folder)
    bad = tmp_path / "bad.json"
    bad.write_bytes(bad_file(case))
    line = one_error_line(tableside("import", bad, "--data", folder))
    assert line.startswith(f"error: {bad}: record 3 {REFUSED[case][1]}"), line
    assert "Traceback" not in line and "Exceeds the limit" not in line
    assert snapshot(folder) == before


@pytest.mark.parametrize("case", list(REFUSED))
def test_the_import_screen_refuses_in_words_and_touches_nothing(open_app, store, case):
    store.add_finished([record("lc1")])
    h = open_app("/transfer")
    before = snapshot(store.folder, lock=False)
    pick(h, "bad.json", bad_file(case))
    assert dialog(h) is None  # nothing to confirm: nothing will be stored
    assert h.text_of("message").startswith("Nothing imported. " + refusal(case)), h.text_of("message")
    assert [g.id for g in store.finished()] == ["lc1"]
    assert snapshot(store.folder, lock=False) == before


# ---- kept: what Setup could have stored, imported and exported as it is --------------------------

KEPT = {
    "an hour ahead (clock skew)": record("lc1", id="skew", played_at=soon(hours=1)),
    "a day and a bit ahead, no offset": record(
        "lc1", id="naive", played_at=(datetime.now() + timedelta(hours=30)).isoformat(timespec="seconds")
    ),
    "a location of 100 characters": record("lc1", id="l100", location="é" * MAX_LOCATION),
    "notes of 1,000 characters with line breaks": record("lc1", id="n1000", notes=("line\n" * 200)[: MAX_NOTES - 1] + "."),
    "a 15-digit number": json.loads(json.dumps(record("bg1", id="n15")).replace('"gg": 40', '"gg": 999999999999999', 1)),
    "a family emoji (joiners kept)": renamed(record("lc1", id="emoji"), "Mia", "👨\u200d👩\u200d👧"),
    "a flag with variation selector": renamed(record("lc1", id="vs"), "Noah", "❤\ufe0f"),
}


@pytest.mark.parametrize("case", list(KEPT))
def test_what_setup_could_store_is_imported_and_exported_as_it_is(tmp_path, case):
    r = KEPT[case]
    [read] = file_formats.read_import(json.dumps([r]), "good.json")
    store = GameStore(tmp_path / "data")
    try:
        assert store.add_finished([read]) == (1, 0)
        stored = store.get(r["id"]).record
        assert {k: v for k, v in stored.items() if k not in ("format", "played_at")} == {k: v for k, v in r.items() if k != "played_at"}
        assert datetime.fromisoformat(stored["played_at"]) == datetime.fromisoformat(r["played_at"]).astimezone()
        assert datetime.fromisoformat(stored["played_at"]).tzinfo is not None  # stored with its offset
        rows = list(csv.DictReader(io.StringIO(file_formats.export_csv(store.finished()))))
        assert {row["player"] for row in rows} == set(r["players"])
        assert rows[0]["location"] == r.get("location", "") and rows[0]["notes"] == r.get("notes", "")
    finally:
        store.close()
    again = GameStore(tmp_path / "data")  # and start-up keeps it
    try:
        assert again.damaged() == [] and [g.id for g in again.finished()] == [r["id"]]
    finally:
        again.close()


# ---- one rule for location and notes: Setup and Results store what import accepts --------------


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=1200), st.sampled_from(["location", "notes"]))
def test_whatever_setup_stores_an_import_accepts(typed, field):
    limit = MAX_LOCATION if field == "location" else MAX_NOTES
    stored = game_details.clean(typed, limit)  # what Setup and Results store (with_details)
    assert stored == clean_detail(typed, field)
    assert detail_problem(stored, field, arriving=True) is None
    assert clean_detail(stored, field) == stored


@pytest.mark.parametrize(
    "field, value, stored",
    [
        ("notes", "a\r\nb\tc\x00", "a\nb c"),
        ("location", " Café\t\n Nord\x1b ", "Café Nord"),
        ("location", "x" * 150, "x" * 100),
        ("location", "\u2066Caf\u202eé\u200b  Nord\u2069", "Café Nord"),  # issue 61: as a name loses them
        ("notes", "\u2067rematch\u2069 \u200eowed\u200d\nnext", "rematch owed\nnext"),
        ("location", "👨\u200d👩\u200d👧 Café", "👨\u200d👩\u200d👧 Café"),  # an emoji's joiners stay
        ("location", "x" * 99 + "\u200dy", "x" * 99),  # the cut leaves no joiner at the end
    ],
)
def test_setup_cleans_what_import_refuses(field, value, stored):
    assert game_details.with_details(record("lc1"), *((value, None) if field == "location" else (None, value)))[field] == stored


# ---- names: one cleaning for Setup, rename and import; names that differ only by hidden characters fold


@pytest.mark.parametrize(
    "typed, kept",
    [
        ("Ana\u202eevil", "Anaevil"),
        ("Ben\u200b", "Ben"),
        ("\u2066Ana\u2069", "Ana"),
        ("\u200fNoa\u200e", "Noa"),
        ("Zo\u00ade", "Zoe"),
        ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # joiners between two emoji stay
        ("\u200dAna\u200d", "Ana"),  # but not at either end
        ("❤\ufe0f", "❤\ufe0f"),
        ("Ana\u200d ", "Ana"),  # a joiner beside a space joins nothing (trimmed, it would end the name)
        ("Ana \ufe0f", "Ana"),
    ],
)
def test_names_lose_their_hidden_characters(typed, kept):
    assert clean_name(typed) == kept
    assert players_problem([kept]) is None


@pytest.mark.parametrize("one, other", [("Ben", "Ben\u200b"), ("Ana", "\u2066Ana\u2069"), ("Ana", "ana\u200d"), ("Mia", "M\u00adia")])
def test_names_that_differ_only_by_hidden_characters_are_one_player(one, other):
    assert name_key(one) == name_key(other)


@settings(max_examples=200, deadline=None)
@given(st.text(st.characters(codec="utf-8"), max_size=30))
def test_a_clean_name_holds_no_hidden_character_and_is_its_own_cleaning(name):
    cleaned = clean_name(name)
    assert hidden_characters(cleaned) == [] and clean_name(cleaned) == cleaned
    assert name_key(cleaned) == name_key(name)


def add_name(h, text):
    field = h.find(ft.TextField, label="Player name")
    h.type(field, text)
    h.fire(field, "submit", text)


def seated(h):
    return [b.tooltip[len("Remove ") :] for b in h.controls() if isinstance(b, ft.IconButton) and (b.tooltip or "").startswith("Remove ")]


def test_setup_seats_a_name_without_its_hidden_characters_and_folds_it(open_app):
    h = open_app("/setup/bgg-card-game")
    add_name(h, "Ana\u202eevil")
    add_name(h, "Ben")
    add_name(h, "Ben\u200b")
    assert seated(h) == ["Anaevil", "Ben"]
    assert h.find(ft.Text, color=ft.Colors.ERROR).value == "Ben is already playing."


def test_a_rename_takes_the_hidden_characters_out(open_app, store):
    store.add_finished([record("lc1")])
    h = open_app("/players/Noah")
    h.type(h.find(ft.TextField, label="New name"), "\u2066Noa\u202e")
    h.tap("Rename")
    assert store.get("lc1").players == ["Mia", "Noa"]


def test_where_and_notes_lose_their_hidden_characters_on_setup_and_results(open_app, store):
    """Issue 61: Setup's and Results' "where" store what an import would accept, without a bidi override."""
    h = open_app("/setup/cgt")
    h.type(h.find(ft.TextField, label="Where (optional)"), "Caf\u202eé Nord\u200b")
    h.type(h.find(ft.TextField, label="Notes (optional)"), "\u2066birthday\u2069 game")
    game_id = set_up(h, ["Ana", "Ben"])
    assert (store.get(game_id).record["location"], store.get(game_id).record["notes"]) == ("Café Nord", "birthday game")
    assert open_app("/setup/lost-cities").find(ft.TextField, label="Where (optional)").value == "Café Nord"  # remembered clean
    store.add_finished([record("lc1")])
    h = open_app("/history/lc1")
    h.type(h.find(ft.TextField, label="Where"), "\u202dAttic\u202c")
    h.tap("Save where and notes")
    assert not h.conn.errors and store.get("lc1").record["location"] == "Attic"


def test_a_rematch_of_a_game_stored_before_the_rule_seats_clean_names(store):
    """A game an older import let in with `Ben\u200b` still starts a rematch: as Ben, who Setup would seat."""
    import scoring

    old = renamed(record("lc1"), "Noah", "Ben\u200b")
    again = store.create(scoring.rematch(old))
    assert again.players == ["Mia", "Ben"]


# ---- CSV: cells a spreadsheet would run ------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", " =1+1", "|cmd", "\uff1d1+1", "\uff0b1", "\uff0d1", "\uff20SUM(A1)"]
)
def test_csv_cells_a_spreadsheet_would_run_are_escaped(text):
    assert file_formats.cell(text) == "'" + text
    game = record("lc1", id=text, notes=text)
    if clean_detail(text, "location") == text:  # a location Setup could store
        game["location"] = text
    rows = list(csv.DictReader(io.StringIO(file_formats.export_csv([game]))))
    assert rows[0]["id"] == rows[0]["notes"] == "'" + text
    assert rows[0]["location"] == ("'" + text if game["location"] == text else "Kitchen")


@pytest.mark.parametrize("text", ["Café Nord", "1 Main St", "'quoted'", "a|b", "a=b"])
def test_plain_cells_are_left_as_they_are(text):
    assert file_formats.cell(text) == text
