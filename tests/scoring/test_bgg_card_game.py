"""BoardGameGeek: The Card Game: the rulebook's tables and Dan/Aldie example, tiebreaks, invalid records.

Sources: the rulebook (Scoring, Scoring Example, Ending the Game),
docs/scoring.md › BoardGameGeek: The Card Game, docs/format.md › bgg-card-game.
"""

from __future__ import annotations

import pytest
from scoring_support import assert_invalid, explanation_naming, lines_of, mutated

import scoring

SUBDOMAINS = ["abstract", "customizable", "childrens", "family", "party", "strategy", "thematic", "war"]


def game(**tableaux):
    return {"format": 1, "game": "bgg-card-game", "players": list(tableaux), "final": tableaux}


def played(subdomain, cards, popular=False):
    group = {"subdomain": subdomain, "cards": cards}
    if popular:
        group["popular"] = True
    return group


def collection(*subdomains, gems=()):
    group = {"subdomains": list(subdomains)}
    if gems:
        group["rare_gems"] = list(gems)
    return group


def total(tableau):
    return scoring.score(game(Ana=tableau, Ben={})).totals["Ana"]


# The rulebook's tables: played 2..10 → 4..100; collection 2..8 → 3..36.
PLAYED_TABLE = {2: 4, 3: 9, 4: 16, 5: 25, 6: 36, 7: 49, 8: 64, 9: 81, 10: 100}
COLLECTION_TABLE = {2: 3, 3: 6, 4: 10, 5: 15, 6: 21, 7: 28, 8: 36}


@pytest.mark.parametrize("cards, points", PLAYED_TABLE.items(), ids=[f"played-{n}" for n in PLAYED_TABLE])
def test_played_table(cards, points):
    assert total({"played": [played("war", cards)]}) == points
    # "Plus 2 points per game Played in the Subdomain if a Popular game is included."
    assert total({"played": [played("war", cards, popular=True)]}) == points + 2 * cards


@pytest.mark.parametrize("size, points", COLLECTION_TABLE.items(), ids=[f"collection-{n}" for n in COLLECTION_TABLE])
def test_collection_table(size, points):
    subdomains = SUBDOMAINS[:size]
    assert total({"collections": [collection(*subdomains)]}) == points
    # "Plus 1 point per game in the Collection for each Rare Gem game Displayed."
    for gems in range(1, size + 1):
        assert total({"collections": [collection(*subdomains, gems=subdomains[:gems])]}) == points + gems * size


DAN = {
    "played": [played("thematic", 4, popular=True), played("childrens", 5)],
    "collections": [
        collection("abstract", "family", "party", "war"),
        collection("abstract", "family", "party", "strategy", "customizable", "war", gems=["abstract", "family"]),
    ],
}
ALDIE = {
    "played": [played("war", 6, popular=True), played("party", 2)],
    "collections": [
        collection(*SUBDOMAINS),
        collection("strategy", "customizable", "thematic", gems=["strategy", "customizable", "thematic"]),
    ],
}


def test_rulebook_example_dan_92_aldie_103_aldie_wins():
    result = scoring.score(game(Dan=DAN, Aldie=ALDIE))
    # Each bullet of the example, in the order the rulebook lists them.
    assert [line.points for line in lines_of(result, "Dan")] == [24, 25, 10, 33]
    assert [line.points for line in lines_of(result, "Aldie")] == [48, 4, 36, 15]
    assert result.totals == {"Dan": 92, "Aldie": 103}
    assert result.ranking == (("Aldie",), ("Dan",))
    assert result.decided and result.winners == ("Aldie",)


def test_empty_tableau_scores_zero():
    assert scoring.score(game(Ana={}, Ben={"played": [], "collections": []})).totals == {"Ana": 0, "Ben": 0}


# ---- tiebreaks: largest played group, then largest collection group, then shared ---------------


def test_tiebreak_largest_played_group():
    # Ana: 4 played = 16.  Ben: 3 played (9) + 2 played (4) + collection of 2 (3) = 16.
    result = scoring.score(
        game(
            Ben={"played": [played("war", 3), played("party", 2)], "collections": [collection("family", "abstract")]},
            Ana={"played": [played("strategy", 4)]},
        )
    )
    assert result.totals == {"Ben": 16, "Ana": 16}
    assert result.ranking == (("Ana",), ("Ben",))
    assert result.decided and result.winners == ("Ana",)
    sentence = explanation_naming(result, "largest played group")
    assert "Ana 4 cards" in sentence and "Ben 3 cards" in sentence


