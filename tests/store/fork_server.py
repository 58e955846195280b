"""Crash-test helper: start writers as forked children of one process that imported the app once.

    python tests/store/fork_server.py

Reads JSON lines {"run": "save_loop" | "import", "args": [...], "kill_after": seconds or null}
from standard input. For each it forks a child that runs tests/store/save_loop.py ARGS or
`tableside import ARGS`, SIGKILLs it `kill_after` seconds after it said `ready` (the save loop)
or after it started (an import; unless it finished first), and answers one JSON line
{"returncode", "stdout", "stderr", "seconds"} (returncode -9: killed). The kill still takes a
whole process with the store's files open; forking only spares each kill the ~0.4 s of
starting Python and importing the app.
"""

import json
import os
import select
import signal
import sys
import tempfile
import time
import traceback
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from companion.__main__ import main as tableside
from tests.store import save_loop


def child(run: str, args: list[str]) -> int:
    if run == "save_loop":
        sys.argv = ["save_loop.py", *args]
        save_loop.main()
        return 0
    return tableside(args)


def run_forked(run: str, args: list[str], kill_after: float | None) -> dict:
    sys.stdout.flush()
    sys.stderr.flush()
    read_end, write_end = os.pipe()
    with tempfile.TemporaryFile() as err:
        started = time.monotonic()
        pid = os.fork()  # POSIX only, as SIGKILL is
        if pid == 0:  # the child never returns
            code = 1
            try:
                os.close(read_end)
                os.dup2(write_end, 1)
                os.dup2(err.fileno(), 2)
                code = child(run, args)
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
            except BaseException:
                traceback.print_exc()
            finally:
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        os.close(write_end)
        out = b""
        deadline = None if run == "save_loop" else started + (kill_after if kill_after is not None else 600)
        ended = False
        while not ended:
            if deadline is None and b"\n" in out:  # the save loop said `ready`: the wait starts now
                deadline = time.monotonic() + (kill_after or 0)
            timeout = None if deadline is None else max(0.0, deadline - time.monotonic())
            readable, _, _ = select.select([read_end], [], [], timeout)
            if not readable:
                break  # time is up
            chunk = os.read(read_end, 65536)
            out += chunk
            ended = not chunk
        if not ended:
            os.kill(pid, signal.SIGKILL)
        while chunk := os.read(read_end, 65536):
            out += chunk
        os.close(read_end)
        _, status = os.waitpid(pid, 0)
        seconds = time.monotonic() - started
        err.seek(0)
        return {
            "returncode": -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status),
            "stdout": out.decode(errors="replace"),
            "stderr": err.read().decode(errors="replace"),
            "seconds": seconds,
        }


def main() -> None:
    for line in sys.stdin:
        request = json.loads(line)
        answer = run_forked(request["run"], request["args"], request["kill_after"])
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
