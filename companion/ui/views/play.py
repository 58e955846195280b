"""Play: the frame every game's play screen shares.

A header that stays on screen while the rest scrolls under it: the totals (live, from
`scoring`; one line on a phone), on a phone the player switch (and the round shown), the round and
the column heads of the grid being entered. Under it, in a scrolling column that keeps its place
across taps (a new one for a new round), the game's own controls (one player at a time on a phone,
everyone side by side on a tablet). At the bottom, under the thumb and outside
the scroll, Undo, the round's own button (Next round, Score round) and Results. The refusal of the last tap
takes the title's place in the app bar (it covers no card and moves none). Each game's controls are its `GameScreen`
(companion/ui/games/), in its own module, given a `PlayContext` built here: all it reads of this
screen and does to it. A tap becomes an action, applied by the live game on the server.

The screen is a component drawn from the live game as the server holds it now and from this
device's view state (whose tableau a phone shows, the round picked, the last refusal): after a
change from any device the store publishes `game:<id>` and every screen of the game draws itself
again; Flet sends each browser only what changed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.services import topics as changes
from companion.services.games import EDITING, FINISHED, IN_PROGRESS, route_id
from companion.services.live import Done, LiveGame
from companion.ui import games as game_screens
from companion.ui.session import App, log
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import SNUG, TAP, icon_button, short_name, total_badge
from companion.ui.widgets.editing_banner import editing_banner
from companion.ui.widgets.game_clock import GameClock, shown_clock
from companion.ui.widgets.help_dialog import how_scoring_works
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.navigation import route_under
from companion.ui.widgets.tableau_photo import TableauPhoto
from scoring import Action
from scoring.fields import sentence

MIN_TABLEAU_WIDTH = 116  # six players side by side on an 820 px tablet held upright
SIDES = 28  # the view's and the scrolling column's padding on both sides, and a scrollbar's room
GAP = 16
SIDE_WIDTH = 420  # what the table shares, beside the tableaux (CGT's Meta row: its steppers side by side)
NOT_SAVED = "That change could not be saved. The game is as it was."


class Play:
    """What a game's screen reads and does while one device shows it: the live game, this device's
    view state and its taps. One per screen for its life (so its methods stay the same objects
    from one drawing to the next, and memoised parts that take them are skipped); `draw` hands it
    the state of each drawing."""

    def __init__(self, app: App, seat: str | None):
        self.app = app
        self.seat = seat or ""  # "" for the table's host; a player's name on that player's phone (App.device: who the host is)
        self.live: LiveGame
        self.player = ""  # whose tableau a phone shows
        self.state: dict[str, Any] = {}  # screen-only choices of the game screen (round shown, …)
        self.message = ""  # the refusal of this device's last tap
        self._set_player: Callable[[str], None] = lambda p: None
        self._set_state: Callable[[Any], None] = lambda s: None
        self._set_message: Callable[[str], None] = lambda m: None
        self.game: game_screens.GameScreen | None = None
        # All the game's screen reads and does: one for the screen's life, brought up to date on each drawing.
        self.context = game_screens.PlayContext(act=self.act, refuse=self.refuse, remember=self.remember, seat=self.seat)

    def draw(self, live: LiveGame, player: str, state: dict, message: str, setters: tuple) -> None:
        self.live, self.state, self.message = live, state, message
        self.game_id = live.id
        self.player = player if player in live.record["players"] else live.record["players"][0]
        self._set_player, self._set_state, self._set_message = setters
        page = self.app.page
        self.context.shown(live, self.player, state, self.app.wide, self.app.dark, (page.width, page.height))
        if self.game is None or self.game.key != live.record["game"]:
            self.game = game_screens.screen(live.record["game"])(self.context)

    @property
    def players(self) -> list[str]:
        return self.live.record["players"]

    @property
    def record(self) -> dict:
        return self.live.record

    @property
    def who(self) -> str:
        """This device, as the live game knows it: a phone by its seat, the host by its session."""
        return self.seat or self.app.device

    # -- changes: the live game applies them; the store tells every screen to draw again -------------

    def act(self, action: Action) -> bool:
        """Send a tap's action to the live game; a refused one leaves everything as it was and says why."""
        return self._done(lambda: self.live.act(action, self.who, seat=self.seat or None, check=self.may_change))

    def undo(self) -> None:
        self._done(lambda: self.live.undo(self.who, check=self.may_change))

    def pause_clock(self, paused: bool) -> None:
        """The game clock's button (widgets/game_clock.py): the live game pauses or runs it, if this device may."""
        self._done(lambda: self.live.pause_clock(paused, check=self.may_change))

    def may_change(self) -> str:
        return self.app.may_change(self.live.id, self.seat or None)

    def _done(self, send: Callable[[], Done]) -> bool:
        try:
            done = send()
        except Exception:  # a bug, a deleted game: say so, keep the game as it was stored
            log.exception("change failed")
            done = Done(False, NOT_SAVED)
        self._set_message(sentence(done.message, self.players))
        return done.changed

    def say_done(self, player: str, done: bool) -> None:
        """Tell every screen of the game that `player` is done entering this round (or not yet)."""
        self._done(lambda: self.live.say_done(player, done, seat=self.seat or None, check=self.may_change))

    def refuse(self, reason: str) -> None:
        self._set_message(sentence(reason, self.players))

    def select_player(self, player: str) -> None:
        self._set_player(player)
        self._set_message("")

    # Handlers the memoised parts take: bound methods of this one object compare equal from one drawing
    # to the next (a new lambda each drawing would never let a part be skipped).

    def tap_undo(self, e: Any = None) -> None:
        self.undo()

    def tap_done(self, player: str, done: bool) -> None:
        self.say_done(player, done)

    def go_back(self, e: Any = None) -> None:
        self.app.go(route_under(self.app))

    def go_results(self, e: Any = None) -> None:
        self.app.go(f"/results/{route_id(self.game_id)}")

    def go_invite(self, e: Any = None) -> None:
        self.app.go(f"/invite/{route_id(self.game_id)}")

    def remember(self, key: str, value: Any) -> None:
        """Keep a screen-only choice of the game screen (the round shown, …): the screen draws again."""
        self._set_state(lambda state: {**state, key: value})


