"""Games in progress on Home and at /in-progress: when, how far, who; Discard with an Undo."""

import flet as ft
import pytest

import scoring
from companion.data.store import IN_PROGRESS, StoredGame
from companion.ui.views import in_progress
from companion.ui.widgets.list_row import ListRow
from scoring import card_commons

from .game_menus import discard_through_menu, menu_of, on_top
from .harness import accessible_name, tappable, walk
from .helpers import set_up


def started(store, n):
    """n Lost Cities games in progress, the last one started the latest change."""
    ids = []
    for i in range(n):
        record = scoring.new_record("lost-cities", [f"Ana{i}", "Ben"], {}, {})
        ids.append(store.create(record).id)
    return ids


def snack(h):
    return next(m for m in reversed(h.page._dialogs.controls) if isinstance(m, ft.SnackBar))


def tap_on_top(h, name):
    """Tap a button of the screen on top (the home screen under /in-progress has the same buttons)."""
    [button] = [b for b in walk(on_top(h)) if isinstance(b, ft.IconButton) and b.icon.semantics_label == name]
    h.click(button)


def tiles(h):
    """The in-progress rows of the screen on top (home lies under /in-progress)."""
    return [t for t in walk(on_top(h)) if isinstance(t, ListRow) and str(t.key).startswith("in-progress:")]


def test_home_shows_the_latest_three_and_a_link_to_all(open_app, store):
    started(store, 5)
    h = open_app("/")
    assert len(tiles(h)) == 3
    h.tap("All games in progress (5)")
    assert h.page.route == "/in-progress"
    assert len(tiles(h)) == 5
    assert not h.conn.errors


def test_each_game_says_when_it_started_how_far_it_is_and_who_plays(open_app, store):
    [game_id] = started(store, 1)
    h = open_app("/")
    tile = tiles(h)[0]
    when = in_progress.when_said(store.get(game_id).when)
    assert tile.title.value == f"Lost Cities, started {when}"
    lines = [c.value for c in tile.subtitle.controls if isinstance(c, ft.Text)]
    assert lines[0] == "Nothing entered yet"
    assert "Ana0 0" in lines[1] and "Ben 0" in lines[1]


RED = {"red": {"cards": [5, 6]}}
BLUE = {"blue": {"investments": 1, "cards": []}}
CC_ROUND = {"nest_egg": "4C", "replacement": None, "commissions": {"Ana": "4H", "Ben": "5C"}, "sides": {"Ana": ["2H"], "Ben": []}}


@pytest.mark.parametrize(
    ("game", "body", "draft", "said"),
    [
        ("lost-cities", [{"Ana": {}, "Ben": {}}], None, "Nothing entered yet"),
        # Ana alone has entered round 1: it is under way, not entered (issue 39).
        ("lost-cities", [{"Ana": RED, "Ben": {}}], None, "Round 1 under way: Ana entered, Ben not yet"),
        ("lost-cities", [{"Ana": {}, "Ben": BLUE}], None, "Round 1 under way: Ben entered, Ana not yet"),
        # Both have cards in round 1, and it is still being played (no Next round yet) (issue 49).
        ("lost-cities", [{"Ana": RED, "Ben": BLUE}], None, "Round 1 under way: Ana and Ben entered"),
        ("lost-cities", [{"Ana": RED, "Ben": BLUE}, {"Ana": {}, "Ben": {}}], None, "1 round entered"),
        (
            "lost-cities",
            [{"Ana": RED, "Ben": BLUE}, {"Ana": RED, "Ben": {}}],
            None,
            "1 round entered; Round 2 under way: Ana entered, Ben not yet",
        ),
        (
            "lost-cities",
            [{"Ana": RED, "Ben": BLUE}] * 2 + [{"Ana": {}, "Ben": BLUE}],
            None,
            "2 rounds entered; Round 3 under way: Ben entered, Ana not yet",
        ),
        ("lost-cities", [{"Ana": RED, "Ben": BLUE}] * 3, None, "3 rounds entered"),  # the last planned round: not played on
        ("lost-cities", [{"Ana": RED, "Ben": BLUE}] * 2, None, "1 round entered; Round 2 under way: Ana and Ben entered"),
        # Card Commons: a round reaches the record complete; the one being entered is the draft.
        ("card-commons", [], None, "Nothing entered yet"),
        ("card-commons", [], card_commons.empty_draft(["Ana", "Ben"]), "Nothing entered yet"),
        ("card-commons", [], {"nest_egg": "4C"}, "Round 1 under way"),
        ("card-commons", [], {"commissions": {"Ana": "4H"}}, "Round 1 under way: Ana entered, Ben not yet"),
        ("card-commons", [CC_ROUND], None, "1 round entered"),
        ("card-commons", [CC_ROUND], {"sides": {"Ben": ["3D"]}}, "1 round entered; Round 2 under way: Ben entered, Ana not yet"),
        # A score pad: a 0 is a score written down (its field's 0), a first round of zeros is nothing yet (issue 63).
        ("score-pad", [{"Ana": 0, "Ben": 0}], None, "Nothing entered yet"),
        ("score-pad", [{"Ana": 13, "Ben": 0}], None, "Round 1 under way: Ana and Ben entered"),
        ("score-pad", [{"Ana": 0, "Ben": 0}, {"Ana": 0, "Ben": 5}], None, "1 round entered; Round 2 under way: Ana and Ben entered"),
        # Games scored once at the end: whose cards are in.
        ("bgg-card-game", None, None, "Nothing entered yet"),
        ("bgg-card-game", {"Ana": {"played": [{"subdomain": "war", "cards": 2}]}, "Ben": {}}, None, "Cards entered for Ana"),
        # A damaged body says nothing rather than failing.
        ("lost-cities", "junk", None, ""),
        ("lost-cities", ["junk", {"Ana": RED, "Ben": BLUE}], None, "Round 2 under way: Ana and Ben entered"),
    ],
)
def test_progress_counts_a_round_only_once_every_player_entered_it(game, body, draft, said):
    record = scoring.new_record(game, ["Ana", "Ben"], {}, {})
    rules = scoring.GAMES[game]
    if body is not None:
        record[rules.body] = body
    stored = StoredGame(id="g", record=record, status=IN_PROGRESS, modified_at="2026-03-02T20:00:00+00:00", draft=draft)
    assert in_progress.progress(stored) == said


