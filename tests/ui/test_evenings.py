"""Game nights: the grouping at its edges (midnight, a gap of exactly the threshold, an explicit new
night), the standings with normalised points, the recap text and image."""

import io
from datetime import datetime, timedelta
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

from companion.services import evening_card, evenings
from companion.services.evenings import THRESHOLD

from .game_nights import finished


def ids(nights):
    return [[g.id for g in n.games] for n in nights]


def test_games_across_midnight_are_one_evening_named_by_its_first_day():
    games = [
        finished("b", "2026-03-03T00:40:00", {"Ana": 10, "Ben": 5}),
        finished("a", "2026-03-02T23:30:00", {"Ana": 3, "Ben": 9}, minutes=45),
    ]
    [night] = evenings.evenings(games)
    assert [g.id for g in night.games] == ["a", "b"]
    assert night.day == "2026-03-02"


def test_a_gap_of_exactly_the_threshold_splits_and_one_minute_less_does_not():
    # The gap runs from the end of the earlier game (start + its duration) to the start of the next.
    first = finished("a", "2026-03-02T18:00:00", {"Ana": 1, "Ben": 0}, minutes=60)
    end = datetime.fromisoformat("2026-03-02T19:00:00")
    at = finished("b", (end + THRESHOLD).isoformat(), {"Ana": 1, "Ben": 0})
    before = finished("c", (end + THRESHOLD - timedelta(minutes=1)).isoformat(), {"Ana": 1, "Ben": 0})
    assert ids(evenings.evenings([first, at])) == [["a"], ["b"]]
    assert ids(evenings.evenings([first, before])) == [["a", "c"]]


def test_the_gap_counts_from_the_latest_end_of_the_evening():
    # Two tables: a long game began first and ended last; the next game is near its end, not the short one's.
    long = finished("long", "2026-03-02T18:00:00", {"Ana": 1, "Ben": 0}, minutes=300)
    short = finished("short", "2026-03-02T18:10:00", {"Cy": 1, "Di": 0}, minutes=10)
    late = finished("late", "2026-03-02T23:30:00", {"Cy": 1, "Ana": 0})
    assert ids(evenings.evenings([long, short, late])) == [["long", "short", "late"]]


def test_an_explicit_new_night_splits_and_hides_the_last_evening_until_a_game():
    a = finished("a", "2026-03-02T19:00:00", {"Ana": 1, "Ben": 0}, minutes=30)
    b = finished("b", "2026-03-02T20:00:00", {"Ana": 1, "Ben": 0})
    mark = evenings.marks_of(evenings.with_mark(None, datetime.fromisoformat("2026-03-02T19:45:00").astimezone()))
    assert ids(evenings.evenings([a, b], mark)) == [["a"], ["b"]]
    assert [g.id for g in evenings.latest([a, b], mark).games] == ["b"]
    later = evenings.marks_of(evenings.with_mark(None, datetime.fromisoformat("2026-03-02T21:00:00").astimezone()))
    assert evenings.latest([a, b], later) is None  # a new night started: nothing played in it yet
    assert evenings.latest([]) is None


def test_marks_keep_a_bounded_list_and_ignore_what_cannot_be_read():
    setting = ["not a date", "2026-03-02T19:45:00+00:00"]
    assert len(evenings.marks_of(setting)) == 1
    many = None
    for i in range(evenings.KEEP_MARKS + 5):
        many = evenings.with_mark(many, datetime(2026, 1, 1).astimezone() + timedelta(hours=i))
    assert len(many) == evenings.KEEP_MARKS
    assert evenings.marks_of("junk") == []


def test_standings_count_wins_then_points_normalised_by_each_games_best():
    night = evenings.Evening(
        (
            finished("a", "2026-03-02T19:00:00", {"Ana": 150, "Ben": 75}, game="lost-cities"),  # Ana 1, Ben 0.5
            finished("b", "2026-03-02T20:00:00", {"Ben": 20, "Ana": 10, "Cy": -4}, game="bgg-card-game"),  # Ben 1, Ana 0.5, Cy 0
        )
    )
    rows = evenings.standings(night)
    assert [(s.place, s.player, s.wins) for s in rows] == [(1, "Ana", 1), (1, "Ben", 1), (3, "Cy", 0)]
    assert [round(s.points, 2) for s in rows] == [1.5, 1.5, 0.0]
    assert evenings.standing_line(rows[2]) == ("3rd", "Cy", "0 wins · 0.00 points in 1 game")


def test_a_game_with_no_positive_score_gives_its_best_one_point():
    game = finished("a", "2026-03-02T19:00:00", {"Ana": -5, "Ben": -20})
    assert evenings.shares(game) == {"Ana": 1.0, "Ben": 0.0}


