"""Benchmark of the scoring core: records per second per game, on one core.

    python bench/scoring.py [--records N] [--seed S] [--games GAME ...]

For each game, N random valid records (random with a fixed seed, standard library only) are
scored; the table shows, per game:
  parse+score   scoring.score(record) on the parsed JSON value (the app's path on every change);
                totals, places and explanations only: Result.breakdown (the lines with their
                formulas) is built lazily, on first read, and no column here but json path reads it
  parse         scoring.parse(record) alone
  score         the game's score() on an already parsed Record
  json path     json.loads + scoring.score + to_json + json.dumps: the CLI's work without
                process start-up (to_json builds the breakdown)
Scoring keeps no value-keyed caches, so repeats in the seeded data cannot flatter the figures.
Target: parse+score ≥ 20,000 records/s per game.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
# This file is itself called scoring.py: make sure `import scoring` finds the package, not it.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != Path(__file__).resolve().parent]
sys.path.insert(0, str(REPO))

import scoring

TARGET = 20_000
NAMES = ["Ana", "Ben", "Cy", "Dee", "Eli", "Fay"]
NAMES_TEN = [*NAMES, "Gus", "Hal", "Ivy", "Jo"]


def lost_cities(rng: random.Random) -> dict:
    rounds_n = rng.choice([1, 3])
    purple = rng.random() < 0.3
    colours = ["yellow", "blue", "white", "green", "red"] + (["purple"] if purple else [])
    rounds = []
    for _ in range(rng.randint(1, rounds_n)):
        round_ = {"Ana": {}, "Ben": {}}
        for colour in colours:
            owners = [rng.randrange(3) for _ in range(9)]
            a = rng.randint(0, 3)
            inv = (a, rng.randint(0, 3 - a))
            for i, p in enumerate(("Ana", "Ben")):
                cards = [n for n, o in zip(range(2, 11), owners) if o == i]
                if cards or inv[i]:
                    round_[p][colour] = {"investments": inv[i], "cards": cards}
        rounds.append(round_)
    return {
        "format": 1,
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": rounds_n, "purple": purple},
        "rounds": rounds,
    }


SUBDOMAINS = ["abstract", "customizable", "childrens", "family", "party", "strategy", "thematic", "war"]


def bgg_card_game(rng: random.Random) -> dict:
    players = NAMES[: rng.randint(2, 6)]
    left = dict.fromkeys(SUBDOMAINS, 10)
    popular, gems = set(SUBDOMAINS), set(SUBDOMAINS)
    final = {}
    for p in players:
        played = []
        for s in rng.sample(SUBDOMAINS, rng.randint(0, 3)):
            if left[s] >= 2:
                n = rng.randint(2, min(10, left[s]))
                left[s] -= n
                group = {"subdomain": s, "cards": n}
                if s in popular and rng.random() < 0.3:
                    popular.discard(s)
                    group["popular"] = True
                played.append(group)
        collections = []
        for _ in range(rng.randint(0, 2)):
            open_ = [s for s in SUBDOMAINS if left[s]]
            if len(open_) < 2:
                break
            subs = rng.sample(open_, rng.randint(2, min(8, len(open_))))
            for s in subs:
                left[s] -= 1
            g = [s for s in subs if s in gems and rng.random() < 0.2]
            gems.difference_update(g)
            collections.append({"subdomains": subs, "rare_gems": g})
        final[p] = {"played": played, "collections": collections}
    return {"format": 1, "game": "bgg-card-game", "players": players, "final": final}


COLOURS = ["red", "blue", "green", "yellow", "purple", "black"]


def bgg_game(rng: random.Random) -> dict:
    players = NAMES[: rng.randint(3, 6)]
    colours = rng.sample(COLOURS, len(players))
    supply = {(c, n): 3 for c in colours for n in range(1, 7)}
    final = {}
    for p, own in zip(players, colours):
        others = [c for c in colours if c != own]
        tiles = []
        for _ in range(rng.randint(0, 18)):
            t = (rng.choice(others), rng.randint(1, 6))
            if supply[t]:
                supply[t] -= 1
                tiles.append({"colour": t[0], "number": t[1]})
        entry = {"colour": own, "tiles": tiles}
        if rng.random() < 0.5:
            entry["gg"] = rng.randint(0, 150)
        else:
            entry["ledger"] = [{"income": rng.randint(0, 20), "spent": rng.randint(0, 3)} for _ in range(6)]
        final[p] = entry
    return {
        "format": 1,
        "game": "bgg-game",
        "players": players,
        "variant": {"three_player_sets": rng.choice(["one", "every"])},
        "final": final,
    }


def cgt(rng: random.Random) -> dict:
    players = NAMES[: rng.randint(2, 4)]
    types = rng.sample(range(5, 12), 7)
    meta = {t: rng.randint(1, t) for t in types}
    collections = {p: {} for p in players}
    for t in types:
        left = t - meta[t]
        for p in players:
            n = rng.randint(0, left)
            left -= n
            if n:
                collections[p][str(t)] = n
    return {
        "format": 1,
        "game": "cgt",
        "players": players,
        "variant": {"first_player_penalty": 2},
        "final": {
            "meta": {str(t): n for t, n in meta.items()},
            "collections": collections,
            "modifiers": {str(rng.choice(types)): rng.randint(-3, 2)},
            "adjustments": {rng.choice(players): rng.randint(-2, 6)},
        },
    }


DECK = [f"{r}{s}" for s in "CDHS" for r in "2345"] + ["QH", "KS"]


def card_commons(rng: random.Random) -> dict:
    """Regular rounds only (a round after them would need level totals); Wild Nest Eggs included."""
    peek = rng.random() < 0.3
    rounds = []
    for _ in range(1, rng.randint(1, 3 if peek else 4) + 1):
        pool = DECK[:]
        rng.shuffle(pool)
        nest = pool.pop()
        commissions = {}
        for p in ("You", "Opp"):
            card = next(c for c in pool if c not in ("QH", "KS"))
            pool.remove(card)
            commissions[p] = card
        round_ = {"nest_egg": nest, "replacement": None}
        if nest in ("QH", "KS") and not peek:
            card = next(c for c in pool if c not in ("QH", "KS"))
            pool.remove(card)
            round_["replacement"] = card
        a, b = rng.randint(0, 6), rng.randint(0, 6)
        round_["commissions"] = commissions
        round_["sides"] = {"You": pool[:a], "Opp": pool[a : a + b]}
        rounds.append(round_)
    return {"format": 1, "game": "card-commons", "players": ["You", "Opp"], "variant": {"peek": peek}, "rounds": rounds}


def six_nimmt(rng: random.Random) -> dict:
    """A game of 3 to 10 players, up to six deals of 4 to 10 cards taken a player from one deck a deal, to 66."""
    players = NAMES_TEN[: rng.randint(3, 10)]
    totals = dict.fromkeys(players, 0)
    rounds = []
    for _ in range(rng.randint(1, 6)):
        if max(totals.values()) >= 66:
            break
        deck = list(range(1, 105))
        rng.shuffle(deck)
        round_ = {}
        for p in players:
            taken, deck = deck[: rng.randint(0, 6)], deck[6:]
            round_[p] = {"cards": taken}
            totals[p] += sum(7 if c == 55 else 5 if c % 11 == 0 else 3 if c % 10 == 0 else 2 if c % 5 == 0 else 1 for c in taken)
        rounds.append(round_)
    return {"format": 1, "game": "six-nimmt", "players": players, "variant": {"end_at": 66}, "rounds": rounds}


def score_pad(rng: random.Random) -> dict:
    """Hearts to 100 (lowest first) or an open game finished by the players: 2 to 8 players, up to 12 rounds."""
    players = NAMES_TEN[: rng.randint(2, 8)]
    hearts = rng.random() < 0.5
    totals = dict.fromkeys(players, 0)
    rounds = []
    for _ in range(rng.randint(1, 12)):
        if hearts and max(totals.values()) >= 100:
            break
        round_ = {p: rng.randint(0, 26) if hearts else rng.randint(-20, 60) for p in players}
        for p in players:
            totals[p] += round_[p]
        rounds.append(round_)
    variant = {"title": "Hearts", "lower_wins": True, "target": 100, "bgg_id": 6887} if hearts else {"title": "Qwixx"}
    record = {"format": 1, "game": "score-pad", "players": players, "variant": variant, "rounds": rounds}
    return record if hearts else {**record, "finished": True}


def walker(rules: scoring.GameRules):
    """A game with no generator here: records walked from a new game by up to 40 of its own moves (slow to make)."""

    def walk(rng: random.Random) -> dict:
        players = NAMES_TEN[: max(rules.min_players, min(rules.max_players, 4))]
        table = scoring.Table(scoring.new_record(rules.key, players))
        for _ in range(rng.randint(0, 40)):
            try:
                table = rules.apply(table, rng.choice(list(rules.moves(table))))
            except (scoring.RecordError, IndexError):  # refused, or no move at all
                pass
        return table.record

    return walk


def generator(key: str):
    """The game's generator of this file (its key as a name: "lost-cities" is lost_cities), else a walk: no list of games."""
    made = globals().get(key.replace("-", "_"))
    return made if callable(made) and getattr(made, "__module__", None) == __name__ else walker(scoring.GAMES[key])


