"""Every place Tableside reaches into Flet beyond its public API: here, each with why.

Flet is pinned (pyproject: flet, flet-web and flet-charts ==PINNED). Each seam below leans on
something a Flet release may change without notice: a private name, a method replaced on an
object, the text of Flet's page or client. tests/test_flet_seams.py fails loudly on any other
Flet version and checks that each thing leant on is still there; tests/test_layers.py fails when
a module outside this one reaches into Flet's private names or internal modules. To move to a
new Flet: read each seam against its source, run the tests named beside it, then raise PINNED.
What Flet could offer instead is in docs/flet-gaps.md.

Public API used elsewhere, not seams: `import flet as ft` and its names, flet_charts,
`flet_web.fastapi.app(...)` (Flet's documented way to serve with FastAPI), and the public
attributes of `page.session` (`store`, `connection`, `expires_at`, `disconnect`: admission.py).
"""

from __future__ import annotations

import dataclasses
import json
import logging
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import flet as ft
from flet.messaging.protocol import MessageAction, RegisterClientRequestBody

log = logging.getLogger("tableside")

PINNED = "1.0.5"
DISTRIBUTIONS = ("flet", "flet-web", "flet-charts")  # released together, one version

# ---- 1. The websocket protocol (guard.py) ---------------------------------------------------------
# Why: the guard reads each client frame before Flet does (who registers, what it writes). Public
# since Flet 1.0: the protocol module's enum and the registration's dataclass, so no number or
# field name is written here. Tests: tests/security/test_first_frame.py, test_page_writes.py.
REGISTER_CLIENT = MessageAction.REGISTER_CLIENT.value
UPDATE_CONTROL_PROPS = MessageAction.UPDATE_CONTROL_PROPS.value
REGISTER_FIELDS = frozenset(f.name for f in dataclasses.fields(RegisterClientRequestBody))


def trial_page_patch(props: dict) -> str:
    """Apply a REGISTER_CLIENT's page snapshot as Flet will, to a page of no session: "" when Flet
    would take it, else why not.

    Why: Flet applies the snapshot inside its websocket handler, where a failure leaves the session
    waiting for ever (guard.py closes such a connection instead). Seam: `flet.controls.page.Page`
    built without a session, and `flet.utils.object_model.patch_dataclass`, Flet's own applier.
    Tests: tests/security/test_first_frame.py."""
    from flet.controls.page import Page
    from flet.utils.object_model import patch_dataclass

    class NoSession:  # a page refers to its session weakly, and needs nothing else of it here
        pass

    try:
        page = Page(NoSession())  # type: ignore[arg-type]
    except Exception:  # another Flet: the trial cannot be made, Flet's own checks remain
        log.warning("cannot try page properties on this Flet version", exc_info=True)
        return ""
    try:
        patch_dataclass(page, props)
    except Exception as e:
        return f"page properties Flet cannot apply: {type(e).__name__}"
    return ""


# ---- 2. A session's updates (fonts.py) -----------------------------------------------------------


def around_session_updates(page: ft.Page, before_update: Callable[[Any], bool], after_client_patch: Callable[[dict], bool]) -> None:
    """Call `before_update(control)` before each update the session sends, and
    `after_client_patch(props)` after each property change its client sends; when either returns
    True the page is sent (first, for an update of another control).

    Why: a fallback font must be registered (a page property) before a text that needs it reaches
    the browser, whatever sent the text: a screen, a live total, a dialog, a typed name. Flet has no
    hook there. Seam: `Session.patch_control` (every update of a session) and `Session.apply_patch`
    (every UPDATE_CONTROL_PROPS) replaced on this session's object. Tests: tests/ui/test_fonts.py,
    tests/ui/test_fallback_fonts.py, tests/e2e/test_fonts_never_block.py."""
    session = page.session
    patch_control, apply_patch = session.patch_control, session.apply_patch

    def patch_control_hooked(control, *args, **kwargs):
        if before_update(control) and control is not page:
            patch_control(page)  # the page's change (and this control's with it) first
        return patch_control(control, *args, **kwargs)

    def apply_patch_hooked(control_id, patch):
        apply_patch(control_id, patch)
        if after_client_patch(patch):
            patch_control(page)

    session.patch_control = patch_control_hooked  # type: ignore[method-assign]
    session.apply_patch = apply_patch_hooked  # type: ignore[method-assign]


