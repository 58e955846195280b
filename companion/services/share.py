"""A game's result in words: the results screen's one line on who wins (or, while the game goes on,
who leads) and the plain text that "Copy result" puts on the clipboard. No Flet here: tested on its own.

"wins" is said only of a finished game (saved, or every round in with no phone still entering:
completion.finished); until then the line is provisional: "Ben leads after round 1 of 3"."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import scoring
from companion.language import _, ngettext, spoken
from scoring.fields import join_names, ordinal


@dataclass(frozen=True)
class Standing:
    """One line: `before`, the names (the winners of a finished game, the leaders of one not
    finished; none when no one is ahead), `after`. `final`: the game is over, the names won."""

    names: tuple[str, ...]
    after: str
    final: bool
    before: str = ""

    @property
    def sentence(self) -> str:
        return f"{self.before}{spoken(join_names(self.names))}{self.after}"


NAMES = "\0"  # where the names go in a line said around them (never in a translation's own words)


def around_names(line: str, names: tuple[str, ...], final: bool, **values: object) -> Standing:
    """A translated `line` ("{names} wins!") as the words before and after the names (the screen shows the names
    apart, in bold): each language puts them where its sentence has them."""
    before, found, after = line.format(names=NAMES, **values).partition(NAMES)
    return Standing(names, after, final, before) if found else Standing(names, before, final)


def final_standing(result: scoring.Result) -> Standing:
    """The line of a finished game: one winner, a shared first place, or (a saved game that never
    reached its end, e.g. imported) no winner."""
    if not result.decided:
        return Standing((), _("Not finished: no winner"), final=True)
    if len(result.winners) == 1:
        return around_names(_("{names} wins!"), result.winners, final=True)
    return around_names(_("Draw: {names} share 1st place"), result.winners, final=True)


def provisional_standing(result: scoring.Result, entered: bool, progress: tuple[int, int] | None) -> Standing:
    """Who leads a game not finished: "Ben leads after round 1 of 3", "Ana and Ben lead after
    round 2 of 3", "Ana and Ben are level so far"; never "wins". `entered`: anything on the table
    yet; `progress`: (rounds played, rounds planned) of a game in rounds (completion.rounds_progress)."""
    if not entered or not result.ranking or (progress is not None and progress[0] == 0):
        return Standing((), _("No scores yet: the game has just begun"), final=False)
    leaders = result.ranking[0]
    level = len(leaders) == len(result.players) > 1
    if progress is None:
        line = _("{names} are level so far") if level else ngettext("{names} leads so far", "{names} lead so far", len(leaders))
        return around_names(line, leaders, final=False)
    played, planned = progress
    if played > planned:
        line = (
            _("{names} are level after round {played} (an extra round)")
            if level
            else ngettext(
                "{names} leads after round {played} (an extra round)", "{names} lead after round {played} (an extra round)", len(leaders)
            )
        )
    else:
        line = (
            _("{names} are level after round {played} of {planned}")
            if level
            else ngettext("{names} leads after round {played} of {planned}", "{names} lead after round {played} of {planned}", len(leaders))
        )
    return around_names(line, leaders, final=False, played=played, planned=planned)


def headline(result: scoring.Result) -> str:
    """The line of a finished game (the saved game's scorecard image)."""
    return final_standing(result).sentence


def place_rows(result: scoring.Result) -> list[tuple[str, str, int]]:
    """(place, player, total) from first to last; tied players share their place (a place is a Said: "1st")."""
    return [(ordinal(result.place_of(p)), p, result.totals[p]) for group in result.ranking for p in group]


def result_text(
    result: scoring.Result,
    day: str,
    duration: str | None = None,
    standing: Standing | None = None,
    sentences: Sequence[str] | None = None,
    title: str | None = None,
) -> str:
    """What a player pastes into a chat: game and day, who wins (or leads: `standing`, for a game
    not finished), places with totals, why a tie was broken (the scorer's own sentences, or those
    the screen shows: `sentences`), in the reader's language. `title`: the game's name as its record says
    it (a score pad's "Hearts"); the rules' title without one."""
    title = title or scoring.GAMES[result.game].title
    line = (standing or final_standing(result)).sentence
    lines = [f"{title} · {day}" + (f" · {duration}" if duration else ""), line, ""]
    lines += [f"{spoken(place)}  {player}  {scoring.number(total)}" for place, player, total in place_rows(result)]
    said = result.explanations if sentences is None else sentences
    if said:
        lines += ["", *(spoken(sentence) for sentence in said)]
    return "\n".join(lines) + "\n"
