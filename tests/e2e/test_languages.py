"""A browser that asks for German is answered in German by the served app, a choice in Settings is kept by that
browser across a reload, and another browser at the same server keeps its own language (issue 53)."""

from __future__ import annotations

from playwright.sync_api import expect

from .conftest import PHONE, new_context
from .ui import UI


def scroll_to_the_end(u: UI) -> None:
    u.page.mouse.move(195, 400)
    for _ in range(6):
        u.page.mouse.wheel(0, 600)
        u.page.wait_for_timeout(150)


def test_the_browsers_language_then_the_devices_choice_kept_across_a_reload(browser, server, request):
    german = UI(new_context(browser, PHONE, locale="de-DE").new_page(), server, request.node.name)
    english = UI(new_context(browser, PHONE, locale="en-GB").new_page(), server, request.node.name)
    try:
        german.open("/settings")
        expect(german.page.get_by_text("Einstellungen").first).to_be_visible(timeout=30_000)
        english.open("/settings")
        expect(english.page.get_by_text("Settings").first).to_be_visible(timeout=30_000)

        french = german.page.get_by_role("radio", name="Français")
        scroll_to_the_end(german)  # the last section of Settings
        french.click()
        expect(german.page.get_by_text("Réglages").first).to_be_visible(timeout=30_000)
        german.reload()
        expect(german.page.get_by_text("Réglages").first).to_be_visible(timeout=30_000)
        scroll_to_the_end(german)
        expect(french).to_be_checked(timeout=30_000)
        expect(german.page.get_by_text("Réglages").first).to_be_visible()
        expect(english.page.get_by_text("Settings").first).to_be_visible()  # the other device kept its own
    finally:
        german.page.context.close()
        english.page.context.close()
