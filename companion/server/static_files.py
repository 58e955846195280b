"""What a phone needs from the static files: compressed once, cached by the browser, revalidated cheaply.

Flet's server sends its web client (main.dart.wasm 8.5 MB, skwasm.wasm 3.6 MB, ...) uncompressed
and without `Cache-Control`, so every visit moves it again. `install(app, cache_dir)` wraps Flet's
own static-file handler (the `/` mount of `flet_web.fastapi.app`) so that, for the same files it
would serve:

- Compressible files go out as Brotli, or gzip for a client that takes no Brotli, with
  `Vary: Accept-Encoding`. Each file is compressed once into `cache_dir`, named by the content's
  hash: quickly on demand if a request comes first, and at the smallest size by a background
  thread started with the server (`CompressedCache`). A restart, or a second data folder on the
  same machine, compresses nothing again.
- Every answer has an ETag (one per content and encoding) and `Cache-Control`; a request
  carrying a matching `If-None-Match` gets `304 Not Modified` and no body.
- The page (index.html) is rewritten so the client fetches its runtime and assets under
  `/v/<version>/...`, where `<version>` changes whenever any of those files changes (a new Flet,
  a new font): those URLs are cached for a year without asking again. The page itself, and any
  file asked for by its plain URL, is `no-cache`: revalidated on each visit (a 304 costs bytes
  only in headers).

The websocket, uploads and OAuth are other routes of the app and never reach this handler; the
headers Flet and the app add in middleware (COOP/COEP, security headers) wrap these answers as
they wrapped Flet's.
"""

from __future__ import annotations

import contextlib
import gzip
import hashlib
import json
import logging
import mimetypes
import os
import re
import stat
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import ClassVar

import anyio
import brotli
import filelock
from starlette.datastructures import Headers
from starlette.responses import FileResponse, Response
from starlette.types import Receive, Scope, Send

from companion import language
from companion.language import N_
from companion.server import fallback_fonts, flet_seams

log = logging.getLogger("tableside")

# Text, wasm and fonts without their own compression. (woff2, png and jpeg are compressed already.)
COMPRESSIBLE = {".html", ".js", ".mjs", ".wasm", ".json", ".css", ".svg", ".txt", ".ttf", ".otf", ".bin", ".map", ""}
MIN_SIZE = 1024  # smaller files gain less than their headers
WORTH_IT = 0.95  # a compressed copy not 5 % smaller (a woff2, already compressed) is not served
LONG_LIVED = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # may be stored, but asked about (If-None-Match) on every use
VERSIONED = re.compile(r"^/v/([0-9a-f]{1,32})(/.*)$")
SKIPPED_DIRS = {"pyodide"}  # Python in the browser: never used by a served app
SKIPPED_SUFFIXES = (".symbols", ".map")  # debugging aids, fetched only by developer tools
# What a first visit fetches: with skwasm (Chromium), then with CanvasKit (Safari, Firefox). Flet's
# other runtime variants are compressed quickly on demand should a browser ever ask for them.
FIRST_VISIT = (
    {
        "main.dart.wasm",
        "main.dart.mjs",
        "skwasm.wasm",
        "skwasm.js",
        "flutter_bootstrap.js",
        "python.js",
        "MaterialIcons-Regular.otf",
        "FontManifest.json",
        "AssetManifest.bin.json",
    },
    {"main.dart.js", "canvaskit.js", "canvaskit.wasm"},
)


@dataclass(frozen=True)
class Encoded:
    path: Path  # the bytes to send: the file itself or its compressed copy
    encoding: str  # "br", "gzip" or "" (identity)
    etag: str


