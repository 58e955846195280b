"""python -m scoring FILE [--json]: score a game record ('-' reads standard input).

Exit 0 with the result; exit 2 with one `error:` line on standard error when the
file is not a valid record.
"""

from __future__ import annotations

import io
import json
import sys

from . import GAMES, RecordError, json_text, score
from .fields import ordinal
from .result import Result

USAGE = "usage: python -m scoring FILE [--json]   (FILE may be '-' for standard input)"


def fail(message: str) -> int:
    print(f"error: {' '.join(message.split())}", file=sys.stderr)
    return 2


def read_text(path: str) -> str:
    """The file's text; a byte order mark (some editors write one) is not part of it."""
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8-sig")
    with open(path, "rb") as f:
        return f.read().decode("utf-8-sig")


def table(result: Result, title: str) -> str:
    """The readable form under the game's `title`: per round each player's lines and score, then totals, places, reasons."""
    out = [title]
    width = max(len(p) for p in result.players)
    multi = len(result.rounds) > 1 or GAMES[result.game].body == "rounds"
    for i, breakdown in enumerate(result.breakdown, start=1):
        if multi:
            out.append(f"\nRound {i}")
        for player in result.players:
            out.append(f"  {player:<{width}}  {result.rounds[i - 1][player]:>5}")
            out.extend(f"  {'':<{width}}    {line}" for line in breakdown[player])
    out.append("\nTotals")
    out.extend(f"  {p:<{width}}  {result.totals[p]:>5}" for p in result.players)
    out.append("\nPlaces" + ("" if result.decided else " (game not finished)"))
    place = 1
    for group in result.ranking:
        out.append(f"  {ordinal(place):>4}  {', '.join(group)}")
        place += len(group)
    if result.decided:
        out.append(f"\nWinner{'s' * (len(result.winners) > 1)}: {', '.join(result.winners)}")
    if result.explanations:
        out.append("")
        out.extend(result.explanations)
    return "\n".join(out)


def main(argv: list[str]) -> int:
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):  # (a test may have replaced it)
            stream.reconfigure(encoding="utf-8", errors="backslashreplace")
    args = [a for a in argv if a != "--json"]
    if len(args) != 1 or args[0] in ("-h", "--help"):
        return fail(USAGE)
    try:
        text = read_text(args[0])
    except OSError as e:
        return fail(f"{args[0]}: {e.strerror or e}")
    except UnicodeDecodeError:
        return fail(f"{args[0]}: not UTF-8 text")
    try:
        record = json_text.loads(text)
    except RecordError as e:  # a key given twice
        return fail(str(e))
    except (ValueError, RecursionError) as e:
        return fail(f"{args[0]}: not valid JSON ({e})")
    try:
        result = score(record)
    except RecordError as e:
        return fail(str(e))
    except RecursionError:
        return fail("the record is nested too deeply")
    if "--json" in argv:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print(table(result, GAMES[result.game].display_title(record.get("variant") or {})))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
