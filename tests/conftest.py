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
# Per file, setup and call: a full run's (13:18, the loaded 2-core machine), times the file's own
# after/before ratio run alone for the files trimmed since; files new since that run: run alone × 2.7
# (the median ratio of a full run to a run alone). Rounded to 5.
SECONDS = {
    "test_standalone.py": 120,  # one test since issue 50's two tabs joined it: 72 s alone; its build and Pyodide are CPU-bound: × ~1.4, + 20 s building under load
    "test_games.py": 115,  # the colour names checked in the BGG game's own setup: 67 -> 59 s alone
    "test_screen_sizes.py": 90,  # with test_history.py's checks (its file gone): 60 + 25 s alone -> 43 s
    "test_lost_cities_phone.py": 85,  # one server start per test, five and six expeditions on one page: 52 -> 38 s alone
    "test_layout.py": 80,
    "test_pickers_by_tapping.py": 30,  # waits for a still layout, not 300 ms: 43 -> 39 s alone
    "test_reloads.py": 70,  # five reloads, not six: 32 -> 26 s alone
    "test_load.py": 85,
    "test_tablet_tableaux.py": 85,
    "test_home_layout.py": 60,  # phone and tablet on one server and page: 31 -> 23 s alone
    "test_names.py": 55,  # one phone (a tablet page only waited for the same totals): 20 -> 15 s alone
    "test_screen_model.py": 65,
    "test_phone_load.py": 50,
    "test_table.py": 45,
    "test_guest_browser.py": 40,
    "test_fonts_never_block.py": 35,
    "test_guest_phone.py": 30,
    "test_finishing_and_rounds.py": 30,
    "test_saved_games.py": 30,
    "test_game_log.py": 25,
    "test_game_clock_phone.py": 25,
    "test_tableau_photo.py": 25,
    "test_still_connecting.py": 20,
    "test_browser.py": 15,
    "test_table_tablet_41.py": 45,  # 16 s alone, × 2.7 (a full run to a run alone, as the two above)
}


@functools.cache
def module_scoped(path) -> bool:
    return any('scope="module"' in p.read_text() for p in (path, path.parent / "conftest.py") if p.exists())
