"""A finished (or unfinished) game's result in words: the results screen's headline and the plain
text that "Copy result" puts on the clipboard. No Flet here: tested on its own."""

from __future__ import annotations

import scoring
from scoring.fields import ordinal


def headline(result: scoring.Result) -> str:
    winners = ", ".join(result.winners)
    if not result.decided:
        return "Not finished yet"
    if len(result.winners) == 1:
        return f"{winners} wins!"
    return f"Draw: {winners} share 1st place"


def place_rows(result: scoring.Result) -> list[tuple[str, str, int]]:
    """(place, player, total) from first to last; tied players share their place."""
    return [(ordinal(result.place_of(p)), p, result.totals[p]) for group in result.ranking for p in group]


def result_text(result: scoring.Result, day: str, duration: str | None = None) -> str:
    """What a player pastes into a chat: game and day, the headline, places with totals, why a tie
    was broken (the scorer's own sentences)."""
    title = scoring.GAMES[result.game].title
    lines = [f"{title} · {day}" + (f" · {duration}" if duration else ""), headline(result), ""]
    lines += [f"{place}  {player}  {total}" for place, player, total in place_rows(result)]
    if result.explanations:
        lines += ["", *result.explanations]
    return "\n".join(lines) + "\n"
