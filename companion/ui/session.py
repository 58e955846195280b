"""What one browser session holds: the shared store and games, its role, theme and seats.

Every screen receives the session's `App`; screens import it from here (app.py serves them).

Rights. Who a device is comes from the connection the server accepted (identity.py), never from a
page property the browser can write. What a session may do is decided again at every use:

- `is_host()`: every screen and every tableau. A browser on this machine (unless
  TABLESIDE_LOCAL_IS_HOST=0), or one that entered the PIN in force now: a PIN set or changed
  after it connected ends its host rights unless it entered the new one (or set it: `set_pin`).
  A browser that entered it keeps a host grant (host_grants.py): a new session of that browser
  shows it first (`restore_rights`) and is the host without the PIN; `lock_device` ends it.
- `seat_valid()`: a phone that joined by invite (`hold_seat`) holds its seat while its grant
  does: released, revoked or its game deleted, and it holds nothing.
- `take_seat(code, player)`: a seat is the host's to give (invites.py). A device the host released
  from a seat of this game (known by the grants it held or its browser keeps, and by its
  connection's address), or one holding a seat of it already, asks the host instead; the host
  answers on the invite screen (`answer_request`), and an approved device takes its seat.
- `may_open(pattern, params)`: whether a route may be shown (app.Root asks at every drawing).
- `may_change(game_id, seat)`: "" when an action on that game (from that seat's screen) may be
  applied now, or the sentence that refuses it; LiveGame.act/undo ask it under the game's lock.
- `on_rights_changed`: callbacks (message) -> None, run in this session's own context when
  another session changed what this one may do (a PIN set, its seat released, its invite
  revoked), or when an action found a right gone; app.py redraws the screen there.
"""

from __future__ import annotations

import asyncio
import contextvars
import itertools
import logging
from collections.abc import Callable, Iterable, Sequence

import flet as ft

from companion.access import rights
from companion.access.gate import Gate, hash_pin, new_pin
from companion.access.host_grants import PREFERENCE_KEY, HostGrants
from companion.access.identity import LOCAL_IS_HOST, address_of, on_this_machine
from companion.access.invites import SEAT_PREFERENCE, Invites, Seat, address_mark, grant_mark
from companion.data import changes
from companion.data.ids import route_id
from companion.data.store import GameStore
from companion.server import memory
from companion.server.admission import mark_unlocked
from companion.server.network import Network
from companion.server.uploads import Uploads
from companion.services.games import Games
from companion.services.live import GameHub
from companion.services.players_admin import PlayersAdmin
from companion.services.remembered import Remembered

THEME_SETTING = "theme.dark"  # the store's setting: True when devices that chose nothing start dark
THEME_PREFERENCE = "tableside.theme"  # a device's own choice ("dark" or "light"), kept by its browser
PHONE_MAX_WIDTH = 700  # narrower than this: one player at a time
BROWSER_ANSWERS_WITHIN = 3.0  # seconds: a browser that does not say what it keeps is taken to keep nothing
__all__ = ["LOCAL_IS_HOST", "PHONE_MAX_WIDTH", "THEME_SETTING", "App", "on_this_machine"]


log = logging.getLogger("tableside")


