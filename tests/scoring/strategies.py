"""Hypothesis strategies for random VALID records of every registered game (docs/format.md), for reuse by any test.

    from strategies import records, of_game, lost_cities_records, ...
    @given(records())                       # any game
    @given(of_game("cgt"))                  # one game
    @given(lost_cities_records())           # one game, made by hand

Every game is walked tap by tap from a new game by its own moves (`walked`: GameRules.moves, judged by
its apply), so a new game is drawn with no line here. The five games also have records made by hand
(HAND_MADE), which reach what a walk rarely does: their options, finished games, and the optional forms
(omitted variant keys, omitted empty lists, "replacement": null), each rule of docs/format.md's
"Invalid" lists kept (one deck per round, card supplies across players, extra rounds only while level, …).
"""

from __future__ import annotations

from hypothesis import strategies as st

import scoring
from scoring import GameRules

GAMES = tuple(scoring.GAMES)  # the registered games when the tests were collected

# Player names: distinct, non-empty, not only spaces; any printable text (accents, emoji, CJK).
name = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc")),
    min_size=1,
    max_size=10,
).filter(lambda s: s.strip() != "")


def names(low: int, high: int) -> st.SearchStrategy[list[str]]:
    return st.lists(name, min_size=low, max_size=high, unique=True)


def envelope(game: str, players: list[str], body_key: str, body, variant: dict | None, draw) -> dict:
    record = {"game": game, "players": players, body_key: body}
    if draw(st.booleans()):
        record["format"] = 1
    if variant is not None:
        record["variant"] = variant
    if draw(st.booleans()):
        record["id"] = draw(st.text(max_size=8))
    return record


def maybe(draw, key: str, value, default, out: dict) -> None:
    """Write key → value, or leave it out when value is the default (docs/format.md: missing keys take it)."""
    if value != default or draw(st.booleans()):
        out[key] = value


# ---- lost-cities -----------------------------------------------------------------------------

LC_COLOURS = ("yellow", "blue", "white", "green", "red")


@st.composite
def lost_cities_records(draw):
    players = draw(names(2, 2))
    rounds_n = draw(st.sampled_from([1, 3]))
    purple = draw(st.booleans())
    variant: dict = {}
    maybe(draw, "rounds", rounds_n, 3, variant)
    maybe(draw, "purple", purple, False, variant)
    colours = LC_COLOURS + (("purple",) if purple else ())
    rounds = []
    for _ in range(draw(st.integers(0, rounds_n))):
        round_ = {p: {} for p in players}
        for colour in colours:
            # Each of the 9 numbers lies with the first player, the second, or neither (one deck).
            owners = draw(st.lists(st.sampled_from([0, 1, 2]), min_size=9, max_size=9))
            first_inv = draw(st.integers(0, 3))
            investments = (first_inv, draw(st.integers(0, 3 - first_inv)))
            for i, p in enumerate(players):
                cards = [n for n, owner in zip(range(2, 11), owners) if owner == i]
                cards = draw(st.permutations(cards))
                if not cards and not investments[i] and draw(st.booleans()):
                    continue  # a colour never started may be left out
                expedition: dict = {}
                maybe(draw, "investments", investments[i], 0, expedition)
                maybe(draw, "cards", list(cards), [], expedition)
                round_[p][colour] = expedition
        rounds.append(round_)
    return envelope("lost-cities", players, "rounds", rounds, variant or (None if draw(st.booleans()) else {}), draw)


# ---- bgg-card-game ---------------------------------------------------------------------------

SUBDOMAINS = ("abstract", "customizable", "childrens", "family", "party", "strategy", "thematic", "war")


