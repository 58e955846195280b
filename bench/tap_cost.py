"""What one tap costs the server for a table of four tablets: CPU time, and where it goes.

    python bench/tap_cost.py [--taps 60] [--warm 2] [--devices 4] [--idle 4] [--blocks 4] [--no-baseline] [--profile 25]

Browserless (tests/ui/harness.py: Flet's real session, page, diff and msgpack encoding over a fake
connection). `--devices` tablets (1180 × 820) show one Lost Cities game; `--idle` more tablets show
other games. A tap is the click event of "Mia red <n>" on the first tablet, then every session
settles. Each tap is timed from its event until every session has settled (each tablet's patch encoded
for sending), and counts only once every tablet's page holds the tap's new total and the patch sent to
each tablet carries it: what a person at each tablet is shown. Prints the server's CPU time (process
time) per tap, delivered to all the table's devices, and how many sessions drew anything (the idle
tables' should not).

The baseline, in the same run: the same screens asking the rules per card and per session, as before
issue 63 (PlayContext.refusal asking scoring.refusal of the table each time, put back for its taps),
against the rules' answers worked out once per table (services/table_answers.py). The taps come in
`--blocks` blocks of each, taken in turns, so that whatever else the machine does weighs on both alike.
After the timed taps, untimed ones count what a tap asks: the rules' refusals the screens ask (one
question per card in every session before; per table now) and the fonts check's look at each object
(flet_seams.content_of).

`--profile N` prints cProfile's N costliest functions by cumulative and by own time, and the Python
function calls per tap (a figure the machine's load does not change: compare those between runs on a
busy machine). The first `--warm` taps are not timed: a session's first texts that need a fallback font
patch its page once (the fonts check then looks at the whole page again: about 1,200 objects a tablet).

Left out: the network, the browser's decoding, layout and painting (bench/tap.py times those in Chromium),
the save's fsyncs (wall time, not CPU: printed as "wall"). Target (issue 40): ≤ 5 ms a tap for four devices.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

AS_BEFORE, AS_NOW = "asked per card (before)", "answers per table (now)"


def asked_per_card(context, action):
    """PlayContext.refusal as it was before issue 63: the rules asked each time, by every session."""
    import scoring

    return scoring.refusal(context._game().table, action)


@contextmanager
def refusals(how: str) -> Iterator[None]:
    """The screens' refusals asked `how` (AS_BEFORE or AS_NOW) while the block runs."""
    from companion.ui.games.base import PlayContext

    now = PlayContext.refusal
    if how == AS_BEFORE:
        PlayContext.refusal = asked_per_card
    try:
        yield
    finally:
        PlayContext.refusal = now


@contextmanager
def counting(counts: Counter) -> Iterator[None]:
    """Count the refusals the screens ask of the rules and the objects the fonts check looks at."""
    import scoring
    from companion.server import flet_seams

    refusal, content_of = scoring.refusal, flet_seams.content_of

    def counted(name: str, real: Callable) -> Callable:
        def call(*args):
            counts[name] += 1
            return real(*args)

        return call

    scoring.refusal = counted("refusal", refusal)
    flet_seams.content_of = counted("content_of", content_of)
    try:
        yield
    finally:
        scoring.refusal, flet_seams.content_of = refusal, content_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=60, help="timed taps of each way (before and now)")
    parser.add_argument("--devices", type=int, default=4)
    parser.add_argument("--idle", type=int, default=4)
    parser.add_argument("--blocks", type=int, default=4, help="blocks of each way, taken in turns")
    parser.add_argument("--no-baseline", action="store_true", help="time only the answers per table")
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
        taps = 0

        def tap(profiler: cProfile.Profile | None = None) -> tuple[float, float, int]:
            """One tap and every session settled: (CPU ms, wall ms, sessions that sent anything)."""
            nonlocal taps
            label = labels[taps % len(labels)]
            taps += 1
            button = first.buttons(label)[0]
            sent = [len(h.conn.sent) for h in everyone]
            c0, w0 = time.process_time(), time.perf_counter()
            if profiler:
                profiler.enable()
            first.run(first.session.dispatch_event(button._i, "click", None))
            first.settle(horizon=0.0)
            if profiler:
                profiler.disable()
            cpu, wall = (time.process_time() - c0) * 1000, (time.perf_counter() - w0) * 1000
            total = first.text_of("total-Mia")
            for h, before in zip(table, sent, strict=False):
                assert h.text_of("total-Mia") == total, f"tap {taps} ({label}): a tablet did not follow"
                assert repr(total) in h.patched_since(before), f"tap {taps} ({label}): a tablet was not sent the new total"
            return cpu, wall, sum(len(h.conn.sent) > s for h, s in zip(everyone, sent, strict=True))

        for _ in range(args.warm):
            tap()
        ways = [AS_NOW] if args.no_baseline else [AS_BEFORE, AS_NOW]
        cpu: dict[str, list[float]] = {way: [] for way in ways}
        wall: dict[str, list[float]] = {way: [] for way in ways}
        drew: list[int] = []
        for block in range(args.blocks):
            for way in ways:
                with refusals(way):
                    for _ in range(args.taps * (block + 1) // args.blocks - args.taps * block // args.blocks):
                        c, w, d = tap()
                        cpu[way].append(c)
                        wall[way].append(w)
                        drew.append(d)
        counts: dict[str, list[Counter]] = {way: [] for way in ways}
        for way in ways:
            with refusals(way):
                for _ in range(len(labels)):
                    counted: Counter = Counter()
                    with counting(counted):
                        tap()
                    counts[way].append(counted)

        print(f"{args.taps} taps each way in {args.blocks} blocks in turns; {args.devices} tablets on the game, {args.idle} on other games")
        for way in ways:
            p50, p95 = statistics.median(cpu[way]), sorted(cpu[way])[int(0.95 * (len(cpu[way]) - 1))]
            print(f"  {way:26} server CPU per tap: p50 {p50:5.1f} ms, mean {statistics.mean(cpu[way]):5.1f} ms, p95 {p95:5.1f} ms;", end="")
            print(f" wall p50 {statistics.median(wall[way]):5.1f} ms")
            refused = statistics.median(c["refusal"] for c in counts[way])
            looked = statistics.median(c["content_of"] for c in counts[way])
            print(f"  {'':26} a tap (median): {refused:.0f} refusals asked of the rules, {looked:.0f} objects the fonts check looked at")
        if not args.no_baseline:
            ratio = statistics.median(cpu[AS_NOW]) / statistics.median(cpu[AS_BEFORE])
            print(f"  now / before, p50 CPU: {ratio:.2f}")
        print(f"  sessions sent anything per tap: {statistics.median(drew):.0f} of {len(everyone)} (median)")
        if args.profile:
            profiler = cProfile.Profile()
            for _ in range(args.taps):
                tap(profiler)
            stats = pstats.Stats(profiler).strip_dirs()
            # The machine's load does not change how many calls a tap makes: the figure to compare between runs.
            print(f"  Python function calls per tap, answers per table (under the profiler): {stats.total_calls / args.taps:,.0f}")
            stats.sort_stats("cumulative").print_stats(args.profile)
            stats.sort_stats("tottime").print_stats(args.profile)
        for h in reversed(everyone):
            h.close()
        store.close()


if __name__ == "__main__":
    main()
