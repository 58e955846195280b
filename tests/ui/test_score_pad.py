"""The score pad for any other game, in the app (issue 63): "Another game" on Home and its setup (a name typed once,
offered again with its players, direction, target and BoardGameGeek id), rounds typed player after player with
the focus moving on, running totals and places (the lowest first where it wins), the end at a target, Finish game
and its taking back, a refused number said at its field, two devices typing at once, and the game's name on
every screen that names a game."""

from __future__ import annotations

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

import scoring
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites
from companion.services import remembered
from companion.ui.games.score_pad import read_score, title_of
from companion.ui.widgets.list_row import ListRow

from .harness import walk
from .helpers import set_up, shown_totals

PLAYERS = ["Ana", "Ben", "Cy"]
HEARTS = {"title": "Hearts", "lower_wins": True, "target": 100}


def start(store, variant=HEARTS, players=PLAYERS, rounds=None):
    record = scoring.new_record("score-pad", players, variant)
    if rounds is not None:
        record["rounds"] = rounds
    return store.create(record).id


def field(h, player, round_):
    return h.find(ft.TextField, label=f"{player} round {round_} score")


def fields(h):
    return [f.label for f in h.find_all(ft.TextField) if (f.label or "").endswith(" score")]


def focused(h, since):
    """The fields the screen moved the focus to since the browser's first `since` messages, by their names."""
    by_id = {f._i: f.label for f in h.find_all(ft.TextField)}
    return [
        by_id.get(m.body.control_id, m.body.control_id)
        for m in h.conn.sent[since:]
        if m.action == MessageAction.INVOKE_METHOD and m.body.name == "focus"
    ]


def rounds_of(store, game_id):
    return store.get(game_id).record["rounds"]


def another_game_tile(h):
    [tile] = [t for t in h.find_all(ListRow) if isinstance(t.title, ft.Text) and t.title.value == "Another game"]
    return tile


def name_game(h, title, lower=False, target="", bgg_id=""):
    h.type(h.find(ft.TextField, label="Name of the game"), title)
    h.choose(h.find(ft.RadioGroup), "lower" if lower else "higher")
    h.type(h.find(ft.TextField, label="The game ends at (optional)"), target)
    h.type(h.find(ft.TextField, label="BoardGameGeek id (optional)"), bgg_id)


@pytest.mark.parametrize(
    ("typed", "read"),
    [("13", 13), (" 7 ", 7), ("-5", -5), ("−5", -5), ("– 5", -5), ("+26", 26), ("٣", 3), ("１２", 12), ("", None), ("  ", None)],
)
def test_a_typed_score_is_read_as_people_type_it(typed, read):
    assert read_score(typed) == read


@pytest.mark.parametrize("typed", ["1e3", "3.5", "12 points", "-", "--5", "1234567890", "five"])
def test_anything_else_typed_is_no_score(typed):
    with pytest.raises(ValueError):
        read_score(typed)


@pytest.mark.parametrize(
    ("typed", "kept"), [("Hearts", "Hearts"), ("  Hearts   Deluxe ", "Hearts Deluxe"), ("Sky\u200bjo", "Skyjo"), ("", "Score pad")]
)
def test_a_typed_name_is_kept_cleaned_and_none_is_the_score_pads_own(typed, kept):
    assert title_of(typed) == kept


def test_another_game_on_home_is_set_up_and_started_by_typing(open_app, store):
    h = open_app("/")
    h.click(another_game_tile(h))
    assert h.page.route == "/setup/score-pad"
    name_game(h, "Hearts", lower=True, target="100", bgg_id="6887")
    game_id = set_up(h, PLAYERS)
    record = store.get(game_id).record
    assert record["variant"] == {"title": "Hearts", "lower_wins": True, "target": 100, "bgg_id": 6887}
    assert record["rounds"] == [{"Ana": 0, "Ben": 0, "Cy": 0}]
    assert "Hearts" in [t.value for t in walk(h.top_view().appbar.title) if isinstance(t, ft.Text)]


