"""Flutter's accessibility tree on or off for a bench's page, whichever server made it.

Tableside's pages turn the tree on before Flutter's first frame (companion/server/web/semantics_on.js,
inlined into index.html). A bare Flet app's page (bench/bare_*.py) does not, and Flutter's default is
off. `switch(target, url, on)` serves the page at `url` with that script (on) or without it (off), to a
Playwright page or context, so that the benches compare each app with the tree on and off alike (in a browser
launched with BROWSER_ARGS).
"""

from __future__ import annotations

from companion.server import flet_seams, static_files

# A browser for such pages: Chromium counts a page answered by Playwright (route.fulfill) as a public site's,
# and refuses its websocket to the server on 127.0.0.1 (ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS).
BROWSER_ARGS = ["--disable-features=LocalNetworkAccessChecks"]
OURS = static_files.with_script("</head>", flet_seams.SEMANTICS_ON.read_text(encoding="utf-8")).removesuffix("</head>")
LEFT_OUT = {"content-encoding", "content-length", "etag"}  # the body is rewritten, and sent as is


def switch(target, url: str, on: bool) -> None:
    """Serve the page at `url` (exactly that address) to `target` with the tree on or off."""

    def rewrite(route) -> None:
        response = route.fetch()
        html = response.text().replace(OURS, "")
        if on:
            html = html.replace("</head>", OURS + "</head>", 1)
        headers = {k: v for k, v in response.headers.items() if k.lower() not in LEFT_OUT}
        route.fulfill(status=response.status, headers=headers, body=html)

    target.route(url, rewrite)
