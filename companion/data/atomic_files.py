"""Writing the data folder's files so that a crash or a full disk never leaves half of one.

- `write_bytes_atomically`: a temporary file in the same folder, flushed and fsynced, then
  os.replace: a crash leaves the old file or the new, never half of each.
- `Transaction`: several files changed as one step (a finish, an edit saved, an import over
  many months). Every new file is first written in full as a temporary file (the step that
  needs space: a full disk stops it there, and nothing has changed); then a marker listing
  them is written and they are renamed into place. A process killed during the renames
  leaves the marker: `finish_commit` completes them at the next start, before anything reads.
- `AtomicJSONStorage`: TinyDB's storage over the above; while a transaction is open its
  writes are staged in it.
- Every file written here is private (0600) and every folder 0700: live.json holds the PIN's hash.
  (On Windows these modes set only the read-only flag: the user's profile keeps the folder private.)
- `StoreWriteError`: a write that failed, said in words a person can act on.
"""

from __future__ import annotations

import errno
import json
import os
import tempfile
import zlib
from pathlib import Path
from typing import Any

from tinydb.storages import Storage

from companion.language import _, spoken
from scoring.words import Said

FILE_MODE = 0o600
DIR_MODE = 0o700
# Windows: a file opened by os.open is a text file unless it says binary (each "\n" written as
# "\r\n", a 0x1A read as its end); open() and mkstemp ask for binary themselves. 0 elsewhere.
BINARY = getattr(os, "O_BINARY", 0)
COMMIT_MARKER = "commit.json"


class StoreWriteError(RuntimeError):
    """Saving failed; str() says why in words for the screen (details are in the log)."""


def cause_in_words(error: BaseException) -> str:
    """Why a write failed, for a person: 'The disk is full', 'The data folder is on a read-only disk'… A Said: English
    where it is kept or logged (a backup's notice), in the reader's language where it is said (`in_words`, spoken)."""
    number = getattr(error, "errno", None)
    if number in (errno.ENOSPC, errno.EDQUOT):
        return Said("The disk is full")
    if number == errno.EROFS:
        return Said("The data folder is on a read-only disk")
    if number in (errno.EACCES, errno.EPERM):
        return Said("Tableside is not allowed to write to its data folder")
    if isinstance(error, OSError):
        return Said("The data could not be written ({reason})", reason=error.strerror or type(error).__name__)
    return Said("An unexpected error ({details})", details=" ".join(f"{str(error) or type(error).__name__}".split()))  # one line


def in_words(error: OSError, outcome: str | None = None) -> str:
    """'The disk is full: nothing was changed.', in the reader's language. `outcome`: what became of the change,
    in the reader's language (the caller's `_()`); nothing was changed when not given."""
    return _("{cause}: {outcome}.").format(
        cause=spoken(cause_in_words(error)), outcome=_("nothing was changed") if outcome is None else outcome
    )


def private_dir(path: Path) -> Path:
    """Create `path` (and parents) as 0700, and tighten it if it already existed."""
    path.mkdir(mode=DIR_MODE, parents=True, exist_ok=True)
    try:
        if path.stat().st_mode & 0o777 != DIR_MODE:
            os.chmod(path, DIR_MODE)
    except OSError:
        pass  # not ours to change (a shared mount): the files themselves are still 0600
    return path


def fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot fsync a folder; the replace is still atomic
    finally:
        os.close(fd)


