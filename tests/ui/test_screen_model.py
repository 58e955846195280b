"""The screen never lies (model-based): random sequences of taps, typed numbers, player and round
switches, Next round and Undo, from two devices at once, on every game. After every step each device's screen
equals what a freshly opened screen of the same route and view state shows (texts, buttons, and every
identifier and semantics label), its totals are what `scoring` makes of the stored game, and no identifier
was patched in place (the browser would keep the old one: tests/ui/patches.py)."""

import tempfile

import flet as ft
import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

import scoring
from companion.bootstrap import make_main
from companion.data.store import GameStore
from companion.ui.games import screen

from .harness import Harness, accessible_name, card_state, switch_label, tappable, walk
from .patches import changed_in_place

# Players per game: more than the fewest where the screen differs with more; any other game its fewest.
PLAYERS = {"cgt": 3, "bgg-card-game": 3, "bgg-game": 4}
NAMES = ["Ana", "Ben", "Cy", "Di"]
NOT_PLAY = {"Back", "Results", "Invite players", "How scoring works"}  # they leave the screen


def play_buttons(h: Harness) -> list:
    """The enabled buttons of the play screen that change the game or this device's view of it."""
    return [c for c in walk(h.top_view()) if tappable(c) and not c.disabled and accessible_name(c) not in NOT_PLAY]


def pick(data, buttons):
    chosen = buttons[data.draw(st.integers(0, len(buttons) - 1), label="button")]
    data.draw(st.just(accessible_name(chosen)), label="named")
    return chosen


def shown(control) -> tuple:
    """What a person sees (or hears) of one control."""
    if isinstance(control, ft.Text):
        return ("text", control.value, control.semantics_label, control.visible)
    if tappable(control) and accessible_name(control) == "Undo":
        return ("undo",)  # this device's own history of actions: a fresh page has none to undo
    if tappable(control):
        return ("button", accessible_name(control), control.disabled, control.visible, card_state(control), type(control).__name__)
    if isinstance(control, ft.Semantics):
        return ("semantics", control.identifier, control.label, control.visible)
    if isinstance(control, ft.Icon) and control.semantics_label:
        return ("icon", control.semantics_label)
    if isinstance(control, ft.TextField):
        return ("field", control.label, control.value, control.disabled)
    if isinstance(control, ft.Switch):
        return ("Switch", switch_label(control), control.value, control.disabled)
    if isinstance(control, (ft.Checkbox, ft.Dropdown)):
        return (type(control).__name__, getattr(control, "label", None), control.value, control.disabled)
    return ()


class Drawn:
    """One walk of a device's page (every view, as `Harness.find_all` searches) and of its top view (the
    screen compared): the invariant reads totals, the message and the view state from these lists
    instead of walking the page again for each (a walk of a big screen costs more than a tap)."""

    def __init__(self, h: Harness):
        self.everything = h.controls()
        views = ft.unwrap_component(h.page.views)
        # With one view, walking the list of views is walking its top view: the same controls, same order.
        self.top = self.everything if len(views) == 1 else list(walk(h.top_view()))
        self.appbar = h.top_view().appbar

    def semantics(self, identifier: str) -> list[ft.Semantics]:
        return [c for c in self.everything if isinstance(c, ft.Semantics) and c.identifier == identifier]

    def text_of(self, identifier: str) -> str:
        """`Harness.text_of`: the text inside the one `ft.Semantics(identifier=...)` of the page."""
        found = self.semantics(identifier)
        assert len(found) == 1, f"expected 1 Semantics {identifier!r}, got {len(found)}"
        return found[0].content.value


def screen_of(drawn: Drawn) -> list[tuple]:
    """The screen as a list, in drawing order, without the refusal of the last tap (a fresh page has none;
    it takes the app bar title's place, so the title is left out too)."""
    message = drawn.semantics("message")
    appbar = drawn.appbar
    title = [appbar.title] if isinstance(appbar, ft.AppBar) and appbar.title is not None else []
    skip = {id(c) for m in [*message, *title] for c in walk(m)}
    return [s for c in drawn.top if id(c) not in skip and (s := shown(c))]


def view_state(drawn: Drawn) -> list[str]:
    """The buttons that show this device's own choices: filled ones (whose tableau, which round), and
    the cards picked for a collection not yet stored (BGG: The Card Game keeps them on the screen)."""
    return [
        accessible_name(c)
        for c in drawn.top
        if (type(c) is ft.FilledButton and accessible_name(c) not in NOT_PLAY)
        or (tappable(c) and "new collection" in (accessible_name(c) or "") and card_state(c) == "held")
    ]


