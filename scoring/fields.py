"""Reading hand-written JSON safely: every check names where it failed.

A location is a tuple of steps such as ("round 2", "Ben", "red", "cards");
RecordError prints it as "round 2 › Ben › red › cards: <message>".
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from typing import Any

from .words import join_names, ordinal

__all__ = ["join_names", "ordinal"]  # said in words (words.py); imported from here by the games

Where = tuple[str, ...]


class RecordError(ValueError):
    """A record that docs/format.md does not allow, with the place at fault."""

    def __init__(self, where: Where, message: str):
        super().__init__(message)
        self.where = tuple(where)
        self.message = message

    def __str__(self) -> str:
        if not self.where:
            return self.message
        return " › ".join(self.where) + ": " + self.message

    def sentence(self, players: Collection[str] = (), shown: Collection[str] = ()) -> str:
        """The refusal as a person reads it: "Blue 2 is on Ana's tableau." The round and the player
        of the location are said only when they are not `shown` (what the tap was on) and the
        message does not name them already: "In round 1, for Ben, blue 2 is on Ana's tableau."
        The rest of the location (a field's key, "final") is for a record's author, not said here."""
        context = []
        for step in self.where:
            if step in shown or step in self.message:
                continue
            if ROUND.fullmatch(step):
                context.append(f"in {step}")
            elif step in players:
                context.append(f"for {step}")
        if not context:
            return sentence(self.message, players)
        return sentence(", ".join(context) + ", " + self.message)


ROUND = re.compile(r"round \d+")


def sentence(text: str, names: Iterable[str] = ()) -> str:
    """`text` as a sentence: its first letter a capital (unless it begins with one of `names`, spelt
    as its owner spells it), a full stop at its end ("" stays "")."""
    text = text.strip()
    if not text:
        return ""
    if text[0].islower() and not any(text.startswith(n) for n in names if n):
        text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?…" else text + "."


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return "a number"
    if isinstance(value, float):
        return "a decimal number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


def need_object(value: Any, where: Where) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(where, f"expected an object, found {type_name(value)}")
    return value


def need_list(value: Any, where: Where) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(where, f"expected a list, found {type_name(value)}")
    return value


def need_int(value: Any, where: Where, low: int | None = None, high: int | None = None) -> int:
    # Fast path (hot in every game): a plain int inside the range.
    if value.__class__ is int and (low is None or low <= value) and (high is None or value <= high):
        return value
    # bool is a subclass of int in Python; true is not a count of cards.
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(where, f"expected a whole number, found {type_name(value)}")
    if low is not None and high is not None and not low <= value <= high:
        raise RecordError(where, f"{value} is outside {low}..{high}")
    if low is not None and value < low:
        raise RecordError(where, f"{value} is below {low}")
    if high is not None and value > high:
        raise RecordError(where, f"{value} is above {high}")
    return value


def need_str(value: Any, where: Where) -> str:
    if not isinstance(value, str):
        raise RecordError(where, f"expected text, found {type_name(value)}")
    return value


def need_bool(value: Any, where: Where) -> bool:
    if not isinstance(value, bool):
        raise RecordError(where, f"expected true or false, found {type_name(value)}")
    return value


def need_choice(value: Any, where: Where, choices: Collection[str]) -> str:
    if value.__class__ is str and value in choices:  # fast path: the usual, valid case
        return value
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        shown = repr(value) if isinstance(value, str) else type_name(value)
        raise RecordError(where, f"{shown} is not one of {', '.join(choices)}")
    return value


def check_keys(obj: Mapping[str, Any], where: Where, required: Iterable[str] = (), optional: Iterable[str] = ()) -> None:
    """Missing required keys and unknown keys are both errors: a typo must not score silently."""
    for key in required:
        if key not in obj:
            raise RecordError(where, f"missing field '{key}'")
    for key in obj:
        if key not in required and key not in optional:
            allowed = set(required) | set(optional)
            raise RecordError(where, f"unknown field '{key}' (expected {', '.join(sorted(allowed)) or 'none'})")


def check_player_keys(obj: dict[str, Any], where: Where, players: tuple[str, ...], required: bool = True) -> None:
    """An object keyed by player names: no stranger, and (when required) nobody missing."""
    for key in obj:
        if key not in players:
            raise RecordError(where, f"'{key}' is not a player of this game")
    if required:
        for name in players:
            if name not in obj:
                raise RecordError(where, f"missing player '{name}'")


