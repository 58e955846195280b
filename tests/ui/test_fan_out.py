"""What one tap costs the server (issue 40): it redraws the screens of the sessions that show its game,
each once, and nothing else. Timings are bench/club.py's and bench/tap_cost.py's; these test mechanisms."""

from __future__ import annotations

from flet.messaging.protocol import MessageAction

from companion.data import changes
from scoring import new_record


def lost_cities(store) -> str:
    return store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id


def patched_since(h, before: int) -> list[int]:
    """The controls patched since the first `before` messages: each a part of the play screen that a tap
    changed (widgets/hooks.py, SelfDrawnPart), each drawn once."""
    return [m.body.id for m in h.conn.sent[before:] if m.action == MessageAction.PATCH_CONTROL]


def test_a_tap_redraws_only_the_sessions_that_show_its_game_each_once(open_app, store):
    played, elsewhere = lost_cities(store), lost_cities(store)
    table = [open_app(f"/play/{played}", width=1180, height=820) for _ in range(4)]
    other_table = [open_app(f"/play/{elsewhere}", width=1180, height=820) for _ in range(2)]
    history = open_app("/history", width=1180, height=820)
    table[0].tap("Mia red 5")  # the first formula's minus sign registers a fallback font: a page patch, once a session
    for h in table + other_table + [history]:
        h.settle()
    before = {id(h): len(h.conn.sent) for h in table + other_table + [history]}
    table[0].tap("Mia red 6")
    for h in table + other_table + [history]:
        h.settle()
    assert [h.text_of("total-Mia") for h in table] == ["−9"] * 4
    patched = [patched_since(h, before[id(h)]) for h in table]
    assert patched[0] and all(len(set(ids)) == len(ids) for ids in patched)  # each part the tap changed, once
    assert len({len(ids) for ids in patched}) == 1  # the same parts on every device, the tapper's included
    assert [len(h.conn.sent) - before[id(h)] for h in other_table + [history]] == [0, 0, 0]  # nothing sent to the rest
    assert other_table[0].text_of("total-Mia") == "0"


def test_a_change_the_screen_does_not_draw_from_sends_nothing(open_app, store):
    game = lost_cities(store)
    tablet = open_app(f"/play/{game}", width=1180)
    tablet.settle()
    before = len(tablet.conn.sent)
    store.changes.publish([changes.HISTORY, changes.LIVE, changes.game("another")])
    tablet.settle()
    assert len(tablet.conn.sent) == before
