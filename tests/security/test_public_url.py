"""`tableside serve --prefix t2 --public-url http://club.test/t2/` behind a reverse proxy (docs/scaling.md):
the proxy's Host and Origin are let in besides the server's own, and no other; invitations start with the
public URL; a connection from this machine (the proxy's) is not the host and enters the PIN."""

import asyncio
import http.client
import re

import pytest
import websockets

import scoring
from companion.__main__ import main
from companion.access.invites import Invites
from companion.data.store import GameStore
from companion.server.public_url import parse

from .flet_client import Client
from .support import Server

PUBLIC = "http://club.test/t2/"


@pytest.fixture(scope="module")
def proxied(tmp_path_factory):
    data = tmp_path_factory.mktemp("public") / "data"
    store = GameStore(data)
    game_id = store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1}, {})).id
    code = Invites(store).code_for(game_id)
    store.close()
    # No PIN given, and this machine's browsers would be the host (the default): --public-url must undo both.
    server = Server(data, "--prefix", "t2", "--public-url", PUBLIC, env={"TABLESIDE_PIN": "", "TABLESIDE_LOCAL_IS_HOST": "1"}).start()
    yield server, game_id, code
    server.stop()


def status_of(server, headers: dict) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", "/t2/", headers=headers)
    response = conn.getresponse()
    response.read()
    return response.status, {k.lower(): v for k, v in response.getheaders()}


def handshake(server, host: str, origin: str) -> int:
    """The HTTP status of a websocket handshake at /t2/ws (101 when accepted)."""

    async def attempt():
        try:
            async with websockets.connect(f"ws://127.0.0.1:{server.port}/t2/ws", origin=origin, additional_headers={"Host": host}):
                return 101
        except websockets.InvalidStatus as e:
            return e.response.status_code

    return asyncio.run(attempt())


def test_the_proxys_host_and_origin_are_let_in_and_its_websocket_allowed(proxied):
    server, _, _ = proxied
    status, headers = status_of(server, {"Host": "club.test", "Origin": "http://club.test"})
    assert status == 200
    assert "connect-src 'self' ws://club.test data: blob:" in headers["content-security-policy"]
    assert handshake(server, "club.test", "http://club.test") == 101


@pytest.mark.parametrize(
    "host, origin",
    [
        ("evil.test", "http://evil.test"),  # DNS rebinding: another name pointed at this machine
        ("evil.test", "http://club.test"),
        ("club.test", "http://evil.test"),  # another site open in the same browser
        ("club.test", "https://club.test"),  # not the public URL's origin
        ("club.test:8080", "http://club.test:8080"),  # another port of the proxy's name
        ("club.test.evil.test", "http://club.test.evil.test"),
    ],
)
def test_any_other_host_or_origin_is_still_refused(proxied, host, origin):
    server, _, _ = proxied
    assert status_of(server, {"Host": host, "Origin": origin})[0] == 403
    assert handshake(server, host, origin) == 403


def test_a_connection_from_this_machine_enters_the_pin_and_invitations_start_with_the_public_url(proxied):
    server, game_id, code = proxied
    pin = re.search(r"PIN for this run: (\d+)", server.output())
    assert pin, server.output()  # no PIN was given: one was made, as for --host 0.0.0.0
    assert "Through the proxy: http://club.test/t2/" in server.output()

    async def invite_texts() -> list[str]:
        ws = f"ws://127.0.0.1:{server.port}/t2/ws"
        host = await Client.open(
            ws, route=f"/invite/{game_id}", origin="http://club.test", headers={"Host": "club.test"}, browser_storage={}
        )
        try:
            assert "PIN" in host.texts()  # from 127.0.0.1, as every device through the proxy: not the host
            await host.type_and_submit(host.control("TextField", label="PIN"), pin.group(1))
            assert await host.shown(f"http://club.test/t2/join/{code}")
            return host.texts()
        finally:
            await host.close()

    texts = asyncio.run(invite_texts())
    assert not any(f"127.0.0.1:{server.port}/t2/join/" in t for t in texts)  # the process's own address is not offered


@pytest.mark.parametrize(
    "url, prefix",
    [
        ("ftp://club.test/t2/", "t2"),
        ("club.test/t2/", "t2"),
        ("http:///t2/", "t2"),
        ("http://user@club.test/t2/", "t2"),
        ("http://club.test/t2/?x=1", "t2"),
        ("http://club.test/t2/#x", "t2"),
        ("http://club.test:0/t2/", "t2"),
        ("http://club.test:70000/t2/", "t2"),
        ("http://club test/t2/", "t2"),
        ("http://club.test/t3/", "t2"),  # not the --prefix
        ("http://club.test/", "t2"),
        ("http://club.test/x/t2/", "t2"),  # the page's base href is /t2/: the proxy must keep the path
        ("http://club.test/t2/", None),  # a path without --prefix
    ],
)
def test_a_bad_public_url_is_refused_with_one_error_line(url, prefix, capsys):
    with pytest.raises(SystemExit) as ended:
        main(["serve", "--public-url", url, *(["--prefix", prefix] if prefix else [])])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "--public-url" in err


@pytest.mark.parametrize(
    "url, prefix, base, hosts, websocket",
    [
        ("http://club.test/t2/", "t2", "http://club.test/t2", {"club.test", "club.test:80"}, "ws://club.test"),
        ("https://Club.Example/t2", "t2", "https://club.example/t2", {"club.example", "club.example:443"}, "wss://club.example"),
        ("http://club.local:8080", "", "http://club.local:8080", {"club.local:8080"}, "ws://club.local:8080"),
        ("https://[2001:db8::1]:8443/", "", "https://[2001:db8::1]:8443", {"[2001:db8::1]:8443"}, "wss://[2001:db8::1]:8443"),
    ],
)
def test_a_public_url_gives_the_links_base_the_hosts_and_the_websocket(url, prefix, base, hosts, websocket):
    public = parse(url, prefix)
    assert (public.base, public.hosts, public.websocket) == (base, hosts, websocket)


@pytest.mark.parametrize(
    "host, policy",
    [
        ("club.example", "connect-src 'self' wss://club.example data: blob:"),  # loaded through the HTTPS proxy
        ("127.0.0.1:8552", "connect-src 'self' ws://127.0.0.1:8552 data: blob:"),  # loaded from the process itself
    ],
)
def test_behind_https_the_page_may_open_the_wss_websocket(host, policy):
    from companion.server.guard import Guard, own_hosts

    started = []

    async def app(scope, receive, send):
        await send({"type": "http.response.start", "status": 200, "headers": []})

    async def send(message):
        started.append(message)

    guard = Guard(app, own_hosts(8552, ["127.0.0.1"]), public=parse("https://club.example/t2/", "t2"))
    scope = {"type": "http", "path": "/t2/", "headers": [(b"host", host.encode()), (b"origin", b"https://club.example")]}
    asyncio.run(guard(scope, None, send))
    headers = dict(started[0]["headers"])
    assert started[0]["status"] == 200 and policy in headers[b"content-security-policy"].decode()
