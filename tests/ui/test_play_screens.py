"""A whole game of each of the five games entered through the play screens (browserless)."""

import flet as ft

from ..rulebook_taps import enter_dan_and_aldie
from .harness import card_state
from .helpers import scored_totals, set_up, shown_totals


def test_lost_cities_one_round(open_app, store):
    h = open_app("/setup/lost-cities")
    game_id = set_up(h, ["Mia", "Noah"], switches=["Short game: 1 round (the full game is 3)"])
    for n in (3, 6, 9, 10):
        h.tap(f"Mia red {n}")
    h.tap("Mia red investment 1")
    h.tap("Noah")  # the phone shows one player at a time
    for n in (2, 4, 5):
        h.tap(f"Noah red {n}")
    assert [card_state(b) for b in h.buttons("Mia's red 9, taken")] == ["taken"]  # Mia holds it: read as hers
    for n in range(2, 9):
        h.tap(f"Noah blue {n}")
    h.tap("Noah blue investment 1")
    # Mia red (28 − 20) × 2 = 16; Noah blue (35 − 20) × 2 + 20 (8 cards) = 50, red 11 − 20 = −9
    assert shown_totals(h, ["Mia", "Noah"]) == scored_totals(store, game_id) == {"Mia": 16, "Noah": 41}

    h.tap("Undo")  # the investment: 7 cards, no bonus
    assert shown_totals(h, ["Mia", "Noah"]) == {"Mia": 16, "Noah": 15 - 9}
    h.tap("Results")
    assert h.page.route == f"/results/{game_id}"
    assert h.text_of("winner") == "Mia"
    h.tap("Save result")
    assert h.page.route == f"/history/{game_id}"
    assert store.get(game_id).status == "finished"


def tap_times(h, name, times):
    for _ in range(times):
        h.tap(name)


def test_bgg_card_game_rulebook_example(open_app, store):
    """Dan 92, Aldie 103 (rules/bgg-card-game.txt, Scoring Example)."""
    h = open_app("/setup/bgg-card-game")
    game_id = set_up(h, ["Dan", "Aldie"])

    enter_dan_and_aldie(h, show=lambda player: h.tap(player) if player != "Dan" else None)
    assert shown_totals(h, ["Dan", "Aldie"]) == scored_totals(store, game_id) == {"Dan": 92, "Aldie": 103}
    # The deck's limits hold across players: 9 of the 10 War cards lie on the table, so Dan
    # cannot start a War group; Dan holds the Thematic Popular, so Aldie's is taken.
    h.tap("Dan")
    assert [b.disabled for b in h.buttons("Dan War played plus")] == [True]
    h.tap("Aldie")
    h.tap("Aldie Thematic played plus")
    assert [card_state(b) for b in h.buttons("Aldie Thematic Popular, taken")] == ["taken"]


def test_bgg_game_four_player_rulebook_example(open_app, store):
    """Ada's tiles score 74 GG (rules/bgg-game.txt, Example scoring for 4 players)."""
    h = open_app("/setup/bgg-game")
    game_id = set_up(h, ["Ada", "Bo", "Cy", "Di"])

    def track(player, gg):
        h.tap(player)
        h.tap("Score track")
        field = h.find(ft.TextField, label=f"{player} GG on the track")
        h.type(field, str(gg))
        h.fire(field, "blur")

    def ledger(player, rounds):
        h.tap(player)
        for i, (income, spent) in enumerate(rounds, start=1):
            field = h.find(ft.TextField, label=f"{player} round {i} income")
            h.type(field, str(income))
            h.fire(field, "submit", str(income))
            tap_times(h, f"{player} round {i} spent plus", spent)

    def tiles(player, held):
        h.tap(player)
        for colour, number in held:
            h.tap(f"{player} tile {colour} {number}")

    track("Ada", 41)
    tiles(
        "Ada",
        [
            ("blue", 1),
            ("green", 1),
            ("yellow", 1),
            ("blue", 2),
            ("blue", 3),
            ("green", 3),
            ("yellow", 3),
            ("green", 4),
            ("yellow", 4),
            ("blue", 5),
            ("green", 5),
            ("green", 5),
            ("blue", 6),
            ("green", 6),
            ("yellow", 6),
        ],
    )
    ledger("Bo", [(7, 1), (4, 0), (9, 2)])
    track("Cy", 60)
    tiles("Cy", [("red", 6), ("blue", 6)])
    ledger("Di", [(12, 0), (10, 0), (8, 0), (6, 3)])
    expected = {"Ada": 41 + 74, "Bo": 10 + 20 - 3, "Cy": 60 + 12, "Di": 11 + 36 - 3}
    assert shown_totals(h, ["Ada", "Bo", "Cy", "Di"]) == scored_totals(store, game_id) == expected


