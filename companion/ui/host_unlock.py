"""The host by the PIN: entered on the PIN screen, set in the settings, or kept by the browser as a host
grant (host_grants.py), so that a new session of that browser is the host without the PIN again.

A browser on this machine is the host without any (`local`, unless TABLESIDE_LOCAL_IS_HOST=0). A PIN
set or changed after a session connected ends its host rights unless it entered the new one (or set it)."""

from __future__ import annotations

import asyncio

import flet as ft

from companion.access.gate import Gate, hash_pin
from companion.access.host_grants import PREFERENCE_KEY, HostGrants
from companion.server.admission import mark_unlocked
from companion.ui.preferences import BrowserPreferences


class HostUnlock:
    def __init__(self, page: ft.Page, gate: Gate, grants: HostGrants, preferences: BrowserPreferences, local: bool):
        self.page = page
        self.gate = gate
        self.grants = grants
        self.preferences = preferences
        self.local = local
        self.entered: object | None = None  # the PIN (its hash) this session entered or set
        self.host_grant: str | None = None  # what this browser keeps of the host's unlock

    def is_host(self) -> bool:
        pin = self.gate.pin
        return pin is None or self.local or (self.entered is not None and self.entered in self.gate.forms_in_force())

    @property
    def unlocked_here(self) -> bool:
        """The host by the PIN (entered, set or kept by this browser), not by being on this machine."""
        return self.gate.required and not self.local and self.is_host()

    async def enter_pin(self, device_key: str, guess: str) -> tuple[bool, str]:
        """Check a PIN typed on the PIN screen: (accepted, what to tell the person)."""
        pin = self.gate.pin  # before the check: a PIN changed meanwhile is asked for again
        # In a thread: the hash takes 50-90 ms, during which the other sessions' events go on.
        accepted, why = await asyncio.to_thread(self.gate.check, device_key, guess)
        if accepted:
            self.entered = pin
            mark_unlocked(self.page)  # no longer counted among the sessions waiting for the PIN
            self.page.run_task(self.remember)
        return accepted, why

    async def set_pin(self, pin: str | None) -> None:
        """Set or remove the table's PIN (the settings); this session, which chose it, stays the host
        (and its browser gets a grant for the new PIN: every grant given before ends with the old one)."""
        hashed = await asyncio.to_thread(hash_pin, pin) if pin else None  # (off the event loop, as enter_pin)
        self.entered = hashed
        self.gate.set_pin_hash(hashed)
        self.page.run_task(self.remember)

    async def remember(self) -> None:
        """After the PIN: the browser keeps a grant, so a new session of it is the host without the PIN."""
        if not self.unlocked_here:
            return
        grant = self.grants.issue()
        self.host_grant = grant
        # Not kept (the browser left, or keeps nothing): the PIN is asked for next time.
        await self.preferences.set(PREFERENCE_KEY, grant, "the host grant")

    async def restore(self) -> bool:
        """At a session's start: the host again if the browser keeps a grant that holds. Whether it is."""
        if self.is_host() or not self.gate.required:
            return False
        grant = await self.preferences.get(PREFERENCE_KEY, "whether it keeps a host grant")
        if not self.grants.holds(grant):
            return False
        self.entered, self.host_grant = self.gate.pin, str(grant)
        mark_unlocked(self.page)  # no longer counted among the sessions waiting for the PIN
        return True

    async def lock(self) -> None:
        """'Lock this device': this session needs the PIN again, and so does every later one of this browser."""
        if self.host_grant is not None:
            self.grants.revoke(self.host_grant)
        self.entered, self.host_grant = None, None
        await self.preferences.remove(PREFERENCE_KEY, "the host grant")  # revoked here already: a copy kept opens nothing
