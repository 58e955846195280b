"""What a person does in the browser, in Playwright terms."""

from __future__ import annotations

import os
import re
import time
import warnings

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

import scoring

from .conftest import ARTIFACTS

BAR = 180  # the play screen's bar under the thumb (two rows of buttons on a phone) and its message


QUIET = 0.15  # seconds without a frame: the answer to a tap has painted
# Until the page's semantics boxes stand still: two animation frames at a time (Flutter lays out, paints
# and updates its accessibility tree in one frame, run from the browser's animation frame), until two
# looks in a row agree; at most `limit` looks. For a wheel's scroll or a new page's first layout: a fixed
# 300–400 ms wait there was most of the screen-size tests' time. A frame is waited for at most 500 ms: on a
# loaded CI machine a page once gave no animation frame at all, and the look never returned (a 600 s timeout).
STILL = """async (limit) => {
    const frame = () => new Promise(r => { requestAnimationFrame(() => r()); setTimeout(r, 500); });
    const boxes = () => [...document.querySelectorAll('flt-semantics')]
        .map(e => { const r = e.getBoundingClientRect(); return [r.x, r.y, r.width, r.height].join(); }).join(';');
    let last = boxes();
    for (let i = 0; i < limit; i++) {
        await frame(); await frame();
        const now = boxes();
        if (now === last && i > 0) return true;
        last = now;
    }
    return false;
}"""


def new_game_tile(game_title: str) -> re.Pattern:
    """The accessible name of Home's card that starts a new game of `game_title` (a game in progress's
    row, listed above the cards, is named "<game>, started …")."""
    return re.compile("^" + re.escape(game_title) + "(?!, started)")


