"""Let phones on this Wi-Fi join without a restart: a second listener, opened from the invite screen.

The server starts on 127.0.0.1 (this machine only) unless told otherwise. When the host asks for it
(the invite screen's "Let phones on this Wi-Fi join", network.Network.open_to_wifi), this opens a
listener on each of this machine's local network addresses, on the server's own port where that is
free (else one the system picks), for the same ASGI app (the guard in front of Flet's app) in the
same event loop: the same sessions, store and games, so a game has one truth.

It is a second uvicorn server with the sockets made here and no lifespan of its own (the first
server ran Flet's). uvicorn's `serve` captures SIGINT/SIGTERM while it runs and, once stopped,
restores the handlers it found (the first server's) and raises the signal again: a stop signal
stops this listener, then the first server, each within guard.STOP_WITHIN.

The guard learns the new addresses (a request must name one of the server's own) before the first
connection is accepted. Who is the host does not change: a device's role comes from its connection's
address (access/identity.py), and no address on the network is a loopback one.
"""

from __future__ import annotations

import asyncio
import logging
import socket
import sys
from typing import Any

from companion.language import _
from companion.server.guard import Guard, own_hosts
from companion.server.network import lan_addresses

log = logging.getLogger("tableside")


def bind(address: str, port: int) -> socket.socket:
    """A listening TCP socket on (address, port); port 0: one the system picks."""
    sock = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET, socket.SOCK_STREAM)
    try:
        if sys.platform != "win32":  # on Windows SO_REUSEADDR would let two servers share a port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


class WifiListener:
    def __init__(self, guard: Guard, port: int, options: dict[str, Any], under: str = ""):
        self.guard = guard
        self.port = port
        self.options = options  # uvicorn's options, as the first server was given them
        self.task: asyncio.Task | None = None
        self.under = under  # `serve --prefix t2`: "/t2", in the links

    async def open(self) -> list[str]:
        """Listen on every local network address of this machine: the links that reach it there."""
        import uvicorn

        addresses = await asyncio.to_thread(lan_addresses)  # runs `ip`: not on the event loop
        sockets, urls = [], []
        for address in addresses:
            try:
                sock = bind(address, self.port)
            except OSError:
                try:  # the port is taken on that address (another program): another port
                    sock = bind(address, 0)
                except OSError as e:
                    log.warning("cannot listen on %s: %s", address, e)
                    continue
            port = sock.getsockname()[1]
            self.guard.hosts.update(own_hosts(port, [address]))  # before the first connection
            sockets.append(sock)
            urls.append(f"http://{address}:{port}{self.under}")
        if not sockets:
            return []
        server = uvicorn.Server(uvicorn.Config(self.guard, lifespan="off", **self.options))
        self.task = asyncio.get_running_loop().create_task(server.serve(sockets=sockets))
        while not server.started and not self.task.done():
            await asyncio.sleep(0.02)
        if self.task.done():  # it could not start: its error, in the log
            for sock in sockets:
                sock.close()
            error = self.task.exception() if not self.task.cancelled() else None
            # said on the invite screen (network.Network.open_to_wifi: "Could not listen on the local network: …")
            raise OSError(_("the listener stopped at once ({reason})").format(reason=type(error).__name__ if error else "cancelled"))
        log.info("listening on the local network too: %s", ", ".join(urls))
        return urls
