"""A player's phone says "done" for the round; the table's screen shows who is still entering;
a new round starts with nobody done (browserless: one server, several sessions)."""

import scoring
from companion.access.invites import Invites
from companion.services.live import NOT_DONE_YOURS, GameHub

TABLET = {"width": 1180, "height": 820}


def lost_cities(store):
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 3}, {})).id


def guest(open_app, store, game_id, player):
    phone = open_app(f"/join/{Invites(store).code_for(game_id)}", browser_storage={})
    phone.tap(f"I am {player}")
    return phone


def still_entering(h):
    return h.shown_text("still-entering")


def test_a_guest_says_done_and_the_table_sees_who_is_still_entering(open_app, store):
    game_id = lost_cities(store)
    tablet = open_app(f"/play/{game_id}", **TABLET)
    mia = guest(open_app, store, game_id, "Mia")
    assert still_entering(tablet) == ""  # nobody has said anything yet: no line
    assert not tablet.buttons("Mia done entering")  # the table's screen shows, its players' phones say
    mia.tap("Mia red 3")
    mia.tap("Mia done entering")
    tablet.settle()
    assert still_entering(tablet) == still_entering(mia) == "Still entering: Noah"
    assert mia.buttons("Mia not done yet")  # and it can take it back
    mia.tap("Mia not done yet")
    tablet.settle()
    assert still_entering(tablet) == ""
    mia.tap("Mia done entering")
    noah = guest(open_app, store, game_id, "Noah")
    noah.tap("Noah done entering")
    tablet.settle()
    assert still_entering(tablet) == "Everyone is done entering."
    tablet.tap("Next round")  # a new round: nobody is done with it yet
    mia.settle()
    assert still_entering(tablet) == still_entering(mia) == ""
    assert mia.buttons("Mia done entering")
    assert not (tablet.conn.errors or mia.conn.errors or noah.conn.errors)


def test_scoring_a_round_starts_the_next_with_nobody_done(open_app, store):
    game_id = store.create(scoring.new_record("card-commons", ["Ana", "Ben"])).id
    table = open_app(f"/play/{game_id}")  # the table's screen on a phone: it shows, the seats say
    assert not table.buttons("Ben done entering") and not table.buttons("Ana done entering")
    ben = guest(open_app, store, game_id, "Ben")
    ben.tap("Ben commission 4C")
    ben.tap("Ben done entering")
    table.settle()
    assert still_entering(table) == "Still entering: Ana"
    for name in ("nest egg 2H", "Ana commission 4H", "Score round 1"):
        table.tap(name)
    ben.settle()
    assert still_entering(table) == still_entering(ben) == ""  # round 2: nobody done with it yet
    assert ben.buttons("Ben done entering")


def test_a_seat_says_done_only_for_its_own_player(store):
    game_id = lost_cities(store)
    live = GameHub(store).open(game_id)
    assert live is not None
    refused = live.say_done("Noah", True, seat="Mia")
    assert (refused.changed, refused.message) == (False, NOT_DONE_YOURS)
    assert live.say_done("Mia", True, seat="Mia", check=lambda: "Your seat was released.").message == "Your seat was released."
    assert live.done == frozenset()
    assert live.say_done("Mia", True, seat="Mia").changed
    assert live.done == {"Mia"}
