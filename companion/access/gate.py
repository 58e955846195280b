"""Who may use this server: an optional PIN, checked once per browser session, with wrong
guesses slowed down per device so a PIN cannot be found by trying them all.

The wrong guesses are counted per client address (the transport's, see identity.py: neither
X-Forwarded-For nor anything the browser says is believed), with IPv6 addresses counted per /64
(one device can take many addresses in its network). They are also counted for all addresses together, so a device that takes many
IPv4 addresses on the LAN is slowed as well. The counts are kept in a file in the data folder
(pin-tries.json, 0600, written atomically), so neither a new session, a new tab nor a restart of
the server resets them; the file keeps at most MAX_REMEMBERED devices (the most recent), each
key short, so it stays small whatever the guessers do.

The PIN's hash is made and checked in pin_hash.py; a hash of an older kind is made again at the
next right PIN (`check`), and the sessions and grants that held the old one still hold.

A new PIN (set_pin) is told to `listeners`: a session that had entered the old one, or none, is
no longer the host (session.App.is_host) and is asked for the new one at once.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from pathlib import Path

from companion.access.identity import device_of
from companion.access.pin_hash import hash_pin, outdated, pin_matches
from companion.access.rights import Listeners
from companion.data.atomic_files import write_atomically
from companion.language import _, number

PIN_SETTING = "access.pin"  # the PIN's hash (pin_hash.py); the PIN itself is never stored
MIN_DIGITS, SAFE_DIGITS, MAX_DIGITS = 4, 6, 12
FREE_TRIES = 3  # per device, then 2, 4, 8 … seconds up to MAX_WAIT
MAX_WAIT = 300.0  # seconds
EVERYONE = "*"  # the key of all devices' wrong guesses together
EVERYONE_FREE_TRIES = 20  # then 2, 4, 8 … seconds up to EVERYONE_MAX_WAIT, for every device
EVERYONE_MAX_WAIT = 60.0
FORGET_AFTER = 24 * 3600.0  # seconds after its last wrong guess a device starts afresh
TRIES_FILE = "pin-tries.json"
MAX_REMEMBERED = 2000  # devices kept in the file (the oldest are forgotten first)

log = logging.getLogger("tableside")


def valid_pin(pin: str) -> bool:
    return pin.isascii() and pin.isdigit() and MIN_DIGITS <= len(pin) <= MAX_DIGITS


def new_pin(digits: int = SAFE_DIGITS) -> str:
    import secrets

    return "".join(secrets.choice("0123456789") for unused in range(digits))


def weak_pin_warning(pin: str) -> str:
    """What to tell the person who sets a short PIN ("" when it is long enough)."""
    if len(pin) >= SAFE_DIGITS:
        return ""
    return _(
        "Warning: a {digits}-digit PIN has only {possibilities} possibilities; anyone who gets hold of "
        "a copy of the data folder can find it. Use {safe} digits or more."
    ).format(digits=len(pin), possibilities=number(10 ** len(pin)), safe=SAFE_DIGITS)


def backoff(failures: int, free: int, cap: float) -> float:
    return 0.0 if failures < free else min(cap, 2.0 ** (failures - free + 1))


class Gate:
    """The PIN in force (from --pin or the settings) and the rate limit on wrong guesses."""

    def __init__(self, store, pin: str | None = None, clock=time.time):
        self.store = store
        self.fixed = hash_pin(pin) if pin else None  # --pin wins over the setting
        self.clock = clock  # wall clock: a wait must outlive a restart
        folder = getattr(store, "folder", None)
        self.tries_path: Path | None = Path(folder) / TRIES_FILE if folder else None
        self._failures: dict[str, list[float]] = self._load()  # device → [wrong guesses, when the last was]
        self._lock = threading.Lock()
        self.listeners = Listeners()  # told when the PIN changes (open sessions re-check their rights)
        self._upgraded: dict[str, object] = {}  # an older hash (as key()) → the hash it was made again as

    @property
    def pin(self) -> object | None:
        return self.fixed or self.store.setting(PIN_SETTING)

    @property
    def required(self) -> bool:
        return self.pin is not None

    def forms_in_force(self) -> list[object]:
        """The PIN's hash in force and the older hashes of the same PIN it replaced (an upgrade at a
        right PIN, since this server started): a session or a grant naming one of them holds."""
        pin = self.pin
        if pin is None:
            return []
        return [pin, *(json.loads(old) for old, new in list(self._upgraded.items()) if new == pin)]

    def _load(self) -> dict[str, list[float]]:
        if self.tries_path is None or not self.tries_path.exists():
            return {}
        try:
            data = json.loads(self.tries_path.read_text(encoding="utf-8"))
            loaded = {str(k): [int(v[0]), float(v[1])] for k, v in data.items()}
            return dict(sorted(loaded.items(), key=lambda kv: kv[1][1], reverse=True)[:MAX_REMEMBERED])
        except (OSError, ValueError, TypeError, IndexError, AttributeError) as e:
            # Unreadable: start from the most cautious state rather than from none.
            log.warning("%s unreadable (%s): every device waits as after many wrong PINs", self.tries_path, e)
            return {EVERYONE: [EVERYONE_FREE_TRIES + 6, self.clock()]}

    def _save(self) -> None:
        if self.tries_path is None:
            return
        now = self.clock()
        kept = {k: v for k, v in self._failures.items() if now - v[1] < FORGET_AFTER}
        newest = sorted(kept.items(), key=lambda kv: kv[1][1], reverse=True)[:MAX_REMEMBERED]
        self._failures = dict(newest)
        try:
            write_atomically(self.tries_path, json.dumps(self._failures, separators=(",", ":")))
        except OSError as e:  # the count in memory still holds until the server stops
            log.warning("cannot write %s: %s", self.tries_path, e)

    def _wait(self, key: str, free: int, cap: float) -> float:
        failures, last = self._failures.get(key, (0, 0.0))
        if self.clock() - last >= FORGET_AFTER:
            return 0.0
        return max(0.0, last + backoff(int(failures), free, cap) - self.clock())

    def wait_for(self, address: str) -> float:
        """Seconds this device must wait before its next guess."""
        with self._lock:
            return max(self._wait(device_of(address), FREE_TRIES, MAX_WAIT), self._wait(EVERYONE, EVERYONE_FREE_TRIES, EVERYONE_MAX_WAIT))

    def check(self, address: str, guess: str) -> tuple[bool, str]:
        """(accepted, what to tell the person)."""
        wait = self.wait_for(address)
        if wait > 0:
            return False, _("Too many wrong PINs: try again in {seconds} s.").format(seconds=f"{wait:.0f}")
        device = device_of(address)
        pin = self.pin
        if pin is not None and pin_matches(guess.strip(), pin):
            with self._lock:
                if self._failures.pop(device, None) is not None:
                    self._save()
            if self.fixed is None and outdated(pin):
                self._upgrade(pin, hash_pin(guess.strip()))
            return True, ""
        with self._lock:
            now = self.clock()
            for key in (device, EVERYONE):
                failures, last = self._failures.get(key, (0, 0.0))
                self._failures[key] = [(failures if now - last < FORGET_AFTER else 0) + 1, now]
            self._save()
        wait = self.wait_for(address)
        return False, _("Wrong PIN.") + (" " + _("Try again in {seconds} s.").format(seconds=f"{wait:.0f}") if wait > 0 else "")

    def _upgrade(self, old: object, new: str) -> None:
        """Keep the right PIN's hash in the current form (old stays valid for whoever entered it)."""
        if self.store.setting(PIN_SETTING) != old:  # set or removed meanwhile: that one stands
            return
        self._upgraded[key(old)] = new  # first: whoever looks once it is stored finds old in force
        try:
            self.store.set_setting(PIN_SETTING, new)
        except Exception as e:  # a read-only folder, a full disk: the old hash works on, upgraded another time
            log.warning("the PIN's hash could not be stored in its new form: %s", e)
            self._upgraded.pop(key(old), None)

    def set_pin(self, pin: str | None) -> None:
        self.set_pin_hash(hash_pin(pin) if pin else None)

    def set_pin_hash(self, hashed: object | None) -> None:
        """Store a PIN's hash (None: no PIN), then tell the listeners."""
        self.store.set_setting(PIN_SETTING, hashed)
        self.listeners.notify()


def key(hashed: object) -> str:
    return json.dumps(hashed, sort_keys=True)
