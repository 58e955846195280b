"""The rules' answers for one table, asked once and shared by every screen that draws it.

A play screen draws each card free or taken by the rule that checks its tap (scoring.refusal). Asked card by
card, session by session, one tap at a table of four tablets asked the rules 672 times for one table (every
column's cards in every session; issue 63). A table never changes (a change makes a new one: scoring.apply), so
its answers are worked out once: the live game keeps one TableAnswers beside its table, and every session drawing
that table reads the same answers. The first drawing after a change asks the rules; the others look up.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

import scoring
from scoring import Action, Table


class TableAnswers:
    """The moves of one table (GameRules.moves: every tap a person could make on it now) and the refusal of each
    action asked of it (None: the rules allow it), each worked out once. Read from any session's thread: a
    dictionary's item is set whole, and two sessions asking at once work out the same answer."""

    def __init__(self, table: Table):
        self.table = table
        self._refusals: dict[Action, Any] = {}
        self._moves: Mapping[Action, Any] | None = None

    def refusal(self, action: Action) -> str | None:
        """Why the rules refuse `action` on this table, in their words (scoring.refusal); None when they allow it.
        An action among the moves or not (a card of an earlier round shown to correct it): each is asked once."""
        try:
            return self._refusals[action]
        except KeyError:
            reason = self._refusals[action] = scoring.refusal(self.table, action)
            return reason
        except TypeError:  # an action holding a list cannot be kept: the rules answer it each time
            return scoring.refusal(self.table, action)

    def moves(self) -> Mapping[Action, str | None]:
        """Every move of this table, in the rules' order, and its refusal (None: allowed): the action a tap sends
        and whether it may, for every card a screen draws."""
        if self._moves is None:
            rules = scoring.GAMES[self.table.record["game"]]
            self._moves = MappingProxyType({move: self.refusal(move) for move in rules.moves(self.table)})
        return self._moves
