"""`tableside serve --prefix t2`: one process answers under `/t2/…`, so a proxy can send each prefix
to its own process (docs/scaling.md, "Past one process: shards by path prefix").

Flet's `proxy_path="t2"` makes the page say `<base href="/t2/">` and open its websocket at `/t2/ws`;
the app itself keeps its routes at `/`, `/ws`, `/bgstats/…`. `PathPrefix` takes the prefix off a
request's path before the app sees it, so the process answers at `/t2/…` itself (a proxy passes the
path as it is) and at `/…` too (a proxy that strips the prefix, or a browser on the machine). The
upload route (server/upload_route.py) is inside too: its URLs say `/t2/upload`, it answers `/upload`.
"""

from __future__ import annotations

import re

NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")


def valid_name(name: str) -> bool:
    """A prefix is one path segment of letters, digits, - and _ (nothing to escape in a URL or a proxy's configuration)."""
    return NAME.fullmatch(name) is not None


class PathPrefix:
    """ASGI middleware: `/<name>/x` reaches the app as `/x`; other paths pass as they are."""

    def __init__(self, app, name: str):
        if not valid_name(name):
            raise ValueError(f"not a path prefix: {name!r}")
        self.app = app
        self.prefix = f"/{name}"

    async def __call__(self, scope, receive, send):
        if scope["type"] in ("http", "websocket"):
            path = scope["path"]
            if path == self.prefix or path.startswith(self.prefix + "/"):
                scope = {**scope, "path": path[len(self.prefix) :] or "/"}
                raw = scope.get("raw_path") or b""  # as sent, percent-encoded
                prefix = self.prefix.encode("ascii")
                scope["raw_path"] = (raw[len(prefix) :] or b"/") if raw.startswith(prefix) else scope["path"].encode("utf-8")
        await self.app(scope, receive, send)