def test_discard_then_undo_puts_the_game_back_exactly(open_app, store):
    [game_id] = started(store, 1)
    before = store.get(game_id)
    h = open_app("/")
    name = in_progress.discard_label(before)
    assert name.endswith(", Ana0, Ben")
    discard_through_menu(h, before)
    assert store.get(game_id) is None and not tiles(h)
    bar = snack(h)
    assert bar.action == "Undo" and "Discarded the game of Lost Cities" in bar.content.value
    h.fire(bar, "action")
    assert store.get(game_id) == before
    assert len(tiles(h)) == 1  # the list shows it again
    discard_through_menu(h, before)  # and it can be discarded again
    assert store.get(game_id) is None
    assert not h.conn.errors


def test_discard_on_the_full_list_drops_only_that_game(open_app, store):
    [kept, dropped] = started(store, 2)
    h = open_app("/in-progress")
    discard_through_menu(h, store.get(dropped))
    assert [g.id for g in store.in_progress()] == [kept]


def test_a_saved_game_being_edited_is_listed_and_discarding_keeps_the_saved_game(open_app, store):
    h = open_app("/setup/lost-cities")
    game_id = set_up(h, ["Ana", "Ben"])
    h.tap("Ana red 5")
    store.finish(game_id)
    saved = store.get(game_id)
    copy = store.edit_copy(game_id)
    h = open_app("/")
    title = in_progress.title_of(copy)
    assert title.endswith("(editing)")
    discard_through_menu(h, copy)
    assert store.editing(game_id) is None and store.get(game_id) == saved
    bar = snack(h)
    assert "Discarded the changes to Lost Cities" in bar.content.value
    h.fire(bar, "action")
    assert store.editing(game_id) == copy and store.get(game_id) == saved
    assert [g.id for g in store.in_progress()] == []
    assert not h.conn.errors


def test_back_from_the_full_list_and_from_a_player_goes_to_the_screen_under(open_app, store):
    started(store, 1)
    h = open_app("/in-progress")
    tap_on_top(h, "Back")
    assert h.page.route == "/" and tiles(h)
    h = open_app("/players/Ben")
    h.tap("Back")
    assert h.page.route == "/players"
    assert not h.conn.errors


def test_home_puts_games_in_progress_first_then_the_new_game_cards(open_app, store):
    started(store, 1)
    h = open_app("/")
    words = [t.value for t in walk(on_top(h)) if isinstance(t, ft.Text) and isinstance(t.value, str)]
    assert words.index("Games in progress") < words.index("New game") < words.index("Lost Cities")
    h = open_app("/", width=1024, height=768)  # a tablet: the same order
    words = [t.value for t in walk(on_top(h)) if isinstance(t, ft.Text) and isinstance(t.value, str)]
    assert words.index("Games in progress") < words.index("New game")


def test_a_tap_beside_the_row_opens_a_menu_never_a_discard(open_app, store):
    [game_id] = started(store, 1)
    game = store.get(game_id)
    h = open_app("/")
    [row] = tiles(h)
    # The row's own buttons: only its menu (no Discard button next to where a tap resumes the game).
    assert not [b for b in walk(row) if tappable(b) and accessible_name(b) and accessible_name(b).startswith("Discard")]
    menu = menu_of(h, game)
    # At the row's end, drawn over it (in the row's button it split the row's name from its button: list_row.py).
    [entry] = [s for s in walk(on_top(h)) if isinstance(s, ft.Stack) and row in s.controls]
    assert any(c is menu for c in walk(entry)) and in_progress.menu_label(game).startswith("More for Lost Cities, started ")
    h.fire(menu, "open")  # the menu opening (a tap that missed the row) changes nothing
    h.fire(menu, "cancel")
    assert store.get(game_id) == game
    h.click(row)  # the row itself resumes the game
    assert h.page.route == f"/play/{game_id}"
    assert not h.conn.errors
