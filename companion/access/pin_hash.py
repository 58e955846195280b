"""How the PIN is kept: never itself, only a slow salted hash of it (live.json's `access.pin`).

The stored form names its scheme and parameters, so they can be raised later and a stored hash
checked with the ones it was made with:

    "scrypt$<n>$<r>$<p>$<salt hex>$<hash hex>"      (hashlib.scrypt: memory-hard, no new dependency)

Older versions kept {"salt": hex, "hash": hex}: PBKDF2-SHA256 at 100,000 iterations. Such a hash
still verifies, and `outdated` tells the gate to store the scrypt form once the right PIN is typed
(the PIN is needed to make it). Anything else (a hand-edited or damaged setting) matches no PIN.

Cost: one hash is about 50-100 ms of CPU (bench/pin_hash.py) and 16 MiB of memory (scrypt's n=2**14, r=8, p=1, its
paper's figures for an interactive login); callers on an event loop run it in a thread.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import os

log = logging.getLogger("tableside")

SCHEME = "scrypt"
N, R, P = 2**14, 8, 1
SALT_BYTES, HASH_BYTES = 16, 32
# A stored form asking for more than this is refused, not computed: a tampered setting must not
# make one guess take minutes or gigabytes. (32 times today's work, 8 times its memory.)
MAX_WORK = 32 * N * R * P  # n·r·p
MAX_MEMORY = 128 * 2**20  # bytes
LEGACY_ITERATIONS = 100_000  # PBKDF2-SHA256, before scrypt


def hash_pin(pin: str, salt: bytes | None = None) -> str:
    """The stored form of `pin`, with a new random salt (or `salt`)."""
    salt = os.urandom(SALT_BYTES) if salt is None else salt
    digest = _scrypt(pin, salt, N, R, P)
    return f"{SCHEME}${N}${R}${P}${salt.hex()}${digest.hex()}"


def pin_matches(pin: str, stored: object) -> bool:
    """Whether `pin` is the PIN `stored` was made from. A stored form that cannot be read matches nothing."""
    try:
        if isinstance(stored, str):
            scheme, n, r, p, salt, digest = stored.split("$")
            if scheme != SCHEME:
                raise ValueError(f"unknown scheme {scheme[:20]!r}")
            candidate = _scrypt(pin, bytes.fromhex(salt), int(n), int(r), int(p))
        elif isinstance(stored, dict) and isinstance(stored.get("salt"), str) and isinstance(stored.get("hash"), str):
            digest = stored["hash"]
            candidate = hashlib.pbkdf2_hmac("sha256", pin.encode(), bytes.fromhex(stored["salt"]), LEGACY_ITERATIONS)
        else:
            raise ValueError(f"a {type(stored).__name__}, not a PIN hash")
        return hmac.compare_digest(candidate, bytes.fromhex(digest))
    except (ValueError, TypeError, MemoryError, OverflowError) as e:
        log.warning("the stored PIN hash cannot be read (%s): no PIN matches it until a new PIN is set", e)
        return False


def outdated(stored: object) -> bool:
    """Whether `stored` should be made again (with the current scheme and parameters) at the next right PIN."""
    if not isinstance(stored, str):
        return True
    parts = stored.split("$")
    return len(parts) != 6 or parts[:4] != [SCHEME, str(N), str(R), str(P)]


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    if not (n >= 2 and n & (n - 1) == 0 and r >= 1 and p >= 1 and n * r * p <= MAX_WORK) or len(salt) < 8:
        raise ValueError(f"scrypt parameters out of bounds (n={n}, r={r}, p={p}, {len(salt)}-byte salt)")
    memory = 128 * r * (n + p + 2)
    if memory > MAX_MEMORY:
        raise ValueError(f"scrypt would need {memory // 2**20} MiB")
    return hashlib.scrypt(pin.encode(), salt=salt, n=n, r=r, p=p, dklen=HASH_BYTES, maxmem=memory + 2**20)
