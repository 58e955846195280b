"""The results screen of a game played in rounds carries its score sheet (rounds as rows, running
totals), beside the places on a tablet and under them on a phone; a game scored once has none."""

import json
from pathlib import Path

import flet as ft
import pytest

import scoring
from companion.ui.views import results

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


def widths(h) -> list[float]:
    """The fixed widths of the Results' columns, widest first (none on a phone: the full width)."""
    held = [c for c in walk(top_view(h)) if isinstance(c, ft.Row) and c.alignment == ft.MainAxisAlignment.CENTER]
    centred = [c.controls[0].width for c in held if len(c.controls) == 1 and isinstance(c.controls[0], ft.Container)]
    return sorted([*centred, *(c.width for c in h.find_all(ft.Container, width=results.PLACES_WIDTH))], reverse=True)


@pytest.mark.parametrize(
    ("example_name", "width", "sheet"),
    [("cgt-values-and-penalty", 1180, False), ("card-commons-round-3", 1180, True), ("cgt-values-and-penalty", 1024, False)],
)
def test_on_a_tablet_results_are_one_readable_centred_column(open_app, store, example_name, width, sheet):
    """Issue 39: names and totals ~900 px apart on a tablet. The column is at most 640 px wide, the
    places (a name and its total) at most 420 px, and a game in rounds has its sheet in the column."""
    store.add_finished([example(example_name, id="g", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/g", width=width)
    assert widths(h) == [results.MAX_WIDTH, results.PLACES_WIDTH] and results.MAX_WIDTH <= 640
    assert len(sheets(h)) == int(sheet)
    assert all(card.width * 2 <= results.MAX_WIDTH for card in h.find_all(ft.Card))  # two breakdowns side by side


def test_on_a_phone_results_take_the_whole_width(open_app, store):
    store.add_finished([example("cgt-values-and-penalty", id="g", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/g", width=390)
    assert widths(h) == []


def test_lost_cities_results_carry_the_sheet_too(open_app, store):
    store.add_finished([example("lost-cities-edge-values", id="lc", played_at="2026-04-03T20:00:00")])
    h = open_app("/history/lc")
    (sheet,) = sheets(h)
    totals = scoring.score(store.get("lc").record).totals
    assert texts(sheet)[-2:] == [scoring.number(totals["Mia"]), scoring.number(totals["Noah"])]
