"""Flet is pinned, and what companion/server/flet_seams.py leans on is still there.

Each seam reaches past Flet's public API; a Flet release may move what it leans on and the app
would then lose a feature without an error (no fonts for a name in Chinese, an uncompressed
client, a guard that lets anything through). These tests say so first, by name."""

from __future__ import annotations

import dataclasses
import inspect
import json
import shutil
from importlib.metadata import version

import flet as ft
import pytest

from companion.server import flet_seams


@pytest.mark.parametrize("distribution", flet_seams.DISTRIBUTIONS)
def test_flet_is_the_version_the_seams_were_read_against(distribution):
    installed = version(distribution)
    assert installed == flet_seams.PINNED, (
        f"{distribution} {installed} is installed; companion/server/flet_seams.py was read against {flet_seams.PINNED}. "
        "Read every seam there against the new Flet, run the tests named beside each, then raise PINNED."
    )


def test_the_protocol_numbers_the_guard_reads():
    from flet.messaging.protocol import UpdateControlPropsBody

    # What Flet's Dart client sends (its own copy of the enum): a change here is a new protocol.
    assert (flet_seams.REGISTER_CLIENT, flet_seams.UPDATE_CONTROL_PROPS) == (1, 4)
    assert {"session_id", "page_name", "page"} == flet_seams.REGISTER_FIELDS
    assert {f.name for f in dataclasses.fields(UpdateControlPropsBody)} == {"id", "props"}  # guard.scrubbed's "props"


def test_the_page_trial_takes_what_flet_takes_and_refuses_what_it_refuses():
    assert flet_seams.trial_page_patch({"route": "/", "width": 390, "height": 844}) == ""
    assert flet_seams.trial_page_patch({"route": "/", "platform": "no such platform"}).startswith("page properties Flet cannot apply")


def test_a_session_still_has_the_methods_replaced_on_it():
    from flet.messaging.session import Session

    for name, parameters in (("patch_control", ["control"]), ("apply_patch", ["control_id", "patch"]), ("error", ["message"])):
        method = getattr(Session, name, None)
        assert callable(method), f"Session.{name} is gone"
        assert list(inspect.signature(method).parameters)[1 : 1 + len(parameters)] == parameters, f"Session.{name} changed"
    source = inspect.getsource(Session.dispatch_event)
    assert "self.error(" in source  # the crash screen is still reached through Session.error


def test_controls_keep_their_content_where_the_fonts_look():
    assert {"label": "Имя"} in list(flet_seams.content_of(ft.TextField(label="Имя")))  # in `_values`
    page_fields = {f.name for f in dataclasses.fields(ft.Page)}
    assert {"_dialogs", "_overlay"} <= page_fields  # where page.show_dialog and page.overlay keep theirs
    assert "_parent" not in flet_seams.CONTENT_FIELDS  # (the parent is not content: no walk up the tree)


def test_flet_static_files_still_prepare_their_page_the_way_the_seam_calls():
    from flet_web.fastapi.flet_static_files import FletStaticFiles

    source = inspect.getsource(FletStaticFiles)
    assert "self.__once = Once()" in source and "async def __config(self, root_path" in source


def test_the_fastapi_app_mounts_its_static_files_at_the_root():
    import flet_web.fastapi as flet_fastapi
    from flet_web.fastapi.flet_static_files import FletStaticFiles

    app = flet_fastapi.app(lambda page: None, no_cdn=True)
    wrapped = []
    flet_seams.wrap_flet_static_files(app, lambda inner: wrapped.append(inner) or inner)
    assert len(wrapped) == 1 and isinstance(wrapped[0], FletStaticFiles)


def test_flets_client_still_holds_what_the_page_script_overrides():
    client = (flet_seams.flet_web_dir() / "main.dart.js").read_text(encoding="utf-8", errors="replace")
    script = flet_seams.BEFORE_FLET.read_text(encoding="utf-8")
    for needed in (flet_seams.RIVE_CDN, flet_seams.FLET_SESSION_KEY):
        assert needed in client, f"Flet's client no longer holds {needed!r}: web/before_flet.js overrides nothing"
        assert needed in script


