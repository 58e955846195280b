"""What Flet's redraw costs per object: a skipped memoised part against plain controls.

    python bench/memo_cost.py [--items 200] [--redraws 15]

Browserless (tests/ui/harness.py: Flet's real session, diff and msgpack encoding over a fake
connection). A component draws a column of `--items` objects and draws itself again on a button's
click, nothing else changed: `ft.memo` parts whose arguments are equal (Flet skips drawing them), plain
`ft.Text`s, and `Container`s holding a `Text` (a card's shape). Prints the server's CPU time (process
time) per redraw, p50, and per object. Issue 40: what bounds the gain of memo parts on the play screen
(docs/scaling.md).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import flet as ft


@ft.memo
@ft.component
def Part(i: int, label: str) -> ft.Control:
    return ft.Text(label)


def screen(kind: str, items: int):
    @ft.component
    def Root() -> ft.Control:
        count, set_count = ft.use_state(0)
        if kind == "memo":
            drawn = [Part(i, f"item {i}", key=i) for i in range(items)]
        elif kind == "text":
            drawn = [ft.Text(f"item {i}", key=i) for i in range(items)]
        else:
            drawn = [
                ft.Container(ft.Text(f"item {i}"), key=i, width=52, height=48, border_radius=8, bgcolor="#FFFFFF") for i in range(items)
            ]
        return ft.Column([ft.Button(str(count), on_click=lambda e: set_count(count + 1)), *drawn])

    return Root


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--items", type=int, default=200)
    parser.add_argument("--redraws", type=int, default=15)
    args = parser.parse_args()

    from tests.ui.harness import Harness

    for kind, said in (("memo", "skipped ft.memo parts"), ("text", "ft.Text"), ("container", "Container + Text")):
        h = Harness(lambda page, kind=kind: page.render(screen(kind, args.items)))
        h.settle()
        cpu = []
        for _ in range(args.redraws):
            button = h.find(ft.Button)
            start = time.process_time()
            h.click(button)
            h.settle(horizon=0.0)
            cpu.append((time.process_time() - start) * 1000)
        p50 = statistics.median(cpu)
        print(f"{args.items} {said:<22} redraw p50 {p50:5.1f} ms, {p50 * 1000 / args.items:4.0f} µs an object")
        h.close()


if __name__ == "__main__":
    main()
