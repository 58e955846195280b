"""Lost Cities on a phone in one screen (issue 39 item 3), browserless: what the header holds (the
switch, the rounds, labelled heads, who starts), how tall the cards are for the phone's height, the
selected player marked apart from the leader, a new round shown from its top, and no place before
anything is entered in any game. Where it all lies on a 390 × 844 screen: tests/e2e/test_lost_cities_phone.py."""

import flet as ft
import pytest

import scoring
from companion.ui.games import screen
from companion.ui.games.lost_cities import SMALLEST_CARD
from companion.ui.widgets.controls import TAP

from .harness import accessible_name, tappable, walk


def new_game(store, game: str = "lost-cities", players=("Ana", "Ben"), variant=None) -> str:
    players = list(players)
    return store.create(scoring.new_record(game, players, variant, choices=screen(game).choices(players, {}))).id


def header(h):
    [found] = h.find_all(ft.Semantics, identifier="play-header")
    return found


def scroller(h) -> ft.Column:
    [found] = [c for c in h.controls() if isinstance(c, ft.Column) and c.scroll == ft.ScrollMode.AUTO]
    return found


def names_in(control) -> set[str]:
    return {accessible_name(c) for c in walk(control) if tappable(c)}


def texts_in(control) -> list[str]:
    return [c.value for c in walk(control) if isinstance(c, ft.Text) and isinstance(c.value, str)]


def badge(h, player: str) -> ft.Container:
    """The total's badge: the innermost box around total-<player>."""
    boxes = [
        c for c in h.controls() if isinstance(c, ft.Container) and any(getattr(d, "identifier", None) == f"total-{player}" for d in walk(c))
    ]
    return boxes[-1]


def trophy(h, player: str) -> bool:
    return any(isinstance(c, ft.Icon) and c.icon == ft.Icons.EMOJI_EVENTS and c.visible for c in walk(badge(h, player)))


def card_heights(h) -> set:
    return {c.height for c in h.controls() if tappable(c) and str(c.key).startswith("Ana red")}


def test_the_switch_and_the_rounds_stay_above_the_cards(open_app, store):
    h = open_app(f"/play/{new_game(store, variant={'rounds': 3})}")
    h.tap("Ana red 3")
    h.tap("Next round")
    assert {"Ana", "Ben", "Round 1", "Round 2"} <= names_in(header(h))
    assert {"Ana", "Ben", "Round 1", "Round 2"}.isdisjoint(names_in(scroller(h)))
    assert "Ana red 10" in names_in(scroller(h))


@pytest.mark.parametrize(
    ("height", "card"),
    [
        (915, TAP),  # a tall phone: every card 48 px, and all of them fit
        (844, 45),  # 390 × 844: the tallest that fits
        (800, 41),
        (740, TAP),  # shorter than 12 cards of SMALLEST_CARD: 48 and a scroll
    ],
)
def test_cards_are_as_tall_as_the_phone_allows(open_app, store, height, card):
    h = open_app(f"/play/{new_game(store)}", width=390, height=height)
    assert card_heights(h) == {card}
    assert card >= SMALLEST_CARD


def test_a_new_height_alone_sizes_the_cards_again(open_app, store):
    """The width as it was (a browser's bars shown or hidden; a page back in its session at another size, then
    resized to the one the session knew): the screen was drawn again only for a new width, and kept its cards."""
    h = open_app(f"/play/{new_game(store)}", width=390, height=740)
    assert card_heights(h) == {TAP}
    h.resize(390, 844)
    h.settle()
    assert card_heights(h) == {45}


# While a round remains, a line under the bar says why the greyed Next round is not the guest's to press.
@pytest.mark.parametrize(("rounds", "card"), [(3, 44), (1, 47)])
def test_a_guests_cards_fit_its_phone(open_app, store, rounds, card):
    from companion.access.invites import Invites

    game_id = new_game(store, variant={"rounds": rounds})
    phone = open_app(f"/join/{Invites(store).code_for(game_id)}", browser_storage={})
    phone.tap("I am Ben")
    assert {c.height for c in phone.controls() if tappable(c) and str(c.key).startswith("Ben red")} == {card}


