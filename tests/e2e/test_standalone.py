"""The browser build (issue 36): the site `tableside build-web` writes, served by a plain static
server, runs the whole app in Chromium with no Tableside server and no other host: a Lost Cities game
and a CGT game played to Results and saved, then found in History after a reload with the network off
(the service worker), their totals as `scoring` gives them for the records the page kept in IndexedDB;
one tab at a time writes the games (issue 50), the next start comes from the memory snapshot.

Both games, as issue 36 asks: CGT is the one whose tableau is steppers and a shared Meta row, Lost
Cities the one of card taps. The site is built once per run, into a temporary folder (a module
fixture); TABLESIDE_WEB_SITE names a folder built already, to skip that.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

import scoring

from .conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, REPO, free_port, new_context, wait_for_http
from .ui import UI

pytestmark = pytest.mark.e2e
SITE_VARIABLE = "TABLESIDE_WEB_SITE"
# Every host but this machine's is unknown to the browser: a request that escaped the page's own
# policy would fail here, and is reported below either way.
NO_OTHER_HOSTS = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
# Messages from the Python worker to the page (what a websocket carries in the server form).
COUNT_WORKER_MESSAGES = """
window.__messages = 0; window.__lastMessage = 0;
const PageWorker = window.Worker;
window.Worker = function (...args) {
    const worker = new PageWorker(...args);
    worker.addEventListener('message', () => { window.__messages++; window.__lastMessage = performance.now(); });
    return worker;
};
window.Worker.prototype = PageWorker.prototype;
"""
# The records the page keeps: Emscripten's IDBFS stores each file of the mounted folder in the
# database named after the mount point, object store FILE_DATA, keyed by its path.
READ_KEPT_FILES = """async (prefix) => {
    const db = await new Promise((ok, no) => { const r = indexedDB.open('/tableside'); r.onsuccess = () => ok(r.result); r.onerror = no; });
    const files = {};
    await new Promise((ok, no) => {
        const r = db.transaction('FILE_DATA').objectStore('FILE_DATA').openCursor();
        r.onerror = no;
        r.onsuccess = () => {
            const cursor = r.result;
            if (!cursor) return ok();
            if (cursor.key.startsWith(prefix) && cursor.value.contents) files[cursor.key] = new TextDecoder().decode(cursor.value.contents);
            cursor.continue();
        };
    });
    db.close();
    return files;
}"""


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    given = os.environ.get(SITE_VARIABLE)
    if given and (Path(given) / "app.tar.gz").exists():
        return Path(given)
    out = tmp_path_factory.mktemp("site") / "site"
    # Without the .br and .gz copies (a static server here sends the files as they are; their test: tests/standalone).
    subprocess.run([sys.executable, "-m", "companion", "build-web", "--out", str(out), "--no-precompress"], check=True, cwd=REPO)
    return out


def test_a_start_from_the_snapshot_finds_what_ft_run_imports_imported(site):
    """flet imports its app module (the session, the connection, pubsub) only when `ft.run` is first read, after
    the snapshot was taken: a start compiled those modules from source (50-90 ms of the worker, each start). The
    snapshot imports them, so the archive a start from it unpacks holds none of them (pyodide_connection aside:
    it holds flet_js, a JavaScript object, which no snapshot may)."""
    import tarfile

    if not (site / "app.later.tar.gz").exists():
        assert not os.environ.get("CI"), "CI builds with Node: the site has its memory snapshot"
        pytest.skip("built without Node: no memory snapshot")
    # In a Python of its own (this one imported flet.app long ago): the files `ft.run` imports, within flet's package.
    read = (
        "import pathlib, sys, flet; before = set(sys.modules); flet.run; package = pathlib.Path(flet.__file__).parent; "
        "print(*sorted(pathlib.Path(m.__file__).relative_to(package).as_posix() for n, m in sys.modules.items() "
        "if n not in before and n.startswith('flet.') and getattr(m, '__file__', None)))"
    )
    imported = subprocess.run([sys.executable, "-c", read], capture_output=True, text=True, check=True).stdout.split()
    wanted = {f"__pypackages__/flet/{file}" for file in imported}
    assert "__pypackages__/flet/app.py" in wanted
    with tarfile.open(site / "app.later.tar.gz") as later:
        left_to_compile = wanted & set(later.getnames())
    assert not left_to_compile, f"compiled from source at every start: {sorted(left_to_compile)}"


class StaticSite:
    """The built site on a plain HTTP server (Python's), as any web host would serve it."""

    def __init__(self, folder: Path):
        port = free_port()
        self.origin = f"http://127.0.0.1:{port}"
        self.url = self.origin + "/#"  # routes travel after the hash: any static host serves them
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1", "--directory", str(folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for_http(self.origin + "/", self.proc)

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)

    def log_tail(self) -> str:
        return "(a static server: no log)"


