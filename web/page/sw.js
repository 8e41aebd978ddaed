// Keeps trfkit's page for offline use: the page is one file (index.html),
// kept at install and answered from the cache first. A new build changes
// the version below, so the browser installs the new page and drops the old.
"use strict";
const CACHE = "trfkit-page-@VERSION@";
self.addEventListener("install", (ev) => {
  ev.waitUntil(caches.open(CACHE).then((c) => c.add("./")).then(() => self.skipWaiting()));
});
self.addEventListener("activate", (ev) => {
  ev.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener("fetch", (ev) => {
  if (ev.request.mode !== "navigate") return;
  ev.respondWith(caches.open(CACHE)
    .then((c) => c.match("./"))
    .then((hit) => hit || fetch(ev.request)));
});
