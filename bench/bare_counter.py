"""The smallest Flet app that does what a tap at the table does: a button that changes a text.
bench/app.py serves it beside Tableside, so Tableside's tap → total can be compared with Flet's own
floor on the same machine in the same run.

    python bench/bare_counter.py PORT
"""

from __future__ import annotations

import sys

import flet as ft
import flet_web.fastapi as flet_fastapi
import uvicorn


def main(page: ft.Page) -> None:
    count = ft.Text("0", size=24)

    def add(e) -> None:
        count.value = str(int(count.value) + 1)

    page.add(ft.Semantics(identifier="count", content=count), ft.FilledButton("Add one", on_click=add, height=48))


if __name__ == "__main__":
    uvicorn.run(flet_fastapi.app(main, no_cdn=True), host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
