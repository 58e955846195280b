"""The `tableside` command: serve the app (default), import and export finished games."""

from __future__ import annotations

import argparse
import logging
import os
import sys
from pathlib import Path

from companion.data.atomic_files import in_words
from companion.data.store import StoreLocked, StoreWriteError, default_data_folder

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550
PIN_VARIABLE = "TABLESIDE_PIN"
EXIT_ERROR = 2


class Parser(argparse.ArgumentParser):
    """Usage mistakes too end with one `error:` line and status 2 (argparse prints the usage first)."""

    def error(self, message: str):
        self.exit(EXIT_ERROR, f"error: {self.prog}: {' '.join(message.split())} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    p = Parser(prog="tableside", description="Score keeper for card games at the table.")
    sub = p.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="serve the app in the browser (the default)")
    for q in (p, serve):
        q.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
        q.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
        q.add_argument("--data", type=Path, default=None, help="data folder (default: the user data folder)")
        q.add_argument(
            "--pin",
            default=None,
            metavar="PIN",
            help="a PIN (4–12 digits) every browser session must enter first; `--pin -` asks for it "
            f"(a PIN on the command line is visible to every user of this machine in `ps`); "
            f"also read from ${PIN_VARIABLE}. Serving beyond this machine without one generates one",
        )
        q.add_argument("--ask-pin", action="store_const", const="-", dest="pin", help="ask for the PIN (same as --pin -)")
        q.add_argument(
            "--prefix",
            type=path_prefix,
            default=None,
            metavar="NAME",
            help="answer under /NAME/ (letters, digits, - and _): one process per prefix behind a proxy (docs/scaling.md)",
        )
        q.add_argument(
            "--public-url",
            default=None,
            metavar="URL",
            help="the address a reverse proxy serves this process at, e.g. https://club.example/t2/ (its path is /NAME/ of "
            "--prefix): its Host and Origin are let in, invitations start with it, and every browser enters the PIN (docs/scaling.md)",
        )
    export = sub.add_parser("export", help="write the finished games as JSON, CSV or a BG Stats play")
    export.add_argument("-o", "--output", type=Path, default=None, help="file to write (default: standard output)")
    export.add_argument(
        "--format",
        choices=("json", "csv", "bgstats", "zip"),
        default="json",
        help="json: docs/format.md records (default); csv: one row per player per game; bgstats: one game as a BG Stats play "
        "(needs --id); zip: the JSON and the photos of the tableaux (needs -o)",
    )
    export.add_argument("--id", default=None, help="only the game with this id (required for bgstats)")
    imp = sub.add_parser("import", help="add the finished games of JSON (or ZIP with photos) files to the history")
    imp.add_argument("files", nargs="+", type=Path, metavar="FILE", help="a record, a list of records, or an export of `tableside export`")
    web = sub.add_parser(
        "build-web", help="write a static site that runs Tableside in a phone's browser, with no server (docs/standalone.md)"
    )
    web.add_argument("--out", type=Path, required=True, metavar="DIR", help="the folder to write (emptied first)")
    web.add_argument("--base", default="/", metavar="PATH", help="the path the site is served at (default /; e.g. /tableside/)")
    web.add_argument(
        "--no-precompress",
        dest="precompress",
        action="store_false",
        help="write no .br and .gz copies (for a host that compresses on its own)",
    )
    for q in (export, imp):
        # SUPPRESS: `tableside --data DIR export` keeps the folder given before the command.
        q.add_argument("--data", type=Path, default=argparse.SUPPRESS, help="data folder (default: the user data folder)")
    return p


def path_prefix(name: str) -> str:
    from companion.server.path_prefix import valid_name

    if not valid_name(name):
        raise argparse.ArgumentTypeError(f"a --prefix is 1 to 64 letters, digits, - or _, not {name!r}")
    return name


class CommandError(Exception):
    """A failure to report as one `error:` line."""


def data_folder(args: argparse.Namespace) -> Path:
    return (getattr(args, "data", None) or default_data_folder()).resolve()


def tell(store) -> None:
    """What start-up repaired or found missing, and a backup that failed: one `warning:` line each
    (the home screen shows them too, until dismissed there). A read-only folder is no news to export."""
    for notice in store.notices():
        if notice != store.read_only_notice():
            print("warning: " + " ".join(notice.split()), file=sys.stderr)


def export(args: argparse.Namespace) -> int:
    from companion.data.store import GameStore
    from companion.services import bg_stats, file_formats

    folder = data_folder(args)
    if args.format == "bgstats" and args.id is None:
        raise CommandError("--format bgstats exports one game: give its --id")
    if args.format == "zip" and args.output is None:
        raise CommandError("--format zip writes a ZIP file: give it with -o")
    if folder.is_dir():
        try:
            store = GameStore(folder)  # a folder it cannot write is read as it is
        except OSError as e:
            raise CommandError(f"cannot read the data folder {folder}: {e.strerror or e}") from None
        try:
            tell(store)
            # Newest first, ties by id: the same history always exports to the same bytes.
            games = sorted(store.finished(), key=lambda g: (g.when, g.id), reverse=True)
        finally:
            store.close()
    else:
        games = []  # nothing stored yet: do not create the folder just to export nothing
    if args.id is not None:
        games = [g for g in games if g.id == args.id]
        if not games:
            raise CommandError(f"no finished game with id {args.id} in {folder}")
    text: str | bytes
    try:
        if args.format == "json":
            text = file_formats.export_json(games)
        elif args.format == "csv":
            text = file_formats.export_csv(games)
        elif args.format == "zip":
            from companion.services import photo_archive

            text = photo_archive.export_zip(games, folder)
        else:
            text = bg_stats.download_text(bg_stats.bgstats_play(games[0]))
    except file_formats.ExportError as e:  # names the game: nothing is written
        raise CommandError(f"nothing exported: {e}") from None
    if args.output is None:
        sys.stdout.write(text if isinstance(text, str) else "")  # a ZIP is always written to its file (-o)
        sys.stdout.flush()
    else:
        try:
            args.output.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
        except OSError as e:
            raise CommandError(f"cannot write {args.output}: {e.strerror or e}") from None
        what = "1 game" if len(games) == 1 else f"{len(games)} games"
        print(f"exported {what} to {args.output}")
    return 0


