"""Steps a person takes in the app, for the browserless tests."""

import flet as ft

import scoring


def set_up(h, names, switches=()):
    """On a setup screen: add the players, flip the named switches, start the game."""
    field = h.find(ft.TextField, label="Player name")
    for name in names:
        h.type(field, name)
        h.fire(field, "submit", name)
    for label in switches:
        switch = h.switch(label)
        h.session.apply_patch(switch._i, {"value": not switch.value})  # as the client: drawn controls are frozen
        h.fire(switch, "change", None)
    h.tap("Start game")
    assert h.page.route.startswith("/play/"), h.page.route
    return h.page.route.split("/")[-1]


def shown_totals(h, names):
    return {n: int(h.text_of(f"total-{n}").replace("−", "-")) for n in names}


def scored_totals(store, game_id):
    return dict(scoring.score(store.get(game_id).record).totals)
