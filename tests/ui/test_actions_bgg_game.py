"""The BoardGameGeek Game on two devices at once (a tablet showing every tableau and a phone):
taps sent before either screen has seen the other's are all applied to the game as stored,
nothing is lost, and both screens end equal to the stored record. Also the setup's colour
choice and 3-player option."""

from collections import Counter

import flet as ft

import scoring
from scoring import bgg_game
from scoring.bgg_game import SetTiles

from .harness import card_state
from .helpers import scored_totals, set_up, shown_totals

PLAYERS = ["Ada", "Bo", "Cy", "Di"]
COLOURS = {"Ada": "red", "Bo": "blue", "Cy": "green", "Di": "yellow"}


def start(store, *actions):
    t = scoring.Table(scoring.new_record("bgg-game", PLAYERS, {}, COLOURS))
    for action in actions:
        t = scoring.apply(t, action)
    return store.create(t.record).id


def devices(open_app, game_id):
    tablet = open_app(f"/play/{game_id}", width=1400, height=900)
    phone = open_app(f"/play/{game_id}")
    return tablet, phone


def at_once(*taps):
    """Each (device, button name) tapped before any device hears of the others' taps."""
    found = []
    for h, name in taps:
        buttons = [b for b in h.buttons(name) if not b.disabled]
        assert len(buttons) == 1, f"expected 1 enabled button {name!r}, got {len(buttons)}"
        found.append((h, buttons[0]))
    for h, button in found:
        h.run(h.session.dispatch_event(button._i, "click", None))
    for h, _ in found:
        h.settle()


def shown_tiles(h, player):
    """The tile counts a screen shows for `player` ("2×3" is three 2s), by (colour, number)."""
    counts = {}
    for colour in COLOURS.values():
        for n in bgg_game.NUMBERS:
            for b in h.buttons(f"{player} tile {colour} {n}"):
                text = b.content.content.value  # the tile's text, inside its state for screen readers
                held = card_state(b) == "held"
                counts[(colour, n)] = (int(text.split("×")[1]) if "×" in text else 1) if held else 0
    return {t: k for t, k in counts.items() if k}


def stored_tiles(store, game_id, player):
    return dict(Counter((t["colour"], t["number"]) for t in store.get(game_id).record["final"][player]["tiles"]))


def spent_shown(h, player, round_):
    label = f"{player} round {round_} spent "
    shown = [c.semantics_label for c in h.controls() if isinstance(c, ft.Text) and (c.semantics_label or "").startswith(label)]
    assert len(shown) == 1, shown
    return int(shown[0][len(label) :])


def assert_screens_match_store(store, game_id, tablet, phone, player):
    phone.settle()
    if not phone.buttons(f"{player} tile red 6") and not phone.buttons(f"{player} tile blue 6"):
        phone.tap(player)  # a phone shows one tableau at a time
    for h in (tablet, phone):
        h.settle()
        assert shown_totals(h, PLAYERS) == scored_totals(store, game_id)
        assert shown_tiles(h, player) == stored_tiles(store, game_id, player)


def test_the_same_tile_from_both_devices_is_held_once(open_app, store):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    at_once((tablet, "Ada tile blue 1"), (phone, "Ada tile blue 1"))
    assert stored_tiles(store, game_id, "Ada") == {("blue", 1): 1}
    assert phone.text_of("message") == "Ada already holds 1 blue 1 tile."  # the second is said, not stored
    assert_screens_match_store(store, game_id, tablet, phone, "Ada")
    phone.tap("Ada tile blue 1")  # now seen: a second copy
    assert stored_tiles(store, game_id, "Ada") == {("blue", 1): 2}
    assert_screens_match_store(store, game_id, tablet, phone, "Ada")


