"""The store of games in progress, finished games, edits and settings (GameStore); with its parts
(below) the only modules that touch TinyDB.

Layout of the data folder (every file 0600, every folder 0700):

    live.json              games in progress, edit copies of saved games, settings (with the PIN's
                           hash), the schema version (written on every tap: small)
    history/YYYY-MM.json   finished games, one file per month of play
    damaged.json           stored records that no longer score, set aside (damaged.py)
    contents.json          what each data file holds (game ids, settings), written with them (contents.py)
    backups/<n>-<time>/    the last states of the data files (package backups/: rotation.py)
    tableside.lock         held (flock) by the process using the folder; holds its pid
    tmp/uploads/           files on their way in (server/uploads.py); tmp/ is emptied at every start
    commit.json, repair.json   present only while a multi-file change or a repair is under way

Finishing a game rewrites only its month's file, so saving stays quick however long the
history grows; all finished games are indexed in memory when the store opens. Every record
is validated by `scoring` before it is stored, and every stored record is checked again at
start-up: one that no longer scores is set aside (`damaged`), listed, never dropped.

Editing a saved game never takes it out of the history: `edit_copy` makes a copy held apart
(live.json's "edits" table), `save_edit` changes the copy, `replace_finished` swaps it in for
the saved game in one step, `cancel_edit` drops the copy and the saved game is as it was.

Nothing lost, no one in:

- Every data file is written whole to a temporary file, fsynced, put in place with
  os.replace, and the folder fsynced; a change of several files (a finish, an import, an
  edit saved) is one transaction (atomic_files.py): all of it or none, after a crash or on a full disk.
- A write that fails raises StoreWriteError, whose text says what happened in words
  ("The disk is full: nothing was changed."); memory is put back as the files are.
- One lock (an RLock) serialises every write of all sessions and threads of this process;
  a second process on the same folder is refused with StoreLocked.
- Backups of the last states, and the repair of a damaged file at start-up: backups/ (a module per job)
  (the home screen shows what was repaired: `recovered`).
"""

from __future__ import annotations

import os
from pathlib import Path

from companion.data import collector, photos
from companion.data.atomic_files import StoreWriteError
from companion.data.history import History
from companion.data.imports import Imports
from companion.data.live_games import LiveGames
from companion.data.players import Players
from companion.data.settings import Settings
from companion.data.startup import SCHEMA_VERSION, StartUp, StoreLocked, lock_folder
from companion.data.stored_game import EDITING, FINISHED, IN_PROGRESS, StoredGame, summarise

__all__ = [
    "EDITING",
    "FINISHED",
    "IN_PROGRESS",
    "SCHEMA_VERSION",
    "GameStore",
    "StoreLocked",
    "StoreWriteError",
    "StoredGame",
    "default_data_folder",
    "summarise",
]


class GameStore(StartUp, Players, LiveGames, History, Imports, Settings):
    """The store, one part per job: startup.py (the lock, repair, the history index), transactions.py
    (the shared state and every change's transaction), live_games.py (games in progress and edit copies),
    history.py (finished games and their queries), imports.py, players.py, settings.py.

    `read_only` (set when the folder cannot be written: a read-only disk, a folder of someone else)
    is the error that said so: the games can be read and exported, every change raises StoreWriteError
    in words, nothing is repaired on disk, and `notices()` says so first."""

    def __init__(self, folder: str | os.PathLike):
        super().__init__(folder)
        self._lock_file, self.read_only = lock_folder(self.folder)
        try:
            with collector.paused():  # a long history is a great many objects at once
                self._open()
                collector.keep(len(self._finished))
            if self.read_only is None and not self.files.blocked:  # a file not read may name any photo
                photos.tidy(self)
        except BaseException:
            if self._lock_file is not None:
                self._lock_file.close()
            raise


def default_data_folder() -> Path:
    """Flet's app storage when packaged, else the platform's user data folder."""
    packaged = os.environ.get("FLET_APP_STORAGE_DATA")
    if packaged:
        return Path(packaged)
    import platformdirs

    return Path(platformdirs.user_data_dir("tableside", appauthor=False))
