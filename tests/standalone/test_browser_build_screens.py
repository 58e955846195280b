"""The app as the browser build runs it (make_main(..., standalone=True)), browserless: one device and
no server, so no PIN, no invites and no uploads; a file to import comes with the pick itself."""

from __future__ import annotations

import json

import flet as ft
import pytest

from companion.bootstrap import make_main
from companion.services import card_layout
from companion.ui.views.settings import STANDALONE_PIN
from tests.transfer.records import record, records
from tests.transfer.test_screen import dialog, dialog_button
from tests.ui.harness import Harness, switch_label


@pytest.fixture
def open_standalone(store):
    opened: list[Harness] = []
    main = make_main(store, standalone=True)

    def _open(route: str = "/", browser_storage: dict | None = None) -> Harness:
        h = Harness(main, route=route, width=390, height=844, browser_storage=browser_storage)
        opened.append(h)
        return h

    yield _open
    for h in opened:
        h.close()


def test_settings_say_why_there_is_no_pin(open_standalone):
    h = open_standalone("/settings")
    assert [t for t in h.find_all(ft.Text) if t.value == STANDALONE_PIN]
    assert not h.buttons("Set PIN") and not h.buttons("Remove PIN")


def test_black_is_chosen_and_kept_by_the_browser_alone(open_standalone, store):
    from tests.ui.test_settings_theme import choose, page_background

    browser: dict = {}
    h = open_standalone("/settings", browser_storage=browser)
    choose(h, "Black theme")
    assert page_background(h) == "#000000" and browser == {"tableside.theme": "black"}
    again = open_standalone("/", browser_storage=browser)  # the next visit: the same browser's storage
    again.settle()
    assert page_background(again) == "#000000"


def test_import_takes_the_bytes_that_came_with_the_pick(open_standalone, store):
    store.add_finished([record("lc1")])
    h = open_standalone("/transfer")
    (import_button,) = h.buttons("Import")
    action = import_button.action
    assert isinstance(action, ft.PickFiles) and action.with_data  # no server to upload to
    data = json.dumps({"format": 1, "games": records()}).encode()
    h.fire(action.file_picker, "result", {"files": [{"id": 0, "name": "games.json", "size": len(data), "bytes": data}]})
    assert not [method for method, _ in h.conn.invoked if method == "upload"]
    assert dialog(h).content.value.startswith("Import ")
    h.click(dialog_button(h, dialog(h).actions[-1].content))
    assert sorted(g.id for g in store.finished()) == sorted({"lc1", *(r["id"] for r in records())})


def test_an_image_without_pillow_is_refused_in_words(monkeypatch):
    def missing():
        raise card_layout.ImagesUnavailable()

    monkeypatch.setattr(card_layout, "pillow", missing)
    card_layout.font.cache_clear()
    with pytest.raises(card_layout.ImagesUnavailable, match="Tableside on a computer"):
        card_layout.font(20)
    card_layout.font.cache_clear()


def test_inviting_phones_says_it_needs_a_computer(open_standalone, store):
    from companion.ui.views.invite import STANDALONE
    from scoring import new_record

    game = store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
    h = open_standalone(f"/play/{game}")
    assert not [b for b in h.buttons("Invite players") if b.visible]
    invite = open_standalone(f"/invite/{game}")
    assert invite.text_of("message") == STANDALONE
    assert not store.setting("invites")  # no invitation was made


def test_every_control_shown_works_here(open_standalone, store, monkeypatch):
    """What needs a server or Pillow is not offered in the browser build (a greyed control and a sentence
    was): no photo button, no Save image, no Export with photos, no theme for other devices."""
    from companion.ui.views.game_log import QR_STANDALONE
    from scoring import new_record

    def missing():
        raise card_layout.ImagesUnavailable()

    monkeypatch.setattr(card_layout, "pillow", missing)  # as in the browser: no Pillow
    game = store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
    play = open_standalone(f"/play/{game}")
    assert not [name for name in ("Photo of Mia's tableau", "Photo of Noah's tableau") if play.buttons(name)]
    store.add_finished([record("lc1")])
    saved = open_standalone("/history/lc1")
    assert not saved.buttons("Save image") and saved.buttons("Copy result")
    assert not open_standalone("/transfer").buttons("Export with photos")
    settings = open_standalone("/settings")
    assert not [s for s in settings.find_all(ft.Switch) if "devices that have not chosen" in (switch_label(s) or "")]
    tonight = open_standalone("/tonight")
    assert not tonight.buttons("Save image")
    assert "server" not in QR_STANDALONE


