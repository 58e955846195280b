"""BoardGameGeek: The Card Game (2–6 players): played groups n² (+2n with Popular),
collection groups n(n+1)/2 (+n per Rare Gem).

Rules: the published rulebook; readings: docs/scoring.md › BoardGameGeek: The Card Game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any

from .actions import Action, Table, Unchanged, edited
from .fields import (
    RecordError,
    check_keys,
    check_player_keys,
    need_bool,
    need_choice,
    need_int,
    need_list,
    need_object,
)
from .record import GameRules, Record, parse_one, parsed_game
from .result import Line, Result, Tiebreak, scored_once
from .words import N_, Said, listed

SUBDOMAINS = ("abstract", "customizable", "childrens", "family", "party", "strategy", "thematic", "war")
SUBDOMAIN_SET = frozenset(SUBDOMAINS)
CARDS_PER_SUBDOMAIN = 10
PLAYED_MIN, PLAYED_MAX = 2, 10
COLLECTION_MIN, COLLECTION_MAX = 2, len(SUBDOMAINS)
# How a subdomain is said to people: the record's key `childrens` has no apostrophe (docs/format.md).
SPOKEN: dict[str, str] = {
    "abstract": Said("abstract"),
    "customizable": Said("customizable"),
    "childrens": Said("children's"),
    "family": Said("family"),
    "party": Said("party"),
    "strategy": Said("strategy"),
    "thematic": Said("thematic"),
    "war": Said("war"),
}
# How a record's errors name a subdomain: by its key, as the record writes it (`childrens`).
KEY_WORDS: dict[str, str] = SPOKEN | {"childrens": Said("childrens")}
# A subdomain said before the noun it describes agrees with it in other languages (French "une carte abstraite",
# "un groupe abstrait", "des cartes abstraites"): beside each noun, words of their own (the noun is their context).
BESIDE: dict[str, dict[str, str]] = {
    "card": {
        "abstract": Said.beside("card", "abstract"),
        "customizable": Said.beside("card", "customizable"),
        "childrens": Said.beside("card", "children's"),
        "family": Said.beside("card", "family"),
        "party": Said.beside("card", "party"),
        "strategy": Said.beside("card", "strategy"),
        "thematic": Said.beside("card", "thematic"),
        "war": Said.beside("card", "war"),
    },
    "cards": {
        "abstract": Said.beside("cards", "abstract"),
        "customizable": Said.beside("cards", "customizable"),
        "childrens": Said.beside("cards", "children's"),
        "family": Said.beside("cards", "family"),
        "party": Said.beside("cards", "party"),
        "strategy": Said.beside("cards", "strategy"),
        "thematic": Said.beside("cards", "thematic"),
        "war": Said.beside("cards", "war"),
    },
    "group": {
        "abstract": Said.beside("group", "abstract"),
        "customizable": Said.beside("group", "customizable"),
        "childrens": Said.beside("group", "children's"),
        "family": Said.beside("group", "family"),
        "party": Said.beside("group", "party"),
        "strategy": Said.beside("group", "strategy"),
        "thematic": Said.beside("group", "thematic"),
        "war": Said.beside("group", "war"),
    },
    "Rare Gem": {
        "abstract": Said.beside("Rare Gem", "abstract"),
        "customizable": Said.beside("Rare Gem", "customizable"),
        "childrens": Said.beside("Rare Gem", "children's"),
        "family": Said.beside("Rare Gem", "family"),
        "party": Said.beside("Rare Gem", "party"),
        "strategy": Said.beside("Rare Gem", "strategy"),
        "thematic": Said.beside("Rare Gem", "thematic"),
        "war": Said.beside("Rare Gem", "war"),
    },
}


def beside(noun: str, subdomain: str) -> str:
    """A subdomain as it agrees with `noun` ("card", "cards", "group", "Rare Gem"); a key of no subdomain as it is."""
    return BESIDE[noun].get(subdomain, subdomain)


def key_word(subdomain: str) -> str:
    """A subdomain's key as the record's errors name it, in words the app can translate."""
    return KEY_WORDS.get(subdomain, subdomain)


@dataclass(frozen=True)
class PlayedGroup:
    subdomain: str
    cards: int
    popular: bool = False

    def points(self) -> int:
        """line().points, without building the line."""
        return self.cards * (self.cards + 2) if self.popular else self.cards * self.cards

    def line(self) -> Line:
        base = self.cards**2
        if self.popular:
            label = Said("{subdomain} played {cards} with Popular", subdomain=SPOKEN[self.subdomain], cards=self.cards)
            return Line(label, base + 2 * self.cards, f"{base} + {2 * self.cards}")
        return Line(Said("{subdomain} played {cards}", subdomain=SPOKEN[self.subdomain], cards=self.cards), base, f"{self.cards}²")


@dataclass(frozen=True)
class CollectionGroup:
    subdomains: tuple[str, ...]
    rare_gems: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.subdomains)

    def points(self) -> int:
        """line().points, without building the line."""
        n = len(self.subdomains)
        return n * (n + 1) // 2 + len(self.rare_gems) * n

    def line(self) -> Line:
        n = self.size
        base = n * (n + 1) // 2
        label = Said("collection of {n} ({subdomains})", n=n, subdomains=listed(SPOKEN[s] for s in self.subdomains))
        if self.rare_gems:
            gems = len(self.rare_gems)
            with_gems = Said.counted("{label} with {count} Rare Gem", "{label} with {count} Rare Gems", gems, label=label)
            return Line(with_gems, base + gems * n, f"{base} + {gems} × {n}")
        return Line(label, base, f"{n}×{n + 1}/2")


@dataclass(frozen=True)
class Tableau:
    played: tuple[PlayedGroup, ...] = ()
    collections: tuple[CollectionGroup, ...] = ()

    def lines(self) -> tuple[Line, ...]:
        return tuple(g.line() for g in self.played) + tuple(g.line() for g in self.collections)

    def points(self) -> int:
        """The sum of lines(), without building them."""
        return sum(g.points() for g in self.played) + sum(g.points() for g in self.collections)

    @property
    def largest_played(self) -> int:
        return max((g.cards for g in self.played), default=0)

    @property
    def largest_collection(self) -> int:
        return max((g.size for g in self.collections), default=0)


@dataclass(frozen=True)
class Game:
    players: tuple[str, ...]
    tableaux: Mapping[str, Tableau]


def parse_played(raw: Any, where: tuple[str, ...]) -> PlayedGroup:
    need_object(raw, where)
    check_keys(raw, where, required=("subdomain", "cards"), optional=("popular",))
    return PlayedGroup(  # positional: cheaper to call
        need_choice(raw["subdomain"], where + ("subdomain",), SUBDOMAINS),
        need_int(raw["cards"], where + ("cards",), PLAYED_MIN, PLAYED_MAX),
        need_bool(raw.get("popular", False), where + ("popular",)),
    )


def parse_collection(raw: Any, where: tuple[str, ...]) -> CollectionGroup:
    need_object(raw, where)
    check_keys(raw, where, required=("subdomains",), optional=("rare_gems",))
    at = where + ("subdomains",)
    subdomains = need_list(raw["subdomains"], at)
    for s in subdomains:
        need_choice(s, at, SUBDOMAINS)
    if len(set(subdomains)) != len(subdomains):
        for s, n in Counter(subdomains).items():
            if n > 1:
                raise RecordError(at, Said("{subdomain} appears twice; a collection holds one card per subdomain", subdomain=key_word(s)))
    if not COLLECTION_MIN <= len(subdomains) <= COLLECTION_MAX:
        raise RecordError(at, collection_size(len(subdomains)))
    at = where + ("rare_gems",)
    gems = need_list(raw.get("rare_gems", []), at)
    for g in gems:
        need_choice(g, at, SUBDOMAINS)
        if g not in subdomains:
            raise RecordError(at, Said("the {subdomain} Rare Gem is not in this collection", subdomain=beside("Rare Gem", g)))
    if len(set(gems)) != len(gems):
        twice = next(g for g in gems if gems.count(g) > 1)
        raise RecordError(at, Said("the {subdomain} Rare Gem is listed twice", subdomain=beside("Rare Gem", twice)))
    return CollectionGroup(tuple(subdomains), tuple(gems))  # positional: cheaper to call


def collection_size(size: int) -> Said:
    """The refusal of a collection of `size` subdomains, too few or too many."""
    return Said("a collection holds {low} to {high} subdomains, not {size}", low=COLLECTION_MIN, high=COLLECTION_MAX, size=size)


def usual_played(raw: Any) -> PlayedGroup | None:
    """The usual played group, checked inline and cheaply (this runs on every tap); None sends
    anything else to parse_played, which names the fault (its location is built only then)."""
    if raw.__class__ is dict and len(raw) == 2 + ("popular" in raw):
        subdomain, n, popular = raw.get("subdomain"), raw.get("cards"), raw.get("popular", False)
        if (
            subdomain.__class__ is str
            and subdomain in SUBDOMAIN_SET
            and n.__class__ is int
            and PLAYED_MIN <= n <= PLAYED_MAX
            and popular.__class__ is bool
        ):
            return PlayedGroup(subdomain, n, popular)
    return None


def usual_collection(raw: Any) -> CollectionGroup | None:
    """As usual_played, for a collection group and parse_collection."""
    if raw.__class__ is not dict or len(raw) != 1 + ("rare_gems" in raw):
        return None
    subdomains, gems = raw.get("subdomains"), raw.get("rare_gems", [])
    if subdomains.__class__ is not list or gems.__class__ is not list:
        return None
    try:
        distinct, distinct_gems = set(subdomains), set(gems)
    except TypeError:  # an entry that cannot be a name (a list, an object)
        return None
    if (
        COLLECTION_MIN <= len(subdomains) <= COLLECTION_MAX
        and len(distinct) == len(subdomains)
        and distinct <= SUBDOMAIN_SET
        and len(distinct_gems) == len(gems)
        and distinct_gems <= distinct
    ):
        return CollectionGroup(tuple(subdomains), tuple(gems))
    return None


def parse_tableau(raw: Any, where: tuple[str, ...]) -> Tableau:
    need_object(raw, where)
    check_keys(raw, where, optional=("played", "collections"))
    played = tuple(
        usual_played(g) or parse_played(g, where + (Said("played {n}", n=i),))
        for i, g in enumerate(need_list(raw.get("played", []), where + ("played",)), start=1)
    )
    if len(played) > 1 and len({g.subdomain for g in played}) < len(played):
        seen = set()
        for g in played:
            if g.subdomain in seen:
                raise RecordError(
                    where + ("played",),
                    Said("two played groups of {subdomain}; a later Play adds to the first", subdomain=key_word(g.subdomain)),
                )
            seen.add(g.subdomain)
    collections = tuple(
        usual_collection(g) or parse_collection(g, where + (Said("collection {n}", n=i),))
        for i, g in enumerate(need_list(raw.get("collections", []), where + ("collections",)), start=1)
    )
    return Tableau(played=played, collections=collections)


def check_deck(tableaux: Mapping[str, Tableau]) -> None:
    """Across all players: 10 cards, one Popular and one Rare Gem per subdomain."""
    cards = dict.fromkeys(SUBDOMAINS, 0)
    popular: dict[str, str] = {}  # subdomain → the player holding its Popular card
    gems: dict[str, str] = {}  # subdomain → the player holding its Rare Gem
    for player, t in tableaux.items():
        for g in t.played:
            cards[g.subdomain] += g.cards
            if g.popular:
                if g.subdomain in popular:
                    also = Said(
                        "the {subdomain} Popular card is also on {player}'s tableau",
                        subdomain=beside("card", g.subdomain),
                        player=popular[g.subdomain],
                    )
                    raise RecordError(("final", player, "played"), also)
                popular[g.subdomain] = player
        for c in t.collections:
            for subdomain in c.subdomains:
                cards[subdomain] += 1
            for gem in c.rare_gems:
                if gem in gems:
                    raise gem_twice(tableaux, gem, player, c)
                gems[gem] = player
    for subdomain, n in cards.items():
        if n > CARDS_PER_SUBDOMAIN:
            holders = ", ".join(f"{p} {k}" for p, t in tableaux.items() if (k := cards_of(t, subdomain)))
            too_many = Said(
                "{count} {subdomain} cards across all players ({holders}); the deck has {deck}",
                count=n,
                subdomain=beside("cards", subdomain),
                holders=holders,
                deck=CARDS_PER_SUBDOMAIN,
            )
            raise RecordError(("final",), too_many)


def gem_twice(tableaux: Mapping[str, Tableau], gem: str, player: str, collection: CollectionGroup) -> RecordError:
    """The error for a subdomain's Rare Gem found a second time, in `collection` of `player`: where
    both are ("in collection 1" when the player holds the first too, else "on Ana's tableau")."""
    here = next(i for i, c in enumerate(tableaux[player].collections, start=1) if c is collection)
    first = next((holder, i) for holder, t in tableaux.items() for i, c in enumerate(t.collections, start=1) if gem in c.rare_gems)
    if first[0] == player:
        also = Said("the {subdomain} Rare Gem is also in collection {number}", subdomain=beside("Rare Gem", gem), number=first[1])
    else:
        also = Said("the {subdomain} Rare Gem is also on {player}'s tableau", subdomain=beside("Rare Gem", gem), player=first[0])
    return RecordError(("final", player, Said("collection {n}", n=here), "rare_gems"), also)


def cards_of(t: Tableau, subdomain: str) -> int:
    return sum(g.cards for g in t.played if g.subdomain == subdomain) + sum(subdomain in c.subdomains for c in t.collections)


def parse(players: tuple[str, ...], variant_raw: Mapping[str, Any], final_raw: Any) -> Game:
    check_keys(variant_raw, ("variant",))
    need_object(final_raw, ("final",))
    check_player_keys(final_raw, ("final",), players)
    tableaux = {p: parse_tableau(final_raw[p], ("final", p)) for p in players}
    check_deck(tableaux)
    return Game(players=players, tableaux=tableaux)


def cards_left(game: Game, subdomain: str) -> int:
    """Cards of a subdomain not on anyone's tableau."""
    used = sum(g.cards for t in game.tableaux.values() for g in t.played if g.subdomain == subdomain)
    used += sum(subdomain in c.subdomains for t in game.tableaux.values() for c in t.collections)
    return CARDS_PER_SUBDOMAIN - used


