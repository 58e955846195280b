"""Draw Tableside's app icons (two cards and a score tick) into assets/. Dev-only: needs Pillow.

    pip install pillow && python tools/make_icons.py
"""

from pathlib import Path

from PIL import Image, ImageDraw

ASSETS = Path(__file__).resolve().parent.parent / "assets"
TEAL, WHITE, AMBER, INK = (0, 121, 107), (255, 255, 255), (255, 179, 0), (38, 50, 56)


def icon(size: int, maskable: bool) -> Image.Image:
    s = size / 512
    img = Image.new("RGBA", (size, size), TEAL if maskable else (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    if not maskable:
        d.rounded_rectangle([0, 0, size - 1, size - 1], radius=int(96 * s), fill=TEAL)
    inset = 0.8 if maskable else 1.0  # maskable icons keep their drawing inside the safe zone

    def box(x0, y0, x1, y1):
        c = size / 2
        return [c + (x0 * s - c) * inset, c + (y0 * s - c) * inset, c + (x1 * s - c) * inset, c + (y1 * s - c) * inset]

    # back card, tilted by offset; front card; a tick for the score
    d.rounded_rectangle(box(150, 110, 330, 360), radius=int(22 * s), fill=AMBER)
    d.rounded_rectangle(box(190, 150, 370, 400), radius=int(22 * s), fill=WHITE, outline=INK, width=max(2, int(6 * s)))
    d.line([tuple(box(230, 275, 0, 0)[:2]), tuple(box(270, 320, 0, 0)[:2]), tuple(box(335, 215, 0, 0)[:2])],
           fill=TEAL, width=max(3, int(26 * s)), joint="curve")
    return img


def main() -> None:
    (ASSETS / "icons").mkdir(parents=True, exist_ok=True)
    for size in (192, 512):
        icon(size, False).save(ASSETS / "icons" / f"icon-{size}.png")
        icon(size, True).save(ASSETS / "icons" / f"icon-maskable-{size}.png")
    icon(192, True).save(ASSETS / "icons" / "apple-touch-icon-192.png")
    icon(64, False).save(ASSETS / "favicon.png")


if __name__ == "__main__":
    main()