def test_flets_client_still_makes_the_placeholder_the_page_script_clicks():
    """semantics_on.js answers Flutter's "Enable accessibility" placeholder by its element's name: both of
    Flet's client builds (JavaScript and WebAssembly) still make it, and the script names it."""
    web = flet_seams.flet_web_dir()
    for build in ("main.dart.js", "main.dart.wasm"):
        assert flet_seams.SEMANTICS_PLACEHOLDER.encode() in (web / build).read_bytes(), (
            f"{build} makes no {flet_seams.SEMANTICS_PLACEHOLDER}"
        )
    assert f'"{flet_seams.SEMANTICS_PLACEHOLDER}"' in flet_seams.SEMANTICS_ON.read_text(encoding="utf-8")


def test_every_url_of_flets_page_moves_under_the_version(tmp_path):
    from flet_web.patch_index import patch_index_html

    index = tmp_path / "index.html"
    index.write_text((flet_seams.flet_web_dir() / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    patch_index_html(str(index), "/", app_name="Tableside", no_cdn=True)  # as FletStaticFiles does
    page = index.read_text(encoding="utf-8")
    moved = flet_seams.page_fetching_from(page, "/v/abc/")
    for before, after in (
        ('flet.entrypointBaseUrl="/";', 'flet.entrypointBaseUrl="/v/abc/";'),
        ('flet.assetBase="/";', 'flet.assetBase="/v/abc/";'),
        ('flet.canvasKitBaseUrl="/canvaskit/";', 'flet.canvasKitBaseUrl="/v/abc/canvaskit/";'),
        ('flet.fontFallbackBaseUrl="assets/fonts/";', 'flet.fontFallbackBaseUrl="/v/abc/assets/fonts/";'),
        ('src="flutter_bootstrap.js"', 'src="v/abc/flutter_bootstrap.js"'),
        ('src="python.js"', 'src="v/abc/python.js"'),
    ):
        assert before in page, f"Flet's page no longer says {before}"
        assert after in moved and before not in moved


def test_the_browser_build_patches_flets_client_as_publish_does(tmp_path):
    """flet-web's patching functions and the page text they and the build rely on (seam 7)."""
    import shutil

    out = tmp_path / "site"
    shutil.copytree(flet_seams.flet_web_dir(), out, ignore=shutil.ignore_patterns("pyodide", "canvaskit", "*.wasm", "main.dart.js"))
    (out / "pyodide").mkdir()
    (out / "pyodide" / "pyodide-lock.json").write_text('{"info": {}}')
    flet_seams.patch_published_site(out, "entry", "/", "Tableside", "Score keeper", "#00796B")
    index = (out / "index.html").read_text()
    assert 'flet.pythonModuleName = "entry";' in index and 'flet.routeUrlStrategy="hash";' in index
    assert 'flet.pyodideUrl=new URL("pyodide/pyodide.mjs", document.baseURI).href;' in index  # the bare specifier was found and replaced
    assert json.loads((out / "manifest.json").read_text())["theme_color"] == "#00796B"
    assert "serviceWorkerVersion" in (out / "flutter_bootstrap.js").read_text()  # the build's service worker takes its name and version


def test_a_message_sent_is_named_not_formatted_whole_for_the_transport_log():
    """flet_web's send_message formats each message for a debug line even when debug is off: the seam
    keeps that line to the message's action, not the repr of every control it carries."""
    import inspect

    from flet.messaging.protocol import Message, MessageAction
    from flet_web.fastapi.flet_app import FletApp

    assert 'f"send_message: {message}"' in inspect.getsource(FletApp.send_message)  # what the seam answers
    flet_seams.short_message_repr()
    screen = ft.Column([ft.Text(f"card {n}") for n in range(100)])
    said = f"{Message(MessageAction.PATCH_CONTROL, screen)}"
    assert said == "Message(PATCH_CONTROL)"


def test_the_snapshot_start_patches_texts_that_are_in_flet_webs_client_once(tmp_path):
    """Seam 9: the heap growth before a snapshot is restored (pyodide issue 6254), the worker's load from the
    snapshot and the worker started as the page loads. Each patched text is in flet-web's files exactly once:
    a Flet with another Pyodide or worker fails here, not in a phone's browser."""
    web = flet_seams.flet_web_dir()
    for name, text in (
        ("pyodide/pyodide.asm.mjs", flet_seams.RESTORE_COPY),
        ("python-worker.js", flet_seams.WORKER_LOAD),
        ("python-worker.js", flet_seams.WORKER_SCRIPT_ARG),
        ("python.js", flet_seams.CONNECT),
    ):
        assert (web / name).read_text(encoding="utf-8").count(text) == 1, f"{name} has changed: seam 9 must be read again"
    out = tmp_path / "site"
    (out / "pyodide").mkdir(parents=True)
    for name in ("pyodide/pyodide.asm.mjs", "python-worker.js", "python.js"):
        shutil.copy(web / name, out / name)
    flet_seams.patch_snapshot_start(out, "python.snapshot", "ab" * 32, "app.later.tar.gz", size=1234, parts=[(0, 100), (1000, 34)])
    assert flet_seams.RESTORE_GROWN in (out / "pyodide" / "pyodide.asm.mjs").read_text(encoding="utf-8")
    worker = (out / "python-worker.js").read_text(encoding="utf-8")
    assert (
        flet_seams.WORKER_LOAD_SNAPSHOT in worker
        and '"python.snapshot", sha256: "' + "ab" * 32 + '", size: 1234, parts: [[0,100],[1000,34]],' in worker
    )
    assert "tablesideAdopt" in (out / "python.js").read_text(encoding="utf-8")
    with pytest.raises(RuntimeError, match="seam 9"):  # patched twice: the text is no longer there to patch
        flet_seams.patch_snapshot_start(out, "python.snapshot", "ab" * 32, "app.later.tar.gz", size=1234, parts=[(0, 1234)])


def test_a_build_without_node_has_no_snapshot_and_flet_webs_own_worker(tmp_path, monkeypatch):
    from companion.standalone import build

    out = tmp_path / "site"
    shutil.copytree(flet_seams.flet_web_dir(), out, ignore=shutil.ignore_patterns("canvaskit", "*.wasm", "main.dart.js"))
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    build.add_snapshot(out)
    assert not (out / build.SNAPSHOT).exists()
    assert (out / "python-worker.js").read_text() == (flet_seams.flet_web_dir() / "python-worker.js").read_text()


def test_a_start_from_the_snapshot_unpacks_the_later_archive_as_python_would(tmp_path):
    """Seam 9's untar (in the worker, JavaScript) against the archive build.py writes: every file, long
    names (GNU) and folders included, byte for byte. Run in Node, with a file system that records."""
    import io
    import os
    import subprocess
    import tarfile

    from companion.standalone import build

    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node is missing (.ci/run installs it)")
        pytest.skip("Node is not installed")
    files = {"tableside_web.py": b"run()\n", "__pypackages__/" + "deep/" * 30 + "module.py": b"x = 1\n", "data/empty.json": b""}
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz", format=tarfile.GNU_FORMAT) as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    archive = tmp_path / "later.tar.gz"
    archive.write_bytes(build.archive_without(buffer.getvalue(), set()))
    script = tmp_path / "untar.mjs"
    script.write_text(
        flet_seams.SNAPSHOT_LOADER.replace("__SIZE__", "0").replace("__PARTS__", "[]")
        + """
import { readFileSync } from "node:fs";
const written = {};
const FS = { cwd: () => "/home/pyodide", mkdirTree: () => {}, writeFile: (path, data) => { written[path] = Buffer.from(data).toString("base64"); } };
untar(FS, await gunzip(readFileSync(process.argv[2])));
console.log(JSON.stringify(written));
"""
    )
    done = subprocess.run([node, str(script), str(archive)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    import base64

    written = {path: base64.b64decode(data) for path, data in json.loads(done.stdout).items()}
    assert written == {f"/home/pyodide/{name}": data for name, data in files.items()}


def test_a_control_is_found_on_its_page_by_the_id_the_seam_reads():
    import flet as ft

    from companion.server.flet_seams import control_id

    first, second = ft.Text("a"), ft.Text("b")
    assert isinstance(control_id(first), int) and control_id(first) != control_id(second)
    assert "id" in inspect.signature(ft.Page.get_control).parameters
