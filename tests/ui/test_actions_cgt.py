"""CGT on two devices at once (browserless): a tablet and a phone tapping interleaved, each tap
sent from the screen as it was drawn before the other's change arrived. Nothing is lost, a
refusal or a no-op is said, and both screens end equal to the stored record."""

import flet as ft
import pytest

import scoring
from companion.access.invites import Invites
from companion.ui.games.cgt import CgtScreen

from .helpers import scored_totals, shown_totals

PLAYERS = ["Lea", "Max"]


def start(store, final=None):
    record = scoring.new_record("cgt", PLAYERS)
    if final:
        record["final"].update(final)
    return store.create(record).id


def two_devices(open_app, game_id):
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    return tablet, phone


def button_id(h, name):
    """The id of the enabled button named `name`, as the browser would send it in a click."""
    found = [b for b in h.buttons(name) if not b.disabled]
    assert len(found) == 1, f"expected 1 enabled button named {name!r}, got {len(found)}"
    return found[0]._i


def click_ids(taps):
    """Send every click at once, each from the screen as drawn before any of them was handled."""
    for h, control_id in taps:
        h.run(h.session.dispatch_event(control_id, "click", None))
    for h, _ in taps:
        h.settle()


def final(store, game_id):
    return store.get(game_id).record["final"]


def assert_screens_match_store(store, game_id, *screens):
    expected = scored_totals(store, game_id)
    for h in screens:
        h.settle()
        assert shown_totals(h, PLAYERS) == expected


def test_plus_one_from_both_devices_counts_twice(open_app, store):
    game_id = start(store, {"meta": {"7": 2}})
    tablet, phone = two_devices(open_app, game_id)
    for _ in range(5):
        click_ids([(tablet, button_id(tablet, "Lea ability points plus")), (phone, button_id(phone, "Lea ability points plus"))])
    assert final(store, game_id)["adjustments"] == {"Lea": 10}
    assert_screens_match_store(store, game_id, tablet, phone)
    assert [c for c in phone.controls() if isinstance(c, ft.Text) and c.semantics_label == "Lea ability points 10"]


def test_meta_and_collection_plus_from_both_devices(open_app, store):
    game_id = start(store)
    tablet, phone = two_devices(open_app, game_id)
    click_ids([(tablet, button_id(tablet, "Type 7 Meta plus")), (phone, button_id(phone, "Type 7 Meta plus"))])
    assert final(store, game_id)["meta"] == {"7": 2}
    tablet.settle()
    phone.settle()
    # Lea's type 7 from both screens at once, then Max's from the tablet while the phone takes one off
    click_ids([(tablet, button_id(tablet, "Lea type 7 plus")), (phone, button_id(phone, "Lea type 7 plus"))])
    assert final(store, game_id)["collections"] == {"Lea": {"7": 2}, "Max": {}}
    click_ids([(tablet, button_id(tablet, "Max type 7 plus")), (phone, button_id(phone, "Lea type 7 minus"))])
    assert final(store, game_id)["collections"] == {"Lea": {"7": 1}, "Max": {"7": 1}}
    assert_screens_match_store(store, game_id, tablet, phone)
    assert tablet.text_of("value-7") == phone.text_of("value-7") == "value 2"


def test_the_same_last_card_taken_off_twice_is_a_no_op_said_so(open_app, store):
    game_id = start(store, {"meta": {"6": 1}, "collections": {"Lea": {"6": 1}, "Max": {}}})
    tablet, phone = two_devices(open_app, game_id)
    click_ids([(tablet, button_id(tablet, "Lea type 6 minus")), (phone, button_id(phone, "Lea type 6 minus"))])
    assert final(store, game_id)["collections"] == {"Lea": {}, "Max": {}}
    messages = {tablet.text_of("message"), phone.text_of("message")}
    assert messages == {" ", "Lea has no type 6 cards."}  # one took it off; the other is told it is gone
    assert_screens_match_store(store, game_id, tablet, phone)


def test_the_last_copy_claimed_by_both_goes_to_one_and_the_other_is_told(open_app, store):
    # Type 5: 4 in the Meta column, so one copy is left.
    game_id = start(store, {"meta": {"5": 4}})
    tablet, phone = two_devices(open_app, game_id)
    phone.tap("Max")
    click_ids([(tablet, button_id(tablet, "Lea type 5 plus")), (phone, button_id(phone, "Max type 5 plus"))])
    assert final(store, game_id)["collections"] == {"Lea": {"5": 1}, "Max": {}}
    assert phone.text_of("message") == "All 5 cards of type 5 are in the Meta column and the Collections."
    phone.settle()
    assert [b.disabled for b in phone.buttons("Max type 5 plus")] == [True]  # now shown as gone
    assert_screens_match_store(store, game_id, tablet, phone)


def test_a_type_someone_collects_keeps_its_meta_column(open_app, store):
    game_id = start(store, {"meta": {"8": 1}, "collections": {"Lea": {"8": 1}, "Max": {}}})
    tablet, phone = two_devices(open_app, game_id)
    assert [b.disabled for b in tablet.buttons("Type 8 Meta minus")] == [True]  # the screen asks scoring
    phone.tap("Max")
    lea_minus = button_id(tablet, "Lea type 8 minus")
    click_ids([(tablet, lea_minus)])
    tablet.tap("Type 8 Meta minus")  # no one holds type 8 now: the column can go
    assert final(store, game_id)["meta"] == {}
    assert_screens_match_store(store, game_id, tablet, phone)


