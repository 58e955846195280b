"""What a screen subscribes to (App.subscribe, widgets/hooks.use_changes): the topics the store
publishes its changes under (companion/data/changes.py), named here for the screens."""

from __future__ import annotations

from companion.data.changes import EVERYTHING, HISTORY, LIVE, SETTINGS, game

__all__ = ["EVERYTHING", "HISTORY", "LIVE", "SETTINGS", "game"]
