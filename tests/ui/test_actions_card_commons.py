"""Card Commons on two devices at once (browserless: two sessions of one server).

Taps sent at the same moment from screens that have not yet seen each other's change: the
same card from both, a card taken back on one while another is added on the other, one card
to two places, "Score round" twice, and many random interleavings. Nothing is lost, nothing
is doubled, every refusal is said, and both screens end equal to the stored game.
"""

from __future__ import annotations

import random

import flet as ft

import scoring
from companion.access.invites import Invites
from companion.ui.games.card_commons import CORRECTING
from scoring import card_commons as cc

from .harness import accessible_name, card_state, tappable

PLAYERS = ["You", "Opp"]


def start(store, rounds=()):
    record = scoring.new_record("card-commons", PLAYERS)
    record["rounds"] = list(rounds)
    return store.create(record).id


def button(h, name):
    found = h.buttons(name)
    assert len(found) == 1, f"expected 1 button named {name!r}, got {len(found)}"
    return found[0]


def at_once(*taps):
    """(device, button name) pairs clicked back to back, before either screen shows the other's change."""
    clicks = [(h, button(h, name)) for h, name in taps]
    for _h, control in clicks:
        assert not control.disabled, f"{control} is disabled"

    async def send():
        for h, control in clicks:
            await h.session.dispatch_event(control._i, "click", None)

    taps[0][0].run(send())
    for h, _ in taps:
        h.settle(horizon=0.3)


def on_screen(h):
    """name → button, for every card button on the screen (one walk of the page, not one per name)."""
    return {accessible_name(c): c for c in h.controls() if tappable(c)}


def state(h, name, shown=None):
    control = shown[name] if shown is not None else button(h, name)
    return card_state(control)


def stored(store, game_id):
    game = store.get(game_id)
    return game.record, cc.current_draft(PLAYERS, game.draft)


def expected_state(draft, slot, player, card):
    if card in cc.held(draft, slot, player):
        return "held"
    return "taken" if card in cc.places(draft) else "free"


def assert_shows_the_stored_game(h, store, game_id):
    """Every card button on the screen shows what the stored round says, and the totals agree."""
    record, draft = stored(store, game_id)
    totals = scoring.score(record).totals
    for p in PLAYERS:
        assert h.text_of(f"total-{p}") == str(totals[p])
    checked = 0
    shown = on_screen(h)
    for slot, player in [(cc.NEST_EGG, None), (cc.REPLACEMENT, None), *[(s, p) for s in (cc.COMMISSION, cc.SIDE) for p in PLAYERS]]:
        owner = f"{player} " if player else ""
        for card in cc.DECK:
            name = f"{owner}{slot.replace('_', ' ')} {card}"
            if name in shown:
                assert state(h, name, shown) == expected_state(draft, slot, player, card), (slot, player, card)
                checked += 1
    assert checked >= 18  # at least one grid was on the screen


