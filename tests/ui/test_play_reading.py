"""What a play screen gives screen readers (issue 64), browserless: the header's sentence for each game, phone and
tablet, host and guest, following the round as the game changes; each total a live sentence with its player and
place; the score sheet a DataTable (Flutter's web engine makes it a table: tests/e2e/test_play_reading.py reads it
in Chromium)."""

from __future__ import annotations

import flet as ft
import pytest

import scoring
from companion.access.invites import Invites

from .harness import walk

PHONE, TABLET = 390, 1180


def header(h) -> str | None:
    return h.find_semantics("play-header").label


def badge(h, player: str) -> ft.Semantics:
    """The group around a player's total: the Semantics that holds total-<player>."""
    (found,) = [
        c
        for c in h.find_all(ft.Semantics)
        if c.label and any(getattr(d, "identifier", None) == f"total-{player}" for d in walk(c.content)) and c.identifier != "play-header"
    ]
    return found


def read(content: ft.Control) -> str:
    """A cell as a screen reader reads it: its label, else its text."""
    content = ft.unwrap_component(content)
    if isinstance(content, ft.Semantics) and content.label:
        return content.label
    return next(t.value for t in walk(content) if isinstance(t, ft.Text))


def new_game(store, game: str, players=("Mia", "Noah"), variant=None) -> str:
    return store.create(scoring.new_record(game, list(players), variant)).id


@pytest.mark.parametrize(
    ("game", "width", "variant", "said"),
    [
        ("lost-cities", PHONE, {"rounds": 3}, "Round 1 of 3. Mia's cards are shown."),
        ("lost-cities", TABLET, {"rounds": 3}, "Round 1 of 3."),
        ("six-nimmt", PHONE, None, "Round 1. Mia's cards are shown."),
        ("card-commons", PHONE, None, "Round 1 (×1). Mia's cards are shown."),
        ("score-pad", PHONE, None, "Round 1."),
        ("cgt", PHONE, None, "Mia's cards are shown."),
    ],
)
def test_the_header_is_named_by_one_sentence(open_app, store, game, width, variant, said):
    h = open_app(f"/play/{new_game(store, game, variant=variant)}", width=width)
    assert (header(h) or "") == said


def test_the_header_follows_the_round_and_a_guests_seat(open_app, store):
    game_id = new_game(store, "score-pad")
    h = open_app(f"/play/{game_id}")
    h.tap("Next round")  # the game changes, not the view: the header's part draws its sentence again
    h.settle_until(lambda: header(h) == "Round 2.")
    phone = open_app(f"/join/{Invites(store).code_for(new_game(store, 'six-nimmt'))}", browser_storage={})
    phone.tap("I am Noah")
    phone.settle_until(lambda: header(phone) == "Round 1. Your seat: Noah.")


def test_a_total_is_a_live_sentence_with_its_player_and_place(open_app, store):
    h = open_app(f"/play/{new_game(store, 'lost-cities', variant={'rounds': 3})}")
    assert badge(h, "Mia").label == "Mia: 0 points"  # nothing entered: no place yet
    h.tap("Mia red 6")
    assert h.text_of("total-Mia") == "−14" and h.text_of("place-Mia") == "2nd"  # what tests and clients read
    assert (badge(h, "Mia").label, badge(h, "Noah").label) == ("Mia: −14 points, 2nd place", "Noah: 0 points, 1st place")
    assert badge(h, "Mia").live_region and not h.find_semantics("total-Mia").live_region  # the sentence is said, once


def test_the_score_sheet_is_a_table_of_named_cells_in_german(open_app, store):
    record = scoring.new_record("six-nimmt", ["Ana", "Ben"])
    record["rounds"] = [{"Ana": {"cards": [55]}, "Ben": {"cards": [1]}}, {"Ana": {"cards": []}, "Ben": {"cards": [2, 3]}}]
    h = open_app(f"/play/{store.create(record).id}", languages=["de"])
    h.settle()  # the browser's languages are asked once the page is up
    (table,) = h.find_all(ft.DataTable)
    assert [c.label.value for c in table.columns] == ["Runde", "Ana", "Ben"]
    assert [[read(cell.content) for cell in row.cells] for row in table.rows] == [
        ["1", "7, Summe 7", "1, Summe 1"],
        ["2", "0, Summe 7", "2, Summe 3"],
        ["Summe", "7", "3"],
    ]
    assert badge(h, "Ana").label == "Ana: 7 Hornochsen, 2. Platz"
