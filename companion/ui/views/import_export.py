"""Import and export (/transfer): download the history as JSON or CSV, import a JSON file.

Downloads use FilePicker.save_file(src_bytes=…), which the browser turns into a
download. Import uses the `ft.PickFiles` client action: a browser (Safari always)
opens a file picker only inside the click itself, so the click opens it on the
client, and the chosen file reaches the screen (widgets/picked_file.py). Its bytes
then come by an upload (server/uploads.py: an HTTP PUT to a URL for this one file, cut
off past 32 MB, or 320 MB for a ZIP, its progress shown), not in one websocket message.
Nothing is stored before the person confirms, and a file with one invalid record stores nothing.
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
from companion.language import N_, _, ngettext, number
from companion.server.uploads import MAX_UPLOAD_BYTES, MAX_ZIP_UPLOAD_BYTES
from companion.services import bg_stats, file_formats, photo_archive, topics
from companion.services.background import in_thread
from companion.services.file_formats import Progress
from companion.services.games import StoreWriteError
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.controls import screen_title, section, selectable
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
NOTHING_SAVED = N_("No saved game to export yet.")  # why the export buttons are greyed


def export_tooltip(kind: str, games: int) -> str:
    """What an export button's tooltip (and a screen reader) says: what it downloads, or why it is greyed."""
    if not games:
        return _(NOTHING_SAVED)
    if kind == "json":
        said = ngettext(
            "Download the {count} finished game as one JSON file (every game whole).",
            "Download all {count} finished games as one JSON file (every game whole).",
            games,
        )
    else:
        said = ngettext(
            "Download the {count} finished game as a CSV file (one row per player per game).",
            "Download all {count} finished games as a CSV file (one row per player per game).",
            games,
        )
    return said.format(count=games)


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
        app.notify(_("This game is not stored here."), error=True)
        return
    data = bg_stats.download_text(bg_stats.bgstats_play(stored)).encode("utf-8")
    await download(app, f"tableside-{stored.game}-{stored.played_at[:10]}-bgstats.json", data)


def too_big(file_name: str) -> str:
    if file_name.lower().endswith(".zip"):
        return _("Nothing imported: {file} is larger than {size} MB, more photos than one import takes. Import it in parts.").format(
            file=file_name, size=MAX_ZIP_MB
        )
    return _("Nothing imported: {file} is larger than {size} MB, more than a history of 30,000 games. Is it the right file?").format(
        file=file_name, size=MAX_IMPORT_MB
    )


def kilobytes(size: int | None) -> int:
    return max(1, round((size or 0) / 1024))


def counted(n: int) -> str:
    if not n:
        return _("No finished games yet.")
    return ngettext("{count} finished game in the history.", "{count} finished games in the history.", n).format(count=n)


