"""The Flet app: one `App` per browser session, routes to screens, theme, serving.

Routes:
    /                    home: new game, games in progress, latest results
    /setup/<game>        players, seats and variants for a new game
    /play/<id>           the game's play screen
    /results/<id>        places, tiebreaks and breakdowns of a game (also for /history/<id>)
"""

from __future__ import annotations

import logging
import os
from urllib.parse import unquote
from pathlib import Path
from typing import Callable

import flet as ft

from . import fonts
from .access import Gate
from .live import GameHub
from .network import lan_addresses, serving_banner
from .store import GameStore

ASSETS_DIR = Path(__file__).resolve().parent.parent / "assets"
PHONE_MAX_WIDTH = 700  # narrower than this: one player at a time
CARD_FONT = "DejaVu"

log = logging.getLogger("tableside")


class App:
    """What every screen of one browser session shares."""

    def __init__(self, page: ft.Page, store: GameStore, hub: GameHub, gate: Gate, join_urls: list[str] = ()):
        self.page = page
        self.join_urls = list(join_urls)  # how phones on the LAN reach this server, e.g. http://192.168.1.20:8550
        self.store = store
        self.hub = hub
        self.gate = gate
        self.authorized = not gate.required
        self.rebuild: Callable[[], None] = lambda: None  # set by main: show the current route again
        self.dark = False
        self.recovery_seen = False  # the store's start-up repairs were acknowledged on the home screen
        self.on_resize_hooks: list[Callable[[], None]] = []
        self._wakelock: ft.Wakelock | None = None
        self._preferences: ft.SharedPreferences | None = None
        self.seats: dict[str, str] = {}  # game id → the player whose phone this session is

    @property
    def preferences(self) -> ft.SharedPreferences:
        """The browser's own storage (a phone's seat survives a closed tab there)."""
        if self._preferences is None:
            self._preferences = ft.SharedPreferences()
        return self._preferences

    @property
    def device_key(self) -> str:
        """Who is guessing PINs: the device's address (a new tab is the same device)."""
        return self.page.client_ip or self.page.session.id

    @property
    def wide(self) -> bool:
        return (self.page.width or 0) >= PHONE_MAX_WIDTH

    def go(self, route: str) -> None:
        self.page.navigate(route)

    def notify(self, message: str, error: bool = False) -> None:
        self.page.show_dialog(ft.SnackBar(
            ft.Text(message, color=ft.Colors.ON_ERROR if error else None),
            bgcolor=ft.Colors.ERROR if error else None,
            duration=4000,
        ))

    def keep_awake(self) -> None:
        """Keep the screen on during a game, where the browser allows it (once per session)."""
        if self._wakelock is not None:
            return
        self._wakelock = ft.Wakelock()  # registers itself with the page; the reference keeps it alive

        async def enable() -> None:
            try:
                await self._wakelock.enable()
            except Exception as e:  # a browser may refuse (no user gesture yet, or no support)
                log.info("wakelock not available: %s", e)

        self.page.run_task(enable)

    def toggle_theme(self) -> None:
        self.dark = not self.dark
        self.page.theme_mode = ft.ThemeMode.DARK if self.dark else ft.ThemeMode.LIGHT


def build_view(app: App, route: str) -> list[ft.View]:
    """The stack of views for a route: a main place (play, history, players, statistics), then any detail."""
    from .views import history, home, invite, join, pin, play, players, results, settings, setup, stats, transfer

    if not app.authorized:
        return [pin.view(app, route)]
    parts = [p for p in route.split("?")[0].split("/") if p]
    head = parts[0] if parts else ""
    if head in ("history", "transfer"):
        views = [history.view(app)]
    elif head == "players":
        views = [players.roster(app)]
    elif head == "stats":
        views = [stats.view(app)]
    else:
        views = [home.view(app)]
    if len(parts) == 2:
        if head == "setup":
            views.append(setup.view(app, parts[1]))
        elif head == "play":
            views.append(play.view(app, parts[1]))
        elif head in ("results", "history"):
            views.append(results.view(app, parts[1], route=f"/{head}/{parts[1]}"))
        elif head == "players":
            views.append(players.detail(app, parts[1]))
        elif head == "invite":
            views.append(invite.view(app, parts[1]))
        elif head == "join":
            views.append(join.view(app, parts[1]))
    if len(parts) == 3 and head == "join":  # a player's phone at its seat
        views.append(play.view(app, parts[1], seat=unquote(parts[2])))
    if parts == ["settings"]:
        views.append(settings.view(app))
    if parts == ["transfer"]:  # import and export, reached from the history
        views.append(transfer.view(app))
    return views


def make_main(store: GameStore, pin: str | None = None, join_urls: list[str] = ()):
    hub = GameHub(store)  # one per process: every session shares the games in progress
    gate = Gate(store, pin)

    def main(page: ft.Page) -> None:
        page.title = "Tableside"
        # Flutter has no fallback fonts offline: ours carry the card suits, every script and emoji.
        fonts.apply(page)
        page.theme_mode = ft.ThemeMode.LIGHT
        app = App(page, store, hub, gate, join_urls)

        def route_change(e=None) -> None:
            app.on_resize_hooks.clear()
            page.pubsub.unsubscribe_all()  # the new screen subscribes to what it shows
            try:
                views = build_view(app, page.route or "/")
            except Exception:  # never leave a person on Flet's red error screen
                log.exception("could not show %s", page.route)
                views = [ft.View(route=page.route, appbar=ft.AppBar(title=ft.Text("Something went wrong")), controls=[
                    ft.Text("This screen could not be shown. Your games are safe."),
                    ft.FilledButton("Home", on_click=lambda e: app.go("/")),
                ])]
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

        app.rebuild = route_change
        page.on_route_change = route_change
        page.on_view_pop = view_pop
        page.on_resize = resized
        route_change()

    return main


def serve(host: str, port: int, data_dir: Path, pin: str | None = None) -> None:
    import uvicorn
    import flet_web.fastapi as flet_fastapi
    from . import static_files

    store = GameStore(data_dir)
    everywhere = host in ("0.0.0.0", "::", "")
    join_urls = [f"http://{a}:{port}" for a in lan_addresses()] if everywhere else []
    app = flet_fastapi.app(
        make_main(store, pin, join_urls),
        assets_dir=str(ASSETS_DIR),
        app_name="Tableside",
        app_short_name="Tableside",
        app_description="Score keeper for card games at the table",
        no_cdn=True,  # nothing is fetched from the internet, ever
    )
    static_files.install(app, ASSETS_DIR)  # compressed once, cached by browsers: a phone joins in seconds
    for line in serving_banner(host, port, pin_set=Gate(store, pin).required):
        print(line, flush=True)
    print(f"Data: {data_dir}", flush=True)
    uvicorn.run(app, host=host, port=port, log_level=os.environ.get("TABLESIDE_LOG", "warning"))
