"""Issue 49: `http://host:port//` was a blank grey page (Flet's client never connects from such an address).
The guard sends the browser to the same address with single slashes, and never to another host."""

import asyncio

import pytest

from companion.server.guard import Guard

HOSTS = {"127.0.0.1:8550"}


def answer(path: str, raw: bytes, query: bytes = b"") -> tuple[int, dict[bytes, bytes], bool]:
    """(status, headers, whether the app behind the guard was reached) for a GET of `path`."""
    reached = []

    async def app(scope, receive, send):
        reached.append(scope["path"])

    sent: list[dict] = []

    async def send(message):
        sent.append(message)

    async def receive():
        return {"type": "http.request", "body": b""}

    scope = {
        "type": "http",
        "method": "GET",
        "path": path,
        "raw_path": raw,
        "query_string": query,
        "headers": [(b"host", b"127.0.0.1:8550")],
    }
    asyncio.run(Guard(app, HOSTS)(scope, receive, send))
    if not sent:
        return 0, {}, bool(reached)
    return sent[0]["status"], dict(sent[0]["headers"]), bool(reached)


@pytest.mark.parametrize(
    ("path", "raw", "query", "location"),
    [
        ("//", b"//", b"", b"/"),
        ("/history//x", b"/history//x", b"", b"/history/x"),
        ("//elsewhere.example/x", b"//elsewhere.example/x", b"a=1", b"/elsewhere.example/x?a=1"),  # never another host
        ("///players/Zoë", b"///players/Zo%C3%AB", b"", b"/players/Zo%C3%AB"),  # as the browser sent it, still encoded
    ],
)
def test_a_doubled_slash_is_sent_to_its_single_slash_address(path, raw, query, location):
    status, headers, reached = answer(path, raw, query)
    assert (status, headers[b"location"], reached) == (308, location, False)
    assert not headers[b"location"].startswith(b"//")


def test_a_single_slash_address_reaches_the_app():
    _, _, reached = answer("/history", b"/history")
    assert reached