def import_files(args: argparse.Namespace) -> int:
    from companion.data.store import GameStore
    from companion.services import file_formats, photo_archive

    contents = []
    photos: dict[str, bytes] = {}  # what ZIP files exported with photos bring
    try:
        for path in args.files:  # every file is read and checked before the store is even opened
            try:
                data = path.read_bytes()
            except OSError as e:
                raise CommandError(f"cannot read {path}: {e.strerror or e}") from None
            if photo_archive.is_zip(data):
                data, brought = photo_archive.unpack(data, str(path))
                photos.update(brought)
            contents.append((str(path), data))
        records = file_formats.read_imports(contents)
    except file_formats.ImportFileError as e:
        raise CommandError(str(e)) from None
    try:
        store = GameStore(data_folder(args))
    except OSError as e:  # a folder that cannot be made
        raise CommandError(f"nothing imported: {in_words(e)}") from None
    try:
        tell(store)
        records = photo_archive.kept(records, photos, store.folder)  # a photo neither brought nor here: its reference goes
        added, skipped = store.add_finished(records, brought=photo_archive.used(records, photos))
    except StoreWriteError as e:
        raise CommandError(f"nothing imported: {e}") from None
    finally:
        store.close()
    print(f"imported {added}, skipped {skipped} already present")
    return 0


def fail(message: str) -> None:
    """One `error:` line, whatever the message holds (a record's id may carry line breaks)."""
    print("error: " + " ".join(message.split()), file=sys.stderr)


def read_pin(given: str | None) -> str | None:
    """The PIN from --pin, a prompt (`--pin -`) or $TABLESIDE_PIN (taken out of the environment,
    so that nothing this process starts inherits it)."""
    from_environment = os.environ.pop(PIN_VARIABLE, None)
    if given == "-":
        if sys.stdin.isatty():
            import getpass

            return getpass.getpass("PIN: ").strip()
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line.strip()
    if given is not None:
        return given
    return from_environment.strip() if from_environment else None


def use_system_allocator() -> None:
    """Serve with the C allocator for Python's objects too (PYTHONMALLOC=malloc): a session that left
    is then given back to the system (companion/server/memory.py trims after sessions close), where
    Python's own allocator keeps any 1 MB arena one live object still sits in (measured: 50 play
    screens closed gave back 2 % of their memory, with malloc 92 %; a tap costs the same, bench/tap.py).
    The variable is read when the interpreter starts: the command starts itself again, same process id."""
    if os.environ.get("PYTHONMALLOC") or os.environ.get("TABLESIDE_KEEP_ALLOCATOR"):
        return
    if sys.platform == "win32":  # execv there is a new process and the console's prompt back: serve as started
        return
    os.environ["PYTHONMALLOC"] = "malloc"
    os.execv(sys.executable, [sys.executable, "-m", "companion", *sys.argv[1:]])


def main(argv: list[str] | None = None) -> int:
    arguments = parser()
    args = arguments.parse_args(argv)
    if args.command == "build-web":
        from companion.standalone.build import build

        try:
            build(args.out, args.base, precompress=args.precompress)
        except OSError as e:
            fail(f"the site could not be written: {e}")
            return EXIT_ERROR
        return 0
    if args.command in ("export", "import"):
        import scoring

        logging.getLogger("tableside").addHandler(logging.NullHandler())  # no log lines (nor tracebacks): `tell` says what matters

        try:
            return export(args) if args.command == "export" else import_files(args)
        except (CommandError, StoreLocked, scoring.RecordError) as e:
            fail(str(e))
        except Exception as e:  # never a traceback: one line that says what failed
            fail(f"{type(e).__name__}: {e}")
        return EXIT_ERROR
    public = None
    if args.public_url is not None:
        from companion.server.public_url import parse

        try:
            public = parse(args.public_url, args.prefix or "")
        except ValueError as e:
            arguments.error(str(e))  # one `error:` line, status 2, as the parser's own
    if argv is None:
        use_system_allocator()  # before the PIN is read from the environment: the new process reads it again
    data = (args.data or default_data_folder()).resolve()  # absolute: `flet run` changes the working folder
    from companion.access.gate import valid_pin, weak_pin_warning
    from companion.bootstrap import serve

    try:
        pin = read_pin(args.pin)
    except (EOFError, KeyboardInterrupt):
        fail("no PIN was entered")
        return EXIT_ERROR
    if pin is not None and not valid_pin(pin):
        fail("a PIN is 4 to 12 digits")
        return EXIT_ERROR
    if pin is not None and weak_pin_warning(pin):
        print(weak_pin_warning(pin), file=sys.stderr)
    try:
        serve(args.host, args.port, data, pin=pin, prefix=args.prefix or "", public=public)
    except (StoreLocked, RuntimeError, OSError) as e:  # a locked, newer or unreadable data folder, a busy port
        fail(str(e))
        return EXIT_ERROR
    return 0


if __name__ == "__main__":
    sys.exit(main())
