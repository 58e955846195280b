"""The `tableside` command: serve the app (default), later import and export."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .store import StoreLocked, default_data_folder

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8550


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tableside", description="Score keeper for card games at the table.")
    sub = p.add_subparsers(dest="command")
    serve = sub.add_parser("serve", help="serve the app in the browser (the default)")
    for q in (p, serve):
        q.add_argument("--host", default=DEFAULT_HOST, help=f"address to listen on (default {DEFAULT_HOST})")
        q.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
        q.add_argument("--data", type=Path, default=None, help="data folder (default: the user data folder)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    data = (args.data or default_data_folder()).resolve()  # absolute: `flet run` changes the working folder
    from .app import serve

    try:
        serve(args.host, args.port, data)
    except StoreLocked as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