def test_plus_one_from_both_devices_counts_twice(open_app, store):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    for _ in range(5):
        at_once((tablet, "Ada round 2 spent plus"), (phone, "Ada round 2 spent plus"))
    assert store.get(game_id).record["final"]["Ada"]["ledger"][1]["spent"] == 10
    at_once((tablet, "Ada round 2 spent minus"), (phone, "Ada round 2 spent plus"))  # −1 and +1: still 10
    assert store.get(game_id).record["final"]["Ada"]["ledger"][1]["spent"] == 10
    for h in (tablet, phone):
        h.settle()
        assert spent_shown(h, "Ada", 2) == 10
        assert shown_totals(h, PLAYERS) == scored_totals(store, game_id) == {"Ada": 0, "Bo": 10, "Cy": 10, "Di": 11}


def test_the_last_free_copy_goes_to_one_player_and_the_other_is_told(open_app, store):
    game_id = start(store, SetTiles("Ada", "blue", 1, 1), SetTiles("Cy", "blue", 1, 1))
    tablet, phone = devices(open_app, game_id)
    at_once((phone, "Ada tile blue 1"), (tablet, "Cy tile blue 1"))  # both want the third blue 1
    assert stored_tiles(store, game_id, "Ada") == {("blue", 1): 2}
    assert stored_tiles(store, game_id, "Cy") == {("blue", 1): 1}
    assert tablet.text_of("message") == "Only 1 of the 3 blue 1 tiles can be Cy's; the others are held (Ada 2)."
    assert_screens_match_store(store, game_id, tablet, phone, "Ada")
    assert_screens_match_store(store, game_id, tablet, phone, "Cy")
    assert [card_state(b) for b in tablet.buttons("Di tile blue 1, taken")] == ["taken"]  # all 3 held: taken


def test_remove_on_one_device_and_add_on_the_other_both_stay(open_app, store):
    game_id = start(store, SetTiles("Ada", "green", 3, 3))  # every green 3: a tap clears them
    tablet, phone = devices(open_app, game_id)
    at_once((phone, "Ada tile green 3"), (tablet, "Ada tile yellow 5"))
    assert stored_tiles(store, game_id, "Ada") == {("yellow", 5): 1}  # the clear and the add
    assert_screens_match_store(store, game_id, tablet, phone, "Ada")
    tablet.tap("Di tile green 3")  # free again
    assert stored_tiles(store, game_id, "Di") == {("green", 3): 1}
    assert_screens_match_store(store, game_id, tablet, phone, "Di")


def test_the_same_clear_from_both_devices_is_done_once_and_said(open_app, store):
    game_id = start(store, SetTiles("Ada", "green", 3, 3))
    tablet, phone = devices(open_app, game_id)
    at_once((phone, "Ada tile green 3"), (tablet, "Ada tile green 3"))
    assert stored_tiles(store, game_id, "Ada") == {}
    assert tablet.text_of("message") == "Ada already holds no green 3 tile."
    assert_screens_match_store(store, game_id, tablet, phone, "Ada")


def test_a_tile_tap_on_one_tableau_sends_nothing_of_the_others(open_app, store):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    sent = len(tablet.conn.sent)
    phone.tap("Ada tile blue 1")
    tablet.settle()
    patch = tablet.patched_since(sent)
    assert "Ada tile blue 1" in patch  # its new state, with its name
    assert not [p for p in PLAYERS if p != "Ada" and f"{p} tile" in patch]
    for _ in range(2):
        phone.tap("Ada tile blue 1")  # the last blue 1: Bo and Cy see it taken
    sent = len(tablet.conn.sent)
    phone.tap("Ada tile blue 1")  # the last blue 1: Bo, Cy and Di see it taken
    tablet.settle()
    patch = tablet.patched_since(sent)
    assert "Bo tile" not in patch  # Bo publishes blue: no blue tiles on his tableau


def test_a_typed_income_and_the_track_switch_reach_the_other_device(open_app, store):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    field = phone.find(ft.TextField, label="Ada round 1 income")
    phone.type(field, "7")
    phone.fire(field, "submit", "7")
    tablet.settle()
    assert tablet.text_of("total-Ada") == "17"
    assert tablet.find(ft.TextField, label="Ada round 1 income").value == "7"
    phone.tap("Score track")  # the ledger's 17 carries over to the track
    assert store.get(game_id).record["final"]["Ada"] == {"colour": "red", "gg": 17, "tiles": []}
    tablet.settle()
    assert tablet.find(ft.TextField, label="Ada GG on the track").value == "17"
    assert shown_totals(tablet, PLAYERS) == shown_totals(phone, PLAYERS) == scored_totals(store, game_id)


