"""Sharing a result: the text "Copy result" puts on the clipboard and the PNG "Save image" downloads
(companion/services/share.py, companion/services/scorecard.py: no Flet, no browser)."""

import io
import json
from pathlib import Path

import pytest
from PIL import Image, ImageStat

import scoring
from companion.services import completion, scorecard, share

EXAMPLES = Path(__file__).resolve().parents[2] / "docs" / "examples"


def cgt(collections, meta):
    final = {"meta": meta, "collections": collections}
    return {"format": 1, "game": "cgt", "players": list(collections), "variant": {"first_player_penalty": 0}, "final": final}


def tied_cgt() -> scoring.Result:
    # Ana and Ben both score 6; Ana holds fewer cards, so the tiebreak gives her 1st.
    return scoring.score(cgt({"Ana": {"9": 2}, "Ben": {"8": 3}}, {"9": 3, "8": 2}))


def test_the_text_of_a_broken_tie_names_the_tiebreak():
    result = tied_cgt()
    text = share.result_text(result, "2026-05-01")
    lines = text.splitlines()
    assert lines[0] == f"{scoring.GAMES['cgt'].title} · 2026-05-01"
    assert lines[1] == "Ana wins!"
    assert "1st  Ana  6" in lines and "2nd  Ben  6" in lines
    assert lines.index("1st  Ana  6") < lines.index("2nd  Ben  6")
    assert any("fewer wins" in line for line in lines), text
    assert text.endswith("\n") and "Traceback" not in text


def test_a_draw_without_tiebreak_is_said_as_shared():
    record = {
        "format": 1,
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": 1},
        "rounds": [{"Ana": {"red": {"investments": 0, "cards": [10, 9, 8]}}, "Ben": {"blue": {"investments": 0, "cards": [10, 9, 8]}}}],
    }
    text = share.result_text(scoring.score(record), "2026-05-01", duration="25 min")
    assert "Draw: Ana and Ben share 1st place" in text
    assert "1st  Ana  7" in text and "1st  Ben  7" in text
    assert "no tiebreak" in text
    assert "25 min" in text.splitlines()[0]


def open_png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_the_scorecard_is_a_png_of_the_expected_size_with_something_drawn():
    result = tied_cgt()
    image = open_png(scorecard.scorecard_png(result, "2026-05-01"))
    assert image.format == "PNG"
    assert image.size == (scorecard.WIDTH, scorecard.scorecard_layout(result, "2026-05-01").height)
    assert image.size[0] >= 1000 and 400 <= image.size[1] <= 1400
    grey = image.convert("L")
    low, high = grey.getextrema()
    assert low < 80 and high == 255  # dark ink on white paper
    ink = sum(grey.histogram()[:128])
    assert ink > 0.005 * image.size[0] * image.size[1], "the card is (nearly) blank"
    # Each player's row carries ink (its name and total), the area below the footer none.
    top = scorecard.MARGIN + 150  # under the title and the headline, one line each
    for row in range(2):
        band = grey.crop((0, top + row * scorecard.ROW, image.size[0], top + (row + 1) * scorecard.ROW))
        assert ImageStat.Stat(band).extrema[0][0] < 80


def test_more_players_make_a_taller_card_and_long_or_foreign_names_do_not_break_it():
    names = ["Bartholomew-Maximilian " * 6, "李小龙", "عائشة", "Émile 🎲"]
    record = cgt({n: {"9": i % 2 + 1} for i, n in enumerate(names)}, {"9": 3})
    result = scoring.score(record)
    image = open_png(scorecard.scorecard_png(result, "2026-05-01", duration="1 h 5 min"))
    two = open_png(scorecard.scorecard_png(tied_cgt(), "2026-05-01"))
    assert image.size[0] == two.size[0] == scorecard.WIDTH
    assert image.size[1] > two.size[1]


# --- who wins, who leads (issue 39: a winner before the game ends) ---------------------------------


def card_commons_after(rounds: int) -> dict:
    """The worked example with level totals after 3 regular rounds and after extra round 4; You ahead after round 5."""
    record = json.loads((EXAMPLES / "card-commons-extra-round.json").read_text())["record"]
    return {**record, "rounds": record["rounds"][:rounds]}


def lost_cities(*rounds: dict, of: int = 3) -> dict:
    return {"format": 1, "game": "lost-cities", "players": ["Ana", "Ben"], "variant": {"rounds": of}, "rounds": list(rounds)}


