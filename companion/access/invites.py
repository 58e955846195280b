"""Invitations and seats: how a phone joins one game as one player, without the PIN.

The host's invite screen shows a code (in a link and a QR code) that names one game and cannot be
guessed. A phone that opens it picks a free seat; the server then holds that session to that seat:
every action it sends must be its player's, and it sees that game and nothing else. The seat is
also given to the phone as a grant (kept in its browser), so a reload or a closed tab returns to it.
The host can release a seat (its grant stops working) and revoke the invite (a new code; every
seat of the game is released). Both are told to `listeners`: a phone that held the seat loses it
at once, at its next action at the latest (session.App.may_change).

A seat is the host's to give. A device whose seat the host released is remembered for that game
(`held_back`): by the grant it held (which its browser may still keep) and by the address of the
connection it claimed from (a phone that forgets its grant comes back from the same address).
Such a device, or one that holds a seat of the game already, takes no seat by itself: its "I am
<name>" becomes a request (`ask`) the host sees on the invite screen and approves or refuses. An
approval forgives the device (and frees the seat it held, if any); a revoked invite forgets every
mark and request of the game: its new code is a new invitation the host hands out.
"""

from __future__ import annotations

import ipaddress
import secrets
import threading
from collections.abc import Iterable
from dataclasses import dataclass

from companion.access.rights import Listeners

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: typed from a screen without doubt
CODE_LENGTH = 10  # 31^10 ≈ 8 × 10^14 codes
INVITES_SETTING = "invites"  # game id → code
SEATS_SETTING = "seats"  # grant → {"game": id, "seat": player, "device": the claiming device's address mark or ""}
RELEASED_SETTING = "seats.released"  # game id → marks of the devices whose seat the host released
REQUESTS_SETTING = "seats.requests"  # game id → {request id: {"seat": player, "marks": [...], "had": player or ""}}
ANSWERS_SETTING = "seats.answers"  # request id → whether the host approved it (the latest MAX_ANSWERS)
MAX_ANSWERS = 200
SEAT_PREFERENCE = "tableside.grant."  # + game id: where a phone's browser keeps its seat's grant
MAX_MARKS = 200  # per game: the oldest are forgotten first
MAX_REQUESTS = 16  # per game, waiting for the host: the oldest are dropped first


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(typed: str) -> str:
    """A code as typed: case, spaces and dashes do not matter."""
    return "".join(ch for ch in typed.upper() if ch.isalnum())


def grant_mark(grant: str) -> str:
    return "grant:" + grant


