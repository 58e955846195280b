"""A play screen's cards as a screen reader and a keyboard meet them (issue 64), browserless: a card another player
holds is read as whose it is, in the reader's language; the card this device changed asks for the keyboard's focus
once it is on the page (it is a new control: controls.card_button's key holds its state), and no other does."""

from __future__ import annotations

import pytest
from flet.messaging.protocol import MessageAction

import scoring

from .harness import accessible_name, card_state, tappable


def lost_cities(store) -> str:
    """Mia and Noah's round 1: Noah holds red 5 and one red investment (Mia may hold two of the three)."""
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})
    record["rounds"][0]["Noah"] = {"red": {"cards": [5], "investments": 1}}
    return store.create(record).id


def six_nimmt(store) -> str:
    record = scoring.new_record("six-nimmt", ["Ana", "Ben"])
    record["rounds"][0] = {"Ana": {"cards": []}, "Ben": {"cards": [55]}}
    return store.create(record).id


def taken_names(h) -> set[str]:
    return {accessible_name(c) for c in h.controls() if tappable(c) and c.key and card_state(c) == "taken"}


@pytest.mark.parametrize(
    ("game", "language", "names"),
    [
        (lost_cities, "en-GB", {"Noah's red 5, taken", "Noah's red investment 3, taken"}),
        (lost_cities, "de-DE", {"Rot 5 von Noah, vergeben", "Rot Wettkarte 3 von Noah, vergeben"}),
        (lost_cities, "fr-FR", {"rouge 5 de Noah, prise", "rouge carte pari 3 de Noah, prise"}),
        (six_nimmt, "en-GB", {"Ben's 55, taken"}),
        (six_nimmt, "de-DE", {"55 von Ben, vergeben"}),
        (six_nimmt, "fr-FR", {"55 de Ben, prise"}),
    ],
)
def test_a_card_another_player_holds_is_read_as_theirs_in_the_readers_language(open_app, store, game, language, names):
    h = open_app(f"/play/{game(store)}", browser_storage={}, languages=[language])
    h.settle()  # the browser's languages are asked once the page is open
    assert taken_names(h) == names


def focus_asked(h) -> list[int]:
    """The controls this session asked the browser to focus, in order."""
    return [m.body.control_id for m in h.conn.sent if m.action == MessageAction.INVOKE_METHOD and m.body.name == "focus"]


def card(h, name: str):
    (found,) = h.buttons(name)
    return found


def test_the_card_this_device_changed_asks_for_the_focus_and_no_other_does(open_app, store):
    game_id = lost_cities(store)
    phone, tablet = open_app(f"/play/{game_id}"), open_app(f"/play/{game_id}", width=1180, height=820)
    phone.tap("Mia blue 4")
    tablet.settle()
    assert focus_asked(phone) == [card(phone, "Mia blue 4")._i]  # the new card, held, on the page
    assert card_state(card(phone, "Mia blue 4")) == "held"
    assert focus_asked(tablet) == []  # the tablet drew it anew too, and keeps its keyboard where it was
    tablet.tap("Mia blue 4")  # taken back on the tablet: the phone's card is new again, but not by the phone's tap
    phone.settle()
    assert card_state(card(phone, "Mia blue 4")) == "free"
    assert len(focus_asked(phone)) == 1 and focus_asked(tablet) == [card(tablet, "Mia blue 4")._i]
    phone.tap("Noah's red 5, taken")  # refused: nothing new on the page, nothing to focus
    assert len(focus_asked(phone)) == 1


def test_a_card_taken_where_the_game_does_not_say_whose_is_read_as_taken(open_app, store):
    """6 nimmt!'s round of two players holds its 20 cards: every other card is refused (no pile holds it)."""
    record = scoring.new_record("six-nimmt", ["Ana", "Ben"])
    record["rounds"][0] = {"Ana": {"cards": list(range(1, 11))}, "Ben": {"cards": list(range(11, 21))}}
    h = open_app(f"/play/{store.create(record).id}", browser_storage={}, languages=["de-DE"])
    h.settle()
    assert {"Ana 21, vergeben", "11 von Ben, vergeben"} <= taken_names(h)  # it was "Ana 21", read as free
    assert "Ana 10" in {accessible_name(c) for c in h.controls() if tappable(c)}  # a held card keeps its name
