"""Setup: a random first player keeps the seats' clockwise order; each player has a colour;
the name field shows no character counter; the 3-player option goes with a 4th player."""

import flet as ft
import pytest
from flet.messaging.protocol import MessageAction

import scoring
from companion.services import remembered
from companion.services.player_colours import MIN_HUE_GAP, PALETTE, colour_name, hue_gap, player_colour, table_colours
from companion.ui import games as game_screens
from companion.ui.views import setup
from companion.ui.widgets.palette import contrast, ink
from tests import every_game

from .harness import walk


def top_view(h) -> ft.View:
    """The view on top of the stack, as drawn (the app's views are components)."""
    return ft.unwrap_component(ft.unwrap_component(h.page.views)[-1])


def add(h, *names):
    field = h.find(ft.TextField, label="Player name")
    for name in names:
        h.type(field, name)
        h.fire(field, "submit", name)


def seats(h):
    """The names in seat order, as the rows show them."""
    return [t.tooltip for t in walk(top_view(h)) if isinstance(t, ft.Text) and t.tooltip and t.expand]


def test_rotated_keeps_clockwise_order():
    assert setup.rotated(["A", "B", "C", "D"], 2) == ["C", "D", "A", "B"]
    assert setup.rotated(["A", "B"], 0) == ["A", "B"]


@pytest.mark.parametrize("seat", [0, 1, 2, 3])
def test_random_first_player_rotates_the_seats(open_app, monkeypatch, seat):
    monkeypatch.setattr(setup, "pick_seat", lambda n: seat)
    h = open_app("/setup/bgg-card-game")
    add(h, "Ana", "Ben", "Cy", "Dee")
    before = seats(h)
    assert before == ["Ana", "Ben", "Cy", "Dee"]
    h.tap("Random first player")
    after = seats(h)
    assert after == before[seat:] + before[:seat]
    assert any(t.value == f"{after[0]} starts, chosen at random." for t in h.find_all(ft.Text))
    assert not h.conn.errors


def test_random_first_player_uses_every_seat_and_the_real_pick(open_app):
    h = open_app("/setup/bgg-card-game")
    add(h, "Ana", "Ben", "Cy")
    firsts = set()
    for _ in range(60):
        h.tap("Random first player")
        order = seats(h)
        i = order.index("Ana")
        assert order[i:] + order[:i] == ["Ana", "Ben", "Cy"]  # always clockwise
        firsts.add(order[0])
    assert firsts == {"Ana", "Ben", "Cy"}  # 60 picks of 3 miss a seat with chance 3·(2/3)^60 ≈ 1e-10


def test_no_random_pick_for_one_player(open_app):
    h = open_app("/setup/bgg-card-game")
    add(h, "Ana")
    [button] = [b for b in h.find_all(ft.OutlinedButton) if b.content == "Random first player"]
    assert not button.visible


def test_name_field_has_no_counter_but_keeps_its_limit(open_app):
    h = open_app("/setup/lost-cities")
    field = h.find(ft.TextField, label="Player name")
    assert field.counter == "" and field.max_length == 200


def test_each_player_has_a_stable_distinct_colour():
    assert player_colour("Ana") == player_colour("ana") == player_colour(" Ana ")
    players = [f"P{i}" for i in range(len(PALETTE))]
    colours = table_colours(players)
    assert len(set(colours.values())) == len(PALETTE)
    assert table_colours(list(reversed(players))) == colours  # seats do not change colours


def colour_dots(h) -> dict[str, str]:
    return {
        c.tooltip.split("'")[0]: c.bgcolor for c in h.find_all(ft.Container) if isinstance(c.tooltip, str) and "'s colour:" in c.tooltip
    }


def test_setup_rows_show_each_players_colour(open_app):
    h = open_app("/setup/cgt")  # CGT's cards have no colours: each player's own colour
    add(h, "Ana", "Ben")
    assert colour_dots(h) == table_colours(["Ana", "Ben"])


CARD_INKS = {  # each game's card colours in both themes' shades (companion/ui/widgets/palette.py), where its cards have colours
    game: [ink(name, dark) for name in game_screens.screen(game).card_colours for dark in (False, True)]
    for game in every_game.with_screens()
    if game_screens.screen(game).card_colours
}


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize(
    "game, names",
    [
        ("lost-cities", ["Ana", "Ben"]),  # the issue's table: blue and red elsewhere, expedition colours
        ("lost-cities", ["Mia", "Noah"]),
        ("lost-cities", ["Zoë", "Étienne"]),
        ("card-commons", ["Ana", "Ben"]),
        ("card-commons", ["Dee", "Kai"]),
    ],
)
def test_a_players_dot_is_never_a_colour_of_the_games_cards(open_app, store, game, names, dark):
    from companion.ui.session import THEME_SETTING

    store.set_setting(THEME_SETTING, dark)
    h = open_app(f"/setup/{game}")
    add(h, *names)
    dots = colour_dots(h)
    assert set(dots) == set(names) and len(set(dots.values())) == len(names)
    for name, colour in dots.items():
        assert hue_gap(colour, CARD_INKS[game]) >= MIN_HUE_GAP, (name, colour_name(colour))
        # a mark on either theme's page: WCAG's 3:1 for graphics
        assert contrast(colour, "#FFFFFF") >= 3 and contrast(colour, "#141218") >= 3
    assert dots == table_colours(names, CARD_INKS[game])


