"""What a tap costs: Tableside's Lost Cities phone screen beside a bare Flet counter, in one run.

    python bench/tap.py [--taps 40] [--cpu 1 4] [--server-only] [--entered] [--floor]

In the browser (Debian's Chromium, a 390 × 844 phone): a pointer tap at a card's place, for
Tableside ("Mia red 6", which changes Mia's total) and for bench/bare_counter.py ("Add one"), with
the CPU throttled 1× and 4× (a mid-range phone) and with Flutter's accessibility tree on from the start
(as Tableside's pages have it, semantics_on.js) and off (Flutter's default; bench/tree.py serves each page
with or without that script): what the tree costs. Each page's start is timed too (navigation to its first
screen drawn: two frames after the first screen's message). Two clocks for a tap, both started by the page
at `pointerdown`:
- "text": until the tapped total's text changes in the page (a MutationObserver on Flutter's
  semantics tree, which Flutter updates in the frame that paints the new text). This is what a user
  sees, and the figure the target is about. It needs the accessibility tree: with the tree off
  there is no text in the page to watch, and only the other clock is reported.
- "frame": until the second animation frame after the server's first websocket message. It stops
  at a fixed delay after the first message, not when the text changed: it adds the same ~two frames
  to both apps (which flattens their ratio) and stops too early when an answer comes in several
  messages or takes Flutter more than two frames to lay out, which hides where Tableside's time goes.
Beside them, "answer": until the first websocket message after the tap (the tap's event sent, the
server's work, the way back), and what the page took after it, which tells the server's share from
Flutter's; with the tree on, how many changes (DOM mutation records) a tap makes to the page's
accessibility tree (Flutter keeps it in step with the screen in the frame that paints it).
`--floor` times a third app beside them, bench/bare_cards.py: a plain Flet page with the phone's 60
cards (Tableside's own card widget) whose tap changes what a Lost Cities tap changes (the card, the
total, four lines). Its ratio to the counter is what any Flet page pays for showing and changing that
much; Tableside's ratio to it is Tableside's own part.
Each app's taps come in blocks taken in turns, so the machine's other work weighs on each alike; a
block opens its page anew, and its first tap is not timed. Left out: the network (localhost), a
real phone's GPU (Chromium draws in software here), a screen reader's own speech.

On the server (browserless, tests/ui/harness.py): the time from a tap's event to the patches sent
to both devices of the table (the phone that tapped and a tablet), and the bytes each received.

Target (issues 17 and 40): with the CPU throttled 4×, Tableside's p50 ≤ 1.5× and p95 ≤ 2× the bare app's.
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

from bench import tree

TIMER = """
window.__tap = {down: 0, done: null, answer: null, waiting: false, watch: null, before: null, text: null, mutations: 0};
const __read = () => {
    const el = __tap.watch && document.querySelector(__tap.watch);
    return el ? (el.getAttribute('aria-label') || '') + '|' + el.textContent : null;
};
window.addEventListener('pointerdown', () => {
    Object.assign(__tap, {down: performance.now(), done: null, answer: null, waiting: true, before: __read(), text: null, mutations: 0});
}, true);
new MutationObserver((records) => {
    __tap.mutations += records.length;
    if (__tap.text === null && __tap.before !== null && __read() !== __tap.before) __tap.text = performance.now() - __tap.down;
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
window.__start = {messages: 0, drawn: null};
const Socket = window.WebSocket;
window.WebSocket = function (...args) {
    const ws = new Socket(...args);
    ws.addEventListener('message', () => {
        // The second message is the first screen (the first answers the registration): drawn two frames later.
        if (++__start.messages === 2) requestAnimationFrame(() => requestAnimationFrame(() => { __start.drawn = performance.now(); }));
        if (!__tap.waiting) return;
        __tap.waiting = false;
        __tap.answer = performance.now() - __tap.down;
        requestAnimationFrame(() => requestAnimationFrame(() => { __tap.done = performance.now() - __tap.down; }));
    });
    return ws;
};
Object.assign(window.WebSocket, Socket);
window.WebSocket.prototype = Socket.prototype;
"""


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def figures(values: list[float]) -> str:
    return f"p50 {statistics.median(values):6.0f} ms   p95 {percentile(values, 95):6.0f} ms"


# -- in the browser -------------------------------------------------------------------------


def where(browser, url: str, button: str, ready: str) -> dict:
    """The centre of `button` on the phone (measured once, with the accessibility tree on)."""
    from tests.e2e.ui import UI

    context, page = opened(browser, url, ready, cpu=1, semantics=True)
    try:
        box = UI(page, None, "where").button(button).first.bounding_box()
        assert box, f"{button} is not on the screen"
        return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
    finally:
        context.close()


BLOCKS = 4  # each app's taps come in this many blocks, taken in turns


def opened(browser, url: str, ready: str, cpu: float, semantics: bool):
    """A phone's page of `url`, its CPU throttled `cpu`×, the tap timer installed, Flutter's accessibility tree
    on or off from the start (bench/tree.py), drawn; (context, page). The page's start (navigation to its first
    screen drawn) is `page.evaluate("window.__start.drawn")`."""
    from tests.e2e.conftest import PHONE

    context = browser.new_context(viewport=PHONE)
    context.add_init_script(TIMER)
    tree.switch(context, url, on=semantics)
    page = context.new_page()
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": cpu})
    page.goto(url)
    page.wait_for_function("() => window.__start.drawn !== null", timeout=60_000)
    if semantics:
        page.locator(ready).first.wait_for(timeout=30_000)
    page.wait_for_timeout(1000)  # what a page loads after its first screen (fonts) is not in a tap's time
    return context, page


def taps(browser, apps: dict, spots: dict, count: int, cpu: float, semantics: bool) -> dict[str, dict[str, list[float]]]:
    """`count` taps on each app, in blocks taken in turns (a block of one app's taps, then one of the
    other's, again), so that whatever else the machine does meanwhile weighs on both alike. One app
    is open at a time, as on a phone."""
    clocks = ("text", "frame", "answer", "mutations", "start")
    times: dict[str, dict[str, list[float]]] = {name: {clock: [] for clock in clocks} for name in apps}
    for block in range(BLOCKS):
        for name, (url, _, ready) in apps.items():
            context, page = opened(browser, url, ready, cpu, semantics)
            times[name]["start"].append(page.evaluate("() => window.__start.drawn"))
            if semantics:
                page.evaluate("(watch) => { window.__tap.watch = watch; }", ready)
            try:
                # The page is new: its first tap also warms what a page warms once (not timed, either app).
                for i in range(1 + count * (block + 1) // BLOCKS - count * block // BLOCKS):
                    page.mouse.click(spots[name]["x"], spots[name]["y"])
                    done = "window.__tap.done !== null" + (" && window.__tap.text !== null" if semantics else "")
                    page.wait_for_function(f"() => {done}", timeout=10_000)
                    if i:
                        times[name]["frame"].append(page.evaluate("() => window.__tap.done"))
                        times[name]["answer"].append(page.evaluate("() => window.__tap.answer"))
                        if semantics:
                            times[name]["text"].append(page.evaluate("() => window.__tap.text"))
                    page.wait_for_timeout(100)
                    if i and semantics:
                        times[name]["mutations"].append(page.evaluate("() => window.__tap.mutations"))
            finally:
                context.close()
    return times


# `--entered`: the round already holds cards on both tableaux, as in the middle of a game. Without it the
# tapped card is the round's only one, so every tap also makes the places, the leader's trophy and the
# first formula appear or go (a first card's tap, every time).
ENTERED = {"Mia": {"blue": {"cards": [2, 3, 5]}, "white": {"cards": [8]}}, "Noah": {"green": {"cards": [4, 7, 9]}}}


def tapped_game(store, entered: bool) -> str:
    """The game the taps go to: Lost Cities, one round, Mia and Noah."""
    from scoring import new_record

    record = new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})
    if entered:
        record["rounds"] = [ENTERED]
    return store.create(record).id


def in_the_browser(count: int, rates: list[float], entered: bool, floor: bool) -> None:
    from playwright.sync_api import sync_playwright

    from companion.data.store import GameStore
    from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, Server, free_port, wait_for_http

    data = Path(tempfile.mkdtemp()) / "data"
    store = GameStore(data)
    game = tapped_game(store, entered)
    store.close()
    server = Server(data).start()
    bares = {name: (free_port(), Path(__file__).with_name(script)) for name, script in BARE_APPS.items() if floor or name == COUNTER}
    started = [subprocess.Popen([sys.executable, str(script), str(port)]) for port, script in bares.values()]
    apps = {TABLESIDE: (f"{server.url}/play/{game}", "Mia red 6", '[flt-semantics-identifier="total-Mia"]')}
    for name, (port, _) in bares.items():
        apps[name] = (f"http://127.0.0.1:{port}/", *BARE_TAPS[name])
    try:
        for (port, _), process in zip(bares.values(), started):
            wait_for_http(f"http://127.0.0.1:{port}/", process)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, *tree.BROWSER_ARGS], headless=True)
            spots = {name: where(browser, url, button, ready) for name, (url, button, ready) in apps.items()}
            print(f"tap → total's text changed / → second frame after the answer, {count} taps each (blocks in turns), phone 390 × 844")
            for cpu in rates:
                for semantics in (True, False):
                    found = taps(browser, apps, spots, count, cpu, semantics)
                    for name, times in found.items():
                        label = f"CPU {cpu:g}×, tree {'on ' if semantics else 'off'}, start"
                        print(f"  {label}  {name:30} {figures(times['start'])}   (navigation → first screen drawn)")
                    for clock in ("text", "frame") if semantics else ("frame",):
                        label = f"CPU {cpu:g}×, tree {'on ' if semantics else 'off'}, {clock:5}"
                        for name, times in found.items():
                            print(f"  {label}  {name:30} {figures(times[clock])}")
                        target = "   (target at CPU 4×, tree on: ≤ 1.5× / ≤ 2×)" if clock == "text" else ""
                        for ours, theirs in RATIOS:
                            if ours in found and theirs in found:
                                print(f"  {'':{len(label)}}  {ratio(found[ours][clock], found[theirs][clock])}   {ours} / {theirs}{target}")
                                target = ""
                    for name, times in found.items():  # where a tap's time goes: until the answer, then in the page
                        after = [t - a for t, a in zip(times["text" if semantics else "frame"], times["answer"])]
                        print(
                            f"  {'':{len(label)}}  {name:30} answer in p50 {statistics.median(times['answer']):4.0f} ms, "
                            f"then {'text' if semantics else 'frame'} p50 {statistics.median(after):4.0f} ms"
                            + (
                                f", {statistics.median(times['mutations']):.0f} changes to the page's accessibility tree"
                                if semantics
                                else ""
                            )
                        )
            browser.close()
    finally:
        for process in started:
            process.terminate()
            process.wait(10)
        server.stop()


TABLESIDE, COUNTER, FLOOR = "Tableside, Lost Cities phone", "bare Flet counter", "bare Flet, the phone's cards"
BARE_APPS = {FLOOR: "bare_cards.py", COUNTER: "bare_counter.py"}
BARE_TAPS = {  # what is tapped, and the text watched
    FLOOR: ("Mia red 6", '[flt-semantics-identifier="total"]'),
    COUNTER: ("Add one", '[flt-semantics-identifier="count"]'),
}
RATIOS = ((TABLESIDE, COUNTER), (FLOOR, COUNTER), (TABLESIDE, FLOOR))


def ratio(ours: list[float], theirs: list[float]) -> str:
    p50 = statistics.median(ours) / statistics.median(theirs)
    return f"{'ratio':30} p50 {p50:4.2f}×   p95 {percentile(ours, 95) / percentile(theirs, 95):4.2f}×"


# -- on the server --------------------------------------------------------------------------


def on_the_server(count: int, entered: bool) -> None:
    from companion.bootstrap import make_main
    from companion.data.store import GameStore
    from tests.ui.harness import Harness

    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(Path(folder) / "data")
        game = tapped_game(store, entered)
        main = make_main(store)
        phone = Harness(main, route=f"/play/{game}", width=390)
        tablet = Harness(main, route=f"/play/{game}", width=1180, share_with=phone)
        seconds, phone_bytes, tablet_bytes = [], [], []
        for i in range(count):
            button = phone.buttons("Mia red 6")[0]
            sent = phone.conn.bytes_sent, tablet.conn.bytes_sent
            started = time.perf_counter()
            phone.run(phone.session.dispatch_event(button._i, "click", None))
            phone.settle(horizon=0.05)
            tablet.settle(horizon=0.05)
            seconds.append((time.perf_counter() - started) * 1000)
            phone_bytes.append(phone.conn.bytes_sent - sent[0])
            tablet_bytes.append(tablet.conn.bytes_sent - sent[1])
            assert tablet.text_of("total-Mia") == phone.text_of("total-Mia"), f"tap {i}: the tablet did not follow"
        print(f"server, {count} taps (event → patches sent to the phone and a tablet): {figures(seconds)}")
        print(f"  bytes per tap: phone {statistics.median(phone_bytes):.0f}, tablet {statistics.median(tablet_bytes):.0f} (median)")
        tablet.close()
        phone.close()
        store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=40)
    parser.add_argument("--cpu", type=float, nargs="+", default=[1, 4])
    parser.add_argument("--server-only", action="store_true")
    parser.add_argument("--entered", action="store_true", help="the round holds other cards already (the middle of a game)")
    parser.add_argument("--floor", action="store_true", help="also time bench/bare_cards.py: a plain Flet page with the phone's cards")
    args = parser.parse_args()
    on_the_server(args.taps, args.entered)
    if not args.server_only:
        in_the_browser(args.taps, args.cpu, args.entered, args.floor)


if __name__ == "__main__":
    main()