# Flet keeps most of a control's properties in `_values`, and a page's dialogs and overlay in
# `_dialogs` and `_overlay`; its other private fields (the parent, the session) are not content.
CONTENT_FIELDS = ("_values", "_dialogs", "_overlay")


def content_of(obj: Any) -> Iterator[Any]:
    """The values a control (or any Flet object) holds as its content: its public fields and the
    private ones Flet keeps properties in.

    Why: fonts.texts must see every string a screen will send, before it is sent. Seam: the private
    field names above. Tests: tests/ui/test_fonts.py (a text in a dialog, the overlay, a value)."""
    if not hasattr(obj, "__dict__"):
        return
    for name, value in vars(obj).items():
        if not name.startswith("_") or name in CONTENT_FIELDS:
            yield value


# ---- 3. The crash screen (ui/errors.py) ----------------------------------------------------------


def replace_crash_screen(page: ft.Page, handler: Callable[[str], None]) -> None:
    """Have `handler(message)` called where Flet would show its crash screen for this session.

    Why: Flet's screen shows the traceback, server paths included; this app says what failed in
    words. Seam: `Session.error`, called by `Session.dispatch_event` inside its `except` (so
    sys.exc_info() is the exception), replaced on this session's object. Tests: tests/store/test_screens.py."""
    page.session.error = handler  # type: ignore[method-assign, assignment]


# ---- 4. The static files (static_files.py) -------------------------------------------------------


def flet_web_dir() -> Path:
    """Where flet-web keeps its web client (static_files versions the page by these files)."""
    from flet_web import get_package_web_dir

    return Path(get_package_web_dir())


def wrap_flet_static_files(app, wrap: Callable[[Any], Any]) -> None:
    """Put `wrap(flet_static)` in place of the static-file app that `flet_web.fastapi.app(...)`
    mounts at "/" (its FletStaticFiles).

    Why: Flet serves its 8.5 MB client uncompressed and without caching headers; static_files
    compresses and versions the same files for phones. `flet_web.fastapi.app` takes no static-file
    class or middleware for that mount. Seam: the mount found by its path "" among the app's routes.
    Tests: tests/e2e/test_static_files.py."""
    from starlette.routing import Mount

    mount = next(r for r in app.routes if isinstance(r, Mount) and r.path == "")
    mount.app = wrap(mount.app)


async def prepare_flet_static(flet_static, root_path: str) -> None:
    """Have FletStaticFiles write its patched index.html (and manifest) now, as its first request would.

    Why: static_files looks the page up before passing the request to Flet. Seam: its private
    `__once` and `__config` (name-mangled). If a Flet release renames them, nothing is prepared and
    every request passes to Flet untouched (test_flet_seams.py says so first)."""
    once = getattr(flet_static, "_FletStaticFiles__once", None)
    config = getattr(flet_static, "_FletStaticFiles__config", None)
    if once is not None and config is not None:
        await once.do(config, root_path)


def page_fetching_from(html: str, base: str) -> str:
    """Flet's patched index.html with its runtime, CanvasKit, assets and fallback fonts fetched from
    `base` ("/v/<version>/"), so they can be cached for long.

    Why: Flet's page names them at its base ("/", "/t2/" with `serve --prefix t2`). Seam: the text of Flet's page (its `flet.*Url="..."`
    settings and script tags). Tests: tests/e2e/test_static_files.py, tests/ui/test_fallback_fonts.py."""
    mount = base_href(html)  # Flet names them under it; the script tags' src are relative to it
    for key in ("entrypointBaseUrl", "assetBase"):
        html = html.replace(f'flet.{key}="{mount}";', f'flet.{key}="{base}";')
    html = html.replace(f'flet.canvasKitBaseUrl="{mount}canvaskit/";', f'flet.canvasKitBaseUrl="{base}canvaskit/";')
    # Flutter's fallback-font requests (answered by fallback_fonts): cached for long too.
    html = html.replace('flet.fontFallbackBaseUrl="assets/fonts/";', f'flet.fontFallbackBaseUrl="{base}assets/fonts/";')
    relative = base[len(mount) :] if base.startswith(mount) else base
    for script in ("flutter_bootstrap.js", "python.js"):  # (python.js blocks the page until it is there)
        html = html.replace(f'src="{script}"', f'src="{relative}{script}"')
    return html


