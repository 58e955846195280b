"""`tableside build-web --out DIR`: a static site that runs Tableside in the browser, offline.

The site is flet-web's own client (Flutter, CanvasKit and the Pyodide runtime that flet-web ships,
patched by flet-web's `patch_index_html`, as `flet publish --no-cdn` does) plus `app.tar.gz`: the
app's Python packages and, in `__pypackages__/`, the pure-Python sources of its dependencies,
copied from this installation (nothing is downloaded, at build time or by the built site).
Packages with compiled parts are copied without them where they have a pure fallback (msgpack,
openskill); the ones with no pure build (Pillow, brotli) are left out and the app says so in words.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import io
import json
import re
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from companion import APP_DESCRIPTION, APP_NAME, THEME_COLOR, language
from companion.language import DEFAULT, LANGUAGES, N_
from companion.standalone.stdlib import WHOLE, cut_standard_library

REPO = Path(__file__).resolve().parents[2]
APP_PACKAGES = ("scoring", "companion")
# What the app imports in the browser, by distribution name. Their compiled modules are left out:
# msgpack falls back to its pure `fallback.py`, openskill's mypyc modules ship their sources beside them.
BROWSER_DEPENDENCIES = (
    "flet",
    "flet-charts",
    "repath",
    "six",
    "msgpack",
    "tinydb",
    "platformdirs",
    "segno",
    "openskill",
    "itsdangerous",
    "filelock",
    "babel",
)
# Babel's locale data is every language's (36 MB): the browser keeps that of the languages Tableside translates
# (English is written as the app always wrote it, without Babel), and leaves out what the app never calls: the
# catalog tools (companion/language/catalogs.py), units, lists, language names, Windows' time zones.
BABEL_KEPT = {"root", *LANGUAGES} - {DEFAULT}
BABEL_NOT_RUN = (
    "babel/messages/",
    "babel/support.py",
    "babel/units.py",
    "babel/lists.py",
    "babel/languages.py",
    "babel/localtime/_win32.py",
)


def browser_runs(name: str) -> bool:
    """Whether a dependency's file (its path in __pypackages__) is one the browser build may need."""
    if name.startswith(BABEL_NOT_RUN):
        return False
    if name.startswith("babel/locale-data/"):
        return Path(name).stem in BABEL_KEPT
    return True


ENTRY_MODULE = "tableside_web"  # the module the Pyodide worker runs (app.tar.gz's top level)
ENTRY = "from companion.standalone.browser import run\n\nrun()\n"
# Never in the site: compiled files, and what only a computer uses.
LEFT_OUT = ("__pycache__", "*.pyc", "*.so", "*.pyd")
# The app's files the browser never runs: the server's own parts (bootstrap.serve imports them, and only it),
# the command line, and the build itself. tests/standalone imports every module of the app from the archive
# alone, so a file left out here that the browser needs fails it.
SERVER_ONLY = (
    "companion/__main__.py",
    "companion/server/fallback_fonts.py",
    "companion/server/guard.py",
    "companion/server/path_prefix.py",
    "companion/server/quiet_log.py",
    "companion/server/static_files.py",
    "companion/server/upload_route.py",
    "companion/server/wifi.py",
    "companion/server/web/",
    "companion/standalone/build.py",
    "companion/standalone/snapshot.mjs",
    "companion/language/__main__.py",  # the catalogs' tools (Babel): the browser reads the compiled .mo files
    "companion/language/catalogs.py",
)
CATALOG_SOURCES = (".po", ".pot")  # a translator's files: the app reads their .mo
# What a dependency ships that no Python runs: compiled modules, type stubs, and the Dart package of a
# Flet extension (flet_charts' `flutter/`, built into flet-web's client already).
NOT_RUN = ("flutter",)
NOT_RUN_FILES = (".so", ".pyd", ".pyc", ".pyi", "py.typed")
# flet-web's pyodide folder also holds a command-line Python for Node: not needed in a browser.
PYODIDE_LEFT_OUT = ("python", "python.bat", "python.exe", "python_cli_entry.mjs", "*.d.ts")


def pure_sources(distribution: str) -> dict[str, Path]:
    """{path inside __pypackages__: file} for an installed distribution's Python files and data, without compiled modules."""
    dist = importlib.metadata.distribution(distribution)
    found: dict[str, Path] = {}
    for entry in dist.files or ():
        name = str(entry)
        top = name.split("/")[0]
        if top.endswith((".dist-info", ".data")) or top in ("..", *NOT_RUN) or "__pycache__" in name or name.endswith(NOT_RUN_FILES):
            continue
        path = Path(str(dist.locate_file(entry)))
        if path.is_file():
            found[name] = path
    return found


