"""Import and export of finished games: pure functions, no Flet, no TinyDB.

The files (JSON export and import, CSV, BG Stats, damaged records) are described in docs/format.md
("Files Tableside exports and imports"); what a record is, in the rest of that document.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Iterable
from typing import Any

import scoring
from companion.data.checks import metadata_problem, played_when
from companion.data.ids import id_problem
from companion.language import N_, _, day, spoken
from companion.services.bg_stats import SOURCE_NAME, bgstats_play, bgstats_url, variant_text  # noqa: F401 (kept importable here)
from scoring import json_text
from scoring.words import Said

EXPORT_FORMAT = 1
CSV_COLUMNS = ("date", "game", "player", "score", "place", "winner", "id", "location", "notes")
# What a spreadsheet may read as the start of a formula or a command: the ASCII signs, their full-width
# forms (some spreadsheets fold them to ASCII), a pipe (DDE), and whitespace before any of them.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", " ", "|", "\uff1d", "\uff0b", "\uff0d", "\uff20")


class ImportFileError(ValueError):
    """A file that cannot be imported; str() names the file, the record and the field."""


class ExportError(ValueError):
    """A stored game that cannot be written to a file; str() names the game and says why, in words."""


def _record(game: Any) -> dict:
    """A stored game (anything with `.record`) or a record itself."""
    return game.record if hasattr(game, "record") else game


def _finished(games: Iterable[Any]) -> list[dict]:
    records = []
    for game in games:
        if getattr(game, "status", "finished") != "finished":
            continue  # games in progress are not exported
        record = _record(game)
        missing = [k for k in ("id", "played_at") if k not in record]  # the record's keys, as written
        if len(missing) == 1:
            raise ExportError(_("{game} cannot be exported: it has no {field}").format(game=game_label(record), field=missing[0]))
        if missing:
            raise ExportError(
                _("{game} cannot be exported: it has no {field} and no {other}").format(
                    game=game_label(record), field=missing[0], other=missing[1]
                )
            )
        records.append({"format": EXPORT_FORMAT, **{k: v for k, v in record.items() if k != "format"}})
    return records


def export_json(games: Iterable[Any]) -> str:
    """`{"format": 1, "games": [record, ...]}` for the finished games, in the order given."""
    return json.dumps({"format": EXPORT_FORMAT, "games": _finished(games)}, ensure_ascii=False, indent=1) + "\n"


def cell(text: str) -> str:
    """A text cell a spreadsheet will not run as a formula."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def export_csv(games: Iterable[Any]) -> str:
    """One row per player per game: date, game (its name: a score pad's title), player, score, place and winner (yes/no)
    as the rules rank it (the lowest total first where it wins), id."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_COLUMNS)
    for record in _finished(games):
        try:
            result = scoring.score(record)
            title = scoring.GAMES[record["game"]].display_title(record.get("variant") or {})  # a score pad's own: "Hearts"
            played = played_when(record["played_at"]).date().isoformat()  # the file's date (docs/format.md): never translated
        except (ValueError, OverflowError) as e:  # start-up sets such a record aside: one stored some other way
            raise ExportError(
                _("{game} cannot be exported: {reason}").format(game=game_label(record), reason=reason_of(e, record))
            ) from None
        for player in record["players"]:
            writer.writerow(
                (
                    played,
                    cell(title),
                    cell(player),
                    result.totals[player],
                    result.place_of(player),
                    "yes" if player in result.winners else "no",  # the file's values (docs/format.md): never translated
                    cell(record["id"]),
                    cell(record.get("location") or ""),
                    cell(record.get("notes") or ""),
                )
            )
    return out.getvalue()


def game_label(record: dict) -> str:
    """How an export names a game: "the game of 9999-12-31 (id abc)"."""
    game_id = record.get("id")
    shown = game_id if isinstance(game_id, str) and game_id.isprintable() else ascii(game_id)
    played_at = record.get("played_at")
    written = day(played_at) if isinstance(played_at, str) and played_at[:10].isprintable() else "?"
    return _("the game of {day} (id {id})").format(day=written, id=shown)


def reason_of(error: Exception, record: dict) -> str:
    """Why a record could not be written, in words: the checks' own sentence where there is one."""
    if isinstance(error, scoring.RecordError):
        return refusal(error)
    problem = metadata_problem(record)
    return spoken(problem) if problem else _("its date cannot be read in this time zone")


