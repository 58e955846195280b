"""Photos of the tableaux at the store and service level: checked, upright, without location, kept by
backups, removed with the game, carried by export and import (services/tableau_photos.py, photo_archive.py)."""

import io
import json
import shutil
import zipfile

import pytest
from PIL import ExifTags, Image

import scoring
from companion.data.photos import PhotoFolder, photo_name, refs_problem
from companion.data.store import GameStore, StoreWriteError
from companion.services import file_formats, photo_archive, tableau_photos
from companion.services.live import GameHub, anyone
from scoring.lost_cities import AddCard

ORIENTATION = 0x0112


def png(width: int = 300, height: int = 200) -> bytes:
    image = Image.new("RGBA", (width, height), (0, 128, 0, 255))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG that says it is `width` × `height` pixels (a few bytes: its pixels are never there)."""
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 10)) + chunk(b"IEND", b"")


def jpeg_turned(width: int = 400, height: int = 200) -> bytes:
    """A camera's JPEG: stored sideways with EXIF orientation 6 (turn 90° clockwise to show it) and a GPS location.
    Its left half is red, its right half blue: upright, the red half is on top."""
    image = Image.new("RGB", (width, height), "blue")
    image.paste((255, 0, 0), (0, 0, width // 2, height))
    exif = Image.Exif()
    exif[ORIENTATION] = 6
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef] = "N"
    gps[ExifTags.GPS.GPSLatitude] = (59.0, 20.0, 10.0)
    gps[ExifTags.GPS.GPSLongitudeRef] = "E"
    gps[ExifTags.GPS.GPSLongitude] = (18.0, 4.0, 6.0)
    out = io.BytesIO()
    image.save(out, "JPEG", exif=exif)
    data = out.getvalue()
    assert Image.open(io.BytesIO(data)).getexif().get_ifd(ExifTags.IFD.GPSInfo)  # the test's photo has a location
    return data


@pytest.mark.parametrize(
    ("data", "size", "top_colour"),
    [
        (png(), (300, 200), (0, 128, 0)),  # a PNG with transparency: a JPEG on white
        (png(4000, 1000), (1600, 400), (0, 128, 0)),  # made small: the long side 1600 px
        (jpeg_turned(), (200, 400), (255, 0, 0)),  # turned upright by its EXIF orientation
    ],
    ids=["png", "large png", "jpeg turned, with GPS"],
)
def test_a_photo_is_stored_upright_small_and_without_exif(data, size, top_colour):
    stored = tableau_photos.prepared(data, "photo")
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "JPEG" and image.size == size
        assert not image.getexif()  # no orientation left, no GPS location, nothing
        assert "exif" not in image.info
        pixel = image.convert("RGB").getpixel((image.width // 2, 5))
        assert all(abs(a - b) < 40 for a, b in zip(pixel, top_colour, strict=True)), pixel


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (b"Dear Ana, the blue 8 was mine.\n" * 10, "tableau.jpg is not a photo Tableside can read"),
        (png()[:60], "tableau.jpg is not a photo Tableside can read"),  # a photo cut short
        (b"\xff" * (25 * 1024 * 1024), "tableau.jpg is larger than 20 MB: nothing was saved"),
        (png_header(9000, 9000), "tableau.jpg is 9000 × 9000 pixels, more than a camera takes"),
        (png_header(50_000, 50_000), r"tableau.jpg has more pixels than a camera takes \(over 60 megapixels\)"),  # past Pillow's own limit
    ],
    ids=["text", "truncated", "25 MB", "81 MP", "2,500 MP"],
)
def test_what_is_not_a_photo_is_refused_in_words(data, said, tmp_path):
    with pytest.raises(tableau_photos.PhotoRefused, match=said):
        tableau_photos.prepared(data, "tableau.jpg")


@pytest.fixture
def store(tmp_path):
    s = GameStore(tmp_path / "data")
    yield s
    s.close()


def lost_cities(store) -> str:
    return store.create(scoring.new_record("lost-cities", ["Mia", "Noah"], {"rounds": 1}, {})).id


def photographed(store, player="Noah", data=None):
    """A game in progress with one photo of `player`'s tableau, through the live game."""
    game_id = lost_cities(store)
    live = GameHub(store).open(game_id)
    done = tableau_photos.add_photo(live, store.folder, player, data or jpeg_turned(), "x.jpg", None, anyone)
    assert done.changed, done.message
    return game_id, live


