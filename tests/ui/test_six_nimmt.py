"""6 nimmt!'s play screen, browserless (issue 63): one tap a card, a card on another pile this round taken (its tap
says whose), each round's bullheads and the totals live with places lowest first, Next round, a round looked back
at and corrected, the end said when a total reaches the table's number, its setup option, its statistic, and a
tap that asks the rules once, not once per card."""

from collections import Counter

import flet as ft
import pytest

import scoring
from companion.ui.games.six_nimmt import SMALLEST_CARD, SixNimmtScreen
from companion.ui.widgets.controls import TAP
from tests import every_game

from .harness import card_state, tappable, walk
from .helpers import set_up, shown_totals

PHONE, TABLET = 390, 1180
END_AT_LABEL = "Game ends at this many bullheads"


def new_game(store, players=("Ana", "Ben", "Cy"), variant=None) -> str:
    return store.create(scoring.new_record("six-nimmt", list(players), variant)).id


def card(h, name: str):
    (found,) = h.buttons(name)
    return found


def state(h, name: str) -> str:
    return card_state(card(h, name))


def keyed_state(h, label: str) -> str:
    """The state of the card keyed `label` ("Ana 66"): on a tablet every other tableau reads a taken card by its holder
    ("Cy's 66, taken"), so its name is not one card's."""
    (found,) = [c for c in h.controls() if tappable(c) and str(c.key).rsplit(":", 1)[0] == label]
    return card_state(found)


def cards_of(store, game_id: str, round_: int = -1) -> dict[str, list[int]]:
    return {p: pile["cards"] for p, pile in store.get(game_id).record["rounds"][round_].items()}


def card_rows(h, player: str) -> list[list[int]]:
    """The numbers of `player`'s cards, row by row, as the tableau lays them out."""
    (tableau,) = h.find_all(ft.Semantics, identifier=f"tableau-{player}")
    rows = [c for c in walk(tableau) if isinstance(c, ft.Row) and c.controls and str(c.controls[0].key).startswith("card ")]
    return [[int(str(card.key).split()[-1]) for card in row.controls] for row in rows]


