"""Keeping the data folder whole (one module per job, DataFolder puts them together): checks of every data file at start-up, the repair of a
damaged one from its newest good backup, and the rotating backups themselves.

    backups/<n>-<time>/    the last BACKUPS_KEPT states of the data files
    repair.json            present only while a repair is under way

Backups: after every change of the history (a finish, an edit saved, an import, a delete, a
rename), of a setting, and at most every LIVE_BACKUP_SECONDS while games in progress change,
the state is kept in backups/<n>-<UTC time>/: live.json (games in progress, settings with the
PIN's hash), damaged.json, and each history/YYYY-MM.json that changed since it was last backed
up (so a finish copies one month, not the whole history). Every month file always has its
newest copy in some backup: when the oldest backup is removed, a month copy found nowhere
else is moved into the oldest backup kept. A repair takes the newest good copy of the file
wherever it is. Every file of a backup is an independent copy (never a hard link: damage to
one copy cannot reach another). A backup is built in backups/.tmp-…, verified (every copy is read
back, compared with the data file, parsed, and every record in it scores), then renamed into
place with a manifest that says so; a crash leaves no half backup. The oldest beyond
BACKUPS_KEPT are removed. A backup never undoes or fails the save, and never stops silently:
a data file whose copy does not verify is left out of that backup (its older copies stay the
good ones) while the other files are backed up; a backup that fails is tried once more at
once, logged, and said on the home screen (`notices`: "The last backup failed: …"); the next
change tries again, and a backup that works after a failure says so.

At start-up every data file is read and checked. One that is unreadable, not JSON, not shaped
like Tableside's data, or missing while the newest backup has it, is repaired restore-then-swap:
repair.json is written first; the damaged file is kept aside (e.g.
live.json.corrupt-20261129T141000); the newest backup whose copy is good is written beside it
in full; only then does it replace the damaged file; repair.json is removed last. A start that
finds repair.json finishes the repair it names. A sentence in `recovered` says what was
restored and from when, or what could not be; it is logged and the home screen shows it.
"""

from __future__ import annotations

from companion.data.backups.files import (
    BACKUPS_KEPT,
    LIVE,
    LIVE_BACKUP_SECONDS,
    NOTICES,
    REPAIR_MARKER,
    DataFileError,
    backup_time,
    now_iso,
    read_data_file,
    records_problem,
)
from companion.data.backups.rotation import Rotation
from companion.data.backups.startup_checks import StartUpChecks

__all__ = [
    "BACKUPS_KEPT",
    "LIVE",
    "LIVE_BACKUP_SECONDS",
    "NOTICES",
    "REPAIR_MARKER",
    "DataFileError",
    "DataFolder",
    "backup_time",
    "now_iso",
    "read_data_file",
    "records_problem",
]


class DataFolder(StartUpChecks, Rotation):
    """A data folder's files as they are on disk, their backups, and what start-up repaired.

    One module per job: files.py (a data file's content, a backup's names), startup_checks.py,
    repair.py, rotation.py, notices.py; state.py holds what they share."""
