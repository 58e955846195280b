"""Issue 41 item 1: the game clock on every device of the table (widgets/game_clock.py). Time is the
test's (game_clock.now replaced), so nothing here sleeps through a clock's minutes: the screens
are drawn from the stored clock and that time, as every device's are."""

import asyncio
import json
from datetime import timedelta

import flet as ft
import pytest

import scoring
from companion.access import rights
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites
from companion.services import file_formats, game_clock
from companion.ui.widgets.game_clock import PAUSE, RESUME
from tests.conftest import START

from .test_invite import code, guest_at


def new_game(store) -> str:
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})
    return store.create({**record, "played_at": START.isoformat()}).id


def shown(h) -> tuple[str, str]:
    """The clock's text and its button's name, as the person sees them."""
    names = [name for name in (PAUSE, RESUME) if h.buttons(name)]
    return h.text_of("clock"), " ".join(names)


def tick_tasks(loop) -> list[asyncio.Task]:
    return [t for t in asyncio.all_tasks(loop) if "GameClock" in t.get_coro().__qualname__ and not t.done()]


def test_the_clock_ticks_on_its_own_without_drawing_the_play_view_again(open_app, store, clock, monkeypatch):
    monkeypatch.setattr(game_clock, "TICK", 0.05)
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    assert shown(h) == ("0:00", PAUSE)
    clock.to(12 + 5 / 60)
    sent = len(h.conn.sent)
    h.settle(horizon=0.12)
    assert h.text_of("clock") == "12:05"
    tick = h.patched_since(sent)
    assert "12:05" in tick and "total" not in tick and "Mia" not in tick  # only the clock's text went to the browser
    clock.to(62 + 3 / 60)
    h.settle(horizon=0.12)
    assert h.text_of("clock") == "1:02:03"  # past an hour: hours:minutes:seconds
    assert len(tick_tasks(h.loop)) == 1  # one timer for the page


def test_paused_on_one_device_is_paused_on_the_other_and_after_a_reload(open_app, store, clock):
    game_id = new_game(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    clock.to(10)
    tablet.tap(PAUSE)
    phone.settle()
    assert shown(tablet) == shown(phone) == ("10:00", RESUME)
    clock.to(40)  # a break of half an hour: the time played stands still everywhere
    reloaded = open_app(f"/play/{game_id}")
    assert shown(reloaded) == ("10:00", RESUME)
    reloaded.tap(RESUME)
    clock.to(45)
    tablet.settle()
    phone.settle()
    assert shown(reloaded)[1] == shown(phone)[1] == shown(tablet)[1] == PAUSE
    second = open_app(f"/play/{game_id}")
    assert shown(second) == ("15:00", PAUSE)


def test_a_second_press_of_pause_pauses_once(open_app, store, clock):
    game_id = new_game(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    stale = phone.buttons(PAUSE)[0]
    clock.to(5)
    tablet.tap(PAUSE)
    clock.to(6)
    phone.click(stale)  # pressed as the phone showed it, before it heard of the tablet's press
    assert store.get(game_id).record["clock"]["pauses"] == [{"from": game_clock.stamp(START + timedelta(minutes=5))}]
    assert shown(phone) == ("5:00", RESUME)  # paused once: the stale press did not run it again


def test_undo_takes_back_a_card_never_the_clock(open_app, store, clock):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    h.tap("Mia red 3")
    clock.to(8)
    h.tap(PAUSE)
    h.tap("Undo")
    assert store.get(game_id).record["rounds"][0]["Mia"] == {}
    clock.to(20)
    h.settle()
    assert shown(h) == ("8:00", RESUME)


def test_saving_stops_the_clock_and_the_results_history_and_bg_stats_give_its_time(open_app, store, clock):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}", width=1024, height=768)
    h.tap("Mia red 10")
    clock.to(20)
    h.tap(PAUSE)
    clock.to(35)  # a quarter of an hour for the pizza
    h.tap(RESUME)
    clock.to(52)
    h.tap("Results")
    assert not tick_tasks(h.loop)  # the play screen left: its timer went with it
    h.tap("Save result")
    saved = store.get(game_id)
    assert saved.record["clock"]["stopped"] == game_clock.stamp(clock.now)
    texts = [t.value for t in h.find_all(ft.Text) if isinstance(t.value, str)]
    assert any(t.endswith(" · 37 min") for t in texts), texts  # 52 minutes at the table, 15 of them a break
    assert file_formats.bgstats_play(saved)["durationMin"] == 37
    h.conn.method_results["save_file"] = "/downloads/x.json"
    h.tap("Export for BG Stats")
    h.settle()
    _, args = next((n, a) for n, a in h.conn.invoked if n == "save_file")
    assert json.loads(bytes(args["src_bytes"]).decode())["durationMin"] == 37
    clock.to(90)
    history = open_app(f"/history/{game_id}")
    assert any(t.value.endswith(" · 37 min") for t in history.find_all(ft.Text) if isinstance(t.value, str))


def test_an_edit_of_a_saved_game_shows_its_clock_stopped_without_the_button(open_app, store, clock):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}", width=1024, height=768)
    h.tap("Mia red 10")
    clock.to(30)
    h.tap("Results")
    h.tap("Save result")
    clock.to(100)
    edit = open_app(f"/play/{game_id}", width=1024, height=768)  # an edit copy of the saved game
    assert shown(edit) == ("30:00", "")


