"""What one tap costs the server for a table of four tablets: CPU time, and where it goes.

    python bench/tap_cost.py [--taps 60] [--warm 2] [--devices 4] [--idle 4] [--profile 25]

Browserless (tests/ui/harness.py: Flet's real session, page, diff and msgpack encoding over a fake
connection). `--devices` tablets (1180 × 820) show one Lost Cities game; `--idle` more tablets show
other games. A tap is the click event of "Mia red <n>" on the first tablet, then every session
settles. Prints the server's CPU time (process time) per tap, delivered to all the table's devices,
and how many sessions drew anything (the idle tables' should not). `--profile N` prints cProfile's N
costliest functions by cumulative and by own time, and the Python function calls per tap (a figure the
machine's load does not change: compare those between runs on a busy machine). The first `--warm`
taps are not timed: a session's first texts that need a fallback font patch its page once. Target (issue 40): ≤ 5 ms a tap for four devices.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=60)
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--idle", type=int, default=4)
    parser.add_argument("--profile", type=int, default=0)
    parser.add_argument("--warm", type=int, default=2, help="untimed taps first (a session's first taps register fonts once)")
    args = parser.parse_args()

    from companion.bootstrap import make_main
    from companion.data.store import GameStore
    from scoring import new_record
    from tests.ui.harness import Harness

    with tempfile.TemporaryDirectory() as folder:
        store = GameStore(Path(folder) / "data")
        game = store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
        others = [store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id for _ in range(args.idle)]
        main_ = make_main(store)
        first = Harness(main_, route=f"/play/{game}", width=1180, height=820)
        table = [first] + [Harness(main_, route=f"/play/{game}", width=1180, height=820, share_with=first) for _ in range(args.devices - 1)]
        idle = [Harness(main_, route=f"/play/{g}", width=1180, height=820, share_with=first) for g in others]
        everyone = table + idle
        for h in everyone:
            h.settle()
        labels = [f"Mia red {n}" for n in range(2, 11)] + [f"Mia red {n}" for n in range(10, 1, -1)]
        profiler = cProfile.Profile() if args.profile else None
        cpu, wall, drew = [], [], []
        for i in range(-args.warm, args.taps):
            label = labels[i % len(labels)]
            button = first.buttons(label)[0]
            sent = [len(h.conn.sent) for h in everyone]
            c0, w0 = time.process_time(), time.perf_counter()
            if profiler and i >= 0:
                profiler.enable()
            first.run(first.session.dispatch_event(button._i, "click", None))
            first.settle(horizon=0.0)
            if profiler:
                profiler.disable()
            if i >= 0:
                cpu.append((time.process_time() - c0) * 1000)
                wall.append((time.perf_counter() - w0) * 1000)
                drew.append(sum(len(h.conn.sent) > s for h, s in zip(everyone, sent, strict=True)))
            total = first.text_of("total-Mia")
            assert all(h.text_of("total-Mia") == total for h in table), f"tap {i}: a device did not follow"
        print(f"{args.taps} taps, {args.devices} tablets on the game, {args.idle} tablets on other games")
        p95 = sorted(cpu)[int(0.95 * (len(cpu) - 1))]
        print(f"  server CPU per tap: p50 {statistics.median(cpu):.1f} ms, mean {statistics.mean(cpu):.1f} ms, p95 {p95:.1f} ms")
        print(f"  wall per tap: p50 {statistics.median(wall):.1f} ms")
        print(f"  sessions sent anything per tap: {statistics.median(drew):.0f} of {len(everyone)} (median)")
        if profiler:
            stats = pstats.Stats(profiler).strip_dirs()
            # The machine's load does not change how many calls a tap makes: the figure to compare between runs.
            print(f"  Python function calls per tap (under the profiler): {stats.total_calls / args.taps:,.0f}")
            stats.sort_stats("cumulative").print_stats(args.profile)
            stats.sort_stats("tottime").print_stats(args.profile)
        for h in reversed(everyone):
            h.close()
        store.close()


if __name__ == "__main__":
    main()
