"""A record's JSON text read with the standard json module, refusing what it would let pass silently.

A key given twice in one object (`{"gg": 40, "gg": 50}`, or a player twice in `final`) keeps only
its last value in a plain json.loads, so a mistake made while editing a file by hand would score
silently; NaN and Infinity are not numbers JSON allows. A number too long to be read (Python
reads at most 4,300 digits, and says so with advice meant for programmers) is refused in words
at its place: "final › Ana › gg: a number is too long (5,000 digits; at most 4,300)".
"""

from __future__ import annotations

import json
import sys
from typing import Any, NoReturn

from .fields import RECORD, RecordError
from .words import Said

PYTHON_DIGITS = 4300  # int()'s limit when the interpreter does not say (sys.get_int_max_str_digits)


class NumberTooLong(RecordError):
    """A whole number longer than allowed; `parsed` is the value read, the number left as a LongNumber
    (so a caller can say which record it stood in)."""

    def __init__(self, where: tuple[str, ...], message: str, parsed: Any):
        super().__init__(where, message)
        self.parsed = parsed


class LongNumber:
    """Where a number longer than allowed stood (it is never read as a number)."""

    __slots__ = ("digits",)

    def __init__(self, digits: int):
        self.digits = digits


def digits_limit() -> int:
    get = getattr(sys, "get_int_max_str_digits", None)
    return (get() if get else 0) or PYTHON_DIGITS


def long_number(value: Any) -> tuple[tuple[str, ...], int] | None:
    """The place (keys, list items counted from 1) and length of the first LongNumber in `value`."""
    stack: list[tuple[Any, tuple[str, ...]]] = [(value, ())]
    while stack:
        node, at = stack.pop()
        if isinstance(node, LongNumber):
            return at, node.digits
        if isinstance(node, dict):
            stack.extend((item, (*at, str(key))) for key, item in reversed(node.items()))
        elif isinstance(node, list):
            stack.extend((item, (*at, Said("item {n}", n=i))) for i, item in reversed(list(enumerate(node, start=1))))
    return None


def too_long(digits: int, limit: int) -> str:
    return Said("a number is too long ({digits:,} digits; at most {limit:,})", digits=digits, limit=limit)


def loads(text: str, max_digits: int | None = None) -> Any:
    """The parsed JSON value; ValueError when the text is not JSON, RecordError (naming the place)
    when an object gives a key twice, NumberTooLong when a whole number has more than `max_digits`
    digits (default: as many as Python reads)."""
    limit = min(max_digits or PYTHON_DIGITS, digits_limit())
    found_long: list[bool] = []

    def read_int(digits: str) -> int | LongNumber:
        count = len(digits) - digits.startswith("-")
        if count > limit:
            found_long.append(True)
            return LongNumber(count)
        return int(digits)

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

    value = json.loads(text, object_pairs_hook=to_dict, parse_constant=reject_constant, parse_int=read_int)
    if repeated:
        obj, key = repeated[0]
        raise RecordError(
            path_to(value, obj) or (RECORD,), Said("'{key}' is given twice; the second would silently replace the first", key=key)
        )
    if found_long:
        place, digits = long_number(value) or ((), 0)
        raise NumberTooLong(place, too_long(digits, limit), value)
    return value


def reject_constant(name: str) -> NoReturn:
    raise ValueError(Said("{name} is not a number JSON allows", name=name))


def path_to(root: Any, target: dict[str, Any]) -> tuple[str, ...] | None:
    """The steps from root to the object `target` (keys, and list items counted from 1)."""
    if root is target:
        return ()
    if isinstance(root, dict):
        children = ((str(k), v) for k, v in root.items())
    elif isinstance(root, list):
        children = ((Said("item {n}", n=i), v) for i, v in enumerate(root, start=1))
    else:
        return None
    for step, child in children:
        below = path_to(child, target)
        if below is not None:
            return (step, *below)
    return None
