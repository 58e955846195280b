"""History, game detail, players and statistics screens (browserless)."""

import json
from datetime import date, datetime

import flet as ft

from companion.ui.widgets.list_row import ListRow


def choose(h, label: str, value: str) -> None:
    """Pick `value` in the dropdown labelled `label`, as the browser does (the value, then the event)."""
    h.choose(h.find(ft.Dropdown, label=label), value, "select")


def texts(h) -> list[str]:
    return [c.value for c in h.find_all(ft.Text) if isinstance(c.value, str)]


def test_history_lists_newest_first_and_filters_by_game(open_app, history):
    h = open_app("/history")
    tiles = h.find_all(ListRow)
    assert [t.key for t in tiles] == ["dan-aldie", "cgt-1", "lc-1"]
    assert "Winner: Aldie" in tiles[0].subtitle.value
    choose(h, "Game", "cgt")
    assert [t.key for t in h.find_all(ListRow)] == ["cgt-1"]


def test_history_filters_by_player_and_dates(open_app, history):
    h = open_app("/history")
    choose(h, "Player", "Noah")
    assert [t.key for t in h.find_all(ListRow)] == ["lc-1"]
    choose(h, "Player", "anyone")
    pick_day(h, "From: any date", date(2026, 2, 1))
    assert [t.key for t in h.find_all(ListRow)] == ["dan-aldie", "cgt-1"]
    h.tap("Clear From date")  # every date again
    assert [t.key for t in h.find_all(ListRow)] == ["dan-aldie", "cgt-1", "lc-1"]


def pick_day(h, button: str, day):
    """Open a date filter's calendar and confirm `day`, as the browser does (value, then change)."""
    h.tap(button)
    picker = next(d for d in reversed(h.page._dialogs.controls) if isinstance(d, ft.DatePicker))
    h.choose(picker, day)
    return picker


def test_date_filters_are_pickers_with_any_date_and_a_range_that_cannot_cross(open_app, history):
    h = open_app("/history")
    assert not h.find_all(ft.TextField)  # nothing to type a date into
    picker = pick_day(h, "From: any date", date(2026, 2, 1))
    assert picker.last_date == date(2100, 12, 31)
    assert h.buttons("From: 2026-02-01")
    picker = pick_day(h, "To: any date", datetime(2026, 2, 28, 0, 0))
    assert picker.first_date == date(2026, 2, 1)  # the calendar offers no day before From
    assert [t.key for t in h.find_all(ListRow)] == ["cgt-1"]
    pick_day(h, "To: 2026-02-28", date(2026, 1, 1))  # crossed (a client ignoring first_date): refused
    assert any(t.value == "To must not be before From." for t in h.find_all(ft.Text))
    assert [t.key for t in h.find_all(ListRow)] == ["cgt-1"]
    h.tap("Clear To date")
    h.tap("Clear From date")
    assert [t.key for t in h.find_all(ListRow)] == ["dan-aldie", "cgt-1", "lc-1"]
    assert h.buttons("From: any date") and h.buttons("To: any date")
    assert not any(b.visible for b in h.buttons("Clear From date") + h.buttons("Clear To date"))
    assert not h.conn.errors


def test_game_detail_opens_directly(open_app, history):
    h = open_app("/history/dan-aldie")
    assert h.text_of("total-Dan") == "92" and h.text_of("total-Aldie") == "103"
    assert h.text_of("place-Aldie") == "1st" and h.text_of("winner") == "Aldie"
    assert any("thematic played 4 with Popular: 16 + 8 = 24" in t for t in texts(h))


def test_delete_from_the_detail_then_undo(open_app, history):
    h = open_app("/history/cgt-1")
    h.tap("Delete")
    assert history.get("cgt-1") is None and h.page.route == "/"
    snack = next(m for m in h.page._dialogs.controls if isinstance(m, ft.SnackBar))
    assert snack.action == "Undo"
    h.fire(snack, "action")
    assert history.get("cgt-1") is not None


def test_players_roster_and_figures(open_app, history):
    h = open_app("/players")
    names = [t.key for t in h.find_all(ListRow)]
    assert names == sorted(names, key=str.casefold) and "Aldie" in names
    h = open_app("/players/Max")
    assert any("1 game · 1 win (100%)" in t for t in texts(h))
    assert any("vs Lea: 1 game, ahead in 1, behind in 0" in t for t in texts(h))


def test_rename_follows_the_history(open_app, history):
    h = open_app("/players/Noah")
    h.type(h.find(ft.TextField, label="New name"), "Noa")
    h.tap("Rename")
    assert h.page.route == "/players/Noa"
    assert history.get("lc-1").players == ["Mia", "Noa"]
    assert history.get("lc-1").summary["totals"]["Noa"] == 171


def test_statistics_per_game(open_app, history):
    h = open_app("/stats")
    shown = texts(h)
    assert "Highest score: 171 by Noah on 2026-01-15" in shown
    assert "Average winning score: 103.0" in shown  # BGG card game: Aldie 103
    # Lost Cities: of Mia's yellow (2 alone: −60), Mia's blue (20) and Noah's red (156), two paid off
    assert "investments that paid off: 67% of 3 expeditions with an investment" in shown


def test_a_finished_game_downloads_as_a_bg_stats_play(open_app, history):
    h = open_app("/history/lc-1")
    h.conn.method_results["save_file"] = "/downloads/x.json"
    h.tap("Export for BG Stats")
    h.settle()
    _, args = next((n, a) for n, a in h.conn.invoked if n == "save_file")
    assert args["file_name"] == "tableside-lost-cities-2026-01-15-bgstats.json"
    play = json.loads(bytes(args["src_bytes"]).decode())
    assert play["game"]["name"] == "Lost Cities" and play["game"]["bggId"] == 50
    assert {p["name"]: p["score"] for p in play["players"]} == {"Mia": -40, "Noah": 171}


def test_the_navigation_bar_opens_each_main_place(open_app, history):
    h = open_app("/")
    for index, route in ((1, "/history"), (2, "/players"), (3, "/stats"), (0, "/")):
        bar = h.find(ft.NavigationBar)
        h.session.apply_patch(bar._i, {"selected_index": index})  # as the browser does: the value, then the event
        h.fire(bar, "change", str(index))
        assert h.page.route == route
        assert h.find(ft.NavigationBar).selected_index == index
    assert not h.conn.errors