def write_new_file(path: Path, data: bytes) -> None:
    """A new private file with `data`, fsynced (for backups: never shared with another file)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | BINARY, FILE_MODE)
    with os.fdopen(fd, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())


def write_temporary(path: Path, data: bytes) -> Path:
    """A private temporary file beside `path` holding `data`, fsynced; removed again if that fails."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)  # mkstemp: mode 0600
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
    except BaseException:
        discard(Path(tmp))
        raise
    return Path(tmp)


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """The old file or the new, never half of each. The folder is not fsynced here (write_atomically does)."""
    tmp = write_temporary(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        discard(tmp)
        raise


def write_atomically(path: Path, text: str) -> None:
    write_bytes_atomically(path, text.encode("utf-8"))
    fsync_dir(path.parent)


def dumps(data: Any) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def discard(tmp: Path) -> None:
    """Remove a temporary file; one that cannot be removed now is removed at the next start."""
    try:
        tmp.unlink(missing_ok=True)
    except OSError:
        pass


class CommitPending(OSError):
    """The files of a transaction were written but not all put in place; the next start completes it."""


def fingerprint(raw: bytes) -> list[int]:
    """A file's content in two numbers (size and CRC-32): how backups know bytes they saw before."""
    return [len(raw), zlib.crc32(raw)]


class Transaction:
    def __init__(self, folder: Path):
        self.folder = folder
        self.staged: dict[Path, Path] = {}  # data file → its new content, written as a temporary file
        self.prints: dict[Path, tuple[int, ...]] = {}  # data file → the fingerprint of its new content

    def stage(self, path: Path, data: bytes) -> None:
        tmp = write_temporary(path, data)
        old = self.staged.get(path)
        self.staged[path] = tmp
        self.prints[path] = tuple(fingerprint(data))
        if old is not None:
            discard(old)

    def abort(self) -> None:
        for tmp in self.staged.values():
            discard(tmp)
        self.staged.clear()
        self.prints.clear()

    def commit(self) -> None:
        if not self.staged:
            return
        if len(self.staged) == 1:  # one file: os.replace alone is atomic, no marker needed (every tap)
            [(path, tmp)] = self.staged.items()
            self.staged.clear()
            try:
                os.replace(tmp, path)
            except BaseException:
                discard(tmp)
                raise
            fsync_dir(path.parent)
            return
        marker = self.folder / COMMIT_MARKER
        pairs = [[str(tmp.relative_to(self.folder)), str(path.relative_to(self.folder))] for path, tmp in self.staged.items()]
        write_atomically(marker, json.dumps(pairs))  # from here on the change happens, now or at the next start
        try:
            for path, tmp in self.staged.items():
                os.replace(tmp, path)
            for parent in {p.parent for p in self.staged}:
                fsync_dir(parent)
            marker.unlink()
            fsync_dir(self.folder)
        except OSError as e:
            raise CommitPending(e.errno, e.strerror) from e
        finally:
            self.staged.clear()


def finish_commit(folder: Path) -> int:
    """Complete a transaction cut short during its renames; returns how many files were put in place."""
    marker = folder / COMMIT_MARKER
    try:
        pairs = json.loads(marker.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return 0
    except ValueError:
        pairs = []  # written atomically, so never torn; unreadable means not ours: nothing to complete
    done = 0
    for tmp, target in pairs:
        if (folder / tmp).exists():
            os.replace(folder / tmp, folder / target)
            done += 1
    for parent in {(folder / t).parent for unused, t in pairs}:
        fsync_dir(parent)
    marker.unlink()
    fsync_dir(folder)
    return done


class AtomicJSONStorage(Storage):
    """The parsed data is cached, since this process holds the data folder's lock and is the only writer."""

    def __init__(self, path: str | os.PathLike, data: dict[str, Any] | None = None):
        """`data`: the file's content, already read and checked by the caller (saves a second parse)."""
        self.path = Path(path)
        self._cache: dict[str, Any] | None = data
        self.transaction: Transaction | None = None

    def read(self) -> dict[str, Any] | None:
        if self._cache is None:
            if not self.path.exists():
                return None
            with open(self.path, encoding="utf-8") as f:
                text = f.read()
            if not text.strip():
                return None
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError(f"{self.path} does not hold a TinyDB database")
            self._cache = data
        return self._cache

    def write(self, data: dict[str, Any]) -> None:
        try:
            if self.transaction is not None:
                self.transaction.stage(self.path, dumps(data))
            else:
                write_bytes_atomically(self.path, dumps(data))
                fsync_dir(self.path.parent)
        except BaseException:
            self.forget()
            raise
        self._cache = data

    def forget(self) -> None:
        """Drop the cache: the file is the truth (after a failed write or an aborted transaction)."""
        self._cache = None

    def close(self) -> None:
        self._cache = None