class App:
    """What every screen of one browser session shares."""

    def __init__(
        self,
        page: ft.Page,
        store: GameStore,
        hub: GameHub,
        gate: Gate,
        invites: Invites,
        join_urls: Sequence[str] = (),
        lan: bool = False,
        grants: HostGrants | None = None,
        uploads: Uploads | None = None,
        network: Network | None = None,
        standalone: bool = False,
    ):
        self.page = page
        # Running in the browser itself (companion/standalone): one device, no server, so no invites and no PIN.
        self.standalone = standalone
        self.uploads = uploads  # where an imported file arrives (None: this server takes no files)
        self.network = network or Network(join_urls, lan)  # shared by every session of the server
        self.store = store  # for the services below and the play screens: other screens reach it through the services
        self.hub = hub
        self.games = Games(store, hub)
        self.players_admin = PlayersAdmin(store)
        self.remembered = Remembered(store)
        self.gate = gate
        self.invites = invites
        self.address = address_of(page)  # the connection's, never the browser's word (identity.py)
        self.local = on_this_machine(self.address)
        # The host: a browser on the serving machine itself, or one that entered the PIN in force.
        # Anyone else sees the PIN screen, or, holding an invite, one game at one seat (`guest`).
        self._entered: object | None = None  # the PIN (its hash) this session entered or set
        self.grants = grants or HostGrants(store, gate)
        self._host_grant: str | None = None  # what this browser keeps of the host's unlock (host_grants.py)
        self.guest: Seat | None = None
        self._grant: str | None = None  # what holds the guest's seat (Invites.seat_of)
        self._code = ""  # the invitation it came by
        self._kept: set[str] = set()  # seat grants this browser showed it keeps (views/join.py), held or not
        self._asked: tuple[str, str, str] | None = None  # (game, seat, request id): what it asked the host for
        self.on_rights_changed: list[Callable[[str], None]] = []  # see the module's docstring
        try:  # the session's own loop and context (its page): the callbacks run there
            self._loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            self._loop = None
        self._context = contextvars.copy_context()
        self._seen = self._rights()
        gate.listeners.add(self.check_rights)
        invites.listeners.add(self.check_rights)
        # Set by the app's root component: show a route, the current route again, a new width.
        self.show_route: Callable[[str], None] = lambda route: None
        self.rebuild: Callable[[], None] = lambda: None
        self.resized: Callable[[], None] = lambda: None
        self.dark = store.setting(THEME_SETTING) is True  # the server's default, until the browser says its own choice
        self.recovery_seen: set[str] = set()  # the store's notices this session dismissed on the home screen
        self.connected = True
        self._subscription_keys = itertools.count()
        self._wanted: dict[int, tuple[tuple[str, ...], Callable[[], None]]] = {}  # what this session's screens draw from
        self._held: dict[int, Callable[[], None]] = {}  # their subscriptions while the browser is connected
        self._wakelock: ft.Wakelock | None = None
        self._preferences: ft.SharedPreferences | None = None
        self.file_picker: ft.FilePicker | None = None  # made on first use by views/import_export.file_picker

    @property
    def join_urls(self) -> list[str]:
        """How other devices reach this server, e.g. http://192.168.1.20:8550."""
        return self.network.join_urls

    @property
    def lan(self) -> bool:
        """Served to the local network (phones can reach it), not only to this machine."""
        return self.network.lan

    async def open_to_wifi(self) -> tuple[str, str]:
        """The host lets phones on this Wi-Fi join (network.py): (why not, or "", the PIN made for it, or "").
        Served to the network, the table needs a PIN: without one, one is made and set first, so no
        device on the network is ever the host without it; this session, which set it, stays the host."""
        if not self.is_host():
            return rights.HOST_ONLY, ""
        if self.lan:
            return "", ""
        made = "" if self.gate.required else new_pin()
        if made:
            await self.set_pin(made)
        why = await self.network.open_to_wifi(made)
        if why and made:
            await self.set_pin(None)  # not served to the network after all: as it was
        self.store.changes.publish([changes.SETTINGS])  # every invite and settings screen shows the new links
        return why, "" if why else made

    # -- what this session's screens draw from (changes.py) ----------------------------------

    def subscribe(self, topics: Iterable[str], redraw: Callable[[], None]) -> Callable[[], None]:
        """Run `redraw` in this session after each change of one of `topics`, while its browser is
        connected; returns what ends it (a screen that leaves). Reconnected, every redraw runs once."""
        key = next(self._subscription_keys)
        self._wanted[key] = (tuple(topics), redraw)
        if self.connected:
            self._hold(key)

        def end() -> None:
            self._wanted.pop(key, None)
            release = self._held.pop(key, None)
            if release is not None:
                release()

        return end

    def _hold(self, key: int) -> None:
        topics, redraw = self._wanted[key]
        page = self.page

        async def in_this_session() -> None:
            redraw()

        def deliver() -> None:
            if not self.connected:
                return
            if self._publishing_here():  # this session made the change: its own screen is drawn first, now
                redraw()
                return
            try:  # a copy of the context: run_task binds this session's page to it, not to the sender's
                contextvars.copy_context().run(page.run_task, in_this_session)
            except Exception:  # the browser left meanwhile (Flet may have dropped its session: not read here)
                log.debug("a change could not reach a session that ended", exc_info=True)

        self._held[key] = self.store.changes.subscribe(topics, deliver)

    def _publishing_here(self) -> bool:
        """Whether the code running now is this session's own (its tap made the change being published)."""
        try:
            return ft.context.page is self.page
        except RuntimeError:  # a worker thread, or another app's code: no page of ours
            return False

    def disconnected(self) -> None:
        """The browser left (closed, reloaded, asleep): this session stops hearing of changes at once."""
        self.connected = False
        for release in self._held.values():
            release()
        self._held.clear()

    def reconnected(self) -> None:
        """The same browser came back within Flet's window: subscribe again and redraw from the stored state."""
        self.connected = True
        for key in list(self._wanted):
            if key not in self._held:
                self._hold(key)
        for _, redraw in list(self._wanted.values()):
            redraw()

    def closed(self) -> None:
        """Flet dropped the session: nothing of it stays subscribed, and its memory goes back to the system."""
        self.disconnected()
        self._wanted.clear()
        memory.give_back_soon()

    @property
    def preferences(self) -> ft.SharedPreferences:
        """The browser's own storage (a phone's seat survives a closed tab there)."""
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
        return self._preferences

    @property
    def device_key(self) -> str:
        """Who is guessing PINs: the device's transport address (a new tab is the same device)."""
        return self.address

    # -- rights ---------------------------------------------------------------------------

    @property
    def authorized(self) -> bool:
        """The host (read-only: a session becomes the host by `enter_pin` or `set_pin`)."""
        return self.is_host()

    def is_host(self) -> bool:
        pin = self.gate.pin
        return pin is None or self.local or (self._entered is not None and self._entered in self.gate.forms_in_force())

    async def enter_pin(self, guess: str) -> tuple[bool, str]:
        """Check a PIN typed on the PIN screen: (accepted, what to tell the person)."""
        pin = self.gate.pin  # before the check: a PIN changed meanwhile is asked for again
        # In a thread: the hash takes 50-90 ms, during which the other sessions' events go on.
        accepted, why = await asyncio.to_thread(self.gate.check, self.device_key, guess)
        if accepted:
            self._entered = pin
            mark_unlocked(self.page)  # no longer counted among the sessions waiting for the PIN
            self._seen = self._rights()
            self.page.run_task(self.remember_host)
        return accepted, why

    async def set_pin(self, pin: str | None) -> None:
        """Set or remove the table's PIN (the settings); this session, which chose it, stays the host
        (and its browser gets a grant for the new PIN: every grant given before ends with the old one)."""
        hashed = await asyncio.to_thread(hash_pin, pin) if pin else None  # (off the event loop, as enter_pin)
        self._entered = hashed
        self.gate.set_pin_hash(hashed)
        self.page.run_task(self.remember_host)

    # -- the host's unlock, kept by the browser (host_grants.py) -----------------------------

    @property
    def unlocked_here(self) -> bool:
        """The host by the PIN (entered, set or kept by this browser), not by being on this machine."""
        return self.gate.required and not self.local and self.is_host()

    async def remember_host(self) -> None:
        """After the PIN: the browser keeps a grant, so a new session of it is the host without the PIN."""
        if not self.unlocked_here:
            return
        grant = self.grants.issue()
        self._host_grant = grant
        try:
            await asyncio.wait_for(self.preferences.set(PREFERENCE_KEY, grant), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser left, or keeps nothing: the PIN is asked for next time
            log.info("the browser did not keep the host grant: %s", type(e).__name__)

    async def restore_rights(self) -> bool:
        """At a session's start: the host again if the browser keeps a grant that holds. Whether it is."""
        if self.is_host() or not self.gate.required:
            return False
        try:
            grant = await asyncio.wait_for(self.preferences.get(PREFERENCE_KEY), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser left or did not answer: the PIN screen, as without a grant
            log.info("the browser did not say whether it keeps a host grant: %s", type(e).__name__)
            return False
        if not self.grants.holds(grant):
            return False
        self._entered, self._host_grant = self.gate.pin, str(grant)
        mark_unlocked(self.page)  # no longer counted among the sessions waiting for the PIN
        self._seen = self._rights()
        return True

    async def lock_device(self) -> None:
        """'Lock this device': this session needs the PIN again, and so does every later one of this browser."""
        if self._host_grant is not None:
            self.grants.revoke(self._host_grant)
        self._entered, self._host_grant = None, None
        try:
            await asyncio.wait_for(self.preferences.remove(PREFERENCE_KEY), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # revoked here already: a copy the browser kept opens nothing
            log.info("the browser did not forget the host grant: %s", type(e).__name__)
        self._seen = self._rights()
        self._rights_changed(rights.DEVICE_LOCKED)

    def hold_seat(self, code: str, grant: object) -> Seat | None:
        """Seat this session (not the host) where `grant` holds, for the game invitation `code` names."""
        seat = self.invites.seat_of(grant)
        if seat is None or self.invites.game_of(code) != seat.game:
            return None
        self.guest, self._grant, self._code = seat, str(grant), code
        self._seen = self._rights()
        return seat

    # -- taking a seat: the host's to give (invites.py) ----------------------------------------

    def kept_grant(self, grant: object) -> None:
        """The seat grant this browser keeps (whatever it is: a released one marks this device)."""
        if isinstance(grant, str) and 0 < len(grant) <= 200:
            self._kept.add(grant)

    def device_marks(self) -> list[str]:
        """What this device is known by when a seat is released: the grants it held or keeps, and its
        connection's address (the server's word: identity.py)."""
        grants = sorted({*self._kept, *([self._grant] if self._grant else [])})
        return [*map(grant_mark, grants), *([m] if (m := address_mark(self.address)) else [])]

    def held_back(self, game_id: str) -> bool:
        """Whether this session must ask the host for a seat of `game_id` (the host never does)."""
        if self.is_host():
            return False
        holds = self.seat_valid() and self.guest is not None and self.guest.game == game_id
        return holds or self.invites.released(game_id, self.device_marks())

    async def read_kept_grant(self, game_id: str) -> object:
        """The seat grant this browser keeps for `game_id` (None when it keeps none or does not answer)."""
        try:
            grant = await asyncio.wait_for(self.preferences.get(SEAT_PREFERENCE + game_id), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser left or did not answer: it is known by its address and session still
            log.info("the browser did not say whether it keeps a seat: %s", type(e).__name__)
            return None
        self.kept_grant(grant)
        return grant

    async def take_seat(self, code: str, player: str) -> tuple[str | None, str]:
        """Tap "I am <player>": (the seat's grant, "") when taken; else (None, what to tell the person):
        the request made to the host, or why not. Decided here, on the server, at every tap."""
        game_id = self.invites.game_of(code)
        if game_id is None or self.store.get(game_id) is None:
            return None, rights.INVITE_REVOKED
        if not self.is_host():
            await self.read_kept_grant(game_id)
            if self.held_back(game_id):
                had = self.guest.player if self.seat_valid() and self.guest is not None and self.guest.game == game_id else ""
                request = self.invites.ask(game_id, player, self.device_marks(), had)
                if request is None:
                    return None, rights.INVITE_REVOKED
                self._asked = (game_id, player, request)
                log.info("a device held back from %s asked the host for a seat", game_id)
                return None, rights.SEAT_ASKED.format(player)
        grant = self.invites.claim(code, player, device=address_mark(self.address))
        if grant is None:
            return None, rights.SEAT_TAKEN.format(player)
        self._asked = None
        return grant, ""

    def seat_request(self, game_id: str) -> tuple[str, str]:
        """(state, seat) of what this session asked the host for in `game_id`: state is "" (nothing
        asked), "waiting", "approved" (the seat may be taken now) or "refused"."""
        if self._asked is None or self._asked[0] != game_id:
            return "", ""
        _, seat, request = self._asked
        if self.invites.waiting(game_id, request):
            return "waiting", seat
        return ("approved" if self.invites.approved(request) and not self.held_back(game_id) else "refused"), seat

    def answer_request(self, game_id: str, request_id: str, approve: bool) -> str:
        """The host approves or refuses a device's request: "" when done, else why not."""
        if not self.is_host():
            return rights.HOST_ONLY
        self.invites.answer(game_id, request_id, approve)
        return ""

    def release_seat(self, game_id: str, player: str) -> str:
        """The host frees a seat (the phone on it is held back from the game's seats): "" or why not."""
        if not self.is_host():
            return rights.HOST_ONLY
        self.invites.release(game_id, player)
        return ""

    def revoke_invite(self, game_id: str) -> str:
        """The host ends the game's invitation (a new code next): "" or why not."""
        if not self.is_host():
            return rights.HOST_ONLY
        self.invites.revoke(game_id)
        return ""

    def seat_lost(self) -> str:
        """Why this session no longer holds its seat ("" while it does, or when it has none)."""
        if self.guest is None:
            return ""
        if self.store.get(self.guest.game) is None:
            return rights.GAME_GONE
        if self.invites.seat_of(self._grant) == self.guest:
            return ""
        if self.invites.game_of(self._code) != self.guest.game:
            return rights.INVITE_REVOKED
        return rights.SEAT_RELEASED

    def seat_valid(self) -> bool:
        return self.guest is not None and not self.seat_lost()

    @property
    def join_route(self) -> str | None:
        """The invitation this phone came by (where it picks a seat again), None for the host."""
        return f"/join/{self._code}" if self.guest is not None else None

    @property
    def seat_route(self) -> str | None:
        """A guest's own play screen, where every Back of its screens leads (None for the host): the
        rest of the app is the PIN screen to a guest, so Back never goes there."""
        if self.guest is None or self.is_host() or not self.seat_valid():
            return None
        return f"/join/{route_id(self._code)}/{route_id(self.guest.player)}"

    def may_open(self, pattern: str, params: dict[str, str]) -> bool:
        """Whether this session may see the route `pattern` (app.routes) with `params` now."""
        if self.is_host() or pattern == "/join/:code":
            return True
        seat = self.guest
        if seat is None or not self.seat_valid():
            return False
        if pattern == "/join/:code/:seat":
            return self.invites.game_of(params["code"]) == seat.game and params["seat"] == seat.player
        return pattern == "/results/:id" and params["id"] == seat.game

    def may_change(self, game_id: str, seat: str | None = None) -> str:
        """Nothing ("") when this session may change game `game_id` now, from a screen of `seat` (None:
        the host's screen); else the sentence that refuses it (and the screen is redrawn)."""
        if self.is_host():
            return ""
        if seat is None:
            why = rights.PIN_NEEDED
        elif self.guest != Seat(game_id, seat):
            why = rights.NOT_YOUR_SEAT
        else:
            why = self.seat_lost()
        if why:
            self.check_rights()
        return why

    def _rights(self) -> tuple[bool, bool]:
        return self.is_host(), self.seat_valid()

    def check_rights(self) -> None:
        """Compare what this session may do with what it could; on a change, run on_rights_changed
        (in this session's loop and context, whichever thread or session changed it)."""
        was_host, had_seat = self._seen
        self._seen = host, seat = self._rights()
        if (host, seat) == (was_host, had_seat):
            return
        message = rights.PIN_NEEDED if was_host and not host else (self.seat_lost() if had_seat and not seat else "")
        if self._loop is None or self._loop.is_closed():
            self._rights_changed(message)
        else:
            self._loop.call_soon_threadsafe(self._rights_changed, message, context=self._context)

    def _rights_changed(self, message: str) -> None:
        for callback in list(self.on_rights_changed):
            try:
                callback(message)
            except Exception:
                log.exception("a screen could not follow a change of rights")

    @property
    def wide(self) -> bool:
        return (self.page.width or 0) >= PHONE_MAX_WIDTH

    def go(self, route: str) -> None:
        self.page.navigate(route)

    def notify(self, message: str, error: bool = False) -> None:
        self.page.show_dialog(
            ft.SnackBar(
                ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
                bgcolor=ft.Colors.ERROR if error else None,
                duration=4000,
            )
        )

    def keep_awake(self) -> None:
        """Keep the screen on during a game, where the browser allows it (once per session)."""
        if self._wakelock is not None:
            return
        wakelock = self._wakelock = ft.Wakelock()  # registers itself with the page; the reference keeps it alive

        async def enable() -> None:
            try:
                await wakelock.enable()
            except Exception as e:  # a browser may refuse (no user gesture yet, or no support)
                log.info("wakelock not available: %s", e)

        self.page.run_task(enable)

    @property
    def device(self) -> str:
        """Who this session is when it changes a game (undo takes back only its own actions)."""
        return f"host:{self.page.session.id}"

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return ft.ThemeMode.DARK if self.dark else ft.ThemeMode.LIGHT

    @property
    def default_dark(self) -> bool:
        return self.store.setting(THEME_SETTING) is True

    def set_default_theme(self, dark: bool) -> None:
        """The theme of devices that chose none (the host's Settings): this device's own choice stays."""
        self.store.set_setting(THEME_SETTING, dark)

    def toggle_theme(self) -> None:
        """This device's own theme: kept by its browser, so no other device changes with it."""
        self.dark = not self.dark
        self.page.theme_mode = self.theme_mode
        self.page.run_task(self._keep_theme, "dark" if self.dark else "light")

    async def _keep_theme(self, choice: str) -> None:
        try:
            await asyncio.wait_for(self.preferences.set(THEME_PREFERENCE, choice), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # the browser keeps nothing: this session stays so, a reload starts from the default
            log.info("the browser did not keep the theme: %s", type(e).__name__)

    async def restore_theme(self) -> bool:
        """At a session's start: the device's own theme, if its browser keeps one. Whether it changed."""
        try:
            choice = await asyncio.wait_for(self.preferences.get(THEME_PREFERENCE), BROWSER_ANSWERS_WITHIN)
        except Exception as e:  # no answer: the server's default
            log.info("the browser did not say its theme: %s", type(e).__name__)
            return False
        if choice not in ("dark", "light") or (choice == "dark") == self.dark:
            return False
        self.dark = choice == "dark"
        return True
