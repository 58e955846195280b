"""A record's JSON text read with the standard json module, refusing what it would let pass silently.

A key given twice in one object (`{"gg": 40, "gg": 50}`, or a player twice in `final`) keeps only
its last value in a plain json.loads, so a mistake made while editing a file by hand would score
silently; NaN and Infinity are not numbers JSON allows.
"""

from __future__ import annotations

import json
from typing import Any, NoReturn

from .fields import RecordError


def loads(text: str) -> Any:
    """The parsed JSON value; ValueError when the text is not JSON, RecordError (naming the place)
    when an object gives a key twice."""
    repeated: list[tuple[dict[str, Any], str]] = []  # each object that gave a key twice, and the key

    def to_dict(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        obj = dict(pairs)
        if len(obj) < len(pairs):
            seen: set[str] = set()
            for key, _ in pairs:
                if key in seen:
                    repeated.append((obj, key))
                    break
                seen.add(key)
        return obj

    value = json.loads(text, object_pairs_hook=to_dict, parse_constant=reject_constant)
    if repeated:
        obj, key = repeated[0]
        raise RecordError(path_to(value, obj) or ("record",), f"'{key}' is given twice; the second would silently replace the first")
    return value


def reject_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number JSON allows")


def path_to(root: Any, target: dict[str, Any]) -> tuple[str, ...] | None:
    """The steps from root to the object `target` (keys, and list items counted from 1)."""
    if root is target:
        return ()
    if isinstance(root, dict):
        children = ((str(k), v) for k, v in root.items())
    elif isinstance(root, list):
        children = ((f"item {i}", v) for i, v in enumerate(root, start=1))
    else:
        return None
    for step, child in children:
        below = path_to(child, target)
        if below is not None:
            return (step, *below)
    return None
