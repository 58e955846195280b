"""Rotating backups: one after every change of the history or a setting (and at most every
LIVE_BACKUP_SECONDS while games in progress change), built aside, verified, put in place whole; the
oldest beyond BACKUPS_KEPT removed, a month copy found nowhere else handed on first."""

from __future__ import annotations

import json
import logging
import os
import shutil
import time
from datetime import UTC, datetime
from pathlib import Path

from companion.data import contents
from companion.data.atomic_files import (
    cause_in_words,
    fingerprint,
    fsync_dir,
    private_dir,
    write_atomically,
    write_new_file,
)
from companion.data.backups.files import (
    BACKUPS_KEPT,
    LIVE,
    LIVE_BACKUP_SECONDS,
    DataFileError,
    StatKey,
    backup_number,
    is_month,
    manifest_of,
    now_iso,
    read_data_file,
    records_problem,
)
from companion.data.backups.notices import Notices
from companion.data.checks import CHECKS
from companion.data.damaged import FILE as DAMAGED
from companion.data.photos import back_up_photos
from scoring.words import Moment, Said

log = logging.getLogger("tableside")


class Rotation(Notices):
    """Backups made after changes, verified, and rotated: the newest BACKUPS_KEPT kept, no month's newest copy lost."""

    def _verify(self, copy: Path, source_raw: bytes, rel: str) -> None:
        """The copy reads back as the data file's bytes, parses, and every record in it scores."""
        raw = copy.read_bytes()
        if raw != source_raw:
            raise DataFileError(Said("the backup copy differs from the data file"))
        key = tuple(fingerprint(raw))
        if key in self.verified:
            return  # these very bytes were checked record by record before
        if rel == DAMAGED:
            try:
                json.loads(raw.decode("utf-8"))
            except ValueError:
                raise DataFileError(Said("it is not valid JSON")) from None
        else:
            data, _ = read_data_file(copy, is_month(rel))
            problem = records_problem(data or {}, is_month(rel))
            if problem:
                raise DataFileError(problem)
        self.verified.add(key)

    def backup(self) -> Path:
        """Keep the current state of the data files as the newest backup (called with the lock held)."""
        back_up_photos(self.folder)  # the photos of the tableaux: one copy each, shared by every backup (photos.py)
        existing = self.folders()
        number = backup_number(existing[0]) + 1 if existing else 1
        name = f"{number}-{datetime.now(UTC).strftime('%Y%m%dT%H%M%S.%fZ')}"
        private_dir(self.backups)
        tmp = self.backups / f".tmp-{name}"
        private_dir(tmp)  # mkdir(parents=True) would make the parent with the umask's mode
        private_dir(tmp / "history")
        months = [f"history/{p.name}" for p in sorted((self.folder / "history").glob("*.json"))]
        files = [LIVE, DAMAGED] + [rel for rel in months if self.backed_up.get(rel) != self.stat_key(rel)]
        manifest: dict[str, list[int]] = {}
        copied: dict[str, StatKey] = {}
        left_out: dict[str, str] = {}
        try:
            for rel in files:
                if rel in self.blocked:
                    continue  # still damaged: its older backups stay the good copies
                key = self.stat_key(rel)
                try:
                    raw = (self.folder / rel).read_bytes()
                except FileNotFoundError:
                    continue
                write_new_file(tmp / rel, raw)  # an independent copy, fsynced
                try:
                    self._verify(tmp / rel, raw, rel)
                except (DataFileError, ValueError) as e:  # this file only: the others are still backed up
                    (tmp / rel).unlink()
                    left_out[rel] = e.said if isinstance(e, DataFileError) else Said("it is not valid JSON")
                    log.warning("the backup leaves out %s: %s", rel, e)
                    continue
                manifest[rel] = fingerprint(raw)
                if key is not None and key == self.stat_key(rel):
                    copied[rel] = key
            made = {"made_at": now_iso(), "files": manifest, "verified": True, "checks": CHECKS}
            write_new_file(tmp / "manifest.json", json.dumps(made).encode("utf-8"))
            fsync_dir(tmp / "history")
            fsync_dir(tmp)
            os.rename(tmp, self.backups / name)
            fsync_dir(self.backups)
        except BaseException:
            shutil.rmtree(tmp, ignore_errors=True)
            raise
        self.backed_up.update(copied)
        self.last_backup = time.monotonic()
        self.live_dirty = False
        self.left_out = left_out
        kept = [self.backups / name] + existing[: BACKUPS_KEPT - 1]
        try:
            for old in reversed(existing[BACKUPS_KEPT - 1 :]):  # oldest first
                self._hand_on(old, kept)
            rotated = existing[BACKUPS_KEPT - 1 :]
            held: set[str] = set()
            if rotated:
                held = set().union(*(self._copy_ids(c) for b in kept for c in (b / "history").glob("*.json")))
            for old in rotated:  # newest first: the newest copy still holding a game is the one kept
                needed = [c for c in sorted((old / "history").glob("*.json")) if self._copy_ids(c) - held]
                if needed:
                    self._prune(old, needed)
                    held |= set().union(*(self._copy_ids(c) for c in needed))
                    continue
                gone = self.backups / f".del-{old.name}"
                os.rename(old, gone)  # a removal cut short leaves no half backup that looks complete
                shutil.rmtree(gone, ignore_errors=True)
        except OSError:  # the new backup is complete: an old one not removed yet goes next time
            log.exception("could not remove an old backup in %s", self.backups)
        return self.backups / name

    def _copy_ids(self, copy: Path) -> set[str]:
        """The game ids in a backup's month copy (read once per copy: a copy never changes, and keeps its
        inode when it is handed on to another backup)."""
        try:
            st = copy.stat()
        except OSError:
            return set()
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if key not in self._ids:
            try:
                data = json.loads(copy.read_bytes().decode("utf-8"))
                self._ids[key] = set(contents.entry_of(f"history/{copy.name}", data if isinstance(data, dict) else {})["games"])
            except (OSError, ValueError):
                self._ids[key] = set()
        return self._ids[key]

    def _prune(self, old: Path, needed: list[Path]) -> None:
        """An old backup beyond BACKUPS_KEPT that holds the newest copy of some game no newer backup holds
        (a file emptied or shrunk while Tableside ran on, say) is kept with those month copies only."""
        keep = {f"history/{c.name}" for c in needed}
        manifest = manifest_of(old) or {"files": {}}
        for path in sorted(old.rglob("*"), reverse=True):
            rel = path.relative_to(old).as_posix()
            if path.is_file() and rel not in keep and rel != "manifest.json":
                path.unlink()
        if set(manifest["files"]) != keep:
            manifest["files"] = {rel: fp for rel, fp in manifest["files"].items() if rel in keep}
            manifest["pruned"] = True
            write_atomically(old / "manifest.json", json.dumps(manifest))
        fsync_dir(old / "history")
        fsync_dir(old)

    def _hand_on(self, old: Path, kept: list[Path]) -> None:
        """Month copies found in no kept backup move (never link) into the oldest kept one with its manifest entry."""
        heir = kept[-1]
        held = {f"history/{p.name}" for b in kept for p in (b / "history").glob("*.json")}
        moved = {}
        for copy in sorted((old / "history").glob("*.json")):
            rel = f"history/{copy.name}"
            if rel not in held:
                os.rename(copy, heir / rel)
                moved[rel] = manifest_of(old).get("files", {}).get(rel)
        if moved:
            manifest = manifest_of(heir) or {"files": {}}
            manifest["files"].update({rel: fp for rel, fp in moved.items() if fp})
            manifest["verified"] = bool(manifest_of(heir).get("verified")) and bool(manifest_of(old).get("verified"))
            if manifest_of(old).get("checks") != manifest.get("checks"):
                manifest.pop("checks", None)
            write_atomically(heir / "manifest.json", json.dumps(manifest))
            fsync_dir(heir / "history")

    def written(self, prints: dict[Path, tuple[int, ...]]) -> None:
        """History files this process just wrote (`prints`: their fingerprints), from games it checked when
        they came in: a backup compares its copies of these bytes byte for byte and does not check them
        record by record again (an import of 10,000 games: 1.9 s of re-checking, with every tap waiting)."""
        self.verified.update(p for path, p in prints.items() if path.parent == self.folder / "history")

    def history_changed(self) -> None:
        """A backup after each change of the history or the settings; the change itself is already stored.
        A failure is tried once more, logged and said (`backup_notice`); the next change tries again."""
        why, when = "", Moment.of(datetime.now().astimezone())
        for attempt in (1, 2):
            try:
                made = self.backup()
            except Exception as e:  # whatever it is, the save stands and the next change tries again
                log.exception("could not make a backup in %s (attempt %d of 2)", self.backups, attempt)
                why, when = cause_in_words(e), Moment.of(datetime.now().astimezone())
                self.backup_failed = (when, why)
                continue
            self._backup_done(made)
            return
        self.live_dirty = True  # what this backup should have kept is kept by the next one
        self.backup_notice = Said(
            "The last backup failed: {why} ({when}). Your changes are saved; Tableside tries again at the next change.", why=why, when=when
        )

    def live_changed(self) -> None:
        """Games in progress changed: a backup if the last one is older than LIVE_BACKUP_SECONDS."""
        self.live_dirty = True
        if time.monotonic() - self.last_backup >= LIVE_BACKUP_SECONDS:
            self.history_changed()
