"""Drive the served app in Chromium and print how it feels at the table.

    python bench/app.py [--taps 60]
    python bench/app.py --phone      cold and warm visits on a throttled phone profile (bench/phone.py)

Prints: server start to first screen usable; tap to updated total (p50, p95) over the
taps; taps needed to enter a typical Lost Cities round (two players, 20 cards); and tap → text
changed measured inside the page (from the click to the text's change) for Tableside's phone
layout and for a bare Flet counter (bench/bare_counter.py) served in the same run.
Targets: first screen < 3 s, p95 < 150 ms, taps <= cards + 6 (issue 3); Tableside's in-page p95
at most 1.5 × the bare app's (issue 10).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.sync_api import sync_playwright

from bench import tree
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, Server, free_port, wait_for_http
from tests.e2e.ui import UI

# A typical round: Mia 11 cards in 3 colours, Noah 9 cards in 2 colours.
TYPICAL_ROUND = {
    "Mia": ["red investment 1", "red 3", "red 5", "red 8", "red 10", "green 4", "green 6", "green 7", "green 9", "white 2", "white 6"],
    "Noah": ["blue investment 1", "blue investment 2", "blue 2", "blue 5", "blue 7", "blue 9", "yellow 3", "yellow 4", "yellow 8"],
}


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


IN_PAGE_TAP = """async ([name, id]) => {
    const button = [...document.querySelectorAll('flt-semantics:is([role="button"], [role="switch"])')]
        .find(e => e.innerText === name || e.getAttribute('aria-label') === name);
    const text = () => document.querySelector(`[flt-semantics-identifier="${id}"]`)?.innerText;
    const before = text();
    const started = performance.now();
    button.click();
    return await new Promise(resolve => {
        const check = () => text() !== before ? resolve(performance.now() - started) : requestAnimationFrame(check);
        check();
    });
}"""


def in_page_taps(page, button: str, identifier: str, taps: int) -> list[float]:
    """Tap → text changed, timed by the page itself (no Playwright round trip in the figure)."""
    times = []
    for _ in range(taps):
        times.append(page.evaluate(IN_PAGE_TAP, [button, identifier]))
        page.wait_for_timeout(50)
    return times


def bare_counter(browser, taps: int) -> list[float]:
    port = free_port()
    proc = subprocess.Popen([sys.executable, str(Path(__file__).with_name("bare_counter.py")), str(port)])
    try:
        wait_for_http(f"http://127.0.0.1:{port}/", proc)
        page = browser.new_page(viewport=PHONE)
        url = f"http://127.0.0.1:{port}/"
        tree.switch(page, url, on=True)  # as Tableside's page: Flutter's accessibility tree on from the first frame
        page.goto(url)
        page.locator('[flt-semantics-identifier="count"]').wait_for(timeout=30_000)
        return in_page_taps(page, "Add one", "count", taps)
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument(
        "--phone",
        action="store_true",
        help="cold and warm visits at 20 and 5 Mbit/s, CPU 4x (further options: python bench/phone.py --help)",
    )
    args, rest = parser.parse_known_args()
    if args.phone:
        from bench import phone

        return phone.main(rest)

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *tree.BROWSER_ARGS], headless=True)
        page = browser.new_page(viewport=PHONE)
        started = time.perf_counter()
        server = Server(Path(tmp) / "data").start()
        http_ready = time.perf_counter() - started
        try:
            ui = UI(page, server, "bench")
            ui.open("/", ready='flt-semantics[role="button"]')
            first_screen = time.perf_counter() - started

            # Taps for a typical round, counted as a person would make them.
            ui.set_up("Lost Cities", ["Mia", "Noah"])
            taps = 0
            for player, cards in TYPICAL_ROUND.items():
                if player != "Mia":
                    ui.tap(player)  # the phone shows one tableau at a time
                    taps += 1
                for card in cards:
                    ui.tap(f"{player} {card}")
                    taps += 1
            cards = sum(len(c) for c in TYPICAL_ROUND.values())

            # Tap to updated total: toggle Noah's red 6 (both states change Noah's total).
            latencies = []
            total = ui.text("total-Noah")
            for _ in range(args.taps):
                before = total.inner_text()
                button = ui.button("Noah red 6")
                ui.scroll_into_view(button)
                t0 = time.perf_counter()
                button.click()
                page.wait_for_function(
                    "before => document.querySelector('[flt-semantics-identifier=\"total-Noah\"]')?.innerText !== before",
                    arg=before,
                    polling="raf",
                    timeout=5000,
                )
                latencies.append((time.perf_counter() - t0) * 1000)
                page.wait_for_timeout(50)
            ours = in_page_taps(page, "Noah red 6", "total-Noah", args.taps)
            bare = bare_counter(browser, args.taps)
        finally:
            server.stop()
            browser.close()

    print("Tableside in Chromium (phone 390×844), this machine:")
    print(f"  server start to HTTP 200           {http_ready:6.2f} s")
    print(f"  server start to first screen usable {first_screen:6.2f} s   (target < 3 s)")
    print(
        f"  tap to updated total, {len(latencies)} taps      p50 {statistics.median(latencies):5.0f} ms   "
        f"p95 {percentile(latencies, 95):5.0f} ms   max {max(latencies):5.0f} ms   (target p95 < 150 ms)"
    )
    print(f"  typical Lost Cities round: {cards} cards entered with {taps} taps   (target <= cards + 6 = {cards + 6})")
    print("  tap → text changed, timed inside the page:")
    for name, values in (("Tableside, phone layout", ours), ("bare Flet counter", bare)):
        print(f"    {name:<24} p50 {statistics.median(values):5.0f} ms   p95 {percentile(values, 95):5.0f} ms")
    print(f"    ratio of the p95s {percentile(ours, 95) / percentile(bare, 95):.2f}   (target <= 1.5)")


if __name__ == "__main__":
    main()
