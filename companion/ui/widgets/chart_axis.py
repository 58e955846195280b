"""A chart axis of whole numbers: wins and scores are counted, never 0.5 or 1.5.

The chart library picks its own interval (fractions when the range is small); here the labels are
given, one per whole step, and the step grows with the range so that about six labels show."""

from __future__ import annotations

import math

import flet as ft
import flet_charts as charts

LABELS = 6


def whole_step(low: float, high: float) -> int:
    """The step between labels: a whole number, 1 for a small range."""
    return max(1, math.ceil((high - low) / LABELS))


def integer_axis(low: float, high: float, label_size: float = 36) -> charts.ChartAxis:
    step = whole_step(low, high)
    first = math.ceil(low / step) * step
    values = range(first, math.floor(high) + 1, step)
    return charts.ChartAxis(
        label_size=label_size,
        label_spacing=step,
        labels=[charts.ChartAxisLabel(value=v, label=ft.Text(str(v), size=12)) for v in values],
    )
