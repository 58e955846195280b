"""In Chromium: the page loads nothing from anywhere but this server, the CSP refuses nothing the app
needs, and a page of another site open in the same browser cannot reach the app's websocket."""

import http.server
import threading

import pytest

from tests.e2e.conftest import new_context

from .support import Server

pytestmark = pytest.mark.e2e


@pytest.fixture(scope="module")
def app_server(tmp_path_factory):
    s = Server(tmp_path_factory.mktemp("browser") / "data", env={"TABLESIDE_PIN": "135790"}).start()
    yield s
    s.stop()


def test_the_app_loads_only_from_this_server_and_works_under_its_policy(browser, app_server):
    from tests.e2e.ui import UI

    page = new_context(browser, {"width": 390, "height": 844}).new_page()
    requests, refused, blocked = [], [], set()
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: blocked.add(r.url) if r.failure == "csp" else None)
    page.on("websocket", lambda ws: requests.append(ws.url))
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    ui = UI(page, app_server, "csp")
    ui.open("/", ready="flt-semantics input, [flt-semantics-identifier]")
    field = page.get_by_role("textbox", name="PIN")
    field.fill("135790")
    field.press("Enter")
    field.wait_for(state="detached", timeout=30_000)  # unlocked:
    page.get_by_role("button", name="Settings").first.wait_for(timeout=30_000)  # the home screen
    page.wait_for_timeout(1000)
    ours = (f"http://127.0.0.1:{app_server.port}/", f"ws://127.0.0.1:{app_server.port}/")
    elsewhere = [
        u for u in requests if not u.startswith(ours) and not u.startswith(("data:", "blob:")) and u not in blocked
    ]  # the browser did not even try the ones the policy blocked
    assert elsewhere == [], elsewhere  # no CDN: not even rive_native.js
    # The one thing refused is the CDN script Flet's client asks for on every load (not needed: the app runs).
    assert all("rive_native.js" in text for text in refused), refused
    assert any(u.endswith(".wasm") for u in requests), "Flutter's wasm did not load"
    page.context.close()


class EvilSite(http.server.BaseHTTPRequestHandler):
    target = ""

    def do_GET(self):
        body = f"""<html><body><pre id=out>trying</pre><script>
          const ws = new WebSocket("{self.target}");
          ws.onopen = () => document.getElementById("out").textContent = "OPEN";
          ws.onerror = () => document.getElementById("out").textContent = "REFUSED";
        </script></body></html>""".encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_a_page_of_another_site_cannot_open_the_websocket(browser, app_server):
    EvilSite.target = f"ws://127.0.0.1:{app_server.port}/ws"
    evil = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EvilSite)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    try:
        page = new_context(browser).new_page()
        page.goto(f"http://127.0.0.1:{evil.server_address[1]}/")
        page.wait_for_function("document.getElementById('out').textContent != 'trying'", timeout=10_000)
        assert page.text_content("#out") == "REFUSED"
        page.context.close()
    finally:
        evil.shutdown()
