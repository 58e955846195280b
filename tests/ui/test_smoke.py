import flet as ft

import scoring


def start_game(h, game_title, names):
    h.tap(game_title) if h.buttons(game_title) else None


def test_lost_cities_through_setup(open_app, store):
    h = open_app("/setup/lost-cities")
    field = h.find(ft.TextField, label="Player name")
    for name in ("Mia", "Noah"):
        h.type(field, name)
        h.fire(field, "submit", name)
    h.tap("Start game")
    assert h.page.route.startswith("/play/")
    for label in ("Mia red 3", "Mia red 6", "Mia red 9", "Mia red 10", "Mia red investment 1"):
        h.tap(label)
    game = store.in_progress()[0]
    assert scoring.score(game.record).totals["Mia"] == 16
    assert h.text_of("total-Mia") == "16"
