"""One form for every path the server answers, read once from the path as the client sent it.

The ASGI scope's `raw_path` is the path still %-encoded; `path` is it decoded, so `%2F` is a slash
there. A path is in its one form when, decoded, it holds no backslash, no run of slashes and no
`.` or `..` segment. A request whose path is not is sent (308) to that form: a backslash (raw or
`%5C`) read as a slash, as a browser reads one in an http URL; runs of slashes as one; dot segments
resolved (`%2E` too); a trailing slash kept. That target, %-encoded again, decodes to the form
itself, so it never redirects again, and it starts with one slash followed by neither a slash nor a
backslash: it is always a path on this server (`//evil.example` or `/\\evil.example` would name
another host). The only other redirect of the server is play_links.py's, to BG Stats.

Nothing legitimate is lost: the app's routes never hold `%2F` or `%5C` (ids.route_id writes such an
id in base64), and Flet's client opens no page from a doubled slash (issue 49: a blank grey page).
"""

from __future__ import annotations

from urllib.parse import quote, quote_from_bytes, unquote_to_bytes

SAFE = b"/:@!$&'()*+,;="  # kept unencoded besides letters, digits and -._~: what RFC 3986 lets a path segment hold


def one_form(path: bytes) -> bytes:
    """The decoded `path` in its one form (see the module docstring)."""
    segments: list[bytes] = []
    parts = path.replace(b"\\", b"/").split(b"/")
    for part in parts:
        if part == b"..":
            segments = segments[:-1]
        elif part not in (b"", b"."):
            segments.append(part)
    trailing = parts[-1] in (b"", b".", b"..") and bool(segments)
    return b"/" + b"/".join(segments) + (b"/" if trailing else b"")


def redirect(scope: dict) -> bytes | None:
    """The Location an http request is sent to (its path's one form, its query kept), or None when its path is in that form."""
    raw = scope.get("raw_path") or quote(scope["path"]).encode("ascii")  # raw_path is optional in ASGI
    decoded = unquote_to_bytes(raw)
    form = one_form(decoded)
    if form == decoded:
        return None
    query = scope.get("query_string", b"").replace(b"\\", b"%5C")  # the same in a query, and never a backslash in Location
    return quote_from_bytes(form, safe=SAFE).encode("ascii") + (b"?" + query if query else b"")