def progress_bar(what: str, done: int, total: int, unit: str = "", on_cancel: Callable[[Any], None] | None = None) -> ft.Control:
    """Long work under way (an import of thousands of games): what, and how far (a moving bar until counted);
    with Cancel where the work can stop (the check of a file: nothing is stored until the person confirms)."""
    if not what:
        return ft.Container()
    if total:
        said = _("{work}: {done} of {total}{unit}…").format(work=what, done=number(done), total=number(total), unit=unit)
    else:
        said = f"{what}…"
    cancel = [ft.TextButton(_("Cancel"), height=48, on_click=on_cancel, style=focus_style())] if on_cancel is not None else []
    return ft.Semantics(
        identifier="progress",
        live_region=True,
        content=ft.Column(
            [ft.Text(said), ft.ProgressBar(value=done / total if total else None, width=400), *cancel],
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
            say(_("Nothing exported: {reason}.").format(reason=err), error=True)
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
            say(
                ngettext("Exported {count} game to {file}.", "Exported {count} games to {file}.", len(stored)).format(
                    count=len(stored), file=names[0]
                )
            )
        else:
            say(
                ngettext(
                    "Exported {count} game to {parts} files, {first} to {last}: each imports on its own.",
                    "Exported {count} games to {parts} files, {first} to {last}: each imports on its own.",
                    len(stored),
                ).format(count=len(stored), parts=len(files), first=names[0], last=names[-1])
            )
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
                ngettext("Importing {count} game", "Importing {count} games", len(records)).format(count=len(records)),
                lambda report: app.games.add_finished(records, report, photos),
            )
        except StoreWriteError as err:  # a full or read-only disk: all or nothing, said in words
            say(_("{file}: nothing imported. {reason}").format(file=name, reason=err), error=True)
            return
        except (scoring.RecordError, ValueError) as err:  # read_import checked them: only a changed scorer gets here
            say(_("{file}: nothing imported: {reason}").format(file=name, reason=file_formats.refusal(err)), error=True)
            return
        if skipped:
            said = ngettext(
                "Imported {count} game from {file}; skipped {skipped} already here.",
                "Imported {count} games from {file}; skipped {skipped} already here.",
                added,
            )
        else:
            said = ngettext("Imported {count} game from {file}.", "Imported {count} games from {file}.", added)
        say(said.format(count=added, file=name, skipped=skipped))

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
            records, present, photos, lacking = await in_worker(_("Checking {file}").format(file=file_name), read, cancellable=True)
        except file_formats.ImportFileError as err:
            say(_("Nothing imported. {reason}").format(reason=err), error=True)
            return
        except Cancelled:
            say(_("Nothing imported: the check of {file} was cancelled.").format(file=file_name))
            return
        new = len(records) - present
        if new == 0:
            if not records:
                say(_("Nothing to import: {file} holds no games.").format(file=file_name))
            elif len(records) == 1:
                say(_("Nothing to import: the game in {file} is already here.").format(file=file_name))
            else:
                said = ngettext(
                    "Nothing to import: the {count} game in {file} is already here.",
                    "Nothing to import: all {count} games in {file} are already here.",
                    len(records),
                )
                say(said.format(count=len(records), file=file_name))
            return

        async def confirmed(ev) -> None:
            await store_records(records, file_name, photos)

        question = ngettext("Import {count} game from {file}?", "Import {count} games from {file}?", new).format(count=new, file=file_name)
        if present:
            question += " " + ngettext("{count} is already here.", "{count} are already here.", present).format(count=present)
        if lacking:
            question += " " + ngettext(
                "{count} photo the games name is not in the file: those games are imported without them.",
                "{count} photos the games name are not in the file: those games are imported without them.",
                lacking,
            ).format(count=lacking)
        # Its words never change while it is open: shown once, closed by either button.
        app.page.show_dialog(
            ft.AlertDialog(
                modal=True,
                title=ft.Text(_("Import games")),
                content=ft.Text(question),
                actions=[
                    ft.TextButton(_("Cancel"), on_click=lambda ev: app.page.pop_dialog(), style=focus_style()),
                    ft.FilledButton(
                        ngettext("Import {count} game", "Import {count} games", new).format(count=new),
                        on_click=confirmed,
                        style=focus_style(),
                    ),
                ],
            )
        )

    def receiving(shown: str, size: int, done: float | None) -> None:
        """The upload's progress, in kB."""
        kb = kilobytes(size)
        set_working(IDLE if done is None else (_("Receiving {file}").format(file=shown), round(done * kb), kb, " kB"))

    # The chosen file reaches this screen, checked. What the receiver calls uses only the session and state
    # setters, which stay the same from one drawing to the next.
    picker = use_file_picker(
        app,
        Receiver(
            limit=limit,
            may=lambda: "" if app.is_host() else rights.HOST_ONLY,
            too_big=too_big,
            lost=lambda shown, error: (
                _("Nothing imported: {file} did not arrive ({reason}). Try again.").format(file=shown, reason=error)
                if error
                else _("Nothing imported: {file} did not arrive. Try again.").format(file=shown)
            ),
            refuse=lambda text: say(text, error=True),
            arrived=check,
            arrived_file=check,
            receiving=receiving,
        ),
    )

    text, error = said
    json_button = ft.FilledButton(
        _("Export JSON"),
        icon=ft.Icons.DOWNLOAD,
        height=48,
        disabled=not finished,
        tooltip=export_tooltip("json", len(finished)),
        on_click=export_json,
        style=focus_style(),
    )
    csv_button = ft.OutlinedButton(
        _("Export CSV"),
        icon=ft.Icons.TABLE_CHART,
        height=48,
        disabled=not finished,
        tooltip=export_tooltip("csv", len(finished)),
        on_click=export_csv,
        style=focus_style(),
    )
    zip_button = ft.OutlinedButton(
        _("Export with photos"),
        icon=ft.Icons.PHOTO_LIBRARY,
        height=48,
        disabled=not finished,
        tooltip=_(NOTHING_SAVED) if not finished else _("Download a ZIP file: the JSON export and the photos of the tableaux."),
        on_click=export_zip,
        style=focus_style(),
    )
    import_button = ft.FilledButton(
        _("Import"),
        icon=ft.Icons.UPLOAD_FILE,
        height=48,
        action=ft.PickFiles(
            picker,
            dialog_title=_("Import games"),
            file_type=ft.FilePickerFileType.CUSTOM,
            allowed_extensions=["json", "zip"],
            with_data=app.standalone,  # no server to upload to: the browser hands the bytes over
        ),
        style=focus_style(),
    )
    body = ft.Column(
        [
            section(_("Export")),
            ft.Text(counted(len(finished))),
            ft.Text(
                _("JSON keeps every game whole (to import here or elsewhere); CSV has one row per player per game, for spreadsheets."),
                size=13,
            ),
            ft.Row([json_button, csv_button, *([] if app.standalone else [zip_button])], wrap=True),  # no photos in a browser build
            section(_("Import")),
            ft.Text(
                _(
                    "A JSON or ZIP file exported by Tableside, a game record or a list of records. Every game is checked "
                    "first: a file with a faulty game imports nothing. Games already here are skipped. "
                    "JSON files up to {json_size} MB, ZIP files with photos up to {zip_size} MB."
                ).format(json_size=MAX_IMPORT_MB, zip_size=MAX_ZIP_MB),
                size=13,
            ),
            ft.Row([import_button], wrap=True),
            progress_bar(*working, on_cancel=cancel if stopping.current is not None else None),
            selectable(text, identifier=MESSAGE, live_region=True, color=ft.Colors.ERROR if error else None),
        ],
        spacing=10,
        width=560,
    )
    return ft.View(
        route="/transfer",
        appbar=ft.AppBar(title=screen_title(_("Import and export"))),
        controls=[ft.Container(body, padding=8)],
        scroll=ft.ScrollMode.AUTO,
    )