def popular_holder(game: Game, subdomain: str) -> str | None:
    return next((p for p, t in game.tableaux.items() for g in t.played if g.subdomain == subdomain and g.popular), None)


def gem_holder(game: Game, subdomain: str) -> str | None:
    return next((p for p, t in game.tableaux.items() for c in t.collections if subdomain in c.rare_gems), None)


def cards(n: int) -> str:
    return Said.counted("{count} card", "{count} cards", n)


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return ({p: game.tableaux[p].lines() for p in game.players},)


def tiebreaks(game: Game) -> tuple[Tiebreak, ...]:
    return (
        Tiebreak(Said("largest played group"), lambda p: game.tableaux[p].largest_played, cards),
        Tiebreak(Said("largest collection group"), lambda p: game.tableaux[p].largest_collection, cards),
    )


def score(game: Game) -> Result:
    totals = {p: game.tableaux[p].points() for p in game.players}
    return scored_once(GAME.key, game.players, totals, lambda: tiebreaks(game), lambda: breakdown(game))


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
    return {p: {"played": [], "collections": []} for p in players}


# --- Actions: what a tap at the table does ---------------------------------------------------
#
# Played groups are stepped by deltas (two devices' "+1" both count). A collection is named by its
# number and the subdomains the screen showed in it (`seen`): another device may have removed an
# earlier collection meanwhile, so the number alone could point at a different one.


