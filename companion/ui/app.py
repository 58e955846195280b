"""The Flet app: the routes to screens, the root component, and what a page of a session shows.

The store, the shared pieces and the server are built in companion/bootstrap.py, which hands each
browser session's `App` (session.py) to `start`.

Routes (the table is `routes()`; a detail is drawn over the main place named after it):
    /                    home: new game, games in progress, latest results
    /setup/<game>        players, seats and variants for a new game (over home)
    /play/<id>           the game's play screen (over home)
    /results/<id>        places, tiebreaks and breakdowns of a game in progress (over home)
    /history             finished games, filtered by game, player and dates
    /history/<id>        a finished game's results: edit, rematch, delete (over the history)
    /transfer            import and export (over the history)
    /players             everyone who has played
    /players/<name>      one player's figures, rename or merge (over the players)
    /stats               statistics per game
    /settings            the PIN and the theme (over home)
    /invite/<id>         invite phones to a game: link, QR code, short code; release seats (over home)
    /join/<code>         a phone joins with an invitation: picks a seat (over home)
    /join/<code>/<seat>  a phone at its seat (over home)
    /in-progress         every game in progress (over home)
    /tonight             the latest game night: its games, standings and recap (over home)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from urllib.parse import unquote

import flet as ft

import scoring
from companion.data.ids import id_from_route, route_id
from companion.language import _
from companion.server import fonts
from companion.ui import errors
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.widgets.common import not_found
from companion.ui.widgets.navigation import route_under
from companion.ui.widgets.text_probe import text_probe

Builder = Callable[..., ft.View]


def routes() -> list[tuple[str, Builder | None, Builder]]:
    """(template, the main place under it or None, the screen): every route of the app, once.
    Each screen is a component; `key` (its address) makes another game's screen a new one, not this one's state."""
    import companion.ui.views.tonight as tonight  # its own line: the other routes' import stays as it was
    from companion.ui.views import history, home, import_export, in_progress, invite, join, play, players, results, settings, setup, stats

    return [
        ("/", None, home.view),
        (in_progress.ROUTE, home.view, in_progress.view),
        ("/setup/:game", home.view, lambda app, game, **kw: setup.view(app, game, **kw)),
        ("/play/:id", home.view, lambda app, id, **kw: play.view(app, id, **kw)),
        ("/results/:id", home.view, lambda app, id, **kw: results.view(app, id, route=f"/results/{route_id(id)}", **kw)),
        ("/history", None, history.view),
        ("/history/:id", history.view, lambda app, id, **kw: results.view(app, id, route=f"/history/{route_id(id)}", **kw)),
        ("/transfer", history.view, import_export.view),
        ("/players", None, players.roster),
        ("/players/:name", players.roster, lambda app, name, **kw: players.detail(app, name, **kw)),
        ("/stats", None, stats.view),
        (tonight.ROUTE, home.view, tonight.view),
        ("/settings", home.view, settings.view),
        ("/invite/:id", home.view, lambda app, id, **kw: invite.view(app, id, **kw)),
        ("/join/:code", home.view, lambda app, code, **kw: join.view(app, code, **kw)),
        ("/join/:code/:seat", home.view, lambda app, code, seat, **kw: join.seat_view(app, code, seat, **kw)),
    ]


def game_of_route(app: App, found: tuple[str, Builder | None, Builder, dict[str, str]] | None) -> str | None:
    """The game whose colours the screen on top wears (None: Tableside's own); `found`: `match`'s answer."""
    if found is None:
        return None
    params = found[3]
    if "game" in params:
        return params["game"] if params["game"] in scoring.GAMES else None
    game_id = params.get("id") or (app.invites.game_of(params["code"]) if "code" in params else None)
    stored = app.games.get(game_id) if game_id else None
    return stored.game if stored is not None else None


def match(route: str) -> tuple[str, Builder | None, Builder, dict[str, str]] | None:
    """The route table's entry for `route` and its parameters (None: an unknown address)."""
    path = route.split("?")[0].rstrip("/") or "/"
    template = ft.TemplateRoute(path)
    for pattern, under, build in routes():
        if template.match(pattern):
            names = [part[1:] for part in pattern.split("/") if part.startswith(":")]
            # A segment is a game id, a player's name, a seat, an invite code or a game's key:
            # each written by route_id (plain as it is, anything else in URL-safe base64).
            return pattern, under, build, {name: id_from_route(unquote(getattr(template, name))) for name in names}
    return None


def screens(app: App, route: str, found: tuple[str, Builder | None, Builder, dict[str, str]] | None) -> list[ft.View]:
    """The stack of views for a route: a main place (home, history, players, statistics), then any detail.
    Each is a component keyed by its address: another game's screen is a new one, never this one's state."""
    from companion.ui.views import pin

    pin_screen: Builder = pin.view  # every screen takes `key` (the component's), as Builder says
    if found is None:  # an unknown address: said so to the host; a guest meets the PIN, as at any host's address
        where = route.split("?")[0]
        return [
            not_found(where, _("Tableside has no page at {address}.").format(address=where))
            if app.is_host()
            else pin_screen(app, route, key="pin")
        ]
    pattern, under, build, params = found
    # Another language is a new screen too: every part of it, memoised ones included, speaks it.
    spoken = app.language.code
    path = route.split("?")[0].rstrip("/") or "/"
    if not app.is_host():
        allowed = app.rights.may_open(pattern, params)
        return [build(app, **params, key=f"{path} {spoken}") if allowed else pin_screen(app, route, key=f"pin {spoken}")]
    # The main place under a detail is covered: it does not redraw for changes until it is on top again.
    covered = [under(app, covered=True, key=f"{under.__module__}.{under.__name__} {spoken}")] if under else []
    return [*covered, build(app, **params, key=f"{path} {spoken}")]


@ft.component
def Root(app: App) -> list[ft.View]:
    """The app: which screens the route shows, in the colours of the game it names."""
    page = app.page
    route, set_route = ft.use_state(page.route or "/")
    # A phone turned, a window resized, a browser's bars shown or hidden: screens lay out again. A count of the
    # resizes, not the width: a page that came back to its session at another size and was then resized to the
    # size the session last knew drew nothing again (Lost Cities kept its cards for the old height, the 10s under
    # the bar), and a new height alone sizes Lost Cities' cards too.
    __, set_resizes = ft.use_state(0)
    __, set_version = ft.use_state(0)
    app.show_route = set_route
    app.rebuild = lambda: set_version(lambda v: v + 1)  # rights or the theme changed: draw everything again
    app.resized = lambda: set_resizes(lambda n: n + 1)
    found = match(route)
    game = game_of_route(app, found)

    def apply_theme() -> None:
        game_screens.use_theme(app.page, game, app.black)
        app.page.theme_mode = app.theme_mode
        app.page.update()

    ft.use_effect(apply_theme, [game, app.dark, app.black])

    async def restore_rights() -> None:
        """A new session of a browser that keeps a host grant is the host again, without the PIN
        (the PIN screen shows for the moment the browser takes to answer); a device that chose its
        own theme has it again (the server's default shows until the browser answers), and its language."""
        # One wait for the browser, not three.
        theme, rights, spoken = await asyncio.gather(app.restore_theme(), app.restore_rights(), app.language.restore())
        if theme or rights or spoken:
            app.rebuild()

    ft.use_effect(restore_rights, [])
    return screens(app, route, found)


def start(page: ft.Page, app: App) -> None:
    """Show the app in `page` for the session `app` (built by companion.bootstrap): its route,
    Back, rights that change, a browser that leaves or comes back."""
    page.title = "Tableside"
    # Flutter has no fallback fonts offline: ours carry the card suits, every script and emoji.
    fonts.apply(page)
    # The first page in its colours: applied only after the first drawing (Root's effect), they were a
    # second patch of the whole theme, and Flutter laid every control out again.
    game_screens.use_theme(page, game_of_route(app, match(page.route or "/")), app.black)
    page.theme_mode = app.theme_mode  # the server's default; the device's own choice follows (Root)
    errors.install(page, app.notify)  # no traceback on a screen: words there, details in the log

    async def view_pop(e: ft.ViewPopEvent) -> None:
        await page.push_route(route_under(app))

    page.on_route_change = lambda e: app.show_route(e.route or "/")

    def rights_changed(message: str) -> None:
        """Another session released this phone's seat, revoked its invite or set a PIN: say so, show what is allowed now."""
        if message:
            app.notify(_(message), error=True)  # access/rights.py's words, in this session's language
        if app.rights.join_route and not app.rights.seat_valid() and page.route != app.rights.join_route:
            app.go(app.rights.join_route)  # where it may pick a seat again (or is told the invitation ended)
        else:
            app.rebuild()

    app.rights.on_changed.append(rights_changed)
    page.on_view_pop = view_pop
    page.on_resize = lambda e: app.resized()
    page.on_disconnect = lambda e: app.disconnected()
    page.on_connect = lambda e: app.reconnected()
    page.on_close = lambda e: app.closed()
    page.overlay.append(text_probe(app))  # the browser's text size, over every screen from the first frame
    page.render_views(Root, app)
