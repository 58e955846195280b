"""Import and export (/transfer): download the history as JSON or CSV, import a JSON file.

Downloads use FilePicker.save_file(src_bytes=…), which the browser turns into a
download. Import uses the `ft.PickFiles` client action: a browser (Safari always)
opens a file picker only inside the click itself, so the click opens it on the
client and the chosen file's bytes (`with_data=True`) arrive at `on_result`.
Nothing is stored before the person confirms, and a file with one invalid record
stores nothing.
"""

from __future__ import annotations

import asyncio
import contextvars
from collections.abc import Callable
from datetime import date
from typing import TypeVar

import flet as ft

import scoring
from companion.data import changes
from companion.data.store import StoreWriteError
from companion.server.guard import MAX_IMPORT_BYTES
from companion.services import bg_stats, file_formats
from companion.services.file_formats import Progress
from companion.ui.session import App
from companion.ui.widgets.controls import section
from companion.ui.widgets.hooks import use_changes

T = TypeVar("T")
MESSAGE = "message"  # Semantics identifier of the result / error line
MAX_IMPORT_MB = MAX_IMPORT_BYTES // (1024 * 1024)


NOTHING_SAVED = "No saved game to export yet."  # why the export buttons are greyed


def file_picker(app: App) -> ft.FilePicker:
    """One FilePicker per session, kept on the App: the page drops services nothing references."""
    picker = getattr(app, "_file_picker", None)
    if picker is None:
        picker = ft.FilePicker()
        app._file_picker = picker
    return picker


async def download(app: App, file_name: str, data: bytes) -> None:
    await file_picker(app).save_file(file_name=file_name, src_bytes=data)


async def bgstats_download(app: App, game_id: str) -> None:
    """Download one finished game as a BG Stats play (JSON); for the results screen."""
    stored = app.store.get(game_id)
    if stored is None:
        app.notify("This game is not stored here.", error=True)
        return
    data = bg_stats.download_text(bg_stats.bgstats_play(stored)).encode("utf-8")
    await download(app, f"tableside-{stored.game}-{stored.played_at[:10]}-bgstats.json", data)


def plural(n: int, word: str = "game") -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def counted(n: int) -> str:
    return f"{plural(n, 'finished game')} in the history." if n else "No finished games yet."


def progress_bar(what: str, done: int, total: int) -> ft.Control:
    """Long work under way (an import of thousands of games): what, and how far (a moving bar until counted)."""
    if not what:
        return ft.Container()
    counted = f": {done:,} of {total:,}" if total else ""
    return ft.Semantics(
        identifier="progress",
        live_region=True,
        content=ft.Column(
            [ft.Text(f"{what}{counted}…"), ft.ProgressBar(value=done / total if total else None, width=400)],
            spacing=4,
        ),
    )