class BrowserUI(UI):
    """UI for the browser build: the app's answers come from its worker, not over a websocket."""

    @property  # type: ignore[override]
    def frames(self) -> int:
        return self.page.evaluate("window.__messages || 0")

    @frames.setter
    def frames(self, value: int) -> None:
        pass  # UI.__init__ sets it; the page counts

    def settle(self, since: int, quiet: float = 0.15, limit: float = 3.0) -> None:
        started = time.monotonic()
        while time.monotonic() - started < limit:
            quiet_for = self.page.evaluate("window.__messages > 0 ? (performance.now() - window.__lastMessage) / 1000 : 0")
            if self.frames > since and quiet_for >= quiet:
                return
            self.page.wait_for_timeout(30)

    def kept_games(self, where: str) -> dict[str, dict]:
        """{id: record} of the games in progress ("live.json") or the history ("history/"), as the page kept them in IndexedDB."""
        files = self.page.evaluate(READ_KEPT_FILES, f"/tableside/data/{where}")
        return {doc["id"]: doc["record"] for text in files.values() for doc in json.loads(text).get("games", {}).values()}

    def expect_totals(self, expected: dict[str, int]) -> None:
        for player, total in expected.items():
            self.expect_text(f"total-{player}", scoring.number(total))
        deadline = time.monotonic() + 10
        while True:  # IndexedDB is written a moment after the screen changed
            record = self.kept_games("live.json").get(self.game_id())
            if record is not None and dict(scoring.score(record).totals) == expected:
                return
            assert time.monotonic() < deadline, f"kept in IndexedDB: {record}"
            self.page.wait_for_timeout(200)


# One byte of the snapshot the service worker keeps, changed.
DAMAGE_SNAPSHOT = """async () => {
    for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        const url = new URL("python.snapshot", location.href).href;
        const kept = await cache.match(url);
        if (!kept) continue;
        const bytes = new Uint8Array(await kept.arrayBuffer());
        bytes[bytes.length - 1] ^= 0xff;
        await cache.put(url, new Response(bytes));
    }
}"""


SNAPSHOT_KEPT = (
    """async () => (await caches.keys()).length > 0 && (await caches.match(new URL("python.snapshot", location.href).href)) !== undefined"""
    """ && (await caches.match(new URL("app.later.tar.gz", location.href).href)) !== undefined"""
)
# Flutter's builds the service worker keeps (its code and its renderer): the one this browser ran, not both.
FLUTTER_KEPT = """async () => {
    const kept = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
            const path = new URL(request.url).pathname.slice(1);
            if ((path.startsWith("canvaskit/") && path.endsWith(".wasm")) || path.startsWith("main.dart.")) kept.push(path);
        }
    }
    return kept.sort();
}"""


def survives_navigation(page, script: str) -> bool:
    """`script`'s answer, or False while the page is being loaded again."""
    try:
        return bool(page.evaluate(script))
    except Exception:  # the document went away under the call
        return False


