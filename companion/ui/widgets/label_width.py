"""How wide a label is drawn, in logical pixels, known before the browser draws it: the bar under the thumb
keeps a button's word only where the row has room for it (widgets/bar_buttons.py), rather than wrap its
buttons onto a second row over the cards, or cut a word.

Flutter draws these labels in Roboto, the file Flet's web client serves (flet_web/web/assets/fonts/roboto.woff2;
one weight: a medium label is drawn with the regular's advances). ADVANCES holds its advance widths for
Latin text and punctuation, in font units (UNITS_PER_EM to the em), as tests/ui/test_label_width.py reads
them from that file (a Flet release with another Roboto fails it, printing the new table). In Chromium a
button's width is the label's advances and its letter spacing, to half a pixel (kerning, left out, moves a
German or French label by less); a character not listed counts as the widest (another font draws it).
"""

from __future__ import annotations

from functools import cache

UNITS_PER_EM = 2048
LETTER_SPACING = 0.1  # Material 3's label style (a button's text), in pixels a letter
# advance -> the characters of that advance (Latin-1, Latin Extended-A, general punctuation, the minus sign)
ADVANCES: dict[int, str] = {
    209: "\u200a",
    348: "\u2006",
    357: "'′",
    382: "‧",
    402: ",",
    407: "‚",
    409: "‘’‛",
    418: "\u2009",
    433: ";",
    489: "j",
    491: "¦",
    496: ":",
    497: "ilįĺļ",
    499: "|¡",
    506: "ìíîïĩīĭı",
    507: " \xa0¸",
    508: "ſ",
    515: "ĵ",
    522: "\u2005",
    527: "!",
    534: "·",
    539: ".",
    543: "[]",
    553: "ł",
    557: "IÌÍÎÏĨĪĬĮİ",
    560: "\u2008",
    564: "‐‑",
    565: "-",
    614: "‹›",
    633: "`",
    642: "´",
    647: "ľ",
    655: '"″',
    669: "tţŧ",
    690: "•",
    693: "r{}ŕŗř",
    697: "\u2004",
    700: "(",
    705: "„",
    709: "ť",
    711: "f",
    712: ")",
    717: "ŀ",
    724: "“",
    731: "”",
    751: "²³¹",
    765: "°",
    840: "\\",
    844: "/",
    856: "^¨",
    882: "*",
    915: "ª",
    924: "_",
    931: "º⁄",
    933: "‗",
    938: "¯",
    960: "»",
    961: "«",
    964: "‥",
    967: "?",
    969: "y¿ýÿŷ",
    986: "ĳ",
    992: "v",
    1001: "¶",
    1015: "xzźżž",
    1038: "kķ",
    1041: "<",
    1044: "\u2000\u2002",
    1054: "‼",
    1056: "sśŝşš",
    1070: ">",
    1072: "cçćĉċč",
    1075: "¥",
    1085: "eèéêëēĕėęě",
    1092: "×",
    1094: "±",
    1102: "LĹĻĽĿ",
    1103: "Ł",
    1114: "aàáâãäåāăą",
    1120: "¢",
    1124: "=",
    1128: "hĥ",
    1129: "uùúûüũūŭůűų†",
    1130: "JnñĴńņňŉ",
    1132: "F",
    1134: "¬",
    1139: "ĸ",
    1149: "bgpĝğġģ",
    1150: "$0123456789",
    1151: "\u2007",
    1155: "d",
    1158: "ħ",
    1160: "µøŋ",
    1161: "+",
    1164: "EqÈÉÊËĒĔĖĘĚ",
    1167: "‡",
    1168: "oòóôõöōŏő",
    1169: "÷",
    1170: "−",
    1180: "þ",
    1190: "£",
    1200: "ð",
    1210: "Þ",
    1215: "SŚŜŞŠ",
    1218: "ß",
    1222: "TŢŤŦ",
    1223: "đ",
    1226: "ZŹŻŽ",
    1230: "YÝŶŸ",
    1256: "§",
    1261: "#RŔŖŘ",
    1273: "&",
    1275: "B",
    1284: "KXĶ",
    1292: "P",
    1303: "V",
    1305: "ď",
    1328: "UÙÚÛÜŨŪŬŮŰŲ",
    1333: "CÇĆĈĊČ",
    1336: "AÀÁÂÃÄÅĀĂĄ",
    1343: "DĎ",
    1344: "–",
    1370: "…",
    1373: "ÐĐ",
    1393: "~",
    1395: "GĜĞĠĢ",
    1408: "OQÒÓÔÕÖØŌŎŐ",
    1419: "Ŋ",
    1434: "Ħ",
    1460: "HN¤ÑĤŃŅŇ",
    1500: "%¼",
    1539: "wŵ",
    1589: "½",
    1593: "¾",
    1599: "—―",
    1609: "©",
    1610: "®",
    1687: "Ĳ",
    1729: "æ",
    1788: "M",
    1795: "m",
    1817: "WŴ",
    1839: "@",
    1860: "œ",
    1914: "Æ",
    1953: "Œ",
    1962: "‰",
    2089: "\u2001\u2003",
}


@cache
def _advance() -> dict[str, int]:
    return {character: advance for advance, characters in ADVANCES.items() for character in characters}


WIDEST = max(ADVANCES)


def label_width(text: str, size: float = 14, letter_spacing: float = LETTER_SPACING) -> float:
    """The width of `text` on one line at `size` pixels, as a button's label is drawn."""
    advance = _advance()
    units = sum(advance.get(character, WIDEST) for character in text)
    return units * size / UNITS_PER_EM + letter_spacing * len(text)
