"""Sharing a result: the text "Copy result" puts on the clipboard and the PNG "Save image" downloads
(companion/services/share.py, companion/services/scorecard.py: no Flet, no browser)."""

import io

from PIL import Image, ImageStat

import scoring
from companion.services import scorecard, share


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
    assert "Draw: Ana, Ben share 1st place" in text
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
