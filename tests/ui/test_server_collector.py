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


def test_memory_is_given_back_only_once_the_games_are_quiet(monkeypatch):
    """A full collection holds every device for seconds at a club night: it waits while a game changes."""
    import asyncio
    import time

    collected: list[float] = []
    monkeypatch.setattr(memory, "SETTLE_SECONDS", 0.05)
    monkeypatch.setattr(memory.gc, "collect", lambda *a: collected.append(time.monotonic()))
    last_change = [time.monotonic()]

    async def a_table_plays_then_stops() -> None:
        memory.give_back_soon(lambda: last_change[0])
        for _ in range(6):  # a tap every 20 ms: never quiet for 50 ms
            await asyncio.sleep(0.02)
            last_change[0] = time.monotonic()
        assert collected == []
        await asyncio.sleep(0.25)  # quiet now: the next check collects, once

    asyncio.run(a_table_plays_then_stops())
    assert len(collected) == 1 and collected[0] - last_change[0] >= 0.05
