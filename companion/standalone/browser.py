"""Tableside in the browser (Pyodide): the same app and store as the server's, its data folder kept in
the browser's IndexedDB.

Emscripten's IDBFS keeps a folder of Pyodide's file system in IndexedDB: it is read back once at start
(`syncfs(True)`) and, mounted with `autoPersist`, written back after every change to a file in it, so
every save the store commits (an atomic write and rename, as on a disk) reaches IndexedDB without the
store knowing where it runs. A tab closed mid-write loses at most that write: the store's own checks
and backups then treat the folder as they would a disk after a power cut.

One tab writes at a time. Two tabs of the site (or the installed app and a tab) would each hold their
own copy of the folder and write whole files back, the last writer winning: a game saved in one
vanished when the other saved. So a tab holds a Web Lock for as long as it is open; a second tab reads
nothing until it holds the lock: it says the games are open in another tab and offers to use them here,
which takes the lock (the other tab stops writing at once and says so), then reads the games as the
first tab left them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from companion.language import N_, _, speaking

DATA = Path("/tableside")  # the mount point; the store's folder is inside it, as on a computer
LOCK = "tableside-games"  # the Web Lock of the tab that reads and writes the games
# The worker's Web Locks (navigator.locks): `hold` answers whether this tab now holds the lock, `take`
# takes it from the tab that holds it; either way `lost` is called if another tab takes it later.
TAB_LOCK = """(() => {
  const forever = () => new Promise(() => {});  // held until the tab closes
  const ask = (options, lost) => new Promise((answer) => {
    navigator.locks.request("LOCK", options, (lock) => { answer(lock !== null); return lock ? forever() : null; })
      .catch(() => lost());
  });
  return {
    available: typeof navigator !== "undefined" && navigator.locks !== undefined,
    hold: (lost) => ask({ ifAvailable: true }, lost),
    take: (lost) => ask({ steal: true }, lost),
  };
})()""".replace("LOCK", LOCK)
# Said in the tab's language (its session's: the device's choice, else the browser's; `in_words`).
ELSEWHERE = N_("Tableside is open in another tab of this browser. Its games are kept there; use them there, or here.")
TAKE = N_("Use Tableside here")
STOPPED = N_(
    "Tableside was opened in another tab, and this tab has stopped so that no game is written twice. "
    "Nothing was lost. Reload to use it here."
)


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


def stop_writing() -> None:
    """Nothing more of this tab reaches IndexedDB (another tab writes the games now)."""
    import pyodide_js  # type: ignore[import-not-found]

    try:
        pyodide_js.FS.lookupPath(str(DATA)).node.mount.opts.autoPersist = False
    except Exception as error:  # not mounted yet: nothing to stop
        print(f"Tableside: {error}")


class Tab:
    """Whether this tab holds the games: a Web Lock it keeps while it is open. Asked as soon as Python runs,
    before Flutter asks for the first page; what the tab says (the games open elsewhere, or taken by another
    tab) is said on the page once there is one."""

    def __init__(self) -> None:
        from pyodide.code import run_js  # type: ignore[import-not-found]
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        self.lock = run_js(TAB_LOCK)
        self.on_lost = create_proxy(self.lost)
        self.page = None  # the session's page, once Flutter asked for it
        self.taken = False  # another tab took the games from this one

    async def hold(self) -> bool:
        """True when this tab now holds the games (in a browser without Web Locks: nothing to ask of other tabs)."""
        return not self.lock.available or await self.lock.hold(self.on_lost)

    def lost(self, *args) -> None:
        stop_writing()
        self.taken = True
        if self.page is not None:
            self.say_taken(self.page)

    def shown_on(self, page) -> None:
        self.page = page
        if self.taken:  # taken before there was a page to say it on
            self.say_taken(page)

    def say_taken(self, page) -> None:
        import flet as ft
        import flet_js  # type: ignore[import-not-found]

        async def reload(e) -> None:
            await ft.UrlLauncher().launch_url(str(flet_js.documentUrl), web_only_window_name="_self")

        with speaking(in_words(page)):
            page.show_dialog(
                ft.AlertDialog(
                    modal=True,
                    title=ft.Text(_("Open in another tab")),
                    content=ft.Text(_(STOPPED)),
                    actions=[ft.FilledButton(_("Reload"), on_click=reload)],
                )
            )
        page.update()

    async def use_here(self, page) -> None:
        """The games are open in another tab: return once the person chose to use them here (and this tab took them)."""
        import flet as ft

        from companion.ui.language import Language
        from companion.ui.preferences import BrowserPreferences

        await Language(page, BrowserPreferences()).restore()  # the app's own screens ask again: this one comes first
        chosen = asyncio.Event()
        with speaking(in_words(page)):
            page.views.append(
                ft.View(
                    route="/",
                    appbar=ft.AppBar(title=ft.Text("Tableside")),
                    controls=[
                        ft.Semantics(identifier="message", content=ft.Text(_(ELSEWHERE))),
                        ft.FilledButton(_(TAKE), height=48, on_click=lambda e: chosen.set()),
                    ],
                    spacing=16,
                )
            )
        page.update()
        await chosen.wait()
        await self.lock.take(self.on_lost)
        page.views.clear()


NO_ROOM = N_(
    "This browser has no room left to keep Tableside's games: what you enter shows here but is not kept, "
    "and would be lost when this tab closes. Free some space on this device (or export the history); "
    "Tableside keeps everything as soon as there is room."
)


class KeptInBrowser:
    """The store's change bus (data/changes.py) in the browser: after every change the store publishes, the
    folder is written back to IndexedDB once more and the answer is heard. `autoPersist` writes as well,
    but says nothing when a write fails: a full quota would lose every game in silence. Said once, until
    a write succeeds again."""

    def __init__(self, page) -> None:
        self.page = page
        self.said: object = None  # the dialog that says there is no room, while it stands

    def send(self, origin: str, topics: frozenset[str]) -> None:
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

        pyodide_js.FS.syncfs(False, create_once_callable(self.written))

    def listen(self, heard: Callable[[str, frozenset[str]], None]) -> Callable[[], None]:
        return lambda: None  # one process: nothing arrives from elsewhere

    def written(self, error) -> None:
        import flet as ft

        if not error:
            self.said = None
            return
        print(f"Tableside: the games could not be kept in this browser: {error}")
        if self.said is not None:
            return
        with speaking(in_words(self.page)):
            self.said = ft.AlertDialog(
                title=ft.Text(_("No room to keep the games")),
                content=ft.Semantics(identifier="no-room", content=ft.Text(_(NO_ROOM))),
                actions=[ft.TextButton(_("OK"), on_click=lambda e: self.page.pop_dialog())],
            )
        self.page.show_dialog(self.said)
        self.page.update()


def in_words(page) -> str:
    """The language this tab speaks (its session's), for what is said outside a screen's drawing: a lock
    lost or a write refused is heard from JavaScript, where no session is being drawn."""
    from companion.ui.language import spoken_in

    return spoken_in(page)


def fresh_state() -> None:
    """What a memory snapshot froze at build time, made this start's: `random`'s seed and the time zone
    (hash randomisation stays the build's: nothing here hashes what another person chose)."""
    import random
    import time

    random.seed()
    if hasattr(time, "tzset"):
        time.tzset()


def run() -> None:
    import flet as ft

    from companion.standalone.stdlib import fetch_whole_when_needed

    fetch_whole_when_needed()  # first: any import after it may need a module the cut standard library left out
    fresh_state()

    from companion.bootstrap import make_main
    from companion.data.changes import Changes
    from companion.data.store import GameStore

    tab = Tab()

    async def open_games() -> GameStore:
        await mount_browser_storage()
        if tab.taken:  # another tab took the games while they were read: this one writes nothing
            stop_writing()
        return GameStore(DATA / "data")

    async def open_at_once() -> GameStore | None:
        return await open_games() if await tab.hold() else None

    # While Flutter still starts (Python is ready first): the lock, IndexedDB and the store are not on the
    # way from Flutter's first request to the home screen (0.1 s of it, in the browser).
    opening = asyncio.ensure_future(open_at_once())

    async def main(page: ft.Page) -> None:
        tab.shown_on(page)
        store = await opening
        if store is None:  # the games are open in another tab: read once this tab holds them, as that tab left them
            await tab.use_here(page)
            store = await open_games()
        store.changes = Changes(bus=KeptInBrowser(page))  # before any screen subscribes
        make_main(store, standalone=True)(page)

    ft.run(main)
