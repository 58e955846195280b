"""Taking a seat: the host's to give (invites.py). A device the host released from a seat of a game
(known by the grants it held or its browser keeps, and by its connection's address), or one holding a
seat of it already, asks the host instead; the host answers on the invite screen, and an approved
device takes its seat."""

from __future__ import annotations

import logging

from companion.access import rights
from companion.access.invites import SEAT_PREFERENCE, Invites, address_mark, grant_mark
from companion.data.store import GameStore
from companion.language import _
from companion.ui.preferences import BrowserPreferences
from companion.ui.session_rights import SessionRights

log = logging.getLogger("tableside")


class SeatRequests:
    def __init__(self, rights: SessionRights, invites: Invites, store: GameStore, preferences: BrowserPreferences, address: str):
        self.rights = rights
        self.invites = invites
        self.store = store
        self.preferences = preferences
        self.address = address
        self._kept: set[str] = set()  # seat grants this browser showed it keeps (views/join.py), held or not
        self._asked: tuple[str, str, str] | None = None  # (game, seat, request id): what it asked the host for

    def kept_grant(self, grant: object) -> None:
        """The seat grant this browser keeps (whatever it is: a released one marks this device)."""
        if isinstance(grant, str) and 0 < len(grant) <= 200:
            self._kept.add(grant)

    def device_marks(self) -> list[str]:
        """What this device is known by when a seat is released: the grants it held or keeps, and its
        connection's address (the server's word: identity.py)."""
        held = self.rights.seat_grant
        grants = sorted({*self._kept, *([held] if held else [])})
        return [*map(grant_mark, grants), *([m] if (m := address_mark(self.address)) else [])]

    def _holds_seat_of(self, game_id: str) -> bool:
        guest = self.rights.guest
        return self.rights.seat_valid() and guest is not None and guest.game == game_id

    def held_back(self, game_id: str) -> bool:
        """Whether this session must ask the host for a seat of `game_id` (the host never does)."""
        if self.rights.is_host():
            return False
        return self._holds_seat_of(game_id) or self.invites.released(game_id, self.device_marks())

    async def read_kept_grant(self, game_id: str) -> object:
        """The seat grant this browser keeps for `game_id` (None when it keeps none or does not answer:
        it is known by its address and session still)."""
        grant = await self.preferences.get(SEAT_PREFERENCE + game_id, "whether it keeps a seat")
        self.kept_grant(grant)
        return grant

    async def take_seat(self, code: str, player: str) -> tuple[str | None, str]:
        """Tap "I am <player>": (the seat's grant, "") when taken; else (None, what to tell the person):
        the request made to the host, or why not, in the reader's language. Decided here, on the server, at every tap."""
        game_id = self.invites.game_of(code)
        if game_id is None or self.store.get(game_id) is None:
            return None, _(rights.INVITE_REVOKED)
        if not self.rights.is_host():
            await self.read_kept_grant(game_id)
            if self.held_back(game_id):
                guest = self.rights.guest
                had = guest.player if guest is not None and self._holds_seat_of(game_id) else ""
                request = self.invites.ask(game_id, player, self.device_marks(), had)
                if request is None:
                    return None, _(rights.INVITE_REVOKED)
                self._asked = (game_id, player, request)
                log.info("a device held back from %s asked the host for a seat", game_id)
                return None, _(rights.SEAT_ASKED).format(player=player)
        grant = self.invites.claim(code, player, device=address_mark(self.address))
        if grant is None:
            return None, _(rights.SEAT_TAKEN).format(player=player)
        self._asked = None
        return grant, ""

    def seat_request(self, game_id: str) -> tuple[str, str]:
        """(state, seat) of what this session asked the host for in `game_id`: state is "" (nothing
        asked), "waiting", "approved" (the seat may be taken now) or "refused"."""
        if self._asked is None or self._asked[0] != game_id:
            return "", ""
        __, seat, request = self._asked
        if self.invites.waiting(game_id, request):
            return "waiting", seat
        return ("approved" if self.invites.approved(request) and not self.held_back(game_id) else "refused"), seat

    # -- the host's answers ---------------------------------------------------------------------

    def answer_request(self, game_id: str, request_id: str, approve: bool) -> str:
        """The host approves or refuses a device's request: "" when done, else why not."""
        if not self.rights.is_host():
            return _(rights.HOST_ONLY)
        self.invites.answer(game_id, request_id, approve)
        return ""

    def release_seat(self, game_id: str, player: str) -> str:
        """The host frees a seat (the phone on it is held back from the game's seats): "" or why not."""
        if not self.rights.is_host():
            return _(rights.HOST_ONLY)
        self.invites.release(game_id, player)
        return ""

    def revoke_invite(self, game_id: str) -> str:
        """The host ends the game's invitation (a new code next): "" or why not."""
        if not self.rights.is_host():
            return _(rights.HOST_ONLY)
        self.invites.revoke(game_id)
        return ""
