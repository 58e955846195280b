"""The PNG cards hold every player's score, however many players and however long their names: lines
are wrapped at a separator or a word, never cut with "…", never past the card's edge, and the card grows
(companion/services/card_layout.py, evening_card.py, scorecard.py; no Flet, no browser)."""

import io

import pytest
from PIL import Image

import scoring
from companion.services import card_layout, evening_card, evenings, scorecard
from companion.services.card_layout import MARGIN, WIDTH, text_width, wrap
from scoring.bgg_card_game import SUBDOMAINS

from .game_nights import finished

LONG_NAMES = [
    "Ana Maria de los Santos Ferreira",
    "Bartholomew-Maximilian von Hohenzollern",
    "Dee",
    "Christophe-Emmanuel Lefebvre-Dubois",
    "Ekaterina Aleksandrovna Voskresenskaya",
    "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegeundsorgfaltigkeit",
]


def squashed(text: str) -> str:
    """`text` without its spaces: a line broken inside a word joins again however the break fell."""
    return "".join(text.split())


def within_the_card(card: card_layout.Card) -> None:
    for p in card.placed:
        width = text_width(p.text, p.size)
        left, right = (p.x - width, p.x) if p.anchor == "ra" else (p.x, p.x + width)
        assert left >= MARGIN - 1 and right <= WIDTH - MARGIN + 1, p
        assert "…" not in p.text, p
        assert p.y < card.height - MARGIN, p


def png_size(data: bytes) -> tuple[int, int]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    return image.size


def night_of(players: int) -> evenings.Evening:
    names = LONG_NAMES[:players]
    totals = {name: 105 - 16 * i for i, name in enumerate(names)}
    return evenings.Evening((finished("g1", "2026-03-02T19:00:00", totals), finished("g2", "2026-03-02T20:00:00", totals, game="cgt")))


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_evening_card_holds_every_players_score_in_each_game(players):
    night = night_of(players)
    card = evening_card.evening_layout(night)
    text = squashed(" ".join(card.lines))
    for game in night.games:
        for name, total in game.scored["totals"].items():
            assert squashed(f"{name} {total}") in text, name
    for s in evenings.standings(night):  # the standings: every name and its figures, whole
        assert squashed(s.player) in text and squashed(evenings.standing_line(s)[2]) in text
    within_the_card(card)
    assert png_size(evening_card.evening_png(night)) == (WIDTH, card.height)


def test_the_issues_four_player_line_is_wrapped_not_cut():
    totals = {"Ana": 105, "Ben": 89, "Dee Dee Ramone-Whitfield": 70, "Christophe-Emmanuel Lefebvre": 64}
    night = evenings.Evening((finished("g1", "2026-03-02T19:00:00", totals),))
    card = evening_card.evening_layout(night)
    game_lines = card.lines[card.lines.index("Games") + 1 : card.lines.index("Standings")]
    assert len(game_lines) > 1  # too long for one line at 30 px
    assert " ".join(game_lines) == evenings.game_line(night.games[0])  # broken after " · ": nothing lost, nothing added
    assert all(line.endswith(" ·") for line in game_lines[:-1])  # each line ends at a separator
    within_the_card(card)


def test_more_players_make_a_taller_evening_card():
    heights = [png_size(evening_card.evening_png(night_of(n)))[1] for n in range(2, 7)]
    assert heights == sorted(heights) and len(set(heights)) == len(heights), heights


def card_game_result(names: list[str]) -> scoring.Result:
    """BoardGameGeek: The Card Game (2 to 6 players): each plays one group of a subdomain."""
    final = {n: {"played": [{"subdomain": SUBDOMAINS[i], "cards": i + 2}], "collections": []} for i, n in enumerate(names)}
    return scoring.score({"format": 1, "game": "bgg-card-game", "players": names, "final": final})


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_scorecard_holds_every_players_name_and_total(players):
    result = card_game_result(LONG_NAMES[:players])
    card = scorecard.scorecard_layout(result, "2026-05-01", duration="1 h 5 min")
    text = squashed(" ".join(card.lines))
    for name in result.players:
        assert squashed(name) in text
        assert str(result.totals[name]) in card.lines
    within_the_card(card)
    assert png_size(scorecard.scorecard_png(result, "2026-05-01", duration="1 h 5 min")) == (WIDTH, card.height)


def test_a_long_name_makes_a_taller_scorecard_than_a_short_one():
    short = png_size(scorecard.scorecard_png(card_game_result(["Ana", "Ben"]), "2026-05-01"))
    long = png_size(scorecard.scorecard_png(card_game_result(LONG_NAMES[:2]), "2026-05-01"))
    assert short[0] == long[0] == WIDTH and long[1] > short[1]


@pytest.mark.parametrize(
    "text, width, lines",
    [
        ("Ana 105 · Ben 89", 2000, ["Ana 105 · Ben 89"]),  # fits: one line
        ("Ana 105 · Ben 89 · Cy 70", 290, ["Ana 105 · Ben 89 ·", "Cy 70"]),  # after a separator
        ("Lost Cities: Ana wins (Ana 105)", 420, ["Lost Cities: Ana wins", "(Ana 105)"]),  # before " ("
        ("one two three", 150, ["one two", "three"]),  # between words
        ("Bartholomew-Maximilian", 250, ["Bartholomew-", "Maximilian"]),  # after a hyphen
        ("abcdefghij", 100, ["abcde", "fghij"]),  # inside a word only when nothing else fits
        ("", 100, [""]),
        ("first\nsecond", 500, ["first", "second"]),
    ],
)
def test_wrap_breaks_where_a_reader_expects(text, width, lines):
    # DejaVu Sans at 30 px: "Ana 105 · Ben 89 ·" is about 250 px wide, a letter 15 to 20.
    assert wrap(text, 30, width) == lines
    assert all(text_width(line, 30) <= width for line in lines)