class UI:
    def __init__(self, page: Page, server, test_name: str):
        self.page = page
        self.server = server
        self.test_name = re.sub(r"[^\w-]", "_", test_name)
        self.frames = 0
        self.last_frame = time.monotonic()
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        self.console: list[str] = []  # what the page said, for a failure report
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text[:300]}"))
        page.on("pageerror", lambda e: self.console.append(f"page error: {e}"))
        page.on("crash", lambda _: self.console.append("the page crashed"))

    def _frame(self, payload) -> None:
        self.frames += 1
        self.last_frame = time.monotonic()

    def settle(self, since: int, quiet: float = QUIET, limit: float = 3.0) -> None:
        """Wait, as a person watching the screen would, until the server's answer has arrived and painted."""
        started = time.monotonic()
        while time.monotonic() - started < limit:
            if self.frames > since and time.monotonic() - self.last_frame >= quiet:
                return
            self.page.wait_for_timeout(20)

    def until_still(self, limit: int = 30) -> bool:
        """Until the page's layout stands still (STILL); whether it did within `limit` looks."""
        return self.page.evaluate(STILL, limit)

    def open(self, route: str = "/", ready: str = '[flt-semantics-identifier], flt-semantics[role="button"]') -> float:
        started = time.perf_counter()
        self.page.goto(self.server.url + route)  # the page turns Flutter's accessibility tree on itself (semantics_on.js)
        # 60 s: under CI's full load a tablet's first frame once took longer than 30 (not seen alone or under a
        # lighter load); a page that never draws still fails.
        try:
            self.page.locator(ready).first.wait_for(timeout=60_000)
        except PlaywrightError:
            self.screenshot("failed-open")
            raise AssertionError(f"{ready} not shown at {route} within 60 s; the page shows {self.describe()}") from None
        return time.perf_counter() - started

    def reload(self) -> None:
        """The page loaded again, until Flutter has drawn it (its accessibility tree is there from its first frames)."""
        self.page.reload()
        self.page.locator("flt-semantics").first.wait_for(state="attached", timeout=30_000)

    def button(self, name: str):
        """A button, or a card (a switch: on when it is on the tableau shown, controls.card_button)."""
        return self.page.get_by_role("button", name=name, exact=True).or_(self.page.get_by_role("switch", name=name, exact=True))

    def tap(self, name: str, limit: float = 3.0, quiet: float = QUIET) -> None:
        """Scroll the control into view as a finger would, then click it; wait up to `limit` seconds for the
        answer, and until no frame has come for `quiet` seconds."""
        target = self.button(name)
        self.scroll_into_view(target)
        before = self.frames
        # A card another player holds is unavailable to screen readers, yet a finger's tap on it is
        # answered with whose it is: tapped where it is, whatever its state (controls.card_button).
        target.click(force=target.get_attribute("role") == "switch")
        self.settle(before, quiet=quiet, limit=limit)

    def activate(self, name: str) -> None:
        """Activate a control through the accessibility tree, as a screen reader does, without waiting for
        the answer: for taps fired faster than a person taps. A pointer click fired that fast on a busy
        machine is sometimes lost inside the browser: Flutter's web engine, which weighs pointer events
        against the accessibility tree's click, dropped 1 of 24 under load, and the server never heard
        of it (its event log held 23). A screen reader's activation reaches the app once, always."""
        self.button(name).dispatch_event("click")

    def scroll_into_view(self, target) -> None:
        # Flutter scrolls inside its canvas, so the browser's own scrollIntoView cannot help.
        # The play screen keeps a bar (Undo, the round's button, Results) under the thumb, outside the
        # scroll: a card is in view only clear of it (BAR), while a control that does not move when the
        # page scrolls (in that bar) is in view where it is.
        viewport = self.page.viewport_size
        last, still, scrolled = None, 0, False
        for _ in range(30):
            target.wait_for(timeout=10_000)
            box = target.bounding_box()
            inside = (
                box
                and box["y"] >= 0
                and box["y"] + box["height"] <= viewport["height"]
                and box["x"] >= 0
                and box["x"] + box["width"] <= viewport["width"]
            )
            if inside and (box["y"] + box["height"] <= viewport["height"] - BAR or box == last):
                if scrolled:
                    self._until_still(target, box)
                return
            still = still + 1 if box == last else 0
            if still >= 4:  # the wheel no longer moves it
                break
            last = box
            dy = (box["y"] + box["height"] / 2 - viewport["height"] / 2) if box else 300
            dx = (
                (box["x"] + box["width"] / 2 - viewport["width"] / 2)
                if box and (box["x"] < 0 or box["x"] + box["width"] > viewport["width"])
                else 0
            )
            self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
            self.page.mouse.wheel(dx, dy)
            scrolled = True
            self.until_still(limit=5)  # (the next look tells if the wheel was not taken yet)
        raise AssertionError(f"could not scroll {target} into view: last box {last}, viewport {viewport}")

    def _until_still(self, target, box: dict) -> None:
        """Until the scrolled page stands still: a tap on a list still moving stops it and taps nothing,
        in Flutter as on a phone (the CGT two-device test lost a tap that way under load). The whole
        page's boxes, over animation frames (until_still), then the target's own once more."""
        for _ in range(10):
            self.until_still(limit=10)
            now = target.bounding_box()
            if now == box:
                return
            box = now

    def type_into(self, label: str, text: str, submit: bool = True) -> None:
        box = self.page.get_by_role("textbox", name=label)
        self.scroll_into_view(box)
        for _ in range(3):
            before = self.frames
            box.click()  # fill() alone is flaky on Flutter's text fields
            self.settle(before, limit=0.3)  # focusing another field commits the one before it (an answer comes at once)
            # On a CPU slowed 8x, Flutter sometimes dropped the focus it had just given (the server heard a
            # blur and no change: what was typed went nowhere, as when a phone's keyboard closes): tap again.
            try:
                expect(box).to_be_focused(timeout=2_000)
                break
            except AssertionError:
                continue
        box.fill(text)
        if submit:
            before = self.frames
            box.press("Enter")
            self.settle(before)

    def text(self, identifier: str):
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def expect_text(self, identifier: str, value: str, timeout: float = 10_000) -> None:
        expect(self.text(identifier)).to_have_text(value, timeout=timeout)

    def total(self, player: str) -> int:
        return int(self.text(f"total-{player}").inner_text().replace("−", "-"))

    def invite_code(self, game_id: str) -> str:
        """The code this (host) page's invite screen shows in its join-url; back to the game after."""
        self.tap("Invite players")
        self.text("join-url").wait_for()
        url = self.text("join-url").inner_text().strip()
        self.tap("Back to the game")
        self.page.wait_for_url(re.compile(f"/play/{re.escape(game_id)}$"))
        return url.rsplit("/", 1)[1]

    def game_id(self) -> str:
        return self.page.url.rstrip("/").split("/")[-1]

    def set_up(self, game_title: str, names: list[str], switches: tuple[str, ...] = (), before_start=None) -> str:
        """The game set up from Home as a person does it, then Start game; `before_start(self)`: a look at
        the setup screen first (a check there costs no page of its own)."""
        self.open("/")
        tile = self.page.get_by_role("button", name=new_game_tile(game_title)).first
        try:
            tile.wait_for(timeout=20_000)
        except PlaywrightError:
            # Seen once in CI (in about ten runs): a home screen that never listed its games. Report it, then
            # do what a person would: reload. A second failure fails the test.
            warnings.warn(f"no {game_title!r} on the home screen after 20 s, reloading; it showed {self.describe()}", stacklevel=2)
            self.reload()
        try:
            tile.click(timeout=30_000)
        except PlaywrightError:
            self.screenshot("no-game-tile")
            raise AssertionError(f"no {game_title!r} on the home screen; it shows {self.describe()}") from None
        for name in names:
            self.type_into("Player name", name)
            # 20 s: a name in a new script first brings its font (the emoji's is 10 MB: in one loaded full run
            # "Zoë 🎲" was not added within 5 s, test_names), and the browser build answers from Python in the
            # page (in a full run beside other browser tests, "Noah" was not added within 5 s). A name never added
            # still fails.
            expect(self.button(f"Remove {name}")).to_be_visible(timeout=20_000)
        for label in switches:
            self.page.get_by_role("switch", name=label).click()
        if before_start:
            before_start(self)
        self.tap("Start game")
        self.page.wait_for_url(re.compile(r"/play/"), timeout=10_000)
        self.text(f"total-{names[0]}").wait_for(timeout=10_000)
        return self.game_id()

    def expect_totals(self, expected: dict[str, int]) -> None:
        """The screen comes to show `expected`, and `scoring.score` of the stored record agrees."""
        for player, total in expected.items():
            try:
                self.expect_text(f"total-{player}", scoring.number(total))
            except AssertionError:
                self.screenshot("failed-totals")
                raise AssertionError(f"stored record: {self.server.stored_record(self.game_id())}") from None
        assert self.server.scored_totals(self.game_id()) == expected

    def liveness(self) -> tuple[bool, str]:
        """Whether the page still runs scripts and still paints frames."""
        found, scripts = [], False
        for what, polling in (("scripts", 100), ("frames", "raf")):
            started = time.monotonic()
            try:
                self.page.wait_for_function("true", polling=polling, timeout=5_000)
                found.append(f"{what} answer in {time.monotonic() - started:.1f} s")
                scripts = scripts or what == "scripts"
            except PlaywrightError as e:
                found.append(f"{what} do not answer ({type(e).__name__})")
        return scripts, ", ".join(found)

    def describe(self) -> str:
        """What the page is doing and showing, what it said, and the server's last words, for a failure report."""
        scripts, liveness = self.liveness()
        labels = (
            self.page.locator("flt-semantics").evaluate_all(
                "els => els.map(e => (e.getAttribute('role') || '') + ':' + (e.getAttribute('aria-label') || e.innerText || '').slice(0, 40))"
            )
            if scripts
            else []
        )  # (evaluating in a page that runs no scripts would wait for ever)
        console = "\n  ".join(self.console[-20:]) or "(nothing)"
        return (
            f"{self.page.url}: {liveness}\n{len(labels)} semantics nodes: {labels[:40]}\n"
            f"console:\n  {console}\nserver log:\n{self.server.log_tail()}"
        )

    def screenshot(self, name: str) -> None:
        """An artifact for people to look at, not a check: one that cannot be taken is a warning. CI
        (CI=true) takes only those of a failure, as nobody looks at the others there and each costs a
        second and a full-page capture; TABLESIDE_SCREENSHOTS=1 takes them all."""
        if os.environ.get("CI") == "true" and os.environ.get("TABLESIDE_SCREENSHOTS") != "1" and not name.startswith("failed"):
            return
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.wait_for_timeout(1000)  # let the last frame paint
        try:
            self.page.screenshot(path=str(ARTIFACTS / f"{self.test_name}-{name}.png"), full_page=True, timeout=20_000)
        except PlaywrightError as e:
            warnings.warn(f"screenshot {name} not taken ({e.message.splitlines()[0]}); console: {self.console[-5:]}", stacklevel=2)
