"""End-to-end: the real server in a subprocess, driven by Debian's Chromium through Playwright."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

import scoring

CHROMIUM = os.environ.get("TABLESIDE_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
# The tests' browser: WebAssembly compiled by V8's baseline compiler only. Flutter's engine and the app
# (about 4 MB of wasm) are compiled anew for each context, and optimising them in the background was a
# good part of a page's CPU: a set-up and 24 taps took 10.3 s of Chromium's CPU against 12.8 s, and no
# more time. What the tests check does not depend on it; the benches keep V8's default (CHROMIUM_ARGS).
TEST_CHROMIUM_ARGS = [*CHROMIUM_ARGS, "--js-flags=--liftoff-only"]
REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "test-artifacts"
PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 768}
TABLET_PORTRAIT = {"width": 768, "height": 1024}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, proc: subprocess.Popen, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            if urllib.request.urlopen(url, timeout=1).status == 200:
                return
        except OSError:
            pass
        if proc.poll() is not None:
            raise RuntimeError(f"the server exited with {proc.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError("the server did not answer within 30 s")
        time.sleep(0.05)


class Server:
    def __init__(self, data: Path):
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = data.parent / f"server-{self.port}.log"
        self.log = None
        self.proc = None

    def start(self) -> Server:
        self.log = open(self.log_path, "a")  # noqa: SIM115  (closed by stop; a restarted server writes on)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", str(self.port), "--data", str(self.data)],
            cwd=REPO,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        wait_for_http(self.url + "/", self.proc)
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.log:
            self.log.close()

    def log_tail(self, lines: int = 15) -> str:
        if self.log and not self.log.closed:
            self.log.flush()
        return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-lines:])

    def stored_record(self, game_id: str) -> dict:
        """The record as the server stored it (read from its file: the server holds the store's lock)."""
        for name in ("live.json", "history.json"):
            path = self.data / name
            if path.exists():
                for doc in json.loads(path.read_text()).get("games", {}).values():
                    if doc["id"] == game_id:
                        return doc["record"]
        raise KeyError(game_id)

    def scored_totals(self, game_id: str) -> dict[str, int]:
        return dict(scoring.score(self.stored_record(game_id)).totals)


@contextlib.contextmanager
def served_after(data: Path, prepare: Callable[[Any], Any]) -> Iterator[tuple[Server, Any]]:
    """(a server, what `prepare(store)` made in the store: games, settings), the server started once
    on the prepared data folder (it holds the store's lock while it runs: the store is closed first)."""
    from companion.data.store import GameStore

    store = GameStore(data)
    try:
        made = prepare(store)
    finally:
        store.close()
    server = Server(data).start()
    try:
        yield server, made
    finally:
        server.stop()


def new_context(browser, viewport: dict | None = None, **options):
    """A browser context (a device) for a test. It asks for reduced motion, which Flutter honours: no
    ink ripple or page transition drawn frame by frame, about a quarter less of the software-rendering
    CPU that the servers and the other workers share, and fewer frames to wait out. (The benches keep
    the default: they measure what most people see.)"""
    return browser.new_context(viewport=viewport, reduced_motion="reduce", **options)


@pytest.fixture(scope="session")
def chromium() -> str:
    """Debian's Chromium; in CI (CI=true) its absence fails the run instead of skipping."""
    if not Path(CHROMIUM).exists() or shutil.which(CHROMIUM) is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Chromium is missing at {CHROMIUM}: .ci/run must install Debian's chromium")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    return CHROMIUM


@pytest.fixture(scope="module")  # not longer: Playwright's loop would block the browserless tests' own
def browser(chromium):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=TEST_CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path):
    s = Server(tmp_path / "data").start()
    yield s
    s.stop()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)  # lets a fixture see whether its test failed
    return report


@pytest.fixture
def ui(browser, server, request):
    """ui(size) -> a UI on a new browser context of that viewport."""
    from .ui import UI

    opened: list[UI] = []

    def _open(size=PHONE) -> UI:
        ui = UI(new_context(browser, size).new_page(), server, request.node.name)
        opened.append(ui)
        return ui

    yield _open
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:  # what the browser was doing when the test failed
        for i, ui in enumerate(opened, start=1):
            try:
                described = ui.describe()
            except Exception as e:  # a closed or crashed page: the report must still come out
                described = f"could not be described ({type(e).__name__}: {e})"
            report.sections.append((f"browser page {i}", described))
    for ui in opened:
        ui.page.context.close()