def gap(n: int) -> int:
    """The space between tableaux side by side: narrower when many share the width."""
    return GAP if n <= 3 else GAP // 2


def shown_players(play: Play, beside: float = 0) -> tuple[list[str], float | None]:
    """Whose tableaux this screen shows, and how wide each is (`beside`: the width of what sits beside them)."""
    app = play.app
    if play.seat:  # a player's phone: that player's tableau; what the table shares is the host's to change
        return [play.seat], None
    if app.wide:  # everyone side by side in one row, however many: each column narrows, none goes below the fold
        n = len(play.players)
        room = (app.page.width or 1024) - SIDES - beside - gap(n) * (n - 1)
        return list(play.players), max(MIN_TABLEAU_WIDTH, room / n)
    return [play.player], None


@ft.memo
@ft.component
def TotalBadge(player: str, total: int, place: int | None, leading: bool, selected: bool, large: bool, compact: bool) -> ft.Control:
    """A player's total: drawn again only when what it shows changes (every such thing is an argument)."""
    return total_badge(player, total, place, leading, large=large, selected=selected, compact=compact)


def selected_player(play: Play) -> str | None:
    """Whose cards this screen enters when it shows one player's (a phone): marked in the totals. None
    on the table's tablet, which shows everyone's."""
    if play.seat:
        return play.seat
    game = play.game
    return play.player if not play.app.wide and game is not None and game.per_player else None


def totals_row(play: Play) -> ft.Control:
    result = play.live.result
    game = play.game
    assert game is not None
    entered = game.entered()  # before anything is entered, level starting totals rank no one
    leaders = result.ranking[0] if result.ranking and entered else ()
    selected, compact = selected_player(play), not play.app.wide
    badges = tuple(
        (p, result.totals[p], result.place_of(p) if entered else None, p in leaders, p == selected, play.app.wide, compact)
        for p in play.players
    )
    return Totals(badges, compact, key="totals")


@ft.memo
@ft.component
def Totals(badges: tuple[tuple[str, int, int | None, bool, bool, bool, bool], ...], compact: bool) -> ft.Control:
    """Every player's total: each badge's arguments (TotalBadge's, in order), one tuple a player."""
    return ft.Row(
        [TotalBadge(*badge, key=f"total {badge[0]}") for badge in badges],
        wrap=True,
        alignment=ft.MainAxisAlignment.CENTER,
        spacing=6 if compact else 8,
        run_spacing=4,
    )


