"""Short links for the BG Stats QR code: `/bgstats/<token>` on this server sends a phone on to the
play's BG Stats link (a 303 redirect to https://app.bgstatsapp.com/createPlay.html?data=…).

Why: the play's own link is hundreds of characters, and its QR code (about 93 modules across for two
players) is too dense for a phone camera at arm's length; `http://192.168.1.20:8550/bgstats/` and 13
characters make a QR of 29 modules.

What it exposes: a token opens only the link it was made for (a game's players, scores, place and
notes, which the person showing the QR is handing over), never anything else of the server. A token is
13 random characters of 32 (65 bits, not guessable), made by the host's Results screen, and forgotten
after KEEP_SECONDS or when the server stops; an unknown, expired or malformed token gets a 404 page in
words, in the first of the phone's languages (its browser's Accept-Language) that Tableside speaks.
The route sits inside the guard (companion/server/guard.py: known Host headers only).
"""

from __future__ import annotations

import html
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

from companion import language
from companion.language import N_, _

PREFIX = "/bgstats/"
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32 characters; no I, O, 0, 1 (read aloud or typed, they mix)
TOKEN_LENGTH = 13
KEEP_SECONDS = 12 * 3600.0  # an evening
MAX_LINKS = 2000  # the oldest are forgotten first
EXPIRED = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'><title>Tableside</title><p>{words}</p>"
OTHER_WAYS = N_("Other ways to BG Stats")  # the Results screen's button (ui/views/game_log.py)


def expired_page(other_ways: str) -> str:
    """The page of a link that opens nothing, in the language being spoken (`language.speaking`)."""
    words = _("This BG Stats link has expired or is unknown.") + " "
    words += _("On Tableside, open the game's results and tap “{other_ways}” again for a new code.").format(other_ways=_(other_ways))
    return EXPIRED.format(words=html.escape(words, quote=False))


def browser_languages(scope: dict) -> list[str]:
    """The languages of a request's Accept-Language ("de-AT,de;q=0.9,en;q=0.8"), most preferred first."""
    header = next((value for name, value in scope.get("headers") or () if name.lower() == b"accept-language"), b"")
    tags = []
    for i, item in enumerate(header.decode("latin-1").split(",")):
        tag, *params = item.strip().split(";")
        q = next((p.strip()[2:] for p in params if p.strip().startswith("q=")), "1")
        try:
            weight = float(q)
        except ValueError:
            weight = 0.0
        if tag and weight > 0:
            tags.append((-weight, i, tag))
    return [entry[2] for entry in sorted(tags)]


class PlayLinks:
    """Tokens for BG Stats links: the same link keeps its token while it lives."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, keep: float = KEEP_SECONDS, most: int = MAX_LINKS):
        self.clock, self.keep, self.most = clock, keep, most
        self._links: OrderedDict[str, tuple[str, float]] = OrderedDict()  # token: (url, made at), oldest first
        self._tokens: dict[str, str] = {}  # url: token
        self._lock = threading.Lock()  # sessions run on the event loop, the checks may not

    def _forget_old(self, now: float) -> None:
        while self._links:
            token, (url, made) = next(iter(self._links.items()))
            if now - made < self.keep and len(self._links) <= self.most:
                return
            del self._links[token]
            self._tokens.pop(url, None)

    def token_for(self, url: str) -> str:
        with self._lock:
            now = self.clock()
            self._forget_old(now)
            token = self._tokens.get(url)
            if token is None:
                token = "".join(secrets.choice(ALPHABET) for unused in range(TOKEN_LENGTH))
                self._tokens[url] = token
            self._links[token] = (url, now)  # made again: it lives another KEEP_SECONDS
            self._links.move_to_end(token)
            self._forget_old(now)
            return token

    def url_of(self, token: str) -> str | None:
        if len(token) != TOKEN_LENGTH or any(c not in ALPHABET for c in token):
            return None
        with self._lock:
            self._forget_old(self.clock())
            found = self._links.get(token)
            return found[0] if found else None


LINKS = PlayLinks()  # one per server process: the screens make the tokens, the route reads them


def short_link(base: str, url: str, links: PlayLinks = LINKS) -> str:
    """`base` (how phones reach this server, e.g. http://192.168.1.20:8550) + a token for `url`."""
    return f"{base.rstrip('/')}{PREFIX}{links.token_for(url)}"


class Routes:
    """ASGI middleware: answers `/bgstats/<token>`, passes everything else to the app."""

    def __init__(self, app, links: PlayLinks = LINKS, other_ways: str = OTHER_WAYS):
        self.app, self.links, self.other_ways = app, links, other_ways

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith(PREFIX):
            return await self.app(scope, receive, send)
        url = self.links.url_of(scope["path"][len(PREFIX) :]) if scope["method"] in ("GET", "HEAD") else None
        headers = [(b"cache-control", b"no-store"), (b"referrer-policy", b"no-referrer")]
        if url is None:
            with language.speaking(language.best_match(browser_languages(scope))):
                body = expired_page(self.other_ways).encode("utf-8")
            status, headers = 404, [*headers, (b"content-type", b"text/html; charset=utf-8")]
        else:
            body = b""
            status, headers = 303, [*headers, (b"location", url.encode("ascii"))]
        await send({"type": "http.response.start", "status": status, "headers": [*headers, (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
