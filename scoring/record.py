"""The envelope of a record (docs/format.md): format, game, players, variant, rounds or final, metadata.

Each game module parses its own `variant` and body; this module checks what all games share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, NamedTuple

from .actions import Action, Table
from .clock import parse_clock
from .fields import RECORD, RecordError, check_keys, need_choice, need_int, need_list, need_object, need_str
from .names import name_key
from .result import Result
from .words import Said

METADATA = ("id", "played_at", "location", "notes")
# `clock` (clock.py) and `photos` (the references of the tableaux' photos, checked by the app): kept, never scored.
OPTIONAL = ("format", "variant", *METADATA, "clock", "photos")  # record fields besides game, players and the body
BODIES = ("rounds", "final")
FIELDS = {body: frozenset(("game", "players", body, *OPTIONAL)) for body in BODIES}  # all a record may hold


def no_choices(body: Any) -> dict[str, str]:
    return {}


def no_refusal(table: Table, action: Action) -> str | None:
    return None


def no_moves(table: Table) -> Iterable[Action]:
    return ()


def plain_option_words(changed: Mapping[str, Any], players: int | None) -> tuple[str, ...]:
    """An option in words where its game says nothing better: "first player penalty: 4" (the option's key
    as words, in English: a game whose options a person reads gives its own `option_words`)."""
    return tuple(Said("{option}: {value}", option=key.replace("_", " "), value=value) for key, value in changed.items())


def scored_once(game: Any) -> tuple[int, int] | None:
    """A game scored once at the end has no rounds to count."""
    return None


def higher_wins(variant: Mapping[str, Any]) -> bool:
    """The usual direction: the highest total ranks first."""
    return False


def no_own_fields(game: Any, fields: Mapping[str, Any]) -> Any:
    return game


@dataclass(frozen=True)
class Ending:
    """When a game ends, as its rules say for a variant (GameRules.ending). All empty: scored once, at the end.

    - `rounds`: after this many rounds (Lost Cities' 1 or 3; Card Commons' regular rounds, then extra ones
      while the totals are level);
    - `total`: after the round in which any total reaches this or more (6 nimmt!'s 66, a score pad's target);
    - `by_players`: when the players say so (a score pad's "Finish game", with or without a target).

    Whether a record has ended is its Result's `decided`; this is what the screens say of the end before it comes.
    """

    rounds: int | None = None
    total: int | None = None
    by_players: bool = False

    @property
    def scored_once(self) -> bool:
        return self.rounds is None and self.total is None and not self.by_players


AT_THE_END = Ending()  # a game scored once, at the end


def ends_once_scored(variant: Mapping[str, Any]) -> Ending:
    return AT_THE_END


def title_key(title: str) -> str:
    """Two titles are one game when their keys are equal: as player names (names.name_key), spaces run together.

    >>> title_key(" Hearts  Deluxe") == title_key("hearts deluxe")
    True
    """
    return name_key(" ".join(title.split()))


# A game as statistics group it: (the rules' key, the game's own name where it is per record, else "").
# ("lost-cities", "") for every game of Lost Cities; ("score-pad", "hearts") for every score pad titled Hearts.
GameIdentity = tuple[str, str]


@dataclass(frozen=True)
class GameRules:
    """Everything the rest of the world needs to know of a game; each game module makes one (its
    `GAME`) and scoring/registry.py lists them."""

    key: str
    title: str
    min_players: int
    max_players: int
    body: str  # "rounds" for games scored round by round, "final" for games scored once
    parse: Callable[[tuple[str, ...], Mapping[str, Any], Any], Any]
    score: Callable[[Any], Result]
    # A new game's body: (players, variant, each player's setup choice such as a colour) → body.
    new_body: Callable[[tuple[str, ...], Mapping[str, Any], Mapping[str, str]], Any]
    # The game's actions (scoring/actions.py): (table, action) → table, or RecordError.
    apply: Callable[[Table, Action], Table]
    # "May I?": why the rules refuse an action on a table now, in their words (a Said); None when they allow it.
    # The game's apply refuses with it, and the screens draw a card free or taken from it.
    refusal: Callable[[Table, Action], str | None] = no_refusal
    default_variant: Mapping[str, Any] = field(default_factory=dict)
    # Where the body is keyed by player: paths from the record (a "*" step: every item of a list),
    # and likewise in the draft. Renaming a player and the seat checks follow them.
    player_keyed: tuple[tuple[str, ...], ...] = ()
    draft_player_keyed: tuple[tuple[str, ...], ...] = ()
    # Each player's setup choice as the body records it (kept for a rematch), e.g. a colour.
    choices_of: Callable[[Any], Mapping[str, str]] = no_choices
    # "How scoring works" in our own words (Markdown bullets): the help card and docs/scoring.md's section.
    # Marked with N_ (words.py) where the game defines it: the app says it with its `_`.
    how_scoring_works: str = ""
    # The names of the first n rounds on the score pad, from the variant: (variant, n) → names;
    # None: numbered 1, 2, … (Card Commons names them by their multiplier).
    round_names: Callable[[Mapping[str, Any], int], tuple[str, ...]] | None = None
    # How far a game played in rounds has come, from its parsed record: (rounds played, rounds planned);
    # None where no number of rounds is planned: a game scored once, or one that ends on a total or when the
    # players end it (`ending` says which). Played may pass planned (Card Commons' extra rounds after a tie).
    progress: Callable[[Any], tuple[int, int] | None] = scored_once
    # The options that differ from the game's default, in a few words (the setup screen's "As last time: …",
    # BG Stats' board): (those options, the number of players, None before it is known) → the words (each a Said).
    option_words: Callable[[Mapping[str, Any], int | None], tuple[str, ...]] = plain_option_words
    # BoardGameGeek's id of the game, where verified (BG Stats matches the others by their title).
    bgg_id: int | None = None
    # Whether anything has been entered yet, from the parsed record (before that, level totals are no tie to
    # explain, and no one is "1st"); None: any total other than 0 (a game whose totals start at 0).
    entered: Callable[[Any], bool] | None = None
    # The taps a person could make on this table now (python-chess's move generator for a card table):
    # candidates, which `refusal` and `apply` still judge. A walk of them reaches any table play reaches;
    # the tests walk every registered game by it, so a new game is tested without a list of its own.
    moves: Callable[[Table], Iterable[Action]] = no_moves
    # Whether a player's part of a round, as the record keeps it, counts as entered (Home's "Ana entered, Ben not
    # yet"); None: anything but an empty or zero part. A score pad's 0 is a score written down.
    part_entered: Callable[[Any], bool] | None = None
    # The direction of the ranking for a variant (the record's, missing keys taking the default): True where the
    # lowest total ranks first. Every Result of the game carries the same answer (Result.lower_wins); this is for
    # code that has no Result (a column heading, Setup).
    lower_wins: Callable[[Mapping[str, Any]], bool] = higher_wins
    # When the game ends, for a variant (Ending): a number of rounds, a total reached, the players' word, or scored once.
    ending: Callable[[Mapping[str, Any]], Ending] = ends_once_scored
    # Where a game's name is the record's own (a score pad: its variant's title): (variant) → the name; None: `title`.
    # Said through `display_title` and `identity`.
    variant_title: Callable[[Mapping[str, Any]], str] | None = None
    # Where a game's BoardGameGeek id is the record's own (a score pad's `bgg_id`): (variant) → the id or None;
    # None: `bgg_id`. Said through `bgg_id_of`.
    variant_bgg_id: Callable[[Mapping[str, Any]], int | None] | None = None
    # Top-level fields of the game's own, beside the envelope's and its body (a score pad's `finished`): allowed
    # in its records only, and read after the body by `read_fields(parsed game, the fields present)`, which
    # returns the parsed game with them (or raises RecordError).
    own_fields: tuple[str, ...] = ()
    read_fields: Callable[[Any, Mapping[str, Any]], Any] = no_own_fields

    def display_title(self, variant: Mapping[str, Any]) -> str:
        """The game's name as people say it, for a record's variant: "Lost Cities", "6 nimmt!", a score pad's "Hearts"."""
        return self.variant_title(variant) if self.variant_title is not None else self.title

    def identity(self, variant: Mapping[str, Any]) -> GameIdentity:
        """The game as statistics, ratings and Tonight group it: (key, "") for a game with rules of its own; for one
        named per record (a score pad), (key, the name's key: cleaned and case-insensitive, as player names are
        compared, so "Hearts" and "hearts " are one game). Show a group by `display_title` of one of its records."""
        if self.variant_title is None:
            return (self.key, "")
        return (self.key, title_key(self.variant_title(variant)))

    def bgg_id_of(self, variant: Mapping[str, Any]) -> int | None:
        """BoardGameGeek's id of the game a record is of (BG Stats): the game's own, or a score pad's per record."""
        return self.variant_bgg_id(variant) if self.variant_bgg_id is not None else self.bgg_id

    def variant_words(self, variant: Mapping[str, Any], players: int | None = None) -> tuple[str, ...]:
        """`option_words` of the options of `variant` that differ from the game's default."""
        changed = {key: value for key, value in variant.items() if value is not None and value != self.default_variant.get(key)}
        return self.option_words(changed, players) if changed else ()

    def at_end(self, game: Any, result: Result) -> bool:
        """Whether the table has reached the end: the result decided and, for a game of planned rounds, every
        planned round played. (A record's `decided` counts a planned last round that exists, even empty:
        docs/format.md; the table calls a game over once that round is played.)"""
        progress = self.progress(game)
        return result.decided and (progress is None or progress[0] >= progress[1])

    def anything_entered(self, game: Any) -> bool:
        """`entered`, defined once per game (see the field)."""
        return self.entered(game) if self.entered is not None else any(self.score(game).totals.values())

    @property
    def player_counts(self) -> str:
        """How many play it, in words: "2 players", "2–6 players"."""
        if self.min_players == self.max_players:
            return Said.counted("{count} player", "{count} players", self.min_players)
        return Said("{low}–{high} players", low=self.min_players, high=self.max_players)


_new = tuple.__new__  # makes a named tuple without its Python-level __new__


class Record(NamedTuple):  # a named tuple: immutable too, and built several times faster (on every tap)
    rules: GameRules
    players: tuple[str, ...]
    game: Any  # the game module's own frozen record
    metadata: Mapping[str, str]


def parse_players(raw: Any, rules: GameRules) -> tuple[str, ...]:
    where = ("players",)
    names = need_list(raw, where)
    seen: set[str] = set()
    for i, name in enumerate(names, start=1):
        if name.__class__ is not str:
            need_str(name, where + (Said("player {n}", n=i),))
        if not name.strip():
            raise RecordError(where + (Said("player {n}", n=i),), Said("a name cannot be empty"))
        if name in seen:
            raise RecordError(where, Said("'{player}' appears twice", player=name))
        seen.add(name)
    if not rules.min_players <= len(names) <= rules.max_players:
        raise RecordError(
            where, Said("{game} is played by {players}, not {count}", game=rules.title, players=rules.player_counts, count=len(names))
        )
    return tuple(names)


def parse_metadata(raw: dict[str, Any]) -> dict[str, str]:
    metadata: dict[str, str] = {}
    if raw.keys().isdisjoint(METADATA):  # the usual record while it is played
        return metadata
    for key in METADATA:
        if key in raw:
            metadata[key] = need_str(raw[key], (key,))
    if "played_at" in metadata:
        try:
            datetime.fromisoformat(metadata["played_at"])
        except ValueError:
            raise RecordError(("played_at",), Said("'{text}' is not an ISO 8601 date and time", text=metadata["played_at"])) from None
    return metadata


def parse_record(raw: Any, games: Mapping[str, GameRules]) -> Record:
    record = need_object(raw, (RECORD,))
    if "format" in record:
        need_int(record["format"], ("format",))
        if record["format"] != 1:
            raise RecordError(("format",), Said("format {format} is not supported (this reader knows format 1)", format=record["format"]))
    if "game" not in record:
        raise RecordError((RECORD,), Said("missing field '{key}'", key="game"))
    rules = games[need_choice(record["game"], ("game",), games)]
    if not (record.keys() <= FIELDS[rules.body] and "players" in record and rules.body in record):
        # names the fault; a game's own fields (a score pad's `finished`) are allowed in its records only
        check_keys(record, (RECORD,), required=("game", "players", rules.body), optional=OPTIONAL + rules.own_fields)
    players = parse_players(record["players"], rules)
    variant = need_object(record.get("variant", {}), ("variant",))
    game = rules.parse(players, variant, record[rules.body])
    if rules.own_fields:
        game = rules.read_fields(game, {key: record[key] for key in rules.own_fields if key in record})
    if "clock" in record:
        parse_clock(record["clock"])
    return _new(Record, (rules, players, game, parse_metadata(record)))


def parse_one(rules: GameRules, record: Any) -> Record:
    """`record` validated whole (envelope and body) as a record of `rules`' game; raises RecordError.
    A game's `apply` checks its new table with it: the parse it returns is the one the tap keeps."""
    return parse_record(record, {rules.key: rules})


def parsed_game(rules: GameRules, table: Table) -> Any:
    """The game module's parsed record of `table`: the parse it carries, or a new one."""
    parsed = table.parsed if table.parsed is not None else parse_one(rules, table.record)
    return parsed.game
