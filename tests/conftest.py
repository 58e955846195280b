"""Settings for the whole suite."""

import os

from hypothesis import settings

# In CI the property tests replay the same examples every run, so a submission cannot fail on
# luck; on developers' machines they keep exploring new ones (and keep what fails in .hypothesis/).
settings.register_profile("ci", derandomize=True, database=None)
if os.environ.get("CI") == "true":
    settings.load_profile("ci")
