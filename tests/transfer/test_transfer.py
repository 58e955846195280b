"""companion.services.file_formats: export to JSON, CSV and BG Stats, reading import files (pure functions)."""

import csv
import io
import json
from urllib.parse import unquote

import pytest

from companion.data.store import FINISHED, IN_PROGRESS, StoredGame
from companion.services import file_formats

from .records import GAMES, lost_cities_with_duplicated_card, record, records


def stored(game_id: str, status: str = FINISHED) -> StoredGame:
    r = record(game_id)
    return StoredGame(id=r["id"], record=r, status=status, modified_at=r["played_at"])


# -- JSON export ---------------------------------------------------------------------------------


def test_export_json_is_the_records_in_an_envelope_and_reads_back_the_same():
    text = file_formats.export_json([stored(i) for i in GAMES])
    exported = json.loads(text)
    assert exported["format"] == 1
    assert exported["games"] == [{"format": 1, **r} for r in records()]
    assert file_formats.read_import(text, "all.json") == exported["games"]


@pytest.mark.parametrize(
    "games, ids",
    [
        ([], []),
        (["lc1"], ["lc1"]),
        (["cc1", "lc1"], ["cc1", "lc1"]),  # the order given
    ],
)
def test_export_json_keeps_the_order_given(games, ids):
    assert [g["id"] for g in json.loads(file_formats.export_json([stored(i) for i in games]))["games"]] == ids


def test_export_json_leaves_out_games_in_progress_and_accepts_plain_records():
    text = file_formats.export_json([stored("lc1", IN_PROGRESS), stored("cg1"), record("bg1")])
    assert [g["id"] for g in json.loads(text)["games"]] == ["cg1", "bg1"]


@pytest.mark.parametrize("missing", ["id", "played_at"])
def test_export_json_refuses_a_record_without_id_or_date(missing):
    r = record("lc1")
    del r[missing]
    with pytest.raises(ValueError, match=f"no {missing}"):
        file_formats.export_json([r])


# -- CSV export ----------------------------------------------------------------------------------

CSV_ROWS = {
    "lc1": [
        ["2025-03-01", "Lost Cities", "Mia", "-7", "1", "yes", "lc1", "Kitchen", "close one"],
        ["2025-03-01", "Lost Cities", "Noah", "-10", "2", "no", "lc1", "Kitchen", "close one"],
    ],
    "bg1": [
        ["2025-03-03", "The BoardGameGeek Game", "Ana", "50", "1", "yes", "bg1", "", ""],
        ["2025-03-03", "The BoardGameGeek Game", "Ben", "40", "2", "no", "bg1", "", ""],
        ["2025-03-03", "The BoardGameGeek Game", "Cy", "40", "2", "no", "bg1", "", ""],
    ],
    "cgt1": [
        ["2025-03-04", "CGT – Card Game Traders", "Lea", "1", "2", "no", "cgt1", "", ""],
        ["2025-03-04", "CGT – Card Game Traders", "Max", "1", "1", "yes", "cgt1", "", ""],
    ],
    "cc1": [
        ["2025-03-05", "Card Commons", "You", "6", "1", "yes", "cc1", "", ""],
        ["2025-03-05", "Card Commons", "Opp", "4", "2", "no", "cc1", "", ""],
    ],
    "cg1": [
        ["2025-03-02", "BoardGameGeek: The Card Game", "Ana", "16", "1", "yes", "cg1", "", ""],
        ["2025-03-02", "BoardGameGeek: The Card Game", "Ben", "9", "2", "no", "cg1", "", ""],
    ],
}


@pytest.mark.parametrize("game_id", list(CSV_ROWS))
def test_export_csv_one_row_per_player_in_seat_order(game_id):
    rows = list(csv.reader(io.StringIO(file_formats.export_csv([stored(game_id)]))))
    assert rows[0] == ["date", "game", "player", "score", "place", "winner", "id", "location", "notes"]
    assert rows[1:] == CSV_ROWS[game_id]


def test_export_csv_rows_agree_with_the_worked_scores():
    rows = list(csv.DictReader(io.StringIO(file_formats.export_csv([stored(i) for i in GAMES]))))
    assert len(rows) == sum(len(r["players"]) for r in records())
    for row in rows:
        score, place, winner = GAMES[row["id"]][1][row["player"]]
        assert (int(row["score"]), int(row["place"]), row["winner"]) == (score, place, "yes" if winner else "no")


def test_export_csv_quotes_names_with_commas_and_quotes():
    r = record("lc1", players=['Mia, "the" Great', "Noah"])
    r["rounds"][0] = {'Mia, "the" Great': r["rounds"][0]["Mia"], "Noah": r["rounds"][0]["Noah"]}
    text = file_formats.export_csv([r])
    assert '"Mia, ""the"" Great"' in text
    assert list(csv.reader(io.StringIO(text)))[1][2] == 'Mia, "the" Great'


# -- BG Stats ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game_id, name, bgg_id, play_date, board",
    [
        ("lc1", "Lost Cities", 50, "2025-03-01 19:00:00", "short game: 1 round"),  # +01:00 written in UTC
        ("cg1", "BoardGameGeek: The Card Game", None, "2025-03-02 19:30:00", None),
        ("bg1", "The BoardGameGeek Game", None, "2025-03-03 18:00:00", None),
        ("cgt1", "CGT – Card Game Traders", None, "2025-03-04 21:00:00", "first player penalty 1"),
        ("cc1", "Card Commons", None, "2025-03-05 17:00:00", None),
    ],
)
def test_bgstats_play_game_and_date(game_id, name, bgg_id, play_date, board):
    play = file_formats.bgstats_play(stored(game_id))
    assert play["sourceName"] == "Tableside" and play["sourcePlayId"] == game_id
    assert play["playDate"] == play_date
    expected_game = {"name": name, "sourceGameId": GAMES[game_id][0]["game"], "highestWins": True, "noPoints": False}
    if bgg_id is not None:
        expected_game["bggId"] = bgg_id
    assert play["game"] == expected_game
    assert play.get("board") == board