def test_a_full_browser_storage_is_said_in_words_once_until_there_is_room(open_standalone, store):
    """IDBFS's own writes (autoPersist) drop an error in silence: the store's bus writes once more after
    every change and hears the answer (standalone/browser.KeptInBrowser). The browser's refusal is given
    here by hand: Chromium's quota override (DevTools' Storage.overrideQuotaForOrigin) did not take effect
    in the Chromium these tests run, so the e2e test cannot fill the quota for real."""
    from companion.standalone.browser import NO_ROOM, KeptInBrowser

    h = open_standalone("/")
    kept = KeptInBrowser(h.page)
    kept.written("QuotaExceededError: the quota has been exceeded")
    h.settle()
    assert dialog(h).title.value == "No room to keep the games" and dialog(h).content.content.value == NO_ROOM
    said = kept.said
    kept.written("QuotaExceededError")  # the next change fails too: not said twice
    assert kept.said is said
    kept.written(None)  # room again: everything was written back
    assert kept.said is None
    kept.written("QuotaExceededError")
    assert kept.said is not None and kept.said is not said  # full again: said again


def test_the_browser_archive_runs_without_the_servers_own_parts(tmp_path):
    """app.tar.gz leaves out what only a computer runs (build.SERVER_ONLY): the app, its screens and the browser
    entry import from the archive alone, in a Python that sees nothing of this checkout."""
    import io
    import subprocess
    import sys
    import tarfile

    from companion.standalone import build

    with tarfile.open(fileobj=io.BytesIO(build.app_archive())) as archive:
        names = archive.getnames()
        archive.extractall(tmp_path, filter="data")
    assert not [n for n in names if n.startswith(build.SERVER_ONLY)]
    assert "companion/server/uploads.py" in names  # what the screens use stays
    assert "companion/language/locales/de/LC_MESSAGES/tableside.mo" in names  # the words of each language, compiled
    assert not [n for n in names if n.endswith(build.CATALOG_SOURCES)]
    check = f"""
import importlib, pkgutil, sys
sys.path[:0] = [{str(tmp_path)!r}, {str(tmp_path / "__pypackages__")!r}]
import companion
assert companion.__file__.startswith({str(tmp_path)!r}), companion.__file__
import companion.bootstrap, companion.standalone.browser, companion.ui.app
for package in ("scoring", "companion.data", "companion.services", "companion.ui", "companion.access"):
    for module in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(module.name)
"""
    done = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_build_writes_brotli_and_gzip_copies_beside_what_compresses(tmp_path):
    """For hosts that serve them (nginx's gzip_static, Caddy's precompressed): each decodes to its file."""
    import gzip

    import brotli

    from companion.standalone import build

    (tmp_path / "main.dart.js").write_text("var x = 1;\n" * 2000)
    (tmp_path / build.SNAPSHOT).write_bytes(bytes(8192))
    (tmp_path / "small.js").write_text("var y;")  # too small to gain
    (tmp_path / "font.woff2").write_bytes(bytes(range(256)) * 40)  # already compressed: not a type worth it
    assert build.add_precompressed(tmp_path) > 0
    for name in ("main.dart.js", build.SNAPSHOT):
        original = (tmp_path / name).read_bytes()
        assert brotli.decompress((tmp_path / f"{name}.br").read_bytes()) == original
        assert gzip.decompress((tmp_path / f"{name}.gz").read_bytes()) == original
    assert not list(tmp_path.glob("small.js.*")) and not list(tmp_path.glob("font.woff2.*"))


