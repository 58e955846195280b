"""A phone, not localhost: cold and warm visits of the home screen over a throttled network.

    python bench/app.py --phone          (or python bench/phone.py [--repeat 3] [--renderer canvaskit])

Chromium through the DevTools Protocol (DESIGN.md "A phone, not localhost"): the network at
20 Mbit/s and 5 Mbit/s with 20 ms latency, then 20 Mbit/s with the CPU throttled 4x (a mid-range
phone). A cold visit is a new browser context (empty cache); the warm visit opens the app again
in that context. Prints, per visit, the time from navigation to a usable home screen (its buttons
in the accessibility tree), the bytes moved before that, and the bytes moved once the page is quiet.
On a shared machine times vary with its load: --repeat N visits N times (each cold one in a new
context) and prints the best and the median. --renderer sets Flet's web renderer (FLET_WEB_RENDERER).
Targets (issue 14), at 20 Mbit/s: cold <= 3.0 s, warm <= 1.0 s with <= 0.5 MB; at 5 Mbit/s cold <= 8 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Server

MBIT = 1_000_000 / 8  # bytes per second in one Mbit/s
HOME_READY = 'flt-semantics[role="button"]'


@dataclass(frozen=True)
class Profile:
    name: str
    mbit: float
    latency_ms: float = 20
    cpu_rate: float = 1


PROFILES = (
    Profile("20 Mbit/s", 20),
    Profile("5 Mbit/s", 5),
    Profile("20 Mbit/s, CPU 4x", 20, cpu_rate=4),
)


class Tab:
    """A page whose traffic is throttled and counted through the DevTools Protocol."""

    def __init__(self, context, profile: Profile):
        self.page = context.new_page()
        self.requests: dict[str, str] = {}  # request id → URL
        self.finished: list[tuple[str, int]] = []  # (URL, bytes on the wire)
        self.ended: set[str] = set()  # request ids finished or failed
        cdp = context.new_cdp_session(self.page)
        cdp.send("Network.enable")
        cdp.send(
            "Network.emulateNetworkConditions",
            {
                "offline": False,
                "latency": profile.latency_ms,
                "downloadThroughput": profile.mbit * MBIT,
                "uploadThroughput": profile.mbit * MBIT,
            },
        )
        if profile.cpu_rate != 1:
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": profile.cpu_rate})
        cdp.on("Network.requestWillBeSent", lambda e: self.requests.__setitem__(e["requestId"], e["request"]["url"]))
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.loadingFailed", lambda e: self.ended.add(e["requestId"]))

    def _finished(self, e) -> None:
        self.ended.add(e["requestId"])
        self.finished.append((self.requests.get(e["requestId"], "?"), int(e["encodedDataLength"])))

    def in_flight(self) -> int:
        # blob: URLs (Flutter's worker scripts) are never reported finished; they cross no network
        return sum(1 for r in set(self.requests) - self.ended if self.requests[r].startswith("http"))

    def moved(self) -> int:
        return sum(n for _, n in self.finished)


@dataclass
class Visit:
    seconds: float
    first_frame: float  # Flutter's first frame (the page's own clock), before the home screen's controls
    bytes_usable: int
    bytes_quiet: int
    largest: list[tuple[str, int]]
    urls: list[str]  # every URL fetched, in the order they finished


def visit(context, profile: Profile, server) -> Visit:
    tab = Tab(context, profile)
    tab.page.add_init_script("window.addEventListener('flutter-first-frame', () => { window.__firstFrame = performance.now(); })")
    started = time.perf_counter()
    tab.page.goto(server.url + "/")  # the page turns Flutter's accessibility tree (what we query) on itself
    tab.page.locator(HOME_READY).first.wait_for(timeout=120_000)
    seconds = time.perf_counter() - started
    first_frame = (tab.page.evaluate("window.__firstFrame || 0") or 0) / 1000
    usable = tab.moved()
    # Later fetches (fonts) still count as moved: wait until nothing has been in flight for 3 s.
    quiet_since, deadline = time.monotonic(), time.monotonic() + 120
    while time.monotonic() - quiet_since < 3 and time.monotonic() < deadline:
        tab.page.wait_for_timeout(250)
        if tab.in_flight():
            quiet_since = time.monotonic()
    largest = sorted(tab.finished, key=lambda f: -f[1])[:4]
    tab.page.close()
    return Visit(seconds, first_frame, usable, tab.moved(), largest, [url for url, _ in tab.finished])


def mb(n: int) -> str:
    return f"{n / 1e6:5.2f} MB"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=1, help="visits per profile (best and median printed)")
    parser.add_argument("--renderer", choices=("auto", "canvaskit", "skwasm"), default=None)
    args = parser.parse_args(argv)
    if args.renderer:
        os.environ["FLET_WEB_RENDERER"] = args.renderer  # read by the server Flet starts
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        server = Server(Path(tmp) / "data").start()
        try:
            warmup = browser.new_context(viewport=PHONE)  # the server's first visit (its one-time work) is not a phone's
            visit(warmup, Profile("local", 1000, latency_ms=0), server)
            warmup.close()
            print(
                f"Tableside home screen on a phone profile (Chromium, 390x844, 20 ms latency, "
                f"renderer {args.renderer or 'auto'}, best of {args.repeat}):"
            )
            print(
                f"  {'profile':20} {'visit':5} {'usable':>8} {'median':>8} {'1st frame':>9} {'moved until usable':>19} "
                f"{'moved in all':>13}   largest"
            )
            for profile in PROFILES:
                runs: dict[str, list[Visit]] = {"cold": [], "warm": []}
                for _ in range(args.repeat):
                    context = browser.new_context(viewport=PHONE)
                    for kind in ("cold", "warm"):
                        runs[kind].append(visit(context, profile, server))
                    context.close()
                for kind, visits in runs.items():
                    v = min(visits, key=lambda v: v.seconds)
                    median = statistics.median(v.seconds for v in visits)
                    largest = ", ".join(f"{url.rsplit('/', 1)[-1]} {n / 1e6:.2f}" for url, n in v.largest if n > 50_000)
                    print(
                        f"  {profile.name:20} {kind:5} {v.seconds:6.2f} s {median:6.2f} s {v.first_frame:7.2f} s "
                        f"{mb(v.bytes_usable):>19} {mb(v.bytes_quiet):>13}   {largest}",
                        flush=True,
                    )
        finally:
            server.stop()
            browser.close()
    print("Targets at 20 Mbit/s: cold <= 3.0 s; warm <= 1.0 s and <= 0.5 MB. At 5 Mbit/s: cold <= 8 s.")


if __name__ == "__main__":
    main()
