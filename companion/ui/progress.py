"""How far a game in progress is, in words, from its record alone (so it holds for every game and
for a damaged record): the games in progress list on Home and at /in-progress say it.

A round counts as entered only when every player has something in it (Ana's cards alone are round 1
under way, not "1 round entered") and it is no longer being played. Where a round is played is the
game's own business: the record's rounds (Lost Cities keeps the round being played as its last round:
it is under way until Next round, unless it is the last one planned) or the draft (Card Commons moves
a round into the record only once it is complete). The game's `player_keyed` paths say where each
player's part of a round lies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import scoring
from companion.data.store import StoredGame
from companion.language import N_, _, ngettext, spoken
from companion.services.completion import has_content
from companion.services.completion import rounds_progress as planned_rounds
from companion.ui.widgets.controls import short_name
from scoring.fields import join_names

NOTHING = N_("Nothing entered yet")


def entered(value: Any) -> bool:
    """Whether a round's part holds something played: content, or a card written as text (a Commission,
    a Nest Egg). Only round parts are asked: a game scored once keeps setup (a colour) as text."""
    if isinstance(value, str):
        return bool(value)
    if isinstance(value, dict):
        return any(entered(v) for v in value.values())
    return has_content(value)


def nothing_entered(game: StoredGame) -> bool:
    """The rules' word that nothing is entered yet (GameRules.anything_entered: a new score pad's first round of
    zeros); False for a record they cannot read (what can be read of it is said)."""
    try:
        parsed = scoring.parse(game.record)
    except scoring.RecordError:
        return False
    return not parsed.rules.anything_entered(parsed.game)


def _at(value: Any, path: Sequence[str]) -> dict:
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value if isinstance(value, dict) else {}


def players_in(part: Any, paths: Sequence[Sequence[str]], players: Sequence[str], counts: Callable[[Any], bool] = entered) -> list[str]:
    """The players with something entered in `part` (a round, a draft), in seat order; `counts`: the rules' word
    on a player's part, where they have one (GameRules.part_entered)."""
    return [p for p in players if any(counts(_at(part, path).get(p)) for path in paths)]


def round_paths(rules: scoring.GameRules) -> list[tuple[str, ...]]:
    """Where each player's part lies inside one round: the game's paths under ("rounds", "*")."""
    return [tuple(path[2:]) for path in rules.player_keyed if tuple(path[:2]) == ("rounds", "*")]


def under_way(n: int, who: list[str], players: Sequence[str]) -> str:
    """'Round 2 under way: Ana entered, Ben not yet'."""
    if not who:
        return _("Round {round} under way").format(round=n)
    ready = spoken(join_names([short_name(p, 12) for p in who]))
    waiting = [short_name(p, 12) for p in players if p not in who]
    if not waiting:
        return _("Round {round} under way: {entered} entered").format(round=n, entered=ready)
    return _("Round {round} under way: {entered} entered, {waiting} not yet").format(
        round=n, entered=ready, waiting=spoken(join_names(waiting))
    )


def rounds_progress(game: StoredGame, rules: scoring.GameRules, rounds: list) -> str:
    if not entered(game.draft) and nothing_entered(game):
        return _(NOTHING)
    players = game.players
    paths = round_paths(rules)
    full = 0
    current: tuple[int, list[str]] | None = None  # the first round not every player has entered: (number, who)
    planned = planned_rounds(game.record)
    # The round being played, when the record keeps it as its last (no draft); the last planned round is not
    # played on, so it is entered once everyone has something in it.
    playing = 0 if rules.draft_player_keyed or (planned and len(rounds) >= planned[1]) else len(rounds)
    for n, round_ in enumerate(rounds, start=1):
        who = players_in(round_, paths, players, rules.part_entered or entered)
        if len(who) == len(players) and n != playing:
            full += 1
        elif who and current is None:
            current = (n, who)
    if current is None and entered(game.draft):
        current = (len(rounds) + 1, players_in(game.draft, rules.draft_player_keyed, players))
    said = [ngettext("{count} round entered", "{count} rounds entered", full).format(count=full)] if full else []
    if current is not None:
        said.append(under_way(*current, players))
    return "; ".join(said) or _(NOTHING)


def final_progress(game: StoredGame, body: dict) -> str:
    """A game scored once at the end: whose cards are in."""
    parts = [body] + [v for v in body.values() if isinstance(v, dict)]  # the body, or e.g. CGT's collections
    started = [p for p in game.players if any(has_content(part.get(p)) for part in parts)]
    if not started:
        return _(NOTHING)
    if len(started) == len(game.players):
        return _("Every player has cards entered")
    return _("Cards entered for {players}").format(players=", ".join(short_name(p, 12) for p in started))


def progress(game: StoredGame) -> str:
    """'1 round entered; Round 2 under way: Ana entered, Ben not yet', 'Cards entered for Ana', ..."""
    rules = scoring.GAMES.get(game.game)
    body = game.record.get(rules.body) if rules else None
    if rules and rules.body == "rounds" and isinstance(body, list):
        return rounds_progress(game, rules, body)
    if isinstance(body, dict):
        return final_progress(game, body)
    return ""
