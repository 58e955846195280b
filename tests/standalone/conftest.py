# The browserless app fixtures (store, open_app) of the UI tests, for the transfer screen's test.
from tests.ui.conftest import open_app, store  # noqa: F401