def test_enter_sends_the_number_and_moves_to_the_next_players_field_then_the_next_round(open_app, store):
    """One field per player per round and nothing else to press: after the last player, the first field of the
    next round, which is started by its first number (so no empty round is ever left at the end). The phone
    shows the rounds the newest first: the one being entered stays under the totals."""
    game_id = start(store)
    h = open_app(f"/play/{game_id}")
    assert fields(h) == ["Ana round 1 score", "Ben round 1 score", "Cy round 1 score"]  # a new game: its first round
    sent = len(h.conn.sent)
    h.enter(field(h, "Ana", 1), "13")
    assert focused(h, sent) == ["Ben round 1 score"]
    h.enter(field(h, "Ben", 1), "0")  # as it was: nothing sent, the focus moves on all the same
    sent = len(h.conn.sent)
    h.enter(field(h, "Cy", 1), "13")
    assert rounds_of(store, game_id) == [{"Ana": 13, "Ben": 0, "Cy": 13}]
    assert fields(h) == [f"{p} round {n} score" for n in (2, 1) for p in PLAYERS]
    assert h.text_of("round-2") == "Round 2 (new)"
    assert focused(h, sent) == ["Ana round 2 score"]
    h.enter(field(h, "Ana", 2), "-5")
    assert rounds_of(store, game_id) == [{"Ana": 13, "Ben": 0, "Cy": 13}, {"Ana": -5, "Ben": 0, "Cy": 0}]
    assert field(h, "Ana", 2).value == "−5"  # as every screen writes a negative number
    assert shown_totals(h, PLAYERS) == {"Ana": 8, "Ben": 0, "Cy": 13}


def test_a_round_where_everyone_scores_0_is_a_round_and_next_round_follows_it(open_app, store):
    """Zeros typed change nothing and start nothing (the record holds 0 already): Next round, under the thumb
    beside Finish game, starts the next round, and its first field takes the keyboard."""
    game_id = start(store, {"title": "Flip 7"})
    h = open_app(f"/play/{game_id}")
    for player in PLAYERS:
        h.enter(field(h, player, 1), "0")
    assert fields(h) == [f"{p} round 1 score" for p in PLAYERS]
    assert h.buttons("Finish game")
    sent = len(h.conn.sent)
    h.tap("Next round")
    assert rounds_of(store, game_id) == [{"Ana": 0, "Ben": 0, "Cy": 0}] * 2
    assert focused(h, sent) == ["Ana round 2 score"]


def test_the_first_number_of_a_new_round_is_taken_back_by_one_undo(open_app, store):
    """It starts the round and writes the number in one action: one undo takes back what was typed."""
    game_id = start(store, rounds=[{"Ana": 13, "Ben": 0, "Cy": 13}])
    h = open_app(f"/play/{game_id}")
    h.enter(field(h, "Ana", 2), "5")
    assert rounds_of(store, game_id) == [{"Ana": 13, "Ben": 0, "Cy": 13}, {"Ana": 5, "Ben": 0, "Cy": 0}]
    h.tap("Undo")
    assert rounds_of(store, game_id) == [{"Ana": 13, "Ben": 0, "Cy": 13}]
    assert h.text_of("round-2") == "Round 2 (new)"


def test_the_lowest_total_is_first_where_it_wins_and_the_highest_elsewhere(open_app, store):
    rounds = [{"Ana": 13, "Ben": 0, "Cy": 6}]
    hearts = open_app(f"/play/{start(store, rounds=rounds)}")
    assert [hearts.text_of(f"place-{p}") for p in PLAYERS] == ["3rd", "1st", "2nd"]
    wizard = open_app(f"/play/{start(store, {'title': 'Wizard'}, rounds=rounds)}")
    assert [wizard.text_of(f"place-{p}") for p in PLAYERS] == ["1st", "3rd", "2nd"]


def test_no_place_before_a_number_is_typed(open_app, store):
    h = open_app(f"/play/{start(store)}")
    assert [h.text_of(f"place-{p}") for p in PLAYERS] == ["", "", ""]


def test_the_target_reached_ends_the_game_and_says_so(open_app, store):
    game_id = start(store, rounds=[{"Ana": 90, "Ben": 10, "Cy": 20}, {"Ana": 0, "Ben": 0, "Cy": 0}])
    h = open_app(f"/play/{game_id}")
    assert h.shown_text("game-over") == ""
    h.enter(field(h, "Ana", 2), "10")
    assert "Ana reached the target of 100 in round 2: the game is over." in h.shown_text("game-over")
    h.enter(field(h, "Cy", 2), "3")  # the round that ended the game is still typed into
    assert rounds_of(store, game_id)[1] == {"Ana": 10, "Ben": 0, "Cy": 3}
    assert "Ana round 3 score" not in fields(h)  # no round after it
    assert not h.buttons("Finish game") and not h.buttons("Next round")
    assert scoring.score(store.get(game_id).record).winners == ("Ben",)