BASE_HREF = re.compile(r"<base\b[^>]*\bhref\s*=\s*([\"'])([^\"']*)\1", re.IGNORECASE)


def base_href(html: str) -> str:
    """The `<base href>` Flet wrote into its page: "/", or "/t2/" when served with `proxy_path="t2"`.

    Why: the page's versioned URLs (page_fetching_from) go under the same prefix. Seam: Flet's
    patch_index_html writes the tag (flet_web/patch_index.py). Tests: tests/security/test_prefix.py."""
    found = BASE_HREF.search(html)
    return found.group(2) if found and found.group(2).startswith("/") else "/"


# ---- 5. The page's own script (web/before_flet.js, inlined by static_files) ----------------------
# Why and seams, each in the script: (1) Flet's client loads Rive's runtime from a CDN by setting a
# <script>'s src: HTMLScriptElement.prototype.src is overridden to give it an empty local script;
# (2) "Still connecting…" wraps window.WebSocket, and its Retry forgets Flet's stored session id
# (sessionStorage key FLET_SESSION_KEY). tests/test_flet_seams.py checks that Flet's client still
# holds both strings; tests/e2e/test_still_connecting.py and tests/security/test_browser.py run it.
BEFORE_FLET = Path(__file__).resolve().parent / "web" / "before_flet.js"
RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/"
FLET_SESSION_KEY = "_flet_session_id"

# ---- 5b. The accessibility tree on from the first frame (web/semantics_on.js, both pages) ---------------
# Why: Flutter's web engine builds its accessibility tree only once asked, by the app
# (`SemanticsBinding.instance.ensureSemantics()`, which Flet's prebuilt client never calls, and Flet has no
# option for) or by a click on its hidden "Enable accessibility" placeholder. The page's script makes that
# click as soon as the engine adds the placeholder, before Flutter's first frame. Seam: the engine's element
# name (SEMANTICS_PLACEHOLDER) and how its enablers take a click (a desktop's: any click on it; a phone's: a
# click at its centre). tests/test_flet_seams.py checks that Flet's client still holds the name;
# tests/e2e/test_accessibility.py that the tree is there, with no click, in the page's first frames.
SEMANTICS_ON = Path(__file__).resolve().parent / "web" / "semantics_on.js"
SEMANTICS_PLACEHOLDER = "flt-semantics-placeholder"


# ---- 6. Tests: the page of the event being handled (tests/ui/harness.py) --------------------------


def set_current_page(page: ft.Page) -> None:
    """Make `page` the page of "the event being handled", as Flet does before calling a handler.

    Why: the browserless harness calls the app without Flet's server; services (ft.Wakelock(),
    ft.SharedPreferences()) find their page there. Seam: flet.controls.context's private
    `_context_page`. Tests: every tests/ui test through the harness."""
    from flet.controls.context import _context_page

    _context_page.set(page)  # type: ignore[arg-type]  # (declared for None: Flet sets it the same way)


# ---- 6b. A control's id on the page (ui/widgets/typed_field.py) ------------------------------------


def control_id(control: ft.BaseControl) -> int:
    """The id of `control`, by which `Page.get_control` (public) finds the control on the page now.

    Why: a control a component returns can be a drawing Flet leaves behind, never on the page, while the one
    on the page (which takes the browser's every key) keeps the id. Seam: Flet names the id only `_i` (its
    own `get_control` example reads it so). Tests: tests/test_flet_seams.py, tests/ui/test_setup_screen.py."""
    return control._i


# ---- 7. The browser build (standalone/build.py) ---------------------------------------------------
# Why: `flet publish --no-cdn` packs the whole project folder, installs the dependencies with micropip
# at every start (a network the table may not have) and asks the network for Pyodide's manifest; the
# build does what publish does with its parts instead: flet-web's client and flet-web's own patching
# of index.html, manifest.json and FontManifest.json (module functions, not a documented API).
# Tests: tests/e2e/test_standalone.py (the built site runs), tests/test_flet_seams.py.


