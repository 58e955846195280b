"""The served app's static files, as a phone's browser fetches them: compressed, cached, revalidated.

No browser here: plain HTTP requests with the headers a browser sends (Accept-Encoding,
If-None-Match), against the real server.
"""

from __future__ import annotations

import gzip
import re
import urllib.request
from urllib.error import HTTPError

import brotli
import pytest

from companion.server import static_files

from .conftest import Server

# The large files of a first visit (skwasm renderer), and some of ours.
LARGE = [
    "main.dart.wasm",
    "main.dart.mjs",
    "canvaskit/skwasm.wasm",
    "canvaskit/skwasm.js",
    "flutter_bootstrap.js",
    "assets/fonts/MaterialIcons-Regular.otf",
    "fonts/DejaVuSans.ttf",
    "fonts/NotoSansArabic-Regular.ttf",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for these read-only requests (starting one takes seconds)."""
    s = Server(tmp_path_factory.mktemp("static") / "data").start()
    yield s
    s.stop()


def get(url: str, **headers) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read()
    except HTTPError as e:  # 304 and 404 arrive as errors
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read()


def versioned_base(server) -> str:
    _, _, page = get(server.url + "/", **{"Accept-Encoding": "identity"})
    match = re.search(r'flet\.entrypointBaseUrl="(/v/[0-9a-f]+/)"', page.decode())
    assert match, "the page does not point the runtime at a versioned URL"
    return match.group(1)


@pytest.mark.parametrize("path", LARGE)
def test_each_large_file_is_compressed_and_revalidates_to_304(server, path):
    status, plain_headers, plain = get(f"{server.url}/{path}", **{"Accept-Encoding": "identity"})
    assert status == 200 and len(plain) > 10_000
    assert "content-encoding" not in plain_headers
    assert plain_headers["vary"] == "Accept-Encoding"

    status, headers, body = get(f"{server.url}/{path}", **{"Accept-Encoding": "gzip, deflate, br, zstd"})
    assert status == 200 and headers["content-encoding"] == "br" and headers["vary"] == "Accept-Encoding"
    assert brotli.decompress(body) == plain
    assert len(body) < 0.8 * len(plain), f"{path}: {len(body)} of {len(plain)} bytes"
    assert "no-cache" in headers["cache-control"] and headers["etag"] != plain_headers["etag"]

    status, gz_headers, gz = get(f"{server.url}/{path}", **{"Accept-Encoding": "gzip"})
    assert gz_headers["content-encoding"] == "gzip" and gzip.decompress(gz) == plain

    # The second visit: the browser asks whether its copy is still good; nothing but headers comes back.
    status, again, body = get(f"{server.url}/{path}", **{"Accept-Encoding": "gzip, deflate, br", "If-None-Match": headers["etag"]})
    assert status == 304 and body == b"" and again["etag"] == headers["etag"]
    # A copy in another encoding is not that one: sent again, whole.
    status, _, body = get(f"{server.url}/{path}", **{"Accept-Encoding": "br", "If-None-Match": gz_headers["etag"]})
    assert status == 200 and brotli.decompress(body) == plain


def test_the_runtime_under_its_versioned_url_is_cached_for_long(server):
    base = versioned_base(server)
    for path in ("main.dart.wasm", "canvaskit/skwasm.wasm", "assets/fonts/MaterialIcons-Regular.otf"):
        status, headers, _ = get(server.url + base + path, **{"Accept-Encoding": "br"})
        assert status == 200 and "immutable" in headers["cache-control"] and "max-age=31536000" in headers["cache-control"]
    # An old version's URL (a page from before an upgrade) still gets today's file, but is revalidated.
    status, headers, _ = get(server.url + "/v/0123456789ab/main.dart.mjs", **{"Accept-Encoding": "br"})
    assert status == 200 and headers["cache-control"] == "no-cache"


def test_the_page_itself_is_compressed_and_revalidated(server):
    for route in ("/", "/play/abc", "/history"):  # every route of the app is the page
        status, headers, body = get(server.url + route, **{"Accept-Encoding": "br"})
        assert status == 200 and headers["content-encoding"] == "br"
        assert headers["cache-control"] == "no-cache" and "<title>Tableside</title>" in brotli.decompress(body).decode()
        status, _, body = get(server.url + route, **{"Accept-Encoding": "br", "If-None-Match": headers["etag"]})
        assert status == 304 and body == b""


def test_what_flet_adds_still_comes_and_misses_are_misses(server):
    _, headers, _ = get(server.url + "/main.dart.wasm", **{"Accept-Encoding": "br"})
    assert headers["cross-origin-embedder-policy"] == "require-corp"  # skwasm's threads need isolation
    assert headers["content-type"] == "application/wasm"
    status, _, _ = get(server.url + "/no-such-file.js")
    assert status == 404
    status, _, _ = get(server.url + "/../pyproject.toml")
    assert status in (404, 400)


def test_flutters_fallback_fonts_are_answered_here_and_cached(server):
    """With no CDN Flutter asks this server for Noto slices it does not ship: a blank font, not a 404."""
    blank = (static_files.Path(__file__).resolve().parents[2] / "assets" / "fonts" / "Blank.ttf").read_bytes()
    shard = "assets/fonts/notosanssc/v37/k3kCo84MPvpLmixcA63oeAL7Iqp5IZJF9bmaG9_FnYkldv7JjxkkgFsFSSOPMOkySAZ73y9ViAt3acb8NexQ2w.21.woff2"
    status, headers, body = get(f"{server.url}/{shard}", **{"Accept-Encoding": "identity"})
    assert status == 200 and body == blank
    status, headers, body = get(server.url + versioned_base(server) + shard, **{"Accept-Encoding": "identity"})
    assert status == 200 and body == blank and "immutable" in headers["cache-control"]
    _, _, page = get(server.url + "/", **{"Accept-Encoding": "identity"})
    assert f'flet.fontFallbackBaseUrl="{versioned_base(server)}assets/fonts/"' in page.decode()


def test_font_manifest_lists_only_fonts_the_app_draws(server):
    _, _, body = get(server.url + "/assets/FontManifest.json", **{"Accept-Encoding": "identity"})
    families = {f["family"] for f in __import__("json").loads(body)}
    assert {"MaterialIcons", "Roboto"} <= families
    assert not any(f.startswith(static_files.UNUSED_FONT_FAMILIES) for f in families)


def test_accept_encoding_is_read_as_http_says():
    from starlette.datastructures import Headers

    def accepted(value):
        return static_files.accepted(Headers({"accept-encoding": value}))

    assert accepted("gzip, deflate, br") == ["br", "gzip"]
    assert accepted("br;q=0, gzip") == ["gzip"]
    assert accepted("identity") == [] and accepted("") == []
    assert accepted("*") == ["br", "gzip"] and accepted("*, br;q=0") == ["gzip"]
    assert accepted("br;q=bad") == []


def test_the_cache_serves_a_quick_copy_until_the_smallest_is_made(tmp_path):
    import os

    source = tmp_path / "main.dart.wasm"
    source.write_bytes(b"".join(f"function {i}: local.get {i % 97}\n".encode() for i in range(60_000)))
    noise = tmp_path / "noise.wasm"
    noise.write_bytes(os.urandom(200_000))
    cache = static_files.CompressedCache(tmp_path / "cache")
    st = source.stat()
    quick = cache.copy(source, st, "br")
    assert quick.name.endswith(".br") and ".best." not in quick.name
    assert brotli.decompress(quick.read_bytes()) == source.read_bytes()
    assert cache.copy(source, st, "br") == quick  # made once, then reused
    best = cache.copy(source, st, "br", best=True)
    assert ".best." in best.name and best.stat().st_size <= quick.stat().st_size
    assert cache.copy(source, st, "br") == best  # from now on the smallest
    assert brotli.decompress(best.read_bytes()) == source.read_bytes()
    assert gzip.decompress(cache.copy(source, st, "gzip").read_bytes()) == source.read_bytes()
    assert cache.copy(noise, noise.stat(), "br") is None  # random bytes do not compress: sent as they are
