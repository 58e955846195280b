"""Game ids in routes and their limits.

FORMAT lets an id be any string, so one may hold `/ ? # %` or spaces. Percent-encoding is not
enough in a route: Flet's web client (Flutter) shows the route decoded in the address bar, so
a reload would split `a%2Fb` at its slash (measured in Chromium). So `route_id` leaves a
plain id (letters, digits, `.`, `_`, `-`: every uuid Tableside makes) as it is and writes any
other as `~` + its UTF-8 in URL-safe base64, whose characters nothing decodes. The route
table reads it back with `id_from_route`. The store refuses an empty id and one over
MAX_ID_LENGTH characters.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Any

from companion.language import _

MAX_ID_LENGTH = 200
PLAIN = re.compile(r"[A-Za-z0-9._-]+")
ENCODED = "~"


def route_id(game_id: str) -> str:
    """The id as one route segment that survives the address bar and a reload."""
    if PLAIN.fullmatch(game_id) and game_id not in (".", ".."):
        return game_id
    return ENCODED + base64.urlsafe_b64encode(game_id.encode("utf-8")).decode("ascii").rstrip("=")


def id_from_route(part: str) -> str:
    """The id a route segment names; a segment that is not a valid encoding is taken as it is."""
    if not part.startswith(ENCODED):
        return part
    text = part[len(ENCODED) :]
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        return part


def id_problem(game_id: Any) -> str | None:
    """Why `game_id` cannot be a game's id, in words; None when it can."""
    if not isinstance(game_id, str):
        return _("the id must be text, not {type}").format(type=type(game_id).__name__)
    if not game_id:
        return _("the id is empty")
    if len(game_id) > MAX_ID_LENGTH:
        return _("the id is {length} characters long (at most {limit})").format(length=len(game_id), limit=MAX_ID_LENGTH)
    return None
