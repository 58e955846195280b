"""What one PIN check costs: the stored hash made again from a guess (access/pin_hash.py).

    python bench/pin_hash.py [--rounds 20]

Prints the median and the slowest of `rounds` checks for scrypt (n=2**14, r=8, p=1: what a new PIN
is stored as) and for the PBKDF2-SHA256 at 100,000 iterations of older versions, in one run taken
in turns, so the machine's other work weighs on both alike. The server runs each check in a thread
(App.enter_pin), so this is what one PIN costs a core, not what it holds the other sessions up.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# (not bench/ itself on the path: this checkout's companion, not an installed one)
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(REPO))

from companion.access.pin_hash import hash_pin, pin_matches  # this checkout's, not an installed one


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=20)
    rounds = parser.parse_args().rounds
    salt = bytes(16)
    stored = {
        "scrypt (n=2**14, r=8, p=1)": hash_pin("482915", salt),
        "PBKDF2-SHA256 100k": {"salt": salt.hex(), "hash": hashlib.pbkdf2_hmac("sha256", b"482915", salt, 100_000).hex()},
    }
    timings: dict[str, list[float]] = {name: [] for name in stored}
    for _ in range(rounds):
        for name, hashed in stored.items():
            start = time.perf_counter()
            assert pin_matches("482915", hashed)
            timings[name].append(time.perf_counter() - start)
    for name, times in timings.items():
        print(f"{name:28} median {statistics.median(times) * 1000:6.1f} ms   slowest {max(times) * 1000:6.1f} ms   ({rounds} checks)")


if __name__ == "__main__":
    main()
