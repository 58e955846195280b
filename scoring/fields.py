"""Reading hand-written JSON safely: every check names where it failed.

A location is a tuple of steps such as ("round 2", "Ben", "red", "cards");
RecordError prints it as "round 2 › Ben › red › cards: <message>".
Its message, and the steps that are words ("round 2", "player 1"), are the rules' words (words.py: `Said`):
RecordError.said is the whole of it in words the app says in the reader's language.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable, Mapping
from typing import Any

from .words import Said, join_names, ordinal

__all__ = ["join_names", "ordinal"]  # said in words (words.py); imported from here by the games

Where = tuple[str, ...]
RECORD = Said("record")  # the location of the record as a whole (a word, where the other steps are its keys)


class RecordError(ValueError):
    """A record that docs/format.md does not allow, with the place at fault.

    `str(error)` is the English a record's author reads (the command line, an import's refusal):
    "round 2 › Ben › red › cards: 11 is outside 2..10". The same in the reader's language: `error.said`,
    a `Said` ("{where}: {message}") whose steps are said as words where they are words ("round 2", "player 1",
    "record": built as Said by the rules, and a plain "round N" made a Said here too) and as they are where they
    are names or keys ("Ben", "cards"); its message is the rules' Said. The app shows `spoken(error.said)`, or
    `spoken(error.message)` without the place; `sentence(players, shown, say=spoken)` says the refusal of a tap.
    `where` and `message` compare and print as the English text they always were.

    >>> error = RecordError(("round 2", "Ben", "cards"), Said("{value} is above {high}", value=11, high=10))
    >>> str(error), error.said == str(error), error.said.template
    ('round 2 › Ben › cards: 11 is above 10', True, '{where}: {message}')
    >>> error.sentence(["Ana", "Ben"], shown=["Ben"])
    'In round 2, 11 is above 10.'
    """

    def __init__(self, where: Where, message: str):
        super().__init__(message)
        self.where = tuple(where)
        self.message = message

    def __str__(self) -> str:
        if not self.where:
            return self.message
        return " › ".join(self.where) + ": " + self.message

    @property
    def said(self) -> str:
        """`str(self)` as the rules' words (a Said where the message is one): "{where}: {message}"."""
        if not self.where:
            return self.message
        where = step_said(self.where[0])
        for step in self.where[1:]:
            where = Said("{where} › {step}", where=where, step=step_said(step))
        return Said("{where}: {message}", where=where, message=self.message)

    def sentence(self, players: Collection[str] = (), shown: Collection[str] = (), say: Callable[[str], str] = str) -> str:
        """The refusal as a person reads it: "Blue 2 is on Ana's tableau." The round and the player
        of the location are said only when they are not `shown` (what the tap was on) and the
        message does not name them already: "In round 1, for Ben, blue 2 is on Ana's tableau."
        The rest of the location (a field's key, "final") is for a record's author, not said here.
        `say` turns the rules' words into text before the sentence is made of them: `str`, English
        (as the tests read it); the app's `spoken`, the reader's language."""
        context: list[tuple[str, str]] = []  # ("round", step) or ("player", name), in the location's order
        for step in self.where:
            if step in shown or step in self.message:
                continue
            if ROUND.fullmatch(step):
                context.append(("round", step))
            elif step in players:
                context.append(("player", step))
        if not context:
            return sentence(say(self.message), players)
        said: str = self.message
        if [kind for kind, step in context] == ["round", "player"]:  # the usual place of a tap: one sentence
            said = Said("in {round}, for {player}, {message}", round=step_said(context[0][1]), player=context[1][1], message=said)
            context = []
        for kind, step in reversed(context):
            if kind == "round":
                said = Said("in {round}, {message}", round=step_said(step), message=said)
            else:
                said = Said("for {player}, {message}", player=step, message=said)
        return sentence(say(said))


ROUND = re.compile(r"round (\d+)")


def step_said(step: str) -> str:
    """A step of a location as words where it is one: a Said as it is, "round 2" (a plain step the rules
    build on every parse) as Said("round {n}"); a name or a key as it is."""
    if isinstance(step, Said):
        return step
    found = ROUND.fullmatch(step)
    return Said("round {n}", n=found[1]) if found else step


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
    """What a JSON value is, in words ("a list"); null and true/false as JSON writes them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int):
        return Said("a number")
    if isinstance(value, float):
        return Said("a decimal number")
    if isinstance(value, str):
        return Said("text")
    if isinstance(value, list):
        return Said("a list")
    if isinstance(value, dict):
        return Said("an object")
    return type(value).__name__


def need_object(value: Any, where: Where) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(where, Said("expected an object, found {found}", found=type_name(value)))
    return value


def need_list(value: Any, where: Where) -> list[Any]:
    if not isinstance(value, list):
        raise RecordError(where, Said("expected a list, found {found}", found=type_name(value)))
    return value


def need_int(value: Any, where: Where, low: int | None = None, high: int | None = None) -> int:
    # Fast path (hot in every game): a plain int inside the range.
    if value.__class__ is int and (low is None or low <= value) and (high is None or value <= high):
        return value
    # bool is a subclass of int in Python; true is not a count of cards.
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(where, Said("expected a whole number, found {found}", found=type_name(value)))
    if low is not None and high is not None and not low <= value <= high:
        raise RecordError(where, Said("{value} is outside {low}..{high}", value=value, low=low, high=high))
    if low is not None and value < low:
        raise RecordError(where, Said("{value} is below {low}", value=value, low=low))
    if high is not None and value > high:
        raise RecordError(where, Said("{value} is above {high}", value=value, high=high))
    return value


def need_str(value: Any, where: Where) -> str:
    if not isinstance(value, str):
        raise RecordError(where, Said("expected text, found {found}", found=type_name(value)))
    return value


def need_bool(value: Any, where: Where) -> bool:
    if not isinstance(value, bool):
        raise RecordError(where, Said("expected true or false, found {found}", found=type_name(value)))
    return value


def need_choice(value: Any, where: Where, choices: Collection[str]) -> str:
    if value.__class__ is str and value in choices:  # fast path: the usual, valid case
        return value
    choices = tuple(choices)
    if not isinstance(value, str) or value not in choices:
        shown = repr(value) if isinstance(value, str) else type_name(value)
        raise RecordError(where, Said("{value} is not one of {choices}", value=shown, choices=", ".join(choices)))
    return value


def check_keys(obj: Mapping[str, Any], where: Where, required: Iterable[str] = (), optional: Iterable[str] = ()) -> None:
    """Missing required keys and unknown keys are both errors: a typo must not score silently."""
    for key in required:
        if key not in obj:
            raise RecordError(where, Said("missing field '{key}'", key=key))
    for key in obj:
        if key not in required and key not in optional:
            allowed = ", ".join(sorted(set(required) | set(optional)))
            if not allowed:
                raise RecordError(where, Said("unknown field '{key}' (expected none)", key=key))
            raise RecordError(where, Said("unknown field '{key}' (expected {keys})", key=key, keys=allowed))


def check_player_keys(obj: dict[str, Any], where: Where, players: tuple[str, ...], required: bool = True) -> None:
    """An object keyed by player names: no stranger, and (when required) nobody missing."""
    for key in obj:
        if key not in players:
            raise RecordError(where, Said("'{player}' is not a player of this game", player=key))
    if required:
        for name in players:
            if name not in obj:
                raise RecordError(where, Said("missing player '{player}'", player=name))
