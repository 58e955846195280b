"""Flutter's fallback-font requests, answered from this machine at once.

When Flutter (web) lays out a character that no font registered *at that moment* covers, its
fallback loader downloads one of Google's Noto fonts from `fontFallbackBaseUrl` — with Flet's
`no_cdn`, `assets/fonts/<family>/v<N>/<file>`, e.g. `assets/fonts/notosanssc/v37/….21.woff2`.
That happens in the moment between a name reaching the screen (typed into a field, or sent by the
server) and the app's own font for it (companion/server/fonts.py) having loaded. Those files are not
here: a 404 leaves the characters pending, and the loader asks again on every later layout of the
text (the issue's frozen setup screen).

So every such request gets a tiny valid font with no characters (assets/fonts/Blank.ttf, made by
tools/make_blank_font.py): the loader records the family as loaded and never asks for it again,
and the characters are drawn by the app's own fonts, which the session registers as it shows them
(`fonts.watch`) and which every text style names in its fallback chain. A blank answer rather than
the shipped font itself: Flutter asks for one file per slice of a script (a Chinese name needs
two or three of Noto Sans SC's 100 slices), and loading our 8 MB CJK font once per slice would
cost a phone seconds and tens of MB. A script no shipped font covers (Thai, Devanagari, …) shows
boxes, and the screen keeps working.
"""

from __future__ import annotations

import re

BLANK = "fonts/Blank.ttf"  # under assets/
# What Flutter's fallback data names: a lower-case Noto family folder, a version folder, a file.
ASKED_FOR = re.compile(r"^/assets/fonts/noto[a-z0-9]+/v\d+/[\w.-]+\.(?:woff2|woff|ttf|otf)$")


def answer(path: str) -> str | None:
    """The file (under the app's assets) that answers a request for `path`, if Flutter's fallback loader made it."""
    return "/" + BLANK if ASKED_FOR.match(path) else None
