"""The Flet app: one `App` per browser session, routes to screens, theme, serving.

Routes:
    /                    home: new game, games in progress, latest results
    /setup/<game>        players, seats and variants for a new game
    /play/<id>           the game's play screen
    /results/<id>        places, tiebreaks and breakdowns of a game (also for /history/<id>)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path
from urllib.parse import unquote

import flet as ft

from . import errors, fonts
from .access import Gate
from .ids import id_from_route, route_id
from .invites import Invites
from .live import GameHub
from .network import lan_addresses, serving_banner
from .session import App, log
from .store import GameStore

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"


Builder = Callable[..., ft.View]


def routes() -> list[tuple[str, Builder | None, Builder]]:
    """(template, the main place under it or None, the screen): every route of the app, once."""
    from .views import history, home, in_progress, invite, join, play, players, results, settings, setup, stats, transfer

    return [
        ("/", None, home.view),
        (in_progress.ROUTE, home.view, in_progress.view),
        ("/setup/:game", home.view, lambda app, game: setup.view(app, game)),
        ("/play/:id", home.view, lambda app, id: play.view(app, id)),
        ("/results/:id", home.view, lambda app, id: results.view(app, id, route=f"/results/{route_id(id)}")),
        ("/history", None, history.view),
        ("/history/:id", history.view, lambda app, id: results.view(app, id, route=f"/history/{route_id(id)}")),
        ("/transfer", history.view, transfer.view),
        ("/players", None, players.roster),
        ("/players/:name", players.roster, lambda app, name: players.detail(app, name)),
        ("/stats", None, stats.view),
        ("/settings", home.view, settings.view),
        ("/invite/:id", home.view, lambda app, id: invite.view(app, id)),
        ("/join/:code", home.view, lambda app, code: join.view(app, code)),
        ("/join/:code/:seat", home.view, lambda app, code, seat: join.seat_view(app, code, seat)),
    ]


def guest_may_open(app: App, pattern: str, params: dict[str, str]) -> bool:
    """What a session that is not the host may see: an invitation, its own seat, its game's results."""
    return app.may_open(pattern, params)


def build_view(app: App, route: str) -> list[ft.View]:
    """The stack of views for a route: a main place (home, history, players, statistics), then any detail."""
    from .views import home, pin

    path = route.split("?")[0].rstrip("/") or "/"
    template = ft.TemplateRoute(path)
    for pattern, under, build in routes():
        if template.match(pattern):
            names = [part[1:] for part in pattern.split("/") if part.startswith(":")]
            # A segment is a game id, a player's name, a seat, an invite code or a game's key:
            # each written by route_id (plain as it is, anything else in URL-safe base64).
            params = {name: id_from_route(unquote(getattr(template, name))) for name in names}
            if not app.is_host():
                return [build(app, **params) if app.may_open(pattern, params) else pin.view(app, route)]
            # The main place first: the screen on top sets the theme last (its game's colours).
            views = [under(app)] if under else []
            return [*views, build(app, **params)]
    return [home.view(app) if app.authorized else pin.view(app, route)]  # an unknown address


def make_main(store: GameStore, pin: str | None = None, join_urls: Sequence[str] = (), lan: bool = False):
    hub = GameHub(store)  # one per process: every session shares the games in progress
    gate = Gate(store, pin)
    invites = Invites(store)

    def main(page: ft.Page) -> None:
        page.title = "Tableside"
        # Flutter has no fallback fonts offline: ours carry the card suits, every script and emoji.
        fonts.apply(page)
        app = App(page, store, hub, gate, invites, join_urls, lan)
        page.theme_mode = app.theme_mode  # the theme chosen in Settings, kept in the store
        errors.install(page, app.notify)  # no traceback on a screen: words there, details in the log

        def route_change(e=None) -> None:
            app.on_resize_hooks.clear()
            page.pubsub.unsubscribe_all()  # the new screen subscribes to what it shows
            try:
                views = build_view(app, page.route or "/")
            except Exception:  # never leave a person on Flet's red error screen
                log.exception("could not show %s", page.route)
                views = [
                    ft.View(
                        route=page.route,
                        appbar=ft.AppBar(title=ft.Text("Something went wrong")),
                        controls=[
                            ft.Text("This screen could not be shown. Your games are safe."),
                            ft.FilledButton("Home", on_click=lambda e: app.go("/")),
                        ],
                    )
                ]
            page.views.clear()
            page.views.extend(views)
            page.update()

        async def view_pop(e: ft.ViewPopEvent) -> None:
            if len(page.views) > 1:
                page.views.pop()
            await page.push_route(page.views[-1].route or "/")

        def resized(e) -> None:
            for hook in list(app.on_resize_hooks):
                hook()

        def rights_changed(message: str) -> None:
            """Another session released this phone's seat, revoked its invite or set a PIN: say so, show what is allowed now."""
            if message:
                app.notify(message, error=True)
            if app.join_route and not app.seat_valid() and page.route != app.join_route:
                app.go(app.join_route)  # where it may pick a seat again (or is told the invitation ended)
            else:
                route_change()

        app.rebuild = route_change
        app.on_rights_changed.append(rights_changed)
        page.on_route_change = route_change
        page.on_view_pop = view_pop
        page.on_resize = resized
        route_change()

    return main


def serve(host: str, port: int, data_dir: Path, pin: str | None = None) -> None:
    import socket

    import flet_web.fastapi as flet_fastapi
    import uvicorn

    from . import admission, guard, identity, static_files
    from .access import PIN_SETTING, new_pin
    from .network import beyond_this_machine

    store = GameStore(data_dir)
    everywhere = host in ("0.0.0.0", "::", "")
    addresses = lan_addresses() if everywhere else [host]
    join_urls = [f"http://{a}:{port}" for a in addresses]  # on 127.0.0.1 too: a second browser here can join
    generated = beyond_this_machine(host) and pin is None and store.setting(PIN_SETTING) is None
    if generated:  # the network may not use the games without a PIN: one for this run, shown only here
        pin = new_pin()
    gate = Gate(store, pin)
    app = flet_fastapi.app(
        admission.limited(make_main(store, pin, join_urls, lan=beyond_this_machine(host)), gate),
        before_main=identity.remember,  # the session's address: the connection's, before any client message
        assets_dir=str(ASSETS_DIR),
        app_name="Tableside",
        app_short_name="Tableside",
        app_description="Score keeper for card games at the table",
        no_cdn=True,  # nothing is fetched from the internet, ever
    )
    static_files.install(app, ASSETS_DIR)  # compressed once, cached by browsers: a phone joins in seconds
    names = [socket.gethostname(), socket.gethostname() + ".local"]
    app = guard.Guard(app, guard.own_hosts(port, addresses, names))
    for line in serving_banner(host, port, pin_set=gate.required):
        print(line, flush=True)
    if generated:
        print(f"PIN for this run: {pin}  (phones ask for it; set your own with --pin - or ${{TABLESIDE_PIN}})", flush=True)
    print(f"Data: {data_dir}", flush=True)
    try:
        uvicorn.run(
            app,
            host=host,
            port=port,
            log_level=os.environ.get("TABLESIDE_LOG", "warning"),
            proxy_headers=False,  # the client's address is the socket's: X-Forwarded-For is not believed
            ws_max_size=guard.WS_MAX_SIZE,
            timeout_graceful_shutdown=guard.STOP_WITHIN,
        )
    finally:
        store.close()  # releases the folder's lock
