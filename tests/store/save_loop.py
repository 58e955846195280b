"""Crash-test helper: open GameStore(DIR), then create and finish games for ever.

    python tests/store/save_loop.py DIR

Prints `ready` once the store is open, then each game's id after `finish` returned
(flushed), so whoever kills this process knows which saves completed. Games are spread
over 24 months so several month files are written. SAVE_LOOP_PROGRESS (default 2) sets
how many progress saves each game gets before it finishes (more writes to live.json).
"""

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.data.store import GameStore


def record(rng: random.Random, n: int) -> dict:
    month = 1 + n % 12
    return {
        "game": "cgt",
        "players": ["Lea", "Max"],
        "variant": {"first_player_penalty": 1},
        "final": {"meta": {"5": 1}, "collections": {"Lea": {"5": rng.randint(0, 3)}, "Max": {"5": 1}}},
        "played_at": f"{2024 + n % 2}-{month:02d}-{rng.randint(1, 28):02d}T20:00:00",
    }


def main() -> None:
    store = GameStore(sys.argv[1])
    progress = int(os.environ.get("SAVE_LOOP_PROGRESS", "2"))
    rng = random.Random()
    print("ready", flush=True)
    n = rng.randrange(1000)
    while True:
        game = store.create(record(rng, n))
        for _ in range(progress):
            store.save_progress(game.id, record(rng, n) | {"id": game.id, "played_at": game.played_at})
        store.finish(game.id)
        print(game.id, flush=True)
        n += 1


if __name__ == "__main__":
    main()
