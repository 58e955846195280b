"""Fault injection for the store's writes: the n-th file-system step fails (or the process is killed).

A step is a call of tempfile.mkstemp (a new file: needs space), os.fsync (where a full disk
reports delayed writes), os.replace, os.rename, os.link or os.unlink. Used in-process with an
OSError (ENOSPC) and by kill_at.py with SIGKILL.
"""

from __future__ import annotations

import errno
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager

STEPS = ((tempfile, "mkstemp"), (os, "fsync"), (os, "replace"), (os, "rename"), (os, "link"), (os, "unlink"))


@contextmanager
def fail_at(n: int, fault: Callable[[str], None]) -> Iterator[list[str]]:
    """Run `fault(step name)` instead of the n-th step (1-based); yields the steps seen so far."""
    seen: list[str] = []
    originals = [(module, name, getattr(module, name)) for module, name in STEPS]

    def wrap(name: str, original: Callable) -> Callable:
        def step(*args, **kwargs):
            seen.append(name)
            if len(seen) == n:
                fault(name)
            return original(*args, **kwargs)

        return step

    for module, name, original in originals:
        setattr(module, name, wrap(name, original))
    try:
        yield seen
    finally:
        for module, name, original in originals:
            setattr(module, name, original)


def disk_full(name: str) -> None:
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


@contextmanager
def read_only(folder, code: int = errno.EROFS) -> Iterator[None]:
    """The folder (and all below it) behaves as on a read-only disk (`code` EROFS) or a folder of someone
    else (EACCES): every step that would create, replace, remove or change a file there fails; reading
    works. (The tests run as root, which chmod does not stop.)"""
    import shutil as _shutil
    from pathlib import Path

    top = str(Path(folder).resolve())
    writes = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_TRUNC | os.O_APPEND

    def inside(*paths) -> bool:
        return any(isinstance(p, (str, os.PathLike)) and str(Path(p).resolve()).startswith(top) for p in paths)

    def refuse(*paths):
        raise OSError(code, os.strerror(code), str(paths[0]))

    originals = {}

    def patch(module, name, guard):
        original = getattr(module, name)
        originals[(module, name)] = original

        def step(*args, **kwargs):
            if guard(*args, **kwargs):
                refuse(*args)
            return original(*args, **kwargs)

        setattr(module, name, step)

    patch(os, "open", lambda path, flags, *a, **k: bool(flags & writes) and inside(path))
    patch(tempfile, "mkstemp", lambda *a, dir=None, **k: inside(dir))
    for name in ("replace", "rename", "link"):
        patch(os, name, lambda src, dst, *a, **k: inside(src, dst))
    for name in ("unlink", "remove", "rmdir", "chmod"):
        patch(os, name, lambda path, *a, **k: inside(path))
    patch(os, "mkdir", lambda path, *a, **k: inside(path) and not os.path.isdir(path))
    patch(_shutil, "rmtree", lambda path, *a, **k: inside(path))
    try:
        yield
    finally:
        for (module, name), original in originals.items():
            setattr(module, name, original)
