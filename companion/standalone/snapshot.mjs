// node snapshot.mjs SITE OUT: a Pyodide memory snapshot of the browser build, taken after the app's modules
// are imported, so that a start restores them in a moment instead of importing ~500 modules from source.
// Run by companion/standalone/build.py where Node is present; the site starts without it otherwise.
// The archive is unpacked where the browser's worker unpacks it (Pyodide's home folder), so the paths the
// import system remembers are the browser's. The snapshot holds no file: the worker unpacks app.tar.gz at
// every start, for what is imported later. No JavaScript object may be held when it is taken.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [site, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${site}/pyodide/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/`, _makeSnapshot: true });
pyodide.FS.writeFile("/tmp/app.tar.gz", readFileSync(`${site}/app.tar.gz`));
await pyodide.runPythonAsync(`
import importlib, os, pkgutil, sys, tarfile
with tarfile.open("/tmp/app.tar.gz") as archive:
    archive.extractall(filter="data")
os.remove("/tmp/app.tar.gz")
sys.path.insert(0, "__pypackages__")
import flet, flet_charts
import companion.bootstrap, companion.standalone.browser, companion.ui.app
for package in ("scoring", "companion.data", "companion.services", "companion.ui"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        try:
            importlib.import_module(module.name)
        except ImportError:  # what needs a computer (Pillow): imported where it is used, if ever
            pass
print(f"{len(sys.modules)} modules in the snapshot")
`);
writeFileSync(out, pyodide.makeMemorySnapshot());
