"""The BG Stats push link (companion/services/bg_stats.py) decodes to exactly the documented play,
for random records of every game (tests/scoring/strategies.py), with and without location and notes."""

import json
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from companion.services import bg_stats

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scoring"))
from strategies import records

TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30)  # & = ? % # and newlines included
WHEN = st.sampled_from(["2026-11-30T21:05:09+01:00", "2026-12-01T00:30:00", "2026-06-01T23:59:59-07:00", "2026-01-01T00:00:00+00:00"])


def documented(record: dict) -> dict:
    """The play as bg_stats' docstring describes it, worked out independently from the scorer's result."""
    result = scoring.score(record)
    expected: dict = {"sourceName": "Tableside"}
    if "id" in record:
        expected["sourcePlayId"] = record["id"]
    if "played_at" in record:
        day, time = record["played_at"][:10], record["played_at"][11:19]
        offset = record["played_at"][19:]
        if not offset:
            expected["playDate"] = f"{day} {time}"
        else:  # in UTC: the offsets drawn are whole hours
            from datetime import datetime, timedelta

            local = datetime.fromisoformat(f"{day}T{time}")
            sign = 1 if offset[0] == "+" else -1
            expected["playDate"] = (local - sign * timedelta(hours=int(offset[1:3]))).strftime("%Y-%m-%d %H:%M:%S")
    if record.get("location"):
        expected["location"] = record["location"]
    if record.get("notes"):
        expected["comments"] = record["notes"]
    board = bg_stats.variant_text(record)
    if board:
        expected["board"] = board
    rules, variant = scoring.GAMES[record["game"]], record.get("variant") or {}
    bgg_id = rules.bgg_id_of(variant)  # each game's own: tests/transfer/test_lowest_wins.py and test_transfer.py spell them out
    expected["game"] = {
        "name": rules.display_title(variant),
        "sourceGameId": record["game"],
        "highestWins": not rules.lower_wins(variant),
        "noPoints": False,
        **({"bggId": bgg_id} if bgg_id is not None else {}),
    }
    players = []
    for seat, name in enumerate(record["players"]):
        better = sum(1 for other in record["players"] if result.place_of(other) < result.place_of(name))
        players.append(
            {
                "name": name,
                "sourcePlayerId": name,
                "score": result.totals[name],
                "rank": better + 1,  # shared places share the number, the next skips
                "winner": name in result.winners,
                "startPlayer": seat == 0,
            }
        )
    expected["players"] = players
    return expected


def decoded(link: str, scheme: str) -> dict:
    parts = urlsplit(link)
    assert (parts.scheme, parts.netloc, parts.path) == (scheme, "app.bgstatsapp.com", "/createPlay.html")
    assert parts.query.startswith("data=") and "&" not in parts.query and "#" not in link
    assert all(c.isascii() and c.isprintable() and c != " " for c in link)  # safe to hand to any launcher
    return json.loads(unquote(parts.query[len("data=") :]))


@settings(max_examples=60, deadline=None)
@given(records(), st.none() | TEXT, st.none() | TEXT, st.none() | WHEN)
def test_the_link_decodes_to_exactly_the_documented_play(record, location, notes, when):
    for key, value in (("location", location), ("notes", notes), ("played_at", when)):
        if value is not None:
            record[key] = value
    play = bg_stats.bgstats_play(record)
    assert play == documented(record)
    assert decoded(bg_stats.app_link(play), "bgstats") == play
    assert decoded(bg_stats.bgstats_url(play), "https") == play
    assert json.loads(bg_stats.download_text(play)) == play  # the download is the same play


def test_a_lost_cities_play_spelled_out():
    record = {
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": 1},
        "rounds": [{"Ana": {"red": {"cards": [10, 9, 8, 7]}}, "Ben": {}}],
        "id": "g1",
        "played_at": "2026-11-30T21:05:00+01:00",
        "location": "Café Nord",
        "notes": "Ana's comeback",
    }
    link = bg_stats.app_link(bg_stats.bgstats_play(record))
    assert link.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=%7B%22sourceName%22%3A%22Tableside%22")
    assert decoded(link, "bgstats") == {
        "sourceName": "Tableside",
        "sourcePlayId": "g1",
        "playDate": "2026-11-30 20:05:00",
        "location": "Café Nord",
        "comments": "Ana's comeback",
        "board": "short game: 1 round",
        "game": {"name": "Lost Cities", "sourceGameId": "lost-cities", "highestWins": True, "noPoints": False, "bggId": 50},
        "players": [
            {"name": "Ana", "sourcePlayerId": "Ana", "score": 14, "rank": 1, "winner": True, "startPlayer": True},
            {"name": "Ben", "sourcePlayerId": "Ben", "score": 0, "rank": 2, "winner": False, "startPlayer": False},
        ],
    }


def board_of(game: str, variant: dict, players: int = 2) -> str | None:
    names = [f"P{i}" for i in range(players)]
    colours = dict(zip(names, ("red", "blue", "green", "yellow"), strict=False)) if game == "bgg-game" else {}
    record = scoring.new_record(game, names, variant, colours)
    return bg_stats.bgstats_play(record).get("board")


@pytest.mark.parametrize(
    "game, variant, players, board",
    [
        # BG Stats' `board` is the board, map, scenario or variant played: a standard game has none.
        ("lost-cities", {"rounds": 3}, 2, None),
        ("lost-cities", {"rounds": 3, "purple": False}, 2, None),
        ("lost-cities", {"rounds": 1}, 2, "short game: 1 round"),
        ("lost-cities", {"rounds": 3, "purple": True}, 2, "purple expedition"),
        ("lost-cities", {"rounds": 1, "purple": True}, 2, "short game: 1 round, purple expedition"),
        ("cgt", {"first_player_penalty": 2}, 2, None),
        ("cgt", {"first_player_penalty": 0}, 2, "first player penalty 0"),
        ("card-commons", {"peek": False}, 2, None),
        ("card-commons", {"peek": True}, 2, "peek variant"),
        ("bgg-game", {"three_player_sets": "one"}, 3, None),
        ("bgg-game", {"three_player_sets": "every"}, 3, "3 players: every complete set scores"),
        ("bgg-game", {"three_player_sets": "every"}, 4, None),  # the option counts only at 3 players
        ("bgg-card-game", {}, 2, None),
    ],
)
def test_board_names_only_a_departure_from_the_standard_game(game, variant, players, board):
    assert board_of(game, variant, players) == board
