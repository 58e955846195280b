"""Repair: a damaged or lost data file restored from the newest backup whose copy is good, restore-then-swap
with repair.json marking it under way (the package's docstring says how)."""

from __future__ import annotations

import json
import logging
import os
import shutil
from datetime import datetime
from pathlib import Path

from companion.data import contents
from companion.data.atomic_files import (
    cause_in_words,
    fingerprint,
    fsync_dir,
    write_atomically,
    write_bytes_atomically,
)
from companion.data.backups.files import (
    EMPTY,
    REPAIR_MARKER,
    DataFileError,
    backup_time,
    manifest_of,
    moment_of,
    now_iso,
    read_data_file,
    records_problem,
)
from companion.data.backups.notices import Notices
from scoring.words import Month, Said, kept, restored

log = logging.getLogger("tableside")


class Repair(Notices):
    """A damaged or lost data file restored from its newest good backup, restore-then-swap."""

    def _still_missing(self, rel: str, data: dict | None) -> dict[str, list[str]]:
        return contents.missing(self.contents.get(rel), contents.entry_of(rel, data))

    def _restore_lost(self, rel: str, month: bool, data: dict | None, lost: dict[str, list[str]]) -> dict | None:
        """A file that reads well but lacks what contents.json lists: restored from the newest backup that
        holds more of it (repaired like a damaged file), else left as it is; either way said in words."""
        problem = contents.in_words(rel, lost, self.contents.get(rel))
        found = self.good_copy(rel, month)
        if found is not None and contents.count(self._still_missing(rel, json.loads(found[1].decode("utf-8")))) < contents.count(lost):
            return self._repair(rel, month, problem, found)
        if month:
            self.tell(
                Said(
                    "{file} was damaged: {problem}. No backup holds them, so these games are missing; the file was left as it is.",
                    file=rel,
                    problem=problem,
                )
            )
        else:
            self.tell(
                Said(
                    "{file} was damaged: {problem}. No backup holds them, so these games in progress and settings are missing; "
                    "the file was left as it is.",
                    file=rel,
                    problem=problem,
                )
            )
        return data

    def _finish_interrupted(self, rel: str) -> None:
        """The file of an interrupted repair is good now: the swap had happened; say so and clear the marker."""
        marker = self.interrupted or {}
        self.tell(
            Said(
                "A repair of {file} (it was damaged: {problem}) was interrupted on {started}; it had already restored {restoring} "
                "and is now complete.",
                file=rel,
                problem=restored(marker.get("problem")) or Said("unknown"),
                started=moment_of(marker.get("started_at")),
                restoring=restored(marker.get("restoring")) or Said("the file"),
            )
        )
        self._clear_marker()

    def _clear_marker(self) -> None:
        try:
            (self.folder / REPAIR_MARKER).unlink(missing_ok=True)
            fsync_dir(self.folder)
        except OSError:
            log.exception("could not remove %s", REPAIR_MARKER)
        self.interrupted = None

    def good_copy(self, rel: str, month: bool) -> tuple[Path, bytes] | None:
        """The newest backup whose copy of `rel` reads, whose every record scores and which holds all that
        contents.json lists for it; verified backups first. When none holds all, the one that lacks least."""
        candidates = self.folders()
        candidates.sort(key=lambda b: not manifest_of(b).get("verified"))  # stable: newest first within each kind
        best: tuple[int, Path, bytes] | None = None
        for candidate in candidates:
            try:
                data, raw = read_data_file(candidate / rel, month)
            except DataFileError:
                continue
            if data is not None and records_problem(data, month) is None:
                lacking = contents.count(self._still_missing(rel, data))
                if not lacking:
                    return candidate, raw
                if best is None or lacking < best[0]:
                    best = (lacking, candidate, raw)
        return None if best is None else (best[1], best[2])

    def _repair(self, rel: str, month: bool, problem: str, found: tuple[Path, bytes] | None = None) -> dict | None:
        """Restore-then-swap, with repair.json marking it under way (see the module docstring). What it says is
        a Said (a later start, and each reader, says it in the reader's language: notices.py keeps it so)."""
        path = self.folder / rel
        if self.interrupted and self.interrupted.get("file") == rel:
            problem = Said(
                "{problem} (a repair begun on {started} had been interrupted)",
                problem=problem,
                started=moment_of(self.interrupted.get("started_at")),
            )
        stem = Path(rel).stem
        finished_in = Month.of(stem) or stem  # a month of history/, said in each reader's words
        stamp = datetime.now().strftime("%Y%m%dT%H%M%S")
        aside = path.with_name(f"{path.name}.corrupt-{stamp}")
        n = 1
        while aside.exists():
            n += 1
            aside = aside.with_name(f"{path.name}.corrupt-{stamp}-{n}")
        found = found or self.good_copy(rel, month)
        if self.read_only:  # nothing written: the good copy is read instead of the damaged file
            if found:
                shown = Said("the backup of {when} is shown instead", when=backup_time(found[0]))
            elif month:
                shown = Said("the games finished in {month} are not shown", month=finished_in)
            else:
                shown = Said("the games in progress and settings are not shown")
            self.tell(
                Said(
                    "{file} is damaged ({problem}); the folder is read-only, so it was not repaired: {shown}.",
                    file=rel,
                    problem=problem,
                    shown=shown,
                )
            )
            return json.loads(found[1].decode("utf-8")) if found else {}
        restoring = Said("the backup of {when}", when=backup_time(found[0])) if found else Said("an empty file")
        try:
            write_atomically(
                self.folder / REPAIR_MARKER,
                json.dumps(
                    {"file": rel, "problem": kept(problem), "aside": aside.name, "restoring": kept(restoring), "started_at": now_iso()}
                ),
            )
            if path.exists():
                try:
                    os.link(path, aside)  # the damaged bytes kept as they are, under a name of their own
                except OSError:
                    shutil.copyfile(path, aside)
                    os.chmod(aside, 0o600)
            write_bytes_atomically(path, found[1] if found else EMPTY)  # the whole restored file first, then the swap
            fsync_dir(path.parent)
        except OSError as e:
            self.blocked.add(rel)
            if month:
                message = Said(
                    "{file} is damaged ({problem}) and could not be repaired now: {error}. It was left as it is and Tableside "
                    "starts without it, so the games finished in {month} are not shown; the repair will be finished at the next start.",
                    file=rel,
                    problem=problem,
                    error=cause_in_words(e),
                    month=finished_in,
                )
            else:
                message = Said(
                    "{file} is damaged ({problem}) and could not be repaired now: {error}. It was left as it is and Tableside "
                    "starts without it, so the games in progress and settings are not shown; the repair will be finished at the "
                    "next start.",
                    file=rel,
                    problem=problem,
                    error=cause_in_words(e),
                )
            self.recovered.append(message)  # not kept: the next start says it again, or says what it did
            log.warning("%s", message)
            return None
        aside_kept = Said("The damaged file was kept as {aside}. ", aside=str(aside)) if aside.exists() else ""
        if found:
            self.prints[rel] = fingerprint(found[1])
            message = Said(
                "{file} was damaged: {problem}. {kept}The backup of {when} was restored; changes made after that backup may be missing.",
                file=rel,
                problem=problem,
                kept=aside_kept,
                when=backup_time(found[0]),
            )
            data = json.loads(found[1].decode("utf-8"))
            lacking = self._still_missing(rel, data)
            if lacking:
                message = Said(
                    "{said} No backup holds the rest, which is still missing: {what}.",
                    said=message,
                    what=contents.lost_in_words(rel, lacking),
                )
        elif month:
            data = {}
            message = Said(
                "{file} was damaged: {problem}. No good backup of it was found: {kept}Tableside starts without it, "
                "so the games finished in {month} may be missing.",
                file=rel,
                problem=problem,
                kept=aside_kept,
                month=finished_in,
            )
        else:
            message = Said(
                "{file} was damaged: {problem}. No good backup of it was found: {kept}Tableside starts without it, "
                "so the games in progress and settings may be missing.",
                file=rel,
                problem=problem,
                kept=aside_kept,
            )
            data = {}
        self.tell(message)  # kept before the marker goes: a kill in between still tells at the next start
        self._clear_marker()
        return data
