"""The real server in a subprocess (as `tableside` runs), for the attacks that need one."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.e2e.conftest import free_port

REPO = Path(__file__).resolve().parents[2]


class Server:
    def __init__(self, data: Path, *args: str, env: dict | None = None):
        self.data = data
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.args = list(args)
        # The attacker's browser runs on this machine too: it must not count as the host's own.
        self.env = {**os.environ, "TABLESIDE_LOCAL_IS_HOST": "0", **(env or {})}
        self.log_path = data.parent / f"server-{self.port}.log"
        self.proc: subprocess.Popen | None = None

    def start(self, stdin: str | None = None) -> Server:
        with open(self.log_path, "a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "companion", "serve", "--port", str(self.port), "--data", str(self.data), *self.args],
                cwd=REPO,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=self.env,
                stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            )
        if stdin is not None:
            self.proc.stdin.write(stdin.encode())
            self.proc.stdin.close()
        deadline = time.monotonic() + 30
        while True:
            try:
                if urllib.request.urlopen(self.url + "/", timeout=1).status == 200:
                    return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.output()}")
            if time.monotonic() > deadline:
                raise RuntimeError(f"the server did not answer within 30 s:\n{self.output()}")
            time.sleep(0.05)

    def output(self) -> str:
        return self.log_path.read_text(errors="replace")

    def stop(self, sig: int = signal.SIGTERM, within: float = 5.0) -> float | None:
        """Send `sig`; seconds the server took to exit, or None when it had to be killed."""
        if self.proc is None or self.proc.poll() is not None:
            return 0.0
        started = time.monotonic()
        self.proc.send_signal(sig)
        try:
            self.proc.wait(within)
            return time.monotonic() - started
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
            return None
