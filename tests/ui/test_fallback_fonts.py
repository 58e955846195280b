"""Every font Flutter's fallback loader may ask for is answered from this machine (no browser here;
tests/e2e/test_fonts_never_block.py plays a game with such names in Chromium)."""

import re
from pathlib import Path

import pytest
from flet_web import get_package_web_dir

from companion.server import fallback_fonts, static_files

ttLib = pytest.importorskip("fontTools.ttLib", reason="fonttools is a test dependency: pip install -e '.[test]'")

ASSETS = Path(__file__).resolve().parents[2] / "assets"
RUNTIME = Path(get_package_web_dir()) / "main.dart.wasm"


def fallback_paths() -> list[str]:
    """Every font file Flutter's fallback data names (they sit as strings in the compiled runtime)."""
    found = set(re.findall(rb"noto[a-z0-9]+/v\d+/[\w.-]+\.woff2", RUNTIME.read_bytes()))
    return sorted("/assets/fonts/" + p.decode() for p in found)


def test_every_fallback_font_flutter_knows_is_answered_with_the_blank_font():
    paths = fallback_paths()
    assert len(paths) > 500, "Flutter's fallback data not found in the runtime"  # CJK alone has ~560 slices
    assert any("notosanssc/" in p for p in paths) and any("notocoloremoji/" in p for p in paths)
    assert all(fallback_fonts.answer(p) == "/" + fallback_fonts.BLANK for p in paths)


def test_other_paths_are_not_taken():
    for path in ("/assets/fonts/MaterialIcons-Regular.otf", "/fonts/DejaVuSans.ttf", "/assets/fonts/roboto.woff2", "/play/x"):
        assert fallback_fonts.answer(path) is None


def test_the_blank_font_is_a_font_with_no_characters():
    font = ttLib.TTFont(ASSETS / fallback_fonts.BLANK)
    assert font.getGlyphOrder() == [".notdef"]
    assert font["cmap"].tables and font.getBestCmap() == {}
    assert font["name"].getDebugName(1) == "Tableside Blank"
    assert (ASSETS / fallback_fonts.BLANK).stat().st_size < 2048


def test_the_page_asks_for_fallback_fonts_under_its_version():
    page = 'flet.fontFallbackBaseUrl="assets/fonts/";flet.entrypointBaseUrl="/";'
    assert 'flet.fontFallbackBaseUrl="/v/abc/assets/fonts/";' in static_files.versioned_page(page, "abc")
