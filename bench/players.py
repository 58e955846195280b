"""The Players screens over a big history: opening /players and a player's page, browserless.

    python bench/players.py [--games 100000] [--players 120] [--keep FOLDER]

Builds a store of `--games` finished games of all five games (bench/history.records, the players
drawn from a club of `--players` names), then times, each in a new session of the app as a browser
opening the address would (tests/ui/harness.py: the real session and page, no browser):

  /players, cold        the roster with nothing worked out yet (before the figures' worker ran)
  player page, cold     the most active player's page then (the ratings rated afresh)
  /players, worker busy the roster opened while the figures' worker works them out in its thread
                        (start-up, or just after a change: it waits for the roster's figures only)
  worker: all figures   what the figures' worker works out (warm_figures), from its start
  /players              the roster once it has (what a person meets on the server)
  /players, 2nd device  another device opening it, the history unchanged
  player page           the most active player's page (their figures, ratings, records, chart)
  player page, 2nd      the same page from another device
  another player        a second player's page (the history's figures kept; theirs are new)
  /stats                Statistics (each game's figures, wins per player, the ratings: kept too)
  worker, a game saved  the worker's round after one more game is saved
  /players after it     the roster then, and the player's page

`--keep FOLDER` keeps (or reuses) the store there: building 100,000 games takes minutes. The
figures are printed, never asserted (tests/ui/test_players_cache.py tests the mechanism).
Issue 39's target: /players opens in under 1 s with 100,000 games (it took 18.7 s).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import scoring
from bench.history import records
from companion.bootstrap import make_main
from companion.data.ids import route_id
from companion.data.store import GameStore
from companion.services import kept_figures, ratings
from companion.ui.warm_figures import warm
from tests.ui.harness import Harness

T = TypeVar("T")
BATCH = 2000


def club_names(n: int) -> list[str]:
    first = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lea"]
    return [f"{first[i % len(first)]}{'' if i < len(first) else f' {i // len(first) + 1}'}" for i in range(n)]


def games(n: int, players: int, seed: int = 11) -> list[dict]:
    """`n` finished records (bench/history.py's), each game's seats given to members of the club."""
    rng = random.Random(seed)
    club = club_names(players)
    out = []
    start, span = datetime(2012, 1, 1), datetime(2026, 11, 1) - datetime(2012, 1, 1)  # a club's 15 years
    for i, record in enumerate(records(n)):
        record["played_at"] = (start + span * i / n).isoformat(timespec="seconds")
        seated = rng.sample(club, len(record["players"]))
        for old, new in zip(list(record["players"]), seated):
            record, _ = scoring.rename_player(record, old, f"\x00{new}")  # two steps: a new name may be an old one
        for new in seated:
            record, _ = scoring.rename_player(record, f"\x00{new}", new)
        out.append(record)
    return out


def build(folder: Path, n: int, players: int) -> None:
    store = GameStore(folder)
    if len(store.finished(limit=1)):
        print(f"reusing {folder}")
        store.close()
        return
    batch = games(n, players)
    started = time.perf_counter()
    for i in range(0, n, BATCH):
        store.add_finished(batch[i : i + BATCH])
        print(f"\rimported {min(n, i + BATCH):,} of {n:,}", end="", flush=True)
    print(f"  ({time.perf_counter() - started:.0f} s)")
    store.close()


def ms(fn: Callable[[], T]) -> tuple[float, T]:
    gc.collect()
    started = time.perf_counter()
    out = fn()
    return (time.perf_counter() - started) * 1000, out


def measure(folder: Path) -> None:
    opened, store = ms(lambda: GameStore(folder))
    main = make_main(store)
    sessions: list[Harness] = []

    def open_route(route: str) -> Harness:
        h = Harness(main, route=route, width=1024, height=768, share_with=sessions[0] if sessions else None)
        sessions.append(h)
        assert not h.conn.errors, h.conn.errors
        return h

    def close_all() -> None:
        for h in reversed(sessions):
            h.close()
        sessions.clear()

    n = len(store.finished())  # (each game's sort key made: what start-up's first listing pays)
    busiest = sorted(store.players(), key=lambda p: -len(store.finished(player=p)))
    page, other = (f"/players/{route_id(p)}" for p in busiest[:2])
    rows: list[tuple[str, float]] = [("open the store", opened)]
    # Cold: nothing worked out yet (as if a person opened the page before the figures' worker ran).
    kept_figures.forget()
    ratings.forget()
    rows.append(("/players, cold", ms(lambda: open_route("/players"))[0]))
    rows.append(("player page, cold", ms(lambda: open_route(page))[0]))
    close_all()
    # The server: the figures' worker works them out at start-up and after each change (warm_figures).
    kept_figures.forget()
    ratings.forget()
    worker = threading.Thread(target=warm, args=(store,), name="warm-figures")  # as the server's worker runs
    started = time.perf_counter()
    worker.start()
    time.sleep(0.05)
    rows.append(("/players, worker busy", ms(lambda: open_route("/players"))[0]))
    close_all()
    worker.join()
    rows.append(("worker: all figures", (time.perf_counter() - started) * 1000))
    rows.append(("/players", ms(lambda: open_route("/players"))[0]))
    rows.append(("/players, 2nd device", ms(lambda: open_route("/players"))[0]))
    rows.append(("player page", ms(lambda: open_route(page))[0]))
    rows.append(("player page, 2nd", ms(lambda: open_route(page))[0]))
    rows.append(("another player", ms(lambda: open_route(other))[0]))
    rows.append(("/stats", ms(lambda: open_route("/stats"))[0]))
    close_all()
    fresh = games(1, 6, seed=n)[0]
    fresh["id"], fresh["played_at"] = f"one-more-{time.time_ns()}", "2026-11-30T20:00:00"
    store.add_finished([fresh])
    rows.append(("worker, a game saved", ms(lambda: warm(store))[0]))
    rows.append(("/players after it", ms(lambda: open_route("/players"))[0]))
    rows.append(("player page after it", ms(lambda: open_route(page))[0]))
    close_all()
    store.delete(fresh["id"])  # a kept store stays as it was built
    store.close()
    print(f"{n:,} games, {len(busiest)} players ({busiest[0]} played {len(store.finished(player=busiest[0])):,})")
    for what, took in rows:
        print(f"  {what:<22} {took:8.0f} ms")
    print("Target: /players opens in under 1 s with 100,000 games (issue 39: it took 18.7 s)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=120)
    parser.add_argument("--keep", type=Path, help="the store's folder, kept (and reused) between runs")
    args = parser.parse_args()
    if args.keep:
        build(args.keep, args.games, args.players)
        measure(args.keep)
        return
    with tempfile.TemporaryDirectory() as tmp:
        build(Path(tmp) / "data", args.games, args.players)
        measure(Path(tmp) / "data")


if __name__ == "__main__":
    main()
