"""Play: the frame every game's play screen shares.

A header that stays on screen while the rest scrolls under it: the totals (live, from
`scoring`), the round and the column heads of the grid being entered. Under it, in one
scrolling column that keeps its place across taps, the game's own controls (one player at a
time on a phone, everyone side by side on a tablet), then undo and results. At the bottom,
under the thumb, the refusal of the last tap if any: it takes its room from the bottom of the
scrolling column, so nothing above it moves. Each game's controls are its `GameScreen` (companion/games.py), in
its own module; a tap becomes an action, applied by the live game on the server.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Hashable
from typing import Any

import flet as ft

from scoring import Action

from .. import games
from ..ids import route_id
from ..live import Done, LiveGame
from ..session import App, log
from ..store import IN_PROGRESS
from ..widgets.common import not_found
from ..widgets.controls import TAP, icon_button, short_name, total_badge
from ..widgets.scoring_help import how_scoring_works

COALESCE_SECONDS = 0.03
MIN_TABLEAU_WIDTH = 370
GAP = 16


def holder(container: ft.Container) -> ft.Column:
    """The column a slot's container holds its content in (see PlayScreen.slot)."""
    column = container.content
    assert isinstance(column, ft.Column), f"slot {container.data!r} lost its holder column"
    return column


def thaw(control: ft.Control) -> None:
    """Let a slot's container be changed again after Flet reconciled it (as Flet's own
    _before_update_safe does): only its content is ever replaced, never changed in place."""
    if hasattr(control, "_frozen"):
        del control._frozen