def patch_published_site(out: Path, entry_module: str, base: str, name: str, description: str, theme_color: str) -> None:
    """Patch the copy of flet-web's client in `out` as `flet publish --no-cdn` does: Python runs in the
    browser (Pyodide from `out/pyodide`), `entry_module` from app.tar.gz, routes after a hash."""
    from flet_web.patch_index import patch_font_manifest_json, patch_index_html, patch_manifest_json

    lock = (out / "pyodide" / "pyodide-lock.json").read_text()
    version = (json.loads(lock).get("info") or {}).get("version") or "local"
    patch_index_html(
        index_path=str(out / "index.html"),
        base_href=base,
        app_name=name,
        app_description=description,
        pyodide=True,
        pyodide_script_path=f"{entry_module}.py",
        pyodide_version=version,
        app_package_url="app.tar.gz",
        # Flutter's own choice at start: its WebAssembly build and skwasm where the browser has WasmGC (Chromium:
        # Flutter loaded in 1.0 s on a second start here, against 2.5 s for main.dart.js and CanvasKit), else
        # main.dart.js and CanvasKit. publish picks CanvasKit for Pyodide apps; skwasm runs them alike.
        web_renderer=ft.WebRenderer.AUTO,
        route_url_strategy=ft.RouteUrlStrategy.HASH,  # any static host serves every route: only index.html is a page
        no_cdn=True,
    )
    index = (out / "index.html").read_text()
    # The worker is a module worker: it cannot import the bare "pyodide/pyodide.mjs" a no-CDN build writes.
    absolute = 'flet.pyodideUrl=new URL("pyodide/pyodide.mjs", document.baseURI).href;'
    (out / "index.html").write_text(index.replace('flet.pyodideUrl="pyodide/pyodide.mjs";', absolute))
    patch_manifest_json(
        str(out / "manifest.json"), app_name=name, app_short_name=name, app_description=description, theme_color=theme_color
    )
    patch_font_manifest_json(str(out / "assets" / "FontManifest.json"))


# ---- 8. The transport's log line (bootstrap.make_main) ---------------------------------------------
# Why: Flet's connections (flet_web's FletApp.send_message, and the browser build's) log each message
# they send as `transport_log.debug(f"send_message: {message}")`: the f-string formats the message whole,
# the repr of every control in it, whether or not debug logging is on. At a club night of 20 tables
# it was a fifth of the server's CPU (py-spy on bench/club.py's server: 621 of 2,984 samples). Seam:
# the `Message` dataclass's generated `__repr__`, replaced by one that names the action (the log line
# still says which message went). Tests: tests/test_flet_seams.py.
def short_message_repr() -> None:
    from flet.messaging.protocol import Message

    def named(message: Message) -> str:
        return f"Message({message.action.name})"

    Message.__repr__ = named  # type: ignore[method-assign,assignment]


