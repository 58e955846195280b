"""The games as the history's figures group them (Statistics, Players, records, ratings, the history's filter): a
game with rules of its own is one group, a score pad one per title, "Hearts" and "Skyjo" apart (the rules'
`identity`). A group is named by the title of its latest game, and the groups stand in Home's order, a score
pad's by their titles. Pure: no Flet, no TinyDB."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import scoring
from companion.data.stored_game import StoredGame
from scoring.record import GameIdentity


def titles(games_newest_first: Iterable[StoredGame]) -> dict[GameIdentity, str]:
    """Each group's name: the title its latest game says ("Hearts" after "hearts")."""
    found: dict[GameIdentity, str] = {}
    for game in games_newest_first:
        if game.identity not in found:
            found[game.identity] = game.title
    return found


def title(group: GameIdentity, named: Mapping[GameIdentity, str]) -> str:
    """A group's name from `titles`; the game's own title for a group with no game (yet)."""
    return named.get(group) or scoring.GAMES[group[0]].title


def one_group(key: str) -> bool:
    """Whether every game of `key` is one group: its rules name it, not each record (a score pad)."""
    return scoring.GAMES[key].variant_title is None


def ordered(groups: Iterable[GameIdentity], keys: Sequence[str], named: Mapping[GameIdentity, str]) -> list[GameIdentity]:
    """`groups` of the games `keys` (Home's order: the others are left out), a game's groups by their names."""
    place = {key: i for i, key in enumerate(keys)}
    return sorted((g for g in set(groups) if g[0] in place), key=lambda g: (place[g[0]], title(g, named).casefold(), g[1]))


def shown(keys: Sequence[str], named: Mapping[GameIdentity, str]) -> list[GameIdentity]:
    """The groups a screen lists for the games `keys`: a game with rules of its own always (played or not), each
    group of a game named per record (a score pad) that the history holds."""
    return ordered([*((key, "") for key in keys if one_group(key)), *(g for g in named if not one_group(g[0]))], keys, named)


def text_key(group: GameIdentity) -> str:
    """A group as one string (a control's key, an option's value): "lost-cities", "score-pad:hearts"."""
    key, name = group
    return f"{key}:{name}" if name else key


def from_text(text: str) -> GameIdentity:
    """`text_key`'s group back: "score-pad:hearts" → ("score-pad", "hearts")."""
    parts = text.partition(":")
    return (parts[0], parts[2])
