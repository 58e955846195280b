"""The play screen's frame (views/play.py draws it around each game's controls): the header with the
totals and the player switch, the scrolling column of the game's parts, the thumb bar (Undo, the
round's button, Results), the refusal's banner, and `SelfDrawnPart`, the mechanism by which each part of a
game's screen draws itself again, alone, after a tap. Each function takes the screen's controller,
`Play`; nothing here changes the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import flet as ft

from companion.language import N_, _, spoken
from companion.services import topics
from companion.services.games import EDITING
from companion.ui.session import App
from companion.ui.themes import focus_style
from companion.ui.widgets.bar_buttons import TONAL, BarButton, bar_row
from companion.ui.widgets.controls import SNUG, TAP, icon_button, short_name, total_badge
from companion.ui.widgets.editing_banner import editing_banner
from companion.ui.widgets.help_dialog import how_scoring_works
from companion.ui.widgets.hooks import SelfDrawnPart
from companion.ui.widgets.tableau_photo import PhotoButton, photo_inputs, photos_here
from scoring.words import place as place_words

if TYPE_CHECKING:
    from companion.ui.views.play_controller import Play

MIN_TABLEAU_WIDTH = 116  # six players side by side on an 820 px tablet held upright
SIDES = 28  # the view's and the scrolling column's padding on both sides, and a scrollbar's room
GAP = 16
SIDE_WIDTH = 420  # what the table shares, beside the tableaux (CGT's Meta row: its steppers side by side)


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
def TotalBadge(
    player: str, total: int, place: int | None, leading: bool, selected: bool, large: bool, compact: bool, said: str
) -> ft.Control:
    """A player's total: drawn again only when what it shows changes (every such thing is an argument)."""
    return total_badge(player, total, place, leading, said, large=large, selected=selected, compact=compact)


def total_said(play: Play, player: str, total: int, place: int | None) -> str:
    """A badge as one sentence, its name for screen readers: "Ana: −35 points, 2nd place" (the game's unit)."""
    said = play.screen.total_said(player, total)
    # Translators: a player's total ("Ana: −35 points") and their place ("2nd place"), as a screen reader reads a badge.
    return _("{total}, {place}").format(total=said, place=spoken(place_words(place))) if place else said


def selected_player(play: Play) -> str | None:
    """Whose cards this screen enters when it shows one player's (a phone): marked in the totals. None
    on the table's tablet, which shows everyone's."""
    if play.seat:
        return play.seat
    game = play.game_screen
    return play.player if not play.app.wide and game is not None and game.per_player else None


def totals(play: Play) -> tuple[tuple[tuple[str, int, int | None, bool, bool, bool, bool, str], ...], bool]:
    """What the totals show (Totals' arguments): each player's badge, and whether on one line (a phone)."""
    result = play.live.result
    entered = play.screen.entered()  # before anything is entered, level starting totals rank no one
    leaders = result.ranking[0] if result.ranking and entered else ()
    selected, compact = selected_player(play), not play.app.wide
    badges = []
    for p in play.players:
        total, place = result.totals[p], result.place_of(p) if entered else None
        badges.append((p, total, place, p in leaders, p == selected, play.app.wide, compact, total_said(play, p, total, place)))
    return tuple(badges), compact


@ft.memo
@ft.component
def Totals(badges: tuple[tuple[str, int, int | None, bool, bool, bool, bool, str], ...], compact: bool) -> ft.Control:
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
    text = _("Still entering: {players}").format(players=", ".join(waiting)) if waiting else _("Everyone is done entering.")
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