@st.composite
def bgg_card_game_records(draw):
    players = draw(names(2, 6))
    left = {s: 10 for s in SUBDOMAINS}  # cards of each subdomain still in the deck
    popular_free = set(SUBDOMAINS)
    gems_free = set(SUBDOMAINS)
    final = {}
    for p in players:
        tableau: dict = {}
        played = []
        open_ = [s for s in SUBDOMAINS if left[s] >= 2]
        for subdomain in draw(st.lists(st.sampled_from(open_), unique=True, max_size=4)) if open_ else []:
            cards = draw(st.integers(2, min(10, left[subdomain])))
            left[subdomain] -= cards
            group = {"subdomain": subdomain, "cards": cards}
            popular = subdomain in popular_free and draw(st.booleans())
            if popular:
                popular_free.discard(subdomain)
            maybe(draw, "popular", popular, False, group)
            played.append(group)
        collections = []
        for _ in range(draw(st.integers(0, 3))):
            open_ = [s for s in SUBDOMAINS if left[s] >= 1]
            if len(open_) < 2:
                break
            subdomains = draw(st.lists(st.sampled_from(open_), unique=True, min_size=2, max_size=8))
            for s in subdomains:
                left[s] -= 1
            gems = [s for s in subdomains if s in gems_free and draw(st.booleans())]
            gems_free.difference_update(gems)
            group = {"subdomains": subdomains}
            maybe(draw, "rare_gems", gems, [], group)
            collections.append(group)
        maybe(draw, "played", played, [], tableau)
        maybe(draw, "collections", collections, [], tableau)
        final[p] = tableau
    return envelope("bgg-card-game", players, "final", final, None if draw(st.booleans()) else {}, draw)


# ---- bgg-game --------------------------------------------------------------------------------

BGG_COLOURS = ("red", "blue", "green", "yellow", "purple", "black", "orange", "white")


@st.composite
def bgg_game_records(draw):
    players = draw(names(3, 6))
    colours = list(draw(st.permutations(BGG_COLOURS)))[: len(players)]
    variant: dict = {}
    maybe(draw, "three_player_sets", draw(st.sampled_from(["one", "every"])), "one", variant)
    supply = {(c, n): 3 for c in colours for n in range(1, 7)}
    final = {}
    for p, own in zip(players, colours):
        others = [c for c in colours if c != own]
        # Bias towards few colours and numbers, so that sets (and 3-player runs) happen.
        wanted = draw(st.lists(st.tuples(st.sampled_from(others), st.integers(1, 6)), max_size=18))
        held = []
        for tile in wanted:
            if supply[tile]:
                supply[tile] -= 1
                held.append({"colour": tile[0], "number": tile[1]})
        entry: dict = {"colour": own}
        if draw(st.booleans()):
            entry["gg"] = draw(st.integers(-10, 250))
        else:
            ledger = []
            for _ in range(draw(st.integers(0, 6))):
                step: dict = {}
                maybe(draw, "income", draw(st.integers(0, 40)), 0, step)
                maybe(draw, "spent", draw(st.integers(0, 9)), 0, step)
                ledger.append(step)
            entry["ledger"] = ledger
        maybe(draw, "tiles", held, [], entry)
        final[p] = entry
    return envelope("bgg-game", players, "final", final, variant or (None if draw(st.booleans()) else {}), draw)


# ---- cgt -------------------------------------------------------------------------------------


@st.composite
def cgt_records(draw):
    players = draw(names(2, 4))
    types = draw(st.lists(st.integers(2, 20), unique=True, min_size=1, max_size=7))
    meta = {t: draw(st.integers(1, t)) for t in types}
    collections = {p: {} for p in players}
    for t in types:
        left = t - meta[t]
        for p in draw(st.permutations(players)):
            n = draw(st.integers(0, left))
            left -= n
            if n or draw(st.integers(0, 3)) == 0:
                collections[p][str(t)] = n
    final: dict = {"meta": {str(t): n for t, n in meta.items()}, "collections": collections}
    modifiers = draw(st.dictionaries(st.integers(2, 20).map(str), st.integers(-12, 6), max_size=4))
    maybe(draw, "modifiers", modifiers, {}, final)
    adjustments = draw(st.dictionaries(st.sampled_from(players), st.integers(-10, 15), max_size=len(players)))
    maybe(draw, "adjustments", adjustments, {}, final)
    variant = {"first_player_penalty": draw(st.integers(0, 6))}
    return envelope("cgt", players, "final", final, variant, draw)


# ---- card-commons ----------------------------------------------------------------------------

SUITS = "CDHS"
WILDS = ("QH", "KS")
DECK = tuple(f"{r}{s}" for s in SUITS for r in "2345") + WILDS


def colour(card: str) -> str:
    return "red" if card[-1] in "DH" else "black"


