"""A stored game as the store keeps it (StoredGame), its statuses, and the checks every record passes
before it is stored (a finished game's summary, its id, its metadata)."""

from __future__ import annotations

import copy
import errno
import functools
import marshal
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import scoring
from companion.data.checks import metadata_problem, played_when
from companion.data.ids import id_problem
from scoring.record import GameIdentity

IN_PROGRESS = "in_progress"
FINISHED = "finished"
EDITING = "editing"  # the copy of a saved game being edited


def json_copy(value: Any) -> Any:
    """A deep copy of JSON data (dicts, lists, strings, numbers, None): marshal's round trip, in C, about
    ten times quicker than copy.deepcopy, which made most of the start-up of a long history."""
    try:
        return marshal.loads(marshal.dumps(value))
    except ValueError:  # not JSON data after all: the general way
        return copy.deepcopy(value)


def summarise(record: dict) -> dict:
    """What lists and statistics need of a finished game, kept beside it so they never rescore."""
    result = scoring.score(record)
    return {
        "totals": dict(result.totals),
        "ranking": [list(g) for g in result.ranking],
        "winners": list(result.winners),
        "decided": result.decided,
    }


def check_id(game_id: Any) -> None:
    problem = id_problem(game_id)
    if problem:
        raise scoring.RecordError(("id",), problem)


def admit(record: dict, arriving: bool = False, finished: bool = False) -> None:
    """What start-up checks of every stored record (checks.py), checked before it is stored:
    RecordError names the field. `arriving`: a new game or an import (a player's name and the clock's
    plausibility are checked too); `finished`: an imported finished game (its clock has stopped)."""
    problem = metadata_problem(record, arriving, finished)
    if problem:
        raise scoring.RecordError((), problem)


@dataclass(frozen=True)
class StoredGame:
    id: str
    record: dict  # a record (docs/format.md), carrying `id` and `played_at`
    status: str
    modified_at: str
    finished_at: str | None = None
    draft: Any = None  # a round being entered that is not yet complete (Card Commons)
    summary: dict | None = None  # totals, ranking, winners, decided (finished games)

    @property
    def scored(self) -> dict[str, Any]:
        """The summary of a finished game (every finished game has one)."""
        assert self.summary is not None, f"game {self.id} has no summary"
        return self.summary

    @property
    def game(self) -> str:
        return self.record["game"]

    @property
    def players(self) -> list[str]:
        return self.record["players"]

    @functools.cached_property
    def identity(self) -> GameIdentity:
        """The game as the history's figures group it (GameRules.identity): a score pad per its title."""
        return scoring.GAMES[self.game].identity(self.record.get("variant") or {})

    @functools.cached_property
    def title(self) -> str:
        """The game's name as people say it (GameRules.display_title): "Lost Cities", a score pad's "Hearts"."""
        return scoring.GAMES[self.game].display_title(self.record.get("variant") or {})

    @functools.cached_property
    def lower_wins(self) -> bool:
        """Whether the lowest total ranks first in this game (GameRules.lower_wins): its best score is its lowest."""
        return scoring.GAMES[self.game].lower_wins(self.record.get("variant") or {})

    @functools.cached_property  # lists sort thousands of games by it: parsed once per game
    def when(self) -> datetime:
        """When it was played, an aware datetime (a played_at without offset is local time)."""
        try:
            return played_when(self.record.get("played_at", self.modified_at))
        except ValueError:
            return played_when(self.modified_at)

    @functools.cached_property
    def order(self) -> tuple[float, str]:
        """Sort key: the moment it was played (as a number: cheap to compare), then the id."""
        return self.when.timestamp(), self.id

    @functools.cached_property
    def played_at(self) -> str:
        """played_at normalised: ISO 8601 with its offset, so [:10] is the day it was played."""
        return self.when.isoformat()

    @classmethod
    def from_doc(cls, doc: dict, copy: bool = True) -> StoredGame:
        """The game a stored document holds: a copy of it, or (`copy=False`, start-up's freshly parsed
        files) the document's own data, as a game just written shares its data with its file's cache.
        Either way nothing changes a game's record in place: a change is a new StoredGame."""
        own = json_copy if copy else (lambda value: value)
        return cls(
            id=doc["id"],
            record=own(doc["record"]),
            status=doc["status"],
            modified_at=doc["modified_at"],
            finished_at=doc.get("finished_at"),
            draft=own(doc.get("draft")),
            summary=own(doc.get("summary")),
        )

    def to_doc(self) -> dict:
        return {
            "id": self.id,
            "record": self.record,
            "status": self.status,
            "modified_at": self.modified_at,
            "finished_at": self.finished_at,
            "draft": self.draft,
            "summary": self.summary,
        }


def month_of(game: StoredGame) -> str:
    return game.when.strftime("%Y-%m")


READ_ONLY_ERRORS = (errno.EROFS, errno.EACCES, errno.EPERM)