@dataclass(frozen=True)
class StepPlayed(Action):
    """One tap of a played group's − or +. A Play lays 2 cards at least, so +1 from nothing makes a
    group of 2 and −1 from 2 ends the group (and takes its Popular card back)."""

    player: str
    subdomain: str
    step: int  # +1 or −1


@dataclass(frozen=True)
class SetPopular(Action):
    player: str
    subdomain: str
    held: bool


@dataclass(frozen=True)
class AddCollection(Action):
    """A new collection group; `number` is the one it gets as the screen showed it (the same
    collection sent from two devices at once is stored once)."""

    player: str
    subdomains: tuple[str, ...]
    number: int


@dataclass(frozen=True)
class AddToCollection(Action):
    player: str
    number: int
    seen: tuple[str, ...]
    subdomain: str


@dataclass(frozen=True)
class RemoveFromCollection(Action):
    player: str
    number: int
    seen: tuple[str, ...]
    subdomain: str


@dataclass(frozen=True)
class SetRareGem(Action):
    player: str
    number: int
    seen: tuple[str, ...]
    subdomain: str
    held: bool


@dataclass(frozen=True)
class RemoveCollection(Action):
    player: str
    number: int
    seen: tuple[str, ...]


ACTIONS = (StepPlayed, SetPopular, AddCollection, AddToCollection, RemoveFromCollection, SetRareGem, RemoveCollection)


