"""Tableside in the browser (Pyodide): the same app and store as the server's, its data folder kept in
the browser's IndexedDB.

Emscripten's IDBFS keeps a folder of Pyodide's file system in IndexedDB: it is read back once at start
(`syncfs(True)`) and written back after every change the store publishes (and once after the start's own
repairs), so every save the store commits (an atomic write and rename, as on a disk) reaches IndexedDB
without the store knowing where it runs. A tab closed mid-write loses at most that write: the store's own
checks and backups then treat the folder as they would a disk after a power cut.

One tab writes at a time. Two tabs of the site (or the installed app and a tab) would each hold their
own copy of the folder and write whole files back, the last writer winning: a game saved in one
vanished when the other saved. So a tab holds a Web Lock for as long as it is open; a second tab reads
nothing until it holds the lock: it says the games are open in another tab and offers to use them here,
which takes the lock (the other tab stops writing at once and says so), then, once the other tab's last
write is done, reads the games as the first tab left them. A change the first tab was making when the
lock went is refused at its control, in words, and nothing of it is written (TAB_LOCK, Tab).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

from companion.language import N_, _, speaking
from companion.ui.themes import focus_style

DATA = Path("/tableside")  # the mount point; the store's folder is inside it, as on a computer
LOCK = "tableside-games"  # the Web Lock of the tab that holds the games (taken from it by "Use Tableside here")
WRITER = "tableside-writer"  # the Web Lock of the tab that writes them to IndexedDB (let go only once it stopped)
WAIT_FOR_WRITER = 10_000  # ms a tab waits for the last writer to let go before it takes the lock (that tab frozen)
# The worker's Web Locks (navigator.locks), given Emscripten's FS. `hold` answers whether this tab now holds the
# games, `take` takes them from the tab that holds them; either way `lost` is called if another tab takes them
# later. `held` is this tab's right to write; `persist` asks it and starts the write to IndexedDB in one step
# (no other task of the worker runs between the two: the loss of the lock is one).
#
# A take-over steals LOCK at once, but a steal waits for nothing: a write the old tab had begun would still land
# after the new tab read the games, and undo what it saves. So a tab holds WRITER as well, and lets go of it only
# when it has stopped (`held` false) and its last write is answered; the new tab reads nothing until it holds
# WRITER. A tab frozen by the browser never lets go: after WAIT_FOR_WRITER the new tab takes WRITER too.
TAB_LOCK = (
    """((FS) => {
  const locks = typeof navigator === "undefined" ? undefined : navigator.locks;
  const tab = { available: locks !== undefined, held: locks === undefined, stopped: false, writing: 0, letGo: null };
  const forever = () => new Promise(() => {});  // held until the tab closes
  let lost = () => {};
  const idle = () => {  // stopped, and nothing it began is still being written: the next tab may read
    if (!tab.held && tab.writing === 0 && tab.letGo) { tab.letGo(); tab.letGo = null; }
  };
  const stop = () => {
    tab.held = false;
    if (!tab.stopped) { tab.stopped = true; lost(); }
    idle();
  };
  const writer = () => new Promise((granted) => {
    const keep = () => new Promise((release) => {
      tab.letGo = release;
      tab.held = !tab.stopped;
      granted();
      idle();  // taken from this tab while it waited: let go at once
    });
    locks.request("__WRITER__", { signal: AbortSignal.timeout(__WAIT__) }, keep).catch((error) => {
      if (error.name !== "TimeoutError") return stop();
      console.warn("Tableside: the tab that wrote the games last did not let go; taking them");
      return locks.request("__WRITER__", { steal: true }, keep).catch(stop);
    });
  });
  const ask = (options, onLost) => new Promise((answer) => {
    lost = onLost;
    locks.request("__LOCK__", options, async (lock) => {
      if (lock === null) return answer(false);
      await writer();
      answer(true);
      return forever();
    }).catch(stop);
  });
  tab.hold = (onLost) => ask({ ifAvailable: true }, onLost);
  tab.take = (onLost) => ask({ steal: true }, onLost);
  tab.persist = (done) => {
    if (!tab.held) return false;
    tab.writing += 1;
    FS.syncfs(false, (error) => { tab.writing -= 1; idle(); done(error); });
    return true;
  };
  return tab;
})""".replace("__WRITER__", WRITER)
    .replace("__LOCK__", LOCK)
    .replace("__WAIT__", str(WAIT_FOR_WRITER))
)
# Said in the tab's language (its session's: the device's choice, else the browser's; `in_words`).
ELSEWHERE = N_("Tableside is open in another tab of this browser. Its games are kept there; use them there, or here.")
TAKE = N_("Use Tableside here")
STOPPED = N_(
    "Tableside was opened in another tab, and this tab has stopped so that no game is written twice. "
    "Nothing was lost. Reload to use it here."
)


# Said at the control whose change this tab refused once another tab took the games (a tap in flight then).
NOT_HERE = N_("Tableside is open in another tab now: nothing was changed here. Reload to use it here.")


async def mount_browser_storage() -> None:
    """Mount DATA on IndexedDB and read back what an earlier visit kept there. Not with IDBFS's `autoPersist`:
    its writes ask no one (turned off, they went on: its hooks never look at the option again); every write
    is `Tab.persist`'s."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the browser
    import pyodide_js  # type: ignore[import-not-found]
    from pyodide.ffi import create_once_callable  # type: ignore[import-not-found]

    fs = pyodide_js.FS
    DATA.mkdir(parents=True, exist_ok=True)
    fs.mount(fs.filesystems.IDBFS, js.Object.new(), str(DATA))
    loaded: asyncio.Future = asyncio.get_running_loop().create_future()
    fs.syncfs(True, create_once_callable(lambda error: loaded.set_result(error)))
    error = await loaded
    if error:
        print(f"Tableside: the games kept in this browser could not be read: {error}")


