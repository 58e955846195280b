"""The first evening, for real, in a network namespace of its own (see netns.py; run by test_wifi.py).

`python -m tests.security.netns_wifi OUT_DIR` must run in a new network namespace (`unshare --net`, as
root). It serves Tableside as `tableside` starts by default (127.0.0.1, no PIN, a browser on this machine
the host), with a game to invite to; checks that no other device reaches it; the host's browser (on this
machine) taps "Let phones on this Wi-Fi join" on the invite screen; then devices at 10.77.0.x reach it
on the LAN address, each a guest: the PIN screen for anything but a seat (whatever it claims to be), a
seat by the invitation, the host's screens with the PIN made for the evening. Prints one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import re
import socket
import sys
import time
from pathlib import Path

import scoring
from companion.access import rights
from companion.access.invites import Invites
from companion.data.store import GameStore

from .flet_client import Client
from .netns import SERVER, SPOOFED, up
from .support import Server


def reachable(port: int, source: str) -> bool:
    try:
        with socket.create_connection((SERVER, port), timeout=3, source_address=(source, 0)):
            return True
    except OSError:
        return False


async def role(port: int, source: str, route: str, spoof: bool = False) -> str:
    """What a device at `source` is shown at `route`: "pin", "in" (the screen asked for) or "nothing"."""
    page = {"route": route, "width": 390, "height": 844, **(SPOOFED if spoof else {})}
    # A screen with "PIN" anywhere in it is "pin" whatever follows: no need to wait for the server's quiet then.
    client = await Client.open(f"ws://{SERVER}:{port}/ws", route=route, browser_storage={}, source=source, stop_at="PIN")
    if spoof:  # claims this machine's address in a page write too
        from .flet_client import UPDATE_CONTROL_PROPS, pack

        await client.ws.send(pack(UPDATE_CONTROL_PROPS, {"id": 1, "props": page}))
        await client.drain(0.5)
    texts = client.texts()
    await client.close()
    # The screen asked for, shown at all (even after the PIN screen: a spoof that got in), is "in".
    if {"/settings": "Privacy", "/": "Lost Cities"}.get(route, "Who are you?") in texts:
        return "in"
    return "pin" if "PIN" in texts else "nothing"


async def evening(server: Server, game_id: str, code: str) -> dict:
    seen: dict = {}
    host = await Client.open(f"ws://127.0.0.1:{server.port}/ws", route=f"/invite/{game_id}", browser_storage={})
    seen["invite link before"] = [t for t in host.texts() if "/join/" in t and t.startswith("http")][-1]
    await host.click(host.button("Let phones on this Wi-Fi join"))
    await host.shown(f"http://{SERVER}:{server.port}/join/{code}")
    seen["invite link after"] = [t for t in host.texts() if "/join/" in t and t.startswith("http")][-1]
    pins = [t for t in host.texts() if re.fullmatch(r"\d{6}", t)]
    seen["pin shown to the host"] = bool(pins)
    pin = pins[-1] if pins else ""

    seen["roles"] = {
        "/settings from another device": await role(server.port, "10.77.0.2", "/settings"),
        "/settings from another device claiming 127.0.0.1": await role(server.port, "10.77.0.2", "/settings", spoof=True),
        "/ from another device": await role(server.port, "10.77.0.3", "/"),
        "/settings from this machine's own LAN address": await role(server.port, SERVER, "/settings"),
        f"/join/{code} from another device": await role(server.port, "10.77.0.4", f"/join/{code}"),
    }

    phone = await Client.open(f"ws://{SERVER}:{server.port}/ws", route=f"/join/{code}", browser_storage={}, source="10.77.0.5")
    await phone.click(phone.button("I am Ana"))
    seen["phone at its seat"] = await phone.shown("Ana red 3")
    seen["phone sees the other seat's cards"] = "Ben red 3" in phone.texts()
    await phone.close()

    # The host releases Ana: that phone, even with its browser's storage cleared, is known by its address.
    await host.click(host.button("Release Ana"))
    forgetful = await Client.open(f"ws://{SERVER}:{server.port}/ws", route=f"/join/{code}", browser_storage={}, source="10.77.0.5")
    await forgetful.click(forgetful.button("I am Ben"))
    await forgetful.shown(rights.SEAT_ASKED.format(player="Ben"), timeout=5)
    seen["released phone, storage cleared"] = "asked" if rights.SEAT_ASKED.format(player="Ben") in forgetful.texts() else "not asked"
    seen["released phone sat"] = "Ben red 3" in forgetful.texts()
    await forgetful.close()
    other = await Client.open(f"ws://{SERVER}:{server.port}/ws", route=f"/join/{code}", browser_storage={}, source="10.77.0.7")
    await other.click(other.button("I am Ben"))
    seen["another phone sits at once"] = await other.shown("Ben red 3", timeout=5)
    await other.close()

    # Each waits (up to 5 s) for the text its answer is classified by: "Wrong PIN." wins over "Privacy"
    # below, so waiting 5 s for a "Privacy" that a wrong PIN never brings proved nothing.
    for label, typed, answer in (("wrong pin", "000000", "Wrong PIN."), ("the evening's pin", pin, "Privacy")):
        device = await Client.open(
            f"ws://{SERVER}:{server.port}/ws", route="/settings", browser_storage={}, source="10.77.0.6", stop_at="PIN"
        )
        # "Wrong PIN." once said decides its case: no quiet to wait for after it (the evening's PIN is read
        # until quiet: a "Wrong PIN." after "Privacy" would change its case).
        await device.type_and_submit(
            device.control("TextField", label="PIN"), typed, stop_at="Wrong PIN." if label == "wrong pin" else None
        )
        await device.shown(answer, timeout=5)
        texts = device.texts()
        seen[label] = "Wrong PIN." if "Wrong PIN." in texts else ("in" if "Privacy" in texts else "nothing")
        seen[label + ": serving words"] = [t for t in texts if t.startswith("Serving")][-1:] if label != "wrong pin" else []
        await device.close()
    await host.close()
    return seen


def main(out: Path) -> None:
    up()
    store = GameStore(out / "data")
    game_id = store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1}, {})).id
    code = Invites(store).code_for(game_id)
    store.close()
    server = Server(out / "data", env={"TABLESIDE_PIN": "", "TABLESIDE_LOCAL_IS_HOST": "1"}).start()  # as a first evening
    result: dict = {"reachable before": reachable(server.port, "10.77.0.2")}
    started = time.monotonic()
    try:
        result.update(asyncio.run(evening(server, game_id, code)))
        result["reachable after"] = reachable(server.port, "10.77.0.2")
        result["seconds"] = round(time.monotonic() - started, 1)
    finally:
        result["stopped within"] = server.stop()
    log = server.output()
    result["printed"] = [line for line in log.splitlines() if line.startswith(("Phones on the local network", "PIN for this table"))]
    result["log"] = log[-3000:]
    print(json.dumps(result))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
