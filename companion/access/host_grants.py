"""The host's unlock survives a reload: a signed, expiring grant the browser keeps.

A session that enters the PIN (or sets it) is given a grant, kept in the browser's own storage
(ft.SharedPreferences, like a phone's seat grant, ui/views/join.py). A new session of that browser
(a reload that Flet could not resume, a tab the phone's browser restored, a retry) shows the grant
and is the host again without the PIN, while the grant holds:

- it is signed with this server's key (itsdangerous; the key is a setting, made on first use),
  so a browser cannot write one;
- it names the PIN in force when it was given (a digest of its stored hash, whose salt is new at
  every change): a PIN set, changed or removed ends every grant given before;
- it expires LIFETIME seconds after it was given (a table's evening, and the night after);
- "Lock this device" (Settings) removes it from the browser and revokes it here, so a copy of it
  opens nothing either. Revoked grants are remembered until they would have expired anyway.

A PIN given on the command line (--pin) is hashed with a new salt at each start: its grants end
when the server restarts.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import threading
import time
from collections.abc import Callable

from itsdangerous import BadData, TimestampSigner, URLSafeTimedSerializer

from companion.access.gate import Gate

PREFERENCE_KEY = "tableside.host"  # where the browser keeps its grant
LIFETIME = 12 * 3600  # seconds
KEY_SETTING = "host_grants.key"  # the signing key (hex), made on first use
REVOKED_SETTING = "host_grants.revoked"  # grant id → when it would have expired (unix seconds)
SALT = "tableside.host-grant"  # itsdangerous' namespace: a seat grant or anything else signed later is not one


def pin_digest(pin: object | None) -> str:
    """A short name of the PIN in force (of its salted hash: the PIN cannot be read back from it)."""
    return hashlib.sha256(json.dumps(pin, sort_keys=True).encode()).hexdigest()[:24]


class HostGrants:
    def __init__(self, store, gate: Gate, lifetime: int = LIFETIME, clock: Callable[[], float] = time.time):
        self.store = store
        self.gate = gate
        self.lifetime = lifetime
        self.clock = clock
        self._lock = threading.Lock()

    def _serializer(self) -> URLSafeTimedSerializer:
        with self._lock:
            key = self.store.setting(KEY_SETTING)
            if not isinstance(key, str):
                key = secrets.token_hex(32)
                self.store.set_setting(KEY_SETTING, key)
        clock = self.clock

        class Signer(TimestampSigner):  # the grants' clock (a test's, or the wall's)
            def get_timestamp(self) -> int:
                return int(clock())

        return URLSafeTimedSerializer(key, salt=SALT, signer=Signer)

    def issue(self) -> str:
        """A grant for the PIN in force now (given to a session that entered or set it)."""
        return self._serializer().dumps({"pin": pin_digest(self.gate.pin), "id": secrets.token_urlsafe(9)})

    def _payload(self, grant: object) -> dict | None:
        if not isinstance(grant, str) or len(grant) > 1000:  # whatever the browser kept (anything, if tampered with)
            return None
        try:
            payload = self._serializer().loads(grant, max_age=self.lifetime)
        except BadData:  # not ours, altered or expired
            return None
        return payload if isinstance(payload, dict) else None

    def holds(self, grant: object) -> bool:
        """Whether `grant` makes its session the host now."""
        payload = self._payload(grant)
        if payload is None or self.gate.pin is None:
            return False
        revoked = self.store.setting(REVOKED_SETTING) or {}
        named = str(payload.get("pin"))  # the PIN in force, or its older hash (upgraded since: Gate.forms_in_force)
        return any(secrets.compare_digest(named, pin_digest(p)) for p in self.gate.forms_in_force()) and payload.get("id") not in revoked

    def revoke(self, grant: object) -> None:
        """'Lock this device': the grant opens nothing any more, wherever a copy of it is."""
        payload = self._payload(grant)
        if payload is None:
            return
        now = self.clock()
        with self._lock:
            revoked = {k: t for k, t in (self.store.setting(REVOKED_SETTING) or {}).items() if t > now}  # the expired need no list
            revoked[str(payload.get("id"))] = now + self.lifetime
            self.store.set_setting(REVOKED_SETTING, revoked)
