"""Issue 39: the player's scores-over-time chart drew grid lines at 50 and 100 (the chart library's own
interval) beside labels in steps of 20. Labels and grid lines now come from one whole step."""

import flet_charts as charts
import pytest

from companion.ui.widgets.chart_axis import WholeScale


@pytest.mark.parametrize(
    ("low", "high", "step", "values"),
    [
        (0, 5, 1, [0, 1, 2, 3, 4, 5]),
        (0, 132, 22, [0, 22, 44, 66, 88, 110, 132]),
        (-12, 61, 13, [0, 13, 26, 39, 52]),
        (-30, -2, 5, [-30, -25, -20, -15, -10, -5]),
        (3, 4, 1, [3, 4]),
    ],
)
def test_one_step_places_labels_and_grid_lines(low, high, step, values):
    scale = WholeScale(low, high)
    axis, grid = scale.axis(), scale.grid_lines()
    assert scale.step == axis.label_spacing == grid.interval == step
    assert [label.value for label in axis.labels] == values
    assert all(v % grid.interval == 0 for v in values)  # the chart counts grid lines from 0: each label on a line


def test_the_players_chart_has_a_grid_line_at_each_label_and_none_between(open_app, store):
    def game(i: int, mia: list[int], noah: list[int]) -> dict:
        tableaux = {"Mia": {"red": {"cards": mia}}, "Noah": {"blue": {"cards": noah}}}
        return {"game": "lost-cities", "players": ["Mia", "Noah"], "variant": {"rounds": 1}, "rounds": [tableaux], "id": f"g{i}"} | {
            "played_at": f"2026-11-0{i + 1}T20:00:00"
        }

    hands = [([2, 3, 4, 5, 6, 7, 8, 9, 10], [5]), ([10], [2, 3, 4, 5, 6, 7, 8, 9, 10]), ([6, 7, 8, 9, 10], [9, 10])]
    store.add_finished([game(i, mia, noah) for i, (mia, noah) in enumerate(hands)])  # Mia: 34, -10, 20
    h = open_app("/players/Mia")
    [chart] = h.find_all(charts.LineChart)
    grid, axis = chart.horizontal_grid_lines, chart.left_axis
    assert grid is not None and grid.interval == axis.label_spacing
    lines = [v for v in range(int(chart.min_y), int(chart.max_y) + 1) if v % grid.interval == 0]
    assert len(lines) >= 3 and lines == [label.value for label in axis.labels]
