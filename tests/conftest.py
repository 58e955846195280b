"""Settings for the whole suite."""

import os

from hypothesis import settings

# In CI the property tests replay the same examples every run, so a submission cannot fail on
# luck; on developers' machines they keep exploring new ones (and keep what fails in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")


def pytest_collection_modifyitems(config, items):
    """Browser tests run one after another on one worker (each drives Chromium and a server; two at
    once on these 2-core machines would make their timeouts flaky) while the others run beside them."""
    import pytest

    for item in items:
        if item.get_closest_marker("e2e"):
            item.add_marker(pytest.mark.xdist_group("browser"))
