"""Issue 49: `http://host:port//` was a blank grey page (Flet's client never connects from such an address).
The guard sends the browser to the path's one form (companion/server/canonical_path.py), and never to
another host. Issue 61: `/%2F%2Fevil.example` was sent to itself (a loop) and `//\\evil.example` to
`/\\evil.example` (another host, for a browser); now every crafted form ends in one hop at a page of this
server, asked of the real server as a raw client would (a browser would have normalised the address first)."""

import asyncio
import http.client

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.server import canonical_path
from companion.server.guard import Guard

from .support import Server

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


def elsewhere(location: bytes) -> bool:
    """Whether a browser would read `location` as another host's, or it holds a backslash (a browser reads one as a
    slash), or its path holds one %-encoded."""
    path = location.partition(b"?")[0]
    return not path.startswith(b"/") or path[:2] in (b"//", b"/\\") or b"\\" in location or b"%5c" in path.lower()


@pytest.mark.parametrize(
    ("path", "raw", "query", "location"),
    [
        ("//", b"//", b"", b"/"),
        ("/history//x", b"/history//x", b"", b"/history/x"),
        ("//elsewhere.example/x", b"//elsewhere.example/x", b"a=1", b"/elsewhere.example/x?a=1"),  # never another host
        ("///players/Zoë", b"///players/Zo%C3%AB", b"", b"/players/Zo%C3%AB"),  # as the browser sent it, still encoded
        ("///evil.example", b"/%2F%2Fevil.example", b"", b"/evil.example"),  # was sent to itself
        ("//\\evil.example", b"//\\evil.example", b"", b"/evil.example"),  # was sent to /\evil.example
        ("/\\\\evil.example", b"/%5C%5Cevil.example", b"", b"/evil.example"),
        ("/\\/evil.example", b"/\\/evil.example", b"", b"/evil.example"),
        ("/a/../history/./", b"/a/%2E%2E/history/./", b"", b"/history/"),
        ("/x//y", b"/x//y", b"q=\\evil.example", b"/x/y?q=%5Cevil.example"),  # no backslash in a query either
    ],
)
def test_a_path_not_in_its_one_form_is_sent_to_that_form(path, raw, query, location):
    status, headers, reached = answer(path, raw, query)
    assert (status, headers[b"location"], reached) == (308, location, False)
    assert not elsewhere(headers[b"location"])
    assert canonical_path.redirect({"raw_path": headers[b"location"].partition(b"?")[0], "path": ""}) is None  # one hop


@pytest.mark.parametrize(
    ("path", "raw"), [("/history", b"/history"), ("/", b"/"), ("/game/Zoë/", b"/game/Zo%C3%AB/"), ("/t2/x:y", b"/t2/x%3Ay")]
)
def test_a_path_in_its_one_form_reaches_the_app(path, raw):
    _, _, reached = answer(path, raw)
    assert reached


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.sampled_from([b"/", b"\\", b"%2F", b"%5c", b"%2e", b".", b"..", b"%", b"a", b"evil.example", b"%C3%AB", b"?", b":"]), max_size=12
    )
)
def test_every_target_is_on_this_server_and_never_redirects_again(parts):
    raw = b"/" + b"".join(parts)
    location = canonical_path.redirect({"raw_path": raw, "path": "", "query_string": b"q=\\x"})
    if location is not None:
        assert not elsewhere(location), location
        assert canonical_path.redirect({"raw_path": location.partition(b"?")[0], "path": ""}) is None, location


# ---- the real server, asked as a raw client would ------------------------------------------------

CRAFTED = ["/%2F%2Fevil.example", "//\\evil.example", "/%5C%5Cevil.example", "//evil.example", "/\\/evil.example"]


@pytest.fixture(scope="module")
def servers(tmp_path_factory):
    """A server as `tableside serve` starts, and one with `--prefix t2`."""
    plain = Server(tmp_path_factory.mktemp("plain") / "data", env={"TABLESIDE_PIN": "246810"})
    prefixed = Server(tmp_path_factory.mktemp("t2") / "data", "--prefix", "t2", env={"TABLESIDE_PIN": "246810"})
    try:
        yield {"": plain.start(), "t2": prefixed.start()}
    finally:
        plain.stop()
        prefixed.stop()


def get(port: int, path: str) -> tuple[int, bytes | None]:
    """(status, Location) of a GET of `path` sent byte for byte (http.client sends it as it is)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        response.read()
        location = response.getheader("location")
        return response.status, None if location is None else location.encode("latin-1")
    finally:
        conn.close()


@pytest.mark.parametrize(("served", "under"), [("", ""), ("t2", "/t2"), ("t2", "")])
@pytest.mark.parametrize("crafted", CRAFTED)
def test_a_crafted_path_ends_in_one_hop_at_a_page_of_this_server(servers, served, under, crafted):
    port, path = servers[served].port, under + crafted
    status, location = get(port, path)
    hops = [(path, status, location)]
    if 300 <= status < 400:
        assert location is not None and location != path.encode(), hops  # never sent to itself
        assert not elsewhere(location), hops
        path = location.decode("ascii")
        status, location = get(port, path)
        hops.append((path, status, location))
    assert not 300 <= status < 400, hops  # at most one hop
    assert path == under + "/evil.example", hops  # the path read once, in its one form (under its prefix)