class CompressedCache:
    """Brotli and gzip copies of files, kept in one folder under the content's hash.

    Two grades: a quick copy made when a request finds none (Brotli 5, gzip 6: well under a second
    for the 8.5 MB runtime), and the smallest (Brotli 11, gzip 9: about 2 s per MB, 10-12 % smaller
    than the quick one) made once by the background warm-up, which then takes its place. Both decode
    to the same bytes, so they share a weak ETag.
    """

    QUICK: ClassVar[dict[str, Callable[[bytes], bytes]]] = {
        "br": lambda data: brotli.compress(data, quality=5),
        "gzip": lambda data: gzip.compress(data, 6, mtime=0),
    }
    BEST: ClassVar[dict[str, Callable[[bytes], bytes]]] = {
        "br": lambda data: brotli.compress(data, quality=11),
        "gzip": lambda data: gzip.compress(data, 9, mtime=0),
    }

    def __init__(self, folder: Path):
        self.folder = folder
        self.folder.mkdir(parents=True, exist_ok=True)
        self._digests: dict[tuple[str, int, int], str] = {}
        self._locks: dict[str, threading.Lock] = {}
        self._guard = threading.Lock()

    def digest(self, path: Path, st: os.stat_result) -> str:
        key = (str(path), st.st_size, st.st_mtime_ns)
        if key not in self._digests:
            self._digests[key] = hashlib.sha256(path.read_bytes()).hexdigest()[:32]
        return self._digests[key]

    def copy(self, path: Path, st: os.stat_result, encoding: str, best: bool = False) -> Path | None:
        """The compressed copy of `path` (the best one there is; made now if none), or None if it does not pay."""
        digest = self.digest(path, st)
        suffix = "br" if encoding == "br" else "gz"
        smallest, quick = self.folder / f"{digest}.best.{suffix}", self.folder / f"{digest}.{suffix}"
        if best:  # the warm-up thread, unlocked: requests meanwhile are served the quick copy
            if not smallest.exists():
                self._write(smallest, self.BEST[encoding](path.read_bytes()))
        else:
            with self._lock(f"{digest}.{suffix}"):  # two requests for one file compress it once
                if not smallest.exists() and not quick.exists():
                    self._write(quick, self.QUICK[encoding](path.read_bytes()))
        found = smallest if smallest.exists() else quick
        return found if found.stat().st_size <= WORTH_IT * st.st_size else None

    def _write(self, target: Path, packed: bytes) -> None:
        with tempfile.NamedTemporaryFile(dir=self.folder, delete=False) as tmp:
            tmp.write(packed)
        os.replace(tmp.name, target)  # whole or not at all: a crash leaves no half file

    def _lock(self, key: str) -> threading.Lock:
        with self._guard:
            return self._locks.setdefault(key, threading.Lock())

    def warm(self, folders: list[Path]) -> None:
        """Make the smallest copies of every file a browser may fetch, once per machine.

        One process at a time (servers of several data folders share the cache): the others skip
        it and compress quickly on demand what this one has not reached yet.
        """
        try:
            held = filelock.FileLock(self.folder / "warming.lock").acquire(blocking=False)
        except filelock.Timeout:
            return
        with held:
            paths = sorted((p for folder in folders for p in folder.rglob("*") if p.is_file()), key=first_needed)
            paths = [p for p in paths if warmed(p, folders)]
            for encoding in ("br", "gzip"):  # every browser of today takes Brotli: gzip copies come second
                for path in paths:
                    self.copy(path, path.stat(), encoding, best=True)


def compressible(path: Path) -> bool:
    return path.suffix.lower() in COMPRESSIBLE


def skipped(path: Path, folders: list[Path]) -> bool:
    if path.name.endswith(SKIPPED_SUFFIXES):
        return True
    return any(path.is_relative_to(folder) and path.relative_to(folder).parts[0] in SKIPPED_DIRS for folder in folders)


def first_needed(path: Path) -> tuple[int, str]:
    """The files of a first visit with skwasm first, then with CanvasKit, then the rest by name."""
    return (next((i for i, names in enumerate(FIRST_VISIT) if path.name in names), len(FIRST_VISIT)), str(path))


def warmed(path: Path, folders: list[Path]) -> bool:
    """Flet's first-visit files, and every compressible file of ours (the app's assets folder)."""
    ours = not path.is_relative_to(folders[0])
    return (
        compressible(path)
        and not skipped(path, folders)
        and path.stat().st_size >= MIN_SIZE
        and (ours or any(path.name in names for names in FIRST_VISIT))
    )


def accepted(headers: Headers) -> list[str]:
    """The encodings the client takes, best first (a `q=0` refuses one)."""
    offered = {}
    for item in headers.get("accept-encoding", "").split(","):
        name, _, params = item.strip().partition(";")
        q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
        try:
            offered[name.strip().lower()] = float(q)
        except ValueError:
            offered[name.strip().lower()] = 0.0
    return [e for e in ("br", "gzip") if offered.get(e, offered.get("*", 0)) > 0]


def etag_matches(headers: Headers, etag: str) -> bool:
    """If-None-Match's weak comparison (RFC 9110 13.1.2)."""
    wanted = headers.get("if-none-match", "")
    return wanted.strip() == "*" or etag.removeprefix("W/") in [t.strip().removeprefix("W/") for t in wanted.split(",")]