def test_the_issues_blue_and_red_players_take_other_colours_at_lost_cities():
    assert [colour_name(c) for c in table_colours(["Ana", "Ben"]).values()] == ["blue", "red"]  # everywhere else
    at_lost_cities = [colour_name(c) for c in table_colours(["Ana", "Ben"], CARD_INKS["lost-cities"]).values()]
    assert not {"blue", "red", "green", "purple", "indigo", "brown"} & set(at_lost_cities)


@pytest.mark.parametrize("game", list(CARD_INKS))
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_a_table_keeps_its_players_apart_even_where_few_colours_are_clear(game, players):
    names = [f"Player {i}" for i in range(players)]
    colours = table_colours(names, CARD_INKS[game])
    assert len(set(colours.values())) == players  # distinct first: the clearest of the rest complete them
    clear = sum(hue_gap(c, CARD_INKS[game]) >= MIN_HUE_GAP for _, c in PALETTE)
    assert sum(hue_gap(c, CARD_INKS[game]) >= MIN_HUE_GAP for c in colours.values()) == min(players, clear)


def test_the_play_screen_and_home_show_the_colours_setup_showed(open_app, store):
    h = open_app("/setup/lost-cities")
    add(h, "Ana", "Ben")
    dots = colour_dots(h)
    h.tap("Start game")
    home = open_app("/")
    listed = [c.bgcolor for c in home.find_all(ft.Container) if c.tooltip in ("Ana", "Ben") and c.width == 12]
    assert listed == [dots["Ana"], dots["Ben"]]


def test_every_palette_colour_is_a_mark_on_both_themes():
    for said, colour in PALETTE:
        assert contrast(colour, "#FFFFFF") >= 3 and contrast(colour, "#141218") >= 3, said


def test_three_player_option_goes_with_a_fourth_player(open_app):
    h = open_app("/setup/bgg-game")
    add(h, "Ana", "Ben", "Cy")
    assert h.find_all(ft.Switch)
    add(h, "Dee")
    assert not h.find_all(ft.Switch)


def test_every_setup_button_is_at_least_48_px(open_app):
    h = open_app("/setup/bgg-game")
    add(h, "Ana", "Ben", "Cy")
    for b in walk(top_view(h)):
        if isinstance(b, ft.IconButton) and b.visible:
            assert (b.width or 0) >= 48 and (b.height or 0) >= 48, b.icon.semantics_label
        if isinstance(b, (ft.OutlinedButton, ft.FilledButton)) and b.visible:
            assert (b.height or 0) >= 48, b.content


def name_field(h) -> ft.TextField:
    return h.find(ft.TextField, label="Player name")


def test_what_is_typed_survives_a_change_on_another_device(open_app, store):
    from tests.transfer.records import record

    h = open_app("/setup/lost-cities")
    add(h, "Ana")
    h.type(name_field(h), "Be")  # half typed
    store.add_finished([record("lc1")])  # a game saved elsewhere: the recent players change
    h.settle()
    assert name_field(h).value == "Be"
    assert seats(h) == ["Ana"]
    assert h.buttons("Add Mia") and h.buttons("Add Noah")  # the new recent players, at once


def test_a_recent_player_is_added_with_one_tap_and_the_field_empties(open_app, store):
    from tests.transfer.records import record

    store.add_finished([record("lc1")])
    h = open_app("/setup/lost-cities")
    h.tap("Add Mia")
    h.type(name_field(h), "Zoe")
    h.fire(name_field(h), "submit", "Zoe")
    assert seats(h) == ["Mia", "Zoe"] and name_field(h).value == ""
    assert not h.buttons("Add Mia")
    h.type(name_field(h), "zoe")
    h.fire(name_field(h), "submit", "zoe")
    assert seats(h) == ["Mia", "Zoe"] and name_field(h).value == "zoe"  # refused, kept to correct
    assert any(t.value == "zoe is already playing." for t in h.find_all(ft.Text))


