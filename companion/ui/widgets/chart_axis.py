"""A chart scale of whole numbers: wins and scores are counted, never 0.5 or 1.5.

The chart library picks its own interval (fractions when the range is small, and for grid lines one
of its own: lines at 50 and 100 beside labels 20, 40, 60…); here one step, a whole number that grows
with the range so that about six labels show, places both the labels and the grid lines: every
line has its label and every label its line. (Both sit on multiples of the step: the chart counts
its grid lines from 0, and the labels start at the first multiple of the step in range.)"""

from __future__ import annotations

import math
from dataclasses import dataclass

import flet as ft
import flet_charts as charts

from scoring import number

LABELS = 6


def whole_step(low: float, high: float) -> int:
    """The step between labels: a whole number, 1 for a small range."""
    return max(1, math.ceil((high - low) / LABELS))


@dataclass(frozen=True)
class WholeScale:
    low: float
    high: float

    @property
    def step(self) -> int:
        return whole_step(self.low, self.high)

    @property
    def values(self) -> range:
        """The values labelled (and lined): the multiples of the step from `low` to `high`."""
        step = self.step
        return range(math.ceil(self.low / step) * step, math.floor(self.high) + 1, step)

    def axis(self, label_size: float = 36) -> charts.ChartAxis:
        return charts.ChartAxis(
            label_size=label_size,
            label_spacing=self.step,
            labels=[charts.ChartAxisLabel(value=v, label=ft.Text(number(v), size=12)) for v in self.values],
        )

    def grid_lines(self, color: ft.ColorValue = ft.Colors.OUTLINE_VARIANT, width: float = 1) -> charts.ChartGridLines:
        return charts.ChartGridLines(interval=self.step, color=color, width=width)


def integer_axis(low: float, high: float, label_size: float = 36) -> charts.ChartAxis:
    return WholeScale(low, high).axis(label_size)