class PlayScreens(RuleBasedStateMachine):
    game = "lost-cities"
    width = 390

    @initialize(data=st.data())
    def open_screens(self, data):
        self.folder = tempfile.TemporaryDirectory()
        self.store = GameStore(self.folder.name)
        rules = scoring.GAMES[self.game]
        players = NAMES[: PLAYERS.get(self.game, scoring.GAMES[self.game].min_players)]
        record = scoring.new_record(self.game, players, choices=screen(self.game).choices(players, {}))
        self.id = self.store.create(record).id
        self.route = f"/play/{self.id}"
        self.main = make_main(self.store)
        first = Harness(self.main, route=self.route, width=self.width)
        second = Harness(self.main, route=self.route, width=data.draw(st.sampled_from([390, 1180])), share_with=first)
        self.devices = [first, second]
        assert rules.title

    def teardown(self):
        for h in reversed(getattr(self, "devices", [])):
            h.close()
        if hasattr(self, "store"):
            self.store.close()
            self.folder.cleanup()

    @rule(data=st.data(), device=st.integers(0, 1))
    def tap(self, data, device):
        h = self.devices[device]
        buttons = play_buttons(h)
        if buttons:
            h.click(pick(data, buttons))
        for other in self.devices:
            other.settle()

    @rule(data=st.data(), device=st.integers(0, 1))
    def type_a_number(self, data, device):
        """A number typed into a field (BGG Game's income and track) and Enter pressed: the browser
        then sends the field's blur at once, before the answer to Enter has come back."""
        h = self.devices[device]
        fields = [c for c in walk(h.top_view()) if isinstance(c, ft.TextField) and not c.disabled]
        if not fields:
            return
        field = fields[data.draw(st.integers(0, len(fields) - 1), label="field")]
        text = str(data.draw(st.integers(0, 30), label="typed"))
        h.enter(field, text)
        for other in self.devices:
            other.settle()

    @rule(data=st.data())
    def both_at_once(self, data):
        """Two taps sent before either screen shows the other's change."""
        clicks = []
        for h in self.devices:
            buttons = play_buttons(h)
            if buttons:
                clicks.append((h, pick(data, buttons)))

        async def send():
            for h, control in clicks:
                await h.session.dispatch_event(control._i, "click", None)

        self.devices[0].run(send())
        for h in self.devices:
            h.settle()

    @invariant()
    def each_screen_is_a_fresh_one(self):
        if not hasattr(self, "devices"):
            return
        totals = scoring.score(self.store.get(self.id).record).totals
        fresh_screens: dict[tuple, list[tuple]] = {}  # (width, view state) -> a fresh page's screen, this step
        for h in self.devices:
            assert changed_in_place(h.conn.sent) == [], "an identifier patched in place: the browser keeps the old one"
            assert h.page.route == self.route
            before = Drawn(h)
            assert {p: int(before.text_of(f"total-{p}").replace("−", "-")) for p in totals} == dict(totals)
            wanted = view_state(before)  # this device's own view: the same player, round, picked cards
            key = (h.page.width, tuple(wanted))
            if key not in fresh_screens:
                fresh_screens[key] = self.fresh_screen(h, wanted)
            # Walked after the fresh page: its taps ran the shared loop, which may have redrawn this device.
            assert screen_of(Drawn(h)) == fresh_screens[key]

    def fresh_screen(self, h: Harness, wanted: list[str]) -> list[tuple]:
        """What a page freshly opened at `h`'s width shows once it is given `h`'s view state. The same
        for both devices when their widths and view states are the same (nothing else reaches a fresh
        page: the store is not written between the two), so it is made once per step for both."""
        fresh = Harness(self.main, route=self.route, width=h.page.width, share_with=h)
        try:
            drawn = Drawn(fresh)
            for choice in wanted:
                if choice not in view_state(drawn):
                    fresh.tap(choice)
                    drawn = Drawn(fresh)  # walked again only when a tap may have changed it
            return screen_of(drawn)
        finally:
            fresh.close()


@pytest.mark.parametrize("game", sorted(scoring.GAMES))
def test_every_screen_equals_a_fresh_one(game, width=390):
    """A phone and a second device (a phone or a tablet, drawn) on every game."""
    machine = type(f"PlayScreens_{game}_{width}", (PlayScreens,), {"game": game, "width": width})
    machine.TestCase.settings = settings(
        max_examples=3,
        stateful_step_count=12,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        derandomize=True,
    )
    machine.TestCase().runTest()
