"""Finished games as the history sees them (stored summaries, never rescored), for the evening and rating tests."""

from datetime import datetime, timedelta

from companion.data.store import StoredGame


def finished(game_id, played_at, totals, game="lost-cities", minutes=None, ranking=None):
    """A finished game: `totals` in order of places unless `ranking` (groups) says otherwise;
    `minutes`: how long it took (None: unknown, like an imported game)."""
    record = {"format": 1, "game": game, "id": game_id, "played_at": played_at, "players": list(totals)}
    if ranking is None:
        ranking = [[p] for p in sorted(totals, key=lambda p: -totals[p])]
    summary = {"totals": dict(totals), "ranking": [list(g) for g in ranking], "winners": list(ranking[0]), "decided": True}
    ended = (datetime.fromisoformat(played_at) + timedelta(minutes=minutes)).isoformat() if minutes else played_at
    return StoredGame(id=game_id, record=record, status="finished", modified_at=ended, finished_at=ended, summary=summary)