def test_finish_game_ends_a_game_without_target_and_play_on_or_undo_takes_it_back(open_app, store):
    game_id = start(store, {"title": "Wizard"}, rounds=[{"Ana": 20, "Ben": 30, "Cy": -10}])
    h = open_app(f"/play/{game_id}")
    h.tap("Finish game")
    assert store.get(game_id).record["finished"] is True
    assert h.shown_text("game-over").startswith("The game is finished")
    assert "Ana round 2 score" not in fields(h) and not h.buttons("Next round")  # no round after a finished game
    h.tap("Play on")
    assert "finished" not in store.get(game_id).record and h.shown_text("game-over") == ""
    h.tap("Finish game")
    h.tap("Undo")
    assert "finished" not in store.get(game_id).record
    assert h.buttons("Finish game")


def test_a_refused_number_says_why_at_its_field_and_stays_to_be_corrected(open_app, store):
    game_id = start(store, rounds=[{"Ana": 50, "Ben": 10, "Cy": 20}, {"Ana": 30, "Ben": 0, "Cy": 0}])
    h = open_app(f"/play/{game_id}")
    h.enter(field(h, "Ben", 2), "12a")
    assert field(h, "Ben", 2).error == "Type a whole number, such as 13 or −5."
    assert field(h, "Ben", 2).value == "12a"
    h.enter(field(h, "Ana", 1), "100")  # it would end the game with round 1, before round 2
    assert field(h, "Ana", 1).error == "With 100, Ana would reach the target of 100 in round 1, ending the game before round 2."
    assert field(h, "Ana", 1).value == "100"
    assert rounds_of(store, game_id)[0]["Ana"] == 50
    h.enter(field(h, "Ana", 1), "45")  # an earlier round corrected
    assert field(h, "Ana", 1).error is None
    assert rounds_of(store, game_id)[0]["Ana"] == 45


def test_two_devices_typing_for_different_players_both_count(open_app, store):
    game_id = start(store, {"title": "Skyjo", "lower_wins": True})
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    typed = [(tablet, field(tablet, "Ana", 1), "7"), (phone, field(phone, "Ben", 1), "12")]
    for h, f, text in typed:  # both typed before either screen hears of the other
        h.session.apply_patch(f._i, {"value": text})
    for h, f, _text in typed:
        h.run(h.session.dispatch_event(f._i, "blur", None))
    for h in (tablet, phone):
        h.settle()
    assert rounds_of(store, game_id) == [{"Ana": 7, "Ben": 12, "Cy": 0}]
    for h in (tablet, phone):
        assert shown_totals(h, PLAYERS) == {"Ana": 7, "Ben": 12, "Cy": 0}


def test_two_devices_starting_the_next_round_at_once_start_one(open_app, store):
    """The tablet and the phone each type a first number into the round still to start: one round is started,
    both numbers are in it."""
    game_id = start(store, {"title": "Skyjo"}, rounds=[{"Ana": 1, "Ben": 2, "Cy": 3}])
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    typed = [(tablet, field(tablet, "Ana", 2), "4"), (phone, field(phone, "Cy", 2), "5")]
    for h, f, text in typed:
        h.session.apply_patch(f._i, {"value": text})
    for h, f, _text in typed:
        h.run(h.session.dispatch_event(f._i, "blur", None))
    assert rounds_of(store, game_id) == [{"Ana": 1, "Ben": 2, "Cy": 3}, {"Ana": 4, "Ben": 0, "Cy": 5}]


def test_a_tablet_shows_each_players_rounds_as_columns_with_the_next_round_to_start(open_app, store):
    game_id = start(store, {"title": "Golf", "lower_wins": True}, rounds=[{"Ana": 4, "Ben": 5, "Cy": 6}])
    h = open_app(f"/play/{game_id}", width=1024, height=768)
    assert sorted(fields(h)) == sorted(f"{p} round {n} score" for p in PLAYERS for n in (1, 2))
    sent = len(h.conn.sent)
    h.enter(field(h, "Cy", 1), "7")
    assert focused(h, sent) == ["Ana round 2 score"]  # after the last player, the next round's first field


