"""Draw Tableside's app icons (two cards and a score tick) into assets/. Dev-only: needs Pillow.

    pip install pillow && python tools/make_icons.py

Web: assets/favicon.png and assets/icons/ (what the served page links to). Store builds
(`flet build`): assets/icon.png, the generic icon Flet frames for each platform, and
assets/icon_android.png, Android's adaptive foreground: the drawing alone on a transparent
canvas, inside the central 72/108 a launcher's mask always shows, over the background colour
`[tool.flet.android] adaptive_icon_background` in pyproject.toml (TEAL below).
"""

from pathlib import Path

from PIL import Image, ImageDraw

ASSETS = Path(__file__).resolve().parent.parent / "assets"
TEAL, WHITE, AMBER, INK = (0, 121, 107), (255, 255, 255), (255, 179, 0), (38, 50, 56)


def icon(size: int, maskable: bool, foreground_only: bool = False) -> Image.Image:
    s = size / 512
    img = Image.new("RGBA", (size, size), TEAL if maskable and not foreground_only else (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if not maskable:
        d.rounded_rectangle([0, 0, size - 1, size - 1], radius=int(96 * s), fill=TEAL)
    # Maskable icons keep their drawing inside the safe zone; an adaptive foreground inside 72/108.
    inset = 0.75 if foreground_only else 0.8 if maskable else 1.0

    def box(x0, y0, x1, y1):
        c = size / 2
        return [c + (x0 * s - c) * inset, c + (y0 * s - c) * inset, c + (x1 * s - c) * inset, c + (y1 * s - c) * inset]

    # back card, tilted by offset; front card; a tick for the score
    d.rounded_rectangle(box(150, 110, 330, 360), radius=int(22 * s), fill=AMBER)
    d.rounded_rectangle(box(190, 150, 370, 400), radius=int(22 * s), fill=WHITE, outline=INK, width=max(2, int(6 * s)))
    d.line(
        [tuple(box(230, 275, 0, 0)[:2]), tuple(box(270, 320, 0, 0)[:2]), tuple(box(335, 215, 0, 0)[:2])],
        fill=TEAL,
        width=max(3, int(26 * s)),
        joint="curve",
    )
    return img


def main() -> None:
    (ASSETS / "icons").mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size, False).save(ASSETS / "icons" / f"icon-{size}.png")
        icon(size, True).save(ASSETS / "icons" / f"icon-maskable-{size}.png")
    icon(192, True).save(ASSETS / "icons" / "apple-touch-icon-192.png")
    icon(64, False).save(ASSETS / "favicon.png")
    icon(1024, False).save(ASSETS / "icon.png")
    icon(1024, True, foreground_only=True).save(ASSETS / "icon_android.png")


if __name__ == "__main__":
    main()
