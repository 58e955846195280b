"""Make assets/fonts/Blank.ttf: a valid font with no characters. Dev-only: needs fontTools.

    pip install fonttools && python tools/make_blank_font.py

Flutter's fallback loader asks for Google's Noto fonts when a character is not yet covered by a
registered font (companion/server/fallback_fonts.py); this app answers each such request with this
file, so the request succeeds at once and costs nothing to parse, and the characters are drawn by
the fonts the app registers itself. Made from Noto Sans Arabic (SIL OFL 1.1, no reserved font
name) with every glyph but .notdef removed, and renamed.
"""

from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont
from fontTools.ttLib.tables._c_m_a_p import CmapSubtable

FONTS = Path(__file__).resolve().parent.parent / "assets" / "fonts"
NAME = "Tableside Blank"


def main() -> None:
    font = TTFont(FONTS / "NotoSansArabic-Regular.ttf")
    options = subset.Options()
    options.glyph_names = False
    options.notdef_outline = False
    options.layout_features = []
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    options.hinting = False
    options.drop_tables += ["GPOS", "GSUB", "GDEF"]
    subsetter = subset.Subsetter(options)
    subsetter.populate(glyphs=[".notdef"], unicodes=[])
    subsetter.subset(font)
    # A cmap with one (empty) Windows Unicode subtable: a font without any is refused by some loaders.
    empty = CmapSubtable.newSubtable(4)
    empty.platformID, empty.platEncID, empty.language, empty.cmap = 3, 1, 0, {}
    font["cmap"].tables = [empty]
    names = font["name"]
    for record in list(names.names):
        if record.nameID in (1, 4):
            names.setName(NAME, record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 6:
            names.setName(NAME.replace(" ", "-"), record.nameID, record.platformID, record.platEncID, record.langID)
        elif record.nameID == 3:
            names.setName(f"{NAME};1.0", record.nameID, record.platformID, record.platEncID, record.langID)
    font.save(FONTS / "Blank.ttf")


if __name__ == "__main__":
    main()
