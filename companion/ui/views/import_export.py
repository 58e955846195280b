"""Import and export (/transfer): download the history as JSON or CSV, import a JSON file.

Downloads use FilePicker.save_file(src_bytes=…), which the browser turns into a
download. Import uses the `ft.PickFiles` client action: a browser (Safari always)
opens a file picker only inside the click itself, so the click opens it on the
client, and the chosen file reaches the screen (widgets/picked_file.py). Its bytes
then come by Flet's upload (server/uploads.py: an HTTP PUT in chunks, its progress
shown), not in one websocket message. Nothing is stored before the person confirms, and a file
with one invalid record stores nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
import threading
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

import flet as ft

import scoring
from companion.access import rights
from companion.server.uploads import MAX_UPLOAD_BYTES, MAX_ZIP_UPLOAD_BYTES
from companion.services import bg_stats, file_formats, photo_archive, topics
from companion.services.background import in_thread
from companion.services.file_formats import Progress
from companion.services.games import StoreWriteError
from companion.ui.session import App
from companion.ui.widgets.controls import section
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.picked_file import Receiver, use_file_picker

T = TypeVar("T")
MESSAGE = "message"  # Semantics identifier of the result / error line
MAX_IMPORT_MB = MAX_UPLOAD_BYTES // (1024 * 1024)
MAX_ZIP_MB = MAX_ZIP_UPLOAD_BYTES // (1024 * 1024)


def limit(file_name: str) -> int:
    """The largest file of its kind the import takes: a ZIP with photos is larger than a JSON history."""
    return MAX_ZIP_UPLOAD_BYTES if file_name.lower().endswith(".zip") else MAX_UPLOAD_BYTES


IDLE = ("", 0, 0, "")  # no long work under way (progress_bar's arguments)
NOTHING_SAVED = "No saved game to export yet."  # why the export buttons are greyed


def export_tooltip(kind: str, games: int) -> str:
    """What an export button's tooltip (and a screen reader) says: what it downloads, or why it is greyed."""
    if not games:
        return NOTHING_SAVED
    what = "one JSON file (every game whole)" if kind == "json" else "a CSV file (one row per player per game)"
    return f"Download {'the' if games == 1 else 'all'} {plural(games, 'finished game')} as {what}."


def file_picker(app: App) -> ft.FilePicker:
    """One FilePicker per session for downloads, kept on the App: the page drops services nothing references.
    (Picking a file to import uses the screen's own, made with its handlers: widgets/picked_file.py.)"""
    if app.file_picker is None:
        app.file_picker = ft.FilePicker()
    return app.file_picker


async def download(app: App, file_name: str, data: bytes) -> None:
    await file_picker(app).save_file(file_name=file_name, src_bytes=data)


async def bgstats_download(app: App, game_id: str) -> None:
    """Download one finished game as a BG Stats play (JSON); for the results screen."""
    stored = app.games.get(game_id)
    if stored is None:
        app.notify("This game is not stored here.", error=True)
        return
    data = bg_stats.download_text(bg_stats.bgstats_play(stored)).encode("utf-8")
    await download(app, f"tableside-{stored.game}-{stored.played_at[:10]}-bgstats.json", data)


def too_big(file_name: str) -> str:
    if file_name.lower().endswith(".zip"):
        return f"Nothing imported: {file_name} is larger than {MAX_ZIP_MB} MB, more photos than one import takes. Import it in parts."
    return f"Nothing imported: {file_name} is larger than {MAX_IMPORT_MB} MB, more than a history of 30,000 games. Is it the right file?"


def kilobytes(size: int | None) -> int:
    return max(1, round((size or 0) / 1024))


def plural(n: int, word: str = "game") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def counted(n: int) -> str:
    return f"{plural(n, 'finished game')} in the history." if n else "No finished games yet."


def progress_bar(what: str, done: int, total: int, unit: str = "", on_cancel: Callable[[Any], None] | None = None) -> ft.Control:
    """Long work under way (an import of thousands of games): what, and how far (a moving bar until counted);
    with Cancel where the work can stop (the check of a file: nothing is stored until the person confirms)."""
    if not what:
        return ft.Container()
    counted = f": {done:,} of {total:,}{unit}" if total else ""
    cancel = [ft.TextButton("Cancel", height=48, on_click=on_cancel)] if on_cancel is not None else []
    return ft.Semantics(
        identifier="progress",
        live_region=True,
        content=ft.Column(
            [ft.Text(f"{what}{counted}…"), ft.ProgressBar(value=done / total if total else None, width=400), *cancel],
            spacing=4,
        ),
    )


class Cancelled(Exception):
    """The person cancelled the work under way (raised in its worker thread at its next report)."""


