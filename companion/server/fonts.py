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

A registered font is downloaded by every browser at once, and these weigh 20 MB (emoji 11 MB,
CJK 8 MB): so a session registers a font only when the screen is about to show a character that
needs it (`watch`). A home screen of Latin names loads none of them; a name in Chinese loads the
CJK font before its first frame (a font missing from the page for a moment draws boxes, never
an error). A family named in the fallback chain but not yet registered is skipped by Flutter.
"""

from __future__ import annotations

import dataclasses

import flet as ft

from companion.server import flet_seams

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
    "display_large",
    "display_medium",
    "display_small",
    "headline_large",
    "headline_medium",
    "headline_small",
    "title_large",
    "title_medium",
    "title_small",
    "label_large",
    "label_medium",
    "label_small",
    "body_large",
    "body_medium",
    "body_small",
)


# Characters Roboto draws itself (a simplification of its cmap: what is left out costs DejaVu's download, never a box).
ROBOTO = (
    (0x20, 0x7E),
    (0xA0, 0x17F),
    (0x384, 0x3CE),
    (0x400, 0x486),
    (0x488, 0x513),
    (0x1EA0, 0x1EF9),
    (0x2013, 0x2015),
    (0x2017, 0x201E),
    (0x2020, 0x2022),
    (0x2025, 0x2027),
    (0x2030, 0x2030),
    (0x2032, 0x2033),
    (0x2039, 0x203A),
    (0x20AC, 0x20AC),
)
# The blocks each fallback font is registered for; the chain decides which one draws a character.
# tests/ui/test_fonts.py checks against the fonts' own cmaps that every character a shipped font
# draws first makes `needed` name that font.
BLOCKS: dict[str, tuple[tuple[int, int], ...]] = {
    "NotoSansArabic": (
        (0x0600, 0x06FF),
        (0x0750, 0x077F),
        (0x0870, 0x08FF),
        (0xFB50, 0xFDFF),
        (0xFE70, 0xFEFF),
        (0x034F, 0x034F),
        (0x200C, 0x200F),
        (0x204F, 0x204F),
        (0x25CC, 0x25CC),
        (0x2E41, 0x2E41),
    ),
    "NotoSansCJK": (
        (0x1100, 0x11FF),
        (0x2E80, 0x2FDF),
        (0x3000, 0x9FFF),
        (0xA960, 0xA97F),
        (0xAC00, 0xD7FF),
        (0xF900, 0xFAFF),
        (0xFE30, 0xFE4F),
        (0xFF00, 0xFFEF),
        (0x1F200, 0x1F2FF),
    ),
    "NotoColorEmoji": (
        (0x2190, 0x21FF),
        (0x2300, 0x23FF),
        (0x24C2, 0x24C2),
        (0x25A0, 0x27BF),
        (0x2900, 0x297F),
        (0x2B00, 0x2BFF),
        (0x3030, 0x3030),
        (0x303D, 0x303D),
        (0x3297, 0x3299),
        (0xFE0F, 0xFE0F),
        (0x200D, 0x200D),
        (0x20E3, 0x20E3),
        (0x1F000, 0x1FAFF),
        (0xE0020, 0xE007F),
        (0xFE000, 0xFEFFF),
    ),
}


def _within(cp: int, ranges) -> bool:
    return any(lo <= cp <= hi for lo, hi in ranges)


def needed(text: str) -> set[str]:
    """The shipped families a text needs registered to draw without boxes (a superset, never less)."""
    wanted: set[str] = set()
    if text.isascii():
        return wanted
    for ch in set(text):
        cp = ord(ch)
        if _within(cp, ROBOTO) or ch.isspace():
            continue
        wanted.add("DejaVu")  # symbols, more Latin, Cyrillic and Greek; also whatever the others lack
        wanted.update(family for family, ranges in BLOCKS.items() if _within(cp, ranges))
    return wanted


# Flet's values that hold only numbers and colours: a box's sides, borders, corners and alignment (a tablet's play
# screen holds about 400 of them, a third of what a look at its whole page meets). Never walked into.
NO_TEXT = (ft.Alignment, ft.Border, ft.BorderSide, ft.BorderRadius, ft.Margin, ft.Padding)


def texts(root) -> list[str]:
    """Every non-ASCII string a control tree holds (values, labels, tooltips, dialogs...)."""
    found, stack, seen = [], [root], set()
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, dict):  # a component's patch is handed over as {"_b": what it drew}
            stack.extend(obj.values())
            continue
        if isinstance(obj, (list, tuple)):
            stack.extend(obj)
            continue
        if isinstance(obj, ft.Component):
            stack.append(ft.unwrap_component(obj))
            if not obj.memoized:
                continue
            # A memoised part not drawn yet (Flet draws it while it diffs, after this look) shows only
            # what its plain arguments hold; the objects beside them (a screen, the app) are not content.
            pending, deeper = [obj.args, obj.kwargs], False
        else:
            pending, deeper = list(flet_seams.content_of(obj)), True  # its fields, and those Flet keeps properties in
        while pending:
            item = pending.pop()
            if isinstance(item, str):
                if not item.isascii():
                    found.append(item)
            elif isinstance(item, dict):
                pending.extend(item.values())
            elif isinstance(item, (list, tuple)):
                pending.extend(item)
            elif deeper and dataclasses.is_dataclass(item) and not isinstance(item, (type, *NO_TEXT)):
                stack.append(item)
    return found


def watch(page: ft.Page) -> None:
    """Register fallback fonts as the session comes to show characters that need them.

    Every update the session sends (a screen, a live total, a dialog) and every text typed into a
    field (flet_seams.around_session_updates) is looked at first, so the fonts are in the page
    before the text they draw reaches the browser.
    """
    checked: set[str] = set()

    def missing(strings) -> set[str]:
        wanted: set[str] = set()
        for text in strings:
            if text not in checked:
                checked.add(text)
                wanted |= needed(text)
        return {f for f in wanted if f not in (page.fonts or {})}

    def register(families: set[str]) -> bool:
        if families:
            have = set(page.fonts or {}) | families
            page.fonts = {family: path for family, path in FONTS.items() if family in have}  # chain order
        return bool(families)

    # Per session, on purpose: this session's patches are where its names (and so its fonts) appear.
    flet_seams.around_session_updates(
        page,
        before_update=lambda control: register(missing(texts(control))),
        after_client_patch=lambda patch: register(missing(v for v in patch.values() if isinstance(v, str))),
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
    """Give the page themes that fall back through the fonts (screens may re-theme via `theme`),
    and register each font once the session shows a character that needs it."""
    page.fonts = {}
    page.theme = theme()
    page.dark_theme = theme(dark=True)
    watch(page)