def commons_round_points(round_: dict, player: str, multiplier: int, peek: bool) -> int:
    """An independent reading of card-commons.txt's Scoring, used to keep extra rounds legal."""
    commission = round_["commissions"][player]
    target = round_["nest_egg"]
    if target in WILDS and not peek:
        target = round_.get("replacement")
    if target is None:
        scores = True
    elif target in WILDS:
        scores = colour(target) == colour(commission)
    else:
        scores = target[-1] == commission[-1] or target[:-1] == commission[:-1]
    count = sum(1 for c in round_["sides"][player] if colour(c) == colour(commission))
    return count * multiplier if scores else 0


@st.composite
def commons_round(draw, players: list[str], number: int, peek: bool) -> dict:
    pool = list(draw(st.permutations(DECK)))
    nest_egg = pool.pop(0)
    commissions = {}
    for p in players:
        card = next(c for c in pool if c not in WILDS)
        pool.remove(card)
        commissions[p] = card
    round_: dict = {"nest_egg": nest_egg}
    if nest_egg in WILDS and not peek:
        other = next(w for w in WILDS if w != nest_egg)
        # Rounds 3–4 have two face-down cards, so a non-Wild is always left to replace it.
        if number in (3, 4) or draw(st.booleans()):
            replacement = next(c for c in pool if c not in WILDS)
            pool.remove(replacement)
            round_["replacement"] = replacement
        else:
            pool.remove(other)  # it was the face-down card: no card but a Wild left
            if draw(st.booleans()):
                round_["replacement"] = None
    elif draw(st.integers(0, 3)) == 0:
        round_["replacement"] = None
    sides = {}
    for p in players:
        size = draw(st.integers(0, 6))
        sides[p], pool = pool[:size], pool[size:]
    round_["commissions"] = commissions
    round_["sides"] = sides
    return round_


@st.composite
def card_commons_records(draw):
    players = draw(names(2, 2))
    peek = draw(st.booleans())
    regular = 3 if peek else 4
    multipliers = (1, 1, 2) if peek else (1, 1, 2, 2)
    rounds = []
    totals = {p: 0 for p in players}
    wanted = draw(st.integers(0, regular + 3))
    while len(rounds) < wanted:
        number = len(rounds) + 1
        if number > regular and totals[players[0]] != totals[players[1]]:
            break  # docs/format.md: no further round unless the totals were level
        round_ = draw(commons_round(players, number, peek))
        mult = multipliers[number - 1] if number <= regular else 1
        for p in players:
            totals[p] += commons_round_points(round_, p, mult, peek)
        rounds.append(round_)
    variant: dict = {}
    maybe(draw, "peek", peek, False, variant)
    return envelope("card-commons", players, "rounds", rounds, variant or (None if draw(st.booleans()) else {}), draw)


HAND_MADE = {
    "lost-cities": lost_cities_records,
    "bgg-card-game": bgg_card_game_records,
    "bgg-game": bgg_game_records,
    "cgt": cgt_records,
    "card-commons": card_commons_records,
}


@st.composite
def walked(draw, rules: GameRules, taps: int = 60) -> dict:
    """A record of `rules`' game reached by up to `taps` of its moves from a new game (a refused tap changes nothing)."""
    players = draw(names(rules.min_players, rules.max_players))
    table = scoring.Table(scoring.new_record(rules.key, players))
    for _ in range(draw(st.integers(0, taps))):
        moves = list(rules.moves(table))
        if not moves:
            break
        try:
            table = rules.apply(table, draw(st.sampled_from(moves)))
        except scoring.RecordError:
            pass
    return table.record


def of_game(key: str) -> st.SearchStrategy[dict]:
    """A valid record of one registered game: walked, or made by hand where it has a hand-made strategy."""
    walk = walked(scoring.GAMES[key])
    return walk | HAND_MADE[key]() if key in HAND_MADE else walk


def records(games: tuple[str, ...] | None = None) -> st.SearchStrategy[dict]:
    """A valid record of any of the given games (every registered game by default)."""
    return st.one_of(*(of_game(key) for key in games or scoring.GAMES))


# ---- corruptions of valid records --------------------------------------------------------------

ODD_VALUES = ("text", "7", "", True, False, None, 1.5, -0.0, [], {}, [1, 2], {"x": 1})
ODD_NUMBERS = (-1, 0, 1, 7, 11, 21, 99, -(10**6), 10**9, 2**63)


