"""The server's cycle collector (companion/server/memory.py): full passes ten times less often than
CPython's default, the younger generations as they were. Latency is measured in bench/club.py."""

import gc

from companion.server import memory


def test_full_collections_come_after_100_middle_generation_passes():
    before = gc.get_threshold()
    try:
        memory.tune_collector()
        assert gc.get_threshold() == (before[0], before[1], 100)
    finally:
        gc.set_threshold(*before)
