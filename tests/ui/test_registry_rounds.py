"""A sixth game is its rules and its screen, also when it is played in rounds with options: a toy game
defined only here (scored round by round, two rounds planned, "short: 1 round" as its option) is on
Home, in setup with its help, played over its rounds with Next round (Home saying which round is under
way), on its results and in the history, and in BG Stats' link with its options in words, with no
other file changed (tests/ui/test_registry.py has the toy scored once); the properties every game keeps
hold on it, walked by its own moves."""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import flet as ft
import pytest
from hypothesis import HealthCheck, find, given, settings

import scoring
from companion.services import bg_stats
from companion.ui import games as game_screens
from companion.ui.games import GameScreen
from companion.ui.widgets.bar_buttons import BarButton
from scoring import Action, GameRules, NextRound, RecordError, Table
from scoring.actions import edited
from scoring.fields import check_player_keys, need_int, need_list, need_object
from scoring.record import parse_one
from scoring.result import Line, Result, rank_with_ties, sum_totals, untied_ranking

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scoring"))
from scoring_support import refusals_agree_with_apply, scores_as_its_lines
from strategies import records, walked


@dataclass(frozen=True)
class AddPoint(Action):
    player: str
    round: int  # 1-based: the round the tap was for


def parse(players: tuple[str, ...], variant: Mapping[str, Any], rounds: Any) -> tuple[int, tuple[dict[str, int], ...]]:
    planned = need_int(variant.get("rounds", 2), ("variant", "rounds"), 1, 2)
    found = need_list(rounds, ("rounds",))
    if len(found) > planned:
        raise RecordError(("rounds",), f"{len(found)} rounds; this game plays {planned}")
    for i, round_ in enumerate(found, 1):
        need_object(round_, ("rounds", f"round {i}"))
        check_player_keys(round_, ("rounds", f"round {i}"), players)
    return planned, tuple({p: need_int(r.get(p, 0), ("rounds", f"round {i}", p), 0, 99) for p in players} for i, r in enumerate(found, 1))


def score(game: tuple[int, tuple[dict[str, int], ...]]) -> Result:
    planned, rounds = game
    players = tuple(rounds[0]) if rounds else ()
    totals = sum_totals(players, rounds)
    ranking = rank_with_ties(players, totals, ())[0] if len(set(totals.values())) < len(totals) else untied_ranking(players, totals)
    breakdown = lambda: tuple({p: (Line("points", r[p]),) for p in players} for r in rounds)
    return Result("round-toy", players, rounds, breakdown, totals, ranking, len(rounds) == planned and any(rounds[-1].values()), ())


def apply(table: Table, action: Action) -> Table:
    planned, rounds = parse_one(ROUND_TOY, table.record).game
    if isinstance(action, NextRound):
        if len(rounds) >= planned or not any(rounds[-1].values()):
            raise RecordError(("rounds",), "a round is played before the next")

        def next_round(record: dict, draft: Any) -> None:
            record["rounds"].append({p: 0 for p in record["players"]})

        return edited(table, next_round, lambda r, d: parse_one(ROUND_TOY, r))
    if not isinstance(action, AddPoint) or not 1 <= action.round <= len(rounds):
        raise RecordError((), "not a toy action")

    def add(record: dict, draft: Any) -> None:
        record["rounds"][action.round - 1][action.player] += 1

    return edited(table, add, lambda r, d: parse_one(ROUND_TOY, r))


def refusal(table: Table, action: Action) -> str | None:
    if isinstance(action, NextRound) and not any(table.record["rounds"][-1].values()):
        return "a round is played before the next"
    return None


def moves(table: Table) -> Iterator[Action]:
    yield from (AddPoint(player, len(table.record["rounds"])) for player in table.record["players"])
    yield NextRound()


def progress(game: tuple[int, tuple[dict[str, int], ...]]) -> tuple[int, int]:
    planned, rounds = game
    return sum(1 for r in rounds if any(r.values())), planned


ROUND_TOY = GameRules(
    key="round-toy",
    title="Round toy",
    min_players=2,
    max_players=2,
    body="rounds",
    parse=parse,
    score=score,
    new_body=lambda players, variant, choices: [{p: 0 for p in players}],
    apply=apply,
    refusal=refusal,
    moves=moves,
    default_variant={"rounds": 2},
    player_keyed=(("rounds", "*"),),
    how_scoring_works="- Each + is a point in its round; more points over the rounds win.\n",
    progress=progress,
    option_words=lambda changed, players: ("short: 1 round",) if changed.get("rounds") == 1 else (),
)