def test_a_guests_phone_types_its_own_scores_only(open_app, store):
    store.set_setting(PIN_SETTING, hash_pin("4321"))  # a guest is not the host
    game_id = start(store, {"title": "Skyjo"}, rounds=[{"Ana": 1, "Ben": 2, "Cy": 3}])
    guest = open_app(f"/join/{Invites(store).code_for(game_id)}", browser_storage={})
    guest.tap("I am Ben")
    assert fields(guest) == ["Ben round 1 score"]  # its own column; the table starts a round
    assert not guest.buttons("Finish game")
    guest.enter(field(guest, "Ben", 1), "9")
    assert rounds_of(store, game_id) == [{"Ana": 1, "Ben": 9, "Cy": 3}]


def test_the_name_players_direction_and_target_are_offered_again(open_app, store):
    h = open_app("/setup/score-pad")
    name_game(h, "Hearts", lower=True, target="100", bgg_id="6887")
    set_up(h, PLAYERS)
    h = open_app("/setup/score-pad")
    name_game(h, "Skyjo", lower=True)
    set_up(h, ["Di", "Ed"])
    assert store.setting(remembered.variant_setting("score-pad")) == {"title": "Skyjo", "lower_wins": True}

    h = open_app("/")
    assert another_game_tile(h).subtitle.value == "Skyjo, Hearts"
    h.click(another_game_tile(h))
    assert h.find(ft.TextField, label="Name of the game").value == "Skyjo"  # the last one, players and all
    assert h.buttons("Remove Di") and h.buttons("Remove Ed")
    h.tap("Hearts")
    assert h.find(ft.TextField, label="Name of the game").value == "Hearts"
    assert h.find(ft.RadioGroup).value == "lower"
    assert h.find(ft.TextField, label="The game ends at (optional)").value == "100"
    assert h.find(ft.TextField, label="BoardGameGeek id (optional)").value == "6887"
    assert all(h.buttons(f"Remove {p}") for p in PLAYERS) and not h.buttons("Remove Di")
    h.tap("Start game")
    assert len(store.in_progress()) == 3
    assert store.get(h.page.route.split("/")[-1]).record["variant"] == {
        "title": "Hearts",
        "lower_wins": True,
        "target": 100,
        "bgg_id": 6887,
    }


def test_a_target_typed_wrong_is_said_and_never_started_as_no_target(open_app, store):
    h = open_app("/setup/score-pad")
    name_game(h, "Hearts", target="1oo")
    assert h.find(ft.TextField, label="The game ends at (optional)").error == "Type a whole number, such as 13 or −5."
    h.find(ft.TextField, label="Player name")
    for name in PLAYERS:
        f = h.find(ft.TextField, label="Player name")
        h.type(f, name)
        h.fire(f, "submit", name)
    h.tap("Start game")
    assert h.page.route == "/setup/score-pad" and not store.in_progress()


def test_the_remembered_options_keep_a_target_and_an_id(store):
    store.set_setting(remembered.variant_setting("score-pad"), {"title": "Hearts", "lower_wins": True, "target": 100, "bgg_id": 6887})
    assert remembered.Remembered(store).variant("score-pad") == {"title": "Hearts", "lower_wins": True, "target": 100, "bgg_id": 6887}
    store.set_setting(remembered.variant_setting("lost-cities"), {"rounds": 1, "purple": False, "gone": True})  # an option no more
    assert remembered.Remembered(store).variant("lost-cities") == {"rounds": 1, "purple": False}


def test_damaged_recent_setups_are_left_out(store):
    store.set_setting(
        remembered.recent_setting("score-pad"),
        [
            {"variant": {"title": "Hearts", "lower_wins": True}, "players": ["Ana", "Ben"]},
            {"variant": {"title": ""}, "players": ["Ana"]},  # no name
            {"variant": {"title": "Skyjo", "target": None}, "players": ["Ana"]},  # null is no target
            {"variant": {"title": "Golf"}, "players": "Ana"},
            "Wizard",
        ],
    )
    assert [s.variant["title"] for s in remembered.Remembered(store).recent_setups("score-pad")] == ["Hearts"]
    assert remembered.Remembered(store).recent_setups("lost-cities") == []


def test_every_screen_that_names_the_game_says_its_own_name(open_app, store):
    game_id = start(store, rounds=[{"Ana": 26, "Ben": 0, "Cy": 0}])
    h = open_app("/")
    assert any(t.title.value.startswith("Hearts, started") for t in h.find_all(ListRow) if isinstance(t.title, ft.Text))
    h = open_app(f"/results/{game_id}")
    texts = [t.value for t in h.find_all(ft.Text)]
    assert any(str(v).startswith("Hearts · ") for v in texts), texts
    assert not any("Score pad" in str(v) for v in texts)
