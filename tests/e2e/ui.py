"""What a person does in the browser, in Playwright terms."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from .conftest import ARTIFACTS


class UI:
    def __init__(self, page: Page, server, test_name: str):
        self.page = page
        self.server = server
        self.test_name = re.sub(r"[^\w-]", "_", test_name)

    def open(self, route: str = "/", ready: str = '[flt-semantics-identifier], flt-semantics[role="button"]') -> float:
        started = time.perf_counter()
        self.page.goto(self.server.url + route)
        self.enable_semantics()
        self.page.locator(ready).first.wait_for(timeout=30_000)
        return time.perf_counter() - started

    def enable_semantics(self) -> None:
        # Flutter draws on a canvas; its accessibility tree (what we query) appears once asked for.
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")

    def reload(self) -> None:
        self.page.reload()
        self.enable_semantics()

    def button(self, name: str):
        return self.page.get_by_role("button", name=name, exact=True)

    def tap(self, name: str) -> None:
        """Scroll the control into view as a finger would, then click it."""
        target = self.button(name)
        self.scroll_into_view(target)
        target.click()

    def scroll_into_view(self, target) -> None:
        # Flutter scrolls inside its canvas, so the browser's own scrollIntoView cannot help.
        viewport = self.page.viewport_size
        for _ in range(30):
            target.wait_for(timeout=10_000)
            box = target.bounding_box()
            if box and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] \
                    and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"]:
                return
            dy = (box["y"] + box["height"] / 2 - viewport["height"] / 2) if box else 300
            dx = (box["x"] + box["width"] / 2 - viewport["width"] / 2) if box and (box["x"] < 0 or box["x"] + box["width"] > viewport["width"]) else 0
            self.page.mouse.move(viewport["width"] / 2, viewport["height"] / 2)
            self.page.mouse.wheel(dx, dy)
            self.page.wait_for_timeout(150)
        raise AssertionError("could not scroll the control into view")

    def type_into(self, label: str, text: str, submit: bool = True) -> None:
        box = self.page.get_by_role("textbox", name=label)
        box.click()  # fill() alone is flaky on Flutter's text fields
        box.fill(text)
        if submit:
            box.press("Enter")

    def text(self, identifier: str):
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]')

    def expect_text(self, identifier: str, value: str, timeout: float = 10_000) -> None:
        expect(self.text(identifier)).to_have_text(value, timeout=timeout)

    def total(self, player: str) -> int:
        return int(self.text(f"total-{player}").inner_text())

    def game_id(self) -> str:
        return self.page.url.rstrip("/").split("/")[-1]

    def set_up(self, game_title: str, names: list[str], switches: tuple[str, ...] = ()) -> str:
        self.open("/")
        self.page.get_by_role("button", name=re.compile("^" + re.escape(game_title))).first.click()
        for name in names:
            self.type_into("Player name", name)
            expect(self.button(f"Remove {name}")).to_be_visible()
        for label in switches:
            self.page.get_by_role("switch", name=label).click()
        self.tap("Start game")
        self.page.wait_for_url(re.compile(r"/play/"), timeout=10_000)
        self.text(f"total-{names[0]}").wait_for(timeout=10_000)
        return self.game_id()

    def expect_totals(self, expected: dict[str, int]) -> None:
        """The screen comes to show `expected`, and `scoring.score` of the stored record agrees."""
        for player, total in expected.items():
            self.expect_text(f"total-{player}", str(total))
        assert self.server.scored_totals(self.game_id()) == expected

    def screenshot(self, name: str) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        self.page.wait_for_timeout(1000)  # let the last frame paint
        self.page.screenshot(path=str(ARTIFACTS / f"{self.test_name}-{name}.png"), full_page=True)