def test_cgt_values_and_penalty(open_app, store):
    h = open_app("/setup/cgt")
    game_id = set_up(h, ["Lea", "Max", "Ola"])  # the marker's penalty defaults to 2
    for type_, count in {5: 1, 6: 3, 7: 2, 8: 4, 9: 1, 10: 2, 11: 5}.items():
        tap_times(h, f"Type {type_} Meta plus", count)
    tap_times(h, "Type 8 modifier minus", 2)
    tap_times(h, "Type 9 modifier minus", 3)
    for player, held in {"Lea": {8: 2, 11: 1}, "Max": {6: 2, 9: 2}, "Ola": {5: 1, 10: 3}}.items():
        h.tap(player)
        for type_, count in held.items():
            tap_times(h, f"{player} type {type_} plus", count)
    h.tap("Max")
    tap_times(h, "Max ability points plus", 3)
    assert shown_totals(h, ["Lea", "Max", "Ola"]) == scored_totals(store, game_id) == {"Lea": 7, "Max": 11, "Ola": 7}
    assert h.text_of("value-9") == "value 1"  # never below 1
    h.tap("Results")
    assert h.text_of("winner") == "Max"
    assert h.text_of("place-Lea") == "2nd"  # fewer cards in the Collection than Ola


def test_card_commons_rounds(open_app, store):
    """The rulebook's round 3 (×2): You 6, Opp 4 — entered after two ×1 rounds."""
    h = open_app("/setup/card-commons")
    game_id = set_up(h, ["You", "Opp"])

    def play_round(number, nest_egg, commissions, sides):
        h.tap(f"nest egg {nest_egg}")
        for player in ("You", "Opp"):
            h.tap(player)
            h.tap(f"{player} commission {commissions[player]}")
            for card in sides[player]:
                h.tap(f"{player} side {card}")
        h.tap(f"Score round {number}")

    play_round(1, "3S", {"You": "2S", "Opp": "5D"}, {"You": ["4C", "2C", "QH"], "Opp": ["3D", "4H"]})
    play_round(2, "5H", {"You": "5C", "Opp": "2D"}, {"You": ["KS", "3C", "4S", "2H"], "Opp": ["3H", "4D", "5D", "QH"]})
    play_round(3, "4C", {"You": "4H", "Opp": "5C"}, {"You": ["QH", "2D", "3H", "2S"], "Opp": ["5S", "2C", "3D"]})
    assert shown_totals(h, ["You", "Opp"]) == scored_totals(store, game_id) == {"You": 2 + 3 + 6, "Opp": 4}
    # A card already used this round shows as taken everywhere else.
    h.tap("nest egg 2H")
    h.tap("You")
    assert [card_state(b) for b in h.buttons("You commission 2H, taken")] == ["taken"]
    h.tap("nest egg 2H")  # tapped again: no Nest Egg yet
    play_round(4, "2H", {"You": "3H", "Opp": "4S"}, {"You": ["4H", "5H"], "Opp": ["2S"]})
    # Round 4 is ×2: You 3♥ matches 2♥ by suit, 2 red × 2 = 4; Opp 0.
    assert shown_totals(h, ["You", "Opp"]) == {"You": 15, "Opp": 4}
    h.tap("Results")
    assert h.text_of("winner") == "You"
