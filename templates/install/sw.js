// Caddie & Tally's service worker, served at /sw.js by caddie/web/install.py (its scope: the whole app).
//
// What it keeps, in this browser's own caches:
// - the static files, the offline page, the manifest and the icons, in "caddie-static-<version>":
//   the version is a hash of those files, worked out on the server, so a release that changes any
//   of them is a new worker, which fills a new cache and deletes the old ones when it takes over.
//   They are answered from the cache first (they cannot change without the version changing).
// - the ledger's pages as this browser last saw them (the list, each round with or without
//   ?cell=, its printable card), the home page and the rules, in "caddie-pages": a page is always
//   asked of the network first, and the kept copy is shown only when no answer comes (or a proxy's
//   502 or 504, which say that the app behind it did not answer). One copy per
//   page, the newest; a round's copy is fetched again a moment after a score is written into it
//   (by the pad or the outbox), so that a reload without a connection shows the scores it had.
// What it never keeps: anything but a GET, fragments htmx asks for, the API, live tables and
// their streams (/t/, /w/, /join), share and edit links (/ledger/s/, /ledger/e/), any page with a
// token in it, redirects, refusals, and anything the server marks no-store.
"use strict";

var VERSION = {{ version | tojson }};
var STATIC_CACHE = "caddie-static-" + VERSION;
var PAGES_CACHE = "caddie-pages";
var SHELL = {{ shell | tojson }};
var OFFLINE_URL = {{ offline_url | tojson }};
var MAX_PAGES = 60; // the oldest kept pages go first
var REFRESH_AFTER_MS = 1000; // a burst of scores (a whole hole) fetches the round's page once

var ID = "[A-Za-z0-9_-]+";
var KEPT_PAGES = [
  new RegExp("^/$"),
  new RegExp("^/ledger/$"),
  new RegExp("^/ledger/r/" + ID + "$"),
  new RegExp("^/ledger/r/" + ID + "/print$"),
  new RegExp("^/rules/(clubs)?$"),
];
var ROUND_WRITE = new RegExp("^(/ledger/r/" + ID + ")/[a-z]+$"); // a score, a delete, a restore

function keptPage(url) {
  return url.origin === self.location.origin && KEPT_PAGES.some(function (rule) { return rule.test(url.pathname); });
}

self.addEventListener("install", function (event) {
  event.waitUntil(
    caches.open(STATIC_CACHE).then(function (cache) {
      // "reload": past the browser's HTTP cache, so the new cache holds the new files
      return cache.addAll(SHELL.map(function (url) { return new Request(url, { cache: "reload" }); }));
    }).then(function () { return self.skipWaiting(); })
  );
});

self.addEventListener("activate", function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(names.filter(function (name) {
        return name.indexOf("caddie-static-") === 0 && name !== STATIC_CACHE;
      }).map(function (name) { return caches.delete(name); }));
    }).then(function () { return self.clients.claim(); })
  );
});

self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method !== "GET") {
    // Writes go to the network as if no worker ran (never through this worker's own fetch: a
    // write must not wait on the worker, which may come back on the network later than the page
    // after a dropped connection) and are never kept; one into a round renews its kept copy soon.
    var round = ROUND_WRITE.exec(url.pathname);
    if (request.method === "POST" && round && request.mode !== "navigate") {
      event.waitUntil(refreshSoon(roundPageOf(request, round[1])));
    }
    return;
  }
  if (request.mode === "navigate") {
    event.respondWith(page(request, url, event));
  } else if (SHELL.indexOf(url.pathname) !== -1 && !url.search) {
    event.respondWith(shellFile(request));
  }
  // anything else (htmx's fragments, the API, event streams) goes to the network as if no worker ran
});

// The page that was open when this worker first took over was loaded before it: keep it too.
self.addEventListener("message", function (event) {
  var data = event.data || {};
  if (data.type !== "keep" || typeof data.url !== "string") return;
  var url = new URL(data.url, self.location.origin);
  if (!keptPage(url)) return;
  event.waitUntil(fetch(url.href, { credentials: "same-origin" }).then(function (response) {
    return remember(url, response);
  }, function () { /* offline already: nothing to keep */ }));
});

// A proxy in front (docs/production.md) answers these when the app itself did not: the app never
// does, so they are treated as no answer, and a kept copy is shown if there is one.
var GATEWAY_ERRORS = [502, 504];

function page(request, url, event) {
  return fetch(request).then(function (response) {
    if (GATEWAY_ERRORS.indexOf(response.status) !== -1) {
      return keptCopy(url).then(function (copy) { return copy || response; });
    }
    if (keptPage(url)) event.waitUntil(remember(url, response.clone()));
    return response;
  }, function () {
    return keptCopy(url).then(function (copy) {
      return copy || caches.match(OFFLINE_URL, { cacheName: STATIC_CACHE }).then(function (offline) {
        return offline || Response.error();
      });
    });
  });
}

// The page the score was typed on (the pad's ?cell=), or the round's own address.
function roundPageOf(request, roundPath) {
  var from = request.referrer ? new URL(request.referrer) : null;
  var typedOn = from && from.origin === self.location.origin && from.pathname === roundPath;
  return typedOn ? from : new URL(roundPath, self.location.origin);
}

var refreshes = {}; // page path -> the refresh waiting to run: {timer, done}

function refreshSoon(url) {
  var waiting = refreshes[url.pathname];
  if (waiting) {
    clearTimeout(waiting.timer);
    waiting.done(); // the refresh below stands for it too
  }
  return new Promise(function (done) {
    var entry = { done: done };
    entry.timer = setTimeout(function () {
      if (refreshes[url.pathname] === entry) delete refreshes[url.pathname];
      fetch(url.href, { credentials: "same-origin" }).then(function (response) {
        return remember(url, response);
      }).then(done, done);
    }, REFRESH_AFTER_MS);
    refreshes[url.pathname] = entry;
  });
}

// A page worth keeping is this browser's own plain answer: 200, here, not redirected, not no-store.
function remember(url, response) {
  return caches.open(PAGES_CACHE).then(function (cache) {
    var keep = response.status === 200 && response.type === "basic" && !response.redirected &&
      !/no-store/i.test(response.headers.get("Cache-Control") || "");
    if (!keep) {
      // gone (deleted, or not this browser's): no copy of it may outlive it
      if (response.status === 404 || response.status === 410) return forget(cache, url);
      return undefined;
    }
    // every older copy of the page (other ?cell=) goes first, so the keys stay oldest first
    return forget(cache, url).then(function () { return cache.put(url.href, response); }).then(function () {
      return cache.keys();
    }).then(function (keys) {
      return Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_PAGES)).map(function (old) {
        return cache.delete(old);
      }));
    });
  });
}

function forget(cache, url) {
  return cache.keys(url.href, { ignoreSearch: true }).then(function (keys) {
    return Promise.all(keys.map(function (key) { return cache.delete(key); }));
  });
}

// The page's newest copy, whatever its ?cell= (the pad then opens where it was last seen).
function keptCopy(url) {
  if (!keptPage(url)) return Promise.resolve(undefined);
  return caches.open(PAGES_CACHE).then(function (cache) {
    return cache.match(url.href, { ignoreSearch: true });
  });
}

function shellFile(request) {
  return caches.match(request, { cacheName: STATIC_CACHE }).then(function (kept) {
    return kept || fetch(request);
  });
}
