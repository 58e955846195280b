"""The BG Stats QR code a phone camera reads at arm's length (issue 39): a short link to this server
(companion/server/play_links.py) where phones reach it, 29 modules across at 7 px or more; else the
play with only what BG Stats needs (bg_stats.qr_play), at 5 px or more on a tablet or a laptop."""

import asyncio
import io
import json
import urllib.error
import urllib.request
from urllib.parse import unquote

import pytest
import segno
from PIL import Image

import scoring
from companion.server import play_links
from companion.server.play_links import PlayLinks, Routes
from companion.services import bg_stats, qr_codes
from companion.ui.views.game_log import bgstats_qr, qr_room
from scoring.bgg_card_game import SUBDOMAINS

NAMES = ["Ana", "Ben", "Dee", "Christophe", "Ekaterina", "Wolfgang"]
LAN = "http://192.168.178.100:8550"


def play_of(players: int, notes: str = "") -> dict:
    names = NAMES[:players]
    final = {n: {"played": [{"subdomain": SUBDOMAINS[i], "cards": i + 2}], "collections": []} for i, n in enumerate(names)}
    record = {"format": 1, "game": "bgg-card-game", "players": names, "final": final}
    record |= {"id": "2026-11-30T21-05-00-ab12", "played_at": "2026-11-30T21:05:00+01:00", "location": "Café Nord"}
    if notes:
        record["notes"] = notes
    return bg_stats.bgstats_play(record)


def data_of(link: str) -> dict:
    return json.loads(unquote(link.split("?data=", 1)[1]))


# -- what the QR holds and how large it is drawn ---------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("width", [390, 820, 1280])  # a phone, a tablet, a laptop
def test_where_phones_reach_the_server_the_qr_is_a_short_link_with_large_modules(players, width):
    text, code = bgstats_qr(play_of(players, notes="x" * 1000), LAN, qr_room(width))
    assert text.startswith(f"{LAN}/bgstats/") and len(text) == len(LAN) + len("/bgstats/") + play_links.TOKEN_LENGTH
    assert code.modules == 29  # version 3, whatever the play holds (the was 93)
    assert code.module_px >= 7 and code.side <= qr_room(width)


@pytest.mark.parametrize("players, width", [(2, 820), (4, 820), (6, 820), (6, 1280)])
def test_where_phones_cannot_reach_it_the_whole_play_is_drawn_at_5_px_a_module(players, width):
    play = play_of(players, notes="a long story " * 70)  # notes stay out of the QR: the web link keeps them
    text, code = bgstats_qr(play, None, qr_room(width))
    assert data_of(text) == bg_stats.qr_play(play)
    assert code.module_px >= qr_codes.MIN_MODULE_PX and code.side <= qr_room(width)
    whole = segno.make(bg_stats.bgstats_url(play), error="l").symbol_size(border=0)[0]
    assert whole > code.modules  # the whole link's code, notes and all, is denser


def test_the_png_is_the_size_said_with_its_quiet_zone():
    code = qr_codes.qr_image(f"{LAN}/bgstats/ABCDEFGHJKLMN", 262)  # a 390 px phone's dialog
    image = Image.open(io.BytesIO(code.png))
    assert image.size == (code.side * qr_codes.PIXEL_RATIO,) * 2
    assert (code.modules, code.module_px, code.side) == (29, 7, 259)
    grey = image.convert("L")
    edge = qr_codes.QUIET * code.module_px * qr_codes.PIXEL_RATIO
    assert grey.crop((0, 0, image.size[0], edge)).getextrema() == (255, 255)  # a white quiet zone: dark dialogs too
    assert grey.getextrema()[0] == 0


def test_a_text_too_long_for_any_qr_code_gives_none():
    assert qr_codes.qr_image("x" * 3000, 600) is None


def test_qr_play_keeps_what_bg_stats_needs():
    play = play_of(4, notes="tight game")
    short = bg_stats.qr_play(play)
    assert "comments" not in short and short["game"] == play["game"] and short["playDate"] == play["playDate"]
    assert short["sourcePlayId"] == play["sourcePlayId"] and short["location"] == "Café Nord"
    assert [(p["name"], p["score"], p["winner"]) for p in short["players"]] == [
        (p["name"], p["score"], p["winner"]) for p in play["players"]
    ]
    assert [p.get("startPlayer", False) for p in short["players"]] == [True, False, False, False]
    assert all("rank" not in p and "sourcePlayerId" not in p for p in short["players"])  # the scores give the places


