"""Tonight and its Home card: the latest game night drawn from the store, redrawn when the history
changes (a game saved or deleted elsewhere), the recap copied and saved, "New game night"."""

import io
from datetime import datetime

import flet as ft
import pytest
from PIL import Image

from companion.data.store import GameStore
from companion.services import evening_card, evenings
from companion.ui.widgets.list_row import ListRow

from .conftest import example
from .harness import walk


def night(store):
    """Two games of one evening (the second after midnight) and one a week before."""
    store.add_finished(
        [
            example("lost-cities-edge-values", id="lc-1", played_at="2026-03-02T22:30:00"),
            example("cgt-values-and-penalty", id="cgt-1", played_at="2026-03-03T00:20:00"),
            example("bgg-card-game-rulebook", id="old", played_at="2026-02-23T20:00:00"),
        ]
    )


def texts(h):
    return [t.value for t in h.find_all(ft.Text) if isinstance(t.value, str)]


def test_tonight_lists_the_evenings_games_and_standings(open_app, store):
    night(store)
    h = open_app("/tonight")
    assert h.top_view().route == "/tonight"
    tiles = [c.key for c in h.find_all(ListRow)]
    assert "tonight:lc-1" in tiles and "tonight:cgt-1" in tiles and "tonight:old" not in tiles
    assert "Game night · 2026-03-02 · 2 games" in texts(h)
    standings = h.find_semantics("evening-standings")
    assert standings is not None
    assert not h.conn.errors


def test_a_game_saved_elsewhere_joins_tonight_and_the_home_card(open_app, store):
    night(store)
    h = open_app("/tonight")
    home = open_app("/")
    [card] = [c for c in home.find_all(ft.Card) if c.key == "tonight-card"]
    assert "2 games" in card.content.subtitle.value
    store.add_finished([example("cgt-values-and-penalty", id="cgt-2", played_at="2026-03-03T01:10:00")])
    h.settle()
    home.settle()
    assert "Game night · 2026-03-02 · 3 games" in texts(h)
    [card] = [c for c in home.find_all(ft.Card) if c.key == "tonight-card"]
    assert "3 games" in card.content.subtitle.value
    store.delete("cgt-2")
    h.settle()
    assert "Game night · 2026-03-02 · 2 games" in texts(h)
    assert not h.conn.errors and not home.conn.errors


def test_home_card_opens_tonight_and_is_hidden_without_games(open_app, store):
    home = open_app("/")
    assert not [c for c in home.find_all(ft.Card) if c.key == "tonight-card"]
    night(store)
    home.settle()
    [card] = [c for c in home.find_all(ft.Card) if c.key == "tonight-card"]
    home.click(card.content)
    home.settle()
    assert home.top_view().route == "/tonight"


def test_copy_recap_and_save_image(open_app, store):
    night(store)
    h = open_app("/tonight")
    [copy] = h.buttons("Copy recap")
    assert isinstance(copy.action, ft.CopyToClipboard)
    assert copy.action.data.startswith("Game night · 2026-03-02 · 2 games\n")
    assert "Standings" in copy.action.data
    h.conn.method_results["save_file"] = "/downloads/x.png"
    h.tap("Save image")
    h.settle()
    _, args = next((n, a) for n, a in h.conn.invoked if n == "save_file")
    assert args["file_name"] == "tableside-game-night-2026-03-02.png"
    image = Image.open(io.BytesIO(bytes(args["src_bytes"])))
    assert image.format == "PNG" and image.size[0] == evening_card.WIDTH
    snack = [m for m in h.page._dialogs.controls if isinstance(m, ft.SnackBar)][-1]
    assert snack.content.value.startswith("Image saved as tableside-game-night-2026-03-02.png")
    assert not h.conn.errors


def test_new_game_night_empties_tonight_until_the_next_game(open_app, store):
    night(store)
    h = open_app("/tonight")
    h.tap("New game night")
    h.settle()
    assert evenings.marks_of(store.setting(evenings.NEW_NIGHT_SETTING))  # kept in the store's settings
    assert any(t.startswith("No game yet tonight") for t in texts(h))
    assert not h.buttons("Copy recap")
    # A game saved now (played after the mark) is the new evening's only game, however near the last one.
    store.add_finished([example("cgt-values-and-penalty", id="next", played_at=datetime.now().astimezone().isoformat())])
    h.settle()
    assert [c.key for c in h.find_all(ListRow) if str(c.key).startswith("tonight:")] == ["tonight:next"]
    assert not h.conn.errors


