"""The browser's text scale (a reader's font size), which never reaches the server otherwise: Flet's page media has
none, and Flutter's web engine takes its text scale from the page's root font size. An empty line of 13 px text in
the page's overlay, over every screen from the session's first frame: its height tells the scale. A width written
for 100 % text grows with it (GameScreen.text_scale for the play screens' cards, controls.at_text_scale elsewhere)."""

from __future__ import annotations

import flet as ft

from companion.ui.session import App

PROBE_LINE = 18.6  # px: an empty line of 13 px text at the browser's own text size, as Chromium lays it out
LOWEST, HIGHEST = 0.5, 4.0  # what a browser offers: a crafted event never makes a card a thousand times as wide


def scale_of(height: float) -> float:
    """The text scale an empty line `height` px tall tells, by quarters (a change of a pixel draws nothing again)."""
    return min(HIGHEST, max(LOWEST, round(height / PROBE_LINE * 4) / 4))


def text_probe(app: App) -> ft.Text:
    """The line; where it tells another scale, every screen draws again, as for a new page size. It is 0 px wide, so
    it takes no tap, and empty, so a screen reader finds nothing in it."""

    def measured(e: ft.LayoutSizeChangeEvent) -> None:
        if e.height > 0 and scale_of(e.height) != app.text_scale:
            app.text_scale = scale_of(e.height)
            app.resized()

    return ft.Text("", size=13, on_size_change=measured, key="text probe")
