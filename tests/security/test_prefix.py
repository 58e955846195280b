"""`tableside serve --prefix t2` (docs/scaling.md, shards by path prefix): the real server answers
under /t2/, its page fetches everything from /t2/…, its websocket is /t2/ws, and an invitation's
link carries the prefix, so a proxy that routes /t2/ to this process gets every request of its games."""

import asyncio
import re
import urllib.request

import pytest

import scoring
from companion.__main__ import main
from companion.access.invites import Invites
from companion.data.store import GameStore
from companion.server import flet_seams

from .flet_client import Client
from .support import Server


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=10) as r:
        return r.status, r.read().decode("utf-8")


async def invite_texts(port: int, game_id: str) -> list[str]:
    host = await Client.open(f"ws://127.0.0.1:{port}/t2/ws", route=f"/invite/{game_id}", browser_storage={})
    try:
        return host.texts()
    finally:
        await host.close()


def test_a_server_with_a_prefix_answers_under_it_and_its_links_carry_it(tmp_path):
    store = GameStore(tmp_path / "data")
    game_id = store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1}, {})).id
    code = Invites(store).code_for(game_id)
    store.close()
    server = Server(tmp_path / "data", "--prefix", "t2", env={"TABLESIDE_PIN": "", "TABLESIDE_LOCAL_IS_HOST": "1"}).start()
    try:
        status, page = get(f"{server.url}/t2/")
        assert status == 200
        assert '<base href="/t2/">' in page and 'flet.webSocketEndpoint="/t2/ws";' in page
        urls = dict(re.findall(r'flet\.(entrypointBaseUrl|assetBase|canvasKitBaseUrl|fontFallbackBaseUrl)="([^"]*)"', page))
        assert len(urls) == 4 and all(re.match(r"/t2/v/[0-9a-f]+/", u) for u in urls.values()), urls  # never root-absolute /v/
        assert re.search(r'src="v/[0-9a-f]+/flutter_bootstrap\.js"', page)  # relative to the base href: /t2/v/…
        assert get(f"{server.url}{urls['entrypointBaseUrl']}flutter_bootstrap.js")[0] == 200  # the runtime is there
        texts = asyncio.run(invite_texts(server.port, game_id))
        assert f"{server.url}/t2/join/{code}" in texts, texts  # the invite screen's link (and its QR code)
        assert "Tableside is serving http://127.0.0.1:" in server.output() and "/t2/" in server.output()
    finally:
        server.stop()


def test_the_page_rewrite_follows_flets_base_href(tmp_path):
    from flet_web.patch_index import patch_index_html

    index = tmp_path / "index.html"
    index.write_text((flet_seams.flet_web_dir() / "index.html").read_text(encoding="utf-8"), encoding="utf-8")
    patch_index_html(str(index), "t2", app_name="Tableside", no_cdn=True)  # as FletStaticFiles does with proxy_path="t2"
    moved = flet_seams.page_fetching_from(index.read_text(encoding="utf-8"), "/t2/v/abc/")
    for expected in (
        'flet.entrypointBaseUrl="/t2/v/abc/";',
        'flet.assetBase="/t2/v/abc/";',
        'flet.canvasKitBaseUrl="/t2/v/abc/canvaskit/";',
        'src="v/abc/flutter_bootstrap.js"',
    ):
        assert expected in moved


@pytest.mark.parametrize("name", ["a/b", "../x", "", "t 2", "t2?x=1", "é", "x" * 65])
def test_a_prefix_that_is_not_one_plain_path_segment_is_refused(name, capsys):
    with pytest.raises(SystemExit) as ended:
        main(["serve", "--prefix", name])
    assert ended.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "--prefix" in err


@pytest.mark.parametrize(
    "sent, seen",
    [
        ("/t2/", "/"),
        ("/t2", "/"),
        ("/t2/ws", "/ws"),
        ("/t2/bgstats/ABCDEFGHJKLMN", "/bgstats/ABCDEFGHJKLMN"),  # the BG Stats short link, as the QR carries it
        ("/t2/upload", "/upload"),  # the upload route's URL (server/upload_route.py)
        ("/", "/"),  # a proxy that strips the prefix, or a browser on this machine
        ("/t22/x", "/t22/x"),  # another prefix: not this one
    ],
)
def test_the_prefix_is_taken_off_before_the_app_sees_the_path(sent, seen):
    from companion.server.path_prefix import PathPrefix

    paths = []

    async def app(scope, receive, send):
        paths.append((scope["path"], scope["raw_path"]))

    asyncio.run(PathPrefix(app, "t2")({"type": "http", "path": sent, "raw_path": sent.encode()}, None, None))
    assert paths == [(seen, seen.encode())]