def test_tiebreak_largest_played_group_comes_before_collections():
    # Ana: 4 played (16) + collection of 2 (3) = 19.  Ben: 3 played (9) + collection of 4 (10) = 19.
    result = scoring.score(
        game(
            Ben={"played": [played("war", 3)], "collections": [collection(*SUBDOMAINS[:4])]},
            Ana={"played": [played("strategy", 4)], "collections": [collection("war", "party")]},
        )
    )
    assert result.totals == {"Ben": 19, "Ana": 19}
    assert result.winners == ("Ana",)
    explanation_naming(result, "largest played group")


def test_tiebreak_largest_group_counts_cards_not_points():
    # Our reading (docs/scoring.md): counted in cards. Ben's 3 with Popular is worth 15 but is 3 cards; Ana's 4 is 16.
    # Ana: 4 played (16) + collection of 2 (3) = 19.  Ben: 3 played with Popular (15) + 2 played (4) = 19.
    result = scoring.score(
        game(
            Ben={"played": [played("war", 3, popular=True), played("party", 2)]},
            Ana={"played": [played("strategy", 4)], "collections": [collection("war", "family")]},
        )
    )
    assert result.totals == {"Ben": 19, "Ana": 19}
    assert result.winners == ("Ana",)


def test_tiebreak_largest_collection_group():
    # Both largest played 3.  Ana: 9 + collection of 3 (6) = 15.  Ben: 9 + 3 + 3 = 15.
    result = scoring.score(
        game(
            Ben={"played": [played("war", 3)], "collections": [collection("family", "party"), collection("family", "party")]},
            Ana={"played": [played("strategy", 3)], "collections": [collection("war", "abstract", "thematic")]},
        )
    )
    assert result.totals == {"Ben": 15, "Ana": 15}
    assert result.ranking == (("Ana",), ("Ben",))
    assert result.winners == ("Ana",)
    sentence = explanation_naming(result, "largest collection group")
    assert "Ana 3 cards" in sentence and "Ben 2 cards" in sentence


def test_tiebreak_still_equal_shares_the_place():
    result = scoring.score(
        game(
            Ana={"played": [played("war", 3)], "collections": [collection("family", "party")]},
            Ben={"played": [played("strategy", 3)], "collections": [collection("abstract", "party")]},
            Cy={"played": [played("thematic", 2)]},
        )
    )
    assert result.totals == {"Ana": 12, "Ben": 12, "Cy": 4}
    assert result.ranking == (("Ana", "Ben"), ("Cy",))
    assert result.decided and result.winners == ("Ana", "Ben")
    sentence = explanation_naming(result, "Ana and Ben", "share 1st place")
    assert "largest played group" in sentence and "largest collection group" in sentence


def test_tied_players_below_first_place_also_share():
    result = scoring.score(
        game(
            Cy={"played": [played("thematic", 5)]},
            Ana={"played": [played("war", 2)]},
            Ben={"played": [played("strategy", 2)]},
        )
    )
    assert result.ranking == (("Cy",), ("Ana", "Ben"))
    assert result.place_of("Ana") == result.place_of("Ben") == 2
    assert result.winners == ("Cy",)
    explanation_naming(result, "share 2nd place")


# ---- invalid records (docs/format.md › bgg-card-game › Invalid) -------------------------------------

VALID = game(Dan=DAN, Aldie=ALDIE)


def set_at(player, key, index, value):
    def change(r):
        r["final"][player][key][index] = value

    return change


