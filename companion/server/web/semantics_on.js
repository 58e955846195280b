// Tableside: Flutter's accessibility tree on from the first frame (inlined into index.html, served and built).
// Flutter's web engine builds the tree only once asked: by the app (SemanticsBinding.ensureSemantics(),
// which Flet's prebuilt client never calls) or by a click on its "Enable accessibility" placeholder, a
// hidden button a screen reader user would have to find first. This script is that click, made by the page
// as soon as the engine adds the placeholder, before Flutter draws its first frame. It leans on the engine
// (a seam: companion/server/flet_seams.py, SEMANTICS_PLACEHOLDER; tests/test_flet_seams.py checks the client
// still holds it; tests/e2e/test_accessibility.py checks the tree is there with no click of a test's).
(() => {
  "use strict";
  const PLACEHOLDER = "flt-semantics-placeholder";
  const TRIES = 10; // a click not taken (the placeholder stays) is made again each second, as the tests once did
  let again = null;

  function activate(placeholder) {
    // At the placeholder's centre: a desktop's engine takes any click on it; a phone's (Android, iOS) covers
    // the screen with it and takes a click at its centre, then switches the tree on 300 ms later.
    const box = placeholder.getBoundingClientRect();
    const at = { bubbles: true, cancelable: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 };
    placeholder.dispatchEvent(new MouseEvent("click", at));
  }

  function look() {
    const placeholder = document.querySelector(PLACEHOLDER);
    if (!placeholder || again !== null) return;
    observer.disconnect(); // the page's own changes (Flutter's tree, being built) are not looked through
    activate(placeholder);
    let tries = 1;
    again = setInterval(() => {
      const still = document.querySelector(PLACEHOLDER);
      if (still && tries < TRIES) {
        activate(still);
        tries += 1;
      } else {
        clearInterval(again);
      }
    }, 1000);
  }

  const observer = new MutationObserver(look);
  observer.observe(document.documentElement, { childList: true, subtree: true });
  look();
})();