def done_button(play: Play) -> BarButton | None:
    """On a phone showing one player's seat (a guest's, or the host's at that seat's address): that player
    is done entering, or not yet. The table's own screens show who is still entering instead."""
    if not play.seat:
        return None
    if play.seat in play.live.done:
        name = _("{player} not done yet").format(player=play.seat)
        return BarButton(_("Not done yet"), play.tap_seat_not_done, ft.Icons.REPLAY, name=name, keep=3, key="done")
    name = _("{player} done entering").format(player=play.seat)
    return BarButton(_("Done"), play.tap_seat_done, ft.Icons.DONE_ALL, look=TONAL, name=name, keep=3, key="done")


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
    """One player's button of the phone's switch: filled for the player whose cards are shown, which a screen reader
    hears as the current one (Flutter's web engine says a selected button is aria-current; merged into the button's
    node, or it would be a second button inside it)."""
    button = (ft.FilledButton if shown else ft.OutlinedButton)(
        content=ft.Semantics(selected=shown, content=ft.Text(short_name(player, 12), semantics_label=player)),
        on_click=lambda e: select(player),
        height=TAP,
        style=SNUG,
    )
    return ft.MergeSemantics(content=button)


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
    return icon_button(ft.Icons.ARROW_BACK, _("Back"), go_back)


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
        [ft.OutlinedButton(_("Invite players"), icon=ft.Icons.QR_CODE, height=48, visible=invite, on_click=go_invite, style=focus_style())],
        wrap=True,
        alignment=ft.MainAxisAlignment.CENTER,
    )


@ft.memo
@ft.component
def Explanations(sentences: tuple[str, ...]) -> ft.Control:
    """The scorer's sentences (in the reader's language: `explanations`), under the tableaux: one that comes
    with a tap never pushes the cards down under the finger."""
    return ft.Column([ft.Text(s, italic=True, size=13) for s in sentences])


def thumb_bar(play: Play) -> ft.Control:
    """Undo, the round's own button (Next round, Score round) and Results: under the thumb on a
    phone, outside the scrolling cards, so none of them is at the end of a long scroll. One row in every
    language: a word that does not fit gives way to its icon (widgets/bar_buttons.py)."""
    game = play.screen
    round_action = game.round_action()
    can_undo = play.live.can_undo(play.who)
    buttons = [
        BarButton(_("Undo"), play.tap_undo, ft.Icons.UNDO, disabled=not can_undo, reason=_("Nothing of yours to undo"), keep=1, key="undo"),
        *([done] if (done := done_button(play)) is not None else []),
        *game.bar_choices(),
        *([round_action] if round_action is not None else []),
        BarButton(_("Results"), play.go_results, ft.Icons.EMOJI_EVENTS, key="results"),
    ]
    width = play.app.page.width
    room = width - 2 * (VIEW_SIDE + BAR_SIDE) if width else None
    bar = ft.Container(
        bar_row(buttons, room),
        padding=BAR_PADDING,
        bgcolor=ft.Colors.SURFACE,
        border=BAR_TOP,
        alignment=ft.Alignment.TOP_CENTER,  # an aligned box fills the width: the line above spans the screen, not the buttons
    )
    return ft.Semantics(identifier="play-actions", container=True, content=bar)


# Shared by every drawing: Flet skips comparing an object with itself.
VIEW_SIDE, BAR_SIDE = 6, 4  # the view's padding and the bar's, on each side of the bar's row
BAR_PADDING = ft.Padding.symmetric(horizontal=BAR_SIDE, vertical=6)
BAR_TOP = ft.Border.only(top=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))
HEADER_PADDING = ft.Padding.symmetric(horizontal=4, vertical=4)
HEADER_BOTTOM = ft.Border.only(bottom=ft.BorderSide(1, ft.Colors.OUTLINE_VARIANT))
BODY_PADDING = ft.Padding.only(left=4, right=4, bottom=24)
VIEW_PADDING = ft.Padding.only(left=VIEW_SIDE, right=VIEW_SIDE, top=0, bottom=0)


# Translators: {} is the name of the player whose phone this is.
TABLE_CHANGES = N_("The table changes what the players share; this phone enters {player}'s own cards.")


def shared(play: Play, controls: list[ft.Control]) -> list[ft.Control]:
    """What the whole table shares; on a guest's phone greyed (the column is disabled), with a line saying why."""
    if not play.seat or not controls:
        return controls
    why = ft.Semantics(identifier="guest-why", content=ft.Text(_(TABLE_CHANGES).format(player=play.seat), size=13, italic=True))
    return [why, *controls]


