"""BoardGameGeek: The Card Game (2–6 players): played groups n² (+2n with Popular),
collection groups n(n+1)/2 (+n per Rare Gem).

Rules: shared/rules/bgg-card-game.txt; readings: RULINGS.md › BoardGameGeek: The Card Game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any, Mapping

from .fields import RecordError, check_keys, check_player_keys, need_bool, need_choice, need_int, need_list, need_object
from .actions import Action, Table
from .record import GameRules
from .registry import register
from .result import Line, Result, Tiebreak, scored_once

SUBDOMAINS = ("abstract", "customizable", "childrens", "family", "party", "strategy", "thematic", "war")
SUBDOMAIN_SET = frozenset(SUBDOMAINS)
CARDS_PER_SUBDOMAIN = 10
PLAYED_MIN, PLAYED_MAX = 2, 10
COLLECTION_MIN, COLLECTION_MAX = 2, len(SUBDOMAINS)


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
            return Line(f"{self.subdomain} played {self.cards} with Popular", base + 2 * self.cards, f"{base} + {2 * self.cards}")
        return Line(f"{self.subdomain} played {self.cards}", base, f"{self.cards}²")


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
        label = f"collection of {n} ({', '.join(self.subdomains)})"
        if self.rare_gems:
            gems = len(self.rare_gems)
            return Line(f"{label} with {gems} Rare Gem{'s' * (gems > 1)}", base + gems * n, f"{base} + {gems} × {n}")
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
                raise RecordError(at, f"{s} appears twice; a collection holds one card per subdomain")
    if not COLLECTION_MIN <= len(subdomains) <= COLLECTION_MAX:
        raise RecordError(at, f"a collection holds {COLLECTION_MIN} to {COLLECTION_MAX} subdomains, not {len(subdomains)}")
    at = where + ("rare_gems",)
    gems = need_list(raw.get("rare_gems", []), at)
    for g in gems:
        need_choice(g, at, SUBDOMAINS)
        if g not in subdomains:
            raise RecordError(at, f"the {g} Rare Gem is not in this collection")
    if len(set(gems)) != len(gems):
        twice = next(g for g in gems if gems.count(g) > 1)
        raise RecordError(at, f"the {twice} Rare Gem is listed twice")
    return CollectionGroup(tuple(subdomains), tuple(gems))  # positional: cheaper to call


def usual_played(raw: Any) -> PlayedGroup | None:
    """The usual played group, checked inline and cheaply (this runs on every tap); None sends
    anything else to parse_played, which names the fault (its location is built only then)."""
    if raw.__class__ is dict and len(raw) == 2 + ("popular" in raw):
        subdomain, n, popular = raw.get("subdomain"), raw.get("cards"), raw.get("popular", False)
        if (subdomain.__class__ is str and subdomain in SUBDOMAIN_SET and n.__class__ is int
                and PLAYED_MIN <= n <= PLAYED_MAX and popular.__class__ is bool):
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
    if (COLLECTION_MIN <= len(subdomains) <= COLLECTION_MAX and len(distinct) == len(subdomains)
            and distinct <= SUBDOMAIN_SET and len(distinct_gems) == len(gems) and distinct_gems <= distinct):
        return CollectionGroup(tuple(subdomains), tuple(gems))
    return None


def parse_tableau(raw: Any, where: tuple[str, ...]) -> Tableau:
    need_object(raw, where)
    check_keys(raw, where, optional=("played", "collections"))
    played = tuple(
        usual_played(g) or parse_played(g, where + (f"played {i}",))
        for i, g in enumerate(need_list(raw.get("played", []), where + ("played",)), start=1)
    )
    if len(played) > 1 and len({g.subdomain for g in played}) < len(played):
        seen = set()
        for g in played:
            if g.subdomain in seen:
                raise RecordError(where + ("played",), f"two played groups of {g.subdomain}; a later Play adds to the first")
            seen.add(g.subdomain)
    collections = tuple(
        usual_collection(g) or parse_collection(g, where + (f"collection {i}",))
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
                    raise RecordError(("final", player, "played"), f"the {g.subdomain} Popular card is also on {popular[g.subdomain]}'s tableau")
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
            raise RecordError(("final",), f"{n} {subdomain} cards across all players ({holders}); the deck has {CARDS_PER_SUBDOMAIN}")


def gem_twice(tableaux: Mapping[str, Tableau], gem: str, player: str, collection: CollectionGroup) -> RecordError:
    """The error for a subdomain's Rare Gem found a second time, in `collection` of `player`: where
    both are ("in collection 1" when the player holds the first too, else "on Ana's tableau")."""
    here = next(i for i, c in enumerate(tableaux[player].collections, start=1) if c is collection)
    first = next((holder, i) for holder, t in tableaux.items() for i, c in enumerate(t.collections, start=1) if gem in c.rare_gems)
    there = f"in collection {first[1]}" if first[0] == player else f"on {first[0]}'s tableau"
    return RecordError(("final", player, f"collection {here}", "rare_gems"), f"the {gem} Rare Gem is also {there}")


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
    return f"{n} card{'s' * (n != 1)}"


def breakdown(game: Game) -> tuple[dict[str, tuple[Line, ...]], ...]:
    return ({p: game.tableaux[p].lines() for p in game.players},)


def tiebreaks(game: Game) -> tuple[Tiebreak, ...]:
    return (
        Tiebreak("largest played group", lambda p: game.tableaux[p].largest_played, cards),
        Tiebreak("largest collection group", lambda p: game.tableaux[p].largest_collection, cards),
    )


def score(game: Game) -> Result:
    totals = {p: game.tableaux[p].points() for p in game.players}
    return scored_once(GAME.key, game.players, totals, lambda: tiebreaks(game), lambda: breakdown(game))


def new_body(players: tuple[str, ...], variant: Mapping[str, Any], choices: Mapping[str, str]) -> Any:
    return {p: {"played": [], "collections": []} for p in players}


def apply(table: Table, action: Action) -> Table:
    raise RecordError((), f"{type(action).__name__} is not an action of {GAME.title}")


GAME = register(GameRules(
    key="bgg-card-game", title="BoardGameGeek: The Card Game", min_players=2, max_players=6,
    body="final", parse=parse, score=score, new_body=new_body, apply=apply, player_keyed=(("final",),)))