def test_a_tablet_keeps_48_px_cards(open_app, store):
    h = open_app(f"/play/{new_game(store)}", width=1180, height=820)
    assert card_heights(h) == {TAP}


def test_the_heads_say_whose_which_round_and_who_starts(open_app, store):
    h = open_app(f"/play/{new_game(store, variant={'rounds': 3})}")
    assert "Ana, round 1 of 3" in texts_in(header(h))
    assert not h.find_all(ft.Semantics, identifier="starter")  # round 1: the players choose, nothing to say
    h.tap("Ana red 3")  # Ana −17: Ben starts round 2
    key = scroller(h).key
    h.tap("Next round")
    assert scroller(h).key != key  # a new scrolling column: Flutter shows it from its top
    assert h.text_of("starter") == "· Ben starts"
    h.tap("Ben")
    assert "Ben, round 2 of 3" in texts_in(header(h))
    assert "Ben had the higher total after round 1 and starts round 2." in texts_in(scroller(h))  # in full under the cards
    h.tap("Round 1")
    assert "Ben, round 1 of 3" in texts_in(header(h)) and not h.find_all(ft.Semantics, identifier="starter")


def test_level_totals_say_the_players_choose(open_app, store):
    h = open_app(f"/play/{new_game(store, variant={'rounds': 3})}")
    h.tap("Ana red 3")  # Ana 3 − 20
    h.tap("Ben")
    h.tap("Ben blue 3")  # Ben 3 − 20
    assert h.text_of("total-Ana") == h.text_of("total-Ben") == "−17"
    h.tap("Next round")
    assert h.text_of("starter") == "· level: choose who starts"


def test_the_selected_player_is_marked_apart_from_the_leader(open_app, store):
    h = open_app(f"/play/{new_game(store)}")
    h.tap("Ben")
    h.tap("Ben red 10")  # Ben −10, Ana 0: Ana leads while Ben's cards are shown
    assert badge(h, "Ben").bgcolor == ft.Colors.PRIMARY_CONTAINER and not trophy(h, "Ben")
    assert badge(h, "Ana").bgcolor != ft.Colors.PRIMARY_CONTAINER and trophy(h, "Ana")
    assert h.text_of("place-Ana") == "1st"
    tablet = open_app(h.page.route, width=1180, height=820)  # everyone's cards: no one selected
    assert {badge(tablet, p).bgcolor for p in ("Ana", "Ben")} == {ft.Colors.SURFACE_CONTAINER_HIGHEST}
    assert trophy(tablet, "Ana") and not trophy(tablet, "Ben")


GAMES = [("lost-cities", 2), ("card-commons", 2), ("cgt", 3), ("bgg-card-game", 3), ("bgg-game", 4)]


@pytest.mark.parametrize("width", [390, 1180])
@pytest.mark.parametrize(("game", "count"), GAMES)
def test_no_place_before_anything_is_entered(open_app, store, game, count, width):
    players = ["Ana", "Ben", "Cy", "Dev"][:count]
    h = open_app(f"/play/{new_game(store, game, players)}", width=width, height=820)
    assert [h.text_of(f"place-{p}") for p in players] == [""] * count
    assert not any(trophy(h, p) for p in players)


def test_a_switch_to_the_score_track_ranks_no_one(open_app, store):
    """The BoardGameGeek Game: Ana's switch to the track (0 GG on it so far) is nothing entered yet."""
    players = ["Ana", "Ben", "Cy", "Dev"]
    h = open_app(f"/play/{new_game(store, 'bgg-game', players)}")  # a phone: Ana's tableau
    h.tap("Score track")
    assert [h.text_of(f"place-{p}") for p in players] == [""] * 4
    field = h.find(ft.TextField, label="Ana GG on the track")
    h.enter(field, "12")
    assert h.text_of("place-Ana") == "1st"