def switch(play: Play) -> ft.Control:
    """Whose cards the screen shows and the game's own view choices (Lost Cities' round)."""
    game = play.screen
    views = game.view_choices()
    if play.seat:  # said in the header's sentence (header_said), not again
        seat = ft.Text(_("Your seat: {player}").format(player=play.seat), weight=ft.FontWeight.BOLD)
        return ft.Row([ft.Semantics(exclude_semantics=True, content=seat), *views], wrap=True, key="switch")
    if not play.app.wide and game.per_player:
        return player_switch(play, views)
    return ft.Row(views, wrap=True, key="switch")


def round_label(play: Play) -> ft.Control:
    """The round being entered; said in the header's sentence (header_said), not again."""
    return ft.Semantics(exclude_semantics=True, content=ft.Text(spoken(play.screen.round_label()), weight=ft.FontWeight.BOLD, size=13))


def header_said(play: Play) -> str:
    """What the header says, as sentences a person would say, its name for screen readers: the game's
    round ("Round 2 of 3."), and whose cards this phone shows. Its texts that say the same are left out
    of the tree; its totals, buttons and sums are read after it, each in words of its own."""
    game = play.screen
    if play.seat:
        whose = _("Your seat: {player}.").format(player=play.seat)
    elif not play.app.wide and game.per_player:
        # Translators: on a phone's play screen, whose cards are shown under the header (a screen reader reads it).
        whose = _("{player}'s cards are shown.").format(player=play.player)
    else:
        whose = ""
    return " ".join(said for said in (game.header_said(), whose) if said)


def header_inputs(play: Play, header: ft.Control) -> tuple[str, ft.Control]:
    """The header's arguments (Header's): its sentence changes with the round (the frame with the player shown)."""
    return header_said(play), header


def Header(said: str, header: ft.Control) -> ft.Control:
    return ft.Semantics(
        identifier="play-header",
        container=True,
        label=said,
        content=ft.Container(header, padding=HEADER_PADDING, bgcolor=ft.Colors.SURFACE, border=HEADER_BOTTOM),
    )


def preview(play: Play) -> ft.Control:
    return round_preview(spoken(play.screen.preview()))


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
    """What the sentences under the tableaux say (Explanations' argument), in the reader's language."""
    return (tuple(spoken(s) for s in play.screen.explanations(play.live.result)),)


def editing(play: Play) -> ft.Control:
    """The banner of a saved game's edit copy (not on a guest's phone, which never edits one)."""
    app = play.app
    copy = app.games.editing(play.game_id) if play.live.status == EDITING and not play.seat else None
    return editing_banner(app, copy, play.live.result.decided)


def frame(play: Play) -> ft.Control:
    """The whole play screen under the app bar: its structure, drawn from the view state and the game's
    shape (Play.shape); each part that a tap changes is a SelfDrawnPart and draws itself."""
    game, app = play.screen, play.app

    def part(draw: Callable[..., ft.Control], *args: Any, key: str, inputs: Callable[..., tuple] | None = None) -> ft.Control:
        return SelfDrawnPart(play.app, topics.game(play.game_id), draw, (play, *args), play.drawn, inputs, key=key)

    def game_part(draw: Callable[[Play, str], ft.Control], player: str, key: str) -> ft.Control:
        """A tableau or its heads: structure of a screen with live parts inside, else a part of its own."""
        return draw(play, player) if game.parts_draw_themselves else part(draw, player, key=key)

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
                # On a phone (no width) the heads take the row's: in a row a child is as wide as it likes, and a line of
                # them wider than the page (German at 200 % text: "Mia, Runde 2 von 3 · Noah beginnt") never wrapped but
                # ran off the page, pushing the centred colour heads right, "Lila" cut at the edge.
                [ft.Container(game_part(heads, p, key="heads"), width=width, expand=width is None, key=f"heads {p}") for p in shown],
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
            part(Header, header, key="header", inputs=header_inputs),
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
