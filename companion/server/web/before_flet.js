// Tableside: what the page does before Flet's client starts (inlined into index.html by static_files.py).
// It leans on Flet's client (a seam: companion/server/flet_seams.py, RIVE_CDN and FLET_SESSION_KEY;
// tests/test_flet_seams.py checks that Flet's client still holds both).
(() => {
  "use strict";

  // 1. No request to a CDN. Flet's client loads Rive's runtime at start from cdn.jsdelivr.net (it
  // sets a <script>'s src); Tableside draws no Rive, and the page's policy would block the request
  // with a console error. Such a script gets an empty local one instead, and Rive is "not
  // available": the client's loader calls RiveNative(), which declines, and it carries on without.
  const RIVE_CDN = "https://cdn.jsdelivr.net/npm/@rive-app/";
  const src = Object.getOwnPropertyDescriptor(HTMLScriptElement.prototype, "src");
  let empty = null;
  Object.defineProperty(HTMLScriptElement.prototype, "src", {
    configurable: true,
    enumerable: src.enumerable,
    get: src.get,
    set(value) {
      if (String(value).startsWith(RIVE_CDN)) {
        window.RiveNative = () => Promise.reject(new Error("Rive is not part of Tableside"));
        empty = empty || URL.createObjectURL(new Blob([""], { type: "text/javascript" }));
        value = empty;
      }
      src.set.call(this, value);
    },
  });

  // 2. A page never waits for ever. Once the client has opened its websocket, the server answers
  // within a second or two: the registration's answer, then the first screen (a resumed session
  // sends its screen with the answer). A page that has heard neither STILL_CONNECTING_AFTER ms later
  // says so and offers a retry, which starts a new session (the stored session id is forgotten; a
  // host's or a player's grant, kept in this browser, still opens what it opened).
  const STILL_CONNECTING_AFTER = 4000;
  const SCREEN_BYTES = 1024; // a message this large holds a screen; a registration answer alone is smaller
  const SESSION_KEY = "_flet_session_id"; // where Flet's client keeps its session id (sessionStorage)
  let notice = null;
  /* TABLESIDE_SAID: its words in the browser's language (static_files.py puts them here) */

  function showNotice() {
    if (notice) return;
    notice = document.createElement("div");
    notice.id = "still-connecting";
    notice.setAttribute("role", "alert");
    notice.style.cssText =
      "position:fixed;inset:0;z-index:2147483647;display:flex;flex-direction:column;gap:16px;" +
      "align-items:center;justify-content:center;background:rgba(255,255,255,.94);color:#222;" +
      "font:18px system-ui,sans-serif";
    const words = document.createElement("p");
    words.textContent = tablesideSaid("Still connecting to the table\u2026");
    const retry = document.createElement("button");
    retry.textContent = tablesideSaid("Retry");
    retry.style.cssText = "font:inherit;padding:12px 32px;border-radius:24px;border:0;background:#00796B;color:#fff";
    retry.addEventListener("click", () => {
      try {
        sessionStorage.removeItem(SESSION_KEY);
      } catch (e) {
        // storage refused: the reload still tries again
      }
      location.reload();
    });
    notice.append(words, retry);
    document.body.append(notice);
  }

  function hideNotice() {
    if (notice) {
      notice.remove();
      notice = null;
    }
  }

  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    constructor(...args) {
      super(...args);
      let messages = 0;
      const timer = setTimeout(showNotice, STILL_CONNECTING_AFTER);
      this.addEventListener("message", (event) => {
        messages += 1;
        const size = event.data && event.data.byteLength !== undefined ? event.data.byteLength : String(event.data).length;
        if (messages >= 2 || size >= SCREEN_BYTES) {
          clearTimeout(timer);
          hideNotice();
        }
      });
      this.addEventListener("close", () => clearTimeout(timer)); // the client opens another: its own timer
    }
  };
})();