def save_result(u: BrowserUI) -> None:
    u.tap("Results")
    u.text("winner").wait_for(timeout=20_000)
    u.tap("Save result")
    u.page.wait_for_url(re.compile(r"/history/"), timeout=20_000)


def play_cgt(u: BrowserUI) -> str:
    """A CGT game set up, one card entered and saved; its id."""
    u.set_up("CGT – Card Game Traders", ["Lea", "Max", "Kai"])
    u.tap("Type 5 Meta plus")
    u.tap("Lea type 5 plus")
    u.expect_totals({"Lea": -1, "Max": 0, "Kai": 0})  # one card worth 1 (one Meta card), less the first player's 2
    save_result(u)
    return u.game_id()


def open_tab(context, static: StaticSite, name: str, shown) -> BrowserUI:
    u = BrowserUI(context.new_page(), static, name)
    u.page.goto(static.origin + "/")
    try:
        shown(u).wait_for(timeout=120_000)  # through the accessibility tree, which the built page turns on itself
    except PlaywrightError:
        raise AssertionError(f"{name} did not show what it should; it shows {u.describe()}") from None
    return u


def home(u: BrowserUI):
    return u.page.get_by_role("button", name=re.compile("^Lost Cities")).first


def reloaded(u: BrowserUI) -> None:
    """The page loaded again (a mark left in the first document proves that Python started again)."""
    u.console.clear()
    u.page.evaluate("window.__firstVisit = true")
    u.reload()
    assert u.page.evaluate("window.__firstVisit === undefined"), "the page was not loaded again"