class Tab:
    """Whether this tab holds the games: a Web Lock it keeps while it is open. Asked as soon as Python runs,
    before Flutter asks for the first page; what the tab says (the games open elsewhere, or taken by another
    tab) is said on the page once there is one. Every change the store makes asks `refused` first and every
    write to IndexedDB asks JavaScript's `held` again (`persist`): both read the one flag the lock's loss
    clears, within the worker's one task of the change, so a tap in flight when the lock goes is refused in
    words and nothing of it is written."""

    def __init__(self) -> None:
        import pyodide_js  # type: ignore[import-not-found]
        from pyodide.code import run_js  # type: ignore[import-not-found]
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        self.lock = run_js(TAB_LOCK)(pyodide_js.FS)
        self.on_lost = create_proxy(self.lost)
        self.page = None  # the session's page, once Flutter asked for it
        self.taken = False  # another tab took the games from this one

    async def hold(self) -> bool:
        """True when this tab now holds the games (in a browser without Web Locks: nothing to ask of other tabs)."""
        return not self.lock.available or await self.lock.hold(self.on_lost)

    def refused(self) -> str | None:
        """Why no change may be written now (another tab took the games), in the reader's words; None: it may."""
        return None if self.lock.held else _(NOT_HERE)

    def persist(self, done) -> bool:
        """Write the data folder back to IndexedDB if this tab still holds the games (`done` hears the answer);
        False: not written."""
        return bool(self.lock.persist(done))

    def lost(self, *args) -> None:
        self.taken = True
        if self.page is not None:
            self.say_taken(self.page)

    def shown_on(self, page) -> None:
        self.page = page
        if self.taken:  # taken before there was a page to say it on
            self.say_taken(page)

    def say_taken(self, page) -> None:
        """Said over the screen; OK shows the screen again as it was (a change refused there says so at its control)."""
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
                    actions=[
                        ft.TextButton(_("OK"), on_click=lambda e: page.pop_dialog(), style=focus_style()),
                        ft.FilledButton(_("Reload"), on_click=reload, style=focus_style()),
                    ],
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
                        ft.FilledButton(_(TAKE), height=48, on_click=lambda e: chosen.set(), style=focus_style()),
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
    folder is written back to IndexedDB (if this tab still holds the games: `Tab.persist`) and the answer is
    heard: a full quota would otherwise lose every game in silence. Said once, until a write succeeds again.
    `tab`: None where there is no browser (the screens' tests)."""

    def __init__(self, page, tab: Tab | None = None) -> None:
        self.page = page
        self.tab = tab
        self.said: object = None  # the dialog that says there is no room, while it stands
        if tab is not None:
            from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

            self.on_written = create_proxy(self.written)

    def send(self, origin: str, topics: frozenset[str]) -> None:
        self.keep()

    def keep(self) -> None:
        """Write back what the store wrote (after a change; once after the start, whose repairs publish nothing)."""
        if self.tab is not None and not self.tab.persist(self.on_written):
            print("Tableside: not written to this browser's storage: another tab holds the games")

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
                actions=[ft.TextButton(_("OK"), on_click=lambda e: self.page.pop_dialog(), style=focus_style())],
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
        store = GameStore(DATA / "data")
        store.writes_refused = tab.refused
        return store

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
        kept = KeptInBrowser(page, tab)
        store.changes = Changes(bus=kept)  # before any screen subscribes
        kept.keep()
        make_main(store, standalone=True)(page)

    ft.run(main)