def test_enter_adds_the_name_and_the_field_keeps_the_keyboard_for_the_next(open_app):
    """Flutter takes the focus from a field after Enter: the name field takes it back, so a table's names are typed
    one after the other (the score pad's keyboard-only setup, tests/e2e/test_score_pad_phone.py)."""
    h = open_app("/setup/lost-cities")
    sent = len(h.conn.sent)
    h.enter(name_field(h), "Ana")
    focused = [m.body.control_id for m in h.conn.sent[sent:] if m.action == MessageAction.INVOKE_METHOD and m.body.name == "focus"]
    assert seats(h) == ["Ana"] and focused == [name_field(h)._i]


def test_seat_buttons_reorder_and_remove(open_app):
    h = open_app("/setup/bgg-card-game")
    add(h, "Ana", "Ben", "Cy")
    h.tap("Move Ana down")
    assert seats(h) == ["Ben", "Ana", "Cy"]
    h.tap("Cy starts")
    assert seats(h) == ["Cy", "Ben", "Ana"]
    h.tap("Remove Ben")
    assert seats(h) == ["Cy", "Ana"]
    assert not h.conn.errors


def test_start_game_stores_the_players_and_remembers_the_options(open_app, store):
    h = open_app("/setup/lost-cities")
    add(h, "Ana", "Ben")
    switch = h.switch("Short game: 1 round (the full game is 3)")
    h.session.apply_patch(switch._i, {"value": not switch.value})  # what the client sends with its event
    h.fire(switch, "change", None)
    h.tap("Start game")
    (game,) = store.in_progress()
    assert game.players == ["Ana", "Ben"] and game.record["variant"]["rounds"] == 1
    assert store.setting(remembered.variant_setting("lost-cities"))["rounds"] == 1


def test_another_games_setup_starts_afresh(open_app):
    h = open_app("/setup/lost-cities")
    add(h, "Ana", "Ben")
    h.type(name_field(h), "Cy")
    h.run(h.page.push_route("/setup/cgt"))  # a typed address: the same screen, another game
    h.settle()
    assert seats(h) == [] and name_field(h).value == ""
    assert any(t.value == "New game of CGT – Card Game Traders" for t in h.find_all(ft.Text))


def test_back_returns_to_the_screen_underneath(open_app):
    h = open_app("/setup/lost-cities")
    h.tap("Back")
    assert h.page.route == "/" and not h.conn.errors


def carried_line(h) -> str | None:
    """What the setup says it carried over from the last game, or None."""
    shown = [c.content.value for c in h.find_all(ft.Semantics) if c.identifier == "carried-over"]
    return shown[0] if shown else None


# Each game's options as a previous game left them, and what the next setup says of them.
CARRIED = [
    ("lost-cities", {"rounds": 1, "purple": False}, "As last time: short game: 1 round."),
    ("lost-cities", {"rounds": 1, "purple": True}, "As last time: short game: 1 round, purple expedition."),
    ("lost-cities", {"rounds": 3, "purple": True}, "As last time: purple expedition."),
    ("cgt", {"first_player_penalty": 4}, "As last time: first player penalty 4."),
    ("card-commons", {"peek": True}, "As last time: peek variant."),
    ("bgg-game", {"three_player_sets": "every"}, "As last time: 3 players: every complete set scores."),
]


@pytest.mark.parametrize(("game", "variant", "said"), CARRIED)
def test_options_carried_over_from_the_last_game_are_said_and_the_usual_ones_are_one_tap_away(open_app, store, game, variant, said):
    store.set_setting(remembered.variant_setting(game), variant)
    h = open_app(f"/setup/{game}")
    add(h, "Ana", "Ben", "Cy")
    assert carried_line(h) == said
    h.tap("Usual options")
    assert carried_line(h) is None  # the game's own options now, and nothing said of the last game
    h.tap("Start game")
    (started,) = store.in_progress()
    assert started.record["variant"] == dict(scoring.GAMES[game].default_variant)


@pytest.mark.parametrize("game", every_game.with_screens())
def test_a_setup_at_the_games_own_options_says_nothing_carried_over(open_app, game):
    h = open_app(f"/setup/{game}")
    add(h, "Ana", "Ben", "Cy")
    assert carried_line(h) is None and not h.buttons("Usual options")


def test_an_option_changed_on_the_setup_is_no_longer_said_to_be_as_last_time(open_app, store):
    store.set_setting(remembered.variant_setting("lost-cities"), {"rounds": 1, "purple": False})
    h = open_app("/setup/lost-cities")
    add(h, "Ana", "Ben")
    switch = h.switch("Purple expedition (sixth colour)")
    h.session.apply_patch(switch._i, {"value": True})
    h.fire(switch, "change", None)
    assert carried_line(h) is None
