"""Every game provides everything the app needs, and a new game is two registrations: a toy
game defined only here is set up, played and scored through the real app with no other file changed."""

from __future__ import annotations

import inspect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft
import pytest

import scoring
from companion.ui import game_screens
from companion.ui.views import play as play_view
from scoring import Action, GameRules, RecordError, Table, Unchanged
from scoring.actions import edited
from scoring.fields import check_player_keys, need_int, need_object
from scoring.result import Line, scored_once

GAME_SCREEN_HOOKS = ("tableau", "shared", "variant_controls", "choices", "choice_controls", "statistic")


@pytest.mark.parametrize("key", sorted(scoring.GAMES))
def test_each_registered_game_provides_rules_and_a_screen(key):
    rules = scoring.GAMES[key]
    for field in ("parse", "score", "new_body", "apply", "choices_of"):
        assert callable(getattr(rules, field)), f"{key}: {field}"
    assert rules.player_keyed, f"{key}: which parts of the record are keyed by player"
    players = [f"P{i}" for i in range(rules.min_players)]
    record = scoring.new_record(key, players, choices=game_screens.screen(key).choices(players, {}))
    assert scoring.score(record).players == tuple(players)  # a new game scores (all at nothing)
    assert scoring.rematch(record) == record
    renamed, _ = scoring.rename_player(record, "P0", "Zoë")
    assert scoring.parse(renamed).players[0] == "Zoë"
    screen = game_screens.screen(key)
    assert screen.key == key and screen.tableau is not game_screens.GameScreen.tableau
    for hook in GAME_SCREEN_HOOKS:
        assert callable(getattr(screen, hook))
    assert screen.statistic([]) == () or all(isinstance(line, tuple) for line in screen.statistic([]))


def test_the_home_screen_order_is_the_registered_order():
    assert game_screens.ordered() == ["lost-cities", "bgg-card-game", "bgg-game", "cgt", "card-commons"]


# --- the toy game: each player counts points with a + button; more points wins ------------------------


@dataclass(frozen=True)
class AddPoint(Action):
    player: str
    delta: int = 1


def toy_parse(players: tuple[str, ...], variant: Mapping[str, Any], final: Any) -> dict[str, int]:
    need_object(final, ("final",))
    check_player_keys(final, ("final",), players)
    return {p: need_int(final[p], ("final", p), 0, 99) for p in players}


def toy_score(points: dict[str, int]):
    players = tuple(points)
    return scored_once("toy", players, dict(points), lambda: (), lambda: ({p: (Line("points", n),) for p, n in points.items()},))


def toy_apply(table: Table, action: Action) -> Table:
    if not isinstance(action, AddPoint) or action.player not in table.record["players"]:
        raise RecordError((), "not a toy action")
    if action.delta == 0:
        raise Unchanged((), "nothing to add")

    def edit(record: dict, draft: Any) -> None:
        record["final"][action.player] += action.delta

    return edited(table, edit, lambda r, d: toy_parse(tuple(r["players"]), {}, r["final"]))


TOY = GameRules(
    key="toy",
    title="Toy",
    min_players=2,
    max_players=3,
    body="final",
    parse=toy_parse,
    score=toy_score,
    new_body=lambda players, variant, choices: {p: 0 for p in players},
    apply=toy_apply,
    player_keyed=(("final",),),
)


class ToyScreen(game_screens.GameScreen):
    key = "toy"
    order = 99

    def tableau(self, player: str) -> ft.Control:
        return ft.Column(
            [
                ft.Text(player),
                ft.IconButton(
                    icon=ft.Icon(ft.Icons.ADD, semantics_label=f"{player} point plus"), on_click=lambda e: self.play.act(AddPoint(player))
                ),
            ]
        )


@pytest.fixture
def toy():
    scoring.register(TOY)
    game_screens.register(ToyScreen)
    yield
    del scoring.GAMES["toy"], game_screens.SCREENS["toy"]


def test_a_toy_game_is_set_up_played_and_scored_with_no_other_file_changed(toy, open_app, store):
    h = open_app("/")
    assert any(c.value == "Toy" for c in h.find_all(ft.Text))  # on the home screen
    h = open_app("/setup/toy")
    field = h.find(ft.TextField, label="Player name")
    for name in ("Ana", "Ben"):
        h.type(field, name)
        h.fire(field, "submit", name)
    h.tap("Start game")
    game_id = h.page.route.split("/")[-1]
    other = open_app(f"/play/{game_id}")
    for _ in range(3):
        h.tap("Ana point plus")
        other.tap("Ana point plus")  # two devices, both count
    h.tap("Ben")
    h.tap("Ben point plus")
    other.settle()
    assert store.get(game_id).record["final"] == {"Ana": 6, "Ben": 1}
    assert h.text_of("total-Ana") == other.text_of("total-Ana") == "6"
    assert h.text_of("place-Ben") == "2nd"


def test_the_play_frame_names_no_game():
    source = inspect.getsource(play_view)
    for key in scoring.GAMES:
        assert key not in source and key.replace("-", "_") not in source


@pytest.mark.parametrize("key", ["lost-cities", "cgt"])
def test_a_games_screens_wear_its_colours(open_app, store, key):
    players = [f"P{i}" for i in range(scoring.GAMES[key].min_players)]
    game_id = store.create(scoring.new_record(key, players, choices=game_screens.screen(key).choices(players, {}))).id
    h = open_app(f"/play/{game_id}")
    assert h.page.theme.color_scheme_seed == game_screens.seed(key) != game_screens.DEFAULT_SEED  # not the home screen's under it
