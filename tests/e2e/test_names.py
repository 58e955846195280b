"""Names in every script render as letters, not boxes, in Chromium with no CDN (the app ships its fonts).

Without a font for a script, Flutter draws one identical box per character: so names of the same
length in different scripts would look pixel-for-pixel the same. With the fonts, they differ, and
the emoji is drawn in colour. Screenshots for a person to look at are left in test-artifacts/.
One phone: a second page, on a tablet, only waited for the same totals and took a screenshot (not taken
in CI); the fonts a page fetches for such names: test_phone_load.py and test_fonts_never_block.py.
"""

from __future__ import annotations

import io

import pytest

from .conftest import PHONE

pytestmark = pytest.mark.e2e

NAMES = ["王小明", "さくら", "김민준", "ليلى", "Алёша", "Zoë 🎲"]


def pixels(png: bytes):
    from PIL import Image

    return Image.open(io.BytesIO(png)).convert("RGB")


def ink(image) -> set[tuple[int, int]]:
    """Where the text is: pixels clearly darker or more coloured than the button's background."""
    bg = image.getpixel((2, image.height // 2))
    return {
        (x, y) for x in range(image.width) for y in range(image.height) if sum(abs(a - b) for a, b in zip(image.getpixel((x, y)), bg)) > 120
    }


def red_pixels(image) -> int:
    """The die 🎲 of Noto Color Emoji has red pips; nothing else on an indigo screen is red."""
    return sum(1 for x in range(image.width) for y in range(image.height) if (lambda r, g, b: r - max(g, b) > 60)(*image.getpixel((x, y))))


def test_names_in_every_script_render_as_letters(ui):
    pytest.importorskip("PIL", reason="Pillow reads the screenshots")
    u = ui(PHONE)
    u.set_up("BoardGameGeek: The Card Game", NAMES)
    u.screenshot("phone-play")

    # The player switch shows each name on a button (the first one filled): same-length names differ.
    shots = {}
    for name in NAMES:
        button = u.button(name).first
        u.scroll_into_view(button)
        shots[name] = pixels(button.screenshot())
    han, kana, hangul = (ink(shots[n]) for n in ("王小明", "さくら", "김민준"))
    assert han and kana and hangul
    assert han != kana and kana != hangul and han != hangul, "CJK names drawn alike: boxes?"
    assert len(ink(shots["ليلى"])) != len(ink(shots["Алёша"])) or ink(shots["ليلى"]) != ink(shots["Алёша"])
    assert red_pixels(shots["Zoë 🎲"]) >= 3 and red_pixels(shots["Алёша"]) == 0, "the die is not drawn in colour"