def test_qr_play_keeps_the_rank_where_a_tiebreak_decided_it():
    # CGT: Ana and Ben both score 6; Ana holds fewer cards, so the tiebreak gives her 1st.
    final = {"meta": {"9": 3, "8": 2}, "collections": {"Ana": {"9": 2}, "Ben": {"8": 3}}}
    record = {"format": 1, "game": "cgt", "players": ["Ana", "Ben"], "variant": {"first_player_penalty": 0}, "final": final}
    assert scoring.score(record).totals == {"Ana": 6, "Ben": 6}
    short = bg_stats.qr_play(bg_stats.bgstats_play(record))
    assert [(p["rank"], p["winner"]) for p in short["players"]] == [(1, True), (2, False)]


# -- the short link's route -----------------------------------------------------------------------


def call(routes: Routes, path: str, method: str = "GET") -> tuple[int, dict[bytes, bytes], bytes]:
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": b""}

    async def send(message):
        sent.append(message)

    asyncio.run(routes({"type": "http", "method": method, "path": path, "headers": []}, receive, send))
    return sent[0]["status"], dict(sent[0]["headers"]), b"".join(m.get("body", b"") for m in sent[1:])


async def passed_on(scope, receive, send):
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"the app"})


def test_the_short_link_sends_the_phone_on_to_the_whole_play():
    links = PlayLinks()
    play = play_of(3, notes="kept in the web link")
    text = play_links.short_link(LAN, bg_stats.bgstats_url(play), links)
    status, headers, body = call(Routes(passed_on, links), text[len(LAN) :])
    assert status == 303 and body == b""
    assert headers[b"location"].decode() == bg_stats.bgstats_url(play)
    assert data_of(headers[b"location"].decode()) == play  # everything, notes included
    assert headers[b"cache-control"] == b"no-store" and headers[b"referrer-policy"] == b"no-referrer"
    assert call(Routes(passed_on, links), text[len(LAN) :], "HEAD")[:2][0] == 303


@pytest.mark.parametrize(
    "path, method",
    [
        ("/bgstats/ABCDEFGHJKLMN", "GET"),  # well formed, never made
        ("/bgstats/", "GET"),
        ("/bgstats/../../etc/passwd", "GET"),
        ("/bgstats/" + "A" * 5000, "GET"),
        ("/bgstats/abcdefghjklmn", "GET"),  # lower case: not a token
        ("/bgstats/<script>", "GET"),
        ("TOKEN", "POST"),  # a real token, but only GET and HEAD open it
    ],
)
def test_anything_else_under_the_route_gets_a_page_in_words(path, method):
    links = PlayLinks()
    token = links.token_for("https://app.bgstatsapp.com/createPlay.html?data=%7B%7D")
    status, headers, body = call(Routes(passed_on, links), f"/bgstats/{token}" if path == "TOKEN" else path, method)
    assert status == 404 and b"location" not in headers
    text = body.decode()
    assert "This BG Stats link has expired or is unknown" in text and "Other ways to BG Stats" in text
    assert "Traceback" not in text and "<script>" not in text


def test_the_qr_shown_and_the_servers_route_share_their_links():
    play = play_of(2)
    text, _ = bgstats_qr(play, LAN, 262)  # what the dialog shows
    status, headers, _ = call(Routes(passed_on), text[len(LAN) :])  # the server's route, as serve() installs it
    assert status == 303 and headers[b"location"].decode() == bg_stats.bgstats_url(play)


def test_other_paths_reach_the_app():
    assert call(Routes(passed_on, PlayLinks()), "/history")[2] == b"the app"
    assert call(Routes(passed_on, PlayLinks()), "/bgstatsX")[2] == b"the app"


def test_a_link_keeps_its_token_lives_an_evening_and_the_oldest_go_first():
    now = [0.0]
    links = PlayLinks(clock=lambda: now[0], keep=100.0, most=3)
    first = links.token_for("https://a")
    assert links.token_for("https://a") == first and links.url_of(first) == "https://a"
    assert len(first) == play_links.TOKEN_LENGTH and set(first) <= set(play_links.ALPHABET)
    assert links.token_for("https://b") != first
    now[0] = 99.0
    assert links.url_of(first) == "https://a"
    now[0] = 100.0
    assert links.url_of(first) is None  # expired
    tokens = [links.token_for(f"https://{i}") for i in range(4)]
    assert links.url_of(tokens[0]) is None and all(links.url_of(t) for t in tokens[1:])  # at most 3 kept


def test_the_real_server_answers_the_route_inside_its_guard(tmp_path):
    from tests.security.support import Server

    server = Server(tmp_path / "data").start()
    try:
        with pytest.raises(urllib.error.HTTPError) as unknown:
            urllib.request.urlopen(f"{server.url}/bgstats/ABCDEFGHJKLMN", timeout=5)
        assert unknown.value.code == 404 and b"expired or is unknown" in unknown.value.read()
        foreign = urllib.request.Request(f"{server.url}/bgstats/ABCDEFGHJKLMN", headers={"Host": "evil.example"})
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(foreign, timeout=5)
        assert refused.value.code == 403  # DNS rebinding: the guard stands before the route
    finally:
        server.stop()
