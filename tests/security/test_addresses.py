"""One reading of "this machine" (identity.is_loopback): the host check, the guard, admission and the
serving banner all ask it, so they cannot disagree about an address."""

import pytest

from companion.access.identity import is_loopback
from companion.server.network import beyond_this_machine


@pytest.mark.parametrize(
    "address, loopback",
    [
        ("127.0.0.1", True),
        ("127.3.4.5", True),
        ("::1", True),
        ("192.168.1.20", False),
        ("::ffff:10.0.0.1", False),
        ("localhost", False),
        ("", False),
        ("not an address", False),
    ],
)
def test_is_loopback(address, loopback):
    assert is_loopback(address) is loopback


@pytest.mark.parametrize(
    "host, beyond",
    [
        ("0.0.0.0", True),
        ("::", True),
        ("localhost", False),
        ("127.0.0.1", False),
        ("::1", False),
        ("192.168.1.20", True),
        ("tableside.local", True),
    ],
)
def test_serving_beyond_this_machine(host, beyond):
    assert beyond_this_machine(host) is beyond