class PhoneFriendlyStatic:
    """Wraps Flet's FletStaticFiles: same files, same lookup (its SPA fallback too), better answers."""

    def __init__(self, flet_static, cache: CompressedCache, version: str):
        self.flet_static = flet_static
        self.cache = cache
        self.version = version
        self._rewritten: dict[str, tuple[str, bytes, dict[str, bytes]]] = {}  # name → (source digest, body, packed)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            await self.flet_static(scope, receive, send)
            return
        await self._configure(scope)
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :] or "/"
        versioned = VERSIONED.match(path)
        if versioned:  # /v/<version>/x is x; only the current version is cached for long
            path = versioned.group(2)
        cache_control = LONG_LIVED if versioned and versioned.group(1) == self.version else REVALIDATE
        found = self._lookup(fallback_fonts.answer(path) or path)
        if found is None:
            await self.flet_static(scope, receive, send)  # Flet's own 404
            return
        full_path, st = found
        headers = Headers(scope=scope)
        patched = full_path.is_relative_to(self._patched)  # Flet's patched page (SPA routes too), font manifest
        rewrite = REWRITTEN.get(full_path.relative_to(self._patched).as_posix()) if patched else None
        if rewrite is not None:
            response = self._rewritten_response(full_path, headers, rewrite, cache_control)
        else:
            response = await self._file_response(full_path, st, headers, cache_control)
        await response(scope, receive, send)

    async def _configure(self, scope: Scope) -> None:
        # Flet prepares its patched index.html on its first request; the lookup below needs it done.
        await flet_seams.prepare_flet_static(self.flet_static, scope["root_path"])

    def _lookup(self, path: str) -> tuple[Path, os.stat_result] | None:
        if not getattr(self.flet_static, "all_directories", None):
            return None
        relative = os.path.normpath(os.path.join(*path.split("/"))) if path.strip("/") else "."
        full_path, st = self.flet_static.lookup_path(relative)
        if st is not None and stat.S_ISDIR(st.st_mode):
            full_path, st = self.flet_static.lookup_path(os.path.join(relative, "index.html"))
        if st is None or not stat.S_ISREG(st.st_mode):
            return None
        return Path(full_path), st

    async def _file_response(self, full_path: Path, st: os.stat_result, headers: Headers, cache_control: str) -> Response:
        digest = await anyio.to_thread.run_sync(self.cache.digest, full_path, st)
        encoded = Encoded(full_path, "", f'"{digest}"')
        varies = compressible(full_path) and st.st_size >= MIN_SIZE
        if varies:
            for encoding in accepted(headers):
                copy = await anyio.to_thread.run_sync(self.cache.copy, full_path, st, encoding)
                if copy is not None:
                    # weak: the quick copy and the smallest decode to the same bytes
                    encoded = Encoded(copy, encoding, f'W/"{digest}.{encoding}"')
                    break
        out = {"etag": encoded.etag, "cache-control": cache_control}
        if varies:
            out["vary"] = "Accept-Encoding"
        if encoded.encoding:
            out["content-encoding"] = encoded.encoding
        if etag_matches(headers, encoded.etag):
            return Response(status_code=304, headers=out)
        media_type = mimetypes.guess_type(full_path.name)[0] or "application/octet-stream"
        return FileResponse(encoded.path, headers=out, media_type=media_type)

    @property
    def _patched(self) -> Path:
        """Where Flet keeps the files it patches at start (index.html, manifest.json, assets/FontManifest.json)."""
        return Path(os.path.realpath(self.flet_static.directory))

    def _rewritten_response(self, full_path: Path, headers: Headers, rewrite, cache_control: str) -> Response:
        source = full_path.read_bytes()
        digest = hashlib.sha256(source).hexdigest()[:32]
        name = full_path.name
        if name not in self._rewritten or self._rewritten[name][0] != digest:
            body = rewrite(source.decode("utf-8"), self.version).encode("utf-8")
            packed = {"br": brotli.compress(body, quality=11), "gzip": gzip.compress(body, mtime=0)}
            self._rewritten[name] = (digest, body, packed)
        _, body, packed = self._rewritten[name]
        encoding = next(iter(accepted(headers)), "")
        etag = f'"{hashlib.sha256(body).hexdigest()[:32]}{"." + encoding if encoding else ""}"'
        body = packed[encoding] if encoding else body
        out = {"etag": etag, "cache-control": cache_control, "vary": "Accept-Encoding"}
        if encoding:
            out["content-encoding"] = encoding
        if etag_matches(headers, etag):
            return Response(status_code=304, headers=out)
        return Response(body, headers=out, media_type=mimetypes.guess_type(name)[0])


