"""Repairs are restore-then-swap and finished at the next start when cut short; backups are
verified independent copies; every file is private (issue 12, items 2 and 3; issue 11)."""

import json
import logging
import re
import stat
from datetime import datetime

import pytest

from companion import language
from companion.data.backups import REPAIR_MARKER
from companion.data.store import GameStore, StoreWriteError
from companion.language import speaking, spoken

from .faults import disk_full, fail_at
from .test_damaged import card_eleven, corrupt
from .test_store import LOST_CITIES, cgt


@pytest.fixture
def folder(tmp_path):
    folder = tmp_path / "data"
    store = GameStore(folder)
    store.add_finished([cgt(1, "2026-01-05T20:00:00", "jan"), cgt(2, "2026-02-05T20:00:00", "feb")])
    store.create({**LOST_CITIES, "id": "playing"})
    store.set_setting("access.pin", "hash")  # backs up live.json with the game in progress and the PIN
    store.close()
    return folder


def backups(folder):
    return sorted((folder / "backups").iterdir(), key=lambda p: int(p.name.split("-")[0]))


def test_a_lost_month_file_is_restored_from_the_newest_backup(folder):
    (folder / "history/2026-01.json").unlink()  # as an older version's interrupted repair left it
    store = GameStore(folder)
    try:
        assert store.get("jan") is not None
        [message] = store.recovered
        assert message.startswith("history/2026-01.json was damaged: it was missing.") and "The backup of" in message
    finally:
        store.close()


def test_a_repair_interrupted_before_the_swap_is_done_at_the_next_start(folder):
    (folder / "live.json").write_text("{broken")
    (folder / REPAIR_MARKER).write_text(
        json.dumps({"file": "live.json", "problem": "it is not valid JSON", "started_at": "2026-11-30T09:00:00+00:00"})
    )
    store = GameStore(folder)
    try:
        assert store.get("playing") is not None and store.setting("access.pin") == "hash"
        [message] = store.recovered
        begun = datetime.fromisoformat("2026-11-30T09:00:00+00:00").astimezone()  # said in this machine's time
        assert f"(a repair begun on {begun:%Y-%m-%d %H:%M} had been interrupted)" in message
        with speaking("de"):
            assert f"(eine am {language.when(begun, year=True)} begonnene Reparatur war unterbrochen worden)" in spoken(message)
        assert "The backup of" in message and not (folder / REPAIR_MARKER).exists()
    finally:
        store.close()


def test_a_repair_interrupted_after_the_swap_is_reported_and_cleared(folder):
    (folder / REPAIR_MARKER).write_text(
        json.dumps(
            {
                "file": "history/2026-02.json",
                "problem": "it is empty",
                "restoring": "the backup of 2026-11-30 09:00",
                "started_at": "2026-11-30T09:00:00+00:00",
            }
        )
    )
    store = GameStore(folder)
    try:
        [message] = store.recovered
        assert "history/2026-02.json" in message and "interrupted" in message and "the backup of 2026-11-30 09:00" in message
        assert not (folder / REPAIR_MARKER).exists() and store.get("feb") is not None
    finally:
        store.close()


def test_a_full_disk_during_a_repair_leaves_the_damaged_file_and_finishes_next_time(folder, caplog):
    (folder / "history/2026-01.json").write_text("{")
    for n in (1, 2, 3):  # the marker, the aside copy, the restored file: each in turn
        with fail_at(n, disk_full), caplog.at_level(logging.WARNING, logger="tableside"):
            store = GameStore(folder)
        try:
            assert store.get("jan") is None and store.get("feb") is not None  # the rest works
            assert "could not be repaired now" in store.recovered[0] and "next start" in store.recovered[0]
            assert (folder / "history/2026-01.json").read_text() == "{"  # untouched
            with pytest.raises(StoreWriteError, match="nothing was changed"):
                store.add_finished([cgt(1, "2026-01-20T20:00:00", "more")])
            assert store.get("more") is None
        finally:
            store.close()
    store = GameStore(folder)  # space again
    try:
        assert store.get("jan") is not None and "The backup of" in store.recovered[0]
        assert not (folder / REPAIR_MARKER).exists()
    finally:
        store.close()


def test_live_json_that_cannot_be_repaired_stops_the_start_with_words(folder):
    (folder / "live.json").write_text("{")
    with fail_at(1, disk_full), pytest.raises(RuntimeError, match="could not be repaired now: The disk is full"):
        GameStore(folder)
    assert (folder / "live.json").read_text() == "{"
    store = GameStore(folder)
    assert store.setting("access.pin") == "hash"
    store.close()