@pytest.mark.parametrize("game_id", list(GAMES))
def test_bgstats_play_players_in_seat_order_with_scores_ranks_and_winners(game_id):
    r, expected = GAMES[game_id]
    players = file_formats.bgstats_play(record(game_id))["players"]
    assert [p["name"] for p in players] == r["players"]
    for seat, p in enumerate(players):
        score, place, winner = expected[p["name"]]
        assert p == {
            "name": p["name"],
            "sourcePlayerId": p["name"],
            "score": score,
            "rank": place,
            "winner": winner,
            "startPlayer": seat == 0,
        }


@pytest.mark.parametrize(
    "changes, location, comments",
    [
        ({}, "Kitchen", "close one"),
        ({"location": "", "notes": ""}, None, None),
    ],
)
def test_bgstats_play_location_and_comments_from_the_record(changes, location, comments):
    play = file_formats.bgstats_play(record("lc1", **changes))
    assert play.get("location") == location and play.get("comments") == comments


def test_bgstats_play_without_offset_keeps_the_time_and_leaves_out_duration():
    play = file_formats.bgstats_play(record("cg1", played_at="2025-03-02T19:30:00"))
    assert play["playDate"] == "2025-03-02 19:30:00"
    assert "durationMin" not in play


def test_bgstats_url_carries_the_play_url_encoded():
    play = file_formats.bgstats_play(record("lc1"))
    url = file_formats.bgstats_url(play)
    prefix = "https://app.bgstatsapp.com/createPlay.html?data="
    assert url.startswith(prefix)
    assert " " not in url and "{" not in url
    assert json.loads(unquote(url[len(prefix) :])) == play


# -- reading import files ------------------------------------------------------------------------

LC, CG = record("lc1"), record("cg1")


@pytest.mark.parametrize(
    "data, expected",
    [
        (json.dumps(LC), [LC]),  # one record
        (json.dumps([LC, CG]), [LC, CG]),  # a list of records
        (json.dumps({"format": 1, "games": [LC, CG]}), [LC, CG]),  # an export
        (json.dumps({"games": [CG]}), [CG]),  # an export without its format
        (json.dumps([]), []),  # nothing
        (json.dumps({"format": 1, "games": []}), []),
        ("\ufeff" + json.dumps(LC), [LC]),  # a byte order mark
        (json.dumps([LC]).encode("utf-8"), [LC]),  # bytes
        (b"\xef\xbb\xbf" + json.dumps([LC]).encode("utf-8"), [LC]),
    ],
)
def test_read_import_accepts(data, expected):
    assert file_formats.read_import(data, "in.json") == expected


BAD_RECORD = record("cg1", id="abc")
BAD_RECORD["final"]["Ben"]["played"][0]["cards"] = 11
UNFINISHED = record("lc1", id="half", variant={"rounds": 3})


@pytest.mark.parametrize(
    "data, message",
    [
        ("", "games.json: not JSON (Expecting value at line 1, column 1)"),
        ('{"game": ', "games.json: not JSON (Expecting value at line 1, column 10)"),
        (b"\xff\xfe{}", "games.json: not a text file (expected JSON in UTF-8)"),
        ("42", 'games.json: expected a game record, a list of records, or an export {"format": 1, "games": [...]}'),
        ('{"players": []}', "games.json: expected a game record, a list of records, or an export"),
        (json.dumps({"format": 2, "games": []}), "games.json: export format 2 is not supported"),
        (json.dumps({"format": 1, "games": {}}), 'games.json: "games" must be a list of records'),
        (json.dumps({"format": 1, "games": [], "extra": 1}), "games.json: unknown field 'extra' in an export"),
        (json.dumps([LC, "text"]), "games.json: record 2: record: expected an object, found text"),
        (
            json.dumps([LC, CG, lost_cities_with_duplicated_card("abc")]),
            "games.json: record 3 (id abc): round 1 › Noah › red: 9 is also on Mia's tableau",
        ),
        (
            json.dumps({"format": 1, "games": [BAD_RECORD]}),
            "games.json: record 1 (id abc): final › Ben › played 1 › cards: 11 is outside 2..10",
        ),
        (json.dumps([{k: v for k, v in LC.items() if k != "id"}, dict(CG, game="chess")]), "games.json: record 2 (id cg1): game"),
        (json.dumps([UNFINISHED]), "games.json: record 1 (id half): the game is not finished"),
        (
            json.dumps([LC])[:-2] + ', "game": "cgt"}]',
            "games.json: item 1: 'game' is given twice; the second would silently replace the first",
        ),
        ('[{"format": Infinity}]', "games.json: not JSON (Infinity is not a number JSON allows)"),
    ],
)
def test_read_import_refuses_naming_file_record_and_field(data, message):
    with pytest.raises(file_formats.ImportFileError) as caught:
        file_formats.read_import(data, "games.json")
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "ids, known, expected",
    [
        ([], set(), 0),
        (["a", "b"], set(), 0),
        (["a", "b"], {"b"}, 1),
        (["a", None, None], {"a"}, 1),  # records without an id are always new
    ],
)
def test_already_present(ids, known, expected):
    recs = [{} if i is None else {"id": i} for i in ids]
    assert file_formats.already_present(recs, known.__contains__) == expected
