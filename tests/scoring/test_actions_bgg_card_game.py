"""BoardGameGeek: The Card Game actions: each action, its no-op (Unchanged) and its refusal with
the place in the message; and properties: any sequence of actions leaves a valid record, and
actions that commute (different players, two +1 steps) give the same record in either order."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scoring
from scoring import RecordError, Table, Unchanged
from scoring import bgg_card_game as b

PLAYERS = ("Ana", "Ben")


def table(ana=None, ben=None) -> Table:
    record = scoring.new_record("bgg-card-game", list(PLAYERS))
    record["final"]["Ana"].update(ana or {})
    record["final"]["Ben"].update(ben or {})
    scoring.parse(record)  # the starting point is itself valid
    return Table(record)


def apply_all(t: Table, *actions) -> Table:
    for action in actions:
        t = scoring.apply(t, action)
    return t


def final(t: Table, player: str) -> dict:
    return t.record["final"][player]


WAR_9 = {"played": [{"subdomain": "war", "cards": 9}]}
ANA_COLLECTION = {"collections": [{"subdomains": ["abstract", "family"]}]}


# ---- each action does what it says ---------------------------------------------------------


@pytest.mark.parametrize(
    "start, actions, player, expected",
    [
        pytest.param(
            {},
            [b.StepPlayed("Ana", "thematic", 1)],
            "Ana",
            {"played": [{"subdomain": "thematic", "cards": 2}]},
            id="plus-from-nothing-is-a-group-of-2",
        ),
        pytest.param(
            {}, [b.StepPlayed("Ana", "thematic", 1)] * 3, "Ana", {"played": [{"subdomain": "thematic", "cards": 4}]}, id="plus-three-times"
        ),
        pytest.param(
            {},
            [b.StepPlayed("Ana", "war", 1), b.StepPlayed("Ana", "abstract", 1)],
            "Ana",
            {"played": [{"subdomain": "abstract", "cards": 2}, {"subdomain": "war", "cards": 2}]},
            id="groups-in-subdomain-order",
        ),
        pytest.param(
            {"played": [{"subdomain": "party", "cards": 2, "popular": True}]},
            [b.StepPlayed("Ana", "party", -1)],
            "Ana",
            {"played": []},
            id="minus-from-2-ends-the-group-and-its-popular",
        ),
        pytest.param(
            {"played": [{"subdomain": "party", "cards": 5}]},
            [b.SetPopular("Ana", "party", True)],
            "Ana",
            {"played": [{"subdomain": "party", "cards": 5, "popular": True}]},
            id="take-popular",
        ),
        pytest.param(
            {"played": [{"subdomain": "party", "cards": 5, "popular": True}]},
            [b.SetPopular("Ana", "party", False)],
            "Ana",
            {"played": [{"subdomain": "party", "cards": 5}]},
            id="give-back-popular",
        ),
        pytest.param(
            {},
            [b.AddCollection("Ana", ("war", "childrens"), 1)],
            "Ana",
            {"collections": [{"subdomains": ["childrens", "war"]}]},
            id="new-collection-in-subdomain-order",
        ),
        pytest.param(
            ANA_COLLECTION,
            [b.AddToCollection("Ana", 1, ("abstract", "family"), "customizable")],
            "Ana",
            {"collections": [{"subdomains": ["abstract", "customizable", "family"]}]},
            id="add-to-collection",
        ),
        pytest.param(
            {"collections": [{"subdomains": ["abstract", "family", "war"], "rare_gems": ["war"]}]},
            [b.RemoveFromCollection("Ana", 1, ("abstract", "family", "war"), "war")],
            "Ana",
            {"collections": [{"subdomains": ["abstract", "family"]}]},
            id="remove-from-collection-takes-its-gem",
        ),
        pytest.param(
            ANA_COLLECTION,
            [
                b.SetRareGem("Ana", 1, ("abstract", "family"), "family", True),
                b.SetRareGem("Ana", 1, ("abstract", "family"), "abstract", True),
            ],
            "Ana",
            {"collections": [{"subdomains": ["abstract", "family"], "rare_gems": ["abstract", "family"]}]},
            id="gems",
        ),
        pytest.param(
            ANA_COLLECTION, [b.RemoveCollection("Ana", 1, ("abstract", "family"))], "Ana", {"collections": []}, id="remove-collection"
        ),
    ],
)
def test_action(start, actions, player, expected):
    t = apply_all(table(ana=start), *actions)
    for key, value in expected.items():
        assert final(t, player)[key] == value
    scoring.parse(t.record)


def test_a_collection_is_found_by_what_the_screen_showed_after_an_earlier_one_went():
    t = table(ana={"collections": [{"subdomains": ["abstract", "family"]}, {"subdomains": ["party", "war"]}]})
    t = scoring.apply(t, b.RemoveCollection("Ana", 1, ("abstract", "family")))  # from another device
    t = scoring.apply(t, b.SetRareGem("Ana", 2, ("party", "war"), "war", True))  # this screen still says "collection 2"
    assert final(t, "Ana")["collections"] == [{"subdomains": ["party", "war"], "rare_gems": ["war"]}]


# ---- no-ops: said, nothing stored ----------------------------------------------------------


@pytest.mark.parametrize(
    "start, action, says",
    [
        pytest.param({}, b.StepPlayed("Ana", "war", -1), "Ana has no played war group", id="minus-from-nothing"),
        pytest.param(
            {"played": [{"subdomain": "war", "cards": 3, "popular": True}]},
            b.SetPopular("Ana", "war", True),
            "already on Ana's tableau",
            id="popular-twice",
        ),
        pytest.param(
            {"played": [{"subdomain": "war", "cards": 3}]},
            b.SetPopular("Ana", "war", False),
            "not on Ana's tableau",
            id="popular-given-back-twice",
        ),
        pytest.param(
            ANA_COLLECTION,
            b.AddCollection("Ana", ("family", "abstract"), 1),
            "already holds abstract, family",
            id="same-new-collection-from-two-devices",
        ),
        pytest.param(
            {"collections": [{"subdomains": ["abstract", "family", "war"]}]},
            b.AddToCollection("Ana", 1, ("abstract", "family"), "war"),
            "war is already in Ana's collection 1",
            id="same-card-into-a-collection-twice",
        ),
        pytest.param(
            ANA_COLLECTION,
            b.RemoveFromCollection("Ana", 1, ("abstract", "family", "war"), "war"),
            "war is no longer in Ana's collection 1",
            id="same-card-out-of-a-collection-twice",
        ),
        pytest.param(
            {"collections": [{"subdomains": ["abstract", "family"], "rare_gems": ["family"]}]},
            b.SetRareGem("Ana", 1, ("abstract", "family"), "family", True),
            "already in Ana's collection 1",
            id="gem-twice",
        ),
        pytest.param(
            {}, b.RemoveCollection("Ana", 1, ("abstract", "family")), "is no longer on Ana's tableau", id="collection-removed-twice"
        ),
    ],
)
def test_unchanged(start, action, says):
    t = table(ana=start)
    with pytest.raises(Unchanged) as caught:
        scoring.apply(t, action)
    assert says in caught.value.message


# ---- refusals: where, and why ---------------------------------------------------------------


@pytest.mark.parametrize(
    "ana, ben, action, place, says",
    [
        pytest.param(
            {},
            WAR_9,
            b.StepPlayed("Ana", "war", 1),
            ("final", "Ana", "played", "war"),
            "9 of 10 war cards are on the table (Ben 9)",
            id="deck-short-for-a-new-group",
        ),
        pytest.param(
            {"played": [{"subdomain": "war", "cards": 10}]},
            {},
            b.StepPlayed("Ana", "war", 1),
            ("final", "Ana", "played", "war"),
            "at most 10 cards",
            id="group-of-11",
        ),
        pytest.param(
            {"played": [{"subdomain": "childrens", "cards": 2}]},
            {"played": [{"subdomain": "childrens", "cards": 3, "popular": True}]},
            b.SetPopular("Ana", "childrens", True),
            ("final", "Ana", "played", "children's"),
            "the children's Popular card is on Ben's tableau",
            id="popular-held-by-the-other-player",
        ),
        pytest.param(
            {}, {}, b.SetPopular("Ana", "war", True), ("final", "Ana", "played", "war"), "Ana has none", id="popular-without-a-group"
        ),
        pytest.param(
            {},
            WAR_9 | {"collections": [{"subdomains": ["abstract", "war"]}]},
            b.AddCollection("Ana", ("family", "war"), 1),
            ("final", "Ana", "new collection"),
            "all 10 war cards are on the table (Ben 10)",
            id="no-card-for-a-collection",
        ),
        pytest.param(
            ANA_COLLECTION,
            {"collections": [{"subdomains": ["party", "family"], "rare_gems": ["family"]}]},
            b.SetRareGem("Ana", 1, ("abstract", "family"), "family", True),
            ("final", "Ana", "collection 1"),
            "the family Rare Gem is in Ben's collection 1",
            id="gem-held-by-the-other-player",
        ),
        pytest.param(
            ANA_COLLECTION,
            {},
            b.SetRareGem("Ana", 1, ("abstract", "family"), "war", True),
            ("final", "Ana", "collection 1"),
            "goes with a war card in the collection",
            id="gem-without-its-card",
        ),
        pytest.param(
            ANA_COLLECTION,
            {},
            b.RemoveFromCollection("Ana", 1, ("abstract", "family"), "family"),
            ("final", "Ana", "collection 1"),
            "remove collection 1 instead",
            id="collection-of-1",
        ),
        pytest.param(
            ANA_COLLECTION,
            {},
            b.AddToCollection("Ana", 1, ("abstract", "party"), "war"),
            ("final", "Ana", "collection 1"),
            "changed on another screen",
            id="collection-changed-meanwhile",
        ),
        pytest.param({}, {}, b.StepPlayed("Cy", "war", 1), (), "'Cy' is not a player", id="unknown-player"),
        pytest.param(
            {},
            {},
            b.StepPlayed("Ana", "boardgames", 1),
            ("final", "Ana", "played", "boardgames"),
            "not a subdomain",
            id="unknown-subdomain",
        ),
        pytest.param({}, {}, b.StepPlayed("Ana", "war", 5), ("final", "Ana", "played", "war"), "+1 or −1", id="step-of-5"),
        pytest.param({}, {}, b.AddCollection("Ana", ("war",), 1), ("final", "Ana", "new collection"), "not 1", id="collection-of-one"),
        pytest.param({}, {}, scoring.NextRound(), (), "not an action of", id="other-games-action"),
    ],
)
def test_refused(ana, ben, action, place, says):
    t = table(ana, ben)
    before = repr(t.record)
    with pytest.raises(RecordError) as caught:
        scoring.apply(t, action)
    assert not isinstance(caught.value, Unchanged)
    assert caught.value.where == place and says in caught.value.message
    assert repr(t.record) == before  # the table given is never changed


# ---- queries the screen asks -----------------------------------------------------------------


def test_queries_say_why_before_the_tap():
    t = table(
        ana={"played": [{"subdomain": "thematic", "cards": 4, "popular": True}]},
        ben=WAR_9 | {"collections": [{"subdomains": ["family", "war"], "rare_gems": ["war"]}]},
    )
    game = scoring.parse(t.record).game
    refused = {
        b.StepPlayed("Ana", "war", 1): "all 10 war cards are on the table (Ben 10)",
        b.StepPlayed("Ana", "thematic", 1): None,
        b.StepPlayed("Ana", "thematic", -1): None,
        b.SetPopular("Ben", "thematic", True): "the thematic Popular card is on Ana's tableau",
        b.SetPopular("Ben", "war", True): None,
        b.SetPopular("Ana", "war", True): "the war Popular card goes with a played war group; Ana has none",
        b.AddCollection("Ana", ("abstract", "war"), 1): "all 10 war cards are on the table (Ben 10)",
        b.AddCollection("Ana", ("abstract", "family"), 1): None,
        b.AddToCollection("Ben", 1, ("family", "war"), "abstract"): None,
        b.SetRareGem("Ben", 1, ("family", "war"), "family", True): None,
        b.SetRareGem("Ben", 1, ("family", "war"), "abstract", True): "the abstract Rare Gem goes with a abstract card in the collection",
        b.RemoveCollection("Ben", 1, ("family", "war")): None,
    }
    assert {action: scoring.refusal(t, action) for action in refused} == refused
    assert b.gem_place(game, "war") == ("Ben", 1)
    for action, says in refused.items():  # the tap is refused with the same words
        if says:
            with pytest.raises(RecordError) as caught:
                scoring.apply(t, action)
            assert caught.value.message == says


# ---- properties -------------------------------------------------------------------------------


def actions_of(who, among=b.SUBDOMAINS):
    """Any action of `who` (a player, or a strategy of players) on the subdomains `among`."""
    players = who if isinstance(who, st.SearchStrategy) else st.just(who)
    subdomains = st.sampled_from(among)
    numbers = st.integers(1, 3)
    picked = st.lists(subdomains, min_size=2, max_size=4, unique=True).map(tuple)
    return st.one_of(
        st.builds(b.StepPlayed, players, subdomains, st.sampled_from((1, 1, -1))),
        st.builds(b.SetPopular, players, subdomains, st.booleans()),
        st.builds(b.AddCollection, players, picked, numbers),
        st.builds(b.AddToCollection, players, numbers, picked, subdomains),
        st.builds(b.RemoveFromCollection, players, numbers, picked, subdomains),
        st.builds(b.SetRareGem, players, numbers, picked, subdomains, st.booleans()),
        st.builds(b.RemoveCollection, players, numbers, picked),
    )


subdomains = st.sampled_from(b.SUBDOMAINS)
actions = actions_of(st.sampled_from(PLAYERS))


def tried(t: Table, action) -> Table:
    try:
        return scoring.apply(t, action)
    except RecordError:
        return t


@settings(max_examples=150, deadline=None)
@given(st.lists(actions, max_size=40))
def test_any_sequence_of_actions_leaves_a_valid_record(sequence):
    t = table()
    for action in sequence:
        t = tried(t, action)
        scoring.score(t.record)  # parses, and scores


def landed(t: Table, sequence) -> Table:
    for action in sequence:
        t = tried(t, action)
    return t


@settings(max_examples=100, deadline=None)
@given(st.lists(actions_of("Ana", b.SUBDOMAINS[:4]), max_size=15), st.lists(actions_of("Ben", b.SUBDOMAINS[4:]), max_size=15))
def test_two_players_taps_commute_while_they_meet_nowhere(ana, ben):
    """Ana's and Ben's actions, all of one before all of the other or the other way round, give the
    same record when they share no subdomain (so no card, Popular or Rare Gem is contested)."""
    start = table()
    one = landed(landed(start, ana), ben)
    other = landed(landed(start, ben), ana)
    assert one.record == other.record


@settings(max_examples=60, deadline=None)
@given(subdomains, st.integers(0, 5), st.integers(0, 1))
def test_two_plus_steps_from_two_devices_both_count(subdomain, start, others):
    t = table(ben={"played": [{"subdomain": subdomain, "cards": 2}]} if others else None)
    if start:
        t = apply_all(t, *[b.StepPlayed("Ana", subdomain, 1)] * start)
    plus = b.StepPlayed("Ana", subdomain, 1)
    twice = apply_all(t, plus, plus)
    before = next((g["cards"] for g in final(t, "Ana")["played"] if g["subdomain"] == subdomain), 0)
    after = next(g["cards"] for g in final(twice, "Ana")["played"] if g["subdomain"] == subdomain)
    assert after == (3 if before == 0 else before + 2)


def test_two_devices_changing_one_collection_at_once_both_count():
    t = table(ana={"collections": [{"subdomains": ["abstract", "family", "war"]}]})
    shown = ("abstract", "family", "war")
    t = scoring.apply(t, b.RemoveFromCollection("Ana", 1, shown, "war"))  # the tablet
    t = scoring.apply(t, b.AddToCollection("Ana", 1, shown, "party"))  # the phone, drawn before the tablet's tap
    assert final(t, "Ana")["collections"] == [{"subdomains": ["abstract", "family", "party"]}]