@ft.component
def view(app: App) -> ft.View:
    use_changes(app, changes.HISTORY)  # the count, and exports waiting for a finished game
    said, set_said = ft.use_state(("", False))  # the last result or refusal, and whether it is an error
    working, set_working = ft.use_state(("", 0, 0))  # long work under way: what, how far, out of how many
    picker = file_picker(app)
    finished = app.store.finished()

    def say(text: str, error: bool = False) -> None:
        set_said((text, error))
        app.notify(text, error=error)

    async def export(kind: str) -> None:
        stored = app.store.finished()
        text = file_formats.export_json(stored) if kind == "json" else file_formats.export_csv(stored)
        name = f"tableside-{date.today().isoformat()}.{kind}"
        await download(app, name, text.encode("utf-8"))
        say(f"Exported {plural(len(stored))} to {name}.")

    async def export_json(e) -> None:
        await export("json")

    async def export_csv(e) -> None:
        await export("csv")

    async def in_worker(what: str, work: Callable[[Progress], T]) -> T:
        """Run `work` in a worker thread, so every other session is served meanwhile, showing its progress.
        The thread's reports reach this screen through the event loop, in this session's context."""
        loop, here = asyncio.get_running_loop(), contextvars.copy_context()

        def report(done: int, total: int) -> None:
            loop.call_soon_threadsafe(lambda: set_working((what, done, total)), context=here)

        set_working((what, 0, 0))
        try:
            return await asyncio.to_thread(work, report)
        finally:
            set_working(("", 0, 0))

    async def store_records(records: list[dict], name: str) -> None:
        app.page.pop_dialog()
        try:  # published: the count and the buttons follow
            added, skipped = await in_worker(f"Importing {plural(len(records))}", lambda report: app.store.add_finished(records, report))
        except StoreWriteError as err:  # a full or read-only disk: all or nothing, said in words
            say(f"{name}: nothing imported. {err}", error=True)
            return
        except (scoring.RecordError, ValueError) as err:  # read_import checked them: only a changed scorer gets here
            say(f"{name}: nothing imported: {err}", error=True)
            return
        say(f"Imported {plural(added)} from {name}" + (f"; skipped {skipped} already here." if skipped else "."))

    async def picked(e: ft.FilePickerResultEvent) -> None:
        if not e.files:
            return  # cancelled
        file = e.files[0]
        data = file.bytes
        if max(file.size or 0, len(data or b"")) > MAX_IMPORT_BYTES:
            say(
                f"Nothing imported: {file.name} is larger than {MAX_IMPORT_MB} MB, more than any history "
                "Tableside exports. Is it the right file?",
                error=True,
            )
            return
        if data is None:
            say(f"{file.name}: the browser did not hand over the file's contents; try again.", error=True)
            return
        try:
            records = await in_worker(f"Checking {file.name}", lambda report: file_formats.read_import(bytes(data), file.name, report))
        except file_formats.ImportFileError as err:
            say(f"Nothing imported. {err}", error=True)
            return
        present = file_formats.already_present(records, lambda game_id: app.store.get(game_id) is not None)
        new = len(records) - present
        if new == 0:
            say(
                f"Nothing to import: {'the game' if len(records) == 1 else 'all ' + plural(len(records))} "
                f"in {file.name} {'is' if len(records) == 1 else 'are'} already here."
                if records
                else f"Nothing to import: {file.name} holds no games."
            )
            return

        async def confirmed(ev) -> None:
            await store_records(records, file.name)

        question = f"Import {plural(new)} from {file.name}?"
        if present:
            question += f" {present} {'is' if present == 1 else 'are'} already here."
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

    # The picker is a service of the session, not a drawn control: the chosen file reaches this screen.
    # `picked` uses only the session and state setters, which stay the same from one drawing to the next.
    on_result = ft.use_callback(picked, [])
    if picker.on_result is not on_result:
        picker.on_result = on_result

    text, error = said
    json_button = ft.FilledButton(
        "Export JSON", icon=ft.Icons.DOWNLOAD, height=48, disabled=not finished, tooltip=NOTHING_SAVED, on_click=export_json
    )
    csv_button = ft.OutlinedButton(
        "Export CSV", icon=ft.Icons.TABLE_CHART, height=48, disabled=not finished, tooltip=NOTHING_SAVED, on_click=export_csv
    )
    import_button = ft.FilledButton(
        "Import",
        icon=ft.Icons.UPLOAD_FILE,
        height=48,
        action=ft.PickFiles(
            picker, dialog_title="Import games", file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], with_data=True
        ),
    )
    body = ft.Column(
        [
            section("Export"),
            ft.Text(counted(len(finished))),
            ft.Text(
                "JSON keeps every game whole (to import here or elsewhere); CSV has one row per player per game, for spreadsheets.", size=13
            ),
            ft.Row([json_button, csv_button], wrap=True),
            section("Import"),
            ft.Text(
                "A JSON file exported by Tableside, a game record or a list of records. Every game is checked "
                "first: a file with a faulty game imports nothing. Games already here are skipped. "
                f"Files up to {MAX_IMPORT_MB} MB.",
                size=13,
            ),
            ft.Row([import_button], wrap=True),
            progress_bar(*working),
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
