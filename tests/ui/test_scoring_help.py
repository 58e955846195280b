"""'How scoring works': one card per game, on the setup and play screens, in the same words as
docs/scoring.md (the texts live beside each game's rules, GameRules.how_scoring_works: docs/ is not installed)."""

import dataclasses
from pathlib import Path

import flet as ft
import pytest

import scoring
from companion.data.ids import route_id
from companion.services import scoring_help
from tests import every_game

from .helpers import set_up

DOC = Path(__file__).resolve().parents[2] / "docs" / "scoring.md"

# What each card must explain (the list: Meta and modifiers, investments and the 8-card
# bonus, Popular and Rare Gems, the Wild swap, the tiebreaks).
MUST_SAY = {
    "lost-cities": ["investment", "Eight cards", "Ties"],
    "bgg-card-game": ["Popular", "Rare Gem", "Ties"],
    "bgg-game": ["set", "Ties"],
    "cgt": ["Meta", "modifiers", "Ties"],
    "card-commons": ["Wild", "swap", "Ties"],
}


def test_every_game_has_a_card_that_says_what_matters():
    assert all(rules.how_scoring_works for rules in scoring.GAMES.values())  # a game without one has no help card
    for game in scoring.GAMES:  # every game's card says what a level total comes to
        assert "tie" in scoring_help.card_text(game).lower(), game
    for game, words in MUST_SAY.items():
        text = scoring_help.card_text(game)
        assert text.startswith("- ") and all(w in text for w in words), game


def test_docs_scoring_md_says_the_same_as_the_cards():
    doc = DOC.read_text(encoding="utf-8")
    assert scoring_help.with_game_sections(doc) == doc, "run: python -m companion.services.scoring_help"
    for game in scoring.GAMES:
        assert f"## {scoring.GAMES[game].title}\n\n{scoring_help.card_text(game)}" in doc


def test_a_changed_card_is_caught(monkeypatch):
    doc = DOC.read_text(encoding="utf-8")
    monkeypatch.setitem(scoring.GAMES, "cgt", dataclasses.replace(scoring.GAMES["cgt"], how_scoring_works="- Something else.\n"))
    rewritten = scoring_help.with_game_sections(doc)
    assert rewritten != doc and "- Something else.\n\n## Card Commons" in rewritten
    assert "## How we read the format" in rewritten  # later sections are kept


def test_a_new_games_section_is_added_before_the_readings(monkeypatch):
    doc = DOC.read_text(encoding="utf-8")
    toy = dataclasses.replace(scoring.GAMES["cgt"], key="toy", title="Toy", how_scoring_works="- One point a tap.\n")
    monkeypatch.setitem(scoring.GAMES, "toy", toy)
    rewritten = scoring_help.with_game_sections(doc)
    assert "## Card Commons" in rewritten and "\n## Toy\n\n- One point a tap.\n\n## How we read the format" in rewritten
    assert scoring_help.with_game_sections(rewritten) == rewritten  # written once, then kept


def shown_card(h) -> ft.AlertDialog:
    (button,) = h.buttons("How scoring works")
    h.click(button)
    dialog = next(d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open)
    return dialog


@pytest.mark.parametrize("game", every_game.with_screens())
def test_the_card_opens_from_setup_and_play(open_app, store, game):
    played = store.create(every_game.record(every_game.example_of(game))).id  # a game of it under way
    for route in (f"/setup/{game}", f"/play/{route_id(played)}"):
        h = open_app(route)
        dialog = shown_card(h)
        assert dialog.title.value == f"How scoring works: {scoring.GAMES[game].title}", route
        (markdown,) = [c for c in dialog.content.controls if isinstance(c, ft.Markdown)]
        assert markdown.value == scoring_help.card_text(game)
        h.click(next(a for a in dialog.actions if a.content == "Close"))
        assert not dialog.open
        assert not h.conn.errors


def test_the_card_opens_from_the_play_screen(open_app):
    h = open_app("/setup/lost-cities")
    set_up(h, ["Ana", "Ben"])
    dialog = shown_card(h)
    assert "Eight cards" in dialog.content.controls[0].value
