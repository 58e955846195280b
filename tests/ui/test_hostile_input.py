"""Hostile input at the fields, browserless: names in setup, numbers on the play screen, history dates."""

import unicodedata
from datetime import UTC, date, datetime

import flet as ft
import pytest

from companion.ui.games.bgg_game import parse_number
from companion.ui.views.history import picked_day, valid_date
from scoring.bgg_game import MAX_GG
from scoring.names import name_problem

from .helpers import scored_totals, set_up


def add_name(h, text):
    field = h.find(ft.TextField, label="Player name")
    h.type(field, text)
    h.fire(field, "submit", text)
    return field


def message(h):
    """The setup screen's refusal (the one Text in the error colour)."""
    return h.find(ft.Text, color=ft.Colors.ERROR).value


def seated(h):
    """Names in the seat rows (their Remove buttons), in seat order."""
    return [b.tooltip[len("Remove ") :] for b in h.controls() if isinstance(b, ft.IconButton) and (b.tooltip or "").startswith("Remove ")]


# ---- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\t", "\u3000", "\u00a0 ", "\u200b", "\u200e\u200f"])
def test_empty_and_blank_names_are_refused(open_app, text):
    h = open_app("/setup/bgg-card-game")
    field = add_name(h, text)
    assert message(h) == "Type a name first."
    assert seated(h) == []
    assert field.value == text  # kept, so the person sees what was refused


@pytest.mark.parametrize(
    "first, again",
    [
        ("Mia", "mia"),
        ("Mia", "  MIA  "),
        ("Zoë", "zoe\u0308"),
        ("ZOË", "Zoë"),
        ("Straße", "STRASSE"),
        ("王小明", " 王小明 "),
        ("ليلى", "ليلى\u00a0"),
    ],
)
def test_duplicate_names_are_refused_case_insensitively_after_trimming_and_nfc(open_app, first, again):
    h = open_app("/setup/bgg-card-game")
    add_name(h, first)
    add_name(h, again)
    assert seated(h) == [first]
    assert message(h).endswith("is already playing.")


def test_control_characters_are_refused(open_app):
    h = open_app("/setup/bgg-card-game")
    add_name(h, "Mia\nNoah")
    assert "line breaks" in message(h) and seated(h) == []


def test_names_are_stored_trimmed_and_nfc(open_app, store):
    h = open_app("/setup/bgg-card-game")
    game_id = set_up(h, ["  zoe\u0308 ", "王小明"])
    players = store.get(game_id).record["players"]
    assert players == ["zoë", "王小明"]
    assert all(unicodedata.is_normalized("NFC", p) for p in players)


def test_a_200_character_name_is_kept_whole_and_shown_short(open_app, store):
    long = "Bartholomew-" + "x" * 188
    assert len(long) == 200
    h = open_app("/setup/bgg-card-game")
    add_name(h, long)
    assert seated(h) == [long]
    shown = [t.value for t in h.find_all(ft.Text) if (t.value or "").startswith("Bartholomew")]
    assert shown and all(len(v) < 30 and v.endswith("…") for v in shown)
    game_id = set_up(h, ["Mia"])
    assert store.get(game_id).record["players"] == [long, "Mia"]
    names = [
        t.value for t in h.find_all(ft.Text) if (t.value or "").startswith("Bartholomew") and "place" not in t.value
    ]  # scoring's tiebreak sentences name players in full, and wrap
    assert names and all(long not in v for v in names), names
    assert h.text_of(f"total-{long}") == "0"


def test_a_name_longer_than_200_characters_is_refused(open_app):
    h = open_app("/setup/bgg-card-game")
    add_name(h, "y" * 201)
    assert message(h) == "A name can be at most 200 characters long." and seated(h) == []


def test_name_problem_never_raises():
    for text in (None, "", "\x00", "\ud800", "a" * 10_000, "👨‍👩‍👧", "\u0301"):
        problem = name_problem(text, ["A"])
        assert problem is None or isinstance(problem, str)
    assert name_problem("👨‍👩‍👧", []) is None  # a zero-width joiner inside a name is fine


# ---- numbers -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, number",
    [
        ("7", 7),
        (" 7", 7),
        ("7 ", 7),
        ("007", 7),
        ("٣", 3),
        ("١٢", 12),
        ("３", 3),
        (str(MAX_GG), MAX_GG),
        ("12 GG", None),
        ("1e3", None),
        ("-5", None),
        ("3.5", None),
        ("", None),
        (" ", None),
        ("+4", None),
        ("9" * 5000, None),
        ("0x10", None),
        ("½", None),
        ("1 000", None),
    ],
)
def test_parse_number(text, number):
    assert parse_number(text) == number


