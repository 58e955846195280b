// Tableside's service worker for the browser build: a second visit starts with no network at all.
// It stands in for Flutter's flutter_service_worker.js (which only unregisters itself), under the same
// name, so Flutter's loader finds it registered and leaves it. `install` keeps the files every start
// needs (PRECACHE, written by companion/standalone/build.py); the page then names the files its start
// used before this worker ran (`keep`: the CanvasKit this browser runs) and the memory snapshot; every
// other file of the site that a page fetches is kept the first time. Served from the cache first: the
// site's files change only with a new build, which has a new CACHE name. A new build waits until the
// next start (the page's `take` message), so a page never runs on two builds' files; `activate` then
// drops the old build's cache, its snapshot with it.
"use strict";

const CACHE = "tableside-__BUILD__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE);
    if (!self.registration.active) await self.skipWaiting();  // a first install: nothing runs yet to wait for
  })());
});

// This build's cache, or null once a newer build has taken over and dropped it: a worker on its way out
// (still serving the page it started) must not make its cache again (the old snapshot kept for nothing).
async function ownCache() {
  return (await caches.has(CACHE)) ? caches.open(CACHE) : null;
}

// The kept copy of a file of the site, else the network's, kept for next time (`cache` null: not kept).
async function keptOrFetched(cache, request) {
  const kept = cache && (await cache.match(key(request)));
  if (kept) return kept;
  const response = await fetch(request);
  if (cache && response.ok && response.type === "basic") await cache.put(key(request), response.clone());
  return response;
}

self.addEventListener("message", (event) => {
  const asked = event.data || {};
  if (asked.take) {
    event.waitUntil(self.skipWaiting());
    return;
  }
  if (!Array.isArray(asked.keep)) return;
  event.waitUntil((async () => {
    const cache = await ownCache();
    if (!cache) return;
    for (const name of asked.keep) {
      const url = new URL(name, self.registration.scope);
      if (url.origin !== self.location.origin || !url.pathname.startsWith(new URL(self.registration.scope).pathname)) continue;
      try {
        await keptOrFetched(cache, new Request(url));
      } catch (error) {
        // offline, or gone from the host: kept at a later start
      }
    }
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

function key(request) {
  // One entry per file: the query (Flutter's ?v=…) does not make another; a route of the app
  // (hash routing: only "/" and index.html are pages) is the page.
  const url = new URL(request.url);
  url.search = "";
  if (request.mode === "navigate") url.pathname = new URL("./", self.registration.scope).pathname;
  return url.href;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(ownCache().then((cache) => keptOrFetched(cache, request)));
});
