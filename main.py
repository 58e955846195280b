"""The entry point a store build runs: `flet build apk|aab|ipa|web` packages this folder and starts `main`.

Inside an installed app there is no server to start: Flet's client is the app, and this process
hands it the screens. Games are kept in the app's own storage folder, which the packaged app
names in FLET_APP_STORAGE_DATA (companion.data.store.default_data_folder reads it). Configuration:
[tool.flet] in pyproject.toml; how to build: README.md, "A store build".
"""

import flet as ft

from companion.bootstrap import ASSETS_DIR, make_main
from companion.data.store import GameStore, default_data_folder


def main() -> None:
    store = GameStore(default_data_folder())
    ft.run(make_main(store), assets_dir=str(ASSETS_DIR), no_cdn=True)


if __name__ == "__main__":
    main()