# --- setup ------------------------------------------------------------------------------------------


def colour_dropdowns(h):
    """Each player's colour chooser, by its accessible name (the Semantics around it)."""
    return {s.label: s.content for s in h.find_all(ft.Semantics) if isinstance(s.content, ft.Dropdown)}


def add_players(h, names):
    field = h.find(ft.TextField, label="Player name")
    for name in names:
        h.type(field, name)
        h.fire(field, "submit", name)


def test_colours_are_chosen_at_setup_each_offered_once(open_app, store):
    h = open_app("/setup/bgg-game")
    add_players(h, ["Ada", "Bo", "Cy"])
    dropdowns = colour_dropdowns(h)
    assert {label: d.value for label, d in dropdowns.items()} == {"Ada's colour": "red", "Bo's colour": "blue", "Cy's colour": "green"}
    assert {d.label for d in dropdowns.values()} == {"Colour"}  # short: a long name wrapped onto the name line above
    assert [o.key for o in dropdowns["Ada's colour"].options] == ["red", "yellow", "purple", "black"]  # not Bo's, Cy's
    ada = dropdowns["Ada's colour"]
    h.choose(ada, "black", "select")
    h.tap("Start game")
    game_id = h.page.route.split("/")[-1]
    final = store.get(game_id).record["final"]
    assert {p: e["colour"] for p, e in final.items()} == {"Ada": "black", "Bo": "blue", "Cy": "green"}


def test_the_3_player_option_is_offered_only_up_to_3_players(open_app, store):
    h = open_app("/setup/bgg-game")
    add_players(h, ["Ada", "Bo", "Cy"])
    assert len(h.switches(bgg_game_option())) == 1
    add_players(h, ["Di"])
    assert h.switches(bgg_game_option()) == []
    h.tap("Remove Di")
    switch = h.switch(bgg_game_option())
    h.choose(switch, True)
    game_id = set_up(h, [])
    assert store.get(game_id).record["variant"] == {"three_player_sets": "every"}


def bgg_game_option():
    from companion.ui.games.bgg_game import EVERY_SET

    return EVERY_SET


def test_every_control_still_answers_after_its_tableau_changed(open_app, store):
    """A typed income after a tile tap, and a tile tap after an income: each reaches the record."""
    game_id = start(store)
    phone = open_app(f"/play/{game_id}")
    phone.tap("Ada tile blue 1")
    field = phone.find(ft.TextField, label="Ada round 1 income")
    phone.type(field, "7")
    phone.fire(field, "submit", "7")
    phone.tap("Ada round 1 spent plus")
    phone.tap("Ada tile green 2")
    assert store.get(game_id).record["final"]["Ada"] == {
        "colour": "red",
        "ledger": [{"income": 7, "spent": 1}],
        "tiles": [{"colour": "blue", "number": 1}, {"colour": "green", "number": 2}],
    }


def test_enter_then_leaving_the_field_sends_the_number_once(open_app, store):
    """Enter commits a typed number, and the field then loses its focus: the browser sends both at
    once, so the second commit comes before the first answer is drawn. It is not sent again (it was
    refused as "already 5 GG", said in red under a number that had just been taken). After an undo
    the field shows the number stored again, not the one typed."""
    game_id = start(store)
    phone = open_app(f"/play/{game_id}")
    field = phone.find(ft.TextField, label="Ada round 1 income")
    phone.enter(field, "5")
    assert store.get(game_id).record["final"]["Ada"]["ledger"] == [{"income": 5, "spent": 0}]
    assert "already" not in phone.text_of("message")
    phone.tap("Undo")  # back to no income: the same number typed again is sent again
    field = phone.find(ft.TextField, label="Ada round 1 income")
    assert field.value == "0"
    phone.type(field, "5")
    phone.fire(field, "submit", "5")
    assert store.get(game_id).record["final"]["Ada"]["ledger"] == [{"income": 5, "spent": 0}]
