"""The play screen's controller (views/play.py draws the screen): what a game's screen reads and does
while one device shows it: the live game, this device's view state, its taps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.language import N_, _, spoken
from companion.services import topics
from companion.services.games import route_id
from companion.services.live import Done, LiveGame
from companion.ui import games as game_screens
from companion.ui.session import App, log
from companion.ui.widgets.game_clock import shown_clock
from companion.ui.widgets.hooks import SelfDrawnPart
from companion.ui.widgets.navigation import route_under
from scoring import Action
from scoring.fields import sentence

NOT_SAVED = N_("That change could not be saved. The game is as it was.")


class Play:
    """What a game's screen reads and does while one device shows it: the live game, this device's
    view state and its taps. One per screen for its life (so its methods stay the same objects
    from one drawing to the next, and memoised parts that take them are skipped); `draw` hands it
    the state of each drawing."""

    def __init__(self, app: App, game_id: str, seat: str | None):
        self.app = app
        self.game_id = game_id
        self.drawn = 0  # the screen's drawings so far: each draws every live part again (SelfDrawnPart)
        self.seat = seat or ""  # "" for the table's host; a player's name on that player's phone (App.device: who the host is)
        self.live: LiveGame
        self.player = ""  # whose tableau a phone shows
        self.state: dict[str, Any] = {}  # screen-only choices of the game screen (round shown, …)
        self.message = ""  # the refusal of this device's last tap
        self._set_player: Callable[[str], None] = lambda p: None
        self._set_state: Callable[[Any], None] = lambda s: None
        self._set_message: Callable[[str], None] = lambda m: None
        self.game_screen: game_screens.GameScreen | None = None
        # All the game's screen reads and does: one for the screen's life, brought up to date on each drawing.
        self.context = game_screens.PlayContext(act=self.act, refuse=self.refuse, remember=self.remember, part=self.part, seat=self.seat)

    def draw(self, live: LiveGame, player: str, state: dict, message: str, setters: tuple) -> None:
        self.live, self.state, self.message = live, state, message
        self.game_id = live.id
        self.drawn += 1
        self.player = player if player in live.record["players"] else live.record["players"][0]
        self._set_player, self._set_state, self._set_message = setters
        page = self.app.page
        self.context.shown(live, self.player, state, self.app.wide, self.app.dark, (page.width, page.height), self.app.text_scale)
        if self.game_screen is None or self.game_screen.key != live.record["game"]:
            self.game_screen = game_screens.screen(live.record["game"])(self.context)

    def shape(self) -> tuple:
        """What of the stored game the screen's frame draws from (use_changes' `select`): its status, its
        players, its clock, which parts it has. A tap changes none of it: only the parts that show the
        cards, totals and sentences draw themselves again (SelfDrawnPart), not the frame around them."""
        app, game_id = self.app, self.game_id
        stored = app.games.get(game_id)
        live = app.games.open(game_id, edit=False) if stored is not None else None
        if stored is None or live is None or self.game_screen is None or live is not self.live:
            return (stored and stored.status, id(live))
        game = self.game_screen
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
        assert self.game_screen is not None
        return self.game_screen

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
        return self.app.rights.may_change(self.live.id, self.seat or None)

    def _done(self, send: Callable[[], Done]) -> bool:
        try:
            done = send()
        except Exception:  # a bug, a deleted game: say so, keep the game as it was stored
            log.exception("change failed")
            done = Done(False, _(NOT_SAVED))
        # The refusal may be the rules' words (a Said): said in the reader's language, then made a sentence.
        self._set_message(sentence(spoken(done.message), self.players))
        return done.changed

    def say_done(self, player: str, done: bool) -> None:
        """Tell every screen of the game that `player` is done entering this round (or not yet)."""
        self._done(lambda: self.live.say_done(player, done, seat=self.seat or None, check=self.may_change))

    def refuse(self, reason: str) -> None:
        self._set_message(sentence(spoken(reason), self.players))

    def select_player(self, player: str) -> None:
        self._set_player(player)
        self._set_message("")

    # Handlers the memoised parts take: bound methods of this one object compare equal from one drawing
    # to the next (a new lambda each drawing would never let a part be skipped).

    def tap_undo(self, e: Any = None) -> None:
        self.undo()

    def tap_seat_done(self, e: Any = None) -> None:
        self.say_done(self.seat, True)

    def tap_seat_not_done(self, e: Any = None) -> None:
        self.say_done(self.seat, False)

    def go_back(self, e: Any = None) -> None:
        self.app.go(route_under(self.app))

    def go_results(self, e: Any = None) -> None:
        self.app.go(f"/results/{route_id(self.game_id)}")

    def go_invite(self, e: Any = None) -> None:
        self.app.go(f"/invite/{route_id(self.game_id)}")

    def part(self, inputs: Callable[..., tuple], draw: Callable[..., ft.Control], *args: Any, key: str) -> ft.Control:
        """A part of the game's screen that draws itself again, alone, when `inputs(*args)` changes (SelfDrawnPart)."""
        return SelfDrawnPart(self.app, topics.game(self.game_id), draw, args, self.drawn, inputs, key=key)

    def remember(self, key: str, value: Any) -> None:
        """Keep a screen-only choice of the game screen (the round shown, …): the screen draws again."""
        self._set_state(lambda state: {**state, key: value})
