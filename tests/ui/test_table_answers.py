"""One question to the rules per table (issue 63): every screen that draws a game asks the rules' refusal of an action
once per table, however many tablets and phones show it (companion/services/table_answers.py). Before, each session
asked it of every card on every redraw: a tap on a Lost Cities card at a table of four tablets asked 672 times."""

from __future__ import annotations

from collections import Counter

import pytest

import scoring
from tests.every_game import example_of, record, with_screens

from .harness import card_state
from .test_screen_model import play_buttons

TABLETS = 4


def first_change(h, store, game_id: str) -> None:
    """Tap what changes the game first: a free card if the screen has one, else each play button in turn until one does."""
    stored = store.get(game_id)
    before = (stored.record, stored.draft)  # a round being entered may be in the draft (Card Commons)
    buttons = play_buttons(h)
    free = [c for c in buttons if card_state(c) == "free"]
    for button in free[:1] or buttons:
        h.click(button)
        stored = store.get(game_id)
        if (stored.record, stored.draft) != before:
            return
    raise AssertionError("no tap on the play screen changed the game")


@pytest.mark.parametrize("game", with_screens())
def test_every_screen_of_a_table_asks_the_rules_each_action_once(game, open_app, store, monkeypatch):
    asked: list[tuple[scoring.Table, scoring.Action]] = []  # each question the screens put to the rules, with its table
    rules = scoring.refusal

    def counted(table: scoring.Table, action: scoring.Action) -> str | None:
        asked.append((table, action))
        return rules(table, action)

    monkeypatch.setattr(scoring, "refusal", counted)
    game_id = store.create(record(example_of(game, decided=False))).id
    table = [open_app(f"/play/{game_id}", width=1180, height=820) for _ in range(TABLETS)]
    phone = open_app(f"/play/{game_id}", width=390)
    first_change(table[0], store, game_id)
    for h in (*table, phone):
        h.settle()
    tables = {id(t): t for t, _ in asked}  # (each kept alive by `asked`: no two share an id)
    assert len(tables) <= 2, "asked only of the table before the tap and of the one after it"
    for key, shown in tables.items():
        questions = Counter(action for t, action in asked if id(t) == key)
        again = {action: n for action, n in questions.items() if n > 1}
        assert not again, f"{game}: asked again of the same table: {list(again.items())[:3]}"
        moves = list(scoring.GAMES[game].moves(shown))
        assert len(questions) <= len(moves), f"{game}: {len(questions)} questions for a table of {len(moves)} moves"
