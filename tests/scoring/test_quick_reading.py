"""The quick reading of the usual entry and the careful reading agree.

For speed (rescoring runs on every tap) the BGG Game's tiles and ledger rounds, the BGG Card Game's
groups and Card Commons' sides are first checked inline, in bulk; anything unusual falls back to the
careful reader, which names the fault. These tables pin the edges between the two: entries the quick
reading leaves to the careful one are still accepted when valid, and refused, with their place,
when not (never a crash).
"""

from __future__ import annotations

import copy
from collections import OrderedDict

import pytest
from scoring_support import assert_invalid

import scoring


def bgg_game(ledger=None, tiles=None):
    ada = {"colour": "red", "ledger": ledger if ledger is not None else [{"income": 5, "spent": 1}]}
    if tiles is not None:
        ada["tiles"] = tiles
    return {
        "format": 1,
        "game": "bgg-game",
        "players": ["Ada", "Bo", "Cy"],
        "final": {
            "Ada": ada,
            "Bo": {"colour": "blue", "gg": 30, "tiles": [{"colour": "red", "number": 2}]},
            "Cy": {"colour": "green", "gg": 20, "tiles": []},
        },
    }


@pytest.mark.parametrize(
    "written, meaning",
    [
        ([{"income": 5}], [{"income": 5, "spent": 0}]),
        ([{"spent": 2}], [{"income": 0, "spent": 2}]),
        ([{}], [{"income": 0, "spent": 0}]),
        ([{"income": 3, "spent": 1}, {"income": 4}], [{"income": 3, "spent": 1}, {"income": 4, "spent": 0}]),
    ],
    ids=["income-only", "spent-only", "empty-round", "mixed"],
)
def test_ledger_fields_left_out_count_as_zero(written, meaning):
    assert scoring.score(bgg_game(ledger=written)).totals == scoring.score(bgg_game(ledger=meaning)).totals


@pytest.mark.parametrize(
    "ledger, where",
    [
        ([{"income": 5, "spent": 1, "bonus": 2}], ("final", "Ada", "ledger", "round 1", "bonus")),
        ([{"income": 5, "spent": True}], ("final", "Ada", "ledger", "round 1", "spent")),
        ([{"income": -1, "spent": 0}], ("final", "Ada", "ledger", "round 1", "income")),
        ([{"income": 5, "spent": 0}, ["income", 5]], ("final", "Ada", "ledger", "round 2")),
        ([{"income": 5.0, "spent": 0}], ("final", "Ada", "ledger", "round 1", "income")),
    ],
    ids=["unknown-field", "spent-true", "negative", "round-not-an-object", "decimal"],
)
def test_unusual_ledger_rounds_are_refused_with_their_place(ledger, where):
    assert_invalid(bgg_game(ledger=ledger), *where)


@pytest.mark.parametrize(
    "tiles, where",
    [
        ([{"colour": "blue", "number": 1}, {"number": 1}], ("final", "Ada", "tile 2", "colour")),
        ([{"colour": "blue", "colour2": "green"}], ("final", "Ada", "tile 1")),
        ([{"colour": "blue", "number": True}], ("final", "Ada", "tile 1", "number")),
        ([{"colour": ["blue"], "number": 1}], ("final", "Ada", "tile 1", "colour")),
        ([{"colour": "red", "number": 1}], ("final", "Ada", "tile 1", "own colour")),
        ([{"colour": "blue", "number": 1}, "blue 1"], ("final", "Ada", "tile 2")),
    ],
    ids=["missing-colour", "unknown-field", "number-true", "colour-a-list", "own-colour", "tile-as-text"],
)
def test_unusual_tiles_are_refused_with_their_place(tiles, where):
    assert_invalid(bgg_game(tiles=tiles), *where)


def test_tiles_read_carefully_count_towards_the_supply():
    # Tiles in a dict subclass (as a Python caller may pass) fall to the careful reading, which must
    # count them into the supply like the quick reading does: 3 blue 4s with Ada and one with Cy is 4.
    tiles = [OrderedDict(colour="blue", number=4) for _ in range(3)]
    record = bgg_game(tiles=tiles)
    record["final"]["Cy"]["tiles"] = [{"colour": "blue", "number": 4}]
    assert_invalid(record, "final", "4 blue 4 tiles")
    record["final"]["Cy"]["tiles"] = [{"colour": "blue", "number": 5}]
    assert scoring.score(record).totals["Ada"] == 10 + 5 - 1 + 3 * 4


def test_tiles_counted_twice_do_not_refuse_a_valid_record():
    # The quick reading counts tiles as it goes; when a later tile sends it to the careful reading,
    # that counts them all again (5 blue 4s counted): the exact count before refusing finds 3.
    tiles = [{"colour": "blue", "number": 4}] * 2 + [OrderedDict(colour="blue", number=4)]
    assert scoring.score(bgg_game(tiles=tiles)).totals["Ada"] == 10 + 5 - 1 + 3 * 4


def card_commons(side):
    return {
        "format": 1,
        "game": "card-commons",
        "players": ["You", "Opp"],
        "rounds": [{"nest_egg": "2C", "commissions": {"You": "3C", "Opp": "4D"}, "sides": {"You": side, "Opp": ["5S"]}}],
    }


@pytest.mark.parametrize(
    "side, where",
    [
        (["2D", ["3D"]], ("round 1", "sides", "You")),
        (["2D", 3], ("round 1", "sides", "You")),
        (["2D", "9D"], ("round 1", "sides", "You", "9D")),
    ],
    ids=["card-a-list", "card-a-number", "unknown-card"],
)
def test_unusual_sides_are_refused_with_their_place(side, where):
    assert_invalid(card_commons(side), *where)


def bgg_card_game(played=None, collections=None):
    dan = {"played": played or [], "collections": collections or []}
    return {
        "format": 1,
        "game": "bgg-card-game",
        "players": ["Dan", "Aldie"],
        "final": {"Dan": dan, "Aldie": {"played": [], "collections": []}},
    }


@pytest.mark.parametrize(
    "collections, where",
    [
        ([{"subdomains": ["war", ["party"]]}], ("final", "Dan", "collection 1", "subdomains")),
        ([{"subdomains": ["war", "party"], "rare_gems": [{"war": 1}]}], ("final", "Dan", "collection 1", "rare_gems")),
        ([{"subdomains": ["war", "party"], "rare_gems": "war"}], ("final", "Dan", "collection 1", "rare_gems")),
    ],
    ids=["subdomain-a-list", "gem-an-object", "gems-as-text"],
)
def test_unusual_collections_are_refused_with_their_place(collections, where):
    assert_invalid(bgg_card_game(collections=collections), *where)


def test_popular_false_written_out_is_the_same_as_left_out():
    written = bgg_card_game(played=[{"subdomain": "war", "cards": 4, "popular": False}])
    left_out = bgg_card_game(played=[{"subdomain": "war", "cards": 4}])
    assert scoring.score(written).totals == scoring.score(left_out).totals == {"Dan": 16, "Aldie": 0}


def test_the_record_is_not_changed_by_scoring():
    record = bgg_game(ledger=[{"income": 5}], tiles=[{"colour": "blue", "number": 3}])
    before = copy.deepcopy(record)
    scoring.score(record)
    assert record == before