def still_entering(play: Play) -> ft.Control:
    """Who is still entering this round, once a phone has said "done": the table knows when to go on."""
    done = play.live.done
    waiting = [short_name(p) for p in play.players if p not in done]
    text = ("Still entering: " + ", ".join(waiting)) if waiting else "Everyone is done entering."
    return ft.Semantics(
        identifier="still-entering",
        content=ft.Text(text if done else " ", size=13, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        visible=bool(done),
    )


def round_preview(text: str) -> ft.Control:
    """What the round being entered would score now (Card Commons), in the header: it moves with each card."""
    return ft.Semantics(
        identifier="round-preview",
        content=ft.Text(text or " ", size=13, weight=ft.FontWeight.BOLD, text_align=ft.TextAlign.CENTER),
        visible=bool(text),
    )


def done_button(play: Play) -> ft.Control | None:
    """On a phone showing one player's seat (a guest's, or the host's at that seat's address): that player
    is done entering, or not yet. The table's own screens show who is still entering instead."""
    if not play.seat:
        return None
    return DoneButton(play.seat, play.seat in play.live.done, play.tap_done, key="done")


@ft.memo
@ft.component
def DoneButton(player: str, done: bool, say_done: Callable[[str, bool], None]) -> ft.Control:
    """A memoised part (as every one of this module: all it shows comes from its arguments)."""
    return (ft.OutlinedButton if done else ft.FilledTonalButton)(
        content=ft.Text("Not done yet" if done else "Done", semantics_label=f"{player} {'not done yet' if done else 'done entering'}"),
        icon=ft.Icons.REPLAY if done else ft.Icons.DONE_ALL,
        height=48,
        style=SNUG,
        on_click=lambda e: say_done(player, not done),
    )


def player_switch(play: Play, more: list[ft.Control] | None = None) -> ft.Control:
    """Whose cards the phone shows; `more`: the game's own choices of the view (the round shown), on the same row."""
    return ft.Row(
        [*[PlayerButton(p, p == play.player, play.select_player, key=f"show {p}") for p in play.players], *(more or [])],
        wrap=True,
        spacing=6,
        run_spacing=4,
        alignment=ft.MainAxisAlignment.CENTER,
        key="switch",
    )


@ft.memo
@ft.component
def PlayerButton(player: str, shown: bool, select: Callable[[str], None]) -> ft.Control:
    """One player's button of the phone's switch: filled for the player whose cards are shown."""
    return (ft.FilledButton if shown else ft.OutlinedButton)(
        content=ft.Text(short_name(player, 12), semantics_label=player),
        on_click=lambda e: select(player),
        height=TAP,
        style=SNUG,
    )


@ft.memo
@ft.component
def AppBarTitle(title: str, message: str) -> ft.Control:
    """The app bar's title, or in its place the refusal of the last tap: the bar keeps its height,
    so a refusal covers no card and moves none from under the finger; screen readers announce it."""
    said = ft.Semantics(
        identifier="message",
        live_region=True,
        content=ft.Text(
            message or " ",
            color=ft.Colors.ON_ERROR_CONTAINER,
            weight=ft.FontWeight.BOLD,
            size=13,
            max_lines=3,  # three lines of 13 px fit the bar's 56 px
            overflow=ft.TextOverflow.ELLIPSIS,
        ),
    )
    if not message:
        return ft.Stack([ft.Text(title), ft.Container(said, visible=False)])
    return ft.Container(said, bgcolor=ft.Colors.ERROR_CONTAINER, padding=ft.Padding.symmetric(horizontal=10, vertical=2), border_radius=8)


@ft.memo
@ft.component
def BackButton(go_back: Callable[[Any], None]) -> ft.Control:
    return icon_button(ft.Icons.ARROW_BACK, "Back", go_back)


@ft.memo
@ft.component
def ScoringHelp(app: App, game: str) -> ft.Control:
    """The app bar's "How scoring works" (`app`: the same object for the session's life)."""
    return how_scoring_works(app, game)


@ft.memo
@ft.component
def Actions(invite: bool, go_invite: Callable[[Any], None]) -> ft.Control:
    """What is done now and then, at the end of the cards: invite the players' phones (`invite`: not on a
    guest's phone, nor in the browser build, which has no server for phones to join)."""
    return ft.Row(
        [ft.OutlinedButton("Invite players", icon=ft.Icons.QR_CODE, height=48, visible=invite, on_click=go_invite)],
        wrap=True,
        alignment=ft.MainAxisAlignment.CENTER,
    )


@ft.memo
@ft.component
def UndoButton(can_undo: bool, undo: Callable[[Any], None]) -> ft.Control:
    return ft.OutlinedButton(
        "Undo",
        icon=ft.Icons.UNDO,
        on_click=undo,
        disabled=not can_undo,
        tooltip=None if can_undo else "Nothing of yours to undo",
        height=48,
        style=SNUG,
    )


@ft.memo
@ft.component
def ResultsButton(go_results: Callable[[Any], None]) -> ft.Control:
    return ft.OutlinedButton("Results", icon=ft.Icons.EMOJI_EVENTS, height=48, style=SNUG, on_click=go_results)


@ft.memo
@ft.component
def Explanations(sentences: tuple[str, ...]) -> ft.Control:
    """The scorer's sentences, under the tableaux: one that comes with a tap never pushes the cards down
    under the finger."""
    return ft.Column([ft.Text(s, italic=True, size=13) for s in sentences])


def thumb_bar(play: Play) -> ft.Control:
    """Undo, the round's own button (Next round, Score round) and Results: under the thumb on a
    phone, outside the scrolling cards, so none of them is at the end of a long scroll."""
    game = play.game
    assert game is not None
    round_action = game.round_action()
    done = done_button(play)
    bar = ft.Container(
        ft.Row(
            [
                UndoButton(play.live.can_undo(play.who), play.tap_undo, key="undo"),
                *([done] if done is not None else []),
                *([round_action] if round_action is not None else []),
                ResultsButton(play.go_results, key="results"),
            ],
            wrap=True,
            spacing=6,
            run_spacing=4,
            alignment=ft.MainAxisAlignment.CENTER,
            vertical_alignment=ft.CrossAxisAlignment.START,
        ),
        padding=BAR_PADDING,
        bgcolor=ft.Colors.SURFACE,
        border=BAR_TOP,
        alignment=ft.Alignment.TOP_CENTER,  # an aligned box fills the width: the line above spans the screen, not the buttons
    )
    return ft.Semantics(identifier="play-actions", container=True, content=bar)


# Shared by every drawing: Flet skips comparing an object with itself.
BAR_PADDING = ft.Padding.symmetric(horizontal=4, vertical=6)
BAR_TOP = ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))
HEADER_PADDING = ft.Padding.symmetric(horizontal=4, vertical=4)
HEADER_BOTTOM = ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))
BODY_PADDING = ft.Padding.only(left=4, right=4, bottom=24)
VIEW_PADDING = ft.Padding.only(left=6, right=6, top=0, bottom=0)