# ---- 9. The browser build's start from a memory snapshot (standalone/build.py) -------------------------
# Why: flet-web's worker (python-worker.js) starts Pyodide with a plain `loadPyodide`, then imports the
# app's ~500 modules from source: 5-8 s on every start. Pyodide can restore a memory snapshot taken with
# those modules imported (`_loadSnapshot`, made at build time by standalone/snapshot.mjs) in under a
# second. Two texts are patched in the site's copy, each found exactly once or the build says so:
# - pyodide.asm.mjs: Pyodide 314.0.x's `API.restoreSnapshot` copies the snapshot into a heap it never
#   grows, so a snapshot over ~30 MB fails with "RangeError: offset is out of bounds" (pyodide issue
#   6254): the heap is grown to the snapshot's size first.
# - python-worker.js: its `loadPyodide(...)` call becomes `loadFromSnapshot(loadPyodide, ...)`, which
#   uses the snapshot the service worker keeps when its SHA-256 is this build's (checked while Pyodide
#   loads, before the snapshot is restored; Pyodide is given a buffer of the memory's size at once, filled
#   once checked: it waited for the bytes before loading its WebAssembly; the file leaves out the memory's
#   blocks of zeros), unpacks the smaller archive build.LATER_ARCHIVE itself (in
#   JavaScript: Python's unpacking took 0.35 s) and has flet-web's start write the entry module from
#   `args.script` (WORKER_SCRIPT_ARG); otherwise (a first visit, a stale, damaged or foreign snapshot,
#   any failure) it starts as before, without a word.
# - python.js: flet-web starts the worker when Flutter asks (jsConnect), after Flutter has loaded: the
#   two starts ran one after the other. The worker is started as the page loads, with the message
#   flet-web would send (Flutter asks with no arguments), and the first jsConnect adopts it.
# Tests: tests/test_flet_seams.py (the texts are still there), tests/e2e/test_standalone.py (a second
# start from the snapshot; a damaged one falls back).
RESTORE_COPY = "return Module.HEAP8.set(t),l}"
RESTORE_GROWN = "return t.length>Module.HEAP8.length&&Module.growMemory(t.length),Module.HEAP8.set(t),l}"
WORKER_LOAD = "self.pyodide = await loadPyodide({"
# flet-web's start writes the entry module from `args.script` instead of unpacking the app's archive:
# what a start from the snapshot relies on (it has unpacked what it needs itself).
WORKER_SCRIPT_ARG = 'if "script" not in py_args:'
WORKER_LOAD_SNAPSHOT = "self.pyodide = await loadFromSnapshot(loadPyodide, {"
CONNECT = "globalThis.jsConnect = async function (appId, args, dartOnMessage) {"
CONNECT_EARLY = CONNECT + "\n    if (tablesideEarly && !tablesideEarly.taken) return tablesideAdopt(appId, dartOnMessage);"
EARLY_WORKER = """
// Tableside (companion/server/flet_seams.py, seam 9): Python starts as the page loads, beside Flutter. Not while
// a new build takes over (`tablesideTaking`, the page's first script): the page loads again from it then, and a
// worker fetching meanwhile would keep the old build busy, and the new one waiting behind it.
const tablesideEarly = (() => {
    const base = flet.entrypointBaseUrl.endsWith("/") ? flet.entrypointBaseUrl.slice(0, -1) : flet.entrypointBaseUrl;
    const taking = typeof tablesideTaking === "undefined" ? Promise.resolve(false) : tablesideTaking;
    const early = { worker: undefined, taken: false, held: [], error: undefined };
    early.begun = taking.then((updating) => updating ? new Promise(() => {}) : undefined);
    early.ready = early.begun.then(() => new Promise((resolve) => {
        early.worker = new Worker(base + "/python-worker.js", { type: "module" });
        early.worker.onmessage = (event) => {
            if (typeof event.data === "string") {
                if (event.data != "initialized") early.error = event.data;
                resolve();
            } else if (early.deliver) {
                early.deliver(event.data);
            } else {
                early.held.push(event.data);
            }
        };
        early.worker.postMessage({
            pyodideUrl: flet.pyodideUrl || "pyodide/pyodide.mjs",
            args: {},
            documentUrl: _documentUrl,
            appPackageUrl: flet.appPackageUrl,
            micropipIncludePre: flet.micropipIncludePre,
            pythonModuleName: flet.pythonModuleName,
        });
    }));
    return early;
})();

async function tablesideAdopt(appId, dartOnMessage) {
    const early = tablesideEarly;
    early.taken = true;
    await early.begun;
    const app = { dartOnMessage: dartOnMessage, worker: early.worker };
    _apps[appId] = app;
    early.deliver = (data) => app.dartOnMessage(data);
    early.held.splice(0).forEach(early.deliver);
    await early.ready;
    if (early.error) {
        console.error("Python worker init error:", early.error);
        await jsDisconnect(appId);
        throw early.error;
    }
    console.log(`Python worker initialized: ${appId}`);
}
"""
SNAPSHOT_LOADER = """
// Tableside (companion/server/flet_seams.py, seam 9): Python restored from the build's memory snapshot
// when the service worker keeps it and it is this build's; else a plain start. A start from it unpacks
// `later` (the files its modules did not come from) itself, in place of the app's whole archive.
const SNAPSHOT = { file: "__FILE__", sha256: "__SHA256__", size: __SIZE__, parts: __PARTS__, later: "__LATER__" };
async function loadFromSnapshot(loadPyodide, options) {
    try {
        const [kept, later] = await Promise.all(
            [SNAPSHOT.file, SNAPSHOT.later].map((file) => caches.match(new URL(file, self.location).href)));
        if (kept && later) {
            // Pyodide waits for the snapshot only for its size, before it loads its WebAssembly: it gets a buffer
            // of the build's size at once (zeros), which the kept bytes fill once read and checked (0.2-0.5 s
            // sooner). The file is the memory without its blocks of zeros: each part it holds goes back to its
            // place (SNAPSHOT.parts: offset, length), the buffer's own zeros are the rest.
            const bytes = new Uint8Array(SNAPSHOT.size);
            const checked = kept.arrayBuffer().then(async (buffer) => {
                if (hex(await crypto.subtle.digest("SHA-256", buffer)) !== SNAPSHOT.sha256) return false;
                let at = 0;
                for (const [offset, length] of SNAPSHOT.parts) {
                    bytes.set(new Uint8Array(buffer, at, length), offset);
                    at += length;
                }
                return true;
            });
            const files = later.arrayBuffer().then(gunzip);
            // Checked while Pyodide loads, before the snapshot is restored (Pyodide awaits fsInit first): a
            // snapshot not this build's leaves that load waiting for ever, and a plain start goes on.
            const fsInit = async () => (await checked) || new Promise(() => {});
            const restoring = loadPyodide({ ...options, _loadSnapshot: bytes, fsInit });
            if (await checked) {
                const pyodide = await restoring;
                untar(pyodide.FS, await files);
                // flet-web's start then writes the entry module (as it is) rather than fetch and unpack an archive.
                const entry = pyodide.FS.readFile(`${self.pythonModuleName}.py`, { encoding: "utf8" });
                self.flet_js.args = { ...self.flet_js.args, script: entry };
                console.log("Tableside: Python restored from the snapshot");
                return pyodide;
            }
            console.warn("Tableside: the kept snapshot is not this build's: a plain start");
        }
    } catch (error) {
        console.warn("Tableside: a plain start, the snapshot failed:", error);
    }
    return await loadPyodide(options);
}

function hex(digest) {
    return Array.from(new Uint8Array(digest)).map((b) => b.toString(16).padStart(2, "0")).join("");
}

async function gunzip(data) {
    return new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer());
}

// A tar's files (as build.py writes them: ustar or GNU, long names) into Pyodide's working folder.
function untar(FS, bytes) {
    const text = new TextDecoder();
    const field = (at, length) => text.decode(bytes.subarray(at, at + length)).split("\\0")[0];
    let longName = null;
    for (let at = 0; at + 512 <= bytes.length && bytes[at] !== 0;) {
        const size = parseInt(field(at + 124, 12).trim() || "0", 8);
        const type = field(at + 156, 1) || "0";
        const prefix = field(at + 257, 6) === "ustar" ? field(at + 345, 155) : "";
        const name = longName ?? (prefix ? `${prefix}/${field(at, 100)}` : field(at, 100));
        const body = bytes.subarray(at + 512, at + 512 + size);
        longName = null;
        if (type === "L") {
            longName = text.decode(body).split("\\0")[0];
        } else if (type === "0" || type === "5") {
            const path = `${FS.cwd()}/${name}`.replace(/\\/+$/, "");
            FS.mkdirTree(type === "5" ? path : path.slice(0, path.lastIndexOf("/")));
            if (type === "0") FS.writeFile(path, body);
        }
        at += 512 + Math.ceil(size / 512) * 512;
    }
}
"""


