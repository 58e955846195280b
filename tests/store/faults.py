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