def test_a_backup_whose_record_no_longer_scores_is_passed_over(folder):
    store = GameStore(folder)
    store.add_finished([{**LOST_CITIES, "id": "lc", "played_at": "2026-01-07T20:00:00"}])
    store.close()
    newest = backups(folder)[-1]
    corrupt(newest / "history/2026-01.json", "lc", card_eleven)  # valid JSON, not a valid game
    (folder / "history/2026-01.json").write_text("")
    store = GameStore(folder)
    try:
        assert store.get("jan") is not None and store.get("lc") is None  # from the backup before
        assert newest.name not in store.recovered[0]
    finally:
        store.close()


def test_backups_are_verified_independent_copies_of_everything(folder):
    kept = backups(folder)
    newest = kept[-1]
    manifest = json.loads((newest / "manifest.json").read_text())
    assert manifest["verified"] is True and set(manifest["files"]) >= {"live.json"}
    held = {f"history/{p.name}" for b in kept for p in (b / "history").glob("*.json")}
    assert held == {"history/2026-01.json", "history/2026-02.json"}
    assert '"hash"' in (newest / "live.json").read_text() and '"playing"' in (newest / "live.json").read_text()
    files = [p for p in folder.rglob("*.json") if p.name != "manifest.json"]
    assert len(files) >= 3 + len(kept)
    inodes = {(p.stat().st_dev, p.stat().st_ino) for p in files}
    assert len(inodes) == len(files) and all(p.stat().st_nlink == 1 for p in files)


def test_every_file_is_private_and_every_folder_0700(folder, tmp_path):
    (folder / "history/2026-02.json").write_text("{")  # a repair: the aside copy and the restored file
    store = GameStore(folder)
    store.finish(store.create(cgt(1, "2026-03-05T20:00:00")).id)
    store.close()
    paths = [folder, *folder.rglob("*")]
    assert any(".corrupt-" in p.name for p in paths) and any(p.name == "tableside.lock" for p in paths)
    wrong = [(str(p), oct(p.stat().st_mode & 0o777)) for p in paths if stat.S_IMODE(p.stat().st_mode) != (0o700 if p.is_dir() else 0o600)]
    assert wrong == []


def test_files_of_an_older_version_are_made_private(folder):
    (folder / "live.json").chmod(0o644)
    folder.chmod(0o755)
    GameStore(folder).close()
    assert stat.S_IMODE((folder / "live.json").stat().st_mode) == 0o600 and stat.S_IMODE(folder.stat().st_mode) == 0o700


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_repair_told_at_one_start_is_said_in_each_readers_language_at_the_next(folder, language):
    """notices.json keeps a repair's words as their message and values (not as English text): after a restart,
    a German or French reader reads it in their language, the English one as it was told."""
    (folder / "history/2026-01.json").write_text("{")
    GameStore(folder).close()  # repairs it, and keeps the notice until someone dismisses it
    store = GameStore(folder)
    try:
        [english] = store.recovered
        assert english.startswith("history/2026-01.json was damaged: it is not valid JSON") and "The backup of" in english
        with speaking(language):
            [translated] = [spoken(notice) for notice in store.notices()]
        assert translated != english and "history/2026-01.json" in translated and "JSON" in translated
        assert "was damaged" not in translated and "The backup of" not in translated
        assert translated.split(":")[0].split()[1] == {"de": "war", "fr": "était"}[language]
    finally:
        store.close()


def test_a_notices_file_edited_by_hand_is_read_for_what_it_holds(folder):
    (folder / "notices.json").write_text(json.dumps(["An older start's words.", {"said": "{file} was damaged"}, 3, {"said": 1}]))
    store = GameStore(folder)
    try:
        assert store.recovered == ["An older start's words."]  # a message its values cannot fill, and what is no message: left out
    finally:
        store.close()


@pytest.mark.parametrize(
    "code, failed, cause, worked",
    [
        ("de", "Eine Sicherung ist am ", "(Der Datenträger ist voll)", "Die Sicherung vom "),
        ("fr", "Une sauvegarde a échoué le ", "(Le disque est plein)", "La sauvegarde du "),
    ],
)
def test_a_backups_notice_is_a_sentence_of_the_readers_language_with_its_cause_and_times(folder, monkeypatch, code, failed, cause, worked):
    """A failed backup's notice (issue 62): the catalog's sentence, its cause translated and its times in the reader's
    words; no English word, no ISO time (the notice was an f-string with "%Y-%m-%d %H:%M:%S" in it)."""
    from .test_nothing_lost import failing_backups

    store = GameStore(folder)
    try:
        failing_backups(monkeypatch, 1)
        store.add_finished([cgt(1, "2026-03-05T20:00:00", "mar")])
        [notice] = store.notices()
        with speaking(code):
            said = spoken(notice)
        assert said.startswith(failed) and cause in said and worked in said, said
        assert not re.search(r"\d{4}-\d{2}-\d{2}|backup|disk", said), said
    finally:
        store.close()
