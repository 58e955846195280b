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
    assert await host.shown("Seats")
    return host


async def seats(host: Client, *expected: str) -> list[str]:
    """What the invite screen shows of each seat once it shows `expected` (a patch sends only the lines that changed)."""
    for text in expected:
        await host.shown(text, since=len(host.received) - 50)
    return [[t for t in host.texts() if t.startswith(f"{p}: ")][-1] for p in ("Ana", "Ben")]


def latest_code(host: Client) -> str:
    return [t for t in host.texts() if t.startswith("Code: ")][-1].removeprefix("Code: ").replace("-", "")


async def revoke(host: Client, old: str) -> str:
    """Tap "Revoke invite"; the invitation's new code once the invite screen shows one other than `old`.
    A tap that lands on a button the screen has just drawn again (a patch still on its way, on a loaded
    machine) is dropped by Flet, as it would be for a person: after a quiet spell the newest button is tapped again."""
    codes: list[str] = []
    for _ in range(3):
        await tap(host, "Revoke invite")
        for _ in range(25):
            codes = [t.removeprefix("Code: ").replace("-", "") for t in host.texts() if t.startswith("Code: ")]
            if codes and codes[-1] != old:
                return codes[-1]
            await host.drain(0.2)
    raise AssertionError(f"no new code: {codes[-3:]}")


async def tap(client: Client, name: str) -> int:
    """Click the newest button named `name`; where its answer starts in `received`."""
    mark = len(client.received)
    await client.click(client.button(name), quiet=0.2)
    return mark


def test_a_released_phone_asks_the_host_and_sits_once_approved(table):
    server, game_id, code = table

    async def evening():
        ws = f"ws://127.0.0.1:{server.port}/ws"
        browser: dict = {}
        phone = await Client.open(ws, route=f"/join/{code}", browser_storage=browser)
        await tap(phone, "I am Ben")
        assert await phone.shown("Ben red 3")  # at Ben's seat
        host = await host_at(ws, f"/invite/{game_id}")
        assert await seats(host) == ["Ana: free", "Ben: on a phone"]
        await tap(host, "Release Ben")
        assert await phone.shown(rights.SEAT_RELEASED) and await phone.shown(rights.ASK_THE_HOST)  # sent back to the invitation
        mark = await tap(phone, "I am Ana")  # the seat-choosing event, as the released phone sends it
        assert await phone.shown(rights.SEAT_ASKED.format(player="Ana"), since=mark)
        assert "Ana red 3" not in list(strings(phone.received[mark:]))
        assert await host.shown("A phone asks for Ana's seat (its seat was released).")
        assert await seats(host, "Ben: free") == ["Ana: free", "Ben: free"]  # refused: no seat taken

        reloaded = await Client.open(ws, route=f"/join/{code}", browser_storage=browser)  # the same browser, a new session
        mark = await tap(reloaded, "I am Ana")
        assert await reloaded.shown(rights.SEAT_ASKED.format(player="Ana"), since=mark)
        assert "Ana red 3" not in reloaded.texts()
        await asyncio.sleep(0.3)
        assert await seats(host) == ["Ana: free", "Ben: free"]

        mark = await tap(host, "Approve Ana")
        assert await reloaded.shown("Ana red 3", since=0)  # approved: it takes the seat it asked for
        assert await seats(host, "Ana: on a phone") == ["Ana: on a phone", "Ben: free"]
        for client in (phone, reloaded, host):
            await client.close()

    asyncio.run(evening())


def test_a_refused_phone_sits_with_a_new_invitation(table):
    server, game_id, _ = table

    async def evening():
        ws = f"ws://127.0.0.1:{server.port}/ws"
        host = await host_at(ws, f"/invite/{game_id}")
        old = latest_code(host)
        code = await revoke(host, old)  # a fresh start: every seat free, a new code
        assert await seats(host, "Ana: free", "Ben: free") == ["Ana: free", "Ben: free"]
        browser: dict = {}
        phone = await Client.open(ws, route=f"/join/{code}", browser_storage=browser)
        await tap(phone, "I am Ben")
        assert await phone.shown("Ben red 3")
        assert await seats(host, "Ben: on a phone") == ["Ana: free", "Ben: on a phone"]
        await tap(host, "Release Ben")
        assert await phone.shown(rights.ASK_THE_HOST)
        mark = await tap(phone, "I am Ben")  # its own former seat: asked, not taken
        assert await phone.shown(rights.SEAT_ASKED.format(player="Ben"), since=mark)
        assert await host.shown("A phone asks for Ben's seat (its seat was released).")
        await tap(host, "Refuse Ben")
        assert await phone.shown(rights.SEAT_REFUSED.format(player="Ben"))
        newer = await revoke(host, code)  # a new invitation: the host hands it out
        assert newer != code
        again = await Client.open(ws, route=f"/join/{newer}", browser_storage=browser)
        mark = await tap(again, "I am Ben")
        assert await again.shown("Ben red 3", since=mark)
        for client in (phone, again, host):
            await client.close()

    asyncio.run(evening())
