"""The host's laptop may run Linux, macOS or Windows: nothing POSIX-only is imported at a module's
top, and the locks hold on every system.

Windows cannot be run here, so the tests take away what Windows lacks (fcntl and the other
POSIX-only modules) from a Python on this machine, then import every module of the app, open a
store and serve a page with it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import filelock
import pytest

from companion.data.store import GameStore, StoreLocked
from companion.server import static_files
from tests.e2e.conftest import free_port, wait_for_http

REPO = Path(__file__).resolve().parents[2]
POSIX_ONLY = ("fcntl", "termios", "tty", "pty", "pwd", "grp", "resource", "syslog")


def python_without_posix(tmp_path: Path, *args: str, env: dict | None = None) -> subprocess.Popen:
    """`python *args` in which importing a POSIX-only module fails, as on Windows. Through a
    sitecustomize on PYTHONPATH: a process the server starts (it starts itself again) lacks them too."""
    shim = tmp_path / "without-posix"
    shim.mkdir(exist_ok=True)
    (shim / "sitecustomize.py").write_text(f"import sys\nfor name in {POSIX_ONLY!r}:\n    sys.modules[name] = None\n")
    return subprocess.Popen(
        [sys.executable, *args],
        cwd=REPO,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **(env or {}), "PYTHONPATH": str(shim)},
    )


def test_the_shim_takes_fcntl_away(tmp_path):
    done = python_without_posix(tmp_path, "-c", "import fcntl")
    _, err = done.communicate(timeout=60)
    assert done.returncode == 1 and "import of fcntl halted" in err


def test_every_module_imports_and_the_store_opens_without_posix_modules(tmp_path):
    done = python_without_posix(
        tmp_path,
        "-c",
        """
import importlib, json, pkgutil, sys
import companion, scoring
failed = {}
names = [m.name for package in (companion, scoring) for m in pkgutil.walk_packages(package.__path__, package.__name__ + ".")]
for name in names:
    try:
        importlib.import_module(name)
    except Exception as e:
        failed[name] = repr(e)
from companion.data.store import GameStore
folder = sys.argv[1]
store = GameStore(folder)
game = store.create({"game": "lost-cities", "players": ["Mia", "Noah"], "rounds": []})
store.close()
again = GameStore(folder)  # the lock went with the first store
print(json.dumps({"modules": len(names), "failed": failed, "kept": again.get(game.id) is not None}))
again.close()
        """,
        str(tmp_path / "data"),
    )
    out, err = done.communicate(timeout=120)
    assert done.returncode == 0, err
    said = json.loads(out.splitlines()[-1])
    assert said["failed"] == {}
    assert said["modules"] > 50  # the walk found the app, not an empty package
    assert said["kept"] is True
    assert "Traceback" not in err


def test_the_server_serves_its_page_without_posix_modules(tmp_path):
    port = free_port()
    server = python_without_posix(
        tmp_path,
        *("-m", "companion", "serve", "--port", str(port), "--data", str(tmp_path / "data")),
        env={"TABLESIDE_CACHE": str(tmp_path / "cache")},
    )
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", server)  # HTTP 200, or it raises
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
            assert b"flutter_bootstrap.js" in page.read()  # Flet's page, through static_files
    finally:
        server.terminate()
        _, err = server.communicate(timeout=10)
    assert "Traceback" not in err, err
    assert "this system offers no file lock" in err  # the serving process (started again) lacked fcntl too
    assert (tmp_path / "data" / "live.json").is_file()  # the store opened in its folder


# ---- the locks, as they work on this machine (flock through filelock) -----------------------------


def test_a_second_process_is_refused_and_told_the_holders_pid_and_a_crash_leaves_no_lock(tmp_path):
    folder = tmp_path / "data"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from companion.data.store import GameStore; s = GameStore(sys.argv[1]); print('ready', flush=True); sys.stdin.read()",
            str(folder),
        ],
        cwd=REPO,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "ready"
        with pytest.raises(StoreLocked, match=rf"another Tableside process \(process {holder.pid}\) is using"):
            GameStore(folder)
    finally:
        holder.kill()  # no close(): as a crash
        holder.wait(10)
    store = GameStore(folder)  # the system dropped the lock with the process
    store.close()


def test_the_lock_file_is_private_and_holds_the_pid(tmp_path):
    import stat

    store = GameStore(tmp_path)
    try:
        lock = tmp_path / "tableside.lock"
        assert lock.read_text() == str(os.getpid())
        assert stat.S_IMODE(lock.stat().st_mode) == 0o600
    finally:
        store.close()


def test_one_process_at_a_time_makes_the_smallest_copies(tmp_path):
    folder = tmp_path / "web"
    folder.mkdir()
    (folder / "main.dart.js").write_text("x = 1;\n" * 2000)
    cache = static_files.CompressedCache(tmp_path / "cache")
    with filelock.FileLock(tmp_path / "cache" / "warming.lock"):  # another server is warming
        cache.warm([folder])
    assert not list((tmp_path / "cache").glob("*.best.*"))
    cache.warm([folder])
    assert sorted(p.suffix for p in (tmp_path / "cache").glob("*.best.*")) == [".br", ".gz"]


# ---- what the source says (Windows cannot be run here) --------------------------------------------


def os_open_calls(source: str) -> list[tuple[int, str]]:
    """(line, flags) of each os.open(...) call that opens a file for writing."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and ast.unparse(node.func) == "os.open" and len(node.args) > 1:
            flags = ast.unparse(node.args[1])
            if any(mode in flags for mode in ("O_WRONLY", "O_RDWR")):
                found.append((node.lineno, flags))
    return found


def test_every_file_os_open_writes_is_binary_on_windows():
    """Windows opens a file as text unless told (O_BINARY): "\\n" would be written as "\\r\\n" and a
    backup would not hold the bytes it copied. open() and mkstemp ask for binary themselves."""
    text = [
        f"{path.relative_to(REPO)}:{line} {flags}"
        for path in sorted((REPO / "companion").rglob("*.py"))
        for line, flags in os_open_calls(path.read_text(encoding="utf-8"))
        if "BINARY" not in flags
    ]
    assert text == []
    assert os_open_calls("import os\nos.open(p, os.O_WRONLY | os.O_CREAT)\nos.open(d, os.O_RDONLY)\n") == [(2, "os.O_WRONLY | os.O_CREAT")]


def test_no_module_reaches_for_what_windows_lacks():
    """os.fchmod (Windows: only from Python 3.13), os.getuid, os.setsid … used only where an
    AttributeError is caught around them (os.setpriority in static_files)."""
    import ast

    posix_only = {"fchmod", "fchown", "getuid", "geteuid", "getgid", "setsid", "fork", "killpg", "getpgid", "sync", "statvfs", "mkfifo"}
    used = [
        f"{path.relative_to(REPO)}:{node.lineno} os.{node.attr}"
        for path in sorted((REPO / "companion").rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "os" and node.attr in posix_only
    ]
    assert used == []