class PlayScreen:
    """The frame of a play screen. It is made of slots: containers that stay while the screen lives,
    each holding a part (the totals, one tableau, …) rebuilt only when what it shows has changed.
    A tap updates just the slots it changed, so Flet compares and sends only those, not the page."""

    def __init__(self, app: App, live: LiveGame):
        self.app = app
        self.live = live
        self.game = games.screen(live.record["game"])(self)
        self.player = self.players[0]  # whose tableau a phone shows
        self.message = ""
        self.state: dict[str, Any] = {}  # screen-only choices of the game screen (selected round, …)
        self.device = ""  # "" for the table's host; a player's name on that player's phone
        self._render_pending = False
        self._slots: dict[Hashable, tuple[Hashable, ft.Container]] = {}  # name → (what it shows, its container)
        self._dirty: list[ft.Container] = []
        self._frame: Hashable = None  # what the frame's layout depends on
        self._frame_dirty = False
        self.header = ft.Column(spacing=4, key="header", horizontal_alignment=ft.CrossAxisAlignment.CENTER)
        self.body = ft.Column(spacing=10, key="play")
        # One scrolling column for the screen's life: Flutter keeps its offset while its content changes.
        self.scroller = ft.Column(
            [ft.Container(self.body, padding=ft.Padding.only(left=4, right=4, bottom=24))],
            scroll=ft.ScrollMode.AUTO,
            expand=True,
            key="scroller",
        )
        self.column = ft.Column(
            [
                ft.Semantics(
                    identifier="play-header",
                    container=True,
                    content=ft.Container(
                        self.header,
                        padding=ft.Padding.symmetric(horizontal=4, vertical=4),
                        bgcolor=ft.Colors.SURFACE,
                        border=ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT)),
                    ),
                ),
                self.scroller,
                ft.Container(),  # the refusal's bar (render)
            ],
            spacing=0,
            expand=True,
        )

    @property
    def players(self) -> list[str]:
        return self.live.record["players"]

    @property
    def record(self) -> dict:
        return self.live.record

    @property
    def topic(self) -> str:
        return f"game:{self.live.id}"

    @property
    def who(self) -> str:
        """This device, as the live game knows it: a phone by its seat, the host by its session."""
        return self.device or self.app.device

    # -- changes ----------------------------------------------------------------------------

    def act(self, action: Action) -> bool:
        """Send a tap's action to the live game; a refused one leaves everything as it was and says why."""
        return self._done(lambda: self.live.act(action, self.who, seat=self.device or None, check=self.may_change))

    def undo(self) -> None:
        self._done(lambda: self.live.undo(self.who, check=self.may_change))

    def may_change(self) -> str:
        return self.app.may_change(self.live.id, self.device or None)

    def _done(self, send) -> bool:
        try:
            done: Done = send()
        except Exception:  # a bug, a deleted game or a full disk: say so, keep the game as it was stored
            log.exception("change failed")
            done = Done(False, "That change could not be saved. The game is as it was.")
        self.message = done.message
        if done.changed:
            self.redraw()  # only what changed is sent (not the whole page after the handler)
            self.app.page.pubsub.send_others_on_topic(self.topic, "changed")
        else:
            self.render()  # the handler's own page update sends it, with anything the handler set itself
        return done.changed

    async def on_message(self, topic: str, message: str) -> None:
        """Another device changed or finished this game."""
        if message == "finished":
            self.app.go(f"/{'history' if self.app.authorized else 'results'}/{route_id(self.live.id)}")
            return
        if self._render_pending:
            return  # changes arriving together are shown together: one render, not one each
        self._render_pending = True
        await asyncio.sleep(COALESCE_SECONDS)
        self._render_pending = False
        self.redraw()

    def refuse(self, reason: str) -> None:
        self.message = reason
        self.render()

    def select_player(self, player: str) -> None:
        self.player = player
        self.redraw()

    # -- drawing ----------------------------------------------------------------------------

    def slot(self, name: Hashable, shows: Hashable, build: Callable[[], ft.Control], **props: Any) -> ft.Container:
        """The container `name`, holding build(); build() runs again only when `shows` changes."""
        held = self._slots.get(name)
        if held is None:
            # No key on the container itself: Flet diffs a keyed control replaced by a new object as
            # frozen, and a frozen container could not be changed later.
            container = ft.Container(ft.Column(spacing=0), data=name, **props)  # data: how tests find a slot
        else:
            previous, container = held
            if previous == shows:
                return container
            self._dirty.append(container)
        content = build()
        if content.key is None:
            content.key = f"slot {name}"
        # The one keyed item of a list: Flet reconciles a keyed item replaced by a new object control
        # by control, each new control taking over the id of the old one in its place. So a tap sent
        # before this change reached the browser still arrives (with new ids it would be dropped).
        column = holder(container)
        thaw(container)
        thaw(column)
        column.controls = [content]
        self._slots[name] = (shows, container)
        return container

    def redraw(self) -> None:
        """Render, and send the page only what changed: the changed slots, or the frame when its layout did."""
        ft.context.disable_auto_update()
        self.render()
        if self._frame_dirty:
            self.column.update()
        else:
            for container in self._dirty:
                thaw(container)  # a slot inside a rebuilt part was reconciled, so marked frozen: it is ours
                thaw(holder(container))
                container.update()
        self.drawn()

    def drawn(self) -> None:
        """What render() changed has reached the page."""
        self._dirty = []
        self._frame_dirty = False

    def explanations(self) -> tuple[str, ...]:
        """Tiebreak, draw and extra-round sentences, only once they apply (the game screen says when)."""
        return self.game.explanations(self.live.result)

    def totals_row(self) -> ft.Control:
        result = self.live.result
        leaders = result.ranking[0] if result.ranking and self.game.entered() else ()
        return ft.Row(
            [total_badge(p, result.totals[p], result.place_of(p), p in leaders, large=self.app.wide) for p in self.players],
            wrap=True,
            alignment=ft.MainAxisAlignment.CENTER,
            spacing=8,
            run_spacing=4,
        )

    def player_switch(self) -> ft.Control:
        return ft.Row(
            [
                (ft.FilledButton if p == self.player else ft.OutlinedButton)(
                    content=ft.Text(short_name(p), semantics_label=p),
                    on_click=lambda e, p=p: self.select_player(p),
                    height=TAP,
                )
                for p in self.players
            ],
            wrap=True,
            alignment=ft.MainAxisAlignment.CENTER,
            key="switch",
        )

    def shown_players(self) -> tuple[list[str], float | None]:
        """Whose tableaux this screen shows, and how wide each is."""
        if self.device:  # a player's phone: that player's tableau; what the table shares is the host's to change
            return [self.device], None
        if self.app.wide:  # everyone side by side; past what fits, the tableaux wrap onto a further row
            n = len(self.players)
            return list(self.players), max(MIN_TABLEAU_WIDTH, ((self.app.page.width or 1024) - 32 - GAP * (n - 1)) / n)
        return [self.player], None

    def tableau_slot(self, player: str, width: float | None) -> ft.Container:
        container = self.slot(("tableau", player), self.game.tableau_key(player), lambda: self.game.tableau(player), width=width)
        self.game.refresh(player)
        return container

    def render(self) -> None:
        """Fill every slot from the live game. Slots keep their containers while the layout stays the
        same, so a tap sent before the previous change reached the browser still lands on the control
        the person saw, never a neighbour; a new layout (a phone turned, another player picked) is a
        new frame of new slots."""
        shown, width = self.shown_players()
        frame = (tuple(shown), width, self.device, self.app.dark, tuple(self.players))
        if frame != self._frame:
            self._frame, self._frame_dirty = frame, True
            self._slots.clear()
            self._dirty = []
        result = self.live.result
        if self.device:
            switch: ft.Control = ft.Text(f"Your seat: {self.device}", key="seat", weight=ft.FontWeight.BOLD)
        elif not self.app.wide and self.game.per_player:
            switch = self.player_switch()
        else:
            switch = ft.Row(key="no-switch")
        banner = ft.Container(
            ft.Semantics(
                identifier="message",
                live_region=True,
                content=ft.Text(
                    self.message or " ", color=ft.Colors.ON_ERROR_CONTAINER, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER
                ),
            ),
            visible=bool(self.message),
            bgcolor=ft.Colors.ERROR_CONTAINER,
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=ft.BorderRadius.only(top_left=12, top_right=12),
            alignment=ft.Alignment.CENTER,
        )
        header: list[ft.Control] = [
            self.slot("totals", (tuple(result.totals.items()), result.ranking, self.game.entered()), self.totals_row),
            self.slot(
                "round",
                self.game.round_label(),
                lambda: ft.Text(self.game.round_label(), weight=ft.FontWeight.BOLD, size=13, visible=bool(self.game.round_label())),
            ),
            ft.Row(
                [self.heads_slot(p, width) for p in shown],
                spacing=GAP,
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ]
        controls: list[ft.Control] = [
            self.slot("shared", self.game.shared_key(), lambda: ft.Column(self.game.shared(), key="shared", disabled=bool(self.device))),
            switch,
            ft.Row(
                [self.tableau_slot(p, width) for p in shown],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=GAP,
                run_spacing=GAP,
                wrap=True,
            ),
            # Under the tableaux: a sentence that comes with a tap never pushes the cards down under the finger.
            self.slot(
                "explanations", self.explanations(), lambda: ft.Column([ft.Text(s, italic=True, size=13) for s in self.explanations()])
            ),
            self.slot(
                "actions",
                self.live.can_undo(self.who),
                lambda: ft.Row(
                    [
                        ft.OutlinedButton(
                            "Undo", icon=ft.Icons.UNDO, on_click=lambda e: self.undo(), disabled=not self.live.can_undo(self.who), height=48
                        ),
                        ft.FilledButton(
                            "Results",
                            icon=ft.Icons.EMOJI_EVENTS,
                            height=48,
                            on_click=lambda e: self.app.go(f"/results/{route_id(self.live.id)}"),
                        ),
                        ft.OutlinedButton(
                            "Invite players",
                            icon=ft.Icons.QR_CODE,
                            height=48,
                            visible=not self.device,
                            on_click=lambda e: self.app.go(f"/invite/{route_id(self.live.id)}"),
                        ),
                    ],
                    wrap=True,
                    alignment=ft.MainAxisAlignment.CENTER,
                ),
            ),
        ]
        message_bar = self.slot("banner", self.message, lambda: banner)
        if self._frame_dirty:
            self.header.controls = header
            self.body.controls = controls
            self.column.controls[-1] = message_bar

    def heads_slot(self, player: str, width: float | None) -> ft.Container:
        """The column heads of `player`'s grid (a game's own, e.g. Lost Cities' colours and their
        scores), kept in the header above the tableau, as wide as it so they line up."""
        container = self.slot(
            ("heads", player), self.game.tableau_key(player), lambda: self.game.heads(player) or ft.Container(), width=width
        )
        return container


def view(app: App, game_id: str, seat: str | None = None, route: str | None = None) -> ft.View:
    """The play screen of the host (every tableau) or, with `seat`, of one player's phone."""
    route = route or f"/play/{route_id(game_id)}"
    stored = app.store.get(game_id)
    if seat is not None and stored is not None and stored.status != IN_PROGRESS:
        return not_found(route, "This game is over: the table has saved its result.")
    live = app.hub.open(game_id)
    if live is None:
        return not_found(route, "This game is not stored here. It may have been deleted.")
    if seat is not None and seat not in live.record["players"]:
        return not_found(route, f"No one called {seat} plays in this game.")
    games.use_theme(app.page, live.record["game"])
    screen = PlayScreen(app, live)
    screen.device = seat or ""
    app.page.pubsub.subscribe_topic(screen.topic, screen.on_message)
    screen.render()
    screen.drawn()  # the view goes to the page whole
    was_wide = app.wide

    def resized() -> None:
        nonlocal was_wide
        if app.wide != was_wide:
            was_wide = app.wide
            screen.redraw()

    app.on_resize_hooks.append(resized)
    app.keep_awake()

    def back(e) -> None:
        app.go(app.page.views[-2].route if len(app.page.views) > 1 else "/")

    return ft.View(
        route=route,
        # Its own back button: Flutter's is 40 × 40, under the 48 every target has.
        appbar=ft.AppBar(
            title=ft.Text(games.title(live.record["game"])),
            leading_width=56,
            leading=icon_button(ft.Icons.ARROW_BACK, "Back", back),
            actions=[how_scoring_works(app, live.record["game"])],
        ),
        controls=[screen.column],
        padding=ft.Padding.only(left=6, right=6, top=0, bottom=0),
        spacing=0,
    )