@ft.component
def view(app: App) -> ft.View:
    use_changes(app, topics.HISTORY)  # the count, and exports waiting for a finished game
    said, set_said = ft.use_state(("", False))  # the last result or refusal, and whether it is an error
    working, set_working = ft.use_state(IDLE)  # long work under way: what, how far, out of how many (unit)
    stopping: ft.MutableRef[threading.Event | None] = ft.use_ref(None)  # set to stop the work under way (Cancel)
    finished = app.games.finished()

    def say(text: str, error: bool = False) -> None:
        set_said((text, error))
        app.notify(text, error=error)

    async def export(kind: str) -> None:
        stored = app.games.finished()
        writers: dict[str, Callable[[list], str | bytes | list[bytes]]] = {
            "json": file_formats.export_json,
            "csv": file_formats.export_csv,
            # The JSON and the games' photos: in parts, each of which imports on its own, past one import's photos.
            "zip": lambda games: photo_archive.export_parts(games, app.games.folder),
        }
        try:
            text = await in_thread(writers[kind], stored)  # 20,000 games take a second: the other sessions go on
        except file_formats.ExportError as err:  # a game that cannot be written, named: nothing is downloaded
            say(f"Nothing exported: {err}.", error=True)
            return
        day = date.today().isoformat()
        files = text if isinstance(text, list) else [text.encode("utf-8") if isinstance(text, str) else text]
        names = (
            [f"tableside-{day}.{kind}"]
            if len(files) == 1
            else [f"tableside-{day}-part{i}-of-{len(files)}.{kind}" for i in range(1, len(files) + 1)]
        )
        for name, data in zip(names, files, strict=True):
            await download(app, name, data)
        if len(files) == 1:
            say(f"Exported {plural(len(stored))} to {names[0]}.")
        else:
            say(f"Exported {plural(len(stored))} to {len(files)} files, {names[0]} to {names[-1]}: each imports on its own.")
        if kind != "csv":  # a file that imports back: Settings says when the history last left the device
            try:
                app.remembered.exported(date.today().isoformat())
            except StoreWriteError:
                pass  # the download happened; only its day is not remembered

    async def export_json(e) -> None:
        await export("json")

    async def export_csv(e) -> None:
        await export("csv")

    async def export_zip(e) -> None:
        await export("zip")

    def cancel(e: Any) -> None:
        if stopping.current is not None:
            stopping.current.set()

    async def in_worker(what: str, work: Callable[[Progress], T], cancellable: bool = False) -> T:
        """Run `work` in a worker thread (background.py), so every other session is served meanwhile, showing its progress.
        The thread's reports reach this screen through the event loop, in this session's context. `cancellable`:
        Cancel is offered, and the work stops at its next report (Cancelled)."""
        loop, here = asyncio.get_running_loop(), contextvars.copy_context()
        stop = threading.Event()
        stopping.current = stop if cancellable else None

        def report(done: int, total: int) -> None:
            if stop.is_set():
                raise Cancelled
            loop.call_soon_threadsafe(lambda: set_working((what, done, total, "")), context=here)

        set_working((what, 0, 0, ""))
        try:
            return await in_thread(work, report)
        finally:
            stopping.current = None
            set_working(IDLE)

    async def store_records(records: list[dict], name: str, photos: dict[str, bytes]) -> None:
        app.page.pop_dialog()

        try:  # published: the count and the buttons follow
            added, skipped = await in_worker(
                f"Importing {plural(len(records))}", lambda report: app.games.add_finished(records, report, photos)
            )
        except StoreWriteError as err:  # a full or read-only disk: all or nothing, said in words
            say(f"{name}: nothing imported. {err}", error=True)
            return
        except (scoring.RecordError, ValueError) as err:  # read_import checked them: only a changed scorer gets here
            say(f"{name}: nothing imported: {err}", error=True)
            return
        say(f"Imported {plural(added)} from {name}" + (f"; skipped {skipped} already here." if skipped else "."))

    async def check(source: bytes | Path, file_name: str) -> None:
        """The picked file (its bytes, or the upload's file: a ZIP is read a part at a time), checked in a worker
        thread, then the question."""

        zipped = photo_archive.is_zip(source)  # its first bytes, and its size: no more is read here, on the loop
        size = len(source) if isinstance(source, bytes) else source.stat().st_size
        if size > (MAX_ZIP_UPLOAD_BYTES if zipped else MAX_UPLOAD_BYTES):
            say(too_big(file_name), error=True)
            return

        def read(report: Progress) -> tuple[list[dict], int, dict[str, bytes], int]:
            # A ZIP exported with photos: its games.json and its photos; a game keeps only the photos it can have.
            if zipped:
                text, photos = photo_archive.unpack(source, file_name, report)
            else:
                text, photos = source if isinstance(source, bytes) else source.read_bytes(), {}
            records = file_formats.read_import(text, file_name, report)
            folder = None if app.standalone else app.games.folder
            lacking = photo_archive.missing(records, photos, folder) if zipped else 0
            records = photo_archive.kept(records, photos, folder)
            taken = app.games.taken_ids()  # what the import would skip, as it will decide it
            return records, file_formats.already_present(records, taken.__contains__), photo_archive.used(records, photos), lacking

        try:
            records, present, photos, lacking = await in_worker(f"Checking {file_name}", read, cancellable=True)
        except file_formats.ImportFileError as err:
            say(f"Nothing imported. {err}", error=True)
            return
        except Cancelled:
            say(f"Nothing imported: the check of {file_name} was cancelled.")
            return
        new = len(records) - present
        if new == 0:
            say(
                f"Nothing to import: {'the game' if len(records) == 1 else 'all ' + plural(len(records))} "
                f"in {file_name} {'is' if len(records) == 1 else 'are'} already here."
                if records
                else f"Nothing to import: {file_name} holds no games."
            )
            return

        async def confirmed(ev) -> None:
            await store_records(records, file_name, photos)

        question = f"Import {plural(new)} from {file_name}?"
        if present:
            question += f" {present} {'is' if present == 1 else 'are'} already here."
        if lacking:
            question += (
                f" {plural(lacking, 'photo')} the games name {'is' if lacking == 1 else 'are'} not in the file: "
                "those games are imported without them."
            )
        # Its words never change while it is open: shown once, closed by either button.
        app.page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text("Import games"),
                content=ft.Text(question),
                actions=[
                    ft.TextButton("Cancel", on_click=lambda ev: app.page.pop_dialog()),
                    ft.FilledButton(f"Import {plural(new)}", on_click=confirmed),
                ],
            )
        )

    def receiving(shown: str, size: int, done: float | None) -> None:
        """The upload's progress, in kB."""
        kb = kilobytes(size)
        set_working(IDLE if done is None else (f"Receiving {shown}", round(done * kb), kb, " kB"))

    # The chosen file reaches this screen, checked. What the receiver calls uses only the session and state
    # setters, which stay the same from one drawing to the next.
    picker = use_file_picker(
        app,
        Receiver(
            limit=limit,
            may=lambda: "" if app.is_host() else rights.HOST_ONLY,
            too_big=too_big,
            lost=lambda shown, error: f"Nothing imported: {shown} did not arrive{f' ({error})' if error else ''}. Try again.",
            refuse=lambda text: say(text, error=True),
            arrived=check,
            arrived_file=check,
            receiving=receiving,
        ),
    )

    text, error = said
    json_button = ft.FilledButton(
        "Export JSON",
        icon=ft.Icons.DOWNLOAD,
        height=48,
        disabled=not finished,
        tooltip=export_tooltip("json", len(finished)),
        on_click=export_json,
    )
    csv_button = ft.OutlinedButton(
        "Export CSV",
        icon=ft.Icons.TABLE_CHART,
        height=48,
        disabled=not finished,
        tooltip=export_tooltip("csv", len(finished)),
        on_click=export_csv,
    )
    zip_button = ft.OutlinedButton(
        "Export with photos",
        icon=ft.Icons.PHOTO_LIBRARY,
        height=48,
        disabled=not finished,
        tooltip=NOTHING_SAVED if not finished else "Download a ZIP file: the JSON export and the photos of the tableaux.",
        on_click=export_zip,
    )
    import_button = ft.FilledButton(
        "Import",
        icon=ft.Icons.UPLOAD_FILE,
        height=48,
        action=ft.PickFiles(
            picker,
            dialog_title="Import games",
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json", "zip"],
            with_data=app.standalone,  # no server to upload to: the browser hands the bytes over
        ),
    )
    body = ft.Column(
        [
            section("Export"),
            ft.Text(counted(len(finished))),
            ft.Text(
                "JSON keeps every game whole (to import here or elsewhere); CSV has one row per player per game, for spreadsheets.", size=13
            ),
            ft.Row([json_button, csv_button, *([] if app.standalone else [zip_button])], wrap=True),  # no photos in a browser build
            section("Import"),
            ft.Text(
                "A JSON or ZIP file exported by Tableside, a game record or a list of records. Every game is checked "
                "first: a file with a faulty game imports nothing. Games already here are skipped. "
                f"JSON files up to {MAX_IMPORT_MB} MB, ZIP files with photos up to {MAX_ZIP_MB} MB.",
                size=13,
            ),
            ft.Row([import_button], wrap=True),
            progress_bar(*working, on_cancel=cancel if stopping.current is not None else None),
            ft.Semantics(
                identifier=MESSAGE,
                content=ft.Text(text, selectable=True, color=ft.Colors.ERROR if error else None),
                live_region=True,
            ),
        ],
        spacing=10,
        width=560,
    )
    return ft.View(
        route="/transfer",
        appbar=ft.AppBar(title=ft.Text("Import and export")),
        controls=[ft.Container(body, padding=8)],
        scroll=ft.ScrollMode.AUTO,
    )
