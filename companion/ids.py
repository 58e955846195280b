"""Game ids in routes and their limits.

FORMAT lets an id be any string, so one may hold `/ ? # %` or spaces: a route carries it
percent-encoded as one path segment (`route_id`), and the route table decodes it
(`id_from_route`). The store refuses an empty id and one over MAX_ID_LENGTH characters.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, unquote

MAX_ID_LENGTH = 200


def route_id(game_id: str) -> str:
    """The id as one route segment: every character that could end or split it is escaped."""
    return quote(game_id, safe="")


def id_from_route(part: str) -> str:
    return unquote(part)


def id_problem(game_id: Any) -> str | None:
    """Why `game_id` cannot be a game's id, in words; None when it can."""
    if not isinstance(game_id, str):
        return f"the id must be text, not {type(game_id).__name__}"
    if not game_id:
        return "the id is empty"
    if len(game_id) > MAX_ID_LENGTH:
        return f"the id is {len(game_id)} characters long (at most {MAX_ID_LENGTH})"
    return None
