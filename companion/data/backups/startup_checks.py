"""Start-up checks: leftovers of a process cut short removed, every data file read and checked (a damaged,
missing or shrunk one repaired: repair.py), and what the backups already hold noted."""

from __future__ import annotations

import json
import shutil

from companion.data import contents
from companion.data.atomic_files import (
    fingerprint,
)
from companion.data.backups.files import (
    LIVE,
    REPAIR_MARKER,
    DataFileError,
    manifest_of,
    read_data_file,
)
from companion.data.backups.repair import Repair
from companion.data.checks import CHECKS
from scoring.words import Said


class StartUpChecks(Repair):
    """Every data file read and checked at start-up; what is damaged or lost goes to the repair."""

    def remove_leftovers(self) -> None:
        """Temporary files and half-made or half-removed backups of a process that was cut short
        (run after storage.finish_commit, which may still need its temporary files)."""
        for tmp in [*self.folder.glob(".*.tmp"), *(self.folder / "history").glob(".*.tmp")]:
            try:
                tmp.unlink(missing_ok=True)
            except OSError:
                pass  # a read-only folder: the next start that can write removes it
        if self.backups.is_dir() and not self.read_only:
            for leftover in [*self.backups.glob(".tmp-*"), *self.backups.glob(".del-*")]:
                shutil.rmtree(leftover, ignore_errors=True)
        try:
            marker = json.loads((self.folder / REPAIR_MARKER).read_text(encoding="utf-8"))
            if isinstance(marker, dict) and isinstance(marker.get("file"), str):
                self.interrupted = marker
        except (OSError, ValueError):
            pass

    def note_backed_up(self) -> None:
        """After start-up: data files whose content a backup already holds need no copy until they change."""
        for candidate in self.folders():
            for rel, fp in manifest_of(candidate).get("files", {}).items():
                if rel not in self.backed_up and self.prints.get(rel) == fp:
                    self.backed_up[rel] = self.stat_key(rel)

    def checked_before(self) -> set[tuple[int, ...]]:
        """Fingerprints of file contents a backup verified record by record under today's CHECKS: a data
        file read with one of them needs no check of its records at start-up (the slow part of opening
        a long history)."""
        known: set[tuple[int, ...]] = set()
        for candidate in self.folders():
            manifest = manifest_of(candidate)
            if manifest.get("verified") and manifest.get("checks") == CHECKS:
                known |= {tuple(fp) for fp in manifest["files"].values() if isinstance(fp, list)}
        return known

    def expected_files(self) -> set[str]:
        """Data files that must exist: every one some backup holds, and the one of an interrupted repair.
        Tableside never removes a data file, so one of these missing was lost."""
        if self._expected is None:
            self._expected = {self.interrupted["file"]} if self.interrupted else set()
            for candidate in self.folders():
                self._expected |= {f"history/{p.name}" for p in (candidate / "history").glob("*.json")}
                if (candidate / LIVE).exists():
                    self._expected.add(LIVE)
            self._expected |= {rel for rel, entry in self.contents.items() if any(entry.get(k) for k in ("games", "edits", "settings"))}
        return self._expected

    def open_file(self, rel: str, month: bool) -> dict | None:
        """The checked content of a data file; a damaged or lost one is repaired from its newest good backup,
        and so is one that reads well but lost games or settings that contents.json lists."""
        path = self.folder / rel
        try:
            data, raw = read_data_file(path, month)
        except DataFileError as e:
            problem = e.said
        else:
            if data is not None:
                self.prints[rel] = fingerprint(raw)
            if data is not None or rel not in self.expected_files():
                if self.interrupted and self.interrupted.get("file") == rel:
                    self._finish_interrupted(rel)
                lost = contents.missing(self.contents.get(rel), contents.entry_of(rel, data))
                return self._restore_lost(rel, month, data, lost) if lost else data
            problem = Said("it was missing")
        return self._repair(rel, month, problem)
