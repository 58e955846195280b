"""One line of standings for Home's latest results, the games in progress and the history: the same
words everywhere, and Home reads a finished game's stored summary instead of scoring it again."""

import scoring
from companion.ui.views import home
from companion.ui.widgets.controls import standings


def test_the_leader_first_and_names_alone_while_nothing_scores():
    assert standings(["Ana", "Ben"], [["Ben"], ["Ana"]], {"Ana": 3, "Ben": 9}) == "Ben 9 · Ana 3"
    assert standings(["Ana", "Ben"], [["Ana", "Ben"]], {"Ana": 4, "Ben": 4}) == "Ana 4 · Ben 4"
    assert standings(["Ana", "Ben"]) == "Ana · Ben"


def test_home_does_not_rescore_a_finished_game(store, monkeypatch):
    game = store.finish(store.create(scoring.new_record("cgt", ["Lea", "Max"])).id)

    def no_scoring(record):
        raise AssertionError("Home scored a finished game again")

    monkeypatch.setattr(scoring, "score", no_scoring)
    assert home.summary(game) == standings(game.players, game.scored["ranking"], game.scored["totals"])
