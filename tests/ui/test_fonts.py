"""The shipped fonts cover the names people type, and every theme falls back through them (no browser)."""

from pathlib import Path

import flet as ft
import pytest

import scoring
from companion.server import fonts
from companion.ui import games as game_screens

ttLib = pytest.importorskip("fontTools.ttLib", reason="fonttools is a test dependency: pip install -e '.[test]'")

ASSETS = Path(__file__).resolve().parents[2] / "assets"
ROBOTO = Path(ft.__file__).resolve().parent.parent / "flet_web" / "web" / "assets" / "fonts" / "roboto.woff2"

NAMES = [
    "王小明",
    "さくら",
    "김민준",
    "ليلى",
    "Алёша",
    "Zoë 🎲",
    "Ἀθηνᾶ",
    "Đặng Thị Hương",
    "José ♣♦♥♠",
    "山田太郎",
    "박서준",
    "محمد",
    "Ζωή",
    "Ørjan",
    "Łucja",
    "🎉🃏",
    "王 👍",
    "ナオミ",
    "٣",
]


@pytest.fixture(scope="module")
def cmaps():
    out = {}
    for family, path in fonts.FONTS.items():
        out[family] = ttLib.TTFont(ASSETS / path, lazy=True).getBestCmap()
    if ROBOTO.exists():
        out["Roboto"] = ttLib.TTFont(ROBOTO, lazy=True).getBestCmap()
    return out


def test_every_registered_font_ships_with_its_licence():
    for path in fonts.FONTS.values():
        assert (ASSETS / path).is_file(), path
    names = {p.name for p in (ASSETS / "fonts").iterdir()}
    for licence in ("DejaVu-LICENSE", "NotoSansArabic-LICENSE", "NotoSansCJK-LICENSE", "NotoColorEmoji-LICENSE"):
        assert licence in names
    total = sum((ASSETS / p).stat().st_size for p in fonts.FONTS.values())
    assert total < 25 * 1024 * 1024, f"{total / 1e6:.1f} MB of fonts"


@pytest.mark.parametrize("name", NAMES)
def test_every_character_of_a_name_has_a_glyph_in_the_chain(cmaps, name):
    chain = [f for f in fonts.FALLBACK if f in cmaps]
    missing = [ch for ch in name if not ch.isspace() and not any(ord(ch) in cmaps[f] for f in chain)]
    assert not missing, f"{name!r}: no glyph for {[f'U+{ord(c):04X}' for c in missing]}"


def test_each_script_is_drawn_by_the_font_meant_for_it(cmaps):
    def first(ch):
        return next(f for f in fonts.FALLBACK if f in cmaps and ord(ch) in cmaps[f])

    assert first("ل") == "NotoSansArabic"
    assert first("王") == first("さ") == first("김") == "NotoSansCJK"
    assert first("🎲") == "NotoColorEmoji"
    assert first("♣") == "DejaVu"
    if "Roboto" in cmaps:
        assert first("Z") == first("ё") == "Roboto"


def test_fallback_chain_order():
    assert fonts.FALLBACK[0] == "Roboto"  # Flutter's own font keeps drawing Latin text
    assert fonts.FALLBACK[1:] == ["NotoSansArabic", "DejaVu", "NotoSansCJK", "NotoColorEmoji"]
    assert set(fonts.FALLBACK[1:]) == set(fonts.FONTS)


def test_every_theme_style_falls_back_through_the_fonts():
    class FakePage:
        theme = dark_theme = fonts_ = None

    page = FakePage()
    for game in (None, *game_screens.ordered()):
        game_screens.use_theme(page, game)
        for theme in (page.theme, page.dark_theme):
            for text_theme in (theme.text_theme, theme.primary_text_theme):
                for style in fonts.TEXT_STYLES:
                    assert getattr(text_theme, style).font_family_fallback == fonts.FALLBACK


def test_the_app_registers_the_fonts(open_app):
    h = open_app("/")
    assert h.page.fonts == {}  # none until a character needs one (below)
    assert h.page.theme.text_theme.body_medium.font_family_fallback == fonts.FALLBACK


def test_a_character_asks_for_the_font_that_draws_it(cmaps):
    """Fonts are registered only when needed: every character a shipped font draws first (over every
    codepoint of every shipped font) makes `fonts.needed` name that font, so it never shows as a box."""
    if "Roboto" not in cmaps:
        pytest.skip("flet_web's roboto.woff2 is not installed")
    unmet = {}
    for cp in sorted(set().union(*cmaps.values())):
        ch = chr(cp)
        if cp < 0x20 or ch.isspace():
            continue
        first = next(f for f in fonts.FALLBACK if cp in cmaps[f])
        if first != "Roboto" and first not in fonts.needed(ch):
            unmet.setdefault(first, []).append(f"U+{cp:04X}")
    assert not unmet, {f: cps[:20] for f, cps in unmet.items()}


def test_latin_names_need_no_fallback_font_and_others_need_theirs():
    assert fonts.needed("Mia Noah Zoë José Ørjan Алёша") == set()
    assert fonts.needed("王小明") == {"DejaVu", "NotoSansCJK"}
    assert "NotoColorEmoji" in fonts.needed("Zoë 🎲") and "NotoSansArabic" in fonts.needed("ليلى")
    assert fonts.needed("José ♣♦♥♠") >= {"DejaVu"}


def test_a_session_registers_a_font_when_a_name_needs_it(open_app, store):
    """Browserless: a home screen of Latin names registers no font; once it shows a CJK name, it does."""
    h = open_app("/")
    assert h.page.fonts == {}
    store.create(scoring.new_record("lost-cities", ["王小明", "Mia"]))  # Home lists it among the games in progress
    h.settle()
    assert set(h.page.fonts) == {"DejaVu", "NotoSansCJK"}
    assert list(h.page.fonts) == [f for f in fonts.FONTS if f in h.page.fonts]  # chain order kept


def test_a_name_being_typed_registers_its_font(open_app):
    h = open_app("/setup/lost-cities")
    field = h.find(ft.TextField, label="Player name")
    h.type(field, "ليلى 🎲")
    assert {"NotoSansArabic", "NotoColorEmoji"} <= set(h.page.fonts)


def test_the_values_the_fonts_check_skips_hold_no_text():
    """fonts.NO_TEXT (a third of the objects on a tablet's play screen) is never walked for text: each of its fields
    is a number, an enum, a colour or another of them, in the pinned Flet. A text field added there fails here."""
    import dataclasses
    import enum
    import typing

    def plain(kind) -> bool:
        kinds = typing.get_args(kind) or (kind,)
        return all(k in (int, float) or k in fonts.NO_TEXT or (isinstance(k, type) and issubclass(k, enum.Enum)) for k in kinds)

    for value in fonts.NO_TEXT:
        hints = typing.get_type_hints(value)
        for field in dataclasses.fields(value):
            kind = hints[field.name]
            colour = field.name == "color" and ft.Colors in typing.get_args(kind)  # str there: a colour's name or "#RRGGBB"
            assert colour or plain(kind), f"{value.__name__}.{field.name}: {kind}"
    box = ft.Container(ft.Text("王小明"), border=ft.Border.all(1, "#000000"), padding=ft.Padding.all(4), alignment=ft.Alignment.CENTER)
    assert fonts.texts(box) == ["王小明"]