def texts(h) -> list[str]:
    return [c.value for c in walk(h.top_view()) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def test_one_tap_takes_a_card_and_another_gives_it_back(open_app, store):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    assert state(h, "Ana 55") == "free"
    h.tap("Ana 55")
    h.tap("Ana 11")
    assert cards_of(store, game_id)["Ana"] == [11, 55]
    assert state(h, "Ana 55") == "held"
    assert h.text_of("total-Ana") == "12"  # 7 + 5 bullheads
    assert h.text_of("bullheads-Ana") == "Ana, round 1: 12 bullheads"
    h.tap("Ana 55")
    assert cards_of(store, game_id)["Ana"] == [11]
    assert h.text_of("total-Ana") == "5" and state(h, "Ana 55") == "free"
    assert not h.conn.errors


@pytest.mark.parametrize(
    "card, bullheads",
    [(55, 7), (11, 5), (99, 5), (10, 3), (100, 3), (5, 2), (95, 2), (1, 1), (104, 1)],
)
def test_each_card_shows_its_bullheads(open_app, store, card, bullheads):
    h = open_app(f"/play/{new_game(store)}")
    (text,) = [c for c in walk(h.buttons(f"Ana {card}")[0]) if isinstance(c, ft.Text)]
    assert text.value == str(card)
    assert text.spans[0].text == "\n" + "•" * bullheads


def test_the_cards_lie_in_rows_of_ten_on_a_phone_and_every_row_fits_it(open_app, store):
    h = open_app(f"/play/{new_game(store)}", width=PHONE)
    rows = card_rows(h, "Ana")
    assert rows == [list(range(first, min(first + 10, 105))) for first in range(1, 105, 10)]  # 55: sixth row, fifth card
    sizes = {(c.width, c.height) for c in h.controls() if tappable(c) and str(c.key).startswith("Ana ")}
    (width, height), *_ = sizes
    assert len(sizes) == 1 and 10 * width + 9 * 2 <= PHONE - 28 and height == TAP


def test_a_short_phone_takes_shorter_cards_and_a_shorter_one_still_scrolls(open_app, store):
    game_id = new_game(store)
    heights = {}
    for tall in (740, 640):
        h = open_app(f"/play/{game_id}", width=PHONE, height=tall)
        heights[tall] = {c.height for c in h.controls() if tappable(c) and str(c.key).startswith("Ana ")}
    assert heights[740] == {44}  # 740 − 56 − 114 − 61 − 4 = 505 for 11 rows and their 10 gaps of 2
    assert heights[640] == {TAP}  # 39 px would miss more taps than a scroll costs
    assert SMALLEST_CARD == 40


def test_a_card_on_another_pile_is_taken_and_its_tap_says_whose(open_app, store):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    h.tap("Ana 55")
    h.tap("Ben")
    assert state(h, "Ana's 55, taken") == "taken" and state(h, "Ben 54") == "free"  # read as whose it is
    h.click(card(h, "Ana's 55, taken"))  # taken, yet tappable: the rules answer
    assert h.text_of("message") == "55 is on Ana's pile."
    assert cards_of(store, game_id)["Ben"] == []
    assert not h.conn.errors


def test_a_tablet_shows_everyone_and_a_tap_takes_the_card_from_every_other_tableau(open_app, store):
    h = open_app(f"/play/{new_game(store)}", width=TABLET)
    assert {f"tableau-{p}" for p in ("Ana", "Ben", "Cy")} <= {c.identifier for c in h.find_all(ft.Semantics) if c.identifier}
    h.tap("Cy 66")
    assert [keyed_state(h, f"{p} 66") for p in ("Ana", "Ben", "Cy")] == ["taken", "taken", "held"]
    assert len(card_rows(h, "Ana")) == 11  # three tableaux side by side on 1180 px: rows of ten, every card in view
    assert {c.width for c in h.controls() if tappable(c) and str(c.key).startswith("Ana ")} == {33}


def test_a_narrow_tableau_lays_its_cards_in_rows_of_five(open_app, store):
    players = [f"P{i}" for i in range(1, 6)]
    h = open_app(f"/play/{new_game(store, players)}", width=TABLET)
    rows = card_rows(h, "P1")
    assert rows[:3] == [[1, 2, 3, 4, 5], [6, 7, 8, 9, 10], [11, 12, 13, 14, 15]] and rows[-1] == [101, 102, 103, 104]
    assert {c.width for c in h.controls() if tappable(c) and str(c.key).startswith("P1 ")} == {
        41
    }  # (1180 − 28 − 4 × 8) / 5 = 224 a tableau: five a row, 41 px wide


def test_the_totals_rank_the_lowest_first_and_the_rounds_bullheads_move_with_each_tap(open_app, store):
    h = open_app(f"/play/{new_game(store)}", width=TABLET)
    for name in ("Ana 55", "Ben 10", "Ben 20"):
        h.tap(name)
    assert shown_totals(h, ["Ana", "Ben", "Cy"]) == {"Ana": 7, "Ben": 6, "Cy": 0}
    assert [h.text_of(f"place-{p}") for p in ("Cy", "Ben", "Ana")] == ["1st", "2nd", "3rd"]
    assert h.text_of("bullheads-Ben") == "Ben, round 1: 6 bullheads"
    assert "10, 20: 2 × 3 bullheads = 6" in texts(h)  # Ben's pile in lines, under his cards


def test_next_round_on_an_empty_round_is_refused_and_a_card_is_free_again_in_the_next(open_app, store):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    h.tap("Next round")
    assert h.text_of("message") == "Round 1 has no cards yet: enter the cards taken before starting round 2."
    h.tap("Ana 55")
    h.tap("Next round")
    assert len(store.get(game_id).record["rounds"]) == 2
    assert state(h, "Ana 55") == "free"  # a new deal: every card is back in the deck
    assert h.text_of("bullheads-Ana") == "Ana, round 2: 0 bullheads" and h.text_of("total-Ana") == "7"
    h.tap("Ben")
    assert state(h, "Ben 55") == "free"
    assert not h.conn.errors


def test_undo_takes_the_card_back(open_app, store):
    game_id = new_game(store)
    h = open_app(f"/play/{game_id}")
    h.tap("Ana 33")
    h.tap("Undo")
    assert cards_of(store, game_id)["Ana"] == [] and state(h, "Ana 33") == "free"


def test_an_earlier_round_is_looked_back_at_and_corrected(open_app, store):
    game_id = store.create(every_game.record("six-nimmt-under-way")).id
    h = open_app(f"/play/{game_id}")
    assert state(h, "Ana 55") == "free"  # round 2 is shown: Ana's 55 was round 1's
    h.tap("Round 1")
    assert state(h, "Ana 55") == "held" and h.text_of("bullheads-Ana") == "Ana, round 1: 11 bullheads"
    assert not h.buttons("Next round")
    h.tap("Ana 1")  # forgotten in round 1
    assert cards_of(store, game_id, 0)["Ana"] == [1, 3, 10, 55] and cards_of(store, game_id)["Ana"] == []
    h.tap("Back to round 2")
    assert h.text_of("bullheads-Ana") == "Ana, round 2: 0 bullheads" and h.buttons("Next round")


def test_the_end_is_said_when_a_total_reaches_the_tables_number(open_app, store):
    game_id = new_game(store, ("Ana", "Ben"), {"end_at": 10})
    h = open_app(f"/play/{game_id}")
    h.tap("Ana 55")
    h.tap("Ana 11")  # 12: Ana reaches 10
    assert "Game over: Ben wins with 0 bullheads." in texts(h)
    assert "Ana reached 10 bullheads or more in round 1: the game is over, and the lowest total wins." in texts(h)
    assert not h.buttons("Next round")  # the game is over: Results is the way on
    assert h.buttons("Results")
    h.tap("Ana 11")  # a wrong tap taken back: the game goes on
    assert not [t for t in texts(h) if t.startswith("Game over")] and h.buttons("Next round")


def test_a_shared_win_is_said_so(open_app, store):
    game_id = new_game(store, ("Ana", "Ben", "Cy"), {"end_at": 10})
    h = open_app(f"/play/{game_id}", width=TABLET)
    for name in ("Ana 55", "Ana 11", "Ben 1", "Cy 2"):
        h.tap(name)
    assert "Game over: Ben and Cy share the win with 1 bullhead each." in texts(h)


def test_setup_asks_where_the_game_ends(open_app, store):
    h = open_app("/setup/six-nimmt")
    field = h.find(ft.TextField, label=END_AT_LABEL)
    assert field.value == "66"
    h.type(field, "0")
    assert h.find(ft.TextField, label=END_AT_LABEL).error == "A number from 1 to 1000"
    h.type(h.find(ft.TextField, label=END_AT_LABEL), "100")
    assert h.find(ft.TextField, label=END_AT_LABEL).error is None
    game_id = set_up(h, ["Ana", "Ben"])
    assert store.get(game_id).record["variant"] == {"end_at": 100}


def test_setup_refuses_to_start_at_a_number_out_of_range(open_app, store):
    h = open_app("/setup/six-nimmt")
    for name in ("Ana", "Ben"):
        field = h.find(ft.TextField, label="Player name")
        h.type(field, name)
        h.fire(field, "submit", name)
    h.type(h.find(ft.TextField, label=END_AT_LABEL), "5000")
    h.tap("Start game")
    assert h.page.route == "/setup/six-nimmt" and not store.in_progress()
    assert not h.conn.errors


def test_its_statistic_is_the_most_bullheads_in_one_round():
    records = [every_game.record(name) for name in every_game.examples("six-nimmt")]
    (most, rounds) = SixNimmtScreen.statistic(records)
    assert most == ("most bullheads in one round", "66")  # Ana's second round of six-nimmt-end-at-66
    assert rounds[0] == "rounds per game" and SixNimmtScreen.statistic([]) == (
        ("most bullheads in one round", "–"),
        ("rounds per game", "–"),
    )


def test_a_tap_at_a_table_of_ten_on_three_tablets_asks_each_card_once(open_app, store, monkeypatch):
    """104 cards on each of ten tableaux, on three tablets: every card's state comes from the table's moves, worked
    out once for the table (PlayContext.moves), not asked card by card by each tablet on each redraw."""
    asked = Counter()
    real = scoring.refusal

    def counted(table, action):
        asked[action] += 1
        return real(table, action)

    monkeypatch.setattr(scoring, "refusal", counted)
    players = [f"P{i}" for i in range(1, 11)]
    game_id = new_game(store, players)
    tablets = [open_app(f"/play/{game_id}", width=TABLET) for _ in range(3)]
    asked.clear()
    tablets[0].tap("P3 55")
    for h in tablets:
        h.settle()
    assert max(asked.values(), default=0) <= 1 and len(asked) <= 10 * 104 + 1  # each card of the new table once, and Next round
    assert [keyed_state(tablets[2], f"{p} 55") for p in players].count("taken") == 9


def test_when_the_rounds_cards_are_all_taken_no_card_is_free(open_app, store):
    record = scoring.new_record("six-nimmt", ["Ana", "Ben"])
    record["rounds"][0] = {"Ana": {"cards": list(range(1, 11))}, "Ben": {"cards": list(range(11, 21))}}  # 2 × 10
    h = open_app(f"/play/{store.create(record).id}")
    assert state(h, "Ana 10") == "held" and state(h, "Ana 21, taken") == "taken"
    h.click(card(h, "Ana 21, taken"))
    assert h.text_of("message") == "20 cards are taken in round 1 already: 2 players take at most 20."


def test_a_card_that_would_end_the_game_before_a_later_round_is_taken(open_app, store):
    """Correcting round 1 of a game that ends at 10: Ana's 11 would give her 12 in round 1, and round 2 is under way."""
    record = scoring.new_record("six-nimmt", ["Ana", "Ben"], {"end_at": 10})
    record["rounds"] = [{"Ana": {"cards": [55]}, "Ben": {"cards": [1]}}, {"Ana": {"cards": []}, "Ben": {"cards": [2]}}]
    h = open_app(f"/play/{store.create(record).id}")
    h.tap("Round 1")
    assert state(h, "Ana 55") == "held" and state(h, "Ben's 1, taken") == "taken" and state(h, "Ana 2") == "free"
    assert state(h, "Ana 11, taken") == "taken"
    h.click(card(h, "Ana 11, taken"))
    assert h.text_of("message") == "With 11, Ana would reach 10 in round 1, ending the game before round 2."


def test_a_page_measured_a_few_pixels_wide_keeps_its_cards_drawable(open_app, store):
    """A page measured a few pixels wide for a moment (Chromium's full-page screenshot resizes it): a card's width
    worked out from it was negative, and Flutter blanked every card until the page was left."""
    h = open_app(f"/play/{new_game(store)}")
    h.resize(20, 844)
    widths = {c.width for c in h.controls() if tappable(c) and str(c.key).startswith("Ana ")}
    assert widths and min(widths) >= 30
    negative = [c for c in h.controls() if isinstance(getattr(c, "width", None), int | float) and c.width < 0]
    assert not negative, negative  # the score sheet's box was 20 − 40 px wide
    assert not h.conn.errors