# --- Queries: what a screen asks before it offers a tap, and what apply refuses with ----------


def played_cards(game: Game, player: str, subdomain: str) -> int:
    return next((g.cards for g in game.tableaux[player].played if g.subdomain == subdomain), 0)


def stepped(cards: int, step: int) -> int:
    """A played group's size after a step: never 1 (a group has 2 cards at least), never below 0."""
    after = max(0, cards + step)
    return (PLAYED_MIN if step > 0 else 0) if 0 < after < PLAYED_MIN else after


def holders(game: Game, subdomain: str) -> str:
    """Who holds cards of a subdomain, e.g. "Dan 4, Aldie 5"."""
    held = ((p, cards_of(t, subdomain)) for p, t in game.tableaux.items())
    return ", ".join(f"{p} {n}" for p, n in held if n)


def short_of(game: Game, subdomain: str, needed: int) -> str | None:
    """Why `needed` more cards of a subdomain cannot come to the table; None when the deck has them."""
    left = cards_left(game, subdomain)
    if left >= needed:
        return None
    if left == 0:
        return Said(
            "all {deck} {subdomain} cards are on the table ({holders})",
            deck=CARDS_PER_SUBDOMAIN,
            subdomain=beside("cards", subdomain),
            holders=holders(game, subdomain),
        )
    return Said(
        "{count} of {deck} {subdomain} cards are on the table ({holders})",
        count=CARDS_PER_SUBDOMAIN - left,
        deck=CARDS_PER_SUBDOMAIN,
        subdomain=beside("cards", subdomain),
        holders=holders(game, subdomain),
    )


