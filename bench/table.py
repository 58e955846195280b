"""Several devices on one game at once, in Chromium: a tablet hosting and phones at their seats.

    python bench/table.py [--phones 6] [--changes 50]

Each phone taps its own player's cards, the tablet taps too, all at the same time. Prints
the delay from a phone's tap to the tablet's updated total (p50/p95), each device's tap to
its own updated total, and checks that no change was lost (the stored record holds exactly
what was tapped). Issue 5: 7 sessions × 50 changes; issue 6: phone → tablet p50/p95.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.async_api import async_playwright  # noqa: E402

from companion.store import GameStore  # noqa: E402
from companion.views import play  # noqa: E402
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, Server  # noqa: E402

NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]
SUBDOMAINS = ["Abstract", "Customizable", "Children's", "Family", "Party", "Strategy"]  # one per seat: no two touch one
HOST_SUBDOMAIN = "War"  # the tablet taps Ana's War group


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


async def open_page(browser, url: str, size: dict):
    page = await (await browser.new_context(viewport=size)).new_page()
    await page.goto(url)
    await page.locator("flt-semantics-placeholder").dispatch_event("click")
    await page.locator("[flt-semantics-identifier^=total-]").first.wait_for(timeout=30_000)
    return page


async def text(page, identifier: str) -> str:
    return await page.locator(f'[flt-semantics-identifier="{identifier}"]').inner_text()


async def wait_text(page, identifier: str, value: str, timeout: float = 10_000) -> float:
    t0 = time.perf_counter()
    await page.wait_for_function(
        "([id, v]) => document.querySelector(`[flt-semantics-identifier=\"${id}\"]`)?.innerText === v",
        arg=[identifier, value], polling="raf", timeout=timeout)
    return (time.perf_counter() - t0) * 1000


def total_after(groups: dict[str, int]) -> int:
    return sum(n * n for n in groups.values())


async def device(page, player: str, label: str, changes: int, tablet, own: list, cross: list, seen: dict):
    """Tap `label`'s plus and minus in turn (0 → 2 → 0 …); every tap changes `player`'s total."""
    for i in range(changes):
        up = i % 2 == 0
        seen[label] = 2 if up else 0
        expected = str(total_after({k: v for k, v in seen.items() if k.startswith(player + " ")}))
        button = page.get_by_role("button", name=f"{label} played {'plus' if up else 'minus'}", exact=True)
        t0 = time.perf_counter()
        await button.click()
        await wait_text(page, f"total-{player}", expected)
        own.append((time.perf_counter() - t0) * 1000)
        if tablet is not None and tablet is not page:
            try:
                await wait_text(tablet, f"total-{player}", expected, timeout=5000)
                cross.append((time.perf_counter() - t0) * 1000)
            except Exception:
                pass  # another tap for this player may already have moved the total on: checked at the end


async def run(phones: int, changes: int) -> dict:
    players = NAMES[:max(2, phones)]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        store = GameStore(data)
        game_id = store.create(play.new_record("bgg-card-game", players, {}, {})).id
        store.close()
        server = Server(data).start()
        try:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                tablet = await open_page(browser, f"{server.url}/play/{game_id}", TABLET)
                seats = [await open_page(browser, f"{server.url}/join/{game_id}/{name}", PHONE) for name in players[:phones]]
                own: list[float] = []
                cross: list[float] = []
                seen: dict[str, int] = {}
                started = time.perf_counter()
                await asyncio.gather(
                    *[device(page, name, f"{name} {SUBDOMAINS[i]}", changes, tablet, own, cross, seen)
                      for i, (page, name) in enumerate(zip(seats, players))],
                    device(tablet, players[0], f"{players[0]} {HOST_SUBDOMAIN}", changes, None, own, cross, seen),
                )
                elapsed = time.perf_counter() - started
                await browser.close()
        finally:
            server.stop()
        record = server.stored_record(game_id)
    # Every device ended on its last tap: an even count of changes leaves each group at 0.
    final = {g["subdomain"]: g["cards"] for p in record["final"].values() for g in p["played"]}
    expected = {} if changes % 2 == 0 else {s: 2 for s in [*(x.lower().replace("'", "") for x in SUBDOMAINS[:phones]), "war"]}
    return {"sessions": phones + 1, "changes": (phones + 1) * changes, "own": own, "cross": cross,
            "lost": final != expected, "final": final, "expected": expected, "elapsed": elapsed}


def report(r: dict) -> None:
    print(f"{r['sessions']} sessions, {r['changes']} changes in {r['elapsed']:.1f} s; lost changes: {'YES' if r['lost'] else 'none'}")
    for name, values in (("tap to own total", r["own"]), ("phone tap to tablet total", r["cross"])):
        if values:
            print(f"  {name:<26} p50 {statistics.median(values):5.0f} ms   p95 {percentile(values, 95):5.0f} ms"
                  f"   ({len(values)} measured)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--phones", type=int, default=6)
    parser.add_argument("--changes", type=int, default=50)
    args = parser.parse_args()
    report(asyncio.run(run(args.phones, args.changes)))


if __name__ == "__main__":
    main()
