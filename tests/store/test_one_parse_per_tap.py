"""A tap validates the whole record once (issue 22): the game's apply parses the new record, and the
store and the live game reuse that parse instead of parsing it again. Counted with a profiler hook,
so every way of reaching a parser counts (a module function, GameRules.parse, the envelope)."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

import scoring
from companion.data.store import GameStore
from companion.services.live import GameHub
from scoring import Action, Table, lost_cities
from scoring.record import parse_record

PLAYERS = ["Ana", "Ben"]


@contextmanager
def parses() -> Iterator[Counter[str]]:
    """Counts the calls of the envelope's parser and of every game's body parser while inside."""
    watched = {parse_record.__code__: "record"} | {rules.parse.__code__: rules.key for rules in scoring.GAMES.values()}
    counted: Counter[str] = Counter()

    def hook(frame, event, arg):
        if event == "call" and frame.f_code in watched:
            counted[watched[frame.f_code]] += 1

    sys.setprofile(hook)
    try:
        yield counted
    finally:
        sys.setprofile(None)


@pytest.fixture
def hub(tmp_path):
    store = GameStore(tmp_path / "data")
    yield GameHub(store)
    store.close()


def players(game: str) -> list[str]:
    return PLAYERS + ["Cy"] * (scoring.GAMES[game].min_players > 2)


def first_tap(record: dict) -> Action:
    """The first of the game's moves (GameRules.moves) its rules take on `record`: a tap that changes the table."""
    rules, table = scoring.GAMES[record["game"]], Table(record)
    for action in rules.moves(table):
        try:
            rules.apply(table, action)
        except scoring.RecordError:
            continue
        return action
    raise AssertionError(f"no move of {rules.title} changes a new game")


@pytest.mark.parametrize("game", sorted(scoring.GAMES))
def test_a_tap_parses_the_record_once(hub, game):
    stored = hub.store.create(scoring.new_record(game, players(game)))
    live = hub.open(stored.id)
    assert live is not None
    tap = first_tap(stored.record)
    with parses() as counted:
        done = live.act(tap, who="tablet")
    assert done.changed, done.message
    assert counted == Counter({"record": 1, game: 1})
    assert hub.store.get(stored.id).record == live.record  # and it was saved


@pytest.mark.parametrize("game", sorted(scoring.GAMES))
def test_a_tap_on_a_saved_game_being_edited_parses_it_once(hub, game):
    stored = hub.store.create(scoring.new_record(game, players(game)))
    hub.store.finish(stored.id)
    live = hub.open(stored.id)
    assert live is not None and live.status == "editing"
    tap = first_tap(stored.record)
    with parses() as counted:
        done = live.act(tap, who="tablet")
    assert done.changed, done.message
    assert counted == Counter({"record": 1, game: 1})
    assert hub.store.editing(stored.id).record == live.record


def test_a_refused_tap_changes_nothing_saved(hub):
    stored = hub.store.create(scoring.new_record("lost-cities", PLAYERS))
    live = hub.open(stored.id)
    assert live is not None
    live.act(lost_cities.AddCard("Ben", "red", 7, 1), who="tablet")
    before = hub.store.get(stored.id)
    refused = live.act(lost_cities.AddCard("Ana", "red", 7, 1), who="phone")
    assert not refused.changed and "on Ben's tableau" in refused.message
    assert hub.store.get(stored.id) == before
