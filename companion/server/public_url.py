"""`tableside serve --public-url http://club.local/t2/`: the address browsers use to reach this process
through a reverse proxy (docs/scaling.md, "Behind a reverse proxy").

The guard (guard.py) then also admits that URL's `host[:port]` as Host and its origin as Origin (and
nothing else besides its own addresses), the page's Content-Security-Policy names its websocket
(`wss://` behind HTTPS), and invitations, their QR codes and the BG Stats short links start with it.
"""

from __future__ import annotations

import ipaddress
import re
import urllib.parse
from dataclasses import dataclass

DEFAULT_PORTS = {"http": 80, "https": 443}
HOST_NAME = re.compile(r"[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*\.?")


@dataclass(frozen=True)
class PublicUrl:
    scheme: str  # "http" or "https"
    name: str  # lower case; an IPv6 address in brackets
    port: int
    path: str  # "" or "/t2": what the links put after the host

    @property
    def host(self) -> str:
        """As a browser sends it in Host: the port left out when it is the scheme's default."""
        return self.name if self.port == DEFAULT_PORTS[self.scheme] else f"{self.name}:{self.port}"

    @property
    def origin(self) -> str:
        return f"{self.scheme}://{self.host}"

    @property
    def base(self) -> str:
        """The links' base, e.g. http://club.local/t2 (an invitation is <base>/join/<code>)."""
        return self.origin + self.path

    @property
    def websocket(self) -> str:
        """The websocket's origin for the Content-Security-Policy."""
        return f"{'wss' if self.scheme == 'https' else 'ws'}://{self.host}"

    @property
    def hosts(self) -> set[str]:
        """Every Host header naming it: a client may also write the default port out."""
        return {self.host, f"{self.name}:{self.port}"}


def parse(text: str, prefix: str = "") -> PublicUrl:
    """The public URL of `text`, or ValueError saying what is wrong with it (one sentence).
    With `prefix` ("t2") its path must be /t2/: the page names its base href /t2/, so a proxy must
    keep that path as it is; without, its path must be /."""
    try:
        parts = urllib.parse.urlsplit(text.strip())
        port = parts.port  # ValueError when not a number in 0-65535
    except ValueError:
        raise ValueError(f"a --public-url is http://HOST[:PORT]/PATH/, not {text!r}") from None
    scheme = parts.scheme.lower()
    if scheme not in DEFAULT_PORTS:
        raise ValueError(f"a --public-url starts with http:// or https://, not {text!r}")
    if "@" in parts.netloc or parts.query or parts.fragment or "?" in text or "#" in text:
        raise ValueError(f"a --public-url has no user name, query or fragment: {text!r}")
    name = (parts.hostname or "").lower()
    if not name:
        raise ValueError(f"a --public-url names a host: {text!r}")
    try:
        address = ipaddress.ip_address(name)
        host = f"[{address}]" if address.version == 6 else str(address)
    except ValueError:
        if HOST_NAME.fullmatch(name) is None or len(name) > 253:
            raise ValueError(f"a --public-url's host is a name or an IP address, not {name!r}") from None
        host = name
    if port == 0:
        raise ValueError(f"a --public-url's port is 1 to 65535: {text!r}")
    wanted = f"/{prefix}" if prefix else ""
    if parts.path not in (wanted, wanted + "/"):
        if prefix:
            raise ValueError(f"a --public-url's path must be /{prefix}/, the --prefix")
        raise ValueError("a --public-url with a path needs that --prefix (the path /NAME/)")
    return PublicUrl(scheme, host, port or DEFAULT_PORTS[scheme], wanted)
