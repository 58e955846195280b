"""What the app remembers between games, kept in the store's settings: the options last chosen for
each game and the place last entered (setup), the marks of a new game night (Tonight), and the notices
of start-up and backups until someone reads them (home)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

import scoring
from companion.language import spoken
from companion.services import evenings

if TYPE_CHECKING:
    from companion.data.store import GameStore

LOCATION_SETTING = "setup.location"  # the place last entered: a game night has many games in one place
EXPORTED_SETTING = "export.last"  # the day the history was last exported (Settings says it: a browser's games live there only)


def variant_setting(game: str) -> str:
    """Where the options last chosen for `game` are remembered (e.g. CGT's printed penalty)."""
    return f"setup.{game}.variant"


class Remembered:
    """One store's remembered choices."""

    def __init__(self, store: GameStore):
        self.store = store

    def variant(self, game: str) -> dict[str, Any]:
        """The game's options as last chosen here, on its defaults (an option the game no longer has is dropped)."""
        defaults = scoring.GAMES[game].default_variant
        remembered = self.store.setting(variant_setting(game)) or {}
        return {**defaults, **{k: v for k, v in remembered.items() if k in defaults}}

    def location(self) -> str:
        remembered = self.store.setting(LOCATION_SETTING)
        return remembered if isinstance(remembered, str) else ""

    def keep_setup(self, game: str, variant: dict[str, Any], location: str) -> None:
        """After a game starts: its options and place are the next setup's (StoreWriteError)."""
        self.store.set_setting(variant_setting(game), dict(variant))
        self.store.set_setting(LOCATION_SETTING, location)

    def last_export(self) -> str | None:
        """The day (YYYY-MM-DD) the history was last exported here, or None."""
        day = self.store.setting(EXPORTED_SETTING)
        return day if isinstance(day, str) else None

    def exported(self, day: str) -> None:
        """The history was exported today (StoreWriteError)."""
        self.store.set_setting(EXPORTED_SETTING, day)

    def night_marks(self) -> list[datetime]:
        """When someone started a new game night (Tonight's button), oldest first."""
        return evenings.marks_of(self.store.setting(evenings.NEW_NIGHT_SETTING))

    def mark_new_night(self, now: datetime) -> None:
        """A new game night starts with the next game (StoreWriteError)."""
        self.store.set_setting(evenings.NEW_NIGHT_SETTING, evenings.with_mark(self.store.setting(evenings.NEW_NIGHT_SETTING), now))

    def notices(self) -> list[str]:
        """What start-up repaired or found missing, and a backup that failed: one sentence each, in the reader's
        language (said at start-up, before any reader: kept as Said, companion/data/startup.py)."""
        return [spoken(notice) for notice in self.store.notices()]

    def notices_read(self) -> None:
        """Someone read the notices (home's OK): the next start does not repeat them."""
        self.store.acknowledge_recovered()
