"""The composition root: builds the store, the pieces every session shares, each session's `App`, and
the server, and hands them to the screens (companion/ui/app.py: routes and the root component).

    make_main(store, ...)   what Flet runs for each page: one `App` per browser session (the tests,
                            the store build's main.py and the browser build use it as it is)
    serve(host, port, ...)  `tableside` / `python -m companion`: the store of a data folder, the web
                            server around make_main, until stopped
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import flet as ft

from companion import APP_DESCRIPTION, APP_NAME
from companion.access.gate import Gate
from companion.access.host_grants import HostGrants
from companion.access.invites import Invites
from companion.data.startup import TEMPORARY
from companion.data.store import GameStore
from companion.server import flet_seams
from companion.server.network import Network, lan_addresses, serving_banner
from companion.server.public_url import PublicUrl
from companion.server.uploads import UPLOADS, Uploads
from companion.services.live import GameHub
from companion.ui import app as screens
from companion.ui.session import App

ASSETS_DIR = Path(__file__).resolve().parents[1] / "assets"
# How long Flet keeps a session after its browser left (Flet's default is an hour): a reload, a tab
# closed, a phone asleep each leave one, holding its screens (about 1.5 MB for a tablet's play screen).
# A browser back within this window resumes its session; one back later gets a new session, drawn from
# the stored state (a phone's seat is kept in the browser: views/join.py). FLET_SESSION_TIMEOUT overrides it.
SESSION_KEEP_SECONDS = 10  # + up to 10 s until Flet evicts it, + 5 s until the memory is trimmed (server/memory.py)
FIRST_FIGURES_AFTER = 3.0  # seconds after start-up: the history's figures are worked out once the server answers
# Beside a worker thread's long work (an import's checks, the figures), the event loop's thread gets
# Python's lock back within this, not 5 ms, after each system call: a tap's save waited ~45 ms, now ~11.
GIL_SWITCH_SECONDS = 0.001


def stopped_by_signal(signum: int, frame: object) -> None:
    """SIGTERM, once uvicorn has stopped serving: leave through `finally` (the store closed, the uploads gone)."""
    raise SystemExit(128 + signum)


def make_main(
    store: GameStore,
    pin: str | None = None,
    join_urls: Sequence[str] = (),
    lan: bool = False,
    uploads: Uploads | None = None,
    network: Network | None = None,
    standalone: bool = False,
):
    """What Flet runs for each page of this server: the pieces every session shares are built once
    here, an `App` for each new session, then the screens (ui/app.start)."""
    flet_seams.short_message_repr()  # each message sent was formatted whole for a log line nobody reads
    hub = GameHub(store)  # one per process: every session shares the games in progress
    network = network or Network(join_urls, lan)  # one per process too: the links change for every session at once
    gate = Gate(store, pin)
    invites = Invites(store)
    grants = HostGrants(store, gate)

    def main(page: ft.Page) -> None:
        app = App(page, store, hub, gate, invites, join_urls, lan, grants, uploads, network, standalone=standalone)
        screens.start(page, app)

    return main


def serve(host: str, port: int, data_dir: Path, pin: str | None = None, prefix: str = "", public: PublicUrl | None = None) -> None:
    """`prefix` ("t2"): the app answers under /t2/ and its links carry it (server/path_prefix.py).
    `public` (`--public-url`): the address a reverse proxy serves it at (server/public_url.py)."""
    import socket

    import flet_web.fastapi as flet_fastapi
    import uvicorn

    from companion.access import identity
    from companion.access.gate import PIN_SETTING, new_pin
    from companion.server import admission, guard, memory, path_prefix, play_links, quiet_log, static_files, upload_route
    from companion.server.network import beyond_this_machine
    from companion.server.wifi import WifiListener
    from companion.ui.warm_figures import FiguresWarmer

    sys.setswitchinterval(GIL_SWITCH_SECONDS)
    memory.tune_collector()
    store = GameStore(data_dir)
    # Not before the server answers: working out 20,000 games' figures (3 s of CPU) beside the start-up
    # took the interpreter from it and doubled the time to the first page (4.1 s against 2.1 s).
    FiguresWarmer(store).start(after=FIRST_FIGURES_AFTER)
    everywhere = host in ("0.0.0.0", "::", "")
    addresses = lan_addresses() if everywhere else [host]
    under = f"/{prefix}" if prefix else ""  # what a proxy routes to this process (docs/scaling.md)
    join_urls = [f"http://{a}:{port}{under}" for a in addresses]  # on 127.0.0.1 too: a second browser here can join
    if public is not None:
        # Through the proxy every device connects from the proxy's address (127.0.0.1 on this machine):
        # none is the host by its address, so the guests' devices are not either.
        os.environ[identity.LOCAL_IS_HOST] = "0"
        join_urls = [public.base]
    served_beyond = beyond_this_machine(host) or public is not None
    generated = served_beyond and pin is None and store.setting(PIN_SETTING) is None
    if generated:  # the network may not use the games without a PIN: one for this run, shown only here
        pin = new_pin()
    gate = Gate(store, pin)
    # A read-only data folder takes no files: nothing they bring could be stored.
    uploads = None if store.read_only else Uploads(store.folder / TEMPORARY / UPLOADS, url_path=f"{under}/upload")
    network = Network(join_urls, lan=served_beyond)  # the invite screen can open it to the Wi-Fi (wifi.py)
    app = flet_fastapi.app(
        admission.limited(make_main(store, pin, uploads=uploads, network=network), gate),
        before_main=identity.remember,  # the session's address: the connection's, before any client message
        assets_dir=str(ASSETS_DIR),
        app_name=APP_NAME,
        app_short_name=APP_NAME,
        app_description=APP_DESCRIPTION,
        no_cdn=True,  # nothing is fetched from the internet, ever
        session_timeout_seconds=SESSION_KEEP_SECONDS,
        proxy_path=prefix or None,  # the page's <base href> and websocket: /t2/, /t2/ws
    )  # no upload_dir: files come by the upload route below, one file per URL, each cut off at its own limit
    quiet_log.install()  # a client that leaves is logged once at info, never as a traceback
    static_files.install(app, ASSETS_DIR)  # compressed once, cached by browsers: a phone joins in seconds
    app = play_links.Routes(app)  # /bgstats/<token>: the BG Stats QR's short link, inside the guard
    if uploads is not None:
        app = upload_route.UploadRoute(app, uploads)  # PUT /upload?f=…: a picked file (/t2/upload under a prefix)
    if prefix:
        app = path_prefix.PathPrefix(app, prefix)
    names = [socket.gethostname(), socket.gethostname() + ".local"]
    app = guard.Guard(app, guard.own_hosts(port, addresses, names), public=public)
    options: dict[str, Any] = {
        "log_level": os.environ.get("TABLESIDE_LOG", "warning"),
        "proxy_headers": False,  # the client's address is the socket's: X-Forwarded-For is not believed
        "ws_max_size": guard.WS_MAX_SIZE,
        "timeout_graceful_shutdown": guard.STOP_WITHIN,
    }
    if not network.lan:
        network.opener = WifiListener(app, port, options, under).open
    for line in serving_banner(host, port, pin_set=gate.required, under=under):
        print(line, flush=True)
    if public is not None:
        print(f"Through the proxy: {public.base}/  (every browser enters the PIN)", flush=True)
    if generated:
        print(f"PIN for this run: {pin}  (phones ask for it; set your own with --pin - or ${{TABLESIDE_PIN}})", flush=True)
    print(f"Data: {data_dir}", flush=True)
    # uvicorn stops gracefully on SIGTERM, then raises the signal again with the handler it found: Python's
    # default would end the process there, before the `finally` below (the uploads folder was left behind).
    signal.signal(signal.SIGTERM, stopped_by_signal)
    try:
        uvicorn.run(app, host=host, port=port, **options)
    finally:
        if uploads is not None:
            uploads.close()  # before the lock goes: no other process may use tmp/ yet
        store.close()  # releases the folder's lock
