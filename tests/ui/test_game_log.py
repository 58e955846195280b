"""Issue 24 on the screens: Log to BG Stats (one tap, a bgstats:// link), where and notes from setup to
results, the records a game sets on Results, and a player's records on their page (browserless)."""

import json
from urllib.parse import unquote

import flet as ft

from companion.services import bg_stats
from companion.ui.views import game_log

from .harness import walk
from .helpers import set_up

DONE = {  # CGT is scored once at the end: Ana 18, Ben 6 (+ tiebreak none): decided
    "format": 1,
    "game": "cgt",
    "players": ["Ana", "Ben"],
    "variant": {"first_player_penalty": 0},
    "final": {"meta": {"9": 3, "8": 2}, "collections": {"Ana": {"9": 2}, "Ben": {"8": 1}}},
}


def lc(ana_cards: list[int], game_id: str, day: str) -> dict:
    """Lost Cities, one round: Ana's red expedition (sum − 20), Ben nothing."""
    return {
        "game": "lost-cities",
        "players": ["Ana", "Ben"],
        "variant": {"rounds": 1},
        "rounds": [{"Ana": {"red": {"cards": ana_cards}}, "Ben": {}}],
        "id": game_id,
        "played_at": f"{day}T20:00:00+00:00",
    }


def play_in(link: str) -> dict:
    return json.loads(unquote(link.split("?data=", 1)[1]))


def test_log_to_bg_stats_is_one_tap_on_a_saved_game(open_app, store):
    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00", "location": "Club", "notes": "tight"}])
    h = open_app("/history/g1")
    (log,) = h.buttons(game_log.LOG)
    assert isinstance(log.action, ft.OpenUrl)
    assert log.action.url.startswith("bgstats://app.bgstatsapp.com/createPlay.html?data=")
    play = play_in(log.action.url)
    assert play == bg_stats.bgstats_play(store.get("g1"))
    assert (play["location"], play["comments"], play["players"][0]["winner"]) == ("Club", "tight", True)
    assert h.buttons("Export for BG Stats")  # the JSON download stays


def test_other_ways_offer_the_web_link_and_a_qr_code(open_app, store):
    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00"}])
    h = open_app("/history/g1")
    h.tap(game_log.OTHER_WAYS)
    assert not h.conn.errors
    (dialog,) = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    (web,) = [b for b in walk(dialog.actions) if isinstance(b, ft.TextButton) and b.action is not None]
    assert web.action.url.startswith("https://app.bgstatsapp.com/createPlay.html?data=")
    assert play_in(web.action.url) == bg_stats.bgstats_play(store.get("g1"))
    (image,) = [c for c in walk(dialog.content) if isinstance(c, ft.Image)]
    assert bytes(image.src[:8]) == b"\x89PNG\r\n\x1a\n"


def test_a_decided_game_in_progress_can_be_logged_an_undecided_one_cannot(open_app, store):
    decided = store.create(dict(DONE))
    h = open_app(f"/results/{decided.id}")
    (log,) = h.buttons(game_log.LOG)
    assert "durationMin" not in play_in(log.action.url)  # not finished yet: no duration
    one_of_three = {**lc([4, 9, 10], "u1", "2026-11-01"), "variant": {"rounds": 3}}  # two rounds to go
    undecided = store.create(one_of_three)
    h2 = open_app(f"/results/{undecided.id}")
    assert h2.text_of("leader") == "Ana" and not h2.find_all(ft.Semantics, identifier="winner")  # Ana 3, Ben 0: a lead, no winner
    assert not h2.buttons(game_log.LOG)


def test_where_and_notes_from_setup_are_kept_and_remembered(open_app, store):
    h = open_app("/setup/cgt")
    h.type(h.find(ft.TextField, label="Where (optional)"), "  Café Nord ")
    h.type(h.find(ft.TextField, label="Notes (optional)"), "birthday game")
    game_id = set_up(h, ["Ana", "Ben"])
    record = store.get(game_id).record
    assert (record["location"], record["notes"]) == ("Café Nord", "birthday game")
    h2 = open_app("/setup/lost-cities")  # the next game of the evening: same place, new notes
    assert h2.find(ft.TextField, label="Where (optional)").value == "Café Nord"
    assert h2.find(ft.TextField, label="Notes (optional)").value == ""


def test_where_and_notes_are_changed_on_a_saved_games_results(open_app, store):
    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00"}])
    h = open_app("/history/g1")
    assert h.find(ft.OutlinedButton, content="Save where and notes").disabled  # nothing typed yet
    h.type(h.find(ft.TextField, label="Where"), "Kitchen")
    h.type(h.find(ft.TextField, label="Notes"), "Ben's first CGT")
    h.tap("Save where and notes")
    assert not h.conn.errors
    saved = store.get("g1")
    assert (saved.record["location"], saved.record["notes"], saved.status) == ("Kitchen", "Ben's first CGT", "finished")
    (log,) = h.buttons(game_log.LOG)  # the link follows at once
    assert play_in(log.action.url)["location"] == "Kitchen"


