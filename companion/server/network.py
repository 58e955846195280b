"""This machine's addresses on the local network, for phones at the table to reach the server."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import socket
import subprocess
from collections.abc import Awaitable, Callable, Sequence

from companion.access.identity import is_loopback
from companion.language import N_, _

log = logging.getLogger("tableside")


def lan_addresses() -> list[str]:
    """IPv4 addresses of this machine other than loopback, private ranges first. Sends no traffic."""
    found: set[str] = set()
    try:
        out = subprocess.run(["ip", "-4", "-o", "addr", "show", "scope", "global"], capture_output=True, text=True, timeout=2).stdout
        found.update(line.split()[3].split("/")[0] for line in out.splitlines() if len(line.split()) > 3)
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        found.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    except OSError:
        pass
    addresses = [a for a in found if not is_loopback(a)]
    return sorted(addresses, key=lambda a: (not ipaddress.ip_address(a).is_private, a))


def beyond_this_machine(host: str) -> bool:
    """Whether serving on `host` lets other devices in (every interface, or an address not loopback)."""
    if host in ("0.0.0.0", "::", ""):
        return True
    if host == "localhost":
        return False
    return not is_loopback(host)  # a name other than localhost: it may resolve to anything


def serving_banner(host: str, port: int, pin_set: bool, under: str = "") -> list[str]:
    """What `tableside serve` prints: where to open the app, and a warning when the whole LAN can.
    `under`: the path prefix (`serve --prefix t2`: "/t2")."""
    page = f"{under}/" if under else ""
    if host not in ("0.0.0.0", "::", ""):
        return [f"Tableside is serving http://{host}:{port}{page}"]
    lines = [f"Tableside is serving on every network interface, port {port}:", f"  on this machine: http://127.0.0.1:{port}{page}"]
    lines += [f"  on the local network: http://{a}:{port}{page}" for a in lan_addresses()]
    lines.append(
        "Anyone on this network can reach Tableside: each browser must enter the PIN."
        if pin_set
        else "Warning: anyone on this network can open Tableside."
    )
    return lines


def serving_words(lan: bool, pin_required: bool, local_is_host: bool) -> list[str]:
    """What the settings say about how this server is serving and what a PIN does there (README, Security)."""
    here = (
        _("A browser on this machine is the host without the PIN.")
        if local_is_host
        else _("Browsers on this machine enter the PIN too (TABLESIDE_LOCAL_IS_HOST=0).")
    )
    if lan:
        return [
            _("Serving to the local network: other devices on it can reach Tableside."),
            _("Each of them must enter the PIN; a phone with an invitation plays its own seat without it.") + " " + here,
            _("While serving to the network the PIN can be changed, not removed."),
        ]
    what_pin_does = (
        _("A PIN changes nothing until you serve to the network (tableside --host 0.0.0.0), where every other device must enter it.")
        if local_is_host
        else _("With a PIN, every browser must enter it.")
    )
    return [
        _("Serving on this machine only: no other device can reach Tableside."),
        here + " " + what_pin_does + (" " + _("The PIN can be removed.") if pin_required else ""),
    ]


NO_LISTENER = N_("This server cannot open a listener for the Wi-Fi here: start it with  tableside --host 0.0.0.0.")
NO_NETWORK = N_("This machine has no address on a local network: connect it to the Wi-Fi, then try again.")

Opener = Callable[[], Awaitable[list[str]]]


class Network:
    """How other devices reach this server, one for every session: the links an invitation shows,
    whether the server is served beyond this machine (`lan`), and the listener for the local network
    the host can open from the invite screen while it is not (server/wifi.py: the same app, the same
    store, in the same process, so one game has one truth)."""

    def __init__(self, join_urls: Sequence[str] = (), lan: bool = False, opener: Opener | None = None):
        self.join_urls = list(join_urls)  # e.g. http://192.168.1.20:8550; the invite screen shows the first
        self.lan = lan
        self.opener = opener  # opens the listener; its links (None: this server cannot, e.g. in tests)
        self._opening: asyncio.Lock | None = None

    @property
    def can_open(self) -> bool:
        return not self.lan and self.opener is not None

    async def open_to_wifi(self, pin_made: str = "") -> str:
        """Listen on this machine's local network addresses too: "" once it does, else why not (in words).
        `pin_made`: the PIN made for it (printed where the server runs, as `tableside serve` prints one)."""
        if self.lan:
            return ""
        if self.opener is None:
            return _(NO_LISTENER)
        self._opening = self._opening or asyncio.Lock()
        async with self._opening:  # two taps at once open one listener
            if self.lan:
                return ""
            try:
                urls = await self.opener()
            except OSError as e:
                log.warning("could not listen on the local network: %s", e)
                return _("Could not listen on the local network: {reason}.").format(reason=e.strerror or e)
            if not urls:
                return _(NO_NETWORK)
            self.join_urls, self.lan = urls, True
        print("Phones on the local network can join now:", *urls, flush=True)
        if pin_made:
            print(f"PIN for this table: {pin_made}  (other devices ask for it; change it in Settings)", flush=True)
        return ""
