"""Attacks from other devices on the network (a network namespace: tests/security/netns.py): nothing a
browser writes, `client_ip` included, changes its role, its PIN tries, its waiting places or its
websockets; the server counts the connection's address."""

import json
import subprocess
import sys

import pytest

from companion.access.gate import FREE_TRIES
from companion.server.admission import MAX_PENDING_PER_ADDRESS
from companion.server.guard import MAX_SOCKETS_PER_ADDRESS

from .support import REPO


def namespaces() -> bool:
    try:
        return subprocess.run(["unshare", "--net", "true"], capture_output=True, timeout=10).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def seen_in_a_namespace(tmp_path_factory, module: str) -> dict:
    """What `module` (run with `python -m` in a network namespace of its own) saw: its last line's JSON."""
    if not namespaces():
        pytest.skip("needs a network namespace of its own (unshare --net, as root)")
    out = tmp_path_factory.mktemp(module.rsplit(".", 1)[-1])
    done = subprocess.run(
        ["unshare", "--net", sys.executable, "-m", module, str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def seen(tmp_path_factory):
    return seen_in_a_namespace(tmp_path_factory, "tests.security.netns")


def test_a_device_claiming_to_be_this_machine_is_still_asked_for_the_pin(seen):
    assert seen["roles"] == {
        "/settings from another device": "pin",
        "/settings from another device claiming 127.0.0.1": "pin",
        "/history from another device": "pin",
        "/history from another device claiming 127.0.0.1": "pin",
        "/settings from this machine": "in",  # the test tells the host apart: the serving machine is it
    }


def test_claiming_new_addresses_does_not_multiply_pin_tries_nor_grow_the_tries_file(seen):
    tries = seen["pin tries"]
    assert tries["said"][: FREE_TRIES - 1] == ["Wrong PIN."] * (FREE_TRIES - 1)
    assert all("ry again in" in said for said in tries["said"][FREE_TRIES - 1 :]), tries["said"]
    assert tries["another device"] == "Wrong PIN."  # another address is another device, not held up
    assert tries["tries keys"] == ["*", "10.77.0.3", "10.77.0.4"]  # none of the claimed ones
    assert tries["tries bytes"] < 200


def test_one_device_claiming_new_addresses_gets_its_share_of_waiting_places_and_no_more(seen):
    places = seen["waiting places"]
    assert places["one device"] == ["pin"] * MAX_PENDING_PER_ADDRESS + ["busy"] * 3
    assert places["10.77.0.6"] == "pin"  # another device still gets in
    assert places["127.0.0.1"] == "in"  # and the host's own browser


def test_one_device_gets_its_share_of_websockets_and_another_device_still_gets_in(seen):
    share = seen["socket share"]
    assert share["held"] == [101] * MAX_SOCKETS_PER_ADDRESS
    assert share["one more"] == 403
    assert share["another device"] == 101
