"""How far a game in progress has come, and whether it is complete but not saved.

How each game knows it is finished:
- Lost Cities: its record holds every round of the variant (1 or 3; "Next round" adds the next,
  empty) and the last one has a card in it; `scoring` calls it decided once the last round exists.
- Card Commons: the record holds the rounds scored ("Score round"), the round being entered is the
  draft; decided after the regular rounds (3 or 4) unless level, when extra rounds follow.
- CGT, BoardGameGeek: The Card Game, BoardGameGeek: The Game: scored once at the end, so `scoring`
  calls them decided as soon as they score; only the table knows when everyone has entered.

A game is complete when every round is in (or, for a game scored once, something is entered),
nothing is left in the round being entered and the result is decided. It is finished (its Results
may say "wins") when it is complete and no player's phone is still entering (`finished`), or saved.

A complete game is not saved by itself (a player may still correct a card), so leaving its Results
asks (Save to history / Keep editing / Discard) and Home offers a one-tap Save beside it."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

import scoring
from companion.data.store import EDITING, IN_PROGRESS, StoredGame


def has_content(value: Any) -> bool:
    """Whether a part of a record holds something entered: a number other than 0, a non-empty
    list, a dict with content. Strings (a chosen colour) are setup, not play."""
    if isinstance(value, (bool, str)) or value is None:
        return False
    if isinstance(value, (int, float)):
        return value != 0
    if isinstance(value, dict):
        return any(has_content(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(has_content(v) if isinstance(v, (dict, list, tuple)) else True for v in value)
    return False


def rounds_progress(record: dict) -> tuple[int, int] | None:
    """(rounds played so far, rounds the game has) for a game played in rounds; None for a game
    scored once (or a record that does not score). Each game's rules count it (GameRules.progress)."""
    try:
        parsed = scoring.parse(record)
    except scoring.RecordError:
        return None
    return parsed.rules.progress(parsed.game)


def anything_entered(record: dict) -> bool:
    """Whether anything is on the table yet, as the game's rules say (GameRules.entered); False for a record
    that does not score."""
    try:
        parsed = scoring.parse(record)
    except scoring.RecordError:
        return False
    return parsed.rules.anything_entered(parsed.game)


def every_round_in(record: dict) -> bool:
    """Every round has something in it (for a game scored once: something is entered)."""
    if not anything_entered(record):
        return False
    progress = rounds_progress(record)
    return progress is None or progress[0] >= progress[1]


def all_in(game: StoredGame) -> bool:
    """Every round in, nothing half entered and the result decided (whatever the game's status)."""
    if has_content(game.draft) or not every_round_in(game.record):
        return False
    try:
        return scoring.score(game.record).decided
    except scoring.RecordError:
        return False


def complete(game: StoredGame) -> bool:
    """A game in progress (not an edit copy of a saved game) with everything in: not saved yet."""
    return game.status == IN_PROGRESS and all_in(game)


def finished(game: StoredGame, still_entering: Collection[str] = ()) -> bool:
    """Whether the game's result is final: saved, or (a game in progress or an edit copy) all in
    with no phone still entering."""
    if game.status not in (IN_PROGRESS, EDITING):
        return True
    return all_in(game) and not still_entering