def test_the_browser_build_plays_in_one_tab_at_a_time_saves_and_starts_offline(browser_factory, site):
    """Tab A plays Lost Cities to a saved result. Tab B, opened meanwhile, says the games are open in another
    tab (one writer at a time: a Web Lock) and reads nothing until it is chosen; then A stops and says so, and B
    plays CGT to a saved result. Both reloaded with the network off: one holds the games (both of them), the
    other asks; the one that holds them started from the memory snapshot the service worker kept; a damaged
    snapshot falls back to a plain start; Import, reached by tapping, imports a file."""
    from companion.standalone.browser import ELSEWHERE, STOPPED, TAKE
    from companion.standalone.build import UPDATE_READY

    static = StaticSite(site)
    context = new_context(browser_factory(), PHONE, service_workers="allow")
    context.add_init_script(COUNT_WORKER_MESSAGES)
    elsewhere: list[str] = []
    context.on("request", lambda r: None if r.url.startswith((static.origin, "blob:", "data:")) else elsewhere.append(r.url))
    failed: list[str] = []
    context.on("requestfailed", lambda r: failed.append(f"{r.url}: {r.failure}"))
    tabs: list[BrowserUI] = []
    try:
        first = open_tab(context, static, "tab-a", home)
        tabs.append(first)
        first.set_up("Lost Cities", ["Mia", "Noah"])
        for n in (9, 10):
            first.tap(f"Mia red {n}")
        first.tap("Noah")
        first.tap("Noah blue 8")
        first.expect_totals({"Mia": -1, "Noah": -12})  # Mia red 19 − 20; Noah blue 8 − 20
        first.tap("Next round")
        first.tap("Mia")
        first.tap("Mia green 9")
        first.tap("Next round")
        first.tap("Noah")
        first.tap("Noah yellow investment 1")
        # Round 2: Mia green 9 − 20 = −11; round 3: Noah's investment alone, (0 − 20) × 2 = −40.
        first.expect_totals({"Mia": -1 - 11, "Noah": -12 - 40})
        save_result(first)
        lost_cities = first.game_id()

        second = open_tab(context, static, "tab-b", lambda u: u.page.get_by_text(ELSEWHERE))
        tabs.append(second)
        second.button(TAKE).click()
        home(second).wait_for(timeout=60_000)
        first.page.get_by_text(STOPPED).wait_for(timeout=30_000)  # the first tab stopped, and says why
        cgt = play_cgt(second)
        kept = second.kept_games("history/")
        assert {lost_cities, cgt} <= set(kept), f"kept in IndexedDB: {list(kept)}"
        assert dict(scoring.score(kept[lost_cities]).totals) == {"Mia": -12, "Noah": -52}

        # A game in progress, for the update below (a full storage is tested browserless: Chromium's quota
        # override does not take effect here; tests/standalone/test_browser_build_screens.py).
        second.set_up("Lost Cities", ["Mia", "Noah"])
        in_progress = second.game_id()
        second.tap("Mia red 3")
        second.expect_totals({"Mia": 3 - 20, "Noah": 0})

        # A second visit with the network off: the service worker serves the site, IndexedDB the games. The
        # memory snapshot was kept in the background once Python was ready (a first visit starts without it).
        second.page.wait_for_function("navigator.serviceWorker && navigator.serviceWorker.controller !== null", timeout=60_000)
        second.page.wait_for_function(SNAPSHOT_KEPT, timeout=60_000)
        # The one this browser runs: Chromium has WasmGC, so Flutter's WebAssembly build and skwasm.
        assert second.page.evaluate(FLUTTER_KEPT) == ["canvaskit/skwasm.wasm", "main.dart.mjs", "main.dart.wasm"]
        context.set_offline(True)
        for tab in (first, second):  # whichever starts first holds the games, the other asks
            tab.page.goto(static.origin + "/#/history")
            reloaded(tab)
        deadline = time.monotonic() + 120
        while [tab.page.get_by_text(ELSEWHERE).count() for tab in tabs].count(1) != 1:
            assert time.monotonic() < deadline, "after both reloads, not exactly one tab says the games are open in another"
            first.page.wait_for_timeout(500)
        (u,) = [tab for tab in tabs if tab.page.get_by_text(ELSEWHERE).count() == 0]
        (old_cache,) = u.page.evaluate("caches.keys()")
        for title in ("Lost Cities", "CGT – Card Game Traders"):
            expect(u.page.get_by_text(re.compile(re.escape(title))).first).to_be_visible(timeout=120_000)
        u.screenshot("history-offline")
        # This start restored Python from the build's memory snapshot, kept by the service worker.
        assert any("Python restored from the snapshot" in line for line in u.console), u.console[-20:]

        # A damaged snapshot (a byte changed in the kept copy) falls back to a plain start, without a word.
        u.page.evaluate(DAMAGE_SNAPSHOT)
        reloaded(u)
        expect(u.page.get_by_text(re.compile("CGT – Card Game Traders")).first).to_be_visible(timeout=120_000)
        assert any("the kept snapshot is not this build's" in line for line in u.console), u.console[-20:]

        # Import reached by tapping (a picker made after the page was first sent once never reported its file).
        from tests.transfer.records import records

        u.tap("Import / export")
        u.page.wait_for_url(re.compile(r"/transfer$"))
        with u.page.expect_file_chooser() as picker:
            u.button("Import").click()
        picker.value.set_files(files=[{"name": "games.json", "mimeType": "application/json", "buffer": json.dumps(records()).encode()}])
        count = len(records())  # one worked example of each game the rules know
        confirm = u.button(f"Import {count} games")
        confirm.wait_for(timeout=30_000)
        confirm.click()
        u.page.get_by_text(f"Imported {count} games from games.json.").first.wait_for(timeout=30_000)
        deadline = time.monotonic() + 10
        while not {r["id"] for r in records()} <= set(u.kept_games("history/")):  # IndexedDB is written a moment later
            assert time.monotonic() < deadline, f"kept in IndexedDB: {list(u.kept_games('history/'))}"
            u.page.wait_for_timeout(200)

        # A new build on the host: "A new version is ready"; it takes effect at the next start, the old
        # build's files (its snapshot with them) are dropped, and the game in progress is still there.
        context.set_offline(False)
        worker_file = site / "flutter_service_worker.js"
        published = worker_file.read_text()
        worker_file.write_text(published.replace('const CACHE = "tableside-', 'const CACHE = "tableside-next-'))
        try:
            u.page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
            u.page.get_by_text(UPDATE_READY).wait_for(timeout=60_000)
            assert old_cache in u.page.evaluate("caches.keys()")  # nothing changed under the running page
            # The next start: the new build takes over, and the page loads again from it (the page loads nothing
            # more meanwhile, so the old worker, with nothing in hand, activates it at once).
            taken_over = "caches.keys().then((k) => k.length === 1 && k[0].startsWith('tableside-next-'))"
            u.page.reload(timeout=60_000)  # the new build installs beside it: 30 s ran out once under a heavier load (four workers)
            deadline = time.monotonic() + 45
            while not survives_navigation(u.page, taken_over) and time.monotonic() < deadline:
                time.sleep(0.5)
            assert survives_navigation(u.page, taken_over), "the new build did not take over at the next start"
            u.page.wait_for_load_state()
            u.page.get_by_text("Import and export").first.wait_for(timeout=120_000)  # the screen it was on, from the new build
            assert in_progress in u.kept_games("live.json")
        finally:
            worker_file.write_text(published)
    except BaseException:
        for tab in tabs:
            tab.screenshot("failed")
            print(tab.describe())
        raise
    finally:
        context.close()
        static.stop()
    # Flet's client asks a CDN for Rive's runtime: the page's policy refuses it before it leaves the browser.
    escaped = [url for url in elsewhere if not any(f.startswith(url + ":") and "csp" in f.lower() for f in failed)]
    assert not escaped, f"requests to other hosts: {escaped}; failures: {failed}"