def gem_place(game: Game, subdomain: str) -> tuple[str, int] | None:
    """Who holds the Rare Gem of `subdomain`, and in which of their collections (1-based)."""
    return next(((p, i) for p, t in game.tableaux.items() for i, c in enumerate(t.collections, start=1) if subdomain in c.rare_gems), None)


def refusal(table: Table, action: Action) -> str | None:
    """Why the rules refuse `action` now, in words; None when they allow it (scoring.refusal): the deck's
    ten cards of a subdomain, its one Popular card and its one Rare Gem."""
    return why_not(parsed_game(GAME, table), action)


def why_not(game: Game, action: Action) -> str | None:
    """refusal() on the parsed game (apply has it already)."""
    if action.player not in game.tableaux:
        return Said("'{player}' is not a player of this game", player=action.player)
    if isinstance(action, StepPlayed):
        cards = played_cards(game, action.player, action.subdomain)
        after = stepped(cards, action.step)
        if after > PLAYED_MAX:
            return Said("a played group holds at most {count} cards", count=PLAYED_MAX)
        return short_of(game, action.subdomain, after - cards)
    if isinstance(action, SetPopular) and action.held:
        card, holder = beside("card", action.subdomain), popular_holder(game, action.subdomain)
        if holder is not None and holder != action.player:
            return Said("the {subdomain} Popular card is on {player}'s tableau", subdomain=card, player=holder)
        if not played_cards(game, action.player, action.subdomain):
            return Said(
                "the {subdomain} Popular card goes with a played {group} group; {player} has none",
                subdomain=card,
                group=beside("group", action.subdomain),
                player=action.player,
            )
        return None
    if isinstance(action, (AddCollection, AddToCollection)):  # one more card of each subdomain added
        added = action.subdomains if isinstance(action, AddCollection) else (action.subdomain,)
        return next((reason for s in added if (reason := short_of(game, s, 1))), None)
    if isinstance(action, SetRareGem) and action.held:
        gem, place = beside("Rare Gem", action.subdomain), gem_place(game, action.subdomain)
        if place is not None and place != (action.player, action.number):
            return Said("the {subdomain} Rare Gem is in {player}'s collection {number}", subdomain=gem, player=place[0], number=place[1])
        collections = game.tableaux[action.player].collections
        if not 1 <= action.number <= len(collections) or action.subdomain not in collections[action.number - 1].subdomains:
            return Said(
                "the {subdomain} Rare Gem goes with a {card} card in the collection", subdomain=gem, card=beside("card", action.subdomain)
            )
    return None


