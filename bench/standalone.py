"""How fast the browser build starts on a phone: first visit and second visit (service worker), in one run.

    python bench/standalone.py [--site DIR] [--cpu 4] [--runs 3] [--plain]

The site (`tableside build-web`, built here unless --site names one) is served by a static server of
this script's own that holds every response to a 20 Mbit/s link (2,500,000 bytes/s shared by all
requests) with 20 ms before each response, and counts the bytes it sends: the page's, the Python
worker's and the service worker's requests alike (Chromium's network emulation would miss the worker's).
It serves the build's Brotli copies (`.br`, written by build-web) to a browser that takes them, as a
host with `brotli_static` does; `--plain` serves the files as they are.

Chromium at 390 × 844, its CPU throttled `--cpu`× (DevTools' throttling, `Emulation.setCPUThrottlingRate`)
on the page and on the Python worker alike: the page's DevTools session auto-attaches to each worker the
page starts, holds it before its first line, throttles it and lets it run (at --cpu 1 nothing is held
nor throttled: that pause costs a start time of its own). The service worker is not throttled. The
time runs from navigation to the home screen's "Lost Cities" button in the accessibility tree.
- first: a new browser profile (nothing cached). Each profile is kept on disk, as a phone's browser keeps
  its own: Chromium's code cache (the compiled JavaScript and WebAssembly of earlier starts) is part of what a
  second start reuses. An in-memory profile (Playwright's `new_context`) keeps no code cache: its second
  start compiled Flutter again (Flutter loaded 1.1-1.3 s, against 0.7-0.8 s on disk).
- second: the same profile, a new tab, once the service worker has kept the site.
- later: the same once more. Chromium keeps a script's compiled code once it has run it twice (and
  WebAssembly's once it was compiled optimised): the third start finds more of it than the second,
  as an app opened every game night does.
- offline: the same, with the static server stopped (the service worker serves everything).

Bytes are as sent: "to Home" until the home screen is drawn, "in all" once nothing more is sent, the page left open (the
service worker's install, and the memory snapshot it keeps in the background for the next start). Each
start is broken down by what the page says on its console: Flutter loaded, Python ready (the worker
initialised: restored from the memory snapshot, or imported from source), Home drawn. The baseline, in
the same run, a profile of its own on disk: the server form (`tableside serve` on this machine, no link emulation)
started warm, its second and its third visit with its files cached, to the same button, throttled alike. Left out: a
real phone's GPU (Chromium draws in software here), DNS and TLS, a host's own latency.
"""

from __future__ import annotations

import argparse
import json
import mimetypes
import os
import statistics
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

LINK_BYTES_PER_SECOND = 2_500_000  # 20 Mbit/s
LATENCY = 0.020
CHUNK = 16_384


class Link:
    """One phone's connection: every response shares its bandwidth."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.free_at = 0.0
        self.sent = 0
        self.files: list[str] = []

    def send(self, write, data: bytes) -> None:
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + len(data) / LINK_BYTES_PER_SECOND
            self.sent += len(data)
        time.sleep(max(0.0, start - time.monotonic()))
        write(data)


def serve(site: Path, link: Link, precompressed: bool) -> ThreadingHTTPServer:
    class Handler(SimpleHTTPRequestHandler):
        def log_message(self, *args) -> None:
            pass

        def send_head(self):
            """The file's Brotli copy where it has one and the browser takes Brotli (else the file itself)."""
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            packed = path.with_name(path.name + ".br")
            if not (precompressed and packed.is_file() and "br" in self.headers.get("Accept-Encoding", "")):
                return super().send_head()
            modified = self.date_time_string(int(path.stat().st_mtime))
            if self.headers.get("If-Modified-Since") == modified:  # a revalidation, as any host answers it
                self.send_response(304)
                self.end_headers()
                return None
            f = packed.open("rb")
            self.send_response(200)
            self.send_header("Last-Modified", modified)
            self.send_header("Content-Type", mimetypes.guess_type(path.name)[0] or "application/octet-stream")
            self.send_header("Content-Encoding", "br")
            self.send_header("Content-Length", str(os.fstat(f.fileno()).st_size))
            self.end_headers()
            return f

        def copyfile(self, source, outputfile) -> None:
            time.sleep(LATENCY)
            link.files.append(self.path.split("?")[0])
            while chunk := source.read(CHUNK):
                link.send(outputfile.write, chunk)

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


MARKS = {"Flutter app loaded": "flutter", "Python worker initialized": "python", "restored from the snapshot": "snapshot"}
KINDS = ("first", "second", "later", "offline")
BREAKDOWN: list[dict[str, float]] = []  # each start's marks (seconds from navigation), in order


