"""Finished games of every game, with the scores worked by hand, for the transfer tests: a game of each of the
five with its figures worked here, and a worked example (docs/examples) of every other game the rules know, so that
a new game is exported, imported and sent to BG Stats without a line here."""

import copy

import scoring
from tests import every_game

Expected = dict[str, tuple[int, int, bool]]  # player → (score, place, winner)

# id → (record, {player: (score, place, winner)})
GAMES: dict[str, tuple[dict, Expected]] = {
    "lc1": (
        {
            "game": "lost-cities",
            "players": ["Mia", "Noah"],
            "variant": {"rounds": 1},
            "rounds": [{"Mia": {"red": {"cards": [4, 9]}}, "Noah": {"blue": {"cards": [10]}}}],
            "id": "lc1",
            "played_at": "2025-03-01T20:00:00+01:00",
            "location": "Kitchen",
            "notes": "close one",
        },
        # Mia (4+9−20) = −7, Noah (10−20) = −10
        {"Mia": (-7, 1, True), "Noah": (-10, 2, False)},
    ),
    "cg1": (
        {
            "game": "bgg-card-game",
            "players": ["Ana", "Ben"],
            "final": {"Ana": {"played": [{"subdomain": "thematic", "cards": 4}]}, "Ben": {"played": [{"subdomain": "war", "cards": 3}]}},
            "id": "cg1",
            "played_at": "2025-03-02T19:30:00+00:00",
        },
        # 4² = 16, 3² = 9
        {"Ana": (16, 1, True), "Ben": (9, 2, False)},
    ),
    "bg1": (
        {
            "game": "bgg-game",
            "players": ["Ana", "Ben", "Cy"],
            "final": {"Ana": {"colour": "red", "gg": 50}, "Ben": {"colour": "blue", "gg": 40}, "Cy": {"colour": "green", "gg": 40}},
            "id": "bg1",
            "played_at": "2025-03-03T18:00:00+00:00",
        },
        # no tiles: totals are the GG; Ben and Cy tie on every tiebreak and share 2nd
        {"Ana": (50, 1, True), "Ben": (40, 2, False), "Cy": (40, 2, False)},
    ),
    "cgt1": (
        {
            "game": "cgt",
            "players": ["Lea", "Max"],
            "variant": {"first_player_penalty": 1},
            "final": {"meta": {"5": 1}, "collections": {"Lea": {"5": 2}, "Max": {"5": 1}}},
            "id": "cgt1",
            "played_at": "2025-03-04T21:00:00+00:00",
        },
        # type 5 is worth 1: Lea 2 − 1 (first player) = 1, Max 1; Max has fewer cards and wins
        {"Max": (1, 1, True), "Lea": (1, 2, False)},
    ),
    "cc1": (
        {
            "game": "card-commons",
            "players": ["You", "Opp"],
            "rounds": [
                {"nest_egg": "2C", "commissions": {"You": "3D", "Opp": "4H"}, "sides": {"You": ["5D"], "Opp": ["5H"]}},
                {"nest_egg": "2C", "commissions": {"You": "3D", "Opp": "4H"}, "sides": {"You": ["5D"], "Opp": ["5H"]}},
                {"nest_egg": "3H", "commissions": {"You": "3D", "Opp": "4H"}, "sides": {"You": ["5D", "2D"], "Opp": ["5H", "2H"]}},
                {"nest_egg": "2C", "commissions": {"You": "3D", "Opp": "4H"}, "sides": {"You": ["5D"], "Opp": ["5H"]}},
                {
                    "nest_egg": "QH",
                    "replacement": "2S",
                    "commissions": {"You": "2D", "Opp": "3C"},
                    "sides": {"You": ["4D", "5H"], "Opp": ["4C", "5S", "KS"]},
                },
            ],
            "id": "cc1",
            "played_at": "2025-03-05T17:00:00+00:00",
        },
        # the shared example card-commons-extra-round: level after four rounds, You win the extra round
        {"You": (6, 1, True), "Opp": (4, 2, False)},
    ),
}


def worked_example(game: str, day: int) -> tuple[dict, Expected]:
    """A finished worked example of `game` as a saved game (an id and a date), and what its answer says of each player."""
    name = every_game.example_of(game, decided=True)
    expect = every_game.examples(game)[name]["expect"]
    places = {
        player: 1 + sum(len(group) for group in expect["ranking"][:i]) for i, group in enumerate(expect["ranking"]) for player in group
    }
    r = every_game.record(name, id=f"{game}-1", played_at=f"2025-02-{day:02d}T20:00:00+00:00")
    return r, {p: (expect["totals"][p], places[p], p in expect["winners"]) for p in r["players"]}


OTHER_GAMES = [rules.key for rules in scoring.ALL_RULES if rules.key not in {r["game"] for r, _ in GAMES.values()}]
# Played in February, before the five: their ids in play order.
EXAMPLE_IDS = [f"{game}-1" for game in OTHER_GAMES]
GAMES |= {game_id: worked_example(game, day) for day, (game, game_id) in enumerate(zip(OTHER_GAMES, EXAMPLE_IDS), start=1)}


def record(game_id: str, **changes) -> dict:
    r = copy.deepcopy(GAMES[game_id][0])
    r.update(changes)
    return r


def records() -> list[dict]:
    return [record(i) for i in GAMES]


def lost_cities_with_duplicated_card(game_id: str = "bad1") -> dict:
    """Noah's red 9 is also on Mia's tableau."""
    r = record("lc1", id=game_id)
    r["rounds"][0]["Noah"]["red"] = {"cards": [9]}
    return r