def refusal(error: Exception) -> str:
    """An error's words in the reader's language, as str(error) says them in English: a RecordError's place in
    the record (its keys, as written) and its message (the rules' words, said by `spoken`)."""
    if isinstance(error, scoring.RecordError):
        message = spoken(error.message)
        return " › ".join(spoken(step) for step in error.where) + ": " + message if error.where else message
    said = error.args[0] if len(error.args) == 1 else None
    return spoken(said) if isinstance(said, Said) else str(error)


def export_damaged(damaged: Iterable[Any]) -> str:
    """The records set aside as damaged, raw, with where they were found and why."""
    return json.dumps({"damaged": [d.to_json() for d in damaged]}, ensure_ascii=False, indent=1) + "\n"


# The longest whole number an import takes: what a spreadsheet (and JavaScript) keeps exactly, far
# beyond any score; Python itself refuses more than 4,300 digits, in words meant for programmers.
MAX_DIGITS = 15

SHAPE = N_("expected a game record, a list of records, or an export {example}")
SHAPE_EXAMPLE = '{"format": 1, "games": [...]}'  # an export's JSON: never translated


def shape() -> str:
    """What an import file must hold, in words."""
    return _(SHAPE).format(example=SHAPE_EXAMPLE)


def _records_of(data: Any, name: str) -> list:
    if isinstance(data, list):
        return data
    if isinstance(data, dict) and "games" in data and "game" not in data:
        extra = sorted(set(data) - {"format", "games"})
        if extra:
            raise ImportFileError(
                _("{file}: unknown field {field} in an export ({shape})").format(file=name, field=repr(extra[0]), shape=shape())
            )
        if data.get("format", EXPORT_FORMAT) != EXPORT_FORMAT:
            raise ImportFileError(
                _("{file}: export format {format} is not supported (this reader knows format 1)").format(
                    file=name, format=repr(data["format"])
                )
            )
        if not isinstance(data["games"], list):
            raise ImportFileError(_('{file}: "games" must be a list of records').format(file=name))
        return data["games"]
    if isinstance(data, dict) and "game" in data:
        return [data]
    raise ImportFileError(f"{name}: {shape()}")


Progress = Callable[[int, int], None]  # (records done, records in all): long work says how far it is
PROGRESS_EVERY = 200  # records between two reports


