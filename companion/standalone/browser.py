"""Tableside in the browser (Pyodide): the store in a folder kept in the browser's IndexedDB."""

from __future__ import annotations

from pathlib import Path

DATA = Path("/tableside-data")


def run() -> None:
    import flet as ft

    from companion.data.store import GameStore
    from companion.ui.app import make_main

    DATA.mkdir(parents=True, exist_ok=True)
    store = GameStore(DATA / "data")
    ft.run(make_main(store))
