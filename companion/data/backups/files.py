"""A data file and a backup as files: their names, reading and checking a data file's content, a backup's
number, time and manifest."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from companion.data.checks import doc_problem
from scoring.words import Moment, Said

BACKUPS_KEPT = 5
LIVE_BACKUP_SECONDS = 60.0  # games in progress change on every tap: back them up at most this often
LIVE = "live.json"
REPAIR_MARKER = "repair.json"
NOTICES = "notices.json"  # what repairs told, kept until a person dismisses it (a killed start told no one)
EMPTY = b"{}"

StatKey = tuple[int, int, int]  # (inode, size, mtime_ns): changes with every write


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class DataFileError(ValueError):
    """A data file that cannot be used as it is; the message says why, in words (`said`: a Said that a notice
    keeps, to say it later in its reader's language)."""

    def __init__(self, said: str) -> None:
        super().__init__(said)
        self.said = said


def check_data(data: Any, month: bool) -> None:
    """Raise DataFileError unless `data` is shaped like live.json (month=False) or a month file."""
    if not isinstance(data, dict):
        raise DataFileError(Said("it does not hold a TinyDB database"))
    for name, table in data.items():
        if not isinstance(table, dict):
            raise DataFileError(Said("its table {name} is not a table", name=repr(name)))
        for doc_id, doc in table.items():
            if not (isinstance(doc_id, str) and doc_id.isdigit()) or not isinstance(doc, dict):
                raise DataFileError(Said("its table {name} has a malformed entry {entry}", name=repr(name), entry=repr(doc_id)))
    tables = {"games": "finished"} if month else {"games": "in_progress", "edits": "editing"}  # the store's statuses
    for table, status in tables.items():
        for doc_id, doc in data.get(table, {}).items():
            record = doc.get("record")
            if not (
                isinstance(doc.get("id"), str)
                and isinstance(record, dict)
                and isinstance(record.get("game"), str)
                and isinstance(record.get("players"), list)
                and doc.get("status") == status
                and isinstance(doc.get("modified_at"), str)
            ):
                raise DataFileError(Said("game entry {entry} is incomplete", entry=doc_id))
            if month and not isinstance(doc.get("summary"), dict):
                raise DataFileError(Said("game entry {entry} has no summary", entry=doc_id))
    if not month:
        meta = data.get("meta", {})
        if meta and not isinstance(meta.get("1", {}).get("schema"), int):
            raise DataFileError(Said("its schema version is missing"))


def records_problem(data: dict, month: bool) -> str | None:
    """The first stored record that cannot be used, in words (for backups: all of them must be good)."""
    tables = ("games",) if month else ("games", "edits")
    for table in tables:
        for doc_id, doc in data.get(table, {}).items():
            problem = doc_problem(doc, finished=month)
            if problem:
                return Said("game entry {entry}: {problem}", entry=doc_id, problem=problem)
    return None


def read_data_file(path: Path, month: bool) -> tuple[dict | None, bytes]:
    """The parsed, checked content of a data file (None: it does not exist) and its bytes.

    Raises DataFileError when it cannot be read, is empty (we never write an empty file),
    is not JSON or is not shaped like our data."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return None, b""
    except OSError as e:
        raise DataFileError(Said("it cannot be read: {error}", error=e.strerror or str(e))) from None
    if not raw.strip():
        raise DataFileError(Said("it is empty"))
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise DataFileError(Said("it is not UTF-8 text")) from None
    except json.JSONDecodeError as e:
        raise DataFileError(
            Said("it is not valid JSON ({error} at line {line}, column {column})", error=e.msg, line=e.lineno, column=e.colno)
        ) from None
    except RecursionError:
        raise DataFileError(Said("it is not valid JSON (nested too deeply)")) from None
    check_data(data, month)
    return data, raw


def backup_number(path: Path) -> int:
    """The sequence number of a backup folder (`12-20261129T141000.123456Z`), -1 for anything else."""
    head = path.name.split("-", 1)[0]
    return int(head) if head.isdigit() and not path.name.startswith(".") else -1


def backup_time(path: Path) -> Moment | str:
    """When a backup was made, in local time (a Said says it in each reader's words); its folder's name when that
    names no time."""
    try:
        made = datetime.strptime(path.name.split("-", 1)[1], "%Y%m%dT%H%M%S.%fZ").replace(tzinfo=UTC)
    except (IndexError, ValueError):
        return path.name
    return Moment.of(made.astimezone())


def moment_of(text: object) -> Moment | str:
    """A time a file kept as ISO text (now_iso), in local time; "?" for anything else (a file edited by hand)."""
    try:
        return Moment.of(datetime.fromisoformat(text).astimezone()) if isinstance(text, str) else "?"
    except (ValueError, OverflowError):
        return "?"


def manifest_of(backup: Path) -> dict:
    try:
        manifest = json.loads((backup / "manifest.json").read_text(encoding="utf-8"))
        return manifest if isinstance(manifest, dict) and isinstance(manifest.get("files"), dict) else {}
    except (OSError, ValueError):
        return {}


def is_month(rel: str) -> bool:
    return rel.startswith("history/")