ANA_3 = {"Ana": {"red": {"cards": [4, 9, 10]}}, "Ben": {}}  # Ana 3, Ben 0
LEVEL = {"Ana": {"red": {"cards": [10, 9, 8]}}, "Ben": {"blue": {"cards": [10, 9, 8]}}}  # 7 each
EMPTY = {"Ana": {}, "Ben": {}}


@pytest.mark.parametrize(
    ("record", "sentence", "names"),
    [
        (lost_cities(ANA_3), "Ana leads after round 1 of 3", ("Ana",)),
        (lost_cities(ANA_3, EMPTY), "Ana leads after round 1 of 3", ("Ana",)),  # "Next round" tapped, nothing in it yet
        (lost_cities(ANA_3, LEVEL, EMPTY), "Ana leads after round 2 of 3", ("Ana",)),  # the last round exists: scoring says decided
        (lost_cities(LEVEL, EMPTY), "Ana and Ben are level after round 1 of 3", ("Ana", "Ben")),
        (lost_cities(EMPTY), "No scores yet: the game has just begun", ()),
        (card_commons_after(0), "No scores yet: the game has just begun", ()),
        (card_commons_after(1), "You and Opp are level after round 1 of 4", ("You", "Opp")),
        (card_commons_after(4), "You and Opp are level after round 4 of 4", ("You", "Opp")),  # an extra round follows
        (cgt({"Ana": {"9": 2}, "Ben": {"8": 3}}, {"9": 3, "8": 2}), "Ana leads so far", ("Ana",)),  # scored once: always "decided"
    ],
)
def test_a_game_not_finished_has_a_leader_never_a_winner(record, sentence, names):
    result = scoring.score(record)
    entered = completion.has_content(record[scoring.GAMES[record["game"]].body])
    standing = share.provisional_standing(result, entered, completion.rounds_progress(record))
    assert (standing.sentence, standing.names, standing.final) == (sentence, names, False)
    assert "win" not in standing.sentence
    text = share.result_text(result, "2026-05-01", standing=standing)
    assert text.splitlines()[1] == sentence  # Copy result says the same


def test_several_leaders_lead_together_and_extra_rounds_are_named():
    # A game scored once with two players level at the top after every tiebreak, and a third behind.
    totals = {"Ana": 9, "Ben": 9, "Cy": 4}
    result = scoring.Result("cgt", ("Ana", "Ben", "Cy"), (totals,), lambda: (), totals, (("Ana", "Ben"), ("Cy",)), True)
    assert share.provisional_standing(result, True, None).sentence == "Ana and Ben lead so far"
    assert share.provisional_standing(result, True, (5, 4)).sentence == "Ana and Ben lead after round 5 (an extra round)"


@pytest.mark.parametrize(
    ("record", "sentence"),
    [
        (lost_cities(ANA_3, of=1), "Ana wins!"),
        (lost_cities(LEVEL, of=1), "Draw: Ana and Ben share 1st place"),
        (card_commons_after(5), "You wins!"),
        (lost_cities(ANA_3), "Not finished: no winner"),  # a saved (imported) game that never reached its end
    ],
)
def test_a_finished_game_has_its_winner_in_one_line(record, sentence):
    standing = share.final_standing(scoring.score(record))
    assert standing.sentence == sentence and standing.final


@pytest.mark.parametrize(
    ("record", "progress", "all_in"),
    [
        (lost_cities(ANA_3), (1, 3), False),
        (lost_cities(ANA_3, LEVEL, EMPTY), (2, 3), False),  # decided by scoring, but round 3 is empty: not complete
        (lost_cities(ANA_3, LEVEL, ANA_3), (3, 3), True),
        (lost_cities(ANA_3, of=1), (1, 1), True),
        (card_commons_after(3), (3, 4), False),
        (card_commons_after(4), (4, 4), False),  # level after the regular rounds: an extra round follows
        (card_commons_after(5), (5, 4), True),
        (cgt({"Ana": {"9": 2}, "Ben": {}}, {"9": 3}), None, True),
        (cgt({"Ana": {}, "Ben": {}}, {}), None, False),
    ],
)
def test_how_each_game_knows_every_round_is_in(store, record, progress, all_in):
    assert completion.rounds_progress(record) == progress
    game = store.create(record)
    assert completion.complete(game) is all_in
    assert completion.finished(game) is all_in
    assert completion.finished(game, still_entering=["Ana"]) is False  # a phone still entering: not finished