def test_a_photo_is_a_file_beside_the_history_and_a_reference_in_the_record(store):
    game_id, _ = photographed(store)
    (ref,) = store.get(game_id).record["photos"]
    assert ref.keys() == {"file", "seat", "round", "taken_at"} and ref["seat"] == 1 and ref["round"] == 1
    path = store.folder / "photos" / ref["file"]
    assert path.is_file() and photo_name(path.read_bytes()) == ref["file"]
    assert b"\xff\xd8" not in (store.folder / "live.json").read_bytes()  # the bytes are not in TinyDB's file
    assert tableau_photos.listed(store.get(game_id).record) == [(ref["file"], "Noah", "Noah · round 1")]


def test_a_refused_photo_stores_nothing(store):
    game_id = lost_cities(store)
    live = GameHub(store).open(game_id)
    done = tableau_photos.add_photo(live, store.folder, "Mia", b"not a photo", "x.jpg", None, anyone)
    assert not done.changed and "not a photo" in done.message
    assert "photos" not in store.get(game_id).record and not (store.folder / "photos").exists()


def test_a_phone_photographs_only_its_own_tableau(store):
    game_id = lost_cities(store)
    live = GameHub(store).open(game_id)
    done = tableau_photos.add_photo(live, store.folder, "Mia", png(), "x.png", "Noah", anyone)
    assert not done.changed and "own player" in done.message


def test_undoing_a_card_keeps_the_photo(store):
    game_id = lost_cities(store)
    live = GameHub(store).open(game_id)
    assert live.act(AddCard("Mia", "red", 3, 1), "host").changed
    tableau_photos.add_photo(live, store.folder, "Mia", png(), "x.png", None, anyone)
    assert live.undo("host").changed
    assert len(store.get(game_id).record["photos"]) == 1 and store.get(game_id).record["rounds"][0]["Mia"] == {}


def test_a_rename_keeps_whose_photo_it_is(store):
    game_id, _ = photographed(store)
    store.rename_player("Noah", "Noa")
    assert [who for _, who, _ in tableau_photos.listed(store.get(game_id).record)] == ["Noa"]


@pytest.mark.parametrize(
    ("photos", "fault"),
    [
        ("x", "photos: expected a list"),
        ([{"file": "../live.json", "seat": 0}], "photos › item 1 › file"),
        ([{"file": "a" * 32 + ".jpg", "seat": 2}], "photos › item 1 › seat"),
        ([{"file": "a" * 32 + ".jpg", "seat": 0, "round": 0}], "photos › item 1 › round"),
        ([{"file": "a" * 32 + ".jpg", "seat": 0, "gps": "59N"}], "unknown field 'gps'"),
    ],
)
def test_a_damaged_reference_is_named(photos, fault):
    assert fault in refs_problem(photos, ["Mia", "Noah"])


def test_deleting_the_game_deletes_its_photos_and_undo_brings_them_back(store):
    game_id, _ = photographed(store)
    store.finish(game_id)
    (name,) = [p["file"] for p in store.get(game_id).record["photos"]]
    photos = PhotoFolder(store.folder)
    assert (photos.backups / name).is_file()  # the finish's backup copied it
    removed = store.delete(game_id)
    assert not (photos.folder / name).exists() and not (photos.backups / name).exists()
    store.restore(removed)
    assert (photos.folder / name).is_file()
    store.delete(game_id)
    photos.empty_trash(older_than=0)
    assert not any(store.folder.rglob(name))  # nowhere in the data folder, backups included


