"""A live game applies actions in order to the game as it is now: nothing lost between devices,
a no-op said as such, undo takes back only the device's own action."""

from __future__ import annotations

import threading

import pytest

import scoring
from companion.data.store import GameStore
from companion.services.live import NOTHING_TO_UNDO, GameHub
from scoring import NextRound
from scoring.lost_cities import AddCard, RemoveCard, SetInvestments


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


@pytest.fixture
def live(store):
    game = store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 3}))
    return GameHub(store).open(game.id)


def stored_round(live, index=0):
    return live.store.get(live.id).record["rounds"][index]


def test_the_same_card_from_two_devices_is_stored_once_and_the_second_is_told(live):
    first = live.act(AddCard("Ana", "red", 7, 1), who="tablet")
    second = live.act(AddCard("Ana", "red", 7, 1), who="phone")
    assert first.changed and not second.changed
    assert second.message == "Red 7 is already on Ana's tableau."
    assert stored_round(live) == {"Ana": {"red": {"cards": [7]}}, "Ben": {}}


def test_removing_a_card_someone_already_removed_is_a_no_op_with_a_message(live):
    live.act(AddCard("Ana", "red", 7, 1), who="tablet")
    assert live.act(RemoveCard("Ana", "red", 7, 1), who="tablet").changed
    again = live.act(RemoveCard("Ana", "red", 7, 1), who="phone")
    assert (again.changed, again.message) == (False, "Red 7 is not on Ana's tableau.")


def test_a_card_on_the_other_tableau_is_refused_in_plain_words(live):
    live.act(AddCard("Ben", "red", 7, 1), who="tablet")
    refused = live.act(AddCard("Ana", "red", 7, 1), who="phone")
    assert not refused.changed
    assert refused.message == "Red 7 is on Ben's tableau."  # the round and player the tap was on go without saying
    assert stored_round(live) == {"Ana": {}, "Ben": {"red": {"cards": [7]}}}


@pytest.mark.parametrize(
    "action, where",
    [
        (AddCard("Cy", "red", 7, 1), "'Cy' is not a player of this game."),
        (AddCard("Ana", "purple", 7, 1), "'purple' is not an expedition colour in this game."),
        (AddCard("Ana", "red", 11, 1), "11 is outside 2..10."),
        (AddCard("Ana", "red", 7, 2), "There is no round 2 yet."),
        (SetInvestments("Ana", "red", 4, 1), "4 is outside 0..3."),
    ],
)
def test_an_impossible_action_is_refused_where_it_is_and_nothing_changes(live, action, where):
    before = live.store.get(live.id).record
    refused = live.act(action, who="tablet")
    assert not refused.changed and refused.message == where  # in plain words: the tap's own round and player unsaid
    assert live.store.get(live.id).record == before


def test_undo_takes_back_only_my_last_action(live):
    live.act(AddCard("Ana", "red", 3, 1), who="phone")
    live.act(AddCard("Ben", "blue", 4, 1), who="tablet")
    live.act(AddCard("Ana", "red", 5, 1), who="phone")
    live.act(AddCard("Ben", "blue", 6, 1), who="tablet")
    assert live.undo("phone").changed  # the phone's red 5 goes; the tablet's later blue 6 stays
    assert stored_round(live) == {"Ana": {"red": {"cards": [3]}}, "Ben": {"blue": {"cards": [4, 6]}}}
    assert live.undo("phone").changed
    assert stored_round(live) == {"Ana": {}, "Ben": {"blue": {"cards": [4, 6]}}}
    assert live.undo("phone").message == NOTHING_TO_UNDO
    assert not live.can_undo("phone") and live.can_undo("tablet")


def test_undo_drops_a_later_action_that_built_on_the_one_undone(live):
    live.act(AddCard("Ben", "blue", 4, 1), who="phone")
    live.act(NextRound(), who="tablet")
    live.act(AddCard("Ana", "red", 3, 2), who="phone")
    done = live.undo("tablet")  # round 2 goes, and with it the card entered in it
    assert done.changed and "1 later change" in done.message
    assert len(live.store.get(live.id).record["rounds"]) == 1


def test_an_empty_round_is_refused_whoever_asks(live):
    """The rule lives in scoring: a second device, or an undo's replay, meets it as the screen does."""
    done = live.act(NextRound(), who="tablet")
    assert not done.changed and done.message == "Round 1 has no cards yet: enter its cards before starting round 2."
    assert len(live.store.get(live.id).record["rounds"]) == 1


def test_many_threads_adding_cards_at_once_lose_nothing(live):
    cards = [
        (player, colour, number)
        for player, colours in (("Ana", ("red", "blue", "green")), ("Ben", ("white", "yellow")))
        for colour in colours
        for number in range(2, 11)
    ]

    def tap(chunk):
        for player, colour, number in chunk:
            live.act(AddCard(player, colour, number, 1), who=f"device-{player}")

    threads = [threading.Thread(target=tap, args=(cards[i::4],)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stored = stored_round(live)
    held = {(p, c, n) for p, tableau in stored.items() for c, e in tableau.items() for n in e["cards"]}
    assert held == set(cards)
    assert live.record == live.store.get(live.id).record


@pytest.mark.parametrize("change", ["act", "undo"])
def test_a_screen_told_of_a_change_reads_the_new_state_from_the_live_game(live, change):
    """Screens redraw from the live game when the store tells them of a change: it is told only once
    the live game holds the new table, or a screen draws one tap behind and hears of nothing later."""
    from companion.data import changes

    live.act(AddCard("Ana", "red", 7, 1), who="tablet")
    seen = []
    live.store.changes.subscribe([changes.game(live.id)], lambda: seen.append(live.record["rounds"][0]["Ana"]))
    if change == "act":
        live.act(AddCard("Ana", "red", 8, 1), who="tablet")
    else:
        live.undo("tablet")
    assert seen == [stored_round(live)["Ana"]]