def address_mark(address: str) -> str:
    """How a device is remembered by its connection's address ("" when that would name several devices:
    this machine's browsers share the loopback address, and an address unknown is no address)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return ""
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return "" if ip.is_loopback or ip.is_unspecified else f"address:{ip}"


@dataclass(frozen=True)
class Seat:
    game: str
    player: str


@dataclass(frozen=True)
class Request:
    """A device asking the host for a seat (see the module's docstring)."""

    id: str
    game: str
    seat: str
    had: str  # the seat it held in this game before ("" when none)


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

    def code_of(self, game_id: str) -> str | None:
        """The game's invite code, None while it has none (never invited, or revoked)."""
        return (self.store.setting(INVITES_SETTING) or {}).get(game_id)

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

    def claim(self, code: str, player: str, device: str = "") -> str | None:
        """A grant for `player`'s seat, or None when the code is unknown, the seat not in the game or taken.
        `device`: the claiming connection's address_mark, remembered should the host release the seat.
        Whether the device may take a seat by itself is the caller's to check first (session.App.take_seat)."""
        game_id = self.game_of(code)
        stored = self.store.get(game_id) if game_id else None
        if stored is None or player not in stored.players:
            return None
        with self._lock:
            grants = dict(self.store.setting(SEATS_SETTING) or {})
            if any(g["game"] == game_id and g["seat"] == player for g in grants.values()):
                return None
            grant = secrets.token_urlsafe(24)
            grants[grant] = {"game": game_id, "seat": player, "device": device}
            self.store.set_setting(SEATS_SETTING, grants)
            return grant

    def seat_of(self, grant: object) -> Seat | None:
        """The seat a grant holds; `grant` is whatever the browser kept (anything, if tampered with)."""
        if not isinstance(grant, str):
            return None
        found = (self.store.setting(SEATS_SETTING) or {}).get(grant)
        return Seat(found["game"], found["seat"]) if found else None

    def release(self, game_id: str, player: str | None = None) -> None:
        """Free a seat of the game (every seat when `player` is None); the device that held it takes no
        seat of this game again without the host's approval."""
        with self._lock:
            grants = self.store.setting(SEATS_SETTING) or {}
            freed = {k: g for k, g in grants.items() if g["game"] == game_id and player in (None, g["seat"])}
            if freed:
                marks = [m for k, g in freed.items() for m in (grant_mark(k), str(g.get("device") or "")) if m]
                self._remember(game_id, marks)
            self.store.set_setting(SEATS_SETTING, {k: g for k, g in grants.items() if k not in freed})
        self.listeners.notify()

    def revoke(self, game_id: str) -> None:
        """The old code stops working and every seat is released; a new code is made when next asked,
        and that new invitation is the host's to hand out: no device is held back from it."""
        with self._lock:
            codes = dict(self.store.setting(INVITES_SETTING) or {})
            codes.pop(game_id, None)
            self.store.set_setting(INVITES_SETTING, codes)
            grants = self.store.setting(SEATS_SETTING) or {}
            self.store.set_setting(SEATS_SETTING, {k: g for k, g in grants.items() if g["game"] != game_id})
            for key in (RELEASED_SETTING, REQUESTS_SETTING):
                self.store.set_setting(key, {g: v for g, v in (self.store.setting(key) or {}).items() if g != game_id})
        self.listeners.notify()

    # -- the host's approval (see the module's docstring) --------------------------------------

    def _remember(self, game_id: str, marks: list[str]) -> None:
        """Under the lock: these devices' seats were released."""
        released = dict(self.store.setting(RELEASED_SETTING) or {})
        known = [m for m in released.get(game_id, []) if m not in marks]
        released[game_id] = (known + list(dict.fromkeys(marks)))[-MAX_MARKS:]
        self.store.set_setting(RELEASED_SETTING, released)

    def released(self, game_id: str, marks: Iterable[str]) -> bool:
        """Whether a device known by `marks` had a seat of this game released (and was not forgiven since)."""
        known = set((self.store.setting(RELEASED_SETTING) or {}).get(game_id, []))
        return any(m in known for m in marks if m)

    def ask(self, game_id: str, player: str, marks: Iterable[str], had: str = "") -> str | None:
        """Ask the host for `player`'s seat for a device known by `marks`: the request's id (a device's
        earlier request of this game is replaced), or None when the seat is not in the game."""
        stored = self.store.get(game_id)
        if stored is None or player not in stored.players:
            return None
        marks = [m for m in dict.fromkeys(marks) if m]
        with self._lock:
            requests = dict(self.store.setting(REQUESTS_SETTING) or {})
            mine = {k: r for k, r in (requests.get(game_id) or {}).items() if not set(r["marks"]) & set(marks)}
            request_id = secrets.token_urlsafe(9)
            mine[request_id] = {"seat": player, "marks": marks, "had": had}
            requests[game_id] = dict(list(mine.items())[-MAX_REQUESTS:])
            self.store.set_setting(REQUESTS_SETTING, requests)
        return request_id

    def requests(self, game_id: str) -> list[Request]:
        """The requests of a game still waiting for the host, oldest first."""
        waiting = (self.store.setting(REQUESTS_SETTING) or {}).get(game_id) or {}
        return [Request(k, game_id, r["seat"], r.get("had") or "") for k, r in waiting.items()]

    def waiting(self, game_id: str, request_id: str) -> bool:
        return any(r.id == request_id for r in self.requests(game_id))

    def answer(self, game_id: str, request_id: str, approve: bool) -> Request | None:
        """The host's answer to a request (None: it was answered or withdrawn already). Approved, the
        device is forgiven (its marks forgotten, the seat it held freed) and takes the seat it asked for
        itself, if that is still free; refused, it stays held back."""
        with self._lock:
            requests = dict(self.store.setting(REQUESTS_SETTING) or {})
            mine = dict(requests.get(game_id) or {})
            found = mine.pop(request_id, None)
            if found is None:
                return None
            requests[game_id] = mine
            if approve:
                marks = set(found["marks"])
                released = dict(self.store.setting(RELEASED_SETTING) or {})
                released[game_id] = [m for m in released.get(game_id, []) if m not in marks]
                self.store.set_setting(RELEASED_SETTING, released)
                grants = self.store.setting(SEATS_SETTING) or {}
                self.store.set_setting(SEATS_SETTING, {k: g for k, g in grants.items() if grant_mark(k) not in marks})
            self.store.set_setting(REQUESTS_SETTING, requests)
            answers = {k: v for k, v in (self.store.setting(ANSWERS_SETTING) or {}).items() if k != request_id}
            answers[request_id] = approve
            self.store.set_setting(ANSWERS_SETTING, dict(list(answers.items())[-MAX_ANSWERS:]))
        return Request(request_id, game_id, found["seat"], found.get("had") or "")

    def approved(self, request_id: str) -> bool:
        """Whether the host approved this request (False: refused, withdrawn or never answered)."""
        return (self.store.setting(ANSWERS_SETTING) or {}).get(request_id) is True
