"""What the app remembers between games, kept in the store's settings: the options last chosen for
each game and the place last entered (setup), the last setups of a game named per record (a score pad's
"Hearts", "Skyjo": each with its players and options), the marks of a new game night (Tonight), and the
notices of start-up and backups until someone reads them (home)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

import scoring
from companion.language import spoken
from companion.services import evenings

if TYPE_CHECKING:
    from companion.data.store import GameStore

LOCATION_SETTING = "setup.location"  # the place last entered: a game night has many games in one place
EXPORTED_SETTING = "export.last"  # the day the history was last exported (Settings says it: a browser's games live there only)


RECENT = 6  # the setups of a game named per record offered again (Home and Setup name them)


def variant_setting(game: str) -> str:
    """Where the options last chosen for `game` are remembered (e.g. CGT's printed penalty)."""
    return f"setup.{game}.variant"


def recent_setting(game: str) -> str:
    """Where the last setups of a game named per record are remembered, the latest first."""
    return f"setup.{game}.recent"


@dataclass(frozen=True)
class Setup:
    """A game's setup as it last started: its options (a score pad's name, direction, target and id) and its
    players in their seats."""

    variant: dict[str, Any]
    players: tuple[str, ...]


def starts(game: str, variant: dict[str, Any], players: Sequence[str]) -> bool:
    """Whether a game of `game` with these options and players is one the rules take (a remembered setting
    may be from an older Tableside, or damaged): the record it would start is parsed."""
    try:
        scoring.parse(scoring.new_record(game, list(players), variant))
    except (scoring.RecordError, TypeError, ValueError, KeyError, AttributeError):
        return False
    return True


def players_for(game: str) -> list[str]:
    """As few players as the game takes, to ask the rules whether they take a set of options."""
    return [f"Player {n}" for n in range(1, scoring.GAMES[game].min_players + 1)]


class Remembered:
    """One store's remembered choices."""

    def __init__(self, store: GameStore):
        self.store = store

    def variant(self, game: str) -> dict[str, Any]:
        """The game's options as last chosen here, on its defaults (an option the game no longer has is dropped).
        An option without a default (a score pad's target and BoardGameGeek id) is kept where the rules take it."""
        defaults = scoring.GAMES[game].default_variant
        remembered = self.store.setting(variant_setting(game))
        remembered = remembered if isinstance(remembered, dict) else {}
        kept = {**defaults, **{k: v for k, v in remembered.items() if k in defaults}}
        optional = {k: v for k, v in remembered.items() if k not in defaults and v is not None}
        if optional and starts(game, {**kept, **optional}, players_for(game)):
            kept.update(optional)
        return kept

    def recent_setups(self, game: str) -> list[Setup]:
        """The last setups of a game named per record (a score pad), the latest first, one per name; those the
        rules no longer take are left out. [] for a game named by its rules."""
        if scoring.GAMES[game].variant_title is None:
            return []
        raw = self.store.setting(recent_setting(game))
        found: list[Setup] = []
        for entry in raw[:RECENT] if isinstance(raw, list) else []:  # never more are kept: a longer list is not read
            variant, players = (entry.get("variant"), entry.get("players")) if isinstance(entry, dict) else (None, None)
            if not isinstance(variant, dict) or not isinstance(players, list) or not all(isinstance(p, str) for p in players):
                continue
            if starts(game, variant, players):
                found.append(Setup(dict(variant), tuple(players)))
        return found

    def location(self) -> str:
        remembered = self.store.setting(LOCATION_SETTING)
        return remembered if isinstance(remembered, str) else ""

    def keep_setup(self, game: str, variant: dict[str, Any], location: str, players: Sequence[str] = ()) -> None:
        """After a game starts: its options and place are the next setup's, and for a game named per record its
        setup is the first of the recent ones (another of the same name gives way to it) (StoreWriteError)."""
        self.store.set_setting(variant_setting(game), dict(variant))
        self.store.set_setting(LOCATION_SETTING, location)
        rules = scoring.GAMES[game]
        if rules.variant_title is None or not players:
            return
        named = rules.identity(variant)
        others = [s for s in self.recent_setups(game) if rules.identity(s.variant) != named]
        kept = [Setup(dict(variant), tuple(players)), *others][:RECENT]
        self.store.set_setting(recent_setting(game), [{"variant": s.variant, "players": list(s.players)} for s in kept])

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