# --- apply -----------------------------------------------------------------------------------


def check_record(record: dict[str, Any], draft: Any) -> Record:
    """The whole record validated once (the draft is not this game's); its parse is the tap's."""
    return parse_one(GAME, record)


def in_order(subdomains: Any) -> list[str]:
    return sorted(subdomains, key=SUBDOMAINS.index)


def locate(collections: list[dict[str, Any]], number: int, seen: Any) -> int | None:
    """The index of the collection the screen showed as `number` holding `seen`: that number if it
    still holds them, else the first collection that does; None when none does any more."""
    want = set(seen)
    if 1 <= number <= len(collections) and set(collections[number - 1]["subdomains"]) == want:
        return number - 1
    return next((i for i, c in enumerate(collections) if set(c["subdomains"]) == want), None)


def apply(table: Table, action: Action) -> Table:
    record = table.record
    players = tuple(record["players"])
    if not isinstance(action, ACTIONS):
        raise RecordError((), Said("{action} is not an action of {game}", action=type(action).__name__, game=GAME.title))
    player = action.player
    if player not in players:
        raise RecordError((), Said("'{player}' is not a player of this game", player=player))
    game = parsed_game(GAME, table)
    if isinstance(action, (StepPlayed, SetPopular)):
        return apply_played(table, game, action)
    if isinstance(action, AddCollection):
        return add_collection(table, game, action)
    return change_collection(table, game, action)


def moves(table: Table) -> Iterator[Action]:
    """The taps on each tableau (GameRules.moves): a played group stepped or its Popular card, a new collection
    of two, and each collection's subdomains, Rare Gems and removal."""
    game = parsed_game(GAME, table)
    for player, tableau in game.tableaux.items():
        for subdomain in SUBDOMAINS:
            yield from (StepPlayed(player, subdomain, 1), StepPlayed(player, subdomain, -1))
            yield from (SetPopular(player, subdomain, True), SetPopular(player, subdomain, False))
        for pair in combinations(SUBDOMAINS, COLLECTION_MIN):
            yield AddCollection(player, pair, len(tableau.collections) + 1)
        for number, group in enumerate(tableau.collections, 1):
            seen = group.subdomains
            for subdomain in SUBDOMAINS:
                if subdomain in seen:
                    yield RemoveFromCollection(player, number, seen, subdomain)
                    yield SetRareGem(player, number, seen, subdomain, subdomain not in group.rare_gems)
                else:
                    yield AddToCollection(player, number, seen, subdomain)
            yield RemoveCollection(player, number, seen)


def need_subdomain(subdomain: Any, where: tuple[str, ...]) -> str:
    if subdomain not in SUBDOMAIN_SET:
        raise RecordError(where, Said("'{subdomain}' is not a subdomain", subdomain=subdomain))
    return str(subdomain)


