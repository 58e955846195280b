"""Issue 40 item 3: after a player switch (and a round switch, Next round, Undo) every identifier and
semantics label the browser holds is a fresh session's. The Python tree was right all along; the browser
was not, because Flutter's web engine does not take an identifier changed in place (tests/ui/patches.py):
so no identifier is ever patched in place, and what the screen holds equals a fresh session's render."""

import flet as ft
import pytest

import scoring

from .harness import Harness, accessible_name, tappable, walk
from .patches import changed_in_place


def labels(h: Harness) -> tuple[list, list]:
    """Every identifier and every control's accessible name or semantics label, in drawing order."""
    controls = list(walk(h.top_view()))
    identifiers = [c.identifier for c in controls if isinstance(c, ft.Semantics) and c.identifier and c.identifier != "message"]
    named = [accessible_name(c) for c in controls if tappable(c)]
    named += [c.semantics_label for c in controls if isinstance(c, ft.Text) and c.semantics_label]
    return identifiers, named


def new_game(store, variant: dict) -> str:
    return store.create(scoring.new_record("lost-cities", ["Ana", "Ben"], variant)).id


STEPS = [  # (what is tapped, the view state a fresh session is brought to: taps on it)
    (["Ana blue 8", "Ben"], ["Ben"]),
    (["Ana blue 8", "Ben", "Ana"], []),
    (["Ana blue 8", "Ben yellow 3", "Next round", "Ben"], ["Ben"]),
    (["Ana blue 8", "Next round", "Ben", "Round 1"], ["Ben", "Round 1"]),
    (["Ana blue 8", "Next round", "Round 1", "Ben", "Round 2"], ["Ben"]),
    (["Ana blue 8", "Ben", "Ben red 4", "Undo"], ["Ben"]),
    (["Ana purple 5", "Ben", "Ben purple investment 1", "Ana"], []),
]


@pytest.mark.parametrize("width", [390, 1180])
@pytest.mark.parametrize(("taps", "view"), STEPS, ids=[" > ".join(t) for t, _ in STEPS])
def test_after_a_switch_the_screen_holds_what_a_fresh_one_does(open_app, store, taps, view, width):
    game_id = new_game(store, {"rounds": 3, "purple": True})
    h = open_app(f"/play/{game_id}", width=width)
    for name in taps:
        if h.buttons(name):  # a tablet shows every tableau: no player switch to tap
            h.tap(name)
    assert changed_in_place(h.conn.sent) == [], "an identifier patched in place stays the old one in the browser"
    fresh = open_app(f"/play/{game_id}", width=width)
    for name in view:
        if fresh.buttons(name):
            fresh.tap(name)
    assert labels(h) == labels(fresh)


def test_the_heads_name_the_player_shown(open_app, store):
    """The case the issue saw: four heads of five kept the first player's name in the browser."""
    h = open_app(f"/play/{new_game(store, {'rounds': 3})}")
    h.tap("Ana blue 8")
    sent = len(h.conn.sent)
    h.tap("Ben")
    heads = sorted(c.identifier for c in h.find_all(ft.Semantics) if (c.identifier or "").startswith("expedition-"))
    assert heads == [f"expedition-Ben-{c}" for c in ("blue", "green", "red", "white", "yellow")]
    assert changed_in_place(h.conn.sent[sent:]) == []


@ft.component
def Toy():
    """A head whose identifier names the player while its text stays the same, as Lost Cities' heads were."""
    player, set_player = ft.use_state("Ana")
    return ft.Column(
        [ft.Button("Ben", on_click=lambda e: set_player("Ben")), ft.Semantics(identifier=f"expedition-{player}-red", content=ft.Text("–"))]
    )


def test_the_check_sees_an_identifier_patched_in_place():
    """The check can fail: a screen that patches an identifier in place is caught."""
    h = Harness(lambda page: page.render(Toy))
    try:
        sent = len(h.conn.sent)
        h.tap("Ben")
        assert h.find_semantics("expedition-Ben-red")  # right in Python…
        assert changed_in_place(h.conn.sent[sent:]) == [("identifier", "expedition-Ben-red")]  # …not in the browser
    finally:
        h.close()
