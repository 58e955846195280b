"""Another site open in the same browser must not drive the app: the websocket takes only our own
Origin, responses allow no other origin, and the page may load and connect to this server only."""

import asyncio
import http.client

import pytest
import websockets

from .flet_client import Client


def ws_url(server) -> str:
    return f"ws://127.0.0.1:{server.port}/ws"


def refused(server, **kwargs) -> int:
    """The HTTP status a websocket handshake got (101 when accepted)."""

    async def attempt():
        try:
            async with websockets.connect(ws_url(server), **kwargs):
                return 101
        except websockets.InvalidStatus as e:
            return e.response.status_code

    return asyncio.run(attempt())


@pytest.mark.parametrize(
    "origin", ["http://evil.example", "https://evil.example", "null", "http://127.0.0.1:1", "http://127.0.0.1.evil.example"]
)
def test_a_websocket_from_another_origin_is_refused(server, origin):
    assert refused(server, origin=origin.replace("PORT", str(server.port))) == 403


def test_a_page_renamed_to_our_address_is_refused(server):
    """DNS rebinding: evil.example now resolves to 127.0.0.1, so its page is 'same origin' with itself."""
    evil = f"evil.example:{server.port}"
    assert refused(server, origin=f"http://{evil}", additional_headers={"Host": evil}) == 403
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
    conn.request("GET", "/", headers={"Host": evil})
    assert conn.getresponse().status == 403


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost"])
def test_our_own_origin_is_let_in_and_served(server, host):
    origin = f"http://{host}:{server.port}"

    async def session():
        client = await Client.open(ws_url(server), origin=origin)
        await client.close()
        return client

    client = asyncio.run(session())
    assert client.session_id
    assert "PIN" in client.texts()  # the PIN screen reached the browser


def test_a_client_without_origin_is_not_a_browser_page_and_is_served(server):
    assert refused(server) == 101


@pytest.mark.parametrize("path", ["/", "/main.dart.wasm", "/flutter_bootstrap.js", "/play/x"])
def test_responses_allow_no_other_origin_and_no_framing(server, path):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", path, headers={"Origin": f"http://127.0.0.1:{server.port}"})
    response = conn.getresponse()
    response.read()
    headers = {k.lower(): v for k, v in response.getheaders()}
    assert response.status == 200
    assert "access-control-allow-origin" not in headers
    policy = [p.strip() for p in headers["content-security-policy"].split(";")]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert f"connect-src 'self' ws://127.0.0.1:{server.port} data: blob:" in policy
    assert not any("http" in p or "*" in p for p in policy)  # no other origin, no wildcard
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
