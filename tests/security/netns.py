"""Attacks from devices that are not this machine, inside a network namespace of their own.

`python -m tests.security.netns OUT_DIR` must run in a new network namespace (`unshare --net`, as
root): it brings up that namespace's loopback interface, gives it a few more addresses
(10.77.0.x, not loopback addresses, so the server sees other devices), serves Tableside there on
every interface with a PIN (and a browser on the serving machine counting as the host, the
default) and attacks it with raw websocket frames from those addresses. Nothing leaves the
namespace: it has no other interface. It prints what it saw as one JSON object.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path

from companion.access.gate import FREE_TRIES, TRIES_FILE
from companion.server.admission import BUSY, MAX_PENDING_PER_ADDRESS
from companion.server.guard import MAX_SOCKETS_PER_ADDRESS

from .flet_client import Raw, event, page_write, register
from .support import Server

PIN = "246810"
SERVER = "10.77.0.1"
DEVICES = [f"10.77.0.{i}" for i in range(1, 10)]
SPOOFED = {"client_ip": "127.0.0.1", "client_user_agent": "the host's own browser", "_i": 77}


def up() -> None:
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True, timeout=10)
    for address in DEVICES:
        subprocess.run(["ip", "addr", "add", f"{address}/32", "dev", "lo"], check=True, timeout=10)


def visit(server: Server, source: str, route: str, spoof: bool, settle: bool = True) -> Raw:
    """A new session from `source`; spoofed: it claims to be this machine in the same write as it registers.
    `settle`: read on until the server has been quiet for 0.3 s after telling which screen it shows (what
    the screen is classified by); without it, stop at the message that tells (the session is registered)."""
    raw = Raw(server.port, source=source, server="127.0.0.1" if source.startswith("127.") else SERVER)
    frames = [Raw.frame(register(route, SPOOFED if spoof else None))]
    if spoof:
        frames += [Raw.frame(page_write(SPOOFED)), Raw.frame(page_write({"client_ip": "::1"}))]
    raw.send(*frames)
    # Until it is shown something that tells: a loaded server's first answer may hold neither screen.
    telling = {"PIN", BUSY, SHOWN[route]}
    deadline = time.monotonic() + 20
    while not raw.closed and time.monotonic() < deadline and not telling & set(raw.texts()):
        until = max(0.01, deadline - time.monotonic())
        raw.read(quiet=0.3, until=until, first=True, stop=None if settle else lambda texts: bool(telling & set(texts)))
    return raw


SHOWN = {"/": "Lost Cities", "/settings": "Settings", "/history": "History"}  # a text of the screen asked for


def screen(raw: Raw, route: str) -> str:
    """What a session was shown: "busy" (no place left), "in" (the screen asked for: one of its own texts,
    whatever came before it), "pin" (the PIN screen and not the screen asked for) or "nothing" (neither)."""
    texts = raw.texts()
    if BUSY in texts:
        return "busy"
    if SHOWN[route] in texts:  # even after the PIN screen: a session let in by what it claimed later is in
        return "in"
    return "pin" if "PIN" in texts else "nothing"


def roles(server: Server) -> dict:
    seen = {}
    for route in ("/settings", "/history"):
        for spoof in (False, True):
            raw = visit(server, "10.77.0.2", route, spoof)
            seen[f"{route} from another device{' claiming 127.0.0.1' if spoof else ''}"] = screen(raw, route)
            raw.close()
    raw = visit(server, "127.0.0.1", "/settings", spoof=False)
    seen["/settings from this machine"] = screen(raw, "/settings")
    raw.close()
    return seen


def answer(text: str) -> bool:
    return "Wrong PIN" in text or "Too many" in text or "Try again" in text


def guess(server: Server, source: str, pin: str, claimed: str) -> str:
    raw = visit(server, source, "/", spoof=False, settle=False)  # the PIN field is in the message that says PIN
    field = raw.control("TextField", label="PIN")
    raw.send(  # a new address claimed, the PIN typed and submitted: one write
        Raw.frame(page_write({"client_ip": claimed})),
        Raw.frame(page_write({"value": pin}, control=field)),
        Raw.frame(event(field, "submit", pin)),
    )
    # Until the answer, however long the server is quiet before it (it waits on the PIN's hash: a loaded
    # CI took over 0.7 s after a first message that was not the answer), then anything said in the next 0.2 s.
    raw.read(quiet=15, until=20, first=True, stop=lambda texts: any(answer(t) for t in texts))
    raw.read(quiet=0.2, until=5)
    raw.close()
    return " | ".join(t for t in raw.texts() if answer(t))


def pin_tries(server: Server) -> dict:
    said = [guess(server, "10.77.0.3", "000000", f"10.9.8.{i}") for i in range(FREE_TRIES + 2)]
    other = guess(server, "10.77.0.4", "000000", "10.9.9.9")
    tries = server.data / TRIES_FILE
    return {"said": said, "another device": other, "tries keys": sorted(json.loads(tries.read_text())), "tries bytes": tries.stat().st_size}


def settle_all(raws: list[Raw], quiet: float = 0.3) -> None:
    """Read each until the server has been quiet on it for `quiet` seconds, all at the same time
    (a thread each: a Raw blocks)."""
    threads = [threading.Thread(target=raw.read, kwargs={"quiet": quiet, "until": 20}) for raw in raws]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def waiting_places(server: Server) -> dict:
    # One after another, each until its screen tells (so each is admitted or refused before the next
    # comes); then, as they all stay open, the 0.3 s of quiet each waited for is waited for all at once.
    held = [visit(server, "10.77.0.5", "/", spoof=True, settle=False) for _ in range(MAX_PENDING_PER_ADDRESS + 3)]
    settle_all(held)
    seen = {"one device": [screen(r, "/") for r in held]}
    for source in ("10.77.0.6", "127.0.0.1"):
        raw = visit(server, source, "/", spoof=False)
        seen[source] = screen(raw, "/")
        raw.close()
    for raw in held:
        raw.close()
    return seen


def socket_share(server: Server) -> dict:
    """Open websockets (registered, so they stay) from one device up to its share, then one more, then another device."""
    # Registered once its screen says what it is: what it shows is not what this counts.
    held = [visit(server, "10.77.0.7", "/", spoof=False, settle=False) for _ in range(MAX_SOCKETS_PER_ADDRESS - MAX_PENDING_PER_ADDRESS)]
    held += [Raw(server.port, source="10.77.0.7", server=SERVER) for _ in range(MAX_PENDING_PER_ADDRESS)]
    statuses = [r.status for r in held]
    try:
        extra = Raw(server.port, source="10.77.0.7", server=SERVER).status
    except ConnectionError:
        extra = 0
    other = Raw(server.port, source="10.77.0.8", server=SERVER)
    for raw in [*held, other]:
        raw.close()
    return {"held": statuses, "one more": extra, "another device": other.status}


def main(out: Path) -> None:
    up()
    server = Server(out / "data", "--host", "0.0.0.0", env={"TABLESIDE_PIN": PIN, "TABLESIDE_LOCAL_IS_HOST": "1"}).start()
    started = time.monotonic()
    try:
        result = {"roles": roles(server), "pin tries": pin_tries(server)}
        result["waiting places"] = waiting_places(server)
        result["socket share"] = socket_share(server)
        result["seconds"] = round(time.monotonic() - started, 1)
    finally:
        server.stop()
    result["log"] = server.output()[-3000:]
    print(json.dumps(result))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