def app_archive() -> bytes:
    """app.tar.gz: the entry module, scoring/, companion/ and __pypackages__/ (the pure dependencies)."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.GNU_FORMAT) as tar:

        def add_bytes(name: str, data: bytes) -> None:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mtime = 0
            tar.addfile(info, io.BytesIO(data))

        add_bytes(f"{ENTRY_MODULE}.py", ENTRY.encode())
        for package in APP_PACKAGES:
            for path in sorted((REPO / package).rglob("*")):
                name = path.relative_to(REPO).as_posix()
                shipped = path.suffix not in (".pyc", *CATALOG_SOURCES) and not name.startswith(SERVER_ONLY)
                if path.is_file() and "__pycache__" not in path.parts and shipped:
                    add_bytes(name, path.read_bytes())
        for distribution in BROWSER_DEPENDENCIES:
            for name, path in sorted(pure_sources(distribution).items()):
                if browser_runs(name):
                    add_bytes(f"__pypackages__/{name}", path.read_bytes())
    return buffer.getvalue()


# Every start needs these (the service worker keeps them at install), besides the fonts Flutter's
# FontManifest lists. Not Flutter's builds: a browser runs one (Chromium main.dart.wasm with skwasm,
# Safari and Firefox main.dart.js with the full CanvasKit): the page tells the worker which files its
# start used (REGISTER_SERVICE_WORKER), so a first visit downloads one. Not what only a start from the
# memory snapshot uses (KEPT_AFTER_START): a first visit starts without it, so it is kept once Python is
# ready, in the background, for the next start.
START_FILES = (
    "./",
    "index.html",
    "python.js",
    "python-worker.js",
    "flutter_bootstrap.js",
    "flutter.js",
    "manifest.json",
    "favicon.png",
    "icons/loading-animation.png",
    "pyodide/pyodide.mjs",
    "pyodide/pyodide-lock.json",
    "pyodide/pyodide.asm.mjs",
    "pyodide/pyodide.asm.wasm",
    "pyodide/python_stdlib.zip",
    "app.tar.gz",
    "assets/FontManifest.json",
    "assets/AssetManifest.bin.json",
    "assets/AssetManifest.bin",
    "assets/AssetManifest.json",
)
# What the page may reach: itself, and nothing else (Flet's client asks a CDN for Rive's runtime at
# start: refused here before it leaves the browser). Flutter and Pyodide compile WebAssembly.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval' blob:; worker-src 'self' blob:; "
    "connect-src 'self' blob: data:; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; font-src 'self' data: blob:"
)
# Before anything else of the page: a new build the service worker installed at an earlier visit (it
# waits, so that the page running then kept its own files) takes over now, and the page loads again
# from it. So an update takes effect at the next start, never in the middle of a game. While it takes
# over, this page loads nothing more (`window.stop()`, and the early Python worker waits for
# `tablesideTaking`): the old build activates the new one only once it has no request in hand. Should
# the new one not take over within 5 s, the page loads once more as it is, and the next start tries again.
TAKE_UPDATE = """<script>
var tablesideTaking = (async () => {
  const worker = navigator.serviceWorker;
  if (!worker || !worker.controller || sessionStorage.getItem("tableside-take-tried")) {
    sessionStorage.removeItem("tableside-take-tried");
    return false;
  }
  const registration = await worker.getRegistration().catch(() => undefined);
  if (!registration || !registration.waiting) return false;
  window.stop();
  worker.addEventListener("controllerchange", () => location.reload(), { once: true });
  registration.waiting.postMessage({ take: true });
  setTimeout(() => { sessionStorage.setItem("tableside-take-tried", "1"); location.reload(); }, 5000);
  return true;
})();
</script>
"""
# Registered once Flutter has started, so that a first visit's start never waits for the service
# worker's install (Flutter's loader waits for a worker it finds installing). Then:
# - the worker is told which of the site's files this start used (the one CanvasKit this browser runs;
#   the browser's HTTP cache has them) and, 3 s after Python is ready (flet_seams seam 9's early worker,
#   where the build has it; the home screen is drawn by then), to keep the memory snapshot and the
#   archive a start from it unpacks for the next start, in the background;
# - a new build found on the host (the browser checks at every start) says so, in the page's own words
#   (in the browser's language);
# - once a game is saved (the history's file is in IndexedDB), the browser is asked to keep the site's
#   storage when the device runs short of space (it may evict it otherwise).
REGISTER_SERVICE_WORKER = """<script>
%s
flet.flutterAppLoaded.then(() => {
  if ("serviceWorker" in navigator) {
    const hadWorker = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker.register("flutter_service_worker.js?v=%s").then((registration) => {
      const told = () => {
        const worker = registration.installing || registration.waiting;
        if (!hadWorker || !worker) return;
        const ready = () => { if (worker.state === "installed") tablesideUpdateReady(); };
        worker.addEventListener("statechange", ready);
        ready();
      };
      registration.addEventListener("updatefound", told);
      told();
    });
    navigator.serviceWorker.ready.then((registration) => {
      registration.active.postMessage({ keep: performance.getEntriesByType("resource").map((entry) => entry.name) });
      // The snapshot once this start is done with the network (Python ready, and the home screen's time).
      const pythonReady = typeof tablesideEarly === "undefined" ? Promise.resolve() : tablesideEarly.ready;
      pythonReady.then(() => setTimeout(() => registration.active.postMessage({ keep: %s }), 3000));
    });
  }
  if (!navigator.storage || !navigator.storage.persist) return;
  navigator.storage.persisted().then((kept) => {
    if (kept) return;
    const opened = indexedDB.open("/tableside");
    opened.onsuccess = () => {
      const db = opened.result;
      if (!db.objectStoreNames.contains("FILE_DATA")) return db.close();
      const range = IDBKeyRange.bound("/tableside/data/history", "/tableside/data/history~");
      const counted = db.transaction("FILE_DATA").objectStore("FILE_DATA").count(range);
      counted.onsuccess = () => { db.close(); if (counted.result > 0) navigator.storage.persist(); };
    };
  });
});
function tablesideUpdateReady() {
  if (document.getElementById("tableside-update")) return;
  const notice = document.createElement("div");
  notice.id = "tableside-update";
  notice.setAttribute("role", "status");
  notice.textContent = tablesideSaid(%s);
  const close = document.createElement("button");
  close.textContent = tablesideSaid("OK");
  close.onclick = () => notice.remove();
  notice.append(" ", close);
  notice.style.cssText = "position:fixed;left:8px;right:8px;bottom:8px;z-index:1000;padding:12px 16px;border-radius:8px;"
    + "background:#263238;color:#fff;font:16px/1.4 sans-serif;";
  close.style.cssText = "margin-left:8px;min-width:48px;min-height:48px;font:inherit;";
  document.body.append(notice);
}
</script>
"""
UPDATE_READY = N_("A new version of Tableside is ready: it starts the next time you open Tableside. Your games stay.")


def turn_on_accessibility(out: Path) -> None:
    """The page switches Flutter's accessibility tree on before its first frame, as the served page does
    (flet_seams.SEMANTICS_ON)."""
    from companion.server import flet_seams, static_files

    index = out / "index.html"
    index.write_text(static_files.with_script(index.read_text(), flet_seams.SEMANTICS_ON.read_text(encoding="utf-8")))


def drop_unused_fonts(out: Path) -> None:
    """Flutter downloads and registers every family of FontManifest.json at each start: the families the
    app never draws (static_files.UNUSED_FONT_FAMILIES, which the server leaves out too: Markdown's
    formula fonts, Cupertino's icons) leave the manifest, and their files the site. They were 0.36 MB
    of a first visit with Brotli, before Home."""
    from companion.server import static_files

    manifest = out / "assets" / "FontManifest.json"
    listed = manifest.read_text()
    for family in json.loads(listed):
        if static_files.never_drawn(family):
            for font in family["fonts"]:
                (out / "assets" / font["asset"]).unlink(missing_ok=True)
    manifest.write_text(static_files.used_fonts_only(listed, ""))


def precache(out: Path) -> list[str]:
    """The site's files that every start needs, as the service worker asks for them."""
    fonts = json.loads((out / "assets" / "FontManifest.json").read_text())
    files = [*START_FILES, *(f"assets/{font['asset']}" for family in fonts for font in family["fonts"])]
    return [name for name in files if name == "./" or (out / name).is_file()]


def add_service_worker(out: Path) -> None:
    """Our service worker in place of Flutter's (same name, the version Flutter's loader expects)."""
    bootstrap = (out / "flutter_bootstrap.js").read_text()
    found = re.search(r'serviceWorkerVersion:\s*"([^"]+)"', bootstrap)
    version = found.group(1) if found else ""
    snapshot = out / SNAPSHOT
    builds = (out / "app.tar.gz", out / "main.dart.js", out / "main.dart.wasm", snapshot)
    kept = b"".join(path.read_bytes() for path in builds if path.is_file())
    build_id = hashlib.sha256(kept).hexdigest()[:16]
    worker = (Path(__file__).with_name("service_worker.js")).read_text()
    worker = worker.replace("__BUILD__", build_id).replace("__PRECACHE__", json.dumps(precache(out)))
    (out / "flutter_service_worker.js").write_text(worker)
    index = (out / "index.html").read_text()
    csp = f'<meta http-equiv="Content-Security-Policy" content="{CONTENT_SECURITY_POLICY}">\n'
    words = language.page_words([UPDATE_READY, "OK"])  # said in the browser's language (companion/language/said.js)
    registered = REGISTER_SERVICE_WORKER % (words, version, json.dumps(KEPT_AFTER_START), json.dumps(UPDATE_READY))
    index = index.replace("<head>\n", "<head>\n  " + csp + TAKE_UPDATE, 1).replace("</head>", registered + "</head>", 1)
    (out / "index.html").write_text(index)


SNAPSHOT = "python.snapshot"
# What a start from the snapshot unpacks in place of app.tar.gz: the archive without the files of the
# modules the snapshot holds imported (half a second of unpacking, in the browser), for what is imported
# or read later. A plain start still unpacks app.tar.gz whole.
LATER_ARCHIVE = "app.later.tar.gz"
# Kept by the service worker once a start is done (REGISTER_SERVICE_WORKER), for the next start: the
# snapshot last, as a start uses it only with the archive beside it; the whole standard library, for an
# import the cut one cannot answer offline (stdlib.py).
KEPT_AFTER_START = [LATER_ARCHIVE, f"pyodide/{WHOLE}", SNAPSHOT]


def add_snapshot(out: Path) -> None:
    """Python's memory after the app's imports, the standard library cut to what they used (both made by
    snapshot.mjs, run by Node: companion/standalone/stdlib.py), the archive a start from the snapshot
    unpacks, and the worker patched to start from it (flet_seams seam 9). Without Node the site starts
    as before, importing from source, with the whole standard library."""
    node = shutil.which("node")
    if node is None:
        print("node not found: the site starts without a memory snapshot (slower: it imports the app from source)")
        return
    with tempfile.TemporaryDirectory() as folder:
        made = subprocess.run([node, str(Path(__file__).with_name("snapshot.mjs")), str(out), folder], capture_output=True, text=True)
        snapshot, imported = Path(folder) / SNAPSHOT, Path(folder) / "imported.json"
        if made.returncode != 0 or not snapshot.is_file() or not imported.is_file():
            print(f"the memory snapshot could not be made, the site starts without it: {made.stderr.strip()[-500:]}")
            return
        memory = snapshot.read_bytes()
        kept, parts = without_zero_blocks(memory)
        (out / SNAPSHOT).write_bytes(kept)
        used = json.loads(imported.read_text())
    stdlib = out / "pyodide" / "python_stdlib.zip"
    whole = stdlib.read_bytes()
    stdlib.with_name(WHOLE).write_bytes(whole)
    stdlib.write_bytes(cut_standard_library(whole, set(used["stdlib"])))
    (out / LATER_ARCHIVE).write_bytes(archive_without((out / "app.tar.gz").read_bytes(), set(used["app"])))
    digest = hashlib.sha256(kept).hexdigest()
    from companion.server import flet_seams

    flet_seams.patch_snapshot_start(out, SNAPSHOT, digest, LATER_ARCHIVE, size=len(memory), parts=parts)
    print(made.stdout.strip())


ZERO_BLOCK = 65_536  # the memory's blocks of zeros this long are left out of the snapshot's file


def without_zero_blocks(memory: bytes) -> tuple[bytes, list[tuple[int, int]]]:
    """The memory without its whole blocks of zeros (19 of 54 MB: the heap's unused end and its free
    blocks), and where each part kept goes back, as (offset, length): a start reads and checks the rest
    only, into a buffer whose own zeros are the blocks left out.

    >>> kept, parts = without_zero_blocks(bytes(ZERO_BLOCK) + b"ab" + bytes(2 * ZERO_BLOCK))
    >>> len(kept), parts
    (65536, [(65536, 65536)])
    """
    parts: list[tuple[int, int]] = []
    zeros = bytes(ZERO_BLOCK)
    for at in range(0, len(memory), ZERO_BLOCK):
        block = memory[at : at + ZERO_BLOCK]
        if block == zeros[: len(block)]:
            continue
        if parts and sum(parts[-1]) == at:
            parts[-1] = (parts[-1][0], parts[-1][1] + len(block))
        else:
            parts.append((at, len(block)))
    return b"".join(memory[offset : offset + length] for offset, length in parts), parts


def archive_without(archive: bytes, left_out: set[str]) -> bytes:
    """A .tar.gz of `archive`'s files but those named in `left_out`."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=io.BytesIO(archive)) as source, tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.GNU_FORMAT) as kept:
        for member in source.getmembers():
            if member.name not in left_out:
                kept.addfile(member, source.extractfile(member))
    return buffer.getvalue()


PRECOMPRESSED = {"br": ".br", "gzip": ".gz"}
# What a first visit downloads before the home screen (Chromium's, the most phones'): compressed at the
# best grades, 1.1 MB less than the quick ones (Brotli 11 against 5: pyodide.asm.wasm 2.7 MB against 3.2),
# at about half a minute of build time on two cores. The rest at the server's quick grades.
BEST_COMPRESSED = (*START_FILES, "main.dart.wasm", "main.dart.mjs", "canvaskit/skwasm.wasm", "canvaskit/skwasm.js")


def add_precompressed(out: Path) -> int:
    """A Brotli (`.br`) and a gzip (`.gz`) copy beside each file worth compressing, for hosts that serve
    them (nginx's gzip_static and brotli_static, Caddy's `precompressed`: docs/standalone.md); about a
    quarter of the bytes on the wire. Returns their bytes."""
    from concurrent.futures import ThreadPoolExecutor

    from companion.server.static_files import MIN_SIZE, WORTH_IT, CompressedCache, compressible

    files = [
        path
        for path in out.rglob("*")
        if path.is_file() and (compressible(path) or path.name == SNAPSHOT) and path.stat().st_size >= MIN_SIZE
    ]
    best = {out / name for name in BEST_COMPRESSED}

    def compress(path: Path) -> int:
        raw = path.read_bytes()
        written = 0
        grades = CompressedCache.BEST if path in best else CompressedCache.QUICK
        for encoding, suffix in PRECOMPRESSED.items():
            packed = grades[encoding](raw)
            if len(packed) < len(raw) * WORTH_IT:
                path.with_name(path.name + suffix).write_bytes(packed)
                written += len(packed)
        return written

    files.sort(key=lambda path: (path not in best, -path.stat().st_size))  # the longest work first
    with ThreadPoolExecutor() as pool:  # zlib and Brotli let go of the GIL: every core compresses
        return sum(pool.map(compress, files))


def build(out: Path, base: str = "/", precompress: bool = True) -> Path:
    """Write the site into `out` (emptied first), to be served at the path `base`; returns `out`.
    `precompress`: with the .br and .gz copies (add_precompressed)."""
    import flet as ft

    from companion.bootstrap import ASSETS_DIR
    from companion.server import flet_seams

    out = out.resolve()
    if out.exists():
        shutil.rmtree(out)
    shutil.copytree(flet_seams.flet_web_dir(), out, ignore=shutil.ignore_patterns(*LEFT_OUT))
    for pattern in PYODIDE_LEFT_OUT:
        for path in (out / "pyodide").glob(pattern):
            shutil.rmtree(path) if path.is_dir() else path.unlink()
    shutil.copytree(ASSETS_DIR, out, dirs_exist_ok=True)  # fonts, icons: what the server serves at /
    (out / "app.tar.gz").write_bytes(app_archive())
    flet_seams.patch_published_site(out, ENTRY_MODULE, base, APP_NAME, APP_DESCRIPTION, THEME_COLOR)
    turn_on_accessibility(out)
    drop_unused_fonts(out)
    add_snapshot(out)
    add_service_worker(out)
    packed = add_precompressed(out) if precompress else 0
    print(f"flet {ft.__version__}: site written to {out} (with {packed / 2**20:.0f} MB of .br and .gz copies)")
    return out