def test_a_photo_two_games_share_stays_while_one_is_deleted(store):
    data = png()
    first, _ = photographed(store, data=data)
    photographed(store, data=data)
    name = store.get(first).record["photos"][0]["file"]
    store.delete(first)
    assert (store.folder / "photos" / name).is_file()


def test_a_restored_history_finds_its_photos(store, tmp_path):
    game_id, _ = photographed(store)
    store.finish(game_id)
    name = store.get(game_id).record["photos"][0]["file"]
    store.close()
    month = next((tmp_path / "data" / "history").glob("*.json"))
    month.write_text("{ damaged")  # the history file is repaired from its backup at the next start
    shutil.rmtree(tmp_path / "data" / "photos")  # and the photos folder is lost
    again = GameStore(tmp_path / "data")
    try:
        assert any("restored" in r for r in again.recovered)
        assert again.get(game_id).record["photos"][0]["file"] == name
        data = tableau_photos.photo(again.folder, name)
        assert data is not None and photo_name(data) == name
        assert (tmp_path / "data" / "photos" / name).is_file()  # put back in its place
    finally:
        again.close()


def test_export_and_import_carry_the_photos(store, tmp_path):
    game_id, _ = photographed(store)
    store.finish(game_id)
    archive = photo_archive.export_zip(store.finished(), store.folder)
    name = store.get(game_id).record["photos"][0]["file"]
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        assert sorted(z.namelist()) == ["games.json", f"photos/{name}"]
    other = GameStore(tmp_path / "other")
    try:
        text, photos = photo_archive.unpack(archive, "t.zip")
        records = photo_archive.kept(file_formats.read_import(text, "t.zip"), photos, other.folder)
        assert other.add_finished(records, brought=photo_archive.used(records, photos)) == (1, 0)
        (ref,) = other.get(game_id).record["photos"]
        assert {**ref, "file": name} == store.get(game_id).record["photos"][0]  # the file named after what is stored
        stored = tableau_photos.photo(other.folder, ref["file"])
        assert stored is not None and photo_name(stored) == ref["file"]
        assert Image.open(io.BytesIO(stored)).size == Image.open(io.BytesIO(tableau_photos.photo(store.folder, name) or b"")).size
    finally:
        other.close()


def test_a_plain_json_import_still_works_without_the_photos(store, tmp_path):
    game_id, _ = photographed(store)
    store.finish(game_id)
    text = file_formats.export_json(store.finished())
    assert json.loads(text)["games"][0]["photos"]  # the references travel in the JSON export
    other = GameStore(tmp_path / "other")
    try:
        records = photo_archive.kept(file_formats.read_import(text, "t.json"), {}, other.folder)
        assert other.add_finished(records) == (1, 0)
        assert "photos" not in other.get(game_id).record  # no file came: no reference to nothing
    finally:
        other.close()


@pytest.mark.parametrize(
    ("entries", "said"),
    [
        ({"notes.txt": b"x"}, "holds no games.json"),
        ({"games.json": b"[]", "photos/" + "0" * 32 + ".jpg": b"not these bytes"}, "is damaged"),
        ({"games.json": b"[]", "photos/evil.sh": b"x"}, "is not a photo Tableside exported"),
    ],
)
def test_a_damaged_zip_is_refused_in_words(entries, said):
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in entries.items():
            z.writestr(name, data)
    with pytest.raises(file_formats.ImportFileError, match=said):
        photo_archive.unpack(out.getvalue(), "t.zip")


def test_a_zip_photo_that_is_not_an_image_is_refused():
    fake = b"plain text, named as its digest says"
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("games.json", b"[]")
        z.writestr("photos/" + photo_name(fake), fake)
    with pytest.raises(file_formats.ImportFileError, match="is not an image"):
        photo_archive.unpack(out.getvalue(), "t.zip")


def test_a_photo_refused_by_the_rights_check_leaves_no_file(store):
    game_id = lost_cities(store)
    live = GameHub(store).open(game_id)
    done = tableau_photos.add_photo(live, store.folder, "Mia", png(), "x.png", None, lambda: "This device may no longer change the game.")
    assert not done.changed and done.message == "This device may no longer change the game."
    assert not list((store.folder / "photos").glob("*.jpg")) and "photos" not in store.get(game_id).record


