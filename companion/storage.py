"""A TinyDB storage that never rewrites its file in place.

Each write goes to a temporary file in the same folder, is flushed and fsynced, then
replaces the data file with os.replace and the folder is fsynced: a crash leaves the old
file or the new one, never half of each. The parsed data is cached, since this process
holds the data folder's lock and is the only writer.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from tinydb.storages import Storage


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


def write_atomically(path: Path, text: str) -> None:
    write_bytes_atomically(path, text.encode("utf-8"))
    fsync_dir(path.parent)


def write_bytes_atomically(path: Path, data: bytes) -> None:
    """Temporary file in the same folder, flushed, fsynced, then os.replace: the old file or the new,
    never half of each. The folder is not fsynced here (write_atomically does; backups do it once)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


class AtomicJSONStorage(Storage):
    def __init__(self, path: str | os.PathLike, data: dict[str, Any] | None = None):
        """`data`: the file's content, already read and checked by the caller (saves a second parse)."""
        self.path = Path(path)
        self._cache: dict[str, Any] | None = data

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
            write_atomically(self.path, json.dumps(data, ensure_ascii=False, separators=(",", ":")))
        except BaseException:
            self._cache = None  # the file is the truth: read it again next time
            raise
        self._cache = data

    def close(self) -> None:
        self._cache = None