def test_without_the_pin_tonight_shows_nothing_and_cannot_start_a_night(open_app, store):
    from companion.access.gate import PIN_SETTING, hash_pin

    night(store)
    store.set_setting(PIN_SETTING, hash_pin("4321"))
    h = open_app("/tonight")
    assert "PIN" in [c.label for c in h.find_all(ft.TextField)]
    assert not h.buttons("New game night") and not h.buttons("Copy recap")
    assert not [c for c in h.find_all(ListRow) if str(c.key).startswith("tonight:")]


def test_heading_says_tonight_while_the_evening_may_go_on():
    from datetime import timedelta

    from companion.ui.views import tonight

    from .game_nights import finished

    game = finished("a", "2026-03-02T20:00:00+00:00", {"Ana": 2, "Ben": 1}, minutes=60)
    night = evenings.Evening((game,))
    ended = datetime.fromisoformat("2026-03-02T21:00:00+00:00")
    assert tonight.heading(night, ended + evenings.THRESHOLD - timedelta(minutes=1)) == "Tonight"
    assert tonight.heading(night, ended + evenings.THRESHOLD) == "Game night of 2026-03-02"


@pytest.fixture
def store(tmp_path, request):
    """The app's store; for a test of a date typo (its `future_at`), one that holds a game saved an hour
    ago and one dated `future_at`, written in the history file as an older import let it in (import and
    every save now refuse a date after now: docs/format.md)."""
    future_at = request.node.callspec.params.get("future_at") if hasattr(request.node, "callspec") else None
    folder = tmp_path / "data"
    if future_at is not None:
        from datetime import timedelta

        from tests.store.test_damaged import corrupt

        an_hour_ago = (datetime.now().astimezone() - timedelta(hours=1)).isoformat()
        seeding = GameStore(folder)
        seeding.add_finished(
            [
                example("lost-cities-edge-values", id="played", played_at=an_hour_ago),
                example("cgt-values-and-penalty", id="typo", played_at="2026-01-04T20:00:00"),
            ]
        )
        seeding.close()
        corrupt(folder / "history" / "2026-01.json", "typo", lambda record: record.update(played_at=future_at))
    s = GameStore(folder)
    yield s
    s.close()


# Dates after now that every time zone can read (one that some zone cannot is set aside at start-up: test_zones).
FUTURE = ["2062-05-01T20:00:00", "2062-05-01T20:00:00+02:00", "9999-12-30T20:00:00+00:00", "9999-12-31T10:00:00+12:00"]


@pytest.mark.parametrize("future_at", FUTURE)
def test_a_game_dated_after_now_is_not_tonight_on_tonight_or_home(open_app, store, future_at):
    h = open_app("/tonight")
    assert [t.value for t in walk(h.top_view().appbar.title) if isinstance(t, ft.Text)] == ["Tonight"]
    assert [c.key for c in h.find_all(ListRow) if str(c.key).startswith("tonight:")] == ["tonight:played"]
    said = " ".join(t.value for t in walk(h.find_semantics("after-now")) if isinstance(t, ft.Text))
    assert "1 game dated after now" in said and f"dated {future_at[:10]}" in said
    home = open_app("/")
    [card] = [c for c in home.find_all(ft.Card) if c.key == "tonight-card"]
    assert card.content.title.value == "Tonight" and card.content.subtitle.value.startswith("1 game · ")
    # "New game night" clears it, the future game notwithstanding.
    h.tap("New game night")
    assert any(t.startswith("No game yet tonight") for t in texts(h))
    assert not [c for c in h.find_all(ListRow) if str(c.key).startswith("tonight:")]
    home.settle()
    assert not [c for c in home.find_all(ft.Card) if c.key == "tonight-card"]
    assert not h.conn.errors and not home.conn.errors