def test_what_the_browser_build_says_outside_a_screen_is_in_the_tabs_language(open_standalone, store):
    """A write refused (or the games taken by another tab) is heard from JavaScript, with no session being
    drawn: said in the tab's language all the same (standalone/browser.in_words)."""
    from companion.language import _, speaking
    from companion.standalone.browser import NO_ROOM, KeptInBrowser
    from companion.ui.language import PREFERENCE

    h = open_standalone("/", browser_storage={PREFERENCE: "de"})
    h.settle()
    KeptInBrowser(h.page).written("QuotaExceededError")
    h.settle()
    with speaking("de"):
        german = _(NO_ROOM)
    assert german != NO_ROOM and dialog(h).content.content.value == german


def test_the_site_lists_and_keeps_only_the_fonts_the_app_draws(tmp_path):
    """Flutter fetches every family of FontManifest.json at each start: Markdown's formula fonts and
    Cupertino's icons (never drawn here) were 0.36 MB of a first visit before Home."""
    from companion.standalone.build import drop_unused_fonts, precache

    fonts = {
        "MaterialIcons": "fonts/MaterialIcons-Regular.otf",
        "packages/flutter_math_fork/KaTeX_Main": "packages/flutter_math_fork/lib/katex_fonts/fonts/KaTeX_Main-Regular.ttf",
        "packages/cupertino_icons/CupertinoIcons": "packages/cupertino_icons/assets/CupertinoIcons.ttf",
        "Roboto": "fonts/roboto.woff2",
    }
    for asset in fonts.values():
        (tmp_path / "assets" / asset).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "assets" / asset).write_bytes(b"font")
    manifest = [{"family": family, "fonts": [{"asset": asset}]} for family, asset in fonts.items()]
    (tmp_path / "assets" / "FontManifest.json").write_text(json.dumps(manifest))
    drop_unused_fonts(tmp_path)
    kept = json.loads((tmp_path / "assets" / "FontManifest.json").read_text())
    assert [f["family"] for f in kept] == ["MaterialIcons", "Roboto"]
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*.*") if p.name != "FontManifest.json") == [
        "assets/fonts/MaterialIcons-Regular.otf",
        "assets/fonts/roboto.woff2",
    ]
    assert [name for name in precache(tmp_path) if name.startswith("assets/fonts/")] == [
        "assets/fonts/MaterialIcons-Regular.otf",
        "assets/fonts/roboto.woff2",
    ]


@pytest.mark.parametrize(
    "memory",
    [b"", b"abc", bytes(200_000), b"x" + bytes(300_000) + b"y", bytes(65_536) + b"z" * 70_000 + bytes(131_072) + b"end" + bytes(10)],
)
def test_the_snapshot_file_without_its_zero_blocks_gives_the_memory_back(memory):
    """What the worker does with the file (SNAPSHOT.parts): each part back in its place in a buffer of zeros."""
    from companion.standalone.build import ZERO_BLOCK, without_zero_blocks

    kept, parts = without_zero_blocks(memory)
    rebuilt, at = bytearray(len(memory)), 0
    for offset, length in parts:
        rebuilt[offset : offset + length] = kept[at : at + length]
        at += length
    assert at == len(kept) and bytes(rebuilt) == memory
    for offset, length in parts:  # and no block of zeros is in the file
        for block in range(offset, offset + length, ZERO_BLOCK):
            assert any(memory[block : block + ZERO_BLOCK]), f"a block of zeros kept at {block}"


def test_a_change_once_another_tab_took_the_games_is_refused_at_its_control_and_not_stored(open_standalone, store):
    """The browser build's store asks the tab before every change (standalone/browser.Tab.refused, the store's
    `writes_refused`): a tab another took the games from refuses a tap in words at the control, and stores nothing.
    The race with the take-over itself runs in Chromium (tests/e2e/test_standalone.py)."""
    from companion.standalone.browser import NOT_HERE
    from scoring import new_record

    game = store.create(new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1})).id
    h = open_standalone(f"/play/{game}")
    h.tap("Mia red 3")
    before = store.get(game).record
    store.writes_refused = lambda: NOT_HERE  # what the tab answers once another took the games
    h.tap("Mia red 4")
    assert h.text_of("message") == NOT_HERE
    assert store.get(game).record == before
    assert not h.conn.errors
