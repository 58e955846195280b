"""A photo of a tableau from a phone (390 × 844) in Chromium: Flet's web FilePicker opens the browser's own
<input type=file> inside the tap, Playwright hands it a camera's JPEG, the upload reaches the server, the
photo is stored upright without its location (EXIF GPS, a comment) and its thumbnail shows."""

from __future__ import annotations

import io

import pytest
from PIL import ExifTags, Image
from playwright.sync_api import expect

import scoring

from .conftest import PHONE, served_after

pytestmark = pytest.mark.e2e


def camera_jpeg() -> bytes:
    """Sideways with EXIF orientation 6, and a GPS location, in its EXIF and in its comment."""
    exif = Image.Exif()
    exif[0x0112] = 6
    exif.get_ifd(ExifTags.IFD.GPSInfo)[ExifTags.GPS.GPSLatitude] = (59.0, 20.0, 10.0)
    out = io.BytesIO()
    Image.new("RGB", (800, 600), "teal").save(out, "JPEG", exif=exif, comment=b"GPS 48.858370,2.294481")
    return out.getvalue()


@pytest.fixture
def server(tmp_path):
    with served_after(
        tmp_path / "data",
        lambda store: store.create({**scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {}), "id": "photo-game"}),
    ) as (s, _):
        yield s


def test_a_phone_photographs_a_tableau(ui, server):
    u = ui(PHONE)
    u.open("/play/photo-game", ready='[flt-semantics-identifier="tableau-Mia"]')
    button = u.button("Photo of Mia's tableau")
    u.scroll_into_view(button)
    with u.page.expect_file_chooser() as chosen:
        button.click()
    assert chosen.value.element.get_attribute("type") == "file"
    chosen.value.set_files(files=[{"name": "tableau.jpg", "mimeType": "image/jpeg", "buffer": camera_jpeg()}])
    u.expect_text("photo-message-Mia", "Photo saved.", timeout=30_000)
    u.screenshot("phone-tableau-photo")  # the button, what it said, the thumbnail (test-artifacts/)
    u.tap("Open photo 1: Mia · round 1")  # the whole photo, in a dialog
    expect(u.button("Close")).to_be_visible()
    (ref,) = server.stored_record("photo-game")["photos"]
    data = (server.data / "photos" / ref["file"]).read_bytes()
    assert b"48.858370" not in data and b"GPS" not in data
    with Image.open(io.BytesIO(data)) as stored:
        assert stored.size == (600, 800) and not stored.getexif() and "comment" not in stored.info
