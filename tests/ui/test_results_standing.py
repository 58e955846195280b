"""Issue 39 item 2: Results say what is true. While rounds remain or a phone is still entering, every
device says who leads ("Ben leads after round 1 of 3"), never who wins; "wins" is said once the game is
finished, in one line (no "Winner: Ben" under "Ben wins!"). Host and guest: two sessions of one game
(browserless)."""

import flet as ft
import pytest

import scoring
from companion.access.gate import PIN_SETTING, hash_pin
from companion.access.invites import Invites

from .harness import walk


@pytest.fixture
def private(store):
    store.set_setting(PIN_SETTING, hash_pin("4321"))  # a guest is not the host


def unlocked(h):
    """A harness session is not on the serving machine: it becomes the host by entering the PIN."""
    field = h.find(ft.TextField, label="PIN")
    h.type(field, "4321")
    h.fire(field, "submit", "4321")
    return h


def shown(h) -> list[str]:
    return [t.value for t in walk(h.top_view()) if isinstance(t, ft.Text) and isinstance(t.value, str) and t.visible is not False]


def standing(h) -> str:
    return "".join(t.value for t in walk(h.find_semantics("standing")) if isinstance(t, ft.Text))


def table_and_phone(open_app, store, record: dict, seat: str):
    """The host's tablet on the game and a guest's phone at `seat` (joined by the invitation)."""
    game_id = store.create(record).id
    invite = Invites(store).code_for(game_id)
    phone = open_app(f"/join/{invite}", browser_storage={})
    phone.tap(f"I am {seat}")
    tablet = unlocked(open_app(f"/play/{game_id}", width=1024, height=768))
    assert tablet.page.route == f"/play/{game_id}"
    return tablet, phone, game_id


def test_ben_leads_on_every_device_while_ana_enters_round_1_of_3(open_app, store, private):
    tablet, phone, game_id = table_and_phone(open_app, store, scoring.new_record("lost-cities", ["Ana", "Ben"]), "Ana")
    for card in (6, 8, 9, 10):  # Ben red: 33 − 20 = 13
        tablet.tap(f"Ben red {card}")
    phone.tap("Ana blue 4")  # Ana is still entering: −16 so far
    phone.tap("Results")
    tablet.tap("Results")
    for h in (tablet, phone):
        assert h.page.route == f"/results/{game_id}"
        assert standing(h) == "Ben leads after round 1 of 3"
        assert h.text_of("leader") == "Ben" and not h.find_all(ft.Semantics, identifier="winner")
        assert not any("win" in t for t in shown(h)), shown(h)
        assert not h.conn.errors
    (save,) = tablet.buttons("Save result")
    assert save.disabled and not phone.buttons("Save result")


def test_the_last_round_is_not_won_while_a_phone_is_still_entering(open_app, store, private):
    record = scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1})
    tablet, phone, _ = table_and_phone(open_app, store, record, "Ana")
    tablet.tap("Ben red 10")  # Ben −10
    phone.tap("Ana blue 10")  # Ana −10: level, then Ana adds another
    phone.tap("Ana blue 9")  # Ana −1
    tablet.tap("Results")
    phone.tap("Results")
    for h in (tablet, phone):
        assert standing(h) == "Ana leads after round 1 of 1"
        assert h.text_of("still-entering") == "Still entering: Ana"
    phone.tap("Back")
    phone.tap("Ana done entering")  # her phone says she is done: the game is finished
    phone.tap("Results")
    tablet.settle()
    for h in (tablet, phone):
        assert standing(h) == "Ana wins!"
        assert h.text_of("winner") == "Ana" and not h.find_all(ft.Semantics, identifier="leader")
        assert h.shown_text("still-entering") == ""
    assert tablet.buttons("Save result") and not tablet.buttons("Save result")[0].disabled


def test_a_game_scored_once_leads_so_far_until_every_phone_is_done(open_app, store, private):
    """CGT, BoardGameGeek: The Game and The Card Game are "decided" by scoring as soon as they score."""
    tablet, phone, game_id = table_and_phone(open_app, store, scoring.new_record("cgt", ["Ana", "Ben"]), "Ben")
    tablet.tap("Type 9 Meta plus")
    tablet.tap("Ana type 9 plus")  # the tablet shows every player side by side
    tablet.tap("Results")
    (leader,) = scoring.score(store.get(game_id).record).ranking[0]
    assert standing(tablet) == f"{leader} leads so far" and tablet.text_of("still-entering") == "Still entering: Ben"
    phone.tap("Ben done entering")
    tablet.settle()
    assert standing(tablet) == f"{leader} wins!"


@pytest.mark.parametrize(
    ("record", "line"),
    [
        (scoring.new_record("lost-cities", ["Ana", "Ben"]), "No scores yet: the game has just begun"),
        (
            {**scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1}), "rounds": [{"Ana": {"red": {"cards": [10]}}, "Ben": {}}]},
            "Ben wins!",  # every round in, no phone at the table: finished (Save result makes it history)
        ),
    ],
)
def test_the_hosts_results_without_phones(open_app, store, record, line):
    game_id = store.create(record).id
    h = open_app(f"/results/{game_id}")
    assert standing(h) == line


def test_a_saved_game_says_its_winner_once(open_app, store):
    record = {**scoring.new_record("lost-cities", ["Ana", "Ben"], {"rounds": 1}), "rounds": [{"Ana": {"red": {"cards": [10]}}, "Ben": {}}]}
    store.add_finished([{**record, "id": "g", "played_at": "2026-04-03T20:00:00"}])
    h = open_app("/history/g")
    assert standing(h) == "Ben wins!" and h.text_of("winner") == "Ben"
    said = shown(h)
    assert not any(t.startswith("Winner") for t in said), said  # one line for the winner
    assert sum("Ben" in t and "win" in t for t in said) == 0  # the name is its own text, in the line: said once
    (copy,) = h.buttons("Copy result")
    assert copy.action.data.splitlines()[1] == "Ben wins!"


def test_no_end_is_announced_before_the_last_round_is_in(open_app, store):
    level = {"Ana": {"red": {"cards": [10, 9, 8]}}, "Ben": {"blue": {"cards": [10, 9, 8]}}}
    record = {**scoring.new_record("lost-cities", ["Ana", "Ben"]), "rounds": [level, level, {"Ana": {}, "Ben": {}}]}
    assert any("draw" in s for s in scoring.score(record).explanations)  # the scorer counts the empty round 3 as the end
    h = open_app(f"/results/{store.create(record).id}")
    assert standing(h) == "Ana and Ben are level after round 2 of 3"
    assert not any("draw" in t or "win" in t for t in shown(h)), shown(h)
    (copy,) = h.buttons("Copy result")
    assert "draw" not in copy.action.data and "level after round 2 of 3" in copy.action.data


def test_the_play_screen_says_no_draw_before_the_last_round_is_played(open_app, store):
    level = {"Ana": {"red": {"cards": [10, 9, 8]}}, "Ben": {"blue": {"cards": [10, 9, 8]}}}
    record = {**scoring.new_record("lost-cities", ["Ana", "Ben"]), "rounds": [level, level, {"Ana": {}, "Ben": {}}]}
    h = open_app(f"/play/{store.create(record).id}", width=1180, height=820)
    said = lambda: [t for t in shown(h) if "draw" in t]
    assert said() == []  # round 3 is empty: the scorer's "draw" is not the table's
    h.tap("Ana yellow 10")
    h.tap("Ben green 10")
    assert said() == ["Lost Cities has no tiebreak: the game is a draw."]  # every round played, level
