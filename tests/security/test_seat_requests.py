"""A seat is the host's to give (issue 39 item 5), on the real server over raw websockets: a phone whose
seat the host released sends the click on "I am <name>" (a crafted event: the server alone decides what
it does) and takes no seat; its tap is a request the host sees. The host's approval, or a new invitation,
seats it. The phone is known by the grant its browser keeps, so a reload changes nothing."""

import asyncio

import pytest

import scoring
from companion.access import rights
from companion.access.invites import Invites
from companion.data.store import GameStore

from .flet_client import Client, strings
from .support import Server

PIN = "246810"


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    data = tmp_path_factory.mktemp("seats") / "data"
    store = GameStore(data)
    game_id = store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1}, {})).id
    code = Invites(store).code_for(game_id)
    store.close()
    server = Server(data, env={"TABLESIDE_PIN": PIN}).start()  # this machine's browsers need the PIN too (support.py)
    yield server, game_id, code
    server.stop()


async def host_at(ws: str, route: str) -> Client:
    host = await Client.open(ws, route=route, browser_storage={})
    await host.type_and_submit(host.control("TextField", label="PIN"), PIN)
    await host.drain(0.5)
    return host


def seats(host: Client) -> list[str]:
    """What the invite screen shows of each seat now (a patch sends only the lines that changed)."""
    return [[t for t in host.texts() if t.startswith(f"{p}: ")][-1] for p in ("Ana", "Ben")]


def test_a_released_phone_asks_the_host_and_sits_once_approved(table):
    server, game_id, code = table

    async def evening():
        ws = f"ws://127.0.0.1:{server.port}/ws"
        browser: dict = {}
        phone = await Client.open(ws, route=f"/join/{code}", browser_storage=browser)
        await phone.click(phone.button("I am Ben"))
        assert "Ben red 3" in phone.texts(), phone.texts()[-20:]  # at Ben's seat
        host = await host_at(ws, f"/invite/{game_id}")
        assert seats(host) == ["Ana: free", "Ben: on a phone"]
        await host.click(host.button("Release Ben"))
        await phone.drain(0.8)  # sent back to the invitation, told why
        assert rights.SEAT_RELEASED in phone.texts()
        mark = len(phone.received)
        await phone.click(phone.button("I am Ana"))  # the seat-choosing event, as the released phone sends it
        said = list(strings(phone.received[mark:]))
        assert rights.SEAT_ASKED.format("Ana") in said and "Ana red 3" not in said
        await host.drain(0.5)
        assert seats(host) == ["Ana: free", "Ben: free"]  # refused: no seat taken
        assert "A phone asks for Ana's seat (its seat was released)." in host.texts()

        reloaded = await Client.open(ws, route=f"/join/{code}", browser_storage=browser)  # the same browser, a new session
        await reloaded.click(reloaded.button("I am Ana"))
        assert rights.SEAT_ASKED.format("Ana") in reloaded.texts() and "Ana red 3" not in reloaded.texts()
        await reloaded.close()
        await phone.drain(0.5)

        await host.drain(0.5)
        mark = len(phone.received)
        await host.click(host.button("Approve Ana"))
        await phone.drain(0.8)
        assert "Ana red 3" in list(strings(phone.received[mark:]))  # approved: it takes the seat it asked for
        await host.drain(0.5)
        assert seats(host) == ["Ana: on a phone", "Ben: free"]
        await phone.close()
        await host.close()

    asyncio.run(evening())


def test_a_new_invitation_seats_a_released_phone_without_asking(table):
    server, game_id, code = table

    async def evening():
        ws = f"ws://127.0.0.1:{server.port}/ws"
        host = await host_at(ws, f"/invite/{game_id}")
        for name in ("Release Ana", "Release Ben"):
            try:
                await host.click(host.button(name))
            except LookupError:
                pass  # that seat is free
        await host.click(host.button("Revoke invite"))
        browser: dict = {}
        new_code = [t for t in host.texts() if t.startswith("Code: ")][-1].removeprefix("Code: ").replace("-", "")
        assert new_code != code
        phone = await Client.open(ws, route=f"/join/{new_code}", browser_storage=browser)
        await phone.click(phone.button("I am Ben"))
        assert "Ben red 3" in phone.texts()
        await host.click(host.button("Release Ben"))
        await phone.drain(0.5)
        await phone.click(phone.button("I am Ben"))  # its own former seat: asked, not taken
        assert rights.SEAT_ASKED.format("Ben") in phone.texts()
        await host.drain(0.5)
        await host.click(host.button("Refuse Ben"))
        await phone.drain(0.5)
        assert rights.SEAT_REFUSED.format("Ben") in phone.texts()
        await host.click(host.button("Revoke invite"))  # a new invitation: the host hands it out
        await host.drain(0.5)
        newer = [t for t in host.texts() if t.startswith("Code: ")][-1].removeprefix("Code: ").replace("-", "")
        again = await Client.open(ws, route=f"/join/{newer}", browser_storage=browser)
        await again.click(again.button("I am Ben"))
        assert "Ben red 3" in again.texts()
        for client in (phone, again, host):
            await client.close()

    asyncio.run(evening())
