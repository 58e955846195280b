"""Who may use this server: an optional PIN, checked once per browser session, with wrong
guesses slowed down per device so a PIN cannot be found by trying them all."""

from __future__ import annotations

import hashlib
import hmac
import os
import threading
import time

PIN_SETTING = "access.pin"  # {"salt": hex, "hash": hex}; the PIN itself is never stored
FREE_TRIES = 3
MAX_WAIT = 300.0  # seconds


def hash_pin(pin: str, salt: bytes | None = None) -> dict:
    salt = salt or os.urandom(16)
    digest = hashlib.pbkdf2_hmac("sha256", pin.encode(), salt, 100_000)
    return {"salt": salt.hex(), "hash": digest.hex()}


def pin_matches(pin: str, stored: dict) -> bool:
    candidate = hash_pin(pin, bytes.fromhex(stored["salt"]))["hash"]
    return hmac.compare_digest(candidate, stored["hash"])


def valid_pin(pin: str) -> bool:
    return pin.isascii() and pin.isdigit() and 4 <= len(pin) <= 12


class Gate:
    """The PIN in force (from --pin or the settings) and the rate limit on wrong guesses."""

    def __init__(self, store, pin: str | None = None, clock=time.monotonic):
        self.store = store
        self.fixed = hash_pin(pin) if pin else None  # --pin wins over the setting
        self.clock = clock
        self._failures: dict[str, tuple[int, float]] = {}  # device → (wrong guesses, when the last was)
        self._lock = threading.Lock()

    @property
    def pin(self) -> dict | None:
        return self.fixed or self.store.setting(PIN_SETTING)

    @property
    def required(self) -> bool:
        return self.pin is not None

    def wait_for(self, device: str) -> float:
        """Seconds this device must wait before its next guess."""
        with self._lock:
            failures, last = self._failures.get(device, (0, 0.0))
        if failures < FREE_TRIES:
            return 0.0
        wait = min(MAX_WAIT, 2.0 ** (failures - FREE_TRIES + 1))
        return max(0.0, last + wait - self.clock())

    def check(self, device: str, guess: str) -> tuple[bool, str]:
        """(accepted, what to tell the person)."""
        wait = self.wait_for(device)
        if wait > 0:
            return False, f"Too many wrong PINs: try again in {wait:.0f} s."
        if self.pin is not None and pin_matches(guess.strip(), self.pin):
            with self._lock:
                self._failures.pop(device, None)
            return True, ""
        with self._lock:
            failures, _ = self._failures.get(device, (0, 0.0))
            self._failures[device] = (failures + 1, self.clock())
        wait = self.wait_for(device)
        return False, "Wrong PIN." + (f" Try again in {wait:.0f} s." if wait > 0 else "")

    def set_pin(self, pin: str | None) -> None:
        self.store.set_setting(PIN_SETTING, hash_pin(pin) if pin else None)
