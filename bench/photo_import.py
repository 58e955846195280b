"""What importing a ZIP "Export with photos" costs per photo: every photo is decoded and written anew from its
pixels (issue 61: no metadata survives an import, not even in a photo Tableside exported itself).

    python bench/photo_import.py [--photos 40]

Makes photos as Tableside stores them (1600 × 1200, textured, about 0.2 MB each), packs them as an
export does, and prints the time photo_archive.unpack takes for them (the import's check, in a worker
thread, before its question), in all and per photo. On two busy cores: 24-64 ms a photo (it was 11-20 ms
when a photo in stored form was only decoded and kept byte for byte).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PIL import Image, ImageFilter

from companion.data.photos import photo_name
from companion.services import photo_archive, tableau_photos


def stored_photo(seed: int) -> bytes:
    """A photo as an upload stores it: noise for texture, gradients for light, made soft as a lens does."""
    size = (1600, 1200)
    noise = Image.effect_noise(size, 40 + seed % 7)
    light = Image.linear_gradient("L").resize(size)
    shade = Image.radial_gradient("L").resize(size)
    picture = Image.merge("RGB", [noise, light, shade]).filter(ImageFilter.GaussianBlur(1.2))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return tableau_photos.prepared(out.getvalue(), f"photo-{seed}.png")


def export(photos: list[bytes]) -> bytes:
    refs = [{"file": photo_name(p), "seat": 0} for p in photos]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        archive.writestr("games.json", json.dumps({"format": 1, "games": [{"photos": refs}]}))
        for data in photos:
            archive.writestr("photos/" + photo_name(data), data, compress_type=zipfile.ZIP_STORED)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=40)
    count = parser.parse_args().photos
    photos = [stored_photo(i) for i in range(count)]
    archive = export(photos)
    started = time.perf_counter()
    _, kept = photo_archive.unpack(archive, "bench.zip")
    took = time.perf_counter() - started
    assert len(kept) == count
    size = sum(map(len, photos)) / count / 2**20
    print(f"{count} photos of {size:.2f} MB on average ({len(archive) / 2**20:.1f} MB ZIP)")
    print(f"unpack: {took:.2f} s in all, {took / count * 1000:.0f} ms a photo")


if __name__ == "__main__":
    main()