def paths(node, prefix=()):
    """Every place inside a JSON value, as a tuple of keys and indices (the root excluded)."""
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return
    for key, child in items:
        yield prefix + (key,)
        yield from paths(child, prefix + (key,))


def at_path(node, path):
    for step in path:
        node = node[step]
    return node


@st.composite
def duplicated_card(draw, record: dict) -> dict:
    """The record with a card (or more copies than the game holds) put onto another tableau:
    always invalid by docs/format.md."""
    import copy

    r = copy.deepcopy(record)
    game, players = r["game"], r["players"]
    if game == "lost-cities":
        r.setdefault("rounds", [])
        if not r["rounds"]:
            r["rounds"].append({p: {} for p in players})
        round_ = draw(st.sampled_from(r["rounds"]))
        giver, taker = draw(st.permutations(players))
        colour_ = draw(st.sampled_from(LC_COLOURS))
        giver_cards = round_[giver].setdefault(colour_, {}).setdefault("cards", [])
        if not giver_cards:
            giver_cards.append(draw(st.integers(2, 10)))
            taker_cards = round_[taker].get(colour_, {}).get("cards", [])
            if giver_cards[0] in taker_cards:  # already on both: that is the corruption
                return r
        round_[taker].setdefault(colour_, {}).setdefault("cards", []).append(draw(st.sampled_from(giver_cards)))
    elif game == "card-commons":
        if not r["rounds"]:
            r["rounds"].append(draw(commons_round(players, 1, r.get("variant", {}).get("peek", False))))
        round_ = draw(st.sampled_from(r["rounds"]))
        giver, taker = draw(st.permutations(players))
        cards = [round_["nest_egg"], round_["commissions"][giver], *round_["sides"][giver]]
        round_["sides"][taker].append(draw(st.sampled_from(cards)))
    elif game == "bgg-card-game":
        giver, taker = draw(st.permutations(players))[:2]
        subdomain = draw(st.sampled_from(SUBDOMAINS))
        r["final"][giver].setdefault("played", []).append({"subdomain": subdomain, "cards": 2})
        r["final"][taker].setdefault("played", []).append({"subdomain": subdomain, "cards": 10})
    elif game == "bgg-game":
        owner, taker = draw(st.permutations(players))[:2]
        colour_ = r["final"][owner]["colour"]
        number = draw(st.integers(1, 6))
        r["final"][taker].setdefault("tiles", []).extend([{"colour": colour_, "number": number}] * 4)
    elif game == "cgt":
        meta = r["final"].setdefault("meta", {})
        if not meta:
            meta["5"] = 1  # a new game has no Meta column yet
        type_ = draw(st.sampled_from(sorted(meta)))
        taker = draw(st.sampled_from(players))
        collection = r["final"]["collections"][taker]
        collection[type_] = collection.get(type_, 0) + int(type_)
    return r


@st.composite
def corrupted(draw, record: dict) -> tuple[str, dict]:
    """(kind, record) where kind is delete, retype, out-of-range, unknown-field or duplicate.
    Only "duplicate" is sure to be invalid; the others may happen to stay valid."""
    import copy

    r = copy.deepcopy(record)
    kind = draw(st.sampled_from(["delete", "retype", "out-of-range", "unknown-field", "duplicate"]))
    if kind == "duplicate":
        return kind, draw(duplicated_card(r))
    places = list(paths(r))
    if kind == "out-of-range":
        numbers = [p for p in places if isinstance(at_path(r, p), int) and not isinstance(at_path(r, p), bool)]
        places = numbers or places
    if kind == "unknown-field":
        dicts = [()] + [p for p in places if isinstance(at_path(r, p), dict)]
        target = at_path(r, draw(st.sampled_from(dicts)))
        target[draw(st.sampled_from(["extra", "Extra", "colour ", "0"]))] = draw(st.sampled_from(ODD_VALUES + ODD_NUMBERS))
        return kind, r
    if not places:
        return kind, r
    path = draw(st.sampled_from(places))
    parent = at_path(r, path[:-1])
    if kind == "delete":
        del parent[path[-1]]
    elif kind == "retype":
        parent[path[-1]] = draw(st.sampled_from(ODD_VALUES))
    else:
        parent[path[-1]] = draw(st.sampled_from(ODD_NUMBERS))
    return kind, r
