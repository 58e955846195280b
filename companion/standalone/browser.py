"""Tableside in the browser (Pyodide): the same app and store as the server's, its data folder kept in
the browser's IndexedDB.

Emscripten's IDBFS keeps a folder of Pyodide's file system in IndexedDB: it is read back once at start
(`syncfs(True)`) and, mounted with `autoPersist`, written back after every change to a file in it, so
every save the store commits (an atomic write and rename, as on a disk) reaches IndexedDB without the
store knowing where it runs. A tab closed mid-write loses at most that write: the store's own checks
and backups then treat the folder as they would a disk after a power cut.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

DATA = Path("/tableside")  # the mount point; the store's folder is inside it, as on a computer


async def mount_browser_storage() -> None:
    """Mount DATA on IndexedDB and read back what an earlier visit kept there."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
    import pyodide_js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable, to_js  # type: ignore[import-not-found]

    fs = pyodide_js.FS
    DATA.mkdir(parents=True, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, to_js({"autoPersist": True}, dict_converter=js.Object.fromEntries), str(DATA))
    loaded: asyncio.Future = asyncio.get_running_loop().create_future()
    fs.syncfs(True, create_once_callable(lambda error: loaded.set_result(error)))
    error = await loaded
    if error:
        print(f"Tableside: the games kept in this browser could not be read: {error}")


def run() -> None:
    import flet as ft

    from companion.bootstrap import make_main
    from companion.data.store import GameStore

    async def main(page: ft.Page) -> None:
        await mount_browser_storage()
        store = GameStore(DATA / "data")
        make_main(store, standalone=True)(page)

    ft.run(main)