# Test hooks, set in tab A's Python worker by the test alone (nothing of the site offers them). HOLD_WRITES: the
# worker's writes to IndexedDB (Emscripten's FS.syncfs; its reads go on) wait until `__releaseWrites()`: a write
# begun, not yet landed. HOLD_TAPS: what the page sends the worker (a tap) waits until `__releaseTaps()`: a tap
# made before the take-over and handled after it, as by a worker still busy with the tap before.
HOLD_WRITES = """() => {
    const fs = self.pyodide.FS, sync = fs.syncfs;
    self.__heldWrites = [];
    fs.syncfs = (populate, done) => populate ? sync.call(fs, populate, done) : self.__heldWrites.push(() => sync.call(fs, populate, done));
    self.__releaseWrites = () => { fs.syncfs = sync; self.__heldWrites.splice(0).forEach((write) => write()); };
}"""
HOLD_TAPS = """() => {
    const send = self.flet_js.send;
    self.__heldTaps = [];
    self.flet_js.send = (data) => self.__heldTaps.push(data);
    self.__releaseTaps = () => { self.flet_js.send = send; self.__heldTaps.splice(0).forEach((data) => send(data)); };
}"""


def python_worker(page):
    """The page's Python worker (flet-web's python-worker.js)."""
    deadline = time.monotonic() + 30
    while not (found := [w for w in page.workers if w.url.endswith("/python-worker.js")]):
        assert time.monotonic() < deadline, f"no Python worker among {[w.url for w in page.workers]}"
        page.wait_for_timeout(200)
    return found[0]


