"""Settings for the whole suite."""

import functools
import os
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import settings

# In CI the property tests replay the same examples every run, so a submission cannot fail on
# luck; on developers' machines they keep exploring new ones (and keep what fails in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


@pytest.fixture(autouse=True)
def still_game_clocks(monkeypatch):
    """A play screen's game clock shows the server's time and ticks each second
    (companion/services/game_clock.py). A screen that changes by itself would make a screen drawn a
    second later differ from it, a wait for a tap's answer end at a tick, and every wait for a screen
    wait for the next tick too: here the clock's time stands still (the test's start) and it ticks
    hourly, in this process and (below) in the servers the tests start. The clock's own tests set
    game_clock.now and TICK (and $TABLESIDE_CLOCK_TICK) themselves."""
    from companion.services import game_clock

    still = game_clock.now()
    monkeypatch.setattr(game_clock, "now", lambda: still)
    monkeypatch.setattr(game_clock, "TICK", 3600.0)


# The servers the browser and security tests start (module-scoped ones too, started before any test's
# fixtures) tick hourly; tests/e2e/test_game_clock_phone.py sets it back to each second for its own.
os.environ["TABLESIDE_CLOCK_TICK"] = "3600"


START = datetime(2026, 3, 1, 19, 0, tzinfo=UTC)  # when the clock tests' games start


@pytest.fixture
def clock(monkeypatch):
    """The server's time for the game clock's tests, set by the test: clock.now is START, clock.to(minutes) moves it."""

    class Time:
        now = START

        def to(self, minutes: float) -> None:
            self.now = START + timedelta(minutes=minutes)

    from companion.services import game_clock

    time = Time()
    monkeypatch.setattr(game_clock, "now", lambda: time.now)
    return time


@pytest.hookimpl(tryfirst=True)  # before xdist's own hook, which reads the groups set here
def pytest_collection_modifyitems(config, items):
    """Browser tests run in BROWSER_GROUPS groups, each one test after another on one worker (a test
    drives Chromium and a server, and mostly waits for them: a group per worker keeps the two cores
    busy without making timeouts flaky); the others are shared out beside them. Files go to the
    least loaded group, the longest first (SECONDS: measured here, in seconds).
    A file with a module-scoped fixture (a server, a network namespace) keeps its tests on one
    worker, so that the fixture is made once, not once per worker."""
    files = sorted({item.path for item in items if item.get_closest_marker("e2e")}, key=lambda p: (-SECONDS.get(p.name, 20), p.name))
    load = [0] * BROWSER_GROUPS
    group = {}
    for path in files:
        least = load.index(min(load))
        group[path] = f"browser-{least}"
        load[least] += SECONDS.get(path.name, 20)
    for item in items:
        if item.path in group:
            item.add_marker(pytest.mark.xdist_group(group[item.path]))
        elif module_scoped(item.path):
            item.add_marker(pytest.mark.xdist_group(item.path.name))


BROWSER_GROUPS = 2  # of pyproject's 3 workers (a run is half idle waiting on browsers and servers: the third takes the browserless tests)
# Per file, setup and call, in seconds: a full run's (9:45, the 2-core machine, 5 December 2026: the groups
# were 340 and 420 s by it, from the estimates before), rounded to 5.
SECONDS = {
    "test_standalone.py": 125,  # with the German start and the site's build
    "test_screen_sizes.py": 140,  # with the German and the French passes (every play screen at two phone sizes: +16 s here)
    "test_games.py": 65,
    "test_layout.py": 45,
    "test_tablet_tableaux.py": 35,
    "test_load.py": 35,
    "test_lost_cities_phone.py": 35,
    "test_reloads.py": 30,
    "test_phone_load.py": 30,
    "test_screen_model.py": 20,
    "test_still_connecting.py": 20,
    "test_guest_browser.py": 20,
    "test_pickers_by_tapping.py": 20,
    "test_table.py": 20,
    "test_names.py": 15,
    "test_fonts_never_block.py": 15,
    "test_game_clock_phone.py": 15,
    "test_home_layout.py": 15,
    "test_guest_phone.py": 15,
    "test_finishing_and_rounds.py": 10,
    "test_table_tablet_41.py": 10,
    "test_saved_games.py": 10,
    "test_game_log.py": 10,
    "test_browser.py": 10,
    "test_tableau_photo.py": 10,
}


@functools.cache
def module_scoped(path) -> bool:
    return any('scope="module"' in p.read_text() for p in (path, path.parent / "conftest.py") if p.exists())
