"""Play: the frame every game's play screen shares.

Totals on top (live, from `scoring`), the refusal of the last tap if any, the game's
own controls (one player at a time on a phone, everyone side by side on a tablet),
then undo and results. Each game's controls live in their own module.
"""

from __future__ import annotations

import asyncio
from types import ModuleType
from typing import Any, Callable

import flet as ft

from .. import games
from ..app import App, log
from ..ids import route_id
from ..live import Edit, LiveGame
from ..widgets.controls import short_name, total_badge
from . import play_bgg_card_game, play_bgg_game, play_card_commons, play_cgt, play_lost_cities

SCREENS: dict[str, ModuleType] = {
    "lost-cities": play_lost_cities,
    "bgg-card-game": play_bgg_card_game,
    "bgg-game": play_bgg_game,
    "cgt": play_cgt,
    "card-commons": play_card_commons,
}


def new_record(game: str, players: list[str], variant: dict, colours: dict[str, str]) -> dict:
    return {"format": 1, "game": game, "players": list(players), "variant": variant,
            **SCREENS[game].new_body(players, variant, colours)}


COALESCE_SECONDS = 0.03
MIN_TABLEAU_WIDTH = 370
GAP = 16


class PlayScreen:
    def __init__(self, app: App, live: LiveGame):
        self.app = app
        self.live = live
        self.module = SCREENS[live.record["game"]]
        self.player = self.players[0]  # whose tableau a phone shows
        self.message = ""
        self.state: dict[str, Any] = {}  # screen-only choices of the game module (selected round, …)
        self.device = ""  # "" for the table's host; a player's name on that player's phone
        self._render_pending = False
        self._tableaux: dict[str, tuple] = {}  # player → (what it showed, its controls)
        # The frame lives as long as the screen: only what it holds is replaced. (Flet forgets the
        # controls of a replaced parent, so a reused tableau must never sit under a new one.)
        self.body = ft.Column(spacing=10, key="play")
        self.tableaux = ft.Row(vertical_alignment=ft.CrossAxisAlignment.START, spacing=GAP, run_spacing=GAP,
                               wrap=True, key="tableaux")
        self.column = ft.Column([self.body], spacing=10, expand=True)

    @property
    def players(self) -> list[str]:
        return self.live.record["players"]

    @property
    def record(self) -> dict:
        return self.live.record

    @property
    def topic(self) -> str:
        return f"game:{self.live.id}"

    def apply(self, edit: Edit, draft: Any = ...) -> bool:
        """Make a change; a refused one leaves everything as it was and says why."""
        return self._act(lambda: self.live.change(edit, draft, who=self.device))

    def undo(self) -> None:
        self._act(lambda: self.live.undo(who=self.device))

    def _act(self, action: Callable[[], str | None]) -> bool:
        try:
            refusal = action()
        except Exception as e:  # a bug, a deleted game or a full disk: say so, keep the game as it was stored
            log.exception("change failed")
            refusal = f"That change could not be saved ({e.__class__.__name__}). The game is as it was."
        self.message = refusal or ""
        self.render()
        if refusal is None:
            self.app.page.pubsub.send_others_on_topic(self.topic, "changed")
        return refusal is None

    async def on_message(self, topic: str, message: str) -> None:
        """Another device changed or finished this game."""
        if message == "finished":
            self.app.go(f"/history/{route_id(self.live.id)}")
            return
        if self._render_pending:
            return  # changes arriving together are shown together: one render, not one each
        self._render_pending = True
        await asyncio.sleep(COALESCE_SECONDS)
        self._render_pending = False
        self.render()
        self.column.update()

    def refuse(self, reason: str) -> None:
        self.message = reason
        self.render()

    def select_player(self, player: str) -> None:
        self.player = player
        self.render()

    def explanations(self) -> tuple[str, ...]:
        """Tiebreak, draw and next-round sentences; none while nobody has scored yet (all level at 0)."""
        result = self.live.result
        return result.explanations if result.decided or any(result.totals.values()) else ()

    def totals_row(self) -> ft.Control:
        result = self.live.result
        leaders = result.ranking[0] if result.ranking and any(result.totals.values()) else ()
        return ft.Row(
            [total_badge(p, result.totals[p], result.place_of(p), p in leaders) for p in self.players],
            wrap=True, alignment=ft.MainAxisAlignment.CENTER, spacing=8,
        )

    def player_switch(self) -> ft.Control:
        return ft.Row(
            [
                (ft.FilledButton if p == self.player else ft.OutlinedButton)(
                    content=ft.Text(short_name(p), semantics_label=p), on_click=lambda e, p=p: self.select_player(p), height=48,
                )
                for p in self.players
            ],
            wrap=True, alignment=ft.MainAxisAlignment.CENTER, key="switch",
        )

    def tableau(self, player: str, width: float | None = None) -> ft.Control:
        """A player's controls, rebuilt only when what they show has changed.

        A tablet shows every tableau and each change would otherwise rebuild them all; handing
        Flet the very same control object lets it skip that part of the page entirely.
        """
        key = (self.module.tableau_key(self, player), width, self.app.dark)
        cached = self._tableaux.get(player)
        if cached is None or cached[0] != key:
            cached = (key, ft.Container(self.module.tableau(self, player), width=width, key=f"tableau-{player}"))
            self._tableaux[player] = cached
        return cached[1]

    def show_tableaux(self, players: list[str], width: float | None = None) -> None:
        self.tableaux.controls = [self.tableau(p, width) for p in players]
        for gone in set(self._tableaux) - set(players):  # off screen, Flet has let go of them: build anew later
            del self._tableaux[gone]

    def render(self) -> None:
        """Rebuild the screen from the record.

        Every slot is keyed and always present, so Flet reconciles the new controls with the
        old ones and each keeps its identity: a tap sent before the previous change reached
        the browser still lands on the control the person saw, never a neighbour.
        """
        banner = ft.Semantics(
            identifier="message", live_region=True,
            content=ft.Text(self.message or " ", color=ft.Colors.ERROR, weight=ft.FontWeight.BOLD),
        )
        if self.device:  # a player's phone: that player's tableau; what the table shares is the host's to change
            self.show_tableaux([self.device])
            switch: ft.Control = ft.Text(f"Your seat: {self.device}", key="seat", weight=ft.FontWeight.BOLD)
        elif self.app.wide:
            # Everyone side by side; past what fits, the tableaux wrap onto a further row.
            n = len(self.players)
            self.show_tableaux(self.players, max(MIN_TABLEAU_WIDTH, ((self.app.page.width or 1024) - 32 - GAP * (n - 1)) / n))
            switch = ft.Row(key="no-switch")
        else:
            self.show_tableaux([self.player])
            switch = self.player_switch() if self.module.per_player else ft.Row(key="no-switch")
        self.body.controls = [
            ft.Container(self.totals_row(), key="totals"),
            ft.Container(banner, key="banner"),
            ft.Column([ft.Text(s, italic=True, size=13) for s in self.explanations()], key="explanations"),
            ft.Column(self.module.shared(self), key="shared", disabled=bool(self.device)),
            switch,
            self.tableaux,
            ft.Row(
                [
                    ft.OutlinedButton("Undo", icon=ft.Icons.UNDO, on_click=lambda e: self.undo(),
                                      disabled=not self.live.can_undo(self.device), height=48),
                    ft.FilledButton("Results", icon=ft.Icons.EMOJI_EVENTS, height=48,
                                    on_click=lambda e: self.app.go(f"/results/{route_id(self.live.id)}")),
                    ft.OutlinedButton("Invite players", icon=ft.Icons.QR_CODE, height=48, visible=not self.device,
                                      on_click=lambda e: self.app.go(f"/invite/{route_id(self.live.id)}")),
                ],
                wrap=True,
                alignment=ft.MainAxisAlignment.CENTER, key="actions",
            ),
        ]


