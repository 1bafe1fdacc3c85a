// manille_variants service worker: the pages stay on the phone for when the host is out of reach.
// Pages and static files: the network first (waiting a few seconds at most), else the copy kept
// from the last visit, else the offline page. The JSON API is never answered from the cache: a
// deal typed meanwhile is kept by the page (app.js) and sent when the host is back.
"use strict";

const CACHE = "manille-v1";
const SHELL = ["/static/app.css", "/static/app.js", "/static/icon.svg", "/offline"];
const WAIT_MS = 4000;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
    .then(() => self.clients.claim()));
});

function network(request) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the host is out of reach")), WAIT_MS);
    fetch(request).then((response) => { clearTimeout(timer); resolve(response); },
      (error) => { clearTimeout(timer); reject(error); });
  });
}

async function fresh(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await network(request);
    if (response.ok && !response.redirected) cache.put(request, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request, { ignoreVary: true });
    if (kept) return kept;
    if (request.mode === "navigate") {
      const page = await cache.match("/offline");
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/api/") || url.pathname.endsWith("/export.json") || url.pathname.endsWith("/export.csv")) return;
  if (url.pathname.startsWith("/compare/") || url.searchParams.has("token")) return;
  event.respondWith(fresh(request));
});
