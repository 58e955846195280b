"""Settings for the whole suite."""

import functools
import os

from hypothesis import settings

# In CI the property tests replay the same examples every run, so a submission cannot fail on
# luck; on developers' machines they keep exploring new ones (and keep what fails in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


def pytest_collection_modifyitems(config, items):
    """Browser tests run in two groups, each one test after another on one worker (a test drives
    Chromium and a server: more at once on these 2-core machines would make their timeouts flaky);
    the others are shared out beside them. Files alternate between the groups, the longest first.
    A file with a module-scoped fixture (a server, a network namespace) keeps its tests on one
    worker, so that the fixture is made once, not once per worker."""
    import pytest

    files = sorted({item.path for item in items if item.get_closest_marker("e2e")}, key=lambda p: (p.name not in LONGEST, p.name))
    group = {path: f"browser-{i % 2}" for i, path in enumerate(files)}
    for item in items:
        if item.path in group:
            item.add_marker(pytest.mark.xdist_group(group[item.path]))
        elif module_scoped(item.path):
            item.add_marker(pytest.mark.xdist_group(item.path.name))


@functools.cache
def module_scoped(path) -> bool:
    return any('scope="module"' in p.read_text() for p in (path, path.parent / "conftest.py") if p.exists())


LONGEST = ("test_layout.py", "test_screen_model.py")  # minutes each: never in the same group
