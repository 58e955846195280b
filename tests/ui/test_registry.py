"""Every game provides everything the app needs, and a new game is its rules, its screen and its example:
a toy game defined only here (rules with their help text and their "may I?", a screen, a worked example)
goes through setup, play, results, history, export and import in the real app with no other file changed.
Its screen reads and does only what its PlayContext offers (companion/ui/games/base.py), as every game's."""

from __future__ import annotations

import inspect
import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft
import pytest

import scoring
from companion.ui import games as game_screens
from companion.ui.games import GameScreen
from companion.ui.views import play as play_view
from companion.ui.views import play_controller, play_frame
from scoring import Action, GameRules, RecordError, Table, Unchanged
from scoring.actions import edited
from scoring.fields import check_player_keys, need_int, need_object
from scoring.record import no_refusal, parse_one
from scoring.result import Line, scored_once
from tests.transfer.test_screen import pick

GAME_SCREEN_HOOKS = ("tableau", "shared", "variant_controls", "choices", "choice_controls", "statistic")


@pytest.mark.parametrize("key", sorted(scoring.GAMES))
def test_each_registered_game_provides_rules_and_a_screen(key):
    rules = scoring.GAMES[key]
    for field in ("parse", "score", "new_body", "apply", "refusal", "choices_of"):
        assert callable(getattr(rules, field)), f"{key}: {field}"
    assert rules.refusal is not no_refusal, f"{key}: its rules say why they refuse an action (scoring.refusal)"
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


def test_one_list_of_games_on_each_side_in_one_order():
    assert list(scoring.GAMES) == [rules.key for rules in scoring.ALL_RULES]
    assert game_screens.ordered() == list(scoring.GAMES)  # the home screen's order is scoring's list
    assert set(game_screens.SCREENS) == set(scoring.GAMES)


# --- the toy game: each player counts points with a + button; more points wins ------------------------


MOST = 7  # points a player may have


@dataclass(frozen=True)
class AddPoint(Action):
    player: str
    delta: int = 1


def toy_parse(players: tuple[str, ...], variant: Mapping[str, Any], final: Any) -> dict[str, int]:
    need_object(final, ("final",))
    check_player_keys(final, ("final",), players)
    return {p: need_int(final[p], ("final", p), 0, MOST) for p in players}


def toy_score(points: dict[str, int]):
    players = tuple(points)
    return scored_once("toy", players, dict(points), lambda: (), lambda: ({p: (Line("points", n),) for p, n in points.items()},))


def toy_refusal(table: Table, action: Action) -> str | None:
    """The toy's "may I?": the rule its apply refuses with, and its screen shows before a tap."""
    if isinstance(action, AddPoint) and table.record["final"].get(action.player, 0) + action.delta > MOST:
        return f"a player scores at most {MOST} points"
    return None


def toy_apply(table: Table, action: Action) -> Table:
    if not isinstance(action, AddPoint) or action.player not in table.record["players"]:
        raise RecordError((), "not a toy action")
    if action.delta == 0:
        raise Unchanged((), "nothing to add")
    reason = toy_refusal(table, action)
    if reason:
        raise RecordError(("final", action.player), reason)

    def edit(record: dict, draft: Any) -> None:
        record["final"][action.player] += action.delta

    return edited(table, edit, lambda r, d: parse_one(TOY, r))  # the whole record, validated once


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
    refusal=toy_refusal,
    player_keyed=(("final",),),
    how_scoring_works="- Each + is a point; more points win.\n- Ties: the place is shared.\n",
)
# Its worked example, as docs/examples holds them: the record and what scoring it says.
TOY_EXAMPLE = {
    "record": {
        "format": 1,
        "game": "toy",
        "players": ["Cy", "Di"],
        "final": {"Cy": 2, "Di": 5},
        "id": "toy-example-1",
        "played_at": "2026-11-30T20:00:00+00:00",
    },
    "expect": {"totals": {"Cy": 2, "Di": 5}, "winners": ["Di"]},
}


class ToyScreen(GameScreen):
    key = "toy"

    def tableau(self, player: str) -> ft.Control:
        context = self.context  # all this screen reads and does: the play screen's PlayContext
        return ft.Column(
            [
                ft.Text(f"{player}: {context.record['final'][player]}"),
                ft.IconButton(
                    icon=ft.Icon(ft.Icons.ADD, semantics_label=f"{player} point plus"), on_click=lambda e: context.act(AddPoint(player))
                ),
                ft.Semantics(identifier=f"toy-why-{player}", content=ft.Text(context.refusal(AddPoint(player)) or "")),
            ]
        )