def test_the_same_card_from_both_devices_is_stored_once(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    at_once((tablet, "You side 4C"), (phone, "You side 4C"))
    _record, draft = stored(store, game_id)
    assert draft["sides"]["You"] == ["4C"]
    assert "4♣ is already on You's side" in phone.text_of("message")
    assert tablet.text_of("message").strip() == ""
    assert state(tablet, "You side 4C") == state(phone, "You side 4C") == "held"
    for h in (tablet, phone):
        assert_shows_the_stored_game(h, store, game_id)


def test_a_card_taken_back_on_one_device_while_another_is_added_on_the_other(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    tablet.tap("You side 4C")
    phone.settle(horizon=0.3)
    at_once((tablet, "You side 4C"), (phone, "You side 5C"))  # take 4♣ back / add 5♣
    assert stored(store, game_id)[1]["sides"]["You"] == ["5C"]
    at_once((phone, "You side 5C"), (tablet, "You side 4C"))  # and the other way round
    assert stored(store, game_id)[1]["sides"]["You"] == ["4C"]
    for h in (tablet, phone):
        assert_shows_the_stored_game(h, store, game_id)


def test_one_card_to_two_places_at_once_lands_in_one_and_the_other_is_told_where(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    phone.tap("Opp")
    at_once((tablet, "You side 4C"), (phone, "Opp commission 4C"))
    _, draft = stored(store, game_id)
    assert draft["sides"]["You"] == ["4C"] and draft["commissions"]["Opp"] is None
    assert "4♣ is already on You's side this round" in phone.text_of("message")
    assert state(phone, "Opp commission 4C, taken") == "taken"
    at_once((tablet, "nest egg 2H"), (phone, "Opp side 2H"))
    _, draft = stored(store, game_id)
    assert draft["nest_egg"] == "2H" and draft["sides"]["Opp"] == []
    assert "2♥ is already the Nest Egg this round" in phone.text_of("message")
    for h in (tablet, phone):
        assert_shows_the_stored_game(h, store, game_id)


def test_score_round_from_both_devices_scores_one_round(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    for name in ("nest egg 4C", "You commission 4H", "Opp commission 5C", "You side QH", "You side 2D", "Opp side 5S"):
        tablet.tap(name)
    phone.settle(horizon=0.3)
    assert not phone.find_all(ft.Text, key="bar-note")  # nothing missing: no line under the bar
    at_once((tablet, "Score round 1"), (phone, "Score round 1"))
    record, draft = stored(store, game_id)
    assert len(record["rounds"]) == 1 and draft == cc.empty_draft(PLAYERS)
    assert "Round 1 is already scored." in phone.text_of("message")
    assert tablet.text_of("total-You") == phone.text_of("total-You") == "2"
    assert button(phone, "Score round 2").disabled
    assert phone.find(ft.Text, key="bar-note").value == "Choose the Nest Egg."


def test_a_tap_for_a_round_just_scored_elsewhere_never_lands_in_the_next_round(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    for name in ("nest egg 4C", "You commission 4H", "Opp commission 5C"):
        tablet.tap(name)
    phone.settle(horizon=0.3)
    at_once((tablet, "Score round 1"), (phone, "You side 2D"))
    record, draft = stored(store, game_id)
    assert record["rounds"][0]["sides"]["You"] == [] and draft["sides"]["You"] == []
    assert phone.text_of("message") == "Round 1 is already scored: nothing was changed."


def meant(name, shown):
    """The action a tap on button `name` stands for, as its screen showed it (held: take it back)."""
    *owner, slot, card = name.replace("nest egg", "nest_egg").split(" ")
    put, take_back = {
        cc.NEST_EGG: (cc.SetNestEgg, cc.ClearNestEgg),
        cc.COMMISSION: (cc.SetCommission, cc.ClearCommission),
        cc.SIDE: (cc.AddToSide, cc.RemoveFromSide),
    }[slot]
    kind = take_back if shown == "held" else put
    return kind(card=card, round=1, **({"player": owner[0]} if owner else {}))


def test_many_interleavings_lose_nothing(open_app, store):
    """Both devices tap cards at random, pairs sent at once; after each pair the stored round is what
    applying the two taps in order gives, and both screens show it."""
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    rng = random.Random(7)
    names = [f"nest egg {c}" for c in cc.DECK] + [f"{p} {slot} {c}" for p in PLAYERS for slot in ("commission", "side") for c in cc.DECK]
    # 18 pairs (were 30), the phone on another player every 5: random taps from both devices at
    # once on every game are also tests/ui/test_screen_model.py's (both_at_once).
    for step in range(18):
        if step % 5 == 0:
            phone.tap(rng.choice(PLAYERS))  # the phone shows one player at a time
        pair = []
        for h in (tablet, phone):
            shown = on_screen(h)
            free = [n for n in names if n in shown and card_state(shown[n]) != "taken"]
            if pair and rng.random() < 0.5:  # often the card the other device taps: the same place or another
                same_card = [n for n in free if n.endswith(" " + pair[0][1].split(" ")[-1])]
                free = same_card or free
            pair.append((h, rng.choice(free)))
        before = store.get(game_id)
        expected = scoring.Table(before.record, before.draft)
        for h, name in pair:  # what the server must make of them: each as its screen showed it
            action = meant(name, state(h, name))
            try:
                expected = scoring.apply(expected, action)
            except scoring.RecordError:
                pass
        at_once(*pair)
        after = store.get(game_id)
        assert (after.record, cc.current_draft(PLAYERS, after.draft)) == (expected.record, cc.current_draft(PLAYERS, expected.draft)), pair
        for h in (tablet, phone):
            assert_shows_the_stored_game(h, store, game_id)


def test_a_phone_at_a_seat_enters_its_own_cards_only(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/join/{Invites(store).code_for(game_id)}/Opp")
    assert phone.buttons("Opp side 3D") and not phone.buttons("You side 3D")
    assert phone.find(ft.Column, key="shared").disabled  # the Nest Egg and Score round are the host's
    at_once((phone, "Opp commission 3D"), (tablet, "You side 2S"))
    _, draft = stored(store, game_id)
    assert draft["commissions"]["Opp"] == "3D" and draft["sides"]["You"] == ["2S"]
    assert tablet.text_of("total-Opp") == phone.text_of("total-Opp") == "0"
    assert state(tablet, "Opp commission 3D") == "held"


def test_the_statistic_counts_commissions_that_scored_and_extra_rounds():
    from companion.ui.games.card_commons import CardCommonsScreen

    level = {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "2D"}, "sides": {"You": ["4C"], "Opp": ["4D"]}}
    you_ahead = {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "4H"}, "sides": {"You": ["4C"], "Opp": ["5H"]}}
    peek = {**scoring.new_record("card-commons", PLAYERS, {"peek": True}), "rounds": [level] * 3 + [you_ahead]}
    standard = {**scoring.new_record("card-commons", PLAYERS), "rounds": [you_ahead] * 4}
    # Commissions: 7 of 8 scored in the Peek game (3 level rounds, then only You), 4 of 8 in the other.
    assert CardCommonsScreen.statistic([peek, standard]) == (
        ("Commissions that scored", "69% of 16 Commissions"),
        ("extra rounds played", "1"),
    )


def test_an_earlier_round_is_chosen_corrected_and_every_round_after_it_rescored(open_app, store):
    """As Lost Cities corrects a round: choose it, change it; the totals follow, the round being entered stays."""
    level = {"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "2D"}, "sides": {"You": ["4C"], "Opp": ["4D"]}}
    game_id = start(store, rounds=[level, level])  # You 1 + 1, Opp 1 + 1
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    tablet.tap("nest egg 5H")  # round 3 being entered
    assert tablet.text_of("total-You") == "2"
    tablet.tap("Round 1")
    assert any(c.value == CORRECTING for c in tablet.find_all(ft.Text))
    assert state(tablet, "You side 4C") == "held" and state(tablet, "nest egg 2C") == "held"  # round 1's cards
    tablet.tap("You side 5S")  # a second black card beside You's 3♣: round 1 is worth 2 to You
    record, draft = stored(store, game_id)
    assert record["rounds"][0]["sides"]["You"] == ["4C", "5S"] and record["rounds"][1] == level
    assert draft["nest_egg"] == "5H"  # round 3, as it was
    phone.settle(horizon=0.3)
    assert tablet.text_of("total-You") == phone.text_of("total-You") == "3"  # every device rescored
    tablet.tap("You commission 3C")  # a scored round keeps a Commission: refused in words, nothing changed
    assert "keeps a Commission" in tablet.text_of("message")
    tablet.tap("Back to round 3")
    assert state(tablet, "nest egg 5H") == "held"
    assert not [t for t in tablet.find_all(ft.Text) if t.value == CORRECTING]
