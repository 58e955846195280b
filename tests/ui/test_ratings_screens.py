"""Ratings on screen: a player's rating per game on their page, the top rated per game in Statistics,
both redrawn from the store when the history changes (an import, a rename)."""

import flet as ft

import scoring
from companion.services import ratings

from .conftest import example
from .harness import walk


def section_texts(h, identifier):
    semantics = h.find_semantics(identifier)
    return [c.value for c in walk(semantics) if isinstance(c, ft.Text)]


def test_player_page_shows_their_rating_per_game(open_app, history):
    record = history.get("lc-1").record
    player = record["players"][0]
    h = open_app(f"/players/{player}")
    [line] = section_texts(h, "player-ratings")
    expected = ratings.ratings(history.finished())[("lost-cities", "")][player]
    assert line.startswith(f"Lost Cities: {scoring.number(expected.shown, '.1f')} (provisional) · ")  # one game: provisional
    assert line.endswith("1 rated game")
    assert not h.conn.errors


def test_statistics_show_the_top_rated_and_follow_a_rename(open_app, history):
    h = open_app("/stats")
    shown = section_texts(h, "top-rated")
    assert "Lost Cities" in shown
    top = ratings.top(ratings.ratings(history.finished())[("lost-cities", "")], 1)[0]
    assert any(t.startswith(f"1st  {top.player}  {top.shown:.1f}") for t in shown)
    history.rename_player(top.player, "Zed")
    h.settle()
    shown = section_texts(h, "top-rated")
    assert any(t.startswith(f"1st  Zed  {top.shown:.1f}") for t in shown)
    assert not h.conn.errors


def test_an_import_changes_the_ratings_shown(open_app, history):
    record = history.get("lc-1").record
    player = record["players"][0]
    h = open_app(f"/players/{player}")
    [before] = section_texts(h, "player-ratings")
    history.add_finished([example("lost-cities-edge-values", id="lc-2", played_at="2026-01-20T20:00:00")])
    h.settle()
    [after] = section_texts(h, "player-ratings")
    assert after != before and after.endswith("2 rated games")


def test_no_rating_section_without_a_rated_game(open_app, store):
    h = open_app("/stats")
    assert not h.find_all(ft.Semantics, identifier="top-rated")
    assert "Wins per player" in [t.value for t in h.find_all(ft.Text)]
