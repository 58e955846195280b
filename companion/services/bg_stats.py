"""A game as a BG Stats play: the payload, its push link and its download. Pure: no Flet, no TinyDB.

BG Stats (Board Game Stats, bgstatsapp.com) takes plays from other apps, as documented at
https://www.bgstatsapp.com/support/push-plays-to-bg-stats-from-other-apps-or-websites/ —
opening `bgstats://app.bgstatsapp.com/createPlay.html?data=<url-encoded JSON>` (the app's own
scheme: a phone with BG Stats opens it directly) or the `https://app.bgstatsapp.com/createPlay.html?data=…`
form (a web page that hands the play on, or shows it where the app is missing) shows the import
dialog, which matches the game by BGG id or name and the players by name. `app_link` and
`bgstats_url` build the two links; `download_text` is the same play as a JSON file (the
"Export for BG Stats" download and `python -m companion export --format bgstats`). All three
are built from one `bgstats_play`, so they never disagree.

The fields we fill:

- `sourceName` "Tableside", `sourcePlayId` the game's id (so a second push is recognisable);
- `playDate`: `played_at` in UTC as `YYYY-MM-DD HH:MM:SS` (the page's example format; a
  `played_at` without an offset is written as it is);
- `durationMin`: the game clock's time played, breaks left out (a record without a clock: the minutes
  from its start to when it was first saved as finished; companion/services/durations.py); left out
  where that is unknown (a plain record, an imported game without a clock, a game not yet saved, more
  than 12 hours);
- `location` and `comments` from the record's `location` and `notes`, when not empty;
- `board`: BG Stats' field for the board, map, scenario or variant a play used (its statistics split a
  game's plays by it), so it names only a departure from the game's standard setup, in the words
  Setup says it with (each game's `option_words`, scoring/): "purple expedition", "short game: 1 round"
  (Lost Cities is played over 3), "peek variant", "first player penalty 1", "3 players: every complete
  set scores" (a 3-player BoardGameGeek Game). A game played as standard
  leaves it out: "rounds 3" is no board, and a field that differs only by a default would split the
  same game's statistics in two;
- `game`: `name` (the game's name as the record says it: a score pad's title, "Hearts"), `sourceGameId`
  (the FORMAT.md key, e.g. `lost-cities`), `highestWins` as the rules rank the record (false for 6 nimmt!
  and a score pad where the lower total wins), `noPoints` false, and `bggId` only where we could verify it
  (the rules' `bgg_id_of`): Lost Cities is 50 (boardgamegeek.com/boardgame/50/lost-cities), 6 nimmt! 432,
  a score pad the id its players gave. We know no reliable BoardGameGeek id for BoardGameGeek: The Card
  Game, The BoardGameGeek Game, CGT – Card Game Traders or Card Commons, so they carry none and BG Stats
  matches them by name;
- `players`, in seat order: `name`, `sourcePlayerId` (the name: Tableside's players are their
  names), `score` (the total), `rank` (the place as the rules give it, the lowest total first where it
  wins: players who share a place share the number, the next skips: 1, 1, 3), `winner` (the rules' winners;
  always present: a published integration reports BG Stats on Android failing when it is missing),
  `startPlayer` (the first seat, who starts in Tableside).

Not filled: `role`, `team`, `color`, a seat-order field (the page's example has none; the list is
in seat order).

A QR code of the whole link is too dense for a phone camera (a 2-player game's link is about 730
characters: 93 modules across). "Other ways" shows a QR of a short link to this server instead
(companion/server/play_links.py), which sends the phone on to the https link. Where phones cannot
reach this server, the QR holds `qr_url`: the link to `qr_play`, the play without what BG Stats can
do without (`comments`, `sourcePlayerId`, a `startPlayer` that is false, a `rank` the scores already
give), with `:` and `,` left unescaped (RFC 3986 allows them in a query); the web link and the file
keep everything.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

import scoring
from companion.services import durations

SOURCE_NAME = "Tableside"
BGSTATS_URL = "https://app.bgstatsapp.com/createPlay.html"
APP_URL = "bgstats://app.bgstatsapp.com/createPlay.html"


def _record(game: Any) -> dict:
    """A stored game (anything with `.record`) or a record itself."""
    return game.record if hasattr(game, "record") else game


def play_date(played_at: str) -> str:
    when = datetime.fromisoformat(played_at)
    if when.tzinfo is not None:
        when = when.astimezone(UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S")


def variant_text(record: dict) -> str:
    """`board`: the record's departures from its game's standard setup in words, e.g. "short game: 1 round,
    purple expedition" (each game's `option_words`); "" for a game played as standard."""
    rules = scoring.GAMES[record["game"]]
    return ", ".join(rules.variant_words(record.get("variant") or {}, len(record.get("players", ()))))


