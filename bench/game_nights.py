"""Ratings and game nights over a large history: what Statistics, a player's page and Tonight compute.

    python bench/game_nights.py [--sizes 1000 10000]

At each size prints: the ratings computed afresh (an older game edited or deleted), the ratings again
(the cache: only the key is built), after one game saved as the newest (only it is rated), all the
evenings grouped, and the latest evening with its standings (what Home and Tonight draw).
"""

from __future__ import annotations

import argparse
import gc
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.history import records
from companion.data.store import GameStore
from companion.services import evenings, ratings

T = TypeVar("T")


def ms(fn: Callable[[], T]) -> tuple[float, T]:
    gc.collect()  # a collection left over from the last step is not this step's time
    start = time.perf_counter()
    out = fn()
    return (time.perf_counter() - start) * 1000, out


def measure(store: GameStore, n: int) -> None:
    listed, games = ms(store.finished)
    ratings.forget()
    fresh, _ = ms(lambda: ratings.ratings(games))
    cached, _ = ms(lambda: ratings.ratings(games))
    ratings.forget()
    newest = next(g for g in games if ratings.key_of([g]))  # the newest game that is rated
    ratings.ratings([g for g in games if g is not newest])  # the history before it was saved
    added, _ = ms(lambda: ratings.ratings(games))
    grouped, nights = ms(lambda: evenings.evenings(games))
    latest, _ = ms(lambda: evenings.standings(evenings.latest(games) or nights[-1]))
    print(
        f"{n:>6} games (store.finished() {listed:5.1f} ms): ratings {fresh:7.1f} ms afresh, {cached:5.1f} ms cached, "
        f"{added:5.1f} ms after a game saved; "
        f"all {len(nights)} evenings {grouped:6.1f} ms; the latest with its standings {latest:5.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    for n in parser.parse_args().sizes:
        with tempfile.TemporaryDirectory() as folder:
            store = GameStore(Path(folder) / "data")
            store.add_finished(records(n))
            store.finished()  # the first listing parses every date once (cached on each game)
            measure(store, n)
            store.close()


if __name__ == "__main__":
    main()
