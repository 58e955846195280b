import pytest

from companion.app import make_main
from companion.store import GameStore

from .harness import Harness


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def open_app(store):
    """open_app(route, width=390) -> a Harness on a fresh session of the app."""
    opened = []

    main = make_main(store)  # one server: its sessions share games and PubSub

    def _open(route: str = "/", width: float = 390, height: float = 844, browser_storage: dict | None = None) -> Harness:
        h = Harness(
            main, route=route, width=width, height=height, share_with=opened[0] if opened else None, browser_storage=browser_storage
        )
        opened.append(h)
        return h

    yield _open
    for h in reversed(opened):
        h.close()
