"""The results screen shares a result: "Copy result" (text, copied by the browser inside the tap)
and "Save image" (a PNG scorecard, downloaded)."""

import io

import flet as ft
from PIL import Image

from companion.services import scorecard

TIED = {
    "format": 1,
    "game": "cgt",
    "players": ["Ana", "Ben"],
    "variant": {"first_player_penalty": 0},
    "final": {"meta": {"9": 3, "8": 2}, "collections": {"Ana": {"9": 2}, "Ben": {"8": 3}}},
}


def button(h, name):
    (found,) = h.buttons(name)
    return found


def test_copy_result_carries_the_places_and_the_tiebreak(open_app, store):
    store.add_finished([{**TIED, "id": "tie", "played_at": "2026-04-03T20:00:00"}])
    h = open_app("/history/tie")
    copy = button(h, "Copy result")
    assert isinstance(copy.action, ft.CopyToClipboard)
    text = copy.action.data
    assert "· 2026-04-03" in text.splitlines()[0]
    assert "Ana wins!" in text and "1st  Ana  6" in text and "2nd  Ben  6" in text
    assert "fewer wins" in text  # the tiebreak, in the scorer's words
    h.tap("Copy result")
    assert not h.conn.errors
    snack = next(m for m in h.page._dialogs.controls if isinstance(m, ft.SnackBar))
    assert snack.content.value.startswith("Copied")  # a snack bar: screen readers announce it
    assert h.buttons("Copied") and not h.buttons("Copy result")  # and the button says so for a moment


def test_save_image_downloads_a_png_scorecard(open_app, store):
    store.add_finished([{**TIED, "id": "tie", "played_at": "2026-04-03T20:00:00"}])
    h = open_app("/history/tie")
    h.conn.method_results["save_file"] = "/downloads/x.png"
    h.tap("Save image")
    h.settle()
    assert not h.conn.errors
    _, args = next((n, a) for n, a in h.conn.invoked if n == "save_file")
    assert args["file_name"] == "tableside-cgt-2026-04-03.png"
    image = Image.open(io.BytesIO(bytes(args["src_bytes"])))
    assert image.format == "PNG" and image.size[0] == scorecard.WIDTH