def test_an_older_saved_game_being_edited_shows_the_time_it_always_had(open_app, store, clock):
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})
    record["rounds"] = [{"Mia": {"red": {"cards": [10]}}, "Noah": {}}]
    game_id = store.create({**record, "played_at": START.isoformat()}).id
    store.finish(game_id)  # saved as before the clock: no clock in its record
    assert "clock" not in store.get(game_id).record
    edit = open_app(f"/play/{game_id}", width=1024, height=768)
    text, button = shown(edit)
    assert button == "" and text.count(":") >= 1  # its played_at to its finished_at, stopped


@pytest.fixture
def table(store):
    """A game on a table with a PIN, its invitation, and Mia's phone seated."""
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    game_id = new_game(store)
    return game_id, code(store, game_id)


def test_a_seated_phone_may_pause_a_released_one_is_refused_by_the_server(open_app, store, clock, table):
    game_id, invite = table
    phone = guest_at(open_app, invite, "Mia")
    clock.to(3)
    phone.tap(PAUSE)  # a seated player may pause
    assert shown(phone) == ("3:00", RESUME)
    Invites(store).release(game_id, "Mia")  # the host releases the seat; the phone still shows the game
    before = store.get(game_id).record
    stale = phone.buttons(RESUME)[0]
    clock.to(9)
    phone.click(stale)  # its press is an event to the server, answered there
    assert store.get(game_id).record == before
    assert rights.SEAT_RELEASED in told(phone)
    phone.settle()
    assert phone.page.route == f"/join/{invite}"  # where it may pick a seat again


def told(h) -> list[str]:
    """What the session was told: its notices, and the refusal its screen shows (while it shows one)."""
    return [m.content.value for m in h.page._dialogs.controls if isinstance(m, ft.SnackBar)] + [
        s.content.value for s in h.find_all(ft.Semantics, identifier="message")
    ]


def test_the_timer_ends_with_the_browser(open_app, store, clock, monkeypatch):
    monkeypatch.setattr(game_clock, "TICK", 0.05)
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    assert len(tick_tasks(h.loop)) == 1
    h.fire(h.page, "disconnect")  # the browser went (closed, reloaded, asleep)
    assert not tick_tasks(h.loop)
    h.fire(h.page, "connect")  # back within Flet's window: drawn again, ticking again
    assert len(tick_tasks(h.loop)) == 1