def apply_played(table: Table, game: Game, action: StepPlayed | SetPopular) -> Table:
    player, subdomain = action.player, action.subdomain
    need_subdomain(subdomain, ("final", player, "played", str(subdomain)))
    where = ("final", player, "played", SPOKEN[subdomain])
    cards = played_cards(game, player, subdomain)
    if isinstance(action, StepPlayed):
        if action.step not in (1, -1):
            raise RecordError(where, Said("a step is +1 or −1, not {step}", step=action.step))
        after = stepped(cards, action.step)
        if after == cards:
            raise Unchanged(where, Said("{player} has no played {subdomain} group", player=player, subdomain=beside("group", subdomain)))
        reason = why_not(game, action)
        if reason:
            raise RecordError(where, reason)

        def edit(r: dict[str, Any], d: Any) -> None:
            groups = r["final"][player].setdefault("played", [])
            group = next((g for g in groups if g["subdomain"] == subdomain), None)
            if after == 0:
                groups.remove(group)  # its Popular card leaves with it
            elif group is None:
                groups.append({"subdomain": subdomain, "cards": after})
                groups.sort(key=lambda g: SUBDOMAINS.index(g["subdomain"]))
            else:
                group["cards"] = after

        return edited(table, edit, check_record)
    holder = popular_holder(game, subdomain)
    if action.held:
        if holder == player:
            raise Unchanged(
                where,
                Said("the {subdomain} Popular card is already on {player}'s tableau", subdomain=beside("card", subdomain), player=player),
            )
        reason = why_not(game, action)
        if reason:
            raise RecordError(where, reason)
    elif holder != player:
        raise Unchanged(
            where, Said("the {subdomain} Popular card is not on {player}'s tableau", subdomain=beside("card", subdomain), player=player)
        )

    def mark(r: dict[str, Any], d: Any) -> None:
        group = next(g for g in r["final"][player]["played"] if g["subdomain"] == subdomain)
        if action.held:
            group["popular"] = True
        else:
            group.pop("popular", None)

    return edited(table, mark, check_record)


def add_collection(table: Table, game: Game, action: AddCollection) -> Table:
    player = action.player
    where = ("final", player, Said("new collection"))
    subdomains = list(action.subdomains)
    for s in subdomains:
        need_subdomain(s, where)
    if len(set(subdomains)) != len(subdomains):
        raise RecordError(where, Said("a collection holds one card per subdomain"))
    if not COLLECTION_MIN <= len(subdomains) <= COLLECTION_MAX:
        raise RecordError(where, collection_size(len(subdomains)))
    collections = record_collections(table.record, player)
    if 1 <= action.number <= len(collections) and set(collections[action.number - 1]["subdomains"]) == set(subdomains):
        holds = listed(SPOKEN[s] for s in in_order(subdomains))
        raise Unchanged(
            where, Said("{player}'s collection {number} already holds {subdomains}", player=player, number=action.number, subdomains=holds)
        )
    reason = why_not(game, action)
    if reason:
        raise RecordError(where, reason)
    return edited(
        table, lambda r, d: r["final"][player].setdefault("collections", []).append({"subdomains": in_order(subdomains)}), check_record
    )


def record_collections(record: dict[str, Any], player: str) -> list[dict[str, Any]]:
    collections: list[dict[str, Any]] = record["final"][player].get("collections", [])
    return collections


