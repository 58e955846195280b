"""Two browser sessions (a phone and a tablet) on one game: no change is lost, both stay current."""

import scoring

from .harness import card_state


def start(store):
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})
    return store.create(record).id


def test_changes_from_either_device_reach_the_other(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    tablet.tap("Mia red 3")
    phone.settle()
    assert phone.text_of("total-Mia") == "−17"
    phone.tap("Mia red 7")
    tablet.settle()
    assert tablet.text_of("total-Mia") == "−10"
    tablet.tap("Noah blue 10")
    phone.tap("Noah")
    phone.tap("Noah blue 9")
    rounds = store.get(game_id).record["rounds"][0]
    assert rounds == {"Mia": {"red": {"cards": [3, 7]}}, "Noah": {"blue": {"cards": [9, 10]}}}
    tablet.settle()
    assert tablet.text_of("total-Noah") == phone.text_of("total-Noah") == "−1"


def test_a_card_taken_on_one_device_shows_taken_on_the_other(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    tablet.tap("Mia green 5")
    phone.settle()
    phone.tap("Noah")
    assert [card_state(b) for b in phone.buttons("Mia's green 5, taken")] == ["taken"]


def test_a_change_made_elsewhere_is_never_overwritten(open_app, store):
    game_id = start(store)
    phone = open_app(f"/play/{game_id}")
    phone.tap("Mia red 3")
    store.rename_player("Noah", "Noa")  # written straight to the store, not through the screen
    phone.tap("Mia red 4")  # an action: applied to the game as stored now, the rename kept
    stored = store.get(game_id).record
    assert stored["players"] == ["Mia", "Noa"]
    assert stored["rounds"][0] == {"Mia": {"red": {"cards": [3, 4]}}, "Noa": {}}


def test_finishing_shows_the_results_everywhere(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    tablet.tap("Mia red 10")
    tablet.tap("Results")
    tablet.tap("Save result")
    phone.settle()
    assert phone.page.route == f"/history/{game_id}"
    assert phone.text_of("winner") == "Noah"  # Mia −10, Noah 0


def test_the_same_free_card_tapped_on_two_screens_at_once_is_stored_once(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    seen_on_phone = phone.buttons("Mia red 7")[0]  # drawn free, before the tablet's tap reaches the phone
    tablet.tap("Mia red 7")
    phone.click(seen_on_phone)  # the phone's finger was already on its way: it meant "add", never "remove"
    assert store.get(game_id).record["rounds"][0]["Mia"] == {"red": {"cards": [7]}}
    assert phone.text_of("message").strip() in ("", "Red 7 is already on Mia's tableau.")
    tablet.settle()
    assert tablet.text_of("total-Mia") == phone.text_of("total-Mia") == "−13"


def test_remove_against_add_from_two_screens_ends_as_the_last_one_said(open_app, store):
    game_id = start(store)
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    tablet.tap("Mia red 7")
    phone.settle()
    held_on_phone = phone.buttons("Mia red 7")[0]  # drawn held
    tablet.tap("Mia red 7")  # the tablet removes it …
    phone.click(held_on_phone)  # … and the phone, which still showed it held, meant "remove" too
    assert store.get(game_id).record["rounds"][0]["Mia"] == {}
    assert phone.text_of("message").strip() in ("", "Red 7 is not on Mia's tableau.")


def test_a_change_between_drawing_and_subscribing_is_drawn(open_app, store, monkeypatch):
    """A screen reads the game while it draws and subscribes after (Flet runs effects after the render):
    a change made in between, by another device or a worker thread, is drawn, not missed until the next."""
    from companion.ui.views import play
    from scoring import lost_cities

    game_id = start(store)
    drawn = play.frame
    changed: list[bool] = []

    def frame_then_a_tap_elsewhere(p):
        control = drawn(p)
        if not changed:  # the first drawing has read the game; another device taps before the effects run
            changed.append(p.live.act(lost_cities.AddCard("Mia", "red", 3, 1), "another device").changed)
        return control

    monkeypatch.setattr(play, "frame", frame_then_a_tap_elsewhere)
    phone = open_app(f"/play/{game_id}")
    assert changed == [True]
    assert phone.text_of("total-Mia") == "−17"
    assert [card_state(b) for b in phone.buttons("Mia red 3")] == ["held"]