def throttle(context, page, cpu: float) -> None:
    """The page's CPU, and every worker's it starts (held at its first line until throttled too)."""
    cdp = context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": cpu})

    def attached(event: dict) -> None:
        for n, (method, params) in enumerate((("Emulation.setCPUThrottlingRate", {"rate": cpu}), ("Runtime.runIfWaitingForDebugger", {}))):
            message = json.dumps({"id": n + 1, "method": method, "params": params})
            cdp.send("Target.sendMessageToTarget", {"sessionId": event["sessionId"], "message": message})

    cdp.on("Target.attachedToTarget", attached)
    cdp.send("Target.setAutoAttach", {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": False})


def start(context, url: str, cpu: float, link: Link | None = None) -> float:
    page = context.new_page()
    if cpu != 1:  # holding each worker at its first line until throttled costs a start time of its own
        throttle(context, page, cpu)
    marks: dict[str, float] = {}
    started = time.perf_counter()
    page.on(
        "console", lambda m: marks.update({k: time.perf_counter() - started for t, k in MARKS.items() if t in m.text and k not in marks})
    )
    page.goto(url)  # the built page turns Flutter's accessibility tree (what we query) on itself
    page.get_by_role("button", name="Lost Cities", exact=False).first.wait_for(timeout=300_000)
    seconds = time.perf_counter() - started
    BREAKDOWN.append({**marks, "home": seconds, "sent": link.sent if link is not None else 0})
    if link is not None:
        quiet(link)  # the person uses the app a while: what the page does after Home (the snapshot kept) happens
    page.close()
    return seconds


@contextmanager
def profile(playwright, **options):
    """A browser with a profile on disk of its own (see the module's docstring), gone after."""
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE

    with tempfile.TemporaryDirectory(prefix="tableside-bench-") as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, viewport=PHONE, **options
        )
        try:
            yield context
        finally:
            context.close()


def server_form_warm(playwright, cpu: float) -> tuple[float, float]:
    """The baseline: the server form's second and third starts (its files cached) to the same button."""
    import subprocess

    from tests.e2e.conftest import free_port, wait_for_http

    port = free_port()
    with tempfile.TemporaryDirectory() as data:
        proc = subprocess.Popen(
            [sys.executable, "-m", "companion", "serve", "--port", str(port), "--data", data], stdout=subprocess.DEVNULL
        )
        try:
            wait_for_http(f"http://127.0.0.1:{port}/", proc)
            with profile(playwright) as context:
                start(context, f"http://127.0.0.1:{port}/", cpu)
                seconds = start(context, f"http://127.0.0.1:{port}/", cpu), start(context, f"http://127.0.0.1:{port}/", cpu)
            del BREAKDOWN[-3:]
        finally:
            proc.terminate()
            proc.wait(10)
    return seconds


def quiet(link: Link, seconds: float = 6.0) -> None:
    """Until the service worker has kept the site: nothing sent for `seconds`."""
    last = -1
    while link.sent != last:
        last = link.sent
        time.sleep(seconds)


def one_run(playwright, site: Path, cpu: float, precompressed: bool) -> dict[str, tuple[float, int, int]]:
    """{kind: (seconds to Home, bytes sent until Home, bytes sent in all)}."""
    link = Link()
    server = serve(site, link, precompressed)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    found = {}
    with profile(playwright, service_workers="allow") as context:
        seconds = start(context, url, cpu, link)
        found["first"] = (seconds, BREAKDOWN[-1]["sent"], link.sent)
        link.sent, link.files = 0, []
        seconds = start(context, url, cpu, link)
        found["second"] = (seconds, BREAKDOWN[-1]["sent"], link.sent)
        link.sent, link.files = 0, []
        seconds = start(context, url, cpu, link)
        found["later"] = (seconds, BREAKDOWN[-1]["sent"], link.sent)
        server.shutdown()
        server.server_close()
        found["offline"] = (start(context, url, cpu), 0, 0)
    return found


def main() -> None:
    from playwright.sync_api import sync_playwright

    from companion.standalone.build import build

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, default=None)
    parser.add_argument("--cpu", type=float, default=4)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--plain", action="store_true", help="serve the files as they are, not their .br copies")
    args = parser.parse_args()
    site = args.site or build(Path(tempfile.mkdtemp()) / "site")
    runs, baseline = [], []
    with sync_playwright() as p:
        for _ in range(args.runs):
            runs.append(one_run(p, site, args.cpu, not args.plain))
            baseline.append(server_form_warm(p, args.cpu))
    snapshot = "with" if (site / "python.snapshot").is_file() else "without"
    served = "as they are" if args.plain else "their Brotli copies"
    print(f"browser build start ({snapshot} a memory snapshot), phone 390 × 844, link 20 Mbit/s + 20 ms, page CPU {args.cpu:g}×,")
    print(f"files served: {served}")
    print(f"{args.runs} runs (median); marks in seconds from navigation: Flutter loaded, Python ready, Home drawn")
    for i, kind in enumerate(KINDS):
        seconds = statistics.median(r[kind][0] for r in runs)
        sent = statistics.median(r[kind][1] for r in runs)
        in_all = statistics.median(r[kind][2] for r in runs)
        marks = [BREAKDOWN[len(KINDS) * run + i] for run in range(args.runs)]
        parts = "  ".join(f"{k} {statistics.median(m.get(k, float('nan')) for m in marks):4.1f}" for k in ("flutter", "python", "home"))
        parts += f"  (Python from the snapshot: {sum('snapshot' in m for m in marks)} of {len(marks)})"
        print(f"  {kind:8} {seconds:6.1f} s to Home   {sent / 1e6:5.1f} MB sent to Home, {in_all / 1e6:5.1f} MB in all   {parts}")
    warm = [statistics.median(b[i] for b in baseline) for i in (0, 1)]
    second, later = (statistics.median(r[kind][0] for r in runs) for kind in ("second", "later"))
    print(
        f"  server form, warm: second visit {warm[0]:.1f} s, third {warm[1]:.1f} s (no link emulation); "
        f"second start / server form's: {second / warm[0]:.1f}×, later / third: {later / warm[1]:.1f}×"
    )


if __name__ == "__main__":
    main()