def change_collection(table: Table, game: Game, action: AddToCollection | RemoveFromCollection | SetRareGem | RemoveCollection) -> Table:
    player, number, seen = action.player, action.number, tuple(action.seen)
    where = ("final", player, Said("collection {n}", n=number))
    collections = record_collections(table.record, player)
    index = locate(collections, number, seen)
    if isinstance(action, RemoveCollection):
        if index is None:  # removing is never done to a collection that differs from the one shown
            shown = listed(SPOKEN.get(s, s) for s in seen)
            gone = Said(
                "collection {number} ({subdomains}) is no longer on {player}'s tableau", number=number, subdomains=shown, player=player
            )
            raise Unchanged(where, gone)
        return edited(table, lambda r, d: r["final"][player]["collections"].pop(index), check_record)
    subdomain = need_subdomain(action.subdomain, where + (str(action.subdomain),))
    if index is None:
        # the same change sent twice: the collection as it is after the first
        done = set(seen) | {subdomain} if isinstance(action, AddToCollection) else set(seen) - {subdomain}
        if isinstance(action, (AddToCollection, RemoveFromCollection)) and locate(collections, number, done) is not None:
            if isinstance(action, AddToCollection):
                done_already = Said(
                    "{subdomain} is already in {player}'s collection {number}", subdomain=SPOKEN[subdomain], player=player, number=number
                )
            else:
                done_already = Said(
                    "{subdomain} is no longer in {player}'s collection {number}", subdomain=SPOKEN[subdomain], player=player, number=number
                )
            raise Unchanged(where, done_already)
        # another screen changed one card of this very collection meanwhile: both changes count
        if 1 <= number <= len(collections) and len(set(collections[number - 1]["subdomains"]) ^ set(seen)) <= 1:
            index = number - 1
        else:
            changed = Said(
                "collection {number} ({subdomains}) is no longer on {player}'s tableau as shown; it has changed on another screen",
                number=number,
                subdomains=listed(SPOKEN.get(s, s) for s in seen),
                player=player,
            )
            raise RecordError(where, changed)
    if index != number - 1:
        number, where = index + 1, ("final", player, Said("collection {n}", n=index + 1))
    group = collections[index]
    spoken = SPOKEN[subdomain]
    inside = subdomain in group["subdomains"]
    if isinstance(action, AddToCollection):
        if inside:
            raise Unchanged(
                where, Said("{subdomain} is already in {player}'s collection {number}", subdomain=spoken, player=player, number=number)
            )
        reason = why_not(game, action)
        if reason:
            raise RecordError(where, reason)

        def add(r: dict[str, Any], d: Any) -> None:
            g = r["final"][player]["collections"][index]
            g["subdomains"] = in_order([*g["subdomains"], subdomain])

        return edited(table, add, check_record)
    if isinstance(action, RemoveFromCollection):
        if not inside:
            raise Unchanged(
                where, Said("{subdomain} is not in {player}'s collection {number}", subdomain=spoken, player=player, number=number)
            )
        if len(group["subdomains"]) <= COLLECTION_MIN:
            raise RecordError(
                where,
                Said("a collection holds {low} subdomains at least: remove collection {number} instead", low=COLLECTION_MIN, number=number),
            )

        def remove(r: dict[str, Any], d: Any) -> None:
            g = r["final"][player]["collections"][index]
            g["subdomains"] = [s for s in g["subdomains"] if s != subdomain]
            gems = [s for s in g.get("rare_gems", []) if s != subdomain]  # the gem goes with its card
            if gems:
                g["rare_gems"] = gems
            else:
                g.pop("rare_gems", None)

        return edited(table, remove, check_record)
    gems = group.get("rare_gems", [])
    if action.held:
        if subdomain in gems:
            raise Unchanged(
                where,
                Said(
                    "the {subdomain} Rare Gem is already in {player}'s collection {number}",
                    subdomain=beside("Rare Gem", subdomain),
                    player=player,
                    number=number,
                ),
            )
        reason = why_not(game, replace(action, number=number))  # the collection as found now (locate)
        if reason:
            raise RecordError(where, reason)
        after: list[str] = in_order([*gems, subdomain])
    else:
        if subdomain not in gems:
            raise Unchanged(
                where,
                Said(
                    "the {subdomain} Rare Gem is not in {player}'s collection {number}",
                    subdomain=beside("Rare Gem", subdomain),
                    player=player,
                    number=number,
                ),
            )
        after = [s for s in gems if s != subdomain]

    def gem(r: dict[str, Any], d: Any) -> None:
        g = r["final"][player]["collections"][index]
        if after:
            g["rare_gems"] = after
        else:
            g.pop("rare_gems", None)

    return edited(table, gem, check_record)


# "How scoring works" in our own words: the card on the setup and play screens and this game's section
# of docs/scoring.md (`python -m companion.services.scoring_help` rewrites it). Markdown, one bullet per idea.
HOW_SCORING_WORKS = N_("""\
- A played group of n cards scores n², and 2n more when it holds its
  subdomain's Popular card. A collection of n different subdomains scores
  n(n+1)/2, and n more for each Rare Gem in it.
- A player has at most one played group per subdomain (a later Play adds to
  it); collections are unlimited. A Popular card in a collection, or a Rare Gem
  in a played group, earns nothing.
- Ties: the larger single biggest played group wins, then the larger single
  biggest collection; still level, the place is shared.
""")

GAME = GameRules(
    key="bgg-card-game",
    title="BoardGameGeek: The Card Game",
    min_players=2,
    max_players=6,
    body="final",
    parse=parse,
    score=score,
    new_body=new_body,
    apply=apply,
    refusal=refusal,
    moves=moves,
    player_keyed=(("final",),),
    how_scoring_works=HOW_SCORING_WORKS,
)
