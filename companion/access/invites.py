"""Invitations and seats: how a phone joins one game as one player, without the PIN.

The host's invite screen shows a code (in a link and a QR code) that names one game and cannot be
guessed. A phone that opens it picks a free seat; the server then holds that session to that seat:
every action it sends must be its player's, and it sees that game and nothing else. The seat is
also given to the phone as a grant (kept in its browser), so a reload or a closed tab returns to it.
The host can release a seat (its grant stops working) and revoke the invite (a new code; every
seat of the game is released). Both are told to `listeners`: a phone that held the seat loses it
at once, at its next action at the latest (session.App.may_change).
"""

from __future__ import annotations

import secrets
import threading
from dataclasses import dataclass

from companion.access.rights import Listeners

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: typed from a screen without doubt
CODE_LENGTH = 10  # 31^10 ≈ 8 × 10^14 codes
INVITES_SETTING = "invites"  # game id → code
SEATS_SETTING = "seats"  # grant → {"game": id, "seat": player}


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


@dataclass(frozen=True)
class Seat:
    game: str
    player: str


class Invites:
    def __init__(self, store):
        self.store = store
        self._lock = threading.Lock()
        self.listeners = Listeners()  # told when a seat is released or an invite revoked

    def code_for(self, game_id: str) -> str:
        """The game's invite code, made on first use."""
        with self._lock:
            codes = dict(self.store.setting(INVITES_SETTING) or {})
            if game_id not in codes:
                codes[game_id] = new_code()
                self.store.set_setting(INVITES_SETTING, codes)
            return codes[game_id]

    def game_of(self, code: str) -> str | None:
        code = normal_code(code)
        for game_id, known in (self.store.setting(INVITES_SETTING) or {}).items():
            if secrets.compare_digest(known, code):
                return game_id
        return None

    def taken(self, game_id: str) -> dict[str, str]:
        """player → grant, for the seats of a game that phones hold."""
        grants = self.store.setting(SEATS_SETTING) or {}
        return {g["seat"]: grant for grant, g in grants.items() if g["game"] == game_id}

    def claim(self, code: str, player: str) -> str | None:
        """A grant for `player`'s seat, or None when the code is unknown, the seat not in the game or taken."""
        game_id = self.game_of(code)
        stored = self.store.get(game_id) if game_id else None
        if stored is None or player not in stored.players:
            return None
        with self._lock:
            grants = dict(self.store.setting(SEATS_SETTING) or {})
            if any(g["game"] == game_id and g["seat"] == player for g in grants.values()):
                return None
            grant = secrets.token_urlsafe(24)
            grants[grant] = {"game": game_id, "seat": player}
            self.store.set_setting(SEATS_SETTING, grants)
            return grant

    def seat_of(self, grant: object) -> Seat | None:
        """The seat a grant holds; `grant` is whatever the browser kept (anything, if tampered with)."""
        if not isinstance(grant, str):
            return None
        found = (self.store.setting(SEATS_SETTING) or {}).get(grant)
        return Seat(found["game"], found["seat"]) if found else None

    def release(self, game_id: str, player: str | None = None) -> None:
        """Free a seat of the game (every seat when `player` is None)."""
        with self._lock:
            grants = self.store.setting(SEATS_SETTING) or {}
            kept = {k: g for k, g in grants.items() if not (g["game"] == game_id and player in (None, g["seat"]))}
            self.store.set_setting(SEATS_SETTING, kept)
        self.listeners.notify()

    def revoke(self, game_id: str) -> None:
        """The old code stops working and every seat is released; a new code is made when next asked."""
        with self._lock:
            codes = dict(self.store.setting(INVITES_SETTING) or {})
            codes.pop(game_id, None)
            self.store.set_setting(INVITES_SETTING, codes)
        self.release(game_id)  # tells the listeners
