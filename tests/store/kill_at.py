"""Crash-test helper: SIGKILL this process at the n-th file-system step of one store action.

    python tests/store/kill_at.py DIR ACTION N

ACTION: `repair` (open the store on a folder with damaged files: the repair runs at start-up)
or `edit` (open the store, then edit the saved game "feb", moving it to March, and save the
changes). Prints `saved` once the edit's save returned and `done` at the end, both flushed.
"""

import os
import signal
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.data.store import GameStore
from tests.store.faults import fail_at


def kill(step: str) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def main() -> None:
    folder, action, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    if action == "repair":
        with fail_at(n, kill):
            GameStore(folder).close()
    else:
        from tests.store.test_store import cgt

        store = GameStore(folder)
        with fail_at(n, kill):
            store.edit_copy("feb")
            store.save_edit("feb", cgt(3, "2026-03-05T20:00:00", "feb"))
            store.replace_finished("feb")
            print("saved", flush=True)
        store.close()
    print("done", flush=True)


if __name__ == "__main__":
    main()