def not_found(route: str, what: str) -> ft.View:
    return ft.View(route=route, appbar=ft.AppBar(title=ft.Text("Not found")),
                   controls=[ft.Text(what)])


def view(app: App, game_id: str, seat: str | None = None) -> ft.View:
    route = app.page.route if seat else f"/play/{route_id(game_id)}"
    live = app.hub.open(game_id)
    if live is None:
        return not_found(route, "This game is not stored here. It may have been deleted.")
    if seat is not None and seat not in live.record["players"]:
        return not_found(route, f"No one called {seat} plays in this game.")
    games.use_theme(app.page, live.record["game"])
    screen = PlayScreen(app, live)
    screen.device = seat or ""
    if seat:
        app.seats[game_id] = seat
    app.page.pubsub.subscribe_topic(screen.topic, screen.on_message)
    screen.render()
    was_wide = app.wide

    def resized() -> None:
        nonlocal was_wide
        if app.wide != was_wide:
            was_wide = app.wide
            screen.render()
            screen.column.update()

    app.on_resize_hooks.append(resized)
    app.keep_awake()
    return ft.View(
        route=route,
        appbar=ft.AppBar(title=ft.Text(games.title(live.record["game"]))),
        controls=[ft.Container(screen.column, padding=4)],
        scroll=ft.ScrollMode.AUTO,
    )