INVALID = [
    pytest.param(set_at("Dan", "played", 1, played("childrens", 1)), ("final", "Dan", "played 2", "cards"), id="played-group-of-1"),
    pytest.param(set_at("Dan", "played", 1, played("childrens", 11)), ("final", "Dan", "played 2", "cards"), id="played-group-of-11"),
    pytest.param(
        set_at("Dan", "played", 1, played("thematic", 2)), ("final", "Dan", "played", "thematic"), id="two-played-groups-one-subdomain"
    ),
    pytest.param(set_at("Dan", "collections", 0, collection("war")), ("final", "Dan", "collection 1", "subdomains"), id="collection-of-1"),
    pytest.param(set_at("Dan", "collections", 0, collection()), ("final", "Dan", "collection 1", "subdomains"), id="collection-empty"),
    pytest.param(
        set_at("Dan", "collections", 0, collection(*SUBDOMAINS, "war")), ("final", "Dan", "collection 1", "war"), id="collection-of-9"
    ),
    pytest.param(
        set_at("Dan", "collections", 0, collection("war", "party", "war")),
        ("final", "Dan", "collection 1", "war"),
        id="subdomain-twice-in-collection",
    ),
    pytest.param(
        set_at("Dan", "collections", 0, collection("war", "party", gems=["family"])),
        ("final", "Dan", "collection 1", "rare_gems", "family"),
        id="gem-not-in-collection",
    ),
    pytest.param(
        set_at("Dan", "collections", 0, collection("war", "party", gems=["war", "war"])),
        ("final", "Dan", "collection 1", "rare_gems", "the war Rare Gem is listed twice"),
        id="gem-twice-in-collection",
    ),
    pytest.param(
        set_at("Dan", "played", 1, played("war", 2)),
        ("final", "11 war cards across all players (Dan 4, Aldie 7)"),
        id="11-cards-of-a-subdomain",
    ),  # 2 + 6 played, 2 + 1 in collections
    pytest.param(
        set_at("Dan", "played", 1, played("war", 2, popular=True)),
        ("final", "Dan", "war", "Popular", "Aldie"),
        id="two-popular-of-a-subdomain",
    ),
    pytest.param(
        set_at("Dan", "collections", 0, collection("strategy", "war", gems=["strategy"])),
        ("final › Aldie › collection 2 › rare_gems", "the strategy Rare Gem is also on Dan's tableau"),
        id="two-rare-gems-of-a-subdomain-across-players",
    ),
    pytest.param(
        lambda r: r["final"]["Aldie"]["collections"].append(collection("war", "thematic", gems=["thematic"])),
        ("final › Aldie › collection 3 › rare_gems", "the thematic Rare Gem is also in collection 2"),
        id="two-rare-gems-of-a-subdomain-one-player",
    ),
    pytest.param(
        set_at("Dan", "played", 1, played("boardgames", 2)),
        ("final", "Dan", "played 2", "subdomain", "boardgames"),
        id="unknown-subdomain-played",
    ),
    pytest.param(
        set_at("Dan", "collections", 0, collection("war", "euro")),
        ("final", "Dan", "collection 1", "subdomains", "euro"),
        id="unknown-subdomain-collection",
    ),
    pytest.param(
        set_at("Dan", "collections", 0, collection("war", "party", gems=["euro"])),
        ("final", "Dan", "collection 1", "rare_gems", "euro"),
        id="unknown-subdomain-gem",
    ),
    pytest.param(
        set_at("Dan", "played", 1, {"subdomain": "childrens", "cards": "5"}), ("final", "Dan", "played 2", "cards"), id="cards-as-text"
    ),
    pytest.param(
        set_at("Dan", "played", 1, {"subdomain": "childrens", "cards": True}), ("final", "Dan", "played 2", "cards"), id="cards-as-true"
    ),
    pytest.param(
        set_at("Dan", "played", 1, {"subdomain": "childrens", "cards": None}), ("final", "Dan", "played 2", "cards"), id="cards-null"
    ),
    pytest.param(
        set_at("Dan", "played", 1, {"subdomain": "childrens", "cards": 5, "popular": 1}),
        ("final", "Dan", "played 2", "popular"),
        id="popular-as-number",
    ),
    pytest.param(set_at("Dan", "played", 1, {"subdomain": "childrens"}), ("final", "Dan", "played 2", "cards"), id="played-missing-cards"),
    pytest.param(
        set_at("Dan", "played", 1, {"subdomain": "childrens", "cards": 5, "gem": True}),
        ("final", "Dan", "played 2", "gem"),
        id="played-unknown-field",
    ),
    pytest.param(
        set_at("Dan", "collections", 0, {"subdomains": ["war", "party"], "popular": ["war"]}),
        ("final", "Dan", "collection 1", "popular"),
        id="collection-unknown-field",
    ),
    pytest.param(lambda r: r["final"]["Dan"].update(hand=3), ("final", "Dan", "hand"), id="tableau-unknown-field"),
    pytest.param(lambda r: r["final"]["Dan"].update(played={}), ("final", "Dan", "played"), id="played-not-a-list"),
    pytest.param(lambda r: r["final"].pop("Aldie"), ("final", "Aldie"), id="player-missing-from-final"),
    pytest.param(lambda r: r["final"].update(Eve={}), ("final", "Eve"), id="stranger-in-final"),
    pytest.param(lambda r: r.update(variant={"popular_bonus": 3}), ("variant", "popular_bonus"), id="variant-has-no-options"),
    pytest.param(lambda r: r.update(players=["Dan", "Aldie", "A", "B", "C", "D", "E"]), ("players", "7"), id="7-players"),
    pytest.param(lambda r: r.update(players=["Dan"], final={"Dan": {}}), ("players", "1"), id="1-player"),
]


@pytest.mark.parametrize("change, places", INVALID)
def test_invalid(change, places):
    scoring.score(VALID)
    assert_invalid(mutated(VALID, change), *places)


@pytest.mark.parametrize("count", [2, 6])
def test_player_counts_2_to_6_are_valid(count):
    names = [f"P{i}" for i in range(count)]
    result = scoring.score(game(**{n: {} for n in names}))
    assert result.players == tuple(names)
