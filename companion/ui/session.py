"""What one browser session holds: the shared store and games, its role, theme and seats.

Every screen receives the session's `App`; screens import it from here (bootstrap.py makes one per
session). App composes one module per job and keeps the methods the screens call:

    subscriptions.py    change delivery: what the screens draw from, redrawn while connected
    host_unlock.py      the host by the PIN, and the grant the browser keeps of it
    session_rights.py   host, guest at a seat or neither: what may be opened and changed, told on a change
    seat_requests.py    taking a seat, asking the host for one, the host's answers
    theme.py            the server's default theme and the device's own
    preferences.py      what the browser keeps (theme, host grant, seat), with a time limit

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

import logging
from collections.abc import Callable, Iterable, Sequence

import flet as ft

from companion.access import rights
from companion.access.gate import Gate, new_pin
from companion.access.host_grants import HostGrants
from companion.access.identity import LOCAL_IS_HOST, address_of, on_this_machine
from companion.access.invites import Invites
from companion.data import changes
from companion.data.store import GameStore
from companion.language import _
from companion.server import memory
from companion.server.network import Network
from companion.server.uploads import Uploads
from companion.services.games import Games
from companion.services.live import GameHub
from companion.services.players_admin import PlayersAdmin
from companion.services.remembered import Remembered
from companion.ui.host_unlock import HostUnlock
from companion.ui.language import Language
from companion.ui.preferences import BrowserPreferences
from companion.ui.seat_requests import SeatRequests
from companion.ui.session_rights import SessionRights
from companion.ui.subscriptions import Subscriptions
from companion.ui.theme import THEME_PREFERENCE, THEME_SETTING, Theme

PHONE_MAX_WIDTH = 700  # narrower than this: one player at a time
__all__ = ["LOCAL_IS_HOST", "PHONE_MAX_WIDTH", "THEME_PREFERENCE", "THEME_SETTING", "App", "on_this_machine"]


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
        self.grants = grants or HostGrants(store, gate)
        self.preferences = BrowserPreferences()
        # The host: a browser on the serving machine itself, or one that entered the PIN in force.
        # Anyone else sees the PIN screen, or, holding an invite, one game at one seat (`guest`).
        self.host = HostUnlock(page, gate, self.grants, self.preferences, self.local)
        self.rights = SessionRights(self.host, invites, store)
        self.seats = SeatRequests(self.rights, invites, store, self.preferences, self.address)
        gate.listeners.add(self.rights.check)
        invites.listeners.add(self.rights.check)
        self.subscriptions = Subscriptions(page, store.changes)
        self.theme = Theme(page, store, self.preferences)
        self.language = Language(page, self.preferences)
        self.on_disconnect: list[Callable[[], None]] = []  # run when the browser leaves: a screen's timer stops (widgets/game_clock.py)
        # Set by the app's root component: show a route, the current route again, a new width.
        self.show_route: Callable[[str], None] = lambda route: None
        self.rebuild: Callable[[], None] = lambda: None
        self.resized: Callable[[], None] = lambda: None
        # The browser's text scale (its font size: 2.0 at 200 %), as widgets/text_probe.py measures it; 1.0 until then.
        self.text_scale = 1.0
        self.recovery_seen: set[str] = set()  # the store's notices this session dismissed on the home screen
        self._wakelock: ft.Wakelock | None = None
        self.file_picker: ft.FilePicker | None = None  # for downloads: made on first use by views/import_export.file_picker

    # -- the network ------------------------------------------------------------------------

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
            return _(rights.HOST_ONLY), ""
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

    # -- what this session's screens draw from (subscriptions.py) ------------------------------

    @property
    def connected(self) -> bool:
        return self.subscriptions.connected

    @property
    def visits(self) -> int:
        """How many times this session's browser came back after leaving (Subscriptions.reconnected)."""
        return self.subscriptions.visits

    def subscribe(self, topics: Iterable[str], redraw: Callable[[], None]) -> Callable[[], None]:
        """Run `redraw` in this session after each change of one of `topics` (Subscriptions.subscribe)."""
        return self.subscriptions.subscribe(topics, redraw)

    def disconnected(self) -> None:
        self.subscriptions.disconnected()
        for stop in list(self.on_disconnect):
            stop()

    def reconnected(self) -> None:
        self.subscriptions.reconnected()

    def closed(self) -> None:
        """Flet dropped the session: nothing of it stays subscribed, and its memory goes back to the system."""
        self.subscriptions.closed()
        for stop in list(self.on_disconnect):  # a timer of a session dropped without a disconnect first
            stop()
        memory.give_back_soon(lambda: self.store.changes.last_heard)

    @property
    def device_key(self) -> str:
        """Who is guessing PINs: the device's transport address (a new tab is the same device)."""
        return self.address

    # -- rights: the host (host_unlock.py) ------------------------------------------------------

    @property
    def authorized(self) -> bool:
        """The host (read-only: a session becomes the host by `enter_pin` or `set_pin`)."""
        return self.is_host()

    def is_host(self) -> bool:
        return self.host.is_host()

    @property
    def unlocked_here(self) -> bool:
        return self.host.unlocked_here

    async def enter_pin(self, guess: str) -> tuple[bool, str]:
        """Check a PIN typed on the PIN screen: (accepted, what to tell the person)."""
        accepted, why = await self.host.enter_pin(self.device_key, guess)
        if accepted:
            self.rights.saw_now()
        return accepted, why

    async def set_pin(self, pin: str | None) -> None:
        await self.host.set_pin(pin)

    async def remember_host(self) -> None:
        await self.host.remember()

    async def restore_rights(self) -> bool:
        """At a session's start: the host again if the browser keeps a grant that holds. Whether it is."""
        restored = await self.host.restore()
        if restored:
            self.rights.saw_now()
        return restored

    async def lock_device(self) -> None:
        """'Lock this device': this session needs the PIN again, and so does every later one of this browser."""
        await self.host.lock()
        self.rights.saw_now()
        self.rights.changed(rights.DEVICE_LOCKED)

    # A guest's seat is asked of `rights` (session_rights.py) and changed through `seats` (seat_requests.py)
    # directly, where each is decided: App forwards neither.

    # -- the screen -------------------------------------------------------------------------

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

    # -- the theme (theme.py) -----------------------------------------------------------------

    @property
    def dark(self) -> bool:
        return self.theme.dark

    @property
    def theme_mode(self) -> ft.ThemeMode:
        return self.theme.mode

    @property
    def default_dark(self) -> bool:
        return self.theme.default_dark

    def set_default_theme(self, dark: bool) -> None:
        self.theme.set_default(dark)

    @property
    def black(self) -> bool:
        return self.theme.black

    def choose_theme(self, choice: str) -> None:
        """This device's own theme (one of themes.CHOICES): kept by its browser, so no other device changes with it."""
        self.theme.choose(choice)

    async def restore_theme(self) -> bool:
        return await self.theme.restore()