@pytest.fixture
def toy():
    scoring.register(TOY)
    game_screens.register(ToyScreen)
    yield
    del scoring.GAMES["toy"], game_screens.SCREENS["toy"]


def dialog(h) -> ft.AlertDialog | None:
    shown = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    return shown[-1] if shown else None


def answer(h, label: str) -> None:
    (button,) = [b for b in dialog(h).actions if b.content == label]
    h.click(button)


def test_the_toy_games_example_scores_as_it_says(toy):
    result = scoring.score(TOY_EXAMPLE["record"]).to_json()
    for key, value in TOY_EXAMPLE["expect"].items():
        assert result[key] == value, key


def test_a_toy_game_goes_through_every_screen_with_no_other_file_changed(toy, open_app, store):
    h = open_app("/")
    assert any(c.value == "Toy" for c in h.find_all(ft.Text))  # on the home screen
    h = open_app("/setup/toy")
    h.tap("How scoring works")  # its help text, from its rules
    (markdown,) = [c for c in dialog(h).content.controls if isinstance(c, ft.Markdown)]
    assert markdown.value == TOY.how_scoring_works
    answer(h, "Close")
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
    h.tap("Ana")
    assert h.text_of("toy-why-Ana") == ""  # a 7th point is allowed
    h.tap("Ana point plus")  # the 7th: the most its rules allow, which the screen says before a tap
    other.settle()
    assert other.text_of("toy-why-Ana") == "a player scores at most 7 points"
    other.tap("Ana point plus")  # refused by the same rule, in its words; nothing stored
    assert other.text_of("message") == "A player scores at most 7 points."
    assert store.get(game_id).record["final"] == {"Ana": 7, "Ben": 1}

    results = open_app(f"/results/{game_id}")  # results, then saved to the history
    assert results.text_of("place-Ana") == "1st" and results.text_of("total-Ben") == "1"
    results.tap("Back")
    answer(results, "Save to history")
    assert [g.id for g in store.finished()] == [game_id]
    history = open_app(f"/history/{game_id}")
    assert history.text_of("total-Ana") == "7"
    assert any(str(t.value).startswith("Toy · ") for t in history.find_all(ft.Text))  # its title, from its rules

    transfer = open_app("/transfer")  # exported, and its example imported
    transfer.tap("Export JSON")
    ((_, data),) = [(a["file_name"], a["src_bytes"]) for name, a in transfer.conn.invoked if name == "save_file"]
    (exported,) = json.loads(data)["games"]
    assert (exported["game"], exported["final"]) == ("toy", {"Ana": 7, "Ben": 1})
    pick(transfer, "toy.json", json.dumps({"format": 1, "games": [exported, TOY_EXAMPLE["record"]]}).encode())
    answer(transfer, "Import 1 game")
    assert sorted(g.id for g in store.finished()) == sorted([game_id, "toy-example-1"])
    assert store.get("toy-example-1").scored["winners"] == ["Di"]
    for screen in (h, other, results, history, transfer):
        assert not screen.conn.errors


def test_the_play_frame_names_no_game():
    source = "".join(inspect.getsource(module) for module in (play_view, play_controller, play_frame))
    for key in scoring.GAMES:
        assert key not in source and key.replace("-", "_") not in source


@pytest.mark.parametrize("key", ["lost-cities", "cgt"])
def test_a_games_screens_wear_its_colours(open_app, store, key):
    players = [f"P{i}" for i in range(scoring.GAMES[key].min_players)]
    game_id = store.create(scoring.new_record(key, players, choices=game_screens.screen(key).choices(players, {}))).id
    h = open_app(f"/play/{game_id}")
    assert h.page.theme.color_scheme_seed == game_screens.seed(key) != game_screens.DEFAULT_SEED  # not the home screen's under it


def test_round_names_come_from_the_games_rules():
    """The score pad names Card Commons' rounds by multiplier (its rules say so); others are numbered."""
    record = {"game": "card-commons", "variant": {"peek": True}, "rounds": [{}] * 4}
    assert game_screens.round_names(record) == ("1 ×1", "2 ×1", "3 ×2", "4 ×1")
    assert game_screens.round_names({"game": "lost-cities", "rounds": [{}]}) is None
