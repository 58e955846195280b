"""How the history holds up as it grows: fill stores with 100, 1,000 and 10,000 finished games.

    python bench/history.py [--sizes 100 1000 10000]

At each size prints: opening the store, showing the first page of history (the store query
and the built screen), one player's statistics, saving one more game (start and finish it),
and the data folder's size. Targets at 10,000 games (issue 4): save < 50 ms, first page
< 300 ms, statistics < 1 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.scoring import GENERATORS
from companion.bootstrap import make_main
from companion.data.store import GameStore
from companion.services import history_figures
from tests.ui.harness import Harness

GAMES_PER_DAY = 3  # a keen group: 10,000 games span about nine years


def records(n: int, seed: int = 7) -> list[dict]:
    rng = random.Random(seed)
    keys = list(GENERATORS)
    start = datetime(2026, 11, 1) - timedelta(days=n // GAMES_PER_DAY)
    out = []
    for i in range(n):
        record = GENERATORS[keys[i % len(keys)]](rng)
        record["played_at"] = (start + timedelta(hours=24 * i / GAMES_PER_DAY)).isoformat(timespec="seconds")
        record["id"] = f"bench-{i}"
        out.append(record)
    return out


def timed(fn):
    t0 = time.perf_counter()
    value = fn()
    return (time.perf_counter() - t0) * 1000, value


def folder_size(folder: Path) -> int:
    """Bytes on disk, each file once (backups hard-link the month files they share)."""
    seen, total = set(), 0
    for p in folder.rglob("*"):
        if p.is_file() and (st := p.stat()).st_ino not in seen:
            seen.add(st.st_ino)
            total += st.st_size
    return total


def measure(n: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "data"
        store = GameStore(folder)
        batch = records(n)
        for i in range(0, n, 500):  # imported in batches, as `tableside import` would
            store.add_finished(batch[i : i + 500])
        store.close()

        open_ms, store = timed(lambda: GameStore(folder))
        query_ms, _ = timed(lambda: store.finished(limit=50))
        screen_ms, harness = timed(lambda: Harness(make_main(store), route="/history", width=1024))
        harness.close()
        player = batch[0]["players"][0]
        stats_ms, figures = timed(lambda: history_figures.player_stats(store.finished(), player))
        fresh = records(1, seed=n)[0]
        fresh["id"], fresh["played_at"] = "one-more", datetime(2026, 11, 29, 20).isoformat()
        save_ms, _ = timed(lambda: store.finish(store.create(fresh).id))
        store.close()
        return {
            "open": open_ms,
            "first page (query)": query_ms,
            "first page (screen)": screen_ms,
            "player statistics": stats_ms,
            "save one more game": save_ms,
            "data MB": (folder_size(folder) - folder_size(folder / "backups")) / 1e6,
            "backups MB": folder_size(folder / "backups") / 1e6,
            "plays": figures.plays,
        }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[100, 1000, 10000])
    sizes = parser.parse_args().sizes
    results = {n: measure(n) for n in sizes}
    columns = ["open", "first page (query)", "first page (screen)", "player statistics", "save one more game"]
    print(f"{'games':>7}  " + "  ".join(f"{c:>20}" for c in columns) + f"  {'data':>8}  {'backups':>8}")
    for n, r in results.items():
        print(f"{n:>7,}  " + "  ".join(f"{r[c]:>17.1f} ms" for c in columns) + f"  {r['data MB']:>5.1f} MB  {r['backups MB']:>5.1f} MB")
    print("(player statistics cover one player's", ", ".join(f"{r['plays']:,}" for r in results.values()), "games)")
    print("Targets at 10,000 games: save < 50 ms, first page < 300 ms, statistics < 1 s")


if __name__ == "__main__":
    main()
