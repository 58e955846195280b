"""Changes past one process: a change published in one process is heard in every process on the bus
(companion/data/bus.py stands for Redis or PostgreSQL here), once, and by the topics' subscribers only."""

import pytest

from companion.data import changes
from companion.data.bus import LocalBus
from companion.data.changes import Changes


def two_processes() -> tuple[Changes, Changes]:
    bus = LocalBus()
    return Changes(bus), Changes(bus)


@pytest.mark.parametrize(
    ("published", "subscribed", "heard"),
    [
        ([changes.game("a")], [changes.game("a")], 1),
        ([changes.game("a")], [changes.game("b")], 0),
        ([changes.game("a"), changes.LIVE], [changes.game("a"), changes.LIVE], 1),  # one change, one redraw
        ([changes.EVERYTHING], [changes.HISTORY], 1),
        ([changes.HISTORY], [changes.LIVE, changes.SETTINGS], 0),
    ],
)
def test_a_change_in_one_process_reaches_the_others_subscribers_once(published, subscribed, heard):
    here, there = two_processes()
    calls = {"here": 0, "there": 0}
    here.subscribe(subscribed, lambda: calls.__setitem__("here", calls["here"] + 1))
    there.subscribe(subscribed, lambda: calls.__setitem__("there", calls["there"] + 1))
    here.publish(published)
    assert calls == {"here": heard, "there": heard}
    assert here.version(subscribed) == there.version(subscribed)


def test_a_broken_subscriber_in_one_process_does_not_keep_the_other_from_hearing():
    here, there = two_processes()
    heard = []

    def broken():
        raise RuntimeError("a screen that failed")

    here.subscribe([changes.LIVE], broken)
    there.subscribe([changes.LIVE], lambda: heard.append("there"))
    here.publish([changes.LIVE])
    assert heard == ["there"]


def test_a_closed_process_hears_nothing_more():
    here, there = two_processes()
    heard = []
    there.subscribe([changes.LIVE], lambda: heard.append(1))
    there.close()
    here.publish([changes.LIVE])
    assert heard == []
    assert there.version([changes.LIVE]) == 0


def test_without_a_bus_a_change_stays_in_its_process():
    alone, other = Changes(), Changes()
    heard = []
    other.subscribe([changes.LIVE], lambda: heard.append(1))
    alone.subscribe([changes.LIVE], lambda: heard.append(0))
    alone.publish([changes.LIVE])
    assert heard == [0]


def test_the_process_that_published_tells_its_own_subscribers_at_once_and_once():
    """Its own change comes back on the bus too: it was drawn when published (the tapping device first), not again."""
    bus = LocalBus()
    here, _there = Changes(bus), Changes(bus)
    order = []
    here.subscribe([changes.LIVE], lambda: order.append("drawn"))
    sent = bus.send

    def send_and_note(origin, topics):
        order.append("sent")
        sent(origin, topics)

    bus.send = send_and_note
    here.publish([changes.LIVE])
    assert order == ["drawn", "sent"]
