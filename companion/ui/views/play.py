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

from companion.services import topics
from companion.services.games import EDITING, FINISHED, IN_PROGRESS, route_id
from companion.services.live import Done, LiveGame
from companion.ui import games as game_screens
from companion.ui.session import App, log
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import SNUG, TAP, bar_title, icon_button, short_name, total_badge
from companion.ui.widgets.editing_banner import editing_banner
from companion.ui.widgets.game_clock import GameClock, shown_clock
from companion.ui.widgets.help_dialog import how_scoring_works
from companion.ui.widgets.hooks import use_changes
from companion.ui.widgets.navigation import route_under
from companion.ui.widgets.tableau_photo import PhotoButton, photo_inputs, photos_here
from scoring import Action
from scoring.fields import sentence

MIN_TABLEAU_WIDTH = 116  # six players side by side on an 820 px tablet held upright
SIDES = 28  # the view's and the scrolling column's padding on both sides, and a scrollbar's room
GAP = 16
SIDE_WIDTH = 420  # what the table shares, beside the tableaux (CGT's Meta row: its steppers side by side)
NOT_SAVED = "That change could not be saved. The game is as it was."
PART_FAILED = "This part of the screen could not be shown. The game is saved as it was played."


class Play:
    """What a game's screen reads and does while one device shows it: the live game, this device's
    view state and its taps. One per screen for its life (so its methods stay the same objects
    from one drawing to the next, and memoised parts that take them are skipped); `draw` hands it
    the state of each drawing."""

    def __init__(self, app: App, game_id: str, seat: str | None):
        self.app = app
        self.game_id = game_id
        self.drawn = 0  # the screen's drawings so far: each draws every live part again (LivePart)
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
        self.context = game_screens.PlayContext(act=self.act, refuse=self.refuse, remember=self.remember, part=self.part, seat=self.seat)

    def draw(self, live: LiveGame, player: str, state: dict, message: str, setters: tuple) -> None:
        self.live, self.state, self.message = live, state, message
        self.game_id = live.id
        self.drawn += 1
        self.player = player if player in live.record["players"] else live.record["players"][0]
        self._set_player, self._set_state, self._set_message = setters
        page = self.app.page
        self.context.shown(live, self.player, state, self.app.wide, self.app.dark, (page.width, page.height))
        if self.game is None or self.game.key != live.record["game"]:
            self.game = game_screens.screen(live.record["game"])(self.context)

    def shape(self) -> tuple:
        """What of the stored game the screen's frame draws from (use_changes' `select`): its status, its
        players, its clock, which parts it has. A tap changes none of it: only the parts that show the
        cards, totals and sentences draw themselves again (LivePart), not the frame around them."""
        app, game_id = self.app, self.game_id
        stored = app.games.get(game_id)
        live = app.games.open(game_id, edit=False) if stored is not None else None
        if stored is None or live is None or self.game is None or live is not self.live:
            return (stored and stored.status, id(live))
        game = self.game
        return (
            stored.status,
            app.games.editing(game_id) is not None,
            live.status,
            tuple(live.record["players"]),
            live.record["game"],
            shown_clock(live, app),
            app.visits,
            game.scroll_key(),
            bool(game.round_label()),
            bool(live.done),
            bool(game.preview()),
            game.shares(),
        )

    @property
    def screen(self) -> game_screens.GameScreen:
        """The game's own screen: made by the first drawing, before any part is drawn."""
        assert self.game is not None
        return self.game

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

    def part(self, inputs: Callable[..., tuple], draw: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
        """A part of the game's screen that draws itself again, alone, when `inputs(*args)` changes (LivePart)."""
        return LivePart(self, draw, args, self.drawn, inputs, key=key)

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


def totals(play: Play) -> tuple[tuple[tuple[str, int, int | None, bool, bool, bool, bool], ...], bool]:
    """What the totals show (Totals' arguments): each player's badge, and whether on one line (a phone)."""
    result = play.live.result
    entered = play.screen.entered()  # before anything is entered, level starting totals rank no one
    leaders = result.ranking[0] if result.ranking and entered else ()
    selected, compact = selected_player(play), not play.app.wide
    badges = tuple(
        (p, result.totals[p], result.place_of(p) if entered else None, p in leaders, p == selected, play.app.wide, compact)
        for p in play.players
    )
    return badges, compact


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
def Refusal(message: str) -> ft.Control:
    """The refusal of this device's last tap, in a banner over the foot of the cards, just above the buttons
    under the thumb: near the finger (Next round, Undo, a card), it moves nothing and leaves the title alone
    (it once took the title's place in the app bar); screen readers announce it. The frame shows it only with a refusal."""
    said = ft.Semantics(
        identifier="message",
        live_region=True,
        content=ft.Text(message or " ", color=ft.Colors.ON_ERROR_CONTAINER, weight=ft.FontWeight.BOLD, size=14),
    )
    return ft.Container(
        said,
        bgcolor=ft.Colors.ERROR_CONTAINER,
        padding=ft.Padding.symmetric(horizontal=12, vertical=8),
        border_radius=8,
        margin=ft.Margin.all(6),
        shadow=ft.BoxShadow(blur_radius=6, color=ft.Colors.SHADOW),
    )


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
    round_action = play.screen.round_action()
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


@ft.memo
@ft.component
def LivePart(
    play: Play, draw: Callable[..., ft.Control], args: tuple, drawn: int, inputs: Callable[..., tuple] | None = None
) -> ft.Control:
    """A part of the play screen that draws itself again after a change of the game, alone: a tap
    redraws the totals, the cards and the sentences it changed, never the frame around them (for four
    devices the frame was most of a tap's cost: issue 40).

    Without `inputs` it draws `draw(*args)` after every change. With `inputs`, `draw(*inputs(*args))`,
    and only when `inputs(*args)` changed: everything the part shows comes from those values (a game
    screen's `context.part`). `draw`, `inputs`: functions or methods of objects that live as long as
    the screen, so the part is skipped while the frame draws itself for another reason; `drawn`: the
    frame's drawing it belongs to (a new view state, a resize: every part draws again)."""
    use_changes(play.app, topics.game(play.game_id), select=None if inputs is None else lambda: inputs(*args))
    try:
        return draw(*args) if inputs is None else draw(*inputs(*args))
    except Exception:  # a bug: said where the part stands, the details to the log; the other parts draw on
        log.exception("a part of the play screen could not be drawn")
        return ft.Text(PART_FAILED, size=13, color=ft.Colors.ERROR)


def switch(play: Play) -> ft.Control:
    """Whose cards the screen shows and the game's own view choices (Lost Cities' round)."""
    game = play.screen
    views = game.view_choices()
    if play.seat:
        return ft.Row([ft.Text(f"Your seat: {play.seat}", weight=ft.FontWeight.BOLD), *views], wrap=True, key="switch")
    if not play.app.wide and game.per_player:
        return player_switch(play, views)
    return ft.Row(views, wrap=True, key="switch")


def round_label(play: Play) -> ft.Control:
    return ft.Text(play.screen.round_label(), weight=ft.FontWeight.BOLD, size=13)


def preview(play: Play) -> ft.Control:
    return round_preview(play.screen.preview())


def shared_column(play: Play) -> ft.Control:
    return ft.Column(shared(play, play.screen.shared()), disabled=bool(play.seat), key="shared")


def side_column(play: Play) -> ft.Control:
    return ft.Column(play.screen.side())


def tableau(play: Play, player: str) -> ft.Control:
    return play.screen.tableau(player)


def heads(play: Play, player: str) -> ft.Control:
    return play.screen.heads(player) or ft.Container()


def after(play: Play) -> ft.Control:
    return ft.Column(play.screen.after(), key="after")


def explanations(play: Play) -> tuple[tuple[str, ...]]:
    """What the sentences under the tableaux say (Explanations' argument)."""
    return (tuple(play.screen.explanations(play.live.result)),)


def editing(play: Play) -> ft.Control:
    """The banner of a saved game's edit copy (not on a guest's phone, which never edits one)."""
    app = play.app
    copy = app.games.editing(play.game_id) if play.live.status == EDITING and not play.seat else None
    return editing_banner(app, copy, play.live.result.decided)


def frame(play: Play) -> ft.Control:
    """The whole play screen under the app bar: its structure, drawn from the view state and the game's
    shape (Play.shape); each part that a tap changes is a LivePart and draws itself."""
    game, app = play.screen, play.app

    def part(draw: Callable[..., ft.Control], *args: Any, key: str, inputs: Callable[..., tuple] | None = None) -> ft.Control:
        return LivePart(play, draw, (play, *args), play.drawn, inputs, key=key)

    def game_part(draw: Callable[[Play, str], ft.Control], player: str, key: str) -> ft.Control:
        """A tableau or its heads: structure of a screen with live parts inside, else a part of its own."""
        return draw(play, player) if game.live_parts else part(draw, player, key=key)

    def photo_button(player: str) -> list[ft.Control]:
        """ "Photo of <player>'s tableau", where photos can be made (not in the browser build: no Pillow, no server)."""
        return [part(PhotoButton, player, key="photo", inputs=photo_inputs)] if photos_here(app) else []

    side = bool(game.side()) if app.wide else False
    shown, width = shown_players(play, SIDE_WIDTH + GAP if side else 0)
    play.context.tableau_width = width  # each tableau's, side by side on a tablet; None: the screen's
    header = ft.Column(
        [
            part(Totals, key="totals", inputs=totals),
            # On a phone, whose cards and which round are chosen here, kept on screen above the cards
            # (in the scrolling part they scrolled away with the top of the cards).
            *([part(switch, key="switch")] if not app.wide else []),
            *([part(round_label, key="round-label")] if game.round_label() else []),
            *([part(still_entering, key="still-entering")] if play.live.done else []),
            *([part(preview, key="preview")] if game.preview() else []),
            ft.Row(
                [ft.Container(game_part(heads, p, key="heads"), width=width, key=f"heads {p}") for p in shown],
                spacing=gap(len(shown)),
                alignment=ft.MainAxisAlignment.CENTER,
                vertical_alignment=ft.CrossAxisAlignment.START,
            ),
        ],
        spacing=4,
        horizontal_alignment=ft.CrossAxisAlignment.CENTER,
    )
    body = ft.Column(
        [
            *([part(shared_column, key="shared")] if game.shares() else []),  # none: no gap above the cards
            *([part(switch, key="switch")] if app.wide else []),
            ft.Row(
                [
                    *([ft.Container(part(side_column, key="side"), width=SIDE_WIDTH, key="side")] if side else []),
                    *[
                        ft.Semantics(
                            identifier=f"tableau-{p}",
                            container=True,
                            content=ft.Container(
                                ft.Column(
                                    [game_part(tableau, p, key="cards"), *photo_button(p)],
                                    spacing=8,
                                    horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
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
            part(after, key="after"),
            # Under the tableaux: a sentence that comes with a tap never pushes the cards down under the finger.
            part(Explanations, key="explanations", inputs=explanations),
            Actions(not play.seat and not app.standalone, play.go_invite, key="actions"),
        ],
        spacing=10,
    )
    return ft.Column(
        [
            part(editing, key="editing"),
            ft.Semantics(
                identifier="play-header",
                container=True,
                content=ft.Container(header, padding=HEADER_PADDING, bgcolor=ft.Colors.SURFACE, border=HEADER_BOTTOM),
            ),
            # One scrolling column per view of the game (GameScreen.scroll_key: Lost Cities' round shown):
            # Flutter keeps its offset while its content changes, and a new view (after Next round) starts
            # at its top, where the round's first words are.
            ft.Stack(
                [
                    ft.Column(  # the stack's size (StackFit.EXPAND): no `expand`, which only a row or column takes
                        [ft.Container(body, padding=BODY_PADDING)],
                        scroll=ft.ScrollMode.AUTO,
                        key=f"scroll {game.scroll_key()}",
                    ),
                    # Over the cards' foot, not in the column: a refusal that comes with a tap moves nothing. Shown
                    # only with a refusal: an empty positioned box would fill the stack and take the cards' taps.
                    ft.Container(Refusal(play.message, key="refusal"), left=0, right=0, bottom=0, visible=bool(play.message)),
                ],
                expand=True,
                fit=ft.StackFit.EXPAND,
            ),
            part(thumb_bar, key="bar"),
        ],
        spacing=0,
        expand=True,
        horizontal_alignment=ft.CrossAxisAlignment.STRETCH,  # the bars' dividers run the screen's width
    )


@ft.component
def view(app: App, game_id: str, seat: str | None = None, route: str | None = None) -> ft.View:
    """The play screen of the host (every tableau) or, with `seat`, of one player's phone."""
    play = ft.use_memo(lambda: Play(app, game_id, seat), [])
    use_changes(app, topics.SETTINGS)
    use_changes(app, topics.game(game_id), select=play.shape)  # a tap draws the parts, not the frame
    ft.use_effect(app.keep_awake, [])  # the screen stays on during a game
    player, set_player = ft.use_state("")
    state, set_state = ft.use_state(dict[str, Any]())
    message, set_message = ft.use_state("")
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
    live = app.games.open(game_id, edit=bool(opening.current))
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
            title=bar_title(game_screens.title(live.record["game"])),
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
        controls=[frame(play)],
        padding=VIEW_PADDING,
        spacing=0,
    )