def test_a_saved_game_being_edited_says_where_its_details_are_changed(open_app, store):
    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00", "location": "Club"}])
    store.edit_copy("g1")
    h = open_app("/history/g1")
    assert not h.find_all(ft.TextField, label="Where")
    assert "Being edited" in " ".join(str(getattr(c, "value", "")) for c in h.controls() if isinstance(c, ft.Text))


def test_results_announce_the_records_a_game_sets(open_app, store):
    store.add_finished([lc([4, 9, 10], "g1", "2026-11-01"), lc([10, 9, 8, 7], "g2", "2026-11-02")])  # Ana 3, then 14
    h = open_app("/history/g2")
    said = [c.value for c in walk(h.find_semantics("records")) if isinstance(c, ft.Text)]
    assert "Ana's best Lost Cities score: 14" in said
    assert "Ana's longest Lost Cities winning streak: 2 wins" in said
    h1 = open_app("/history/g1")
    assert not h1.find_all(ft.Semantics, identifier="records")  # a first game sets no record


def test_a_players_page_lists_their_records(open_app, store):
    store.add_finished([lc([4, 9, 10], "g1", "2026-11-01"), lc([10, 9, 8, 7], "g2", "2026-11-02")])
    h = open_app("/players/Ana")
    lines = [c.value for c in walk(h.find_semantics("player-records")) if isinstance(c, ft.Text)]
    assert "Lost Cities" in lines
    assert "Highest score: 14 (2026-11-02)" in lines
    assert "Longest winning streak: 2 wins (2026-11-02)" in lines
    assert "Largest win: by 14 points (2026-11-02)" in lines


def test_where_changed_while_editing_goes_with_the_edit(open_app, store):
    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00", "location": "Club"}])
    h = open_app("/history/g1")
    h.tap("Edit")
    h2 = open_app("/results/g1")  # the edit copy's Results
    h2.type(h2.find(ft.TextField, label="Where (optional)"), "Kitchen")  # with Save changes: one step
    assert store.get("g1").record["location"] == "Club"  # the saved game waits for Save changes
    assert not h2.buttons("Save where and notes")
    h2.tap("Cancel changes")
    assert not h2.conn.errors
    assert store.get("g1").record["location"] == "Club" and store.editing("g1") is None


def qr_dialog(h):
    h.tap(game_log.OTHER_WAYS)
    assert not h.conn.errors
    (dialog,) = [d for d in h.page._dialogs.controls if isinstance(d, ft.AlertDialog) and d.open]
    (image,) = [c for c in walk(dialog.content) if isinstance(c, ft.Image)]
    words = [c.value for c in walk(dialog.content) if isinstance(c, ft.Text)]
    return image, words


def test_a_phone_on_the_wifi_scans_a_short_link_at_7_px_a_module_or_more(store):
    from companion.bootstrap import make_main
    from companion.server.play_links import Routes
    from companion.services import qr_codes

    from .harness import Harness

    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00", "notes": "n" * 1000}])
    for width in (390, 820):
        h = Harness(make_main(store, None, ["http://192.168.1.20:8550"], lan=True), route="/history/g1", width=width)
        image, words = qr_dialog(h)
        assert game_log.QR_SHORT in words
        text, code = game_log.bgstats_qr(bg_stats.bgstats_play(store.get("g1")), "http://192.168.1.20:8550", game_log.qr_room(width))
        assert bytes(image.src) == code.png and image.width == image.height == code.side  # the same link: it keeps its token
        assert code.modules == 29 and code.side / (code.modules + 2 * qr_codes.QUIET) >= 7
        assert image.filter_quality == ft.FilterQuality.NONE  # sharp module edges
        sent = []

        async def send(message, sent=sent):
            sent.append(message)

        h.run(Routes(None)({"type": "http", "method": "GET", "path": text.removeprefix("http://192.168.1.20:8550")}, None, send))
        assert dict(sent[0]["headers"])[b"location"].decode() == bg_stats.bgstats_url(bg_stats.bgstats_play(store.get("g1")))
        h.close()


def test_where_phones_cannot_reach_the_server_a_laptop_shows_the_whole_play_at_5_px_a_module(open_app, store):
    from companion.services import qr_codes

    store.add_finished([{**DONE, "id": "g1", "played_at": "2026-11-30T20:00:00+00:00", "notes": "n" * 1000}])
    h = open_app("/history/g1", width=1280)
    image, words = qr_dialog(h)
    assert game_log.QR_WHOLE in words
    _, code = game_log.bgstats_qr(bg_stats.bgstats_play(store.get("g1")), None, game_log.qr_room(1280))
    assert bytes(image.src) == code.png and image.width == code.side
    assert code.module_px >= qr_codes.MIN_MODULE_PX
