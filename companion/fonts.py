"""Fonts that ship in assets/fonts/, and the fallback chain every text in the app goes through.

The app is served with Flet's `no_cdn`: Flutter (CanvasKit) then has no fallback fonts of its
own, and any character missing from Roboto shows as a box. Player names come in every script,
so each theme's text styles fall back, character by character, through:

    Roboto (Flutter's own, Latin, Greek, Cyrillic)
    → Noto Sans Arabic (right to left; shaping comes from the font)
    → DejaVu Sans (more Latin, Cyrillic and Greek, the card suits ♣♦♥♠, symbols)
    → Noto Sans CJK SC, a subset: Hangul, kana, CJK ideographs and punctuation
    → Noto Color Emoji (CBDT bitmaps: CanvasKit draws them in colour)

Flet 1.0.5 has no fallback list on `ft.Theme`, but `ft.TextStyle.font_family_fallback` works
inside a theme's `text_theme`; a `ft.Text` inherits it unless it names its own fallbacks.
"Roboto" is first because Flutter registers its default font under that name: without it the
first fallback, not Roboto, would draw Latin text. Where each file comes from, its size and
licence: assets/fonts/README.md.
"""

from __future__ import annotations

import flet as ft

# family -> file under assets/ (served as the app's assets_dir)
FONTS: dict[str, str] = {
    "NotoSansArabic": "fonts/NotoSansArabic-Regular.ttf",
    "DejaVu": "fonts/DejaVuSans.ttf",
    "NotoSansCJK": "fonts/NotoSansCJKsc-Regular-subset.woff2",
    "NotoColorEmoji": "fonts/NotoColorEmoji.ttf",
}

FALLBACK: list[str] = ["Roboto", "NotoSansArabic", "DejaVu", "NotoSansCJK", "NotoColorEmoji"]

CARD_FONT = "DejaVu"  # the card suits ♣♦♥♠

TEXT_STYLES = (
    "display_large", "display_medium", "display_small",
    "headline_large", "headline_medium", "headline_small",
    "title_large", "title_medium", "title_small",
    "label_large", "label_medium", "label_small",
    "body_large", "body_medium", "body_small",
)


DARK_TEXT = "#E6E0E9"  # Material 3's text on dark surfaces (tests/ui/test_contrast.py checks it on each game's)


def text_theme(colour: str | None = None) -> ft.TextTheme:
    """Every style of a theme, with the fallback chain (and `colour`) and nothing else changed."""
    return ft.TextTheme(**{name: ft.TextStyle(font_family_fallback=list(FALLBACK), color=colour) for name in TEXT_STYLES})


def theme(dark: bool = False, **kwargs) -> ft.Theme:
    """`ft.Theme(**kwargs)` whose texts fall back through the shipped fonts. A text theme of ours is
    laid over Flutter's light one, dark text included: the dark theme's gives its text colour."""
    return ft.Theme(text_theme=text_theme(DARK_TEXT if dark else None), primary_text_theme=text_theme(), **kwargs)


def apply(page: ft.Page) -> None:
    """Register the fonts and give the page themes that use them (screens may re-theme via `theme`)."""
    page.fonts = dict(FONTS)
    page.theme = theme()
    page.dark_theme = theme(dark=True)
