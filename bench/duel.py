"""Two screens on one game, each tapping as fast as it can, in Chromium: is anything lost?

    python bench/duel.py [--taps 50]

A tablet and a phone (both the host, on this machine) open one CGT game. Each sends `taps`
"Max ability points plus" and `taps` card taps ("Max type N plus", over types no other screen
uses up) without waiting for anything. Prints the changes lost (the stored record must hold
the sum of all actions), and how long after the last tap both screens showed the stored totals.
Issue 10's target: 0 lost, both screens equal to the stored record within 1 s of the last tap.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from playwright.async_api import async_playwright

import scoring
from bench.table import open_page
from companion.data.store import GameStore
from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, TABLET, Server

PLAYERS = ["Max", "Lea"]
TYPES = {"tablet": (20, 19, 18), "phone": (17, 16, 15, 14)}  # each screen its own types: room for 50 cards each


def card_taps(types: tuple[int, ...], taps: int) -> list[str]:
    names: list[str] = []
    for type_ in types:  # a type's Meta column holds 1 card: type − 1 copies to collect
        names += [f"Max type {type_} plus"] * min(type_ - 1, taps - len(names))
    return names


async def tap_all(page, names: list[str]) -> float:
    for name in names:
        await page.locator(f'flt-semantics[role="button"]:text-is("{name}")').first.dispatch_event("click")
    return time.perf_counter()


async def shown_totals(page) -> dict[str, str]:
    return {p: (await page.locator(f'[flt-semantics-identifier="total-{p}"]').first.inner_text()).strip() for p in PLAYERS}


async def run(taps: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "data"
        store = GameStore(data)
        record = scoring.new_record("cgt", PLAYERS, {"first_player_penalty": 2})
        record["final"]["meta"] = {str(t): 1 for types in TYPES.values() for t in types}
        record["final"]["adjustments"] = {"Max": -taps}  # 2 × taps "+1" end at +taps: inside the ±99 of the rules
        game_id = store.create(record).id
        store.close()
        server = Server(data).start()
        try:
            async with async_playwright() as p:
                browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
                pages = {
                    "tablet": await open_page(browser, f"{server.url}/play/{game_id}", TABLET),
                    "phone": await open_page(browser, f"{server.url}/play/{game_id}", PHONE),
                }
                plans = {
                    name: [n for pair in zip(["Max ability points plus"] * taps, card_taps(TYPES[name], taps)) for n in pair]
                    for name in pages
                }
                started = time.perf_counter()
                ends = await asyncio.gather(*[tap_all(pages[name], plans[name]) for name in pages])
                last_tap = max(ends)
                expected = {p: str(v) for p, v in scoring.score(server.stored_record(game_id)).totals.items()}
                settled = None
                while time.perf_counter() - last_tap < 30:
                    expected = {p: str(v) for p, v in scoring.score(server.stored_record(game_id)).totals.items()}
                    shown = [await shown_totals(page) for page in pages.values()]
                    if all(s == expected for s in shown):
                        settled = time.perf_counter() - last_tap
                        break
                    await asyncio.sleep(0.02)
                await browser.close()
        finally:
            server.stop()
        final = server.stored_record(game_id)["final"]
    cards = sum(final["collections"]["Max"].values())
    points = final.get("adjustments", {}).get("Max", 0) + taps
    return {
        "sent": 4 * taps,
        "lost": (2 * taps - cards) + (2 * taps - points),
        "cards": cards,
        "points": points,
        "tapping": last_tap - started,
        "settled": settled,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--taps", type=int, default=50)
    r = asyncio.run(run(parser.parse_args().taps))
    settled = "never (30 s)" if r["settled"] is None else f"{r['settled'] * 1000:.0f} ms"
    print(
        f"2 screens sent {r['sent']} taps in {r['tapping']:.1f} s: {r['cards']} cards and {r['points']} ability points "
        f"stored; lost: {r['lost']}"
    )
    print(f"both screens equal to the stored record {settled} after the last tap")


if __name__ == "__main__":
    main()
