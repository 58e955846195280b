// node snapshot.mjs SITE OUT: what build.py makes by running the browser build's own Python (Pyodide) in
// Node, in the folder OUT:
// - python.snapshot: Pyodide's memory taken after the app's modules are imported, so that a start
//   restores them in a moment instead of importing ~700 modules from source;
// - imported.json: the files those modules came from: the archive's ("app": a start from the snapshot
//   does not unpack them, build.LATER_ARCHIVE) and the standard library's ("stdlib": build.py cuts the
//   standard library to them, companion/standalone/stdlib.py).
// Run by companion/standalone/build.py where Node is present; the site starts without a snapshot, with
// the whole standard library, otherwise. The archive is unpacked where, and as, the browser's worker
// unpacks it (Pyodide's home folder, its own unpack_buffer), so the paths the import system remembers
// are the browser's. No JavaScript object may be held when the snapshot is taken.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`, _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/app.tar.gz", readFileSync(`${site}/app.tar.gz`));
await pyodide.runPythonAsync(`
import importlib, json, os, pkgutil, sys, zipfile
from pyodide._package_loader import unpack_buffer
import pyodide.http, runpy, traceback, urllib.parse  # what the worker's start imports before the app

from pyodide.ffi import to_js
with open("/tmp/app.tar.gz", "rb") as f:
    unpack_buffer(to_js(f.read()), filename="app.tar.gz", format="gztar")  # no JavaScript object held after
os.remove("/tmp/app.tar.gz")
sys.path.insert(0, "__pypackages__")
import flet, flet_charts
import companion.bootstrap, companion.standalone.browser, companion.ui.app
import repath, six.moves.urllib  # what the first page imports (flet's routes)
import flet.app, flet.messaging.session, flet.pubsub.pubsub_hub  # what ft.run imports (not pyodide_connection: it holds flet_js)
# Flet's components and controls (not Cupertino's): those the home screen and the others use are imported
# as they are first drawn, ~0.3 s of a start in the browser, from source.
for package in ("flet.components", "flet.controls", "scoring", "companion.data", "companion.services", "companion.ui"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        if ".cupertino" in module.name:  # Tableside draws Material
            continue
        try:
            importlib.import_module(module.name)
        except ImportError:  # what needs a computer (Pillow): imported where it is used, if ever
            pass
# Each language's words and Babel's dates and numbers, read once here rather than at a German or French start.
import babel.dates, babel.numbers
from companion import language
for code in language.LANGUAGES:
    language.catalog(code)
    if code != language.DEFAULT:  # English is written without Babel (its data is not in the browser build)
        babel.Locale.parse(code).datetime_skeletons
print(f"{len(sys.modules)} modules in the snapshot")

def files_under(folder):
    return {m.__file__[len(folder):] for m in list(sys.modules.values()) if (getattr(m, "__file__", None) or "").startswith(folder)}

stdlib = next(entry for entry in sys.path if entry.endswith(".zip"))
with open("/tmp/imported.json", "w") as f:
    json.dump({"app": sorted(files_under(os.getcwd() + "/")), "stdlib": sorted(files_under(stdlib + "/"))}, f)
# The zip's importer forgets its directory: a start reads that of the cut zip build.py puts in its place.
sys.path_importer_cache[stdlib].invalidate_caches()
`);
writeFileSync(`${out}/imported.json`, pyodide.FS.readFile("/tmp/imported.json"));
pyodide.FS.unlink("/tmp/imported.json");
writeFileSync(`${out}/python.snapshot`, pyodide.makeMemorySnapshot());
