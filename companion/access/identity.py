"""Who a device is: the address of the connection the server accepted, never what the browser says.

Flet lets its client write page properties, `client_ip` among them (UPDATE_CONTROL_PROPS on the
page, or the page snapshot of REGISTER_CLIENT), so `page.client_ip` is not evidence of anything.
The guard (guard.py) sets TRANSPORT_ADDRESS from the ASGI scope of each websocket before the
app reads a single message; `remember` runs as Flet's `before_main`, while Flet registers a new
session and before it reads the client's next message, and keeps that address in the session's
server-side store, where nothing the client sends can reach it. A reconnected session keeps the
address it was created with (Flet resumes a session only from the same address and browser).
"""

from __future__ import annotations

import hashlib
import ipaddress
import os
from contextvars import ContextVar
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for the annotations only: access works on any object with Flet's page attributes
    import flet as ft

LOCAL_IS_HOST = "TABLESIDE_LOCAL_IS_HOST"  # "0": a browser on this machine needs the PIN too (tests, kiosks)
ADDRESS = "tableside.address"  # the session store's key (server-side: the client cannot write it)
# The client address of the websocket being served (its ASGI scope's `client`), set by the guard
# around the app's handling of that websocket: Flet's handler, its before_main and every task it
# starts for the session (main included) inherit it.
TRANSPORT_ADDRESS: ContextVar[str | None] = ContextVar("tableside_transport_address", default=None)


def remember(page: ft.Page) -> None:
    """Flet's `before_main`: keep the session's transport address."""
    address = TRANSPORT_ADDRESS.get()
    if address is None:  # served without the guard: Flet set client_ip from the socket a moment ago
        address = page.client_ip or ""
    page.session.store.set(ADDRESS, address)


def address_of(page: ft.Page) -> str:
    """The address of the connection that opened this session ("" when unknown: not this machine)."""
    return str(page.session.store.get(ADDRESS) or "")


def is_loopback(address: str) -> bool:
    """Whether `address` is a loopback IP address (this machine); a name or "" is not."""
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def local_is_host() -> bool:
    """Whether a browser on this machine is the host without the PIN (the default)."""
    return os.environ.get(LOCAL_IS_HOST, "1") != "0"


def on_this_machine(address: str | None) -> bool:
    """Whether a browser runs on the serving machine and so is the host (its transport address is a loopback one)."""
    return bool(address) and local_is_host() and is_loopback(str(address))


def device_of(address: str) -> str:
    """The key a device is counted under (PIN tries, waiting sessions, websockets): its address, or
    its /64 for IPv6 (one device can take many addresses in its network); anything that is not an
    address is reduced to a short digest, so that no key is long."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return "other:" + hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()[:16]
    if ip.version == 6:
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)