def patch_snapshot_start(out: Path, snapshot: str, sha256: str, later: str, size: int, parts: list[tuple[int, int]]) -> None:
    """Patch the site in `out` to start Python from `snapshot` (a file of the site, its SHA-256 in hex: the
    memory of `size` bytes without its blocks of zeros, its `parts` kept one after another, each as (offset
    in the memory, length)), unpacking the archive `later` (a file of the site) in place of the app's whole
    archive."""
    for name, old, new in (
        ("pyodide/pyodide.asm.mjs", RESTORE_COPY, RESTORE_GROWN),
        ("python-worker.js", WORKER_LOAD, WORKER_LOAD_SNAPSHOT),
        ("python.js", CONNECT, CONNECT_EARLY),
    ):
        path = out / name
        text = path.read_text(encoding="utf-8")
        for needed in (old, WORKER_SCRIPT_ARG) if name == "python-worker.js" else (old,):
            if text.count(needed) != 1:
                raise RuntimeError(f"flet-web's {name} has changed: {needed!r} is not there once (seam 9 in flet_seams.py)")
        text = text.replace(old, new)
        if name == "python-worker.js":
            text += (
                SNAPSHOT_LOADER.replace("__FILE__", snapshot)
                .replace("__SHA256__", sha256)
                .replace("__SIZE__", str(size))
                .replace("__PARTS__", json.dumps(parts, separators=(",", ":")))
                .replace("__LATER__", later)
            )
        if name == "python.js":
            text += EARLY_WORKER
        path.write_text(text, encoding="utf-8")
