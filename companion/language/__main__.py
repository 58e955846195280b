"""python -m companion.language update | compile | check (companion/language/catalogs.py says what each does)."""

from __future__ import annotations

import sys

from companion.language import catalogs


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "update":
        catalogs.update()
    elif command == "compile":
        catalogs.compile_all()
    elif command == "check":
        found = catalogs.problems()
        print("\n".join(found) or "Every message is translated, and compiled.")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
