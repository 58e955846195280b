// Tableside's service worker for the browser build: a second visit starts with no network at all.
// It stands in for Flutter's flutter_service_worker.js (which only unregisters itself), under the same
// name, so Flutter's loader finds it registered and leaves it. `install` keeps the files every start
// needs (PRECACHE, written by companion/standalone/build.py); every other file of the site that a
// page fetches is kept the first time. Served from the cache first: the site's files change only with
// a new build, which has a new CACHE name, and `activate` drops the old build's cache.
"use strict";

const CACHE = "tableside-__BUILD__";
const PRECACHE = __PRECACHE__;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(PRECACHE);
    await self.skipWaiting();
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
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    const kept = await cache.match(key(request));
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(key(request), response.clone());
    return response;
  })());
});
