"""In Chromium: a page whose websocket hears nothing says so within seconds (in the browser's language) and offers a retry, which
starts a new session; and the page never asks a CDN for Rive's runtime (before_flet.js)."""

from __future__ import annotations

import pytest

from companion import language

from .conftest import TABLET, new_context

pytestmark = pytest.mark.e2e


def test_a_silent_server_gets_a_still_connecting_page_with_a_retry(browser, server):
    """Said in the browser's language (French here: the first of its languages Tableside speaks)."""
    with language.speaking("fr"):
        still, retry = language._("Still connecting to the table…"), language._("Retry")
    assert (still, retry) != ("Still connecting to the table…", "Retry")
    page = new_context(browser, TABLET, locale="fr-FR").new_page()
    try:
        silent = {"on": True}

        def websocket(ws):
            if not silent["on"]:
                ws.connect_to_server()  # passes every frame through
            # else: accepted, and never answered (as a reload that found its session stuck)

        page.route_web_socket("**/ws", websocket)
        page.goto(server.url + "/")
        page.evaluate("sessionStorage.setItem('_flet_session_id', 'stale')")
        notice = page.get_by_role("alert")
        notice.wait_for(timeout=30_000)
        assert notice.inner_text().split("\n")[0] == still
        assert page.evaluate("typeof window.RiveNative") == "function"  # Rive's CDN script was answered here
        silent["on"] = False
        page.get_by_role("button", name=retry).click()
        page.wait_for_load_state()
        page.locator("flt-semantics").first.wait_for(state="attached", timeout=30_000)  # drawn, its accessibility tree on
        page.wait_for_function("!document.getElementById('still-connecting')", timeout=30_000)
        page.wait_for_timeout(5000)  # longer than the notice's wait: an answered page shows none
        assert page.locator("#still-connecting").count() == 0
    finally:
        page.context.close()
