"""The PIN stays out of `ps`, and serving beyond this machine never runs without one."""

import asyncio
import re

from .flet_client import Client
from .support import Server


def command_line(server) -> str:
    return open(f"/proc/{server.proc.pid}/cmdline", "rb").read().replace(b"\0", b" ").decode()


def locked(server) -> bool:
    async def visit():
        # Whether "PIN" was said: nothing after it can unsay it, so no quiet to wait for once it is.
        client = await Client.open(f"ws://127.0.0.1:{server.port}/ws", stop_at="PIN")
        await client.close()
        return "PIN" in client.texts()

    return asyncio.run(visit())


def test_a_pin_from_the_environment_is_in_force_and_not_on_the_command_line(tmp_path):
    server = Server(tmp_path / "data", env={"TABLESIDE_PIN": "864209"}).start()
    try:
        assert "864209" not in command_line(server)
        assert locked(server)
    finally:
        server.stop()


def test_a_pin_asked_for_is_read_from_standard_input(tmp_path):
    server = Server(tmp_path / "data", "--pin", "-").start(stdin="975310\n")
    try:
        assert "975310" not in command_line(server)
        assert locked(server)
    finally:
        server.stop()


def test_serving_to_the_network_without_a_pin_makes_one_and_prints_it_once(tmp_path):
    server = Server(tmp_path / "data", "--host", "0.0.0.0").start()
    try:
        printed = re.findall(r"PIN for this run: (\d+)", server.output())
        assert len(printed) == 1 and len(printed[0]) >= 6
        assert locked(server)
    finally:
        server.stop()
    assert printed[0] not in "".join(p.read_text(errors="replace") for p in (tmp_path / "data").iterdir() if p.is_file())


def test_a_short_pin_is_taken_with_a_warning_and_a_three_digit_one_refused(tmp_path):
    server = Server(tmp_path / "data", env={"TABLESIDE_PIN": "1234"}).start()
    try:
        assert "Warning: a 4-digit PIN" in server.output()
    finally:
        server.stop()
    import subprocess
    import sys

    from .support import REPO

    done = subprocess.run(
        [sys.executable, "-m", "companion", "--data", str(tmp_path / "data"), "--pin", "123"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stderr.startswith("error:") and "4 to 12 digits" in done.stderr
