"""How each game is scored, in our own words: the "How scoring works" card on the setup and play
screens, and the per-game sections of docs/scoring.md (docs/ is not installed with the package, so
the words live here; `python -m companion.services.scoring_help` rewrites those sections from them and
tests/ui/test_scoring_help.py checks that the two agree). Markdown, one bullet per idea."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import scoring

HOW_SCORING_WORKS: dict[str, str] = {
    "lost-cities": """\
- Every expedition you start costs 20: its numbers minus 20, times one more
  than its investment cards. Investments alone count as a start: three
  investments and no numbers score (0 − 20) × 4 = −80.
- Eight cards or more in an expedition, investments included, add 20, never
  multiplied: 3 investments + 2, 3, 4, 5, 6 score (20 − 20) × 4 + 20 = 20.
  One expedition ranges from −80 to 156.
- Three rounds make the game (the rulebook: "if after three games you have the
  highest overall score, you win"); one round is the short game. The sixth
  expedition (purple) adds cards but changes no rule.
- The higher running total starts the next round; on a level total the rules
  are silent, so the app says so and the players choose.
- Ties: there is no official tiebreak. A level total is a draw, shown as such.
""",
    "bgg-card-game": """\
- A played group of n cards scores n², and 2n more when it holds its
  subdomain's Popular card. A collection of n different subdomains scores
  n(n+1)/2, and n more for each Rare Gem in it.
- A player has at most one played group per subdomain (a later Play adds to
  it); collections are unlimited. A Popular card in a collection, or a Rare Gem
  in a played group, earns nothing.
- Ties: the larger single biggest played group wins, then the larger single
  biggest collection; still level, the place is shared.
""",
    "bgg-game": """\
- Your GG from play (the score track, laps past 100 added; or start 10 for the
  first three seats, 11 after, plus income, minus 1 per Advertise or Promote),
  plus end scoring of your tiles.
- 4–6 players, number by number: holding a number in every other player's
  colour is a set, and each tile of it scores 6; otherwise each tile scores its
  number; a second copy of a colour and number scores 0.
- 3 players, colour by colour: a complete 1–6 set of a colour scores 36; by
  default only one set per colour counts and further tiles score their number
  (the variant "every set" scores each complete set).
- Your own colour's tiles score nothing; the record refuses them so a slip at
  the table is caught. A player acquires at most 18 tiles.
- Ties, at every player count: more distinct tiles numbered 1, then 2, … then
  6; still level, the place is shared.
""",
    "cgt": """\
- A type's value is the cards in its Meta column (marker included) plus the
  passive modifiers, never below 1. You score, for each type, your collected
  cards × its value, then your scoring-ability points; the first player loses
  the points printed on the First Player Marker.
- The abilities, the copies per type and the penalty are not in the rule text
  we have: players enter the penalty (remembered), each Meta column, modifiers
  and ability points. The default set of types is 5 to 11 (49 game cards); only
  "no more cards of a type than its number" is enforced.
- Ties: fewer cards in the Collection wins; then the player later in seat
  order (furthest from the first player).
""",
    "card-commons": """\
- A Commission that matches the Nest Egg by suit or rank scores the round's
  multiplier × the cards of its colour on its owner's side (at most 6).
  Multipliers are fixed by the round's number: ×1, ×1, ×2, ×2 (Peek: ×1, ×1,
  ×2), ×1 for every extra round; a Wild swap never changes them.
- A Wild Nest Egg is replaced by the face-down discard; when that discard is
  the other Wild, no card is left and both Commissions score. In Peek the Wild
  stays and a Commission of its colour scores.
- Ties: a level total after the regular rounds is not a result. The app asks
  for an extra round, and again, until a round ends with one player ahead.
""",
}

DOC = Path(__file__).resolve().parents[2] / "docs" / "scoring.md"


def card_text(game: str) -> str:
    """The game's card: its bullets (Markdown)."""
    return HOW_SCORING_WORKS[game]


def with_game_sections(doc: str) -> str:
    """`doc` (docs/scoring.md) with each game's section ("## <title>") replaced by the card's words."""
    for game, text in HOW_SCORING_WORKS.items():
        heading = f"## {scoring.GAMES[game].title}\n\n"
        pattern = re.compile(re.escape(heading) + r".*?(?=\n## |\Z)", re.S)
        found = pattern.search(doc)
        if found is None:
            raise ValueError(f"docs/scoring.md has no section {heading.strip()!r}")
        doc = doc[: found.start()] + heading + text + doc[found.end() :]
    return doc


if __name__ == "__main__":  # python -m companion.services.scoring_help: rewrite docs/scoring.md's game sections
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DOC
    path.write_text(with_game_sections(path.read_text(encoding="utf-8")), encoding="utf-8")
