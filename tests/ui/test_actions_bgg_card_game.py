"""BoardGameGeek: The Card Game on two browserless sessions (a tablet and a phone) tapping at the
same moment: both taps are dispatched before either screen redraws, as two devices' taps reach
the server together. Nothing is lost, and both screens end equal to the stored record."""

from __future__ import annotations

import flet as ft
import pytest

import scoring
from companion.ui.games.bgg_card_game import LABEL

from .harness import card_state


def start(store, final=None):
    record = scoring.new_record("bgg-card-game", ["Ana", "Ben"])
    for player, tableau in (final or {}).items():
        record["final"][player].update(tableau)
    return store.create(record).id


def devices(open_app, game_id):
    tablet = open_app(f"/play/{game_id}", width=1024, height=768)
    phone = open_app(f"/play/{game_id}")
    return tablet, phone


def at_once(*taps):
    """Each (screen, button name): every button is found as its screen shows it now, then all are
    clicked before any screen is redrawn."""
    found = []
    for h, name in taps:
        buttons = [b for b in h.buttons(name) if not b.disabled]
        assert len(buttons) == 1, f"{name!r}: {len(buttons)} enabled"
        found.append((h, buttons[0]))
    for h, button in found:
        h.run(h.session.dispatch_event(button._i, "click", None))
    for h, _ in found:
        h.settle()


def shown_count(h, player, label):
    """The number a played stepper shows, as a screen reader reads it."""
    prefix = f"{player} {label} played "
    values = [
        c.semantics_label[len(prefix) :] for c in h.controls() if isinstance(c, ft.Text) and (c.semantics_label or "").startswith(prefix)
    ]
    assert len(values) == 1, values
    return int(values[0])


def stored(store, game_id):
    return store.get(game_id).record["final"]


def both_show_the_stored_totals(store, game_id, tablet, phone):
    totals = scoring.score(store.get(game_id).record).totals
    for h in (tablet, phone):
        h.settle()
        for player, total in totals.items():
            assert h.text_of(f"total-{player}") == str(total)


@pytest.mark.parametrize("rounds", [1, 4])
def test_plus_from_both_devices_at_once_both_count(open_app, store, rounds):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    for _ in range(rounds):
        at_once((tablet, "Ana Thematic played plus"), (phone, "Ana Thematic played plus"))
    # 0 → 2 is the first step, each further step one card
    expected = 2 + (2 * rounds - 1)
    assert stored(store, game_id)["Ana"]["played"] == [{"subdomain": "thematic", "cards": expected}]
    assert shown_count(tablet, "Ana", "Thematic") == shown_count(phone, "Ana", "Thematic") == expected
    both_show_the_stored_totals(store, game_id, tablet, phone)


def test_plus_and_minus_interleaved_from_both_devices(open_app, store):
    game_id = start(store, {"Ana": {"played": [{"subdomain": "war", "cards": 5}]}})
    tablet, phone = devices(open_app, game_id)
    for tablet_tap, phone_tap in (("plus", "minus"), ("plus", "plus"), ("minus", "plus"), ("minus", "minus")):
        at_once((tablet, f"Ana War played {tablet_tap}"), (phone, f"Ana War played {phone_tap}"))
    assert stored(store, game_id)["Ana"]["played"] == [{"subdomain": "war", "cards": 5}]
    assert shown_count(tablet, "Ana", "War") == shown_count(phone, "Ana", "War") == 5


def test_the_same_popular_card_from_both_devices_is_taken_once(open_app, store):
    game_id = start(store, {"Ana": {"played": [{"subdomain": "party", "cards": 3}]}})
    tablet, phone = devices(open_app, game_id)
    at_once((tablet, "Ana Party Popular"), (phone, "Ana Party Popular"))
    assert stored(store, game_id)["Ana"]["played"] == [{"subdomain": "party", "cards": 3, "popular": True}]
    # the second tap is said to be needless, not refused in silence
    assert "already on Ana's tableau" in phone.text_of("message") + tablet.text_of("message")
    both_show_the_stored_totals(store, game_id, tablet, phone)
    assert tablet.text_of("total-Ana") == "15"  # 3² + 2×3