def test_undo_takes_back_only_this_devices_step(open_app, store):
    game_id = start(store, {"meta": {"9": 3}})
    tablet, phone = two_devices(open_app, game_id)
    click_ids([(tablet, button_id(tablet, "Max ability points plus")), (phone, button_id(phone, "Lea type 9 plus"))])
    tablet.tap("Undo")
    assert final(store, game_id)["collections"] == {"Lea": {"9": 1}, "Max": {}}
    assert "adjustments" not in final(store, game_id)
    assert_screens_match_store(store, game_id, tablet, phone)


def test_a_players_phone_changes_only_that_players_collection(open_app, store):
    game_id = start(store, {"meta": {"10": 2}})
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/join/{Invites(store).code_for(game_id)}/Max", browser_storage={})
    assert phone.buttons("Max type 10 plus") and not phone.buttons("Lea type 10 plus")
    assert phone.find(ft.Column, key="shared").disabled  # the Meta row is the host's to change
    click_ids([(tablet, button_id(tablet, "Max type 10 plus")), (phone, button_id(phone, "Max type 10 plus"))])
    assert final(store, game_id)["collections"] == {"Lea": {}, "Max": {"10": 2}}
    assert_screens_match_store(store, game_id, tablet, phone)
    # Whatever a phone sends, the live game applies only its own seat's actions.
    from companion.services.live import NOT_YOURS
    from scoring import cgt

    game = open_live(store, game_id)
    assert game.act(cgt.AdjustCollection("Lea", 10, 1), "Max", seat="Max").message == NOT_YOURS
    assert game.act(cgt.AdjustMeta(type=10, by=1), "Max", seat="Max").message == NOT_YOURS
    assert final(store, game_id)["collections"] == {"Lea": {}, "Max": {"10": 2}}


def open_live(store, game_id):
    from companion.services.live import GameHub

    return GameHub(store).open(game_id)


def test_a_change_to_one_collection_sends_nothing_of_the_other_tableau(open_app, store):
    game_id = start(store, {"meta": {"7": 3, "11": 2}})
    tablet, phone = two_devices(open_app, game_id)
    sent = len(tablet.conn.sent)
    phone.tap("Lea type 7 plus")
    tablet.settle()
    patch = tablet.patched_since(sent)
    assert "'value', '1'" in patch  # Lea's count
    assert "Max type" not in patch


@pytest.mark.parametrize(
    "records, shown",
    [
        ([], "–"),
        ([{"Lea": {"7": 2}, "Max": {}}, {"Lea": {}, "Max": {"7": 1}}], "50% of 2 games, despite the penalty"),
    ],
)
def test_statistic_first_player_wins(records, shown):
    made = []
    for collections in records:
        record = scoring.new_record("cgt", PLAYERS, {"first_player_penalty": 0})
        record["final"] = {"meta": {"7": 2}, "collections": collections}
        made.append(record)
    assert dict(CgtScreen.statistic(made))["first player wins"].startswith(shown)


def test_the_setup_sets_and_remembers_the_marker_penalty(open_app, store):
    from .helpers import set_up

    h = open_app("/setup/cgt")
    h.tap("Penalty plus")
    h.tap("Penalty plus")
    game_id = set_up(h, ["Lea", "Max"])
    assert store.get(game_id).record["variant"] == {"first_player_penalty": 4}
    assert h.text_of("total-Lea") == "−4"
    again = open_app("/setup/cgt")  # the next game starts from the marker's penalty as last set
    assert [c for c in again.controls() if isinstance(c, ft.Text) and c.semantics_label == "Penalty 4"]


def test_another_type_joins_the_meta_row(open_app, store):
    game_id = start(store)
    h = open_app(f"/play/{game_id}")
    assert not h.buttons("Type 14 Meta plus")
    dropdown = h.find(ft.Dropdown, label="Another type")
    h.choose(dropdown, "14", "select")  # what the browser sends, then the event
    h.tap("Type 14 Meta plus")
    h.tap("Lea type 14 plus")
    assert final(store, game_id) == {"meta": {"14": 1}, "collections": {"Lea": {"14": 1}, "Max": {}}}
    assert h.text_of("value-14") == "value 1"


@pytest.mark.parametrize("crafted", ["x", "1e3", "9999", "-3", "", "14.0"])
def test_a_crafted_type_is_ignored(open_app, store, crafted):
    """A value "Another type" never offered (a crafted event): no row added, no error, the screen as it was."""
    game_id = start(store)
    h = open_app(f"/play/{game_id}")
    rows = sorted(c.key for c in h.controls() if isinstance(c, ft.Row) and str(c.key).startswith("meta-"))
    total = h.text_of("total-Lea")
    h.choose(h.find(ft.Dropdown, label="Another type"), crafted, "select")
    assert sorted(c.key for c in h.controls() if isinstance(c, ft.Row) and str(c.key).startswith("meta-")) == rows
    assert h.text_of("total-Lea") == total
