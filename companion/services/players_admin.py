"""Everyone who has played, as the players' screens and the setup list them, and renaming or merging
a player in every stored game (the players' page)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.data.store import GameStore


class PlayersAdmin:
    """The player names of one store."""

    def __init__(self, store: GameStore):
        self.store = store

    def everyone(self) -> list[str]:
        """Everyone who has played, most recent first."""
        return self.store.players()

    def recent(self) -> list[str]:
        """The names of the newest games (setup's buttons), each once."""
        return self.store.recent_players()

    def rename(self, old: str, new: str) -> int:
        """Rename `old` (or merge it into `new`, a name already there) in every game, all at once:
        the games changed. ValueError: both played in one game (nothing changed); StoreWriteError."""
        return self.store.rename_player(old, new)