def wait_in(worker, condition: str, what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not worker.evaluate(condition):
        assert time.monotonic() < deadline, what
        time.sleep(0.1)


def test_a_tab_taken_over_during_a_tap_writes_nothing_more_and_says_so(browser_factory, site):
    """Issue 61: a tab writes to IndexedDB only while it holds the games. Tab A taps twice around tab B's take-over:
    the first tap's write is under way (held back) when B takes over, and B reads the games only once it landed;
    the second tap was made before the take-over but reaches A's Python after it: it is refused at its control, in
    words, and nothing of it is written over what B saved meanwhile. Both tabs reloaded, B's games are all there.
    (Before: A's late tap wrote A's whole copy over IndexedDB, and the game B had saved was gone after the reload.)"""
    from companion.standalone.browser import ELSEWHERE, NOT_HERE, STOPPED, TAKE

    static = StaticSite(site)
    context = new_context(browser_factory(), PHONE)
    context.add_init_script(COUNT_WORKER_MESSAGES)
    tabs: list[BrowserUI] = []
    try:
        first = open_tab(context, static, "tab-a", home)
        tabs.append(first)
        game = first.set_up("Lost Cities", ["Mia", "Noah"])
        first.tap("Mia red 9")
        first.expect_totals({"Mia": 9 - 20, "Noah": 0})
        worker = python_worker(first.page)

        worker.evaluate(HOLD_WRITES)
        first.tap("Mia red 10")
        first.expect_text("total-Mia", scoring.number(19 - 20))  # shown, and its write begun (held back)
        wait_in(worker, "self.__heldWrites.length > 0", "the tap began no write to IndexedDB")
        worker.evaluate(HOLD_TAPS)
        first.activate("Mia green 5")
        wait_in(worker, "self.__heldTaps.length > 0", "the tap did not reach the worker")

        second = open_tab(context, static, "tab-b", lambda u: u.page.get_by_text(ELSEWHERE))
        tabs.append(second)
        second.button(TAKE).click()
        first.page.get_by_text(STOPPED).wait_for(timeout=30_000)
        first.page.wait_for_timeout(1_000)  # a tab that read the games without waiting for A's write would have read them by now
        worker.evaluate("self.__releaseWrites()")
        home(second).wait_for(timeout=60_000)
        second.page.get_by_role("button", name=re.compile(r"^Lost Cities, started")).first.click()
        second.page.wait_for_url(re.compile(f"/play/{re.escape(game)}$"), timeout=20_000)
        second.expect_totals({"Mia": 19 - 20, "Noah": 0})  # A's tap whose write was under way: B read it
        cgt = play_cgt(second)

        worker.evaluate("self.__releaseTaps()")
        first.button("OK").click()  # the message that A stopped, closed: the screen as it was
        first.page.get_by_text(NOT_HERE).wait_for(timeout=30_000)  # the late tap, refused at its control
        first.expect_text("total-Mia", scoring.number(19 - 20))
        first.screenshot("late-tap-refused")

        second.page.goto(static.origin + "/#/history")
        reloaded(second)
        expect(second.page.get_by_text(re.compile("CGT – Card Game Traders")).first).to_be_visible(timeout=120_000)
        reloaded(first)
        first.page.get_by_text(ELSEWHERE).wait_for(timeout=120_000)  # B holds the games
        assert set(second.kept_games("history/")) == {cgt}
        kept = second.kept_games("live.json")
        assert dict(scoring.score(kept[game]).totals) == {"Mia": 19 - 20, "Noah": 0}, kept[game]  # nothing of green 5
    except BaseException:
        for tab in tabs:
            tab.screenshot("failed")
            print(tab.describe())
        raise
    finally:
        context.close()
        static.stop()


@pytest.fixture(scope="module")
def browser_factory(chromium):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        launched = []

        def launch():
            b = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, NO_OTHER_HOSTS], headless=True)
            launched.append(b)
            return b

        yield launch
        for b in launched:
            b.close()


def test_the_browser_build_starts_in_german_when_the_browser_asks_for_it(browser_factory, site):
    """Python in the browser reads the browser's languages and its German catalog, as the server does."""
    from companion import language

    with language.speaking("de"):
        new_game, settings = language._("New game"), language._("Settings")
    assert new_game != "New game"
    static = StaticSite(site)
    context = new_context(browser_factory(), PHONE, service_workers="allow", locale="de-DE")
    try:
        u = open_tab(context, static, "german", lambda u: u.page.get_by_text(new_game).first)
        u.page.get_by_role("button", name=settings).first.wait_for(timeout=30_000)  # the app bar's, in German too
    finally:
        context.close()
        static.stop()