GENERATORS = {key: generator(key) for key in scoring.GAMES}


def rate(fn, items) -> float:
    """Records per second: the best of 3 passes over all items (one core, no parallelism)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for item in items:
            fn(item)
        best = min(best, time.perf_counter() - start)
    return len(items) / best


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--records", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=20240501)
    parser.add_argument(
        "--games",
        nargs="+",
        choices=GENERATORS,
        default=list(GENERATORS),
        metavar="GAME",
        help="only these games (default: every registered game)",
    )
    args = parser.parse_args(argv)

    rows = []
    for game in args.games:
        generate = GENERATORS[game]
        rng = random.Random(f"{args.seed}-{game}")
        records = [generate(rng) for _ in range(args.records)]
        parsed = [scoring.parse(r) for r in records]  # also checks the generator: every record is valid
        texts = [json.dumps(r) for r in records]
        rows.append(
            (
                game,
                rate(scoring.score, records),
                rate(scoring.parse, records),
                rate(scoring.score, parsed),
                rate(lambda t: json.dumps(scoring.score(json.loads(t)).to_json()), texts),
            )
        )

    print(
        f"{args.records:,} random valid records per game, records per second (best of 3), "
        f"Python {sys.version.split()[0]} ({sys.executable}: builds differ, e.g. with or without PGO)"
    )
    header = ("game", "parse+score", "parse", "score", "json path", "target")
    print(f"{header[0]:<15}{header[1]:>13}{header[2]:>11}{header[3]:>11}{header[4]:>12}  {header[5]}")
    for game, both, parse, score, cli in rows:
        verdict = "ok" if both >= TARGET else f"BELOW {TARGET:,}"
        print(f"{game:<15}{both:>13,.0f}{parse:>11,.0f}{score:>11,.0f}{cli:>12,.0f}  {verdict}")
    print(f"\nTarget: parse+score >= {TARGET:,} records/s per game")
    for game, both, *_ in rows:
        met = "meets the target" if both >= TARGET else f"does NOT meet the target ({both / TARGET:.0%} of it)"
        print(f"  {game:<15}{both:>9,.0f}/s  {met}")
    return 0 if all(row[1] >= TARGET for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
