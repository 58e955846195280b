"""Rounds: Next round on an empty round is refused in words; Next round, Score round and Undo sit
under the thumb, outside the scrolling cards (browserless)."""

import flet as ft

from .harness import accessible_name, tappable, walk
from .helpers import set_up


def message(h) -> str:
    return h.text_of("message")


def scrolled_buttons(h) -> set[str]:
    """The names of the buttons inside the play screen's scrolling column."""
    (scroller,) = [c for c in h.controls() if isinstance(c, ft.Column) and c.scroll == ft.ScrollMode.AUTO]
    return {accessible_name(c) for c in walk(scroller) if tappable(c)}


def test_next_round_on_an_empty_round_is_refused_in_words(open_app, store):
    h = open_app("/setup/lost-cities")
    game_id = set_up(h, ["Mia", "Noah"])
    h.tap("Next round")
    assert message(h) == "Round 1 has no cards yet: enter its cards before starting round 2."
    assert len(store.get(game_id).record["rounds"]) == 1
    h.tap("Mia red 3")
    assert message(h).strip() == ""
    h.tap("Next round")
    assert len(store.get(game_id).record["rounds"]) == 2
    h.tap("Next round")  # round 2 is empty in its turn
    assert message(h) == "Round 2 has no cards yet: enter its cards before starting round 3."
    assert len(store.get(game_id).record["rounds"]) == 2
    assert not h.conn.errors


def test_the_round_buttons_and_undo_are_outside_the_scroll(open_app):
    h = open_app("/setup/lost-cities")
    set_up(h, ["Mia", "Noah"])
    assert {"Undo", "Next round", "Results"}.isdisjoint(scrolled_buttons(h))
    assert h.buttons("Undo") and h.buttons("Next round") and h.buttons("Results")
    h = open_app("/setup/card-commons")
    set_up(h, ["Ana", "Ben"])
    assert {"Undo", "Score round 1", "Results"}.isdisjoint(scrolled_buttons(h))
    (score,) = h.buttons("Score round 1")
    assert score.disabled and score.tooltip  # and it says why


def test_a_wild_nest_egg_is_not_scored_until_its_replacement_is_chosen_none_included(open_app, store):
    h = open_app("/setup/card-commons")
    game_id = set_up(h, ["Ana", "Ben"])
    for name in ("nest egg QH", "Ana commission 3H", "Ben", "Ben commission 4C"):
        h.tap(name)
    (score,) = h.buttons("Score round 1")
    assert score.disabled and score.tooltip == "Choose the card that replaced the Wild Nest Egg, or none (only K♠ was left)."
    h.tap("None: only the other Wild was left")
    (score,) = h.buttons("Score round 1")
    assert not score.disabled
    h.tap("replacement 2S")  # a card after all: None is no longer chosen, the card counts
    assert [b for b in h.find_all(ft.OutlinedButton) if b.key == "replacement-none"]
    h.tap("Score round 1")
    assert store.get(game_id).record["rounds"][0]["replacement"] == "2S"
    assert not h.conn.errors


def test_none_scores_the_round_without_a_replacement(open_app, store):
    h = open_app("/setup/card-commons")
    game_id = set_up(h, ["Ana", "Ben"])
    for name in ("nest egg QH", "Ana commission 3H", "Ben", "Ben commission 4C", "None: only the other Wild was left", "Score round 1"):
        h.tap(name)
    assert "replacement" not in store.get(game_id).record["rounds"][0]


def test_card_commons_previews_the_round_as_cards_are_entered(open_app):
    h = open_app("/setup/card-commons")
    set_up(h, ["Ana", "Ben"])
    assert h.shown_text("round-preview") == ""  # nothing to preview before a Commission
    for name in ("nest egg 2H", "Ana commission 4H", "Ana side 3H", "Ana side 5D", "Ana side 3C"):
        h.tap(name)
    # Ana's 4♥ matches the 2♥ by suit: her two red side cards × 1; Ben has no Commission yet.
    assert h.shown_text("round-preview") == "If scored now: Ana +2 (total 2)"
    h.tap("Ben")
    h.tap("Ben commission 4C")  # a club: matches nothing (rank 4 ≠ 2, suit ♣ ≠ ♥)
    assert h.shown_text("round-preview") == "If scored now: Ana +2 (total 2), Ben +0 (total 0)"
    h.tap("Score round 1")
    assert h.text_of("total-Ana") == "2"  # what the preview said is what the round scored
    assert h.shown_text("round-preview") == ""  # a new round: nothing chosen yet
    assert not h.conn.errors


def test_card_commons_preview_waits_for_a_wild_replacement(open_app):
    h = open_app("/setup/card-commons")
    set_up(h, ["Ana", "Ben"])
    for name in ("nest egg QH", "Ana commission 3H", "Ana side 2D"):
        h.tap(name)
    assert h.shown_text("round-preview") == "The round's points show once the Wild's replacement is chosen."
    h.tap("None: only the other Wild was left")  # nothing replaced it: every Commission scores
    assert h.shown_text("round-preview") == "If scored now: Ana +1 (total 1)"