def read_import(data: str | bytes, name: str, progress: Progress | None = None) -> list[dict]:
    """The records in an import file, every one checked; raises ImportFileError naming file, record and field.
    `progress` hears how many are checked (from the thread that runs this: ui/views/import_export.py runs it in a worker)."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8-sig")
        except UnicodeDecodeError:
            raise ImportFileError(_("{file}: not a text file (expected JSON in UTF-8)").format(file=name)) from None
    if data.startswith("\ufeff"):  # a byte order mark, as some editors write
        data = data[1:]
    try:
        parsed = json_text.loads(data, max_digits=MAX_DIGITS)
    except json_text.NumberTooLong as e:
        raise ImportFileError(within([name, *_place_in_file(e.parsed, e.where)], spoken(e.message))) from None
    except scoring.RecordError as e:  # a key given twice: one of the two would be lost
        raise ImportFileError(within([name], refusal(e))) from None
    except json.JSONDecodeError as e:  # its reason is Python's own, in English
        raise ImportFileError(
            _("{file}: not JSON ({reason} at line {line}, column {column})").format(file=name, reason=e.msg, line=e.lineno, column=e.colno)
        ) from None
    except (ValueError, RecursionError) as e:  # NaN or Infinity; nesting too deep to read
        reason = refusal(e) if isinstance(e, ValueError) else _("nested too deeply")
        raise ImportFileError(_("{file}: not JSON ({reason})").format(file=name, reason=reason)) from None
    records = _records_of(parsed, name)
    first_seen: dict[str, int] = {}
    for position, record in enumerate(records, start=1):
        if progress is not None and position % PROGRESS_EVERY == 0:
            progress(position, len(records))
        label = record_label(position, record)
        try:
            result = scoring.score(record)
        except scoring.RecordError as e:
            raise ImportFileError(within([name, label], refusal(e))) from None
        if not result.decided:
            raise ImportFileError(
                _("{file}: {record}: the game is not finished (no result yet); only finished games can be imported").format(
                    file=name, record=label
                )
            )
        if "id" in record:
            problem = id_problem(record["id"])
            if problem:
                raise ImportFileError(within([name, label], spoken(problem)))
            if record["id"] in first_seen:
                raise ImportFileError(
                    _("{file}: {record} repeats the id of record {position}: two games cannot share an id").format(
                        file=name, record=label, position=first_seen[record["id"]]
                    )
                )
            first_seen[record["id"]] = position
        problem = metadata_problem(record, arriving=True, finished=True)  # what the store checks again at every start (checks.py)
        if problem:
            raise ImportFileError(within([name, label], spoken(problem)))
    return records


def record_label(position: int, record: Any) -> str:
    """How a refusal names a record of a file: "record 3 (id abc)"."""
    if isinstance(record, dict) and isinstance(record.get("id"), str):
        shown = record["id"] if record["id"].isprintable() else ascii(record["id"])  # a newline in an id stays on one line
        return _("record {position} (id {id})").format(position=position, id=shown)
    return _("record {position}").format(position=position)


def within(places: list[str], problem: str) -> str:
    """A problem at a place of a file, "games.json: record 3: final › Ana: it is negative" (each step a sentence of
    the catalog: French puts a no-break space before the colon)."""
    for place in reversed(places):
        problem = _("{place}: {problem}").format(place=place, problem=problem)
    return problem


def _place_in_file(parsed: Any, where: tuple[str, ...]) -> list[str]:
    """A place in an import file's JSON ("games › item 3 › final › Ana › gg") as a refusal says it, step by step:
    ["record 3 (id abc)", "final › Ana › gg"] (an export's own fields, or the file itself, as they are)."""
    steps = list(where)
    records: Any = None
    if isinstance(parsed, list):
        records = parsed
    elif isinstance(parsed, dict) and "games" in parsed and "game" not in parsed and steps[:1] == ["games"]:
        records, steps = parsed["games"], steps[1:]
    elif isinstance(parsed, dict) and "game" in parsed:
        records, steps = [parsed], ["item 1", *steps]
    if isinstance(records, list) and steps and steps[0].startswith("item "):
        position = int(steps[0].removeprefix("item "))
        head = record_label(position, records[position - 1])
        return [head, " › ".join(steps[1:])] if steps[1:] else [head]
    return [" › ".join(where)] if where else []


def read_imports(files: Iterable[tuple[str, str | bytes]]) -> list[dict]:
    """The records of several import files (name, content), each checked as by read_import; an id
    given in two files is an error naming both."""
    records: list[dict] = []
    where: dict[str, str] = {}
    for name, data in files:
        for position, record in enumerate(read_import(data, name), start=1):
            game_id = record.get("id")
            if game_id is not None:
                if game_id in where:
                    raise ImportFileError(
                        _("{file}: record {position} (id {id}) repeats the id of {other}: two games cannot share an id").format(
                            file=name, position=position, id=game_id, other=where[game_id]
                        )
                    )
                where[game_id] = within([name], _("record {position}").format(position=position))
            records.append(record)
    return records


def already_present(records: list[dict], known: Any) -> int:
    """How many records an import would skip: ids already stored (`known(id)` true)."""
    return sum(1 for record in records if record.get("id") is not None and known(record["id"]))
