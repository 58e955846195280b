"""Sessions that never enter the PIN: few per address, and dropped minutes after they leave
(Flet alone keeps every session an hour, ~115 kB each)."""

import asyncio
from datetime import UTC, datetime, timedelta

import flet as ft
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.access.identity import ADDRESS
from companion.server import admission
from tests.ui.harness import FakeConnection


class Locked:
    required = True


SESSIONS = []


def run(coro):
    return asyncio.run(coro)


async def new_page(address: str) -> ft.Page:
    loop = asyncio.get_running_loop()
    session = Session(FakeConnection(loop, PubSubHub(loop=loop)))
    session.store.set(ADDRESS, address)  # as identity.remember keeps the connection's address
    SESSIONS.append(session)  # as Flet's app manager holds them (a page only refers to its session weakly)
    return session.page


def test_one_address_gets_a_few_sessions_waiting_for_the_pin_and_then_a_message():
    async def attack():
        ran = []
        main = admission.limited(lambda page: ran.append(page), Locked())
        pages = [await new_page("192.168.1.66") for _ in range(admission.MAX_PENDING_PER_ADDRESS + 5)]
        for page in pages:
            main(page)
        other = await new_page("192.168.1.20")
        main(other)
        return ran, pages, other

    ran, pages, other = run(attack())
    assert ran == pages[: admission.MAX_PENDING_PER_ADDRESS] + [other]  # the rest never reach the app
    refused = pages[-1]
    assert any(getattr(c, "content", None) is not None and c.content.value == admission.BUSY for c in refused.controls)


def test_the_message_is_said_in_the_browsers_language_once_it_says_it():
    async def refused_in_german():
        main = admission.limited(lambda page: None, Locked())
        pages = [await new_page("192.168.1.67") for _ in range(admission.MAX_PENDING_PER_ADDRESS + 1)]
        refused = pages[-1]
        connection = refused.session.connection
        connection.session = refused.session
        connection.method_results["get_device_info"] = {"browser_name": "firefox", "locales": [{"language_code": "de"}]}
        refused.web = True
        for page in pages:
            main(page)
        said = [c.content for c in refused.controls if getattr(c, "content", None) is not None]
        english = said[0].value
        for _ in range(50):
            await asyncio.sleep(0.01)
        return english, said[0].value

    english, later = run(refused_in_german())
    assert english == admission.BUSY and later != english and "Tableside" in later


def test_a_session_that_entered_the_pin_no_longer_counts():
    async def table():
        ran = []
        main = admission.limited(lambda page: ran.append(page), Locked())
        for _ in range(admission.MAX_PENDING_PER_ADDRESS * 2):
            page = await new_page("192.168.1.30")
            main(page)
            admission.mark_unlocked(page)
        return ran

    assert len(run(table())) == admission.MAX_PENDING_PER_ADDRESS * 2


def test_a_waiting_session_is_dropped_minutes_after_its_browser_left():
    async def leave():
        pending = admission.Pending()
        waiting, unlocked = await new_page("192.168.1.40"), await new_page("192.168.1.41")
        for page in (waiting, unlocked):
            pending.admit(page)
        admission.mark_unlocked(unlocked)
        for page in (waiting, unlocked):
            await page.session.disconnect(3600)  # what Flet does when the websocket closes
        await pending.sweep()
        return waiting.session.expires_at, unlocked.session.expires_at

    waiting, unlocked = run(leave())
    now = datetime.now(UTC)
    assert waiting <= now + timedelta(seconds=admission.PENDING_TTL)
    assert unlocked > now + timedelta(minutes=50)  # a host's phone keeps its session through a locked screen


def test_without_a_pin_nothing_is_counted():
    class Open:
        required = False

    async def many():
        ran = []
        main = admission.limited(lambda page: ran.append(page), Open())
        for _ in range(admission.MAX_PENDING_PER_ADDRESS + 3):
            main(await new_page("127.0.0.1"))
        return ran

    assert len(run(many())) == admission.MAX_PENDING_PER_ADDRESS + 3


def test_one_address_never_takes_every_place_and_this_machine_keeps_its_own():
    async def crowd():
        pending = admission.Pending()
        many = [await new_page(f"192.168.{i // 200}.{i % 200 + 1}") for i in range(admission.MAX_PENDING + 5)]
        lan = [pending.admit(page) for page in many]
        one = [pending.admit(await new_page("10.0.0.9")) for _ in range(3)]
        local = [pending.admit(await new_page("127.0.0.1")) for _ in range(admission.MAX_PENDING_LOCAL + 2)]
        return lan, one, local

    lan, one, local = run(crowd())
    assert lan == [True] * admission.MAX_PENDING + [False] * 5  # every other device together: a cap
    assert one == [False] * 3
    # this machine's browsers have places of their own: the crowd did not take them, nor they everyone's
    assert local == [True] * admission.MAX_PENDING_LOCAL + [False] * 2


def test_one_ipv6_device_is_one_device_whatever_address_of_its_network_it_takes():
    async def rotate():
        pending = admission.Pending()
        return [pending.admit(await new_page(f"2001:db8:1:2::{i + 1:x}")) for i in range(admission.MAX_PENDING_PER_ADDRESS + 2)]

    assert run(rotate()) == [True] * admission.MAX_PENDING_PER_ADDRESS + [False] * 2


def test_the_host_by_its_address_waits_for_nothing_and_is_not_counted(monkeypatch):
    monkeypatch.setenv("TABLESIDE_LOCAL_IS_HOST", "1")

    async def tabs():
        ran = []
        pending = admission.Pending()
        main = admission.limited(lambda page: ran.append(page), Locked(), pending)
        for _ in range(admission.MAX_PENDING_LOCAL + 5):
            main(await new_page("127.0.0.1"))
        return ran, pending.waiting()

    ran, waiting = run(tabs())
    assert len(ran) == admission.MAX_PENDING_LOCAL + 5 and waiting == []


def test_what_a_browser_writes_on_the_page_never_becomes_its_address():
    from companion.access import identity

    async def spoofed():
        page = await new_page("")
        page.client_ip = "127.0.0.1"  # as Flet's client may write it
        token = identity.TRANSPORT_ADDRESS.set("192.168.1.50")  # what the guard saw on the connection
        try:
            identity.remember(page)
        finally:
            identity.TRANSPORT_ADDRESS.reset(token)
        page.client_ip = "127.0.0.1"
        return identity.address_of(page)

    assert run(spoofed()) == "192.168.1.50"