TABLE_CHANGES = "The table changes what the players share; this phone enters {}'s own cards."


def shared(play: Play, controls: list[ft.Control]) -> list[ft.Control]:
    """What the whole table shares; on a guest's phone greyed (the column is disabled), with a line saying why."""
    if not play.seat or not controls:
        return controls
    why = ft.Semantics(identifier="guest-why", content=ft.Text(TABLE_CHANGES.format(play.seat), size=13, italic=True))
    return [why, *controls]


def frame(play: Play, game_id: str) -> ft.Control:
    """The whole play screen under the app bar, from the live game and this device's view state."""
    game, app = play.game, play.app
    assert game is not None
    side = game.side() if app.wide else []
    shown, width = shown_players(play, SIDE_WIDTH + GAP if side else 0)
    play.context.tableau_width = width  # each tableau's, side by side on a tablet; None: the screen's
    views = game.view_choices()
    if play.seat:
        switch: ft.Control = ft.Row([ft.Text(f"Your seat: {play.seat}", weight=ft.FontWeight.BOLD), *views], wrap=True, key="switch")
    elif not app.wide and game.per_player:
        switch = player_switch(play, views)
    else:
        switch = ft.Row(views, wrap=True, key="switch")
    round_label = game.round_label()
    header = ft.Column(
        [
            totals_row(play),
            # On a phone, whose cards and which round are chosen here, kept on screen above the cards
            # (in the scrolling part they scrolled away with the top of the cards).
            *([switch] if not app.wide else []),
            ft.Text(round_label, weight=ft.FontWeight.BOLD, size=13, visible=bool(round_label)),
            still_entering(play),
            round_preview(game.preview()),
            ft.Row(
                [ft.Container(game.heads(p) or ft.Container(), width=width) for p in shown],
                spacing=gap(len(shown)),
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=4,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    table = shared(play, game.shared())
    body = ft.Column(
        [
            *([ft.Column(table, disabled=bool(play.seat), key="shared")] if table else []),  # none: no gap above the cards
            *([switch] if app.wide else []),
            ft.Row(
                [
                    *([ft.Container(ft.Column(side), width=SIDE_WIDTH, key="side")] if side else []),
                    *[
                        ft.Semantics(
                            identifier=f"tableau-{p}",
                            container=True,
                            content=ft.Container(
                                ft.Column(
                                    [game.tableau(p), TableauPhoto(play, p)], spacing=8, horizontal_alignment=ft.CrossAxisAlignment.STRETCH
                                ),
                                width=width,
                            ),
                            key=f"tableau {p}",
                        )
                        for p in shown
                    ],
                ],
                vertical_alignment=ft.CrossAxisAlignment.START,
                spacing=gap(len(shown)),
                run_spacing=GAP,
                wrap=True,
            ),
            # What is read more than entered (a score sheet of the rounds): under the cards, never pushing them down.
            ft.Column(game.after(), key="after"),
            # Under the tableaux: a sentence that comes with a tap never pushes the cards down under the finger.
            Explanations(tuple(game.explanations(play.live.result)), key="explanations"),
            Actions(not play.seat and not app.standalone, play.go_invite, key="actions"),
        ],
        spacing=10,
    )
    editing = app.games.editing(game_id) if play.live.status == EDITING and not play.seat else None  # a saved game's edit copy
    return ft.Column(
        [
            editing_banner(app, editing, play.live.result.decided),
            ft.Semantics(
                identifier="play-header",
                container=True,
                content=ft.Container(header, padding=HEADER_PADDING, bgcolor=ft.Colors.SURFACE, border=HEADER_BOTTOM),
            ),
            # One scrolling column per view of the game (GameScreen.scroll_key: Lost Cities' round shown):
            # Flutter keeps its offset while its content changes, and a new view (after Next round) starts
            # at its top, where the round's first words are.
            ft.Column(
                [ft.Container(body, padding=BODY_PADDING)],
                scroll=ft.ScrollMode.AUTO,
                expand=True,
                key=f"scroll {game.scroll_key()}",
            ),
            thumb_bar(play),
        ],
        spacing=0,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,  # the bars' dividers run the screen's width
    )


@ft.component
def view(app: App, game_id: str, seat: str | None = None, route: str | None = None) -> ft.View:
    """The play screen of the host (every tableau) or, with `seat`, of one player's phone."""
    use_changes(app, changes.game(game_id), changes.SETTINGS)
    ft.use_effect(app.keep_awake, [])  # the screen stays on during a game
    player, set_player = ft.use_state("")
    state, set_state = ft.use_state(dict[str, Any]())
    message, set_message = ft.use_state("")
    play = ft.use_memo(lambda: Play(app, seat), [])
    opening: ft.MutableRef[bool] = ft.use_ref(True)  # the first drawing may start an edit of a saved game; later ones never do
    route = route or f"/play/{route_id(game_id)}"
    stored = app.games.get(game_id)
    saved_meanwhile = stored is not None and stored.status == FINISHED and not opening.current and app.games.editing(game_id) is None
    results = f"/{'history' if app.authorized else 'results'}/{route_id(game_id)}"

    def leave_when_saved() -> None:
        if saved_meanwhile:  # another device saved the game (or its changes): its result is the screen now
            app.go(results)

    ft.use_effect(leave_when_saved, [saved_meanwhile])
    if stored is None:
        return not_found(route, "This game is not stored here. It may have been deleted.")
    if seat is not None and stored.status != IN_PROGRESS:
        return not_found(route, "This game is over: the table has saved its result.")
    live = app.hub.open(game_id, edit=bool(opening.current))
    opening.current = False
    if live is None:
        return not_found(route, "This game was saved on another device.")
    if seat is not None and seat not in live.record["players"]:
        return not_found(route, f"No one called {seat} plays in this game.")
    play.draw(live, player, state, message, (set_player, set_state, set_message))

    return ft.View(
        route=route,
        # Its own back button: Flutter's is 40 × 40, under the 48 every target has.
        appbar=ft.AppBar(
            title=AppBarTitle(game_screens.title(live.record["game"]), message, key="title"),
            # A guest's own seat is its first screen: nothing of its seat lies behind it, so no Back; its
            # title then keeps the bar's usual 16 px from the edge (4 px is the gap after the arrow).
            title_spacing=16 if app.seat_route == route else 4,
            leading_width=56,
            leading=None if app.seat_route == route else BackButton(play.go_back, key="back"),
            automatically_imply_leading=False,
            # The game clock in the bar: on every screen of the game, costing the cards no height (its own
            # component: its ticks draw only it, widgets/game_clock.py).
            actions=[
                GameClock(
                    play,
                    clock := shown_clock(live, app),
                    clock is not None and clock.stopped is None and live.status == IN_PROGRESS,
                    app.visits,
                ),
                ScoringHelp(app, live.record["game"], key="help"),
            ],
        ),
        controls=[frame(play, game_id)],
        padding=VIEW_PADDING,
        spacing=0,
    )
