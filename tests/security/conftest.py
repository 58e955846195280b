import pytest

from .support import Server


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server for a module's attacks: a PIN (from the environment, as a user would keep it out of `ps`)."""
    s = Server(tmp_path_factory.mktemp("srv") / "data", env={"TABLESIDE_PIN": "246810"}).start()
    yield s
    s.stop()


from tests.e2e.conftest import browser, chromium  # noqa: E402,F401  (the e2e tests' Chromium, for the attacks made in it)
from tests.ui.conftest import open_app, store  # noqa: E402,F401  (browserless app fixtures)
