"""What the repairs and the backups say to people: logged, shown on the home screen (`recovered`,
`backup_notice`), and a repair's words kept in notices.json until someone dismisses them."""

from __future__ import annotations

import json
import logging
from datetime import datetime
from pathlib import Path

from companion.data.atomic_files import (
    write_atomically,
)
from companion.data.backups.files import (
    NOTICES,
    backup_time,
)
from companion.data.backups.state import FolderState
from scoring.words import Moment, Said, kept, restored

log = logging.getLogger("tableside")


class Notices(FolderState):
    """Said to people: what a repair did (logged, on the home screen, kept until dismissed), and how backups go."""

    def load_notices(self) -> None:
        """Messages of earlier starts that no one has dismissed yet."""
        try:
            earlier = json.loads((self.folder / NOTICES).read_text(encoding="utf-8"))
            self.recovered += [said for said in map(restored, earlier) if said]  # each said again in its reader's language
        except (OSError, ValueError, TypeError):
            pass

    def tell(self, message: str) -> None:
        """Say what a repair did: logged, shown on the home screen, and kept in notices.json until dismissed
        (a Said as its message and values: a later start says it in each reader's language)."""
        self.recovered.append(message)
        log.warning("%s", message)
        if self.read_only:
            return  # said now; the next start that can write repairs and says it again
        try:
            write_atomically(self.folder / NOTICES, json.dumps([kept(m) for m in self.recovered]))
        except OSError:
            log.exception("could not keep the notice in %s", NOTICES)

    def acknowledge(self) -> None:
        """A person has read the notices: the next start does not repeat them."""
        try:
            (self.folder / NOTICES).unlink(missing_ok=True)
        except OSError:
            log.exception("could not remove %s", NOTICES)

    def _backup_done(self, made: Path) -> None:
        """How the backup just made went, in sentences of the catalog (their moments said in each reader's words)."""
        if self.left_out:
            what = ""
            for rel, why in sorted(self.left_out.items()):
                file = Said("{file} ({problem})", file=rel, problem=why)
                what = Said("{files}; {file}", files=what, file=file) if what else file
            when = Moment.of(datetime.now().astimezone())
            self.backup_failed = (when, Said("it left out {what}", what=what))
            self.backup_notice = Said(
                "The last backup failed for {what} ({when}). Its older backups are kept; the other files were backed up.",
                what=what,
                when=when,
            )
        elif self.backup_failed is not None:
            when, why = self.backup_failed
            self.backup_notice = Said(
                "A backup failed on {when} ({why}). The backup of {made} worked: every change is backed up again.",
                when=when,
                why=why,
                made=backup_time(made),
            )
            self.backup_failed = None
