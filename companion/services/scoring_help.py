"""How each game is scored, in our own words: the "How scoring works" card on the setup and play
screens, and the per-game sections of docs/scoring.md. The words live beside each game's rules
(its GameRules.how_scoring_works: docs/ is not installed with the package);
`python -m companion.services.scoring_help` rewrites docs/scoring.md's sections from them and
tests/ui/test_scoring_help.py checks that the two agree."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import scoring
from companion.language import _

DOC = Path(__file__).resolve().parents[2] / "docs" / "scoring.md"
READINGS = "## How we read the format"  # the section after the games' own


def card_text(game: str) -> str:
    """The game's card: its bullets (Markdown), in the reader's language (the rules mark them for translation)."""
    return _(scoring.GAMES[game].how_scoring_works)


def with_game_sections(doc: str) -> str:
    """`doc` (docs/scoring.md) with each game's section ("## <title>") replaced by the card's words
    (added, for a game new to it)."""
    for rules in scoring.GAMES.values():
        text = rules.how_scoring_works
        heading = f"## {rules.title}\n\n"
        pattern = re.compile(re.escape(heading) + r".*?(?=\n## |\Z)", re.S)
        found = pattern.search(doc)
        if found is None:  # a new game: its section goes after the other games'
            at = doc.find(f"\n{READINGS}")
            at = len(doc) if at < 0 else at + 1
            doc = doc[:at] + heading + text + "\n" + doc[at:]
            continue
        doc = doc[: found.start()] + heading + text + doc[found.end() :]
    return doc


if __name__ == "__main__":  # python -m companion.services.scoring_help: rewrite docs/scoring.md's game sections
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DOC
    path.write_text(with_game_sections(path.read_text(encoding="utf-8")), encoding="utf-8")