def test_a_popular_card_held_by_the_other_player_is_refused_with_who_holds_it(open_app, store):
    game_id = start(
        store, {"Ana": {"played": [{"subdomain": "childrens", "cards": 3}]}, "Ben": {"played": [{"subdomain": "childrens", "cards": 2}]}}
    )
    tablet, phone = devices(open_app, game_id)
    phone.tap("Ben")
    at_once((tablet, "Ana Children's Popular"), (phone, "Ben Children's Popular"))
    final = stored(store, game_id)
    assert final["Ana"]["played"] == [{"subdomain": "childrens", "cards": 3, "popular": True}]
    assert final["Ben"]["played"] == [{"subdomain": "childrens", "cards": 2}]
    assert phone.text_of("message") == "The children's Popular card is on Ana's tableau."
    phone.settle()
    assert [card_state(b) for b in phone.buttons("Ben Children's Popular, taken")] == ["taken"]  # shown taken now


def test_the_same_new_collection_from_both_devices_is_stored_once(open_app, store):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    tablet.tap("Ana new collection Abstract")
    phone.tap("Ana new collection Abstract")
    at_once((tablet, "Ana new collection Family"), (phone, "Ana new collection Family"))
    assert stored(store, game_id)["Ana"]["collections"] == [{"subdomains": ["abstract", "family"]}]
    for h in (tablet, phone):  # both screens start a fresh pick
        assert [card_state(b) for b in h.buttons("Ana collection 1 Abstract")] == ["held"]
        assert h.text_of("total-Ana") == "3"


def test_remove_and_add_in_one_collection_from_both_devices(open_app, store):
    game_id = start(store, {"Ana": {"collections": [{"subdomains": ["abstract", "family", "war"], "rare_gems": ["war"]}]}})
    tablet, phone = devices(open_app, game_id)
    at_once((tablet, "Ana collection 1 War"), (phone, "Ana collection 1 Party"))
    assert stored(store, game_id)["Ana"]["collections"] == [{"subdomains": ["abstract", "family", "party"]}]
    both_show_the_stored_totals(store, game_id, tablet, phone)
    assert tablet.text_of("total-Ana") == "6"


def test_the_same_rare_gem_from_both_players_goes_to_the_first(open_app, store):
    game_id = start(
        store, {"Ana": {"collections": [{"subdomains": ["abstract", "war"]}]}, "Ben": {"collections": [{"subdomains": ["family", "war"]}]}}
    )
    tablet, phone = devices(open_app, game_id)
    phone.tap("Ben")
    at_once((phone, "Ben collection 1 War Rare Gem"), (tablet, "Ana collection 1 War Rare Gem"))
    final = stored(store, game_id)
    assert final["Ben"]["collections"] == [{"subdomains": ["family", "war"], "rare_gems": ["war"]}]
    assert final["Ana"]["collections"] == [{"subdomains": ["abstract", "war"]}]
    assert tablet.text_of("message") == "The war Rare Gem is in Ben's collection 1."
    both_show_the_stored_totals(store, game_id, tablet, phone)


def test_undo_takes_back_only_this_devices_step(open_app, store):
    game_id = start(store)
    tablet, phone = devices(open_app, game_id)
    at_once((tablet, "Ana Strategy played plus"), (phone, "Ana Strategy played plus"))
    tablet.tap("Undo")
    assert stored(store, game_id)["Ana"]["played"] == [{"subdomain": "strategy", "cards": 2}]
    both_show_the_stored_totals(store, game_id, tablet, phone)


def test_collection_buttons_show_whole_names(open_app, store):
    game_id = start(store, {"Ana": {"collections": [{"subdomains": ["childrens", "customizable"]}]}})
    h = open_app(f"/play/{game_id}")
    shown = {c.value for c in h.controls() if isinstance(c, ft.Text)}
    assert {"Customizable", "Children's", "◆ Children's"} <= shown
    assert not {"Abst", "Chil", "Fami", "Cust"} & shown
    assert not any("childrens" in (v or "") for v in shown)  # the record's key is never shown
    assert LABEL["childrens"] == "Children's"
    assert len(h.buttons("Ana collection 1 Children's Rare Gem")) == 1