class RoundToyScreen(GameScreen):
    key = "round-toy"

    def tableau(self, player: str) -> ft.Control:
        context = self.context
        shown = len(context.record["rounds"])
        return ft.Column(
            [
                ft.Text(f"{player}: {context.record['rounds'][-1][player]}"),
                ft.IconButton(
                    icon=ft.Icon(ft.Icons.ADD, semantics_label=f"{player} point plus"),
                    on_click=lambda e: context.act(AddPoint(player, shown)),
                ),
            ]
        )

    def round_action(self) -> BarButton | None:
        if len(self.context.record["rounds"]) >= self.context.record["variant"]["rounds"]:
            return None
        return BarButton("Next round", lambda e: self.context.act(NextRound()), ft.Icons.ARROW_FORWARD)


@pytest.fixture
def round_toy():
    scoring.register(ROUND_TOY)
    game_screens.register(RoundToyScreen)
    yield
    del scoring.GAMES["round-toy"], game_screens.SCREENS["round-toy"]


def played(store, open_app, *taps: str):
    """A new game of the round toy for Ana and Ben, on a phone's play screen, after `taps`: (its id, the screen)."""
    game_id = store.create(scoring.new_record("round-toy", ["Ana", "Ben"])).id
    h = open_app(f"/play/{game_id}")
    for name in taps:
        h.tap(name)
    return game_id, h


def test_a_game_in_rounds_with_options_goes_through_every_screen_with_no_other_file_changed(round_toy, open_app, store):
    home = open_app("/")
    assert any(c.value == "Round toy" for c in home.find_all(ft.Text))
    setup = open_app("/setup/round-toy")
    setup.tap("How scoring works")
    (help_card,) = [d for d in setup.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    assert any(isinstance(c, ft.Markdown) and c.value == ROUND_TOY.how_scoring_works for c in help_card.content.controls)

    game_id, h = played(store, open_app, "Ana point plus", "Next round", "Ben", "Ben point plus", "Ben point plus")
    assert store.get(game_id).record["rounds"] == [{"Ana": 1, "Ben": 0}, {"Ana": 0, "Ben": 2}]
    assert h.text_of("total-Ben") == "2" and h.text_of("place-Ben") == "1st"
    assert not h.buttons("Next round")  # the rules' two rounds are planned: none after the last

    results = open_app(f"/results/{game_id}")
    assert results.text_of("place-Ben") == "1st"
    results.tap("Back")
    (save,) = [
        b
        for d in results.page._dialogs.controls
        if isinstance(d, ft.AlertDialog) and d.open
        for b in d.actions
        if b.content == "Save to history"
    ]
    results.click(save)
    assert [g.id for g in store.finished()] == [game_id]
    history = open_app(f"/history/{game_id}")
    assert history.text_of("total-Ana") == "1"

    short = {**store.get(game_id).record, "variant": {"rounds": 1}, "rounds": [{"Ana": 1, "Ben": 0}]}
    play = bg_stats.bgstats_play(short)
    assert play["board"] == "short: 1 round" and "bggId" not in play["game"]  # its options in its own words
    for screen in (home, setup, h, results, history):
        assert not screen.conn.errors


def test_home_says_which_round_of_a_game_in_rounds_is_under_way(round_toy, open_app, store):
    played(store, open_app, "Ana point plus", "Ben", "Ben point plus", "Next round", "Ana", "Ana point plus")
    home = open_app("/")
    said = " ".join(str(t.value) for t in home.find_all(ft.Text))
    assert "1 round entered; Round 2 under way: Ana entered, Ben not yet" in said, said


def test_the_properties_of_every_game_hold_for_a_game_in_rounds_walked_by_its_own_moves(round_toy):
    assert len(find(walked(ROUND_TOY), lambda record: len(record["rounds"]) == 2 and any(record["rounds"][1].values()))["rounds"]) == 2

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(records(("round-toy",)))
    def check(record):
        scores_as_its_lines(record)
        refusals_agree_with_apply(Table(record))

    check()
