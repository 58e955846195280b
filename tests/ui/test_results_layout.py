"""The results screen of a game played in rounds carries its score sheet (rounds as rows, running
totals), beside the places on a tablet and under them on a phone; a game scored once has none."""

import json
from pathlib import Path

import flet as ft
import pytest

import scoring

from .harness import walk

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def example(name: str, **meta) -> dict:
    return {**json.loads((EXAMPLES / f"{name}.json").read_text())["record"], **meta}


def top_view(h) -> ft.View:
    """The view on top of the stack, as drawn (the app's views are components)."""
    return ft.unwrap_component(ft.unwrap_component(h.page.views)[-1])


def sheets(h):
    return [c for c in walk(top_view(h)) if isinstance(c, ft.Semantics) and c.label == "Score sheet"]


def texts(control) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


@pytest.mark.parametrize("width", [390, 1180])
def test_card_commons_results_show_every_round_with_its_multiplier_and_running_totals(open_app, store, width):
    store.add_finished([example("card-commons-extra-round", id="cc", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/cc", width=width)
    (sheet,) = sheets(h)
    cells = texts(sheet)
    assert cells[:3] == ["Round", *store.get("cc").players]
    labels = [c for c in cells if " ×" in c]
    assert len(labels) == 5 and [label.split()[0] for label in labels] == ["1", "2", "3", "4", "5"]  # one row a round
    stored = store.get("cc")
    totals = scoring.score(stored.record).totals
    assert cells[-2:] == [str(totals[p]) for p in stored.players]  # the Total row
    assert all(f"= {totals[p]}" in cells for p in stored.players)  # the last running total


def test_a_game_scored_once_has_no_score_sheet_and_its_places_use_the_full_width(open_app, store):
    store.add_finished([example("cgt-values-and-penalty", id="cgt", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/cgt", width=1180)
    assert sheets(h) == []
    (row,) = h.find_all(ft.ResponsiveRow)
    assert [c.col for c in row.controls] == [12]


def test_on_a_tablet_places_and_score_sheet_share_the_width(open_app, store):
    store.add_finished([example("card-commons-round-3", id="cc3", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/cc3", width=1180)
    (row,) = h.find_all(ft.ResponsiveRow)
    assert [c.col for c in row.controls] == [{"xs": 12, "md": 6}] * 2
    assert len(sheets(h)) == 1


def test_lost_cities_results_carry_the_sheet_too(open_app, store):
    store.add_finished([example("lost-cities-edge-values", id="lc", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/lc")
    (sheet,) = sheets(h)
    totals = scoring.score(store.get("lc").record).totals
    assert texts(sheet)[-2:] == [str(totals["Mia"]), str(totals["Noah"])]
