"""The browser build's standard library: cut to what the app imports, the whole one fetched if ever needed.

Pyodide's `python_stdlib.zip` is 2.5 MB, all of it on a first visit, of which the app imports about a
third. `build-web` (snapshot.mjs, in Node) writes the cut one in its place, keeps the whole one beside it
(WHOLE), and names what it left out in the cut zip itself (LEFT_OUT_MODULE). An import the cut zip cannot
answer, of a module it left out (one imported inside a function the build's session never ran), fetches
the whole zip once and imports from it: a start never fails for a module the cut missed, it is slower.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import io
import logging
import sys
import zipfile
from collections.abc import Callable, Sequence
from types import ModuleType

log = logging.getLogger(__name__)

WHOLE = "python_stdlib.whole.zip"  # beside the cut python_stdlib.zip in the site's pyodide/ folder
LEFT_OUT_MODULE = "_tableside_stdlib_left_out"
# Text codecs are looked up by name as text is decoded: the common ones stay, whatever the session met.
CODECS_KEPT = {
    f"encodings/{name}.py"
    for name in (
        "__init__", "aliases", "ascii", "latin_1", "utf_8", "utf_8_sig", "utf_16", "utf_16_le", "utf_16_be",
        "utf_32", "utf_32_le", "utf_32_be", "cp437", "cp1252", "idna", "punycode", "charmap",
        "unicode_escape", "raw_unicode_escape",
    )
}  # fmt: skip


def module_name(file: str) -> str:
    """'email/mime/text.py' → 'email.mime.text'; 'email/__init__.py' → 'email'."""
    return file.removesuffix(".py").removesuffix("/__init__").replace("/", ".")


def cut_standard_library(whole: bytes, used: set[str]) -> bytes:
    """A zip of `whole`'s files named in `used` (paths inside it), the packages that hold them, the
    common codecs, and LEFT_OUT_MODULE naming every module left out."""
    source = zipfile.ZipFile(io.BytesIO(whole))
    names = set(source.namelist())
    kept = {name for name in (used | CODECS_KEPT) if name in names}
    for name in list(kept):  # a module's packages, up to the top
        parts = name.split("/")[:-1]
        kept |= {init for i in range(1, len(parts) + 1) if (init := "/".join(parts[:i]) + "/__init__.py") in names}
    left_out = sorted(module_name(name) for name in names - kept if name.endswith(".py"))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as cut:
        for info in source.infolist():
            if info.filename in kept:
                cut.writestr(info, source.read(info))
        cut.writestr(f"{LEFT_OUT_MODULE}.py", f"NAMES = frozenset({left_out!r})\n")
    return buffer.getvalue()


class WholeStandardLibrary(importlib.abc.MetaPathFinder):
    """Last on sys.meta_path: a module the cut zip left out is imported from the whole zip, fetched
    (`fetch() -> bytes`) and written to `whole` the first time one is asked for."""

    def __init__(self, cut: str, whole: str, left_out: frozenset[str], fetch: Callable[[], bytes]) -> None:
        self.cut, self.whole, self.left_out, self.fetch = cut, whole, left_out, fetch
        self.state = "not fetched"  # then "here", or "failed" (each import then fails as it would have)

    def find_spec(self, fullname: str, path: Sequence[str] | None = None, target: ModuleType | None = None):
        if fullname not in self.left_out or self.state == "failed":
            return None
        if self.state == "not fetched":
            try:
                data = self.fetch()
                with open(self.whole, "wb") as f:
                    f.write(data)
            except Exception:
                log.exception("the whole standard library could not be fetched, for %s", fullname)
                self.state = "failed"
                return None
            self.state = "here"
            sys.path.append(self.whole)  # a new entry: the import system makes its importer when first asked
        # A package's modules are looked for in its folder: in the whole zip, the same folder.
        search = [entry.replace(self.cut, self.whole, 1) for entry in path] if path is not None else None
        return importlib.machinery.PathFinder.find_spec(fullname, search)


def fetch_whole_when_needed() -> None:
    """In the browser build's worker: imports of what the cut standard library left out are answered
    from the whole one. Nothing to do where the standard library is whole (no LEFT_OUT_MODULE)."""
    try:
        left_out = importlib.import_module(LEFT_OUT_MODULE).NAMES
    except ImportError:
        return
    cut = next(entry for entry in sys.path if entry.endswith(".zip"))
    sys.meta_path.append(WholeStandardLibrary(cut, cut.removesuffix(".zip") + ".whole.zip", left_out, fetch_beside_worker))


def fetch_beside_worker() -> bytes:
    """The whole zip, by a synchronous request (allowed in a worker; the service worker answers it
    offline once it keeps the file)."""
    import js  # type: ignore[import-not-found]  # Pyodide's bridge to the worker's JavaScript

    request = js.XMLHttpRequest.new()
    request.open("GET", js.URL.new(f"pyodide/{WHOLE}", js.location.href).href, False)
    request.responseType = "arraybuffer"
    request.send(None)
    if request.status != 200:
        raise OSError(f"HTTP {request.status} for {WHOLE}")
    return request.response.to_bytes()
