"""Issue 21 item 6: refusals in plain words, shown where they cover no card."""

import flet as ft
import flet_charts as charts

import scoring

from .harness import walk


def lost_cities(store) -> str:
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id


def test_a_refusal_is_a_sentence_in_a_banner_that_moves_nothing_and_leaves_the_title(open_app, store):
    game_id = lost_cities(store)
    phone = open_app(f"/play/{game_id}")
    phone.tap("Mia red 9")
    phone.tap("Noah")
    phone.tap("Mia's red 9, taken")  # Mia holds it: a taken card says whose
    assert phone.text_of("message") == "Red 9 is on Mia's tableau."
    view = phone.top_view()
    assert not [c for c in walk(view.appbar) if isinstance(c, ft.Semantics) and c.identifier == "message"], "the title stays"
    assert next(c.value for c in walk(view.appbar) if isinstance(c, ft.Text)) == "Lost Cities"
    # Over the cards, positioned at the foot of a Stack: it takes no place in the column, so nothing moves.
    (banner,) = [c for c in walk(view.controls) if isinstance(c, ft.Container) and c.bottom == 0 and c.left == 0]
    assert any(isinstance(c, ft.Semantics) and c.identifier == "message" for c in walk(banner))
    phone.tap("Noah red 8")  # the next tap that changes something: the banner goes
    assert phone.text_of("message").strip() == ""


def test_record_errors_say_the_round_and_player_only_when_they_are_not_on_screen():
    error = scoring.RecordError(("round 1", "Ben", "blue"), "blue 2 is on Ana's tableau")
    assert error.sentence(["Ana", "Ben"], {"round 1", "Ben"}) == "Blue 2 is on Ana's tableau."
    assert error.sentence(["Ana", "Ben"], {"Ben"}) == "In round 1, blue 2 is on Ana's tableau."
    assert error.sentence(["Ana", "Ben"], set()) == "In round 1, for Ben, blue 2 is on Ana's tableau."
    named = scoring.RecordError(("final", "Cy", "tiles"), "only 1 of the 3 blue 1 tiles can be Cy's")
    assert named.sentence(["Cy"], set()) == "Only 1 of the 3 blue 1 tiles can be Cy's."  # the message names Cy already
    lower = scoring.RecordError(("final", "ed"), "ed already holds no green 3 tile")
    assert lower.sentence(["ed"], {"ed"}) == "ed already holds no green 3 tile."  # a name is spelt as its owner spells it
    assert str(error) == "round 1 › Ben › blue: blue 2 is on Ana's tableau"  # a record's author still gets the path


def new_game(store, game: str, players: list[str]) -> str:
    from companion.ui.games import screen

    return store.create(scoring.new_record(game, players, choices=screen(game).choices(players, {}))).id


def test_no_places_before_anything_is_entered(open_app, store):
    cgt = open_app(f"/play/{new_game(store, 'cgt', ['Ana', 'Ben', 'Zoë'])}")
    assert [cgt.text_of(f"place-{p}") for p in ("Ana", "Ben", "Zoë")] == ["", "", ""]  # Zoë is not "3rd" before a card
    bgg = open_app(f"/play/{new_game(store, 'bgg-game', ['Ana', 'Ben', 'Cy', 'Dev'])}", width=1180, height=820)
    assert "11" in {bgg.text_of(f"total-{p}") for p in ("Ana", "Ben", "Cy", "Dev")}  # the starting GG are shown…
    assert {bgg.text_of(f"place-{p}") for p in ("Ana", "Ben", "Cy", "Dev")} == {""}  # …but rank no one
    cgt.tap("Type 5 Meta plus")
    assert "" not in {cgt.text_of(f"place-{p}") for p in ("Ana", "Ben", "Zoë")}  # once something is entered, places appear


def lost_cities_won(game_id: str, played_at: str) -> dict:
    record = scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})
    record["rounds"][0]["Mia"] = {"red": {"cards": [8, 9, 10]}}
    return {**record, "id": game_id, "played_at": played_at}


def test_chart_axes_count_in_whole_numbers(open_app, store):
    store.add_finished([lost_cities_won("a", "2026-01-02T20:00:00")])  # one win: the axis would say 0.5
    stats = open_app("/stats")
    [chart] = stats.find_all(charts.BarChart)
    assert [label.value for label in chart.left_axis.labels] == [0, 1, 2]
    assert chart.left_axis.label_spacing == 1
    player = open_app("/players/Mia")
    [line] = player.find_all(charts.LineChart)
    values = [label.value for label in line.left_axis.labels]
    assert values and all(isinstance(v, int) for v in values)
    assert isinstance(line.left_axis.label_spacing, int) and line.left_axis.label_spacing >= 1


def test_a_long_range_has_about_six_whole_labels():
    from companion.ui.widgets.chart_axis import integer_axis

    axis = integer_axis(-12, 61)
    assert axis.label_spacing == 13 and [label.value for label in axis.labels] == [0, 13, 26, 39, 52]


def colour_dots(h) -> dict[str, str]:
    return {
        c.tooltip.split("'")[0]: c.bgcolor for c in h.find_all(ft.Container) if isinstance(c.tooltip, str) and "'s colour:" in c.tooltip
    }


def test_bgg_game_one_colour_per_player_everywhere(open_app, store):
    from companion.ui.widgets.palette import ink

    setup = open_app("/setup/bgg-game")
    field = setup.find(ft.TextField, label="Player name")
    for name in ("Ana", "Ben", "Cy"):
        setup.type(field, name)
        setup.fire(field, "submit", name)
    chosen = {s.label.split("'")[0]: s.content.value for s in setup.find_all(ft.Semantics) if isinstance(s.content, ft.Dropdown)}
    assert chosen == {"Ana": "red", "Ben": "blue", "Cy": "green"}
    assert colour_dots(setup) == {p: ink(c, False) for p, c in chosen.items()}  # the dot is the publisher's colour
    for row in setup.find_all(ft.Column):
        if str(row.key).startswith("seat "):
            assert row.spacing >= 8, "the colour chooser's label needs room under the name line"
    setup.tap("Start game")
    game_id = setup.page.route.split("/")[-1]
    play = open_app(f"/play/{game_id}")
    tableau_dots = [c.bgcolor for c in play.find_all(ft.Container) if c.width == 16 and c.height == 16 and c.bgcolor]
    assert tableau_dots == [ink("red", False)]  # Ana's tableau: her dot, her publisher's red
    home = open_app("/")
    listed = [c.bgcolor for c in home.find_all(ft.Container) if c.tooltip in ("Ana", "Ben", "Cy") and c.width == 12]
    assert listed == [ink(c, False) for c in ("red", "blue", "green")]  # the games in progress too


def test_bgg_game_income_fields_are_wide_enough_for_their_label(open_app, store):
    from companion.ui.games.bgg_game import label_width

    players = ["Ana", "Ben", "Christopher Columbus"]
    game_id = new_game(store, "bgg-game", players)
    h = open_app(f"/play/{game_id}", width=1180, height=820)
    for player in players:
        field = h.find(ft.TextField, label=f"{player} round 1 income")
        assert field.width >= label_width(f"{player} round 1 income") >= 32 + 7 * len(f"{player} round 1 income")
