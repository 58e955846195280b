import json
from pathlib import Path

import pytest

from companion.bootstrap import make_main
from companion.data.store import GameStore
from companion.server.uploads import Uploads

from .harness import Harness


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def open_app(store, tmp_path):
    """open_app(route, width=390) -> a Harness on a fresh session of the app. h.uploads: where the
    server's upload handler writes an imported file (tests/transfer/test_screen.pick writes it)."""
    opened = []
    uploads = Uploads(tmp_path / "uploads")

    main = make_main(store, uploads=uploads)  # one server: its sessions share games and PubSub

    def _open(
        route: str = "/", width: float = 390, height: float = 844, browser_storage: dict | None = None, languages: list[str] | None = None
    ) -> Harness:
        shared = opened[0] if opened else None
        h = Harness(main, route=route, width=width, height=height, share_with=shared, browser_storage=browser_storage, languages=languages)
        h.uploads = uploads
        opened.append(h)
        return h

    yield _open
    for h in reversed(opened):
        h.close()


EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"  # the worked examples the project carries


def example(name: str, **meta) -> dict:
    return {**json.loads((EXAMPLES / f"{name}.json").read_text())["record"], **meta}


@pytest.fixture
def history(store):
    """Three saved games of three games (the worked examples)."""
    store.add_finished(
        [
            example("bgg-card-game-rulebook", id="dan-aldie", played_at="2026-03-02T20:00:00"),
            example("cgt-values-and-penalty", id="cgt-1", played_at="2026-02-01T20:00:00"),
            example("lost-cities-edge-values", id="lc-1", played_at="2026-01-15T20:00:00"),
        ]
    )
    return store
