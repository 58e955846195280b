"""Crash-test helper: SIGKILL a process at the n-th file-system step of one store action.

    python tests/store/kill_at.py DIR ACTION N
    python tests/store/kill_at.py serve

ACTION: `repair` (open the store on a folder with damaged files: the repair runs at start-up)
or `edit` (open the store, then edit the saved game "feb", moving it to March, and save the
changes). Prints `saved` once the edit's save returned and `done` at the end, both flushed.

`serve` imports the store once, then for each JSON line {"folder", "action", "n"} read from
standard input forks a child that runs the action (and is killed in it), and answers one JSON
line {"returncode", "stdout", "stderr"} as subprocess.run would (-9: killed). Each kill is
still a whole process dying with the store's files open; the fork only spares the ~0.4 s of
starting Python and importing the app that each of the many kills would otherwise pay.
"""

import json
import os
import signal
import sys
import tempfile
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.data.store import GameStore
from tests.store.faults import fail_at
from tests.store.test_store import cgt


def kill(step: str) -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def run(folder: str, action: str, n: int) -> None:
    if action == "repair":
        with fail_at(n, kill):
            GameStore(folder).close()
    else:
        store = GameStore(folder)
        with fail_at(n, kill):
            store.edit_copy("feb")
            store.save_edit("feb", cgt(3, "2026-03-05T20:00:00", "feb"))
            store.replace_finished("feb")
            print("saved", flush=True)
        store.close()
    print("done", flush=True)


def run_forked(folder: str, action: str, n: int) -> dict:
    """`run` in a child process: its exit status and what it printed."""
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    with tempfile.TemporaryFile() as err:
        pid = os.fork()  # POSIX only, as SIGKILL is
        if pid == 0:  # the child: its output goes to the pipe and the file, it never returns
            code = 0
            try:
                os.close(read_end)
                os.dup2(write_end, 1)
                os.dup2(err.fileno(), 2)
                run(folder, action, n)
            except BaseException:
                traceback.print_exc()
                code = 1
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        os.close(write_end)
        chunks = []
        while chunk := os.read(read_end, 65536):
            chunks.append(chunk)
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
        err.seek(0)
        return {
            "returncode": -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status),
            "stdout": b"".join(chunks).decode(),
            "stderr": err.read().decode(errors="replace"),
        }


def serve() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        answer = run_forked(request["folder"], request["action"], int(request["n"]))
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


def main() -> None:
    if sys.argv[1] == "serve":
        serve()
    else:
        run(sys.argv[1], sys.argv[2], int(sys.argv[3]))


if __name__ == "__main__":
    main()
