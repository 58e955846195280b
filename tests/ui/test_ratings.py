"""Ratings per game (openskill): the same history gives the same ratings whatever order it arrives in;
ties are ties; each game rates on its own; an edit or a rename is seen (the cache is keyed on the history)."""

import random

from companion.services import ratings

from .game_nights import finished


def history(n=60, seed=7):
    rng = random.Random(seed)
    names = ["Ana", "Ben", "Cy", "Di", "Eve", "Fay", "Gus"]
    games = []
    for i in range(n):
        players = rng.sample(names, rng.randint(2, 6))
        totals = {p: rng.randint(0, 30) for p in players}
        # Level totals are a tie here (a game without a tiebreak): one group.
        levels = sorted(set(totals.values()), reverse=True)
        ranking = [[p for p in players if totals[p] == v] for v in levels]
        day = 1 + i // 4
        games.append(
            finished(f"g{i:03d}", f"2026-01-{day:02d}T{18 + i % 4}:00:00", totals, game=rng.choice(["cgt", "lost-cities"]), ranking=ranking)
        )
    return games


def test_ratings_do_not_depend_on_the_order_the_history_arrives_in():
    games = history()
    expected = ratings.ratings(games)
    for seed in range(5):
        shuffled = list(games)
        random.Random(seed).shuffle(shuffled)
        ratings.forget()  # computed afresh, not read from the cache
        assert ratings.ratings(shuffled) == expected
    # The order matters where it should: the same games played in another order rate differently.
    assert ratings.ratings(games[::-1]) == expected  # still the same: play order comes from played_at
    moved = [
        finished(g.id, f"2025-12-{31 - i % 28:02d}T20:00:00", g.scored["totals"], g.game, ranking=g.scored["ranking"])
        for i, g in enumerate(games)
    ]
    assert ratings.ratings(moved) != expected


def test_same_played_at_is_ordered_by_id():
    a = finished("a", "2026-01-01T20:00:00", {"Ana": 10, "Ben": 0})
    b = finished("b", "2026-01-01T20:00:00", {"Ben": 10, "Ana": 0})
    assert ratings.ratings([a, b]) == ratings.ratings([b, a])
    assert ratings.key_of([b, a])[0] == (("lost-cities", ""), (("Ana",), ("Ben",)))


def test_a_tie_rates_both_players_alike_and_a_win_lifts_the_winner():
    tie = finished("t", "2026-01-01T20:00:00", {"Ana": 20, "Ben": 20}, ranking=[["Ana", "Ben"]])
    by = ratings.ratings([tie])[("lost-cities", "")]
    assert by["Ana"].mu == by["Ben"].mu and by["Ana"].sigma == by["Ben"].sigma
    win = finished("w", "2026-01-01T20:00:00", {"Ana": 21, "Ben": 20})
    by = ratings.ratings([win])[("lost-cities", "")]
    assert by["Ana"].shown > by["Ben"].shown
    assert by["Ana"].games == by["Ben"].games == 1


def test_three_way_places_with_a_shared_second():
    game = finished("g", "2026-01-01T20:00:00", {"Ana": 30, "Ben": 20, "Cy": 20}, game="cgt", ranking=[["Ana"], ["Ben", "Cy"]])
    by = ratings.ratings([game])[("cgt", "")]
    assert by["Ana"].shown > by["Ben"].shown == by["Cy"].shown
    assert [r.player for r in ratings.top(by, 2)] == ["Ana", "Ben"]
    assert ratings.place_among(by, "Cy") == 2


def test_each_game_has_its_own_ratings_and_solo_or_undecided_games_are_not_rated():
    lc = finished("a", "2026-01-01T20:00:00", {"Ana": 10, "Ben": 0})
    cgt = finished("b", "2026-01-02T20:00:00", {"Ben": 10, "Ana": 0}, game="cgt")
    solo = finished("c", "2026-01-03T20:00:00", {"Ana": 10})
    open_ = finished("d", "2026-01-04T20:00:00", {"Ana": 10, "Cy": 0})
    open_.summary["decided"] = False
    found = ratings.ratings([lc, cgt, solo, open_])
    assert found[("lost-cities", "")]["Ana"].shown > found[("lost-cities", "")]["Ben"].shown
    assert found[("cgt", "")]["Ben"].shown > found[("cgt", "")]["Ana"].shown
    assert found[("lost-cities", "")]["Ana"].games == 1 and "Cy" not in found[("lost-cities", "")]
    assert ratings.of_player(found, "Ben").keys() == {("lost-cities", ""), ("cgt", "")}


def test_a_rename_or_an_edited_ranking_changes_the_ratings():
    a = finished("a", "2026-01-01T20:00:00", {"Ana": 10, "Ben": 0})
    before = ratings.ratings([a])
    renamed = finished("a", "2026-01-01T20:00:00", {"Ann": 10, "Ben": 0})
    assert set(ratings.ratings([renamed])[("lost-cities", "")]) == {"Ann", "Ben"}
    edited = finished("a", "2026-01-01T20:00:00", {"Ana": 0, "Ben": 10})
    assert ratings.ratings([edited]) != before


def test_a_game_added_as_the_newest_rates_on_top_and_matches_a_fresh_computation():
    games = sorted(history(), key=lambda g: g.order)
    ratings.forget()
    ratings.ratings(games[:-1])  # the history before the last game was saved
    added = ratings.ratings(games)  # only the newest game rated, on the last result
    ratings.forget()
    assert ratings.ratings(games) == added
    # An older game deleted: the sequence is no longer an extension, all is rated again.
    ratings.forget()
    ratings.ratings(games)
    without = ratings.ratings(games[:10] + games[11:])
    ratings.forget()
    assert ratings.ratings(games[:10] + games[11:]) == without != added
