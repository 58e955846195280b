"""Settings (live.json's "settings" table: the PIN's hash, the theme, …), each backed up once written."""

from __future__ import annotations

from typing import Any

from tinydb import Query

from companion.data import changes
from companion.data.transactions import StoreCore


class Settings(StoreCore):
    def setting(self, key: str, default: Any = None) -> Any:
        with self._lock:
            doc = self.live.table("settings").get(Query().key == key)
        return default if doc is None else doc["value"]

    def set_setting(self, key: str, value: Any) -> None:
        """Stored and backed up at once (the PIN's hash must survive a damaged live.json)."""
        with self._lock:
            if self.setting(key, object()) == value:
                return
            with self._changing(changes.SETTINGS):
                self.live.table("settings").upsert({"key": key, "value": value}, Query().key == key)
            self.files.history_changed()
