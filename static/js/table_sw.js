// The tables' service worker, served as /t/sw.js (scope /t/): once a table's page has been
// opened, it opens again with no network.
//
// - A table's page (a navigation under /t/) comes from the network whenever it answers,
//   and a copy is kept; with no network the copy is served. A link that no longer works
//   (404, 410) loses its copy.
// - The page's own files (under the static prefix) are served from the copy kept, and
//   refreshed from the network behind it.
// - Everything else, state.json and every POST among it, goes to the network untouched:
//   the page itself keeps what it sends until it is through, with its CSRF token.
"use strict";

var CACHE = "scoresheet-tables-1";
var STATIC = new URL(self.location.href).searchParams.get("static") || "/static/";

self.addEventListener("install", function () { self.skipWaiting(); });

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (name) {
      return name.indexOf("scoresheet-tables-") === 0 && name !== CACHE;
    }).map(function (name) { return caches.delete(name); }));
  }).then(function () { return self.clients.claim(); }));
});

// The page asks for its own address and files to be kept as soon as the worker runs, so
// the very first visit is enough.
self.addEventListener("message", function (event) {
  var files = event.data && event.data.keep;
  if (!Array.isArray(files)) { return; }
  event.waitUntil(caches.open(CACHE).then(function (cache) {
    return Promise.all(files.map(function (file) {
      var url = new URL(file, self.location.href);
      if (url.origin !== self.location.origin) { return null; }
      return fetch(url.href, {credentials: "same-origin"}).then(function (response) {
        return response.ok ? cache.put(url.href, response) : null;
      }).catch(function () { return null; });
    }));
  }));
});

function page(request) {
  return fetch(request).then(function (response) {
    var copy = response.clone();
    caches.open(CACHE).then(function (cache) {
      if (response.ok) { return cache.put(request.url, copy); }
      if (response.status === 404 || response.status === 410) { return cache.delete(request.url); }
      return null;
    });
    return response;
  }, function () {
    return caches.open(CACHE).then(function (cache) {
      return cache.match(request.url).then(function (hit) {
        return hit || cache.match(request.url, {ignoreSearch: true});
      });
    }).then(function (hit) { return hit || Response.error(); });
  });
}

function file(request) {
  return caches.open(CACHE).then(function (cache) {
    return cache.match(request.url).then(function (hit) {
      var fresh = fetch(request).then(function (response) {
        if (response.ok) { cache.put(request.url, response.clone()); }
        return response;
      });
      if (hit) {
        fresh.catch(function () { return null; });
        return hit;
      }
      return fresh;
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") { return; }
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) { return; }
  if (request.mode === "navigate") {
    event.respondWith(page(request));
  } else if (url.pathname.indexOf(STATIC) === 0) {
    event.respondWith(file(request));
  }
});