def test_cancelling_an_edit_takes_its_new_photos_away(store):
    game_id, _ = photographed(store)
    store.finish(game_id)
    hub = GameHub(store)
    kept = store.get(game_id).record["photos"][0]["file"]
    live = hub.open(game_id)  # Edit: a copy of the saved game
    assert tableau_photos.add_photo(live, store.folder, "Mia", png(), "x.png", None, anyone).changed
    new = store.editing(game_id).record["photos"][1]["file"]
    hub.cancel_edit(game_id)
    assert (store.folder / "photos" / kept).is_file() and not (store.folder / "photos" / new).exists()


def test_the_command_exports_and_imports_a_zip_with_photos(store, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    game_id, _ = photographed(store)
    store.finish(game_id)
    store.close()
    root = Path(__file__).resolve().parents[2]

    def tableside(*args):
        return subprocess.run([sys.executable, "-m", "companion", *map(str, args)], cwd=root, capture_output=True, text=True, timeout=60)

    archive = tmp_path / "games.zip"
    done = tableside("export", "--format", "zip", "-o", archive, "--data", tmp_path / "data")
    assert done.returncode == 0 and done.stdout == f"exported 1 game to {archive}\n"
    done = tableside("import", archive, "--data", tmp_path / "other")
    assert (done.returncode, done.stdout, done.stderr) == (0, "imported 1, skipped 0 already present\n", "")
    other = GameStore(tmp_path / "other")
    try:
        new = other.get(game_id).record["photos"][0]["file"]  # the photo is stored anew (imports.py), its reference follows
        assert photo_name((tmp_path / "other" / "photos" / new).read_bytes()) == new
    finally:
        other.close()


def test_a_damaged_photo_is_taken_from_its_backup_or_said_missing(store):
    game_id, _ = photographed(store)
    name = store.get(game_id).record["photos"][0]["file"]
    path = store.folder / "photos" / name
    good = path.read_bytes()
    path.write_bytes(b"garbage")  # no backup yet (a game in progress is backed up at most once a minute)
    assert tableau_photos.photo(store.folder, name) is None and tableau_photos.thumbnail(store.folder, name) is None
    path.write_bytes(good)
    store.files.history_changed()  # a backup: the photo is copied
    path.write_bytes(b"garbage again")
    assert tableau_photos.photo(store.folder, name) == good and path.read_bytes() == good


def test_a_zip_that_unpacks_to_more_than_it_says_is_cut_off(monkeypatch):
    monkeypatch.setattr(photo_archive, "MAX_JSON_BYTES", 2 * 1024 * 1024)  # the test's limit: 64 MB is slow to pack
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("games.json", b" " * (3 * 1024 * 1024))
    packed = out.getvalue()
    lying = packed.replace((3 * 1024 * 1024).to_bytes(4, "little"), (100).to_bytes(4, "little"))  # says 100 bytes
    for data in (packed, lying):
        with pytest.raises(file_formats.ImportFileError, match=r"games\.json (is larger than 2 MB|cannot be read)"):
            photo_archive.unpack(data, "bomb.zip")


# Issue 51: an archive is bounded whatever it holds, and an imported photo is stored as an uploaded one is.


def small_jpeg(padding: int = 0, size=(40, 30)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, "teal").save(out, "JPEG")
    return out.getvalue() + b"\0" * padding  # bytes after the picture: Pillow reads the picture alone


def zip_of(photos: list[bytes], named: bool = True) -> bytes:
    """A ZIP whose games.json names each photo (or none), the photos under their digests."""
    refs = [{"file": photo_name(p), "seat": 0} for p in photos] if named else []
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("games.json", json.dumps({"format": 1, "games": [{"photos": refs}]}))
        for data in photos:
            z.writestr("photos/" + photo_name(data), data)
    return out.getvalue()


def test_a_small_zip_of_padded_photos_takes_little_memory():
    """Photos of 4 MB each (a picture and its padding) pack to a few kB: read one at a time, kept as stored
    (re-encoded without the padding), the import's memory stays near the largest single photo."""
    import tracemalloc

    padded = [small_jpeg(padding=4 * 1024 * 1024 + i) for i in range(12)]  # 48 MB unpacked
    archive = zip_of(padded)
    assert len(archive) < 1024 * 1024
    tracemalloc.start()
    try:
        _, photos = photo_archive.unpack(archive, "padded.zip")
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(photos) == 12 and all(len(p) < 50_000 for p in photos.values())  # the padding is not kept
    assert peak < 20 * 1024 * 1024, f"{peak / 2**20:.0f} MB at the peak"


def test_photos_unpacking_past_the_bound_are_refused_in_words(monkeypatch):
    monkeypatch.setattr(photo_archive, "MAX_EXPANDED_BYTES", 8 * 1024 * 1024)
    archive = zip_of([small_jpeg(padding=3 * 1024 * 1024 + i) for i in range(4)])  # 12 MB unpacked
    with pytest.raises(file_formats.ImportFileError, match="unpack to more than 8 MB"):
        photo_archive.unpack(archive, "t.zip")


def test_an_imported_photo_is_stored_as_an_upload_is(store, tmp_path):
    """A 4000 × 3000 camera JPEG with its orientation and location, in a ZIP: stored upright, at most 1600 px,
    without EXIF, under the name of its new bytes, and the game's reference follows it."""
    exif = Image.Exif()
    exif[0x0112] = 6  # sideways
    exif.get_ifd(ExifTags.IFD.GPSInfo)[ExifTags.GPS.GPSLatitude] = (59.0, 20.0, 10.0)
    out = io.BytesIO()
    Image.new("RGB", (4000, 3000), "teal").save(out, "JPEG", exif=exif)
    camera = out.getvalue()
    _, photos = photo_archive.unpack(zip_of([camera]), "t.zip")
    records = [{"photos": [{"file": photo_name(camera), "seat": 0}]}]
    renamed = photo_archive.kept(records, photos, store.folder)
    stored = photo_archive.used(renamed, photos)
    ((name, data),) = stored.items()
    assert renamed[0]["photos"][0]["file"] == name == photo_name(data) != photo_name(camera)
    with Image.open(io.BytesIO(data)) as image:
        assert image.format == "JPEG" and image.size == (1200, 1600) and not image.getexif()


def test_a_truncated_photo_in_a_zip_is_refused_and_an_exported_one_is_stored_anew_the_same_each_time():
    whole = io.BytesIO()
    Image.new("RGB", (300, 200), "teal").save(whole, "PNG")
    truncated = whole.getvalue()[:60]  # a PNG's header and a little: its start says image, its pixels are not there
    with pytest.raises(file_formats.ImportFileError, match="not a photo Tableside can read"):
        photo_archive.unpack(zip_of([truncated]), "t.zip")
    exported = small_jpeg()  # a photo as Tableside stores it: re-encoded all the same (issue 61), to the same bytes every time
    _, photos = photo_archive.unpack(zip_of([exported]), "t.zip")
    assert photos == photo_archive.unpack(zip_of([exported]), "t.zip")[1]
    assert list(photos) == [photo_name(exported)] and photos[photo_name(exported)] != exported


def test_a_photo_no_game_names_is_checked_but_not_kept():
    _, photos = photo_archive.unpack(zip_of([small_jpeg()], named=False), "t.zip")
    assert photos == {}


def test_a_game_naming_a_photo_the_zip_lacks_is_counted(store):
    records = [{"photos": [{"file": "0" * 32 + ".jpg", "seat": 0}]}]
    assert photo_archive.missing(records, {}, store.folder) == 1


def exported_with_photo(store) -> tuple[bytes, str, str]:
    """A ZIP "Export with photos" of one finished game with one photo: (the ZIP, the game's id, the photo's name)."""
    game_id, _ = photographed(store)
    store.finish(game_id)
    name = store.get(game_id).record["photos"][0]["file"]
    return photo_archive.export_zip(store.finished(), store.folder), game_id, name


def asked(archive: bytes, folder) -> tuple[list[dict], dict[str, bytes]]:
    """What the import screen holds while it asks "Import 1 game?": the records and the photos to store."""
    text, photos = photo_archive.unpack(archive, "t.zip")
    records = photo_archive.kept(file_formats.read_import(text, "t.zip"), photos, folder)
    return records, photo_archive.used(records, photos)


def test_a_game_skipped_as_already_present_writes_no_photo(store, tmp_path):
    archive, game_id, name = exported_with_photo(store)
    other = GameStore(tmp_path / "other")
    try:
        other.add_finished([{**store.get(game_id).record, "photos": []}])  # the game is there, without the photo
        records, brought = asked(archive, other.folder)
        assert other.add_finished(records, brought=brought) == (0, 1)
        assert not (other.folder / "photos" / name).exists()
    finally:
        other.close()


def test_a_failed_import_leaves_no_photo_behind(store, tmp_path, monkeypatch):
    archive, _, _ = exported_with_photo(store)
    other = GameStore(tmp_path / "other")
    try:
        records, brought = asked(archive, other.folder)

        def disk_full(games):
            raise StoreWriteError("The disk is full: nothing was changed.")

        monkeypatch.setattr(other, "_put_finished", disk_full)
        with pytest.raises(StoreWriteError, match="nothing was changed"):
            other.add_finished(records, brought=brought)
        assert other.finished() == [] and not list((other.folder / "photos").glob("*.jpg"))
    finally:
        other.close()


def test_a_game_deleted_while_an_import_waits_does_not_take_the_imported_games_photo(store, tmp_path):
    """Tab B's import names the photo of tab A's game (already here, so the ZIP's copy is not needed); A deletes
    its game while B's question waits; B confirms: the imported game keeps its photo, past the trash's time."""
    game_id, _ = photographed(store)
    store.finish(game_id)
    record = store.get(game_id).record
    name = record["photos"][0]["file"]
    imported = {**record, "id": "from-b"}
    records = photo_archive.kept([imported], {}, store.folder)  # B asks "Import 1 game?"
    assert records[0]["photos"][0]["file"] == name
    store.delete(game_id)  # A deletes its game: the photo goes to the trash
    assert store.add_finished(records) == (1, 0)  # B confirms
    PhotoFolder(store.folder).empty_trash(older_than=0)
    assert store.get("from-b").record["photos"][0]["file"] == name
    assert tableau_photos.photo(store.folder, name) is not None


def test_a_photo_gone_before_the_import_is_confirmed_is_left_out_of_the_game(store, tmp_path):
    game_id, _ = photographed(store)
    store.finish(game_id)
    record = store.get(game_id).record
    records = photo_archive.kept([{**record, "id": "from-b"}], {}, store.folder)
    store.delete(game_id)
    PhotoFolder(store.folder).empty_trash(older_than=0)  # gone for good before B confirms
    assert store.add_finished(records) == (1, 0)
    assert "photos" not in store.get("from-b").record  # no reference to nothing


def test_start_up_sets_aside_photos_no_game_names(store, tmp_path):
    game_id, _ = photographed(store)
    store.finish(game_id)
    kept = store.get(game_id).record["photos"][0]["file"]
    stray = PhotoFolder(store.folder).put(tableau_photos.prepared(png(), "stray.png"))  # a failed import's, say
    store.close()
    again = GameStore(tmp_path / "data")
    try:
        photos = PhotoFolder(again.folder)
        assert photos.has(kept) and not photos.has(stray) and (photos.trash / stray).is_file()
        photos.empty_trash(older_than=0)
        assert not any(again.folder.rglob(stray)) and photos.has(kept)
    finally:
        again.close()


def test_start_up_keeps_the_photos_a_damaged_history_file_names(store, tmp_path):
    game_id, _ = photographed(store)
    store.finish(game_id)
    name = store.get(game_id).record["photos"][0]["file"]
    store.close()
    shutil.rmtree(tmp_path / "data" / "backups")  # no copy to repair it from
    month = next((tmp_path / "data" / "history").glob("*.json"))
    month.write_text(month.read_text()[:-40])  # cut short: kept aside as it is, the store starts without it
    again = GameStore(tmp_path / "data")
    try:
        assert again.get(game_id) is None and list(again.folder.rglob("*.corrupt-*"))
        assert PhotoFolder(again.folder).has(name)
    finally:
        again.close()


# Issue 61: no photo keeps a location. Each photo below carries "48.858370,2.294481" (the Eiffel Tower) in
# another place a file can hold text; stored by an upload or by an import, only its pixels are left.

PLACE = "48.858370,2.294481"
XMP = (
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF'
    ' xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/"'
    f' exif:GPSLatitude="48,51.5022N" exif:GPSLongitude="2,17.6689E" exif:UserComment="GPS {PLACE}"/>'
    '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>'
).encode()


def picture(size=(400, 300)) -> Image.Image:
    """Red left half, blue right half: the pixels a stored photo must keep."""
    image = Image.new("RGB", size, "blue")
    image.paste((255, 0, 0), (0, 0, size[0] // 2, size[1]))
    return image


def saved(image: Image.Image, kind: str = "JPEG", **options) -> bytes:
    out = io.BytesIO()
    image.save(out, kind, **options)
    return out.getvalue()


def with_gps_exif() -> bytes:
    exif = Image.Exif()
    gps = exif.get_ifd(ExifTags.IFD.GPSInfo)
    gps[ExifTags.GPS.GPSLatitudeRef], gps[ExifTags.GPS.GPSLatitude] = "N", (48.0, 51.0, 30.13)
    gps[ExifTags.GPS.GPSLongitudeRef], gps[ExifTags.GPS.GPSLongitude] = "E", (2.0, 17.0, 40.13)
    gps[ExifTags.GPS.GPSProcessingMethod] = b"ASCII\0\0\0GPS"  # what an Android phone writes
    gps[ExifTags.GPS.GPSAreaInformation] = b"ASCII\0\0\0" + PLACE.encode()
    return saved(picture(), exif=exif)


def png_with_text() -> bytes:
    from PIL import PngImagePlugin

    chunks = PngImagePlugin.PngInfo()
    chunks.add_text("comment", f"GPS {PLACE}")  # tEXt (Pillow reads it as the image's comment)
    chunks.add_itxt("Location", f"GPS {PLACE}")  # iTXt
    chunks.add_text("GPS", PLACE, zip=True)  # zTXt
    chunks.add_itxt("XML:com.adobe.xmp", XMP.decode())
    return saved(picture(), "PNG", pnginfo=chunks)


def srgb_profile() -> bytes:
    from PIL import ImageCms

    return ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()


LOCATED = {
    "jpeg comment": lambda: saved(picture(), comment=f"GPS {PLACE}".encode()),
    "exif gps": with_gps_exif,
    "xmp": lambda: saved(picture(), xmp=XMP),
    "png text chunks": png_with_text,
    "icc profile": lambda: saved(picture(), icc_profile=srgb_profile()),
    "a located picture after the picture": lambda: saved(picture()) + with_gps_exif(),  # a motion photo's or MPF's tail
}
BARE_JPEG_INFO = set(Image.open(io.BytesIO(saved(Image.new("RGB", (8, 8))))).info)  # jfif and its version, unit, density


def assert_pixels_only(stored: bytes) -> None:
    """A JPEG of the picture and nothing else: no trace of the place, no segment but JFIF's, nothing after its end."""
    for trace in (PLACE.split(",")[0].encode(), b"GPS", b"exif:", b"xmp", b"Exif", b"ICC_PROFILE"):
        assert trace not in stored, trace
    assert stored.endswith(b"\xff\xd9") and stored.count(b"\xff\xd9") == 1  # its end marker once, last: no second picture
    with Image.open(io.BytesIO(stored)) as image:
        assert image.format == "JPEG" and image.size == (400, 300)
        assert set(image.info) <= BARE_JPEG_INFO, sorted(set(image.info) - BARE_JPEG_INFO)
        assert [marker for marker, _ in image.applist] == ["APP0"]  # JFIF alone: no APP1 (EXIF, XMP), APP2 (ICC), COM
        left, right = image.convert("RGB").getpixel((50, 150)), image.convert("RGB").getpixel((350, 150))
    assert all(abs(a - b) < 40 for a, b in zip(left + right, (255, 0, 0, 0, 0, 255), strict=True)), (left, right)


@pytest.mark.parametrize("make", LOCATED.values(), ids=LOCATED.keys())
def test_an_uploaded_photo_keeps_nothing_but_its_pixels(store, make):
    game_id, _ = photographed(store, data=make())
    (ref,) = store.get(game_id).record["photos"]
    assert_pixels_only((store.folder / "photos" / ref["file"]).read_bytes())


def zip_with_game(record: dict, photo: bytes) -> bytes:
    """An export of one finished game whose photo is `photo`, under its digest, as a ZIP carries it."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr("games.json", file_formats.export_json([{**record, "photos": [{"file": photo_name(photo), "seat": 0}]}]))
        z.writestr("photos/" + photo_name(photo), photo)
    return out.getvalue()


@pytest.mark.parametrize("make", LOCATED.values(), ids=LOCATED.keys())
def test_an_imported_photo_keeps_nothing_but_its_pixels(store, tmp_path, make):
    """In stored form (a JPEG of at most 1600 px, RGB, no EXIF) too: it was kept byte for byte with its comment,
    XMP, ICC profile and whatever followed its picture. Stored under its new name, the game's reference follows."""
    located = make()
    game_id, _ = photographed(store)
    store.finish(game_id)
    other = GameStore(tmp_path / "other")
    try:
        records, brought = asked(zip_with_game(store.get(game_id).record, located), other.folder)
        assert other.add_finished(records, brought=brought) == (1, 0)
        (ref,) = other.get(game_id).record["photos"]
        stored = (other.folder / "photos" / ref["file"]).read_bytes()
        assert_pixels_only(stored)
        assert photo_name(stored) == ref["file"] != photo_name(located)
        assert [p.name for p in (other.folder / "photos").glob("*.jpg")] == [ref["file"]]
    finally:
        other.close()


def test_our_own_export_imported_again_and_again_stores_its_photo_once(store, tmp_path):
    """Its photo is re-encoded to the same bytes each time, so to the same name: a second import skips the game,
    a third one after the game was deleted for good stores the photo under the name it had."""
    archive, game_id, _ = exported_with_photo(store)
    other = GameStore(tmp_path / "other")
    try:
        for added in ((1, 0), (0, 1)):
            records, brought = asked(archive, other.folder)
            assert other.add_finished(records, brought=brought) == added
        name = other.get(game_id).record["photos"][0]["file"]
        other.delete(game_id)
        PhotoFolder(other.folder).empty_trash(older_than=0)
        records, brought = asked(archive, other.folder)
        assert other.add_finished(records, brought=brought) == (1, 0)
        assert other.get(game_id).record["photos"][0]["file"] == name
        assert [p.name for p in (other.folder / "photos").glob("*.jpg")] == [name]
    finally:
        other.close()


def test_a_photo_already_here_is_not_stored_a_second_time_by_an_import(store):
    """A game of another id naming a photo this Tableside holds (a friend's copy of one of our games): its
    reference keeps the photo here, the ZIP's copy is not stored again under the name of its re-encoding."""
    _, game_id, name = exported_with_photo(store)
    ours = tableau_photos.photo(store.folder, name) or b""
    records, brought = asked(zip_with_game({**store.get(game_id).record, "id": "from-a-friend"}, ours), store.folder)
    assert store.add_finished(records, brought=brought) == (1, 0)
    assert store.get("from-a-friend").record["photos"][0]["file"] == name
    assert [p.name for p in (store.folder / "photos").glob("*.jpg")] == [name]
