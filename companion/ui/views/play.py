"""Play: the screen of a game being played (its route, the view); its controller is `Play`
(views/play_controller.py: the live game, this device's view state, its taps) and the frame every
game's play screen shares is views/play_frame.py.

A header that stays on screen while the rest scrolls under it: the totals (live, from
`scoring`; one line on a phone), on a phone the player switch (and the round shown), the round and
the column heads of the grid being entered. Under it, in a scrolling column that keeps its place
across taps (a new one for a new round), the game's own controls (one player at a time on a phone,
everyone side by side on a tablet). At the bottom, under the thumb and outside
the scroll, Undo, the round's own button (Next round, Score round) and Results. The refusal of the last tap
is a banner above the thumb bar (it covers no card and moves none). Each game's controls are its `GameScreen`
(companion/ui/games/), in its own module, given a `PlayContext` built by the controller: all it reads of this
screen and does to it. A tap becomes an action, applied by the live game on the server.

The screen is a component drawn from the live game as the server holds it now and from this
device's view state (whose tableau a phone shows, the round picked, the last refusal): after a
change from any device the store publishes `game:<id>` and every screen of the game draws itself
again; Flet sends each browser only what changed.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.language import _
from companion.services import topics
from companion.services.games import FINISHED, IN_PROGRESS, route_id
from companion.ui import games as game_screens
from companion.ui.session import App
from companion.ui.views.play_controller import Play
from companion.ui.views.play_frame import (
    VIEW_PADDING,
    BackButton,
    ScoringHelp,
    frame,
)
from companion.ui.widgets.common import not_found
from companion.ui.widgets.controls import bar_title, title_under_bar
from companion.ui.widgets.game_clock import GameClock, shown_clock
from companion.ui.widgets.hooks import use_changes


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
        return not_found(route, _("This game is not stored here. It may have been deleted."))
    if seat is not None and stored.status != IN_PROGRESS:
        return not_found(route, _("This game is over: the table has saved its result."))
    live = app.games.open(game_id, edit=bool(opening.current))
    opening.current = False
    if live is None:
        return not_found(route, _("This game was saved on another device."))
    if seat is not None and seat not in live.record["players"]:
        return not_found(route, _("No one called {player} plays in this game.").format(player=seat))
    play.draw(live, player, state, message, (set_player, set_state, set_message))
    title = game_screens.title_of(live.record)
    # At large text (the frame's text probe measured it) the title leaves the bar: there it is drawn at 134 % at most,
    # beside the buttons, and a long word broke; under the bar it has the page's width and the reader's size.
    under_bar = play.screen.large_text

    return ft.View(
        route=route,
        # Its own back button: Flutter's is 40 × 40, under the 48 every target has.
        appbar=ft.AppBar(
            title=None if under_bar else bar_title(title),
            # A guest's own seat is its first screen: nothing of its seat lies behind it, so no Back; its
            # title then keeps the bar's usual 16 px from the edge (4 px is the gap after the arrow).
            title_spacing=16 if app.rights.seat_route == route else 4,
            leading_width=56,
            leading=None if app.rights.seat_route == route else BackButton(play.go_back, key="back"),
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
        controls=[*([title_under_bar(title)] if under_bar else []), frame(play)],
        padding=VIEW_PADDING,
        spacing=0,
    )
