"""Guessing the PIN: a new X-Forwarded-For, a new session or a restart does not reset the wait."""

import asyncio
import os
import stat
import time

from companion.access.gate import EVERYONE_FREE_TRIES, FREE_TRIES, TRIES_FILE, Gate

from .flet_client import Client
from .support import Server

PIN = "246810"


async def guess(server, pin: str, forwarded_for: str) -> list[str]:
    """A new session (as a new tab or another device would open) that tries one PIN; what it was told."""
    # The PIN screen's field comes in the message that says PIN: no need to wait for the server's quiet after it.
    client = await Client.open(f"ws://127.0.0.1:{server.port}/ws", headers={"X-Forwarded-For": forwarded_for}, stop_at="PIN")
    # Until the answer: each check below asks whether a text was said, which nothing after it can unsay.
    await client.type_and_submit(client.control("TextField", label="PIN"), pin, stop_at=answer)
    await client.close()
    return client.texts()


def answer(text: str) -> bool:
    return "Wrong PIN" in text or "Too many" in text or "Try again" in text


def told(texts: list[str]) -> str:
    return " | ".join(t for t in texts if answer(t))


def test_a_new_forwarded_address_for_every_guess_is_still_slowed_and_a_restart_keeps_the_wait(tmp_path):
    server = Server(tmp_path / "data", env={"TABLESIDE_PIN": PIN}).start()
    try:
        said = [told(asyncio.run(guess(server, "000000", f"10.9.8.{i}"))) for i in range(FREE_TRIES)]
        wait_began = time.monotonic()  # the last wrong PIN's answer has come: its wait began before it
        assert "Try again in" in said[-1], said  # the forged addresses count as the one socket address
        assert "Too many wrong PINs" in told(asyncio.run(guess(server, PIN, "10.9.8.200")))
        # One more wrong PIN after the 2 s wait: it is taken and earns a longer wait (4 s); the
        # waits growing step by step are tests/ui/test_pin.py's (a clock of its own, no sleeping).
        time.sleep(max(0.0, wait_began + 2.2 - time.monotonic()))
        assert "Try again in" in told(asyncio.run(guess(server, "000000", "10.9.8.102")))
    finally:
        assert server.stop() is not None
    tries = tmp_path / "data" / TRIES_FILE
    assert stat.S_IMODE(os.stat(tries).st_mode) == 0o600
    server.start()  # a restart keeps the count: a wrong PIN still earns a wait
    try:
        # Whether the 4 s ran out during the restart (a busy machine) or not, the answer names a wait:
        # "Too many wrong PINs: try again in …" or "Wrong PIN. Try again in … s." A restart that
        # forgot the count would say "Wrong PIN." alone (a first wrong PIN is free).
        assert "try again in" in told(asyncio.run(guess(server, "000000", "10.9.8.201"))).lower()
    finally:
        server.stop()


class Store:
    def __init__(self, folder):
        self.folder = folder

    def setting(self, key, default=None):
        return None


def test_the_wait_is_kept_in_the_data_folder_and_read_back(tmp_path):
    now = [1_000_000.0]
    gate = Gate(Store(tmp_path), pin="1234", clock=lambda: now[0])
    for _ in range(FREE_TRIES + 2):
        gate.check("192.168.1.7", "9999")
    wait = gate.wait_for("192.168.1.7")
    assert wait > 0
    again = Gate(Store(tmp_path), pin="1234", clock=lambda: now[0])  # the server restarted
    assert again.wait_for("192.168.1.7") == wait
    assert again.check("192.168.1.7", "1234")[0] is False
    assert again.wait_for("192.168.1.8") == 0.0  # another device is not held up


def test_an_unreadable_tries_file_means_waiting_not_guessing_freely(tmp_path):
    (tmp_path / TRIES_FILE).write_text("{not json")
    gate = Gate(Store(tmp_path), pin="1234")
    assert gate.wait_for("192.168.1.9") > 0


def test_one_device_taking_many_ipv6_addresses_is_one_device():
    now = [1_000_000.0]
    gate = Gate(None, pin="1234", clock=lambda: now[0])
    for i in range(FREE_TRIES):
        gate.check(f"2001:db8:1:2::{i + 1:x}", "9999")
    assert gate.wait_for("2001:db8:1:2::ffff") > 0
    assert gate.wait_for("2001:db8:1:3::1") == 0.0


def test_many_addresses_guessing_together_are_slowed_together():
    now = [1_000_000.0]
    gate = Gate(None, pin="1234", clock=lambda: now[0])
    for i in range(EVERYONE_FREE_TRIES):
        assert gate.check(f"192.168.1.{i + 1}", "9999")[0] is False
    assert gate.wait_for("192.168.1.250") > 0  # a fresh address of the same LAN waits as well


def test_the_tries_file_stays_small_whatever_the_guessers_do(tmp_path):
    from companion.access.gate import MAX_REMEMBERED

    now = [1_000_000.0]
    gate = Gate(Store(tmp_path), pin="1234", clock=lambda: now[0])
    for i in range(MAX_REMEMBERED + 300):
        now[0] += 0.001
        gate.check(f"10.{i // 65536}.{i // 256 % 256}.{i % 256}", "9999")
    gate.check("x" * 100_000, "9999")  # not an address: a short key all the same
    tries = tmp_path / TRIES_FILE
    kept = __import__("json").loads(tries.read_text())
    assert len(kept) <= MAX_REMEMBERED and max(len(k) for k in kept) < 40
    assert tries.stat().st_size < MAX_REMEMBERED * 60
    assert stat.S_IMODE(os.stat(tries).st_mode) == 0o600
    tries.write_text(__import__("json").dumps({f"10.1.{i // 256}.{i % 256}": [1, now[0]] for i in range(MAX_REMEMBERED * 3)}))
    assert len(Gate(Store(tmp_path), pin="1234", clock=lambda: now[0])._failures) == MAX_REMEMBERED  # pruned on reading