BEFORE_FLET = flet_seams.BEFORE_FLET  # no CDN request; a page never waits for ever
BEFORE_FLET_WORDS = (N_("Still connecting to the table…"), N_("Retry"))  # its notice's, said in the browser's language
SAID_HERE = "/* TABLESIDE_SAID: its words in the browser's language (static_files.py puts them here) */"


def versioned_page(html: str, version: str) -> str:
    """index.html with the runtime, CanvasKit and assets fetched from /v/<version>/ (cached for long),
    under the page's own base (`serve --prefix t2`: /t2/v/<version>/), and our own scripts run before
    Flet's client (BEFORE_FLET; SEMANTICS_ON, which the browser build's page runs too)."""
    base = f"{flet_seams.base_href(html)}v/{version}/"
    ours = BEFORE_FLET.read_text(encoding="utf-8").replace(SAID_HERE, language.page_words(BEFORE_FLET_WORDS))
    html = with_script(with_script(html, ours), flet_seams.SEMANTICS_ON.read_text(encoding="utf-8"))
    return flet_seams.page_fetching_from(html, base)


def with_script(html: str, script: str) -> str:
    """`html` with `script` inlined at the end of its <head>."""
    script = script.replace("</", "<\\/")  # nothing in it may end the <script>
    return html.replace("</head>", f"<script>\n{script}</script>\n</head>", 1)


def used_fonts_only(manifest: str, version: str) -> str:
    """Flutter downloads every family of FontManifest.json at start; drop those the app never draws."""
    return json.dumps([family for family in json.loads(manifest) if not never_drawn(family)])


def never_drawn(family: dict) -> bool:
    """A family of FontManifest.json the app never draws with (UNUSED_FONT_FAMILIES)."""
    return family["family"].startswith(UNUSED_FONT_FAMILIES)


# Flet's client bundles fonts for controls this app does not use: the KaTeX fonts of Markdown's
# math (flutter_math_fork, 23 files) and Cupertino icons. Material icons and Roboto stay.
UNUSED_FONT_FAMILIES = ("packages/flutter_math_fork/", "packages/cupertino_icons/")
REWRITTEN = {"index.html": versioned_page, "assets/FontManifest.json": used_fonts_only}


def version_of(folders: list[Path]) -> str:
    """Changes whenever a file a client may cache changes (a new Flet, a new asset, a new rewrite here)."""
    h = hashlib.sha256(Path(__file__).read_bytes())
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                st = path.stat()
                h.update(f"{path.relative_to(folder)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:12]


# The smallest copies are made once a server has stood this long (seconds): a start spends the CPU
# on the first pages, and a server that lives a moment (a test's) does not start a Brotli-11 copy
# it would never finish (NotoColorEmoji alone takes over 30 s: each short-lived server began it anew).
WARM_AFTER = 60.0


def default_cache_dir() -> Path:
    """The user's cache folder: shared by every data folder on the machine, safe to delete."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("tableside")) / "static"


def install(app, assets_dir: Path, cache_dir: Path | None = None) -> None:
    """Serve `flet_web.fastapi.app(...)`'s static files compressed and cached; start compressing them now."""
    cache_dir = cache_dir or Path(os.environ.get("TABLESIDE_CACHE") or default_cache_dir())
    folders = [flet_seams.flet_web_dir().resolve(), assets_dir.resolve()]
    cache = CompressedCache(cache_dir)
    version = version_of(folders)
    flet_seams.wrap_flet_static_files(app, lambda flet_static: PhoneFriendlyStatic(flet_static, cache, version))
    warming = threading.Timer(WARM_AFTER, _warm, args=(cache, folders))
    warming.name, warming.daemon = "precompress", True
    warming.start()


def _warm(cache: CompressedCache, folders: list[Path]) -> None:
    with contextlib.suppress(AttributeError, OSError):  # a background job: the server's threads come first
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 15)  # on Linux, this thread only
    try:
        cache.warm(folders)
    except Exception:  # a full disk or an unreadable file: such files are compressed on demand, or sent as they are
        log.exception("precompressing the static files stopped")
