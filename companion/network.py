"""This machine's addresses on the local network, for phones at the table to reach the server."""

from __future__ import annotations

import ipaddress
import socket
import subprocess


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
    addresses = [a for a in found if not ipaddress.ip_address(a).is_loopback]
    return sorted(addresses, key=lambda a: (not ipaddress.ip_address(a).is_private, a))


def beyond_this_machine(host: str) -> bool:
    """Whether serving on `host` lets other devices in (every interface, or an address not loopback)."""
    if host in ("0.0.0.0", "::", ""):
        return True
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True  # a name: it may resolve to anything


def serving_banner(host: str, port: int, pin_set: bool) -> list[str]:
    """What `tableside serve` prints: where to open the app, and a warning when the whole LAN can."""
    if host not in ("0.0.0.0", "::", ""):
        return [f"Tableside is serving http://{host}:{port}"]
    lines = [f"Tableside is serving on every network interface, port {port}:", f"  on this machine: http://127.0.0.1:{port}"]
    lines += [f"  on the local network: http://{a}:{port}" for a in lan_addresses()]
    lines.append(
        "Anyone on this network can reach Tableside: each browser must enter the PIN."
        if pin_set
        else "Warning: anyone on this network can open Tableside."
    )
    return lines
