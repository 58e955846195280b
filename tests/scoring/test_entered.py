"""Whether anything has been entered yet is each game's rule (GameRules.anything_entered): before it, level
totals are no tie to explain and no one is "1st"."""

import pytest

import scoring
from scoring import Table, bgg_game, card_commons, cgt, lost_cities

COLOURS = {"Ada": "red", "Bo": "blue", "Cy": "green"}
# An expedition of exactly 20 scores 0: on the table, though both totals are still 0.
TWENTY = tuple(lost_cities.AddCard("Ada", "red", n, 1) for n in (2, 3, 4, 5, 6))
# A round scored where neither Commission matches the Nest Egg: 0 to 0, and a round played.
NOTHING_MATCHES = (
    card_commons.SetNestEgg("2C", 1),
    card_commons.SetCommission("Ada", "3D", 1),
    card_commons.SetCommission("Bo", "4H", 1),
    card_commons.ScoreRound(1),
)


def played(key: str, players: list[str], *actions, choices=None) -> bool:
    table = Table(scoring.new_record(key, players, choices=choices or {}))
    for action in actions:
        table = scoring.apply(table, action)
    parsed = scoring.parse(table.record)
    return parsed.rules.anything_entered(parsed.game)


@pytest.mark.parametrize(
    "key, players, actions, choices, entered",
    [
        ("lost-cities", ["Ada", "Bo"], (), None, False),
        ("lost-cities", ["Ada", "Bo"], (lost_cities.AddCard("Ada", "red", 3, 1),), None, True),
        ("lost-cities", ["Ada", "Bo"], TWENTY, None, True),
        ("card-commons", ["Ada", "Bo"], (), None, False),
        ("card-commons", ["Ada", "Bo"], NOTHING_MATCHES[:3], None, False),  # the round being entered: not scored yet
        ("card-commons", ["Ada", "Bo"], NOTHING_MATCHES, None, True),
        ("cgt", ["Ada", "Bo"], (), None, False),  # the first player's penalty alone: no standing
        ("cgt", ["Ada", "Bo"], (cgt.AdjustMeta(type=5, by=1),), None, True),
        ("bgg-game", ["Ada", "Bo", "Cy"], (), COLOURS, False),  # starting GG alone
        ("bgg-game", ["Ada", "Bo", "Cy"], (bgg_game.UseTrack("Ada"),), COLOURS, False),  # the track carries them over
        ("bgg-game", ["Ada", "Bo", "Cy"], (bgg_game.SetIncome("Ada", 1, 3),), COLOURS, True),
        ("bgg-game", ["Ada", "Bo", "Cy"], (bgg_game.SetIncome("Ada", 1, 3), bgg_game.AdjustSpent("Ada", 1, 3)), COLOURS, True),
        ("bgg-game", ["Ada", "Bo", "Cy"], (bgg_game.SetTiles("Ada", "blue", 1, 1),), COLOURS, True),
    ],
)
def test_anything_entered_is_the_games_rule(key, players, actions, choices, entered):
    assert played(key, players, *actions, choices=choices) is entered


def at_end(key: str, players: list[str], *actions) -> tuple[bool, bool]:
    """(the record's `decided`, the table's end: GameRules.at_end)."""
    table = Table(scoring.new_record(key, players))
    for action in actions:
        table = scoring.apply(table, action)
    parsed = scoring.parse(table.record)
    result = scoring.score(parsed)
    return result.decided, parsed.rules.at_end(parsed.game, result)


RED_3 = lost_cities.AddCard("Ada", "red", 3, 1)
TWO_ROUNDS = (RED_3, scoring.NextRound(), lost_cities.AddCard("Bo", "blue", 4, 2), scoring.NextRound())  # of 3


@pytest.mark.parametrize(
    "key, actions, decided, end",
    [
        ("lost-cities", (RED_3,), False, False),
        # The last planned round exists but holds no card: decided for the record (docs/format.md), not over.
        ("lost-cities", TWO_ROUNDS, True, False),
        ("lost-cities", (*TWO_ROUNDS, lost_cities.AddCard("Bo", "green", 5, 3)), True, True),
        ("cgt", (cgt.AdjustMeta(type=5, by=1),), True, True),  # scored once: the end is the result
    ],
)
def test_the_tables_end_is_every_planned_round_played(key, actions, decided, end):
    assert at_end(key, ["Ada", "Bo"], *actions) == (decided, end)