def test_a_shared_win_is_a_win_for_each_and_said_as_shared():
    game = finished("a", "2026-03-02T19:00:00", {"Ana": 20, "Ben": 20}, ranking=[["Ana", "Ben"]])
    rows = evenings.standings(evenings.Evening((game,)))
    assert [(s.place, s.wins) for s in rows] == [(1, 1), (1, 1)]
    assert evenings.game_line(game) == "Lost Cities: Ana and Ben share the win (Ana 20 · Ben 20)"


def test_recap_text_lists_every_game_and_the_standings():
    night = evenings.Evening(
        (
            finished("a", "2026-03-02T19:00:00", {"Ana": 40, "Ben": 30}),
            finished("b", "2026-03-02T20:00:00", {"Ben": 12, "Ana": 6}, game="cgt"),
        )
    )
    text = evenings.recap_text(night)
    assert text.startswith("Game night · 2026-03-02 · 2 games\n")
    assert "Lost Cities: Ana wins (Ana 40 · Ben 30)" in text
    # A win each: Ben's 30/40 + 12/12 beats Ana's 40/40 + 6/12.
    assert "1st  Ben  1 win · 1.75 points in 2 games\n2nd  Ana  1 win · 1.50 points in 2 games" in text


def test_recap_image_is_a_png_that_grows_with_the_evening():
    one = evenings.Evening((finished("a", "2026-03-02T19:00:00", {"Ana": 40, "Ben": 30}),))
    many = evenings.Evening(tuple(finished(f"g{i}", f"2026-03-02T19:{i:02d}:00", {"Ana": i, "Ben": 1, "Cy": 0}) for i in range(40)))
    small, big = (Image.open(io.BytesIO(evening_card.evening_png(n))) for n in (one, many))
    assert small.format == big.format == "PNG"
    assert small.width == big.width == evening_card.WIDTH
    assert big.height == evening_card.evening_layout(many).height > small.height
    assert evening_card.evening_layout(many).lines.count("… and 11 more games") == 1  # a marathon's games beyond 29 are counted


def test_latest_is_the_last_of_all_evenings_however_long_it_runs():
    # Games 3 h apart for five days: one "evening" longer than the first window latest() looks at.
    start = datetime.fromisoformat("2026-03-01T18:00:00")
    marathon = [finished(f"m{i:02d}", (start + timedelta(hours=3 * i)).isoformat(), {"Ana": i, "Ben": 1}) for i in range(40)]
    before = [finished("early", "2026-02-20T20:00:00", {"Ana": 1, "Ben": 0})]
    assert [g.id for g in evenings.latest(before + marathon).games] == [g.id for g in marathon]
    # A game that ran 11 h and ended near the next game keeps that game in its evening.
    long = finished("long", "2026-03-10T08:00:00", {"Ana": 1, "Ben": 0}, minutes=11 * 60)
    late = finished("late", "2026-03-10T22:00:00", {"Ana": 1, "Ben": 0})
    assert [g.id for g in evenings.latest([*before, *marathon, long, late]).games] == ["long", "late"]
    assert evenings.latest([*before, *marathon, long, late]) == evenings.evenings([*before, *marathon, long, late])[-1]


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.tuples(st.integers(0, 60 * 24 * 20), st.one_of(st.none(), st.integers(1, 12 * 60))), min_size=1, max_size=30),
    st.lists(st.integers(0, 60 * 24 * 20), max_size=3),
)
def test_evenings_split_exactly_at_a_gap_or_a_mark_and_latest_agrees(starts, mark_minutes):
    origin = datetime.fromisoformat("2026-01-01T00:00:00").astimezone()
    games = [
        finished(f"g{i:02d}", (origin + timedelta(minutes=m)).isoformat(), {"Ana": i, "Ben": 0}, minutes=took)
        for i, (m, took) in enumerate(starts)
    ]
    marks = sorted(origin + timedelta(minutes=m, seconds=30) for m in mark_minutes)
    nights = evenings.evenings(games, marks)
    assert sorted(g.id for n in nights for g in n.games) == sorted(g.id for g in games)
    for before, night in pairwise(nights):
        gap = night.start - before.end
        marked = any(before.games[-1].when < m <= night.start for m in marks)
        assert gap >= THRESHOLD or marked
    for night in nights:
        running = evenings.end_of(night.games[0])
        for previous, g in pairwise(night.games):
            assert g.when - running < THRESHOLD
            assert not any(previous.when < m <= g.when for m in marks)
            running = max(running, evenings.end_of(g))
    last = evenings.latest(games, marks)
    assert last is None or last == nights[-1]
    assert (last is None) == any(m > nights[-1].games[-1].when for m in marks)