@pytest.fixture
def bgg_game(open_app, store):
    h = open_app("/setup/bgg-game")
    game_id = set_up(h, ["Ada", "Bo", "Cy"])
    return h, game_id


@pytest.mark.parametrize("text", ["12 GG", "1e3", "-5", "1000", "9" * 5000, "3.5", "abc", ""])
def test_income_field_refuses_bad_and_out_of_range_text(bgg_game, store, text):
    h, game_id = bgg_game
    before = store.get(game_id).record
    totals = scored_totals(store, game_id)
    field = h.find(ft.TextField, label="Ada round 1 income")
    h.type(field, text)
    h.fire(field, "submit", text)
    assert h.find(ft.TextField, label=field.label).error == f"0 to {MAX_GG}"  # drawn again: find it again
    assert store.get(game_id).record == before and scored_totals(store, game_id) == totals
    assert not h.conn.errors


@pytest.mark.parametrize("text, number", [(" 7", 7), ("٣", 3), ("３", 3), ("999", 999)])
def test_income_field_reads_pasted_digits(bgg_game, store, text, number):
    h, game_id = bgg_game
    start = scored_totals(store, game_id)["Ada"]
    field = h.find(ft.TextField, label="Ada round 1 income")
    h.type(field, text)
    h.fire(field, "submit", text)
    assert scored_totals(store, game_id)["Ada"] == start + number
    assert h.text_of("total-Ada") == str(start + number)
    assert not h.conn.errors


def test_track_field_refuses_out_of_range_on_blur(bgg_game, store):
    h, game_id = bgg_game
    h.tap("Score track")
    field = h.find(ft.TextField, label="Ada GG on the track")
    before = store.get(game_id).record
    h.type(field, str(MAX_GG + 1))
    h.fire(field, "blur")
    assert any("0 to 999" in repr(m.body) for m in h.conn.sent[-3:])  # the browser is told
    assert h.find(ft.TextField, label=field.label).error == f"0 to {MAX_GG}" and store.get(game_id).record == before
    h.type(field, " 41")
    h.fire(field, "blur")
    assert scored_totals(store, game_id)["Ada"] == 41


# ---- history dates -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, iso",
    [
        ("2026-02-01", "2026-02-01"),
        (" 2026-02-01 ", "2026-02-01"),
        ("٢٠٢٦-٠٢-٠١", "2026-02-01"),
        ("２０２６-０２-０１", "2026-02-01"),
        ("2026-13-01", None),
        ("2026-02-30", None),
        ("20260201", None),
        ("2026-W05-1", None),
        ("2026-2-1", None),
        ("0000-01-01", None),
        ("99999-01-01", None),
        ("2026-02-01T10:00", None),
        ("", None),
        ("\x00", None),
    ],
)
def test_valid_date(text, iso):
    assert valid_date(text) == iso


@pytest.mark.parametrize(
    "value, iso",
    [
        (date(2026, 2, 1), "2026-02-01"),
        (datetime(2026, 2, 1), "2026-02-01"),
        (datetime(2026, 1, 31, 23, 0, tzinfo=UTC), "2026-02-01"),  # Berlin's midnight, said in UTC
        (datetime(2026, 2, 1, 5, 0, tzinfo=UTC), "2026-02-01"),  # New York's midnight, said in UTC
        ("2026-02-01", "2026-02-01"),
        ("2026-02-01T00:00:00.000", "2026-02-01"),
        ("٢٠٢٦-٠٢-٠١", "2026-02-01"),
        ("not a date", None),
        ("", None),
        (None, None),
        (17, None),
        ([2026, 2, 1], None),
        ({"y": 2026}, None),
    ],
)
def test_picked_day(value, iso):
    assert picked_day(value) == iso


def test_history_date_picker_refuses_what_is_not_a_day(open_app):
    h = open_app("/history")
    h.tap("From: any date")
    picker = next(d for d in reversed(h.page._dialogs.controls) if isinstance(d, ft.DatePicker))
    for junk in ("1e3", "٣", "12 GG", 17):
        h.choose(picker, junk)
        assert h.buttons("From: any date")  # the filter did not change
        assert any(t.value == "That is not a day: pick one in the calendar." for t in h.find_all(ft.Text))
    assert not h.conn.errors
