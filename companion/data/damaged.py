"""Records set aside: stored entries that no longer score (or cannot be used), kept on their own.

    damaged.json   {"records": [{"file": "history/2026-01.json", "reason": "...", "found_at": "...", "entry": {...}}]}

Start-up checks every stored record (checks.py). One that fails is written here first, then
removed from its data file: a crash between the two leaves it in both, and the next start
finds it again and does not add it twice. Nothing here is ever removed by Tableside; the
history screen lists these records with their reasons and can export them as they are.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from companion.data.atomic_files import dumps, fsync_dir, write_bytes_atomically

FILE = "damaged.json"
log = logging.getLogger("tableside")


@dataclass(frozen=True)
class DamagedRecord:
    file: str  # the data file it was found in, e.g. "history/2026-01.json"
    reason: str
    found_at: str
    entry: dict  # the stored entry as it was: {"id", "record", "status", ...}

    @property
    def id(self) -> str:
        value = self.entry.get("id") if isinstance(self.entry, dict) else None
        return value if isinstance(value, str) else "?"

    def to_json(self) -> dict:
        return {"file": self.file, "reason": self.reason, "found_at": self.found_at, "entry": self.entry}


class DamagedRecords:
    def __init__(self, folder: Path):
        self.path = folder / FILE
        self.records: list[DamagedRecord] = []
        try:
            data = json.loads(self.path.read_bytes().decode("utf-8"))
            for r in data["records"]:
                self.records.append(DamagedRecord(str(r["file"]), str(r["reason"]), str(r["found_at"]), r["entry"]))
        except FileNotFoundError:
            pass
        except (OSError, ValueError, KeyError, TypeError) as e:
            # Never overwritten: kept under another name, and the records in it are found again
            # only if they are still in their data files.
            aside = self.path.with_name(f"{FILE}.unreadable")
            log.warning("%s could not be read (%s); kept as %s", self.path, e, aside)
            try:
                self.path.replace(aside)
            except OSError:
                pass

    def add(self, found: list[DamagedRecord]) -> None:
        """Keep `found` (already kept ones are not added twice); raises OSError when it cannot be written."""
        known = {(r.file, json.dumps(r.entry, sort_keys=True)) for r in self.records}
        new = [r for r in found if (r.file, json.dumps(r.entry, sort_keys=True)) not in known]
        if not new:
            return
        records = self.records + new
        write_bytes_atomically(self.path, dumps({"records": [r.to_json() for r in records]}))
        fsync_dir(self.path.parent)
        self.records = records
