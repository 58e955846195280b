"""The colours of the cards themselves (expeditions, suits, publishers, subdomains), one shade for
each theme: on a light screen a deep shade, on a dark one a light shade, so a colour's name, a
card's outline and its number stay readable (contrast of at least 4.5:1, checked in
tests/ui/test_contrast.py against the theme's own surfaces). A held card is filled with its
colour and its text is black or white, whichever stands out more on that fill."""

from __future__ import annotations

# name → (light theme, dark theme): Material palette shades, the light one dark enough for text on white.
INKS: dict[str, tuple[str, str]] = {
    "red": ("#B71C1C", "#EF9A9A"),  # red 900 / red 200
    "blue": ("#0D47A1", "#90CAF9"),  # blue 900 / blue 200
    "green": ("#1B5E20", "#A5D6A7"),  # green 900 / green 200
    "yellow": ("#735600", "#FFE082"),  # a gold deep enough for text / amber 200
    "white": ("#455A64", "#CFD8DC"),  # blue grey 700 / blue grey 100
    "purple": ("#6A1B9A", "#CE93D8"),  # purple 800 / purple 200
    "black": ("#212121", "#E0E0E0"),  # grey 900 / grey 300: black is the text colour of each theme
    "cyan": ("#005662", "#80DEEA"),
    "pink": ("#880E4F", "#F48FB1"),
    "orange": ("#A33B00", "#FFCC80"),
    "indigo": ("#1A237E", "#9FA8DA"),
    "grey": ("#455A64", "#B0BEC5"),
}
BLACK, WHITE = "#000000", "#FFFFFF"


def ink(name: str, dark: bool) -> str:
    """The colour `name` as text, outline and fill in the light or dark theme."""
    return INKS.get(name, INKS["grey"])[dark]


def luminance(colour: str) -> float:
    """WCAG relative luminance of '#RRGGBB' (or '#AARRGGBB')."""
    digits = colour.lstrip("#")[-6:]

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(int(digits[i : i + 2], 16) / 255) for i in (0, 2, 4))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two colours (1 to 21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def on(fill: str) -> str:
    """Black or white: the text colour that stands out more on `fill`."""
    return BLACK if contrast(BLACK, fill) >= contrast(WHITE, fill) else WHITE