def bgstats_play(game: Any) -> dict:
    """A game (stored, or a plain record) as a BG Stats play (see the module docstring for the fields)."""
    record = _record(game)
    result = scoring.score(record)
    key = record["game"]
    rules, variant = scoring.GAMES[key], record.get("variant") or {}
    game_info: dict[str, Any] = {
        "name": rules.display_title(variant),
        "sourceGameId": key,
        "highestWins": not result.lower_wins,
        "noPoints": False,
    }
    bgg_id = rules.bgg_id_of(variant)
    if bgg_id is not None:
        game_info["bggId"] = bgg_id
    play: dict[str, Any] = {"sourceName": SOURCE_NAME}
    if "id" in record:
        play["sourcePlayId"] = record["id"]
    if "played_at" in record:
        play["playDate"] = play_date(record["played_at"])
    took = durations.minutes(game)  # its clock's time played (or, an older game, start to finish)
    if took is not None:
        play["durationMin"] = took
    if record.get("location"):
        play["location"] = record["location"]
    if record.get("notes"):
        play["comments"] = record["notes"]
    board = variant_text(record)
    if board:
        play["board"] = board
    play["game"] = game_info
    play["players"] = [
        {
            "name": player,
            "sourcePlayerId": player,
            "score": result.totals[player],
            "rank": result.place_of(player),
            "winner": player in result.winners,
            "startPlayer": seat == 0,
        }
        for seat, player in enumerate(record["players"])
    ]
    return play


def _data(play: dict) -> str:
    # Compact and unescaped (é stays é before percent-encoding): the shortest link a phone must open.
    return quote(json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")


def bgstats_url(play: dict) -> str:
    """The https link that hands a play to BG Stats (its web page passes it to the app, or shows it)."""
    return f"{BGSTATS_URL}?data={_data(play)}"


def qr_play(play: dict) -> dict:
    """The play with only what BG Stats needs to record it (see the module docstring)."""
    short = {key: value for key, value in play.items() if key != "comments"}
    players = play["players"]
    sign = 1 if play["game"]["highestWins"] else -1  # the better score: the higher one, or the lower one
    by_scores = [1 + sum(sign * other["score"] > sign * p["score"] for other in players) for p in players]
    keep_rank = [p["rank"] for p in players] != by_scores  # a tie the game broke: the scores alone would share the place
    short["players"] = [
        {
            "name": p["name"],
            "score": p["score"],
            **({"rank": p["rank"]} if keep_rank else {}),
            "winner": p["winner"],
            **({"startPlayer": True} if p["startPlayer"] else {}),
        }
        for p in players
    ]
    return short


def qr_url(play: dict) -> str:
    """The https link to `qr_play(play)`, as short as it can be: what a QR holds where no short link reaches."""
    data = quote(json.dumps(qr_play(play), ensure_ascii=False, separators=(",", ":")), safe=":,")
    return f"{BGSTATS_URL}?data={data}"


def app_link(play: dict) -> str:
    """The bgstats:// link: opens BG Stats' import dialog at once on a phone where it is installed."""
    return f"{APP_URL}?data={_data(play)}"


def download_text(play: dict) -> str:
    """The play as a JSON file to download (readable: indented)."""
    return json.dumps(play, ensure_ascii=False, indent=1) + "\n"
