// posenc's service worker: after the first visit the site works offline. Requests to the site's own
// origin go to the network first (so a new build is picked up at once) and fall back to the copy kept
// from the last successful load; the files of the first view are stored when the worker installs.
// Scope: the folder the site is served from, so it works under any sub-path.
'use strict';
var CACHE = 'posenc-v2';
var FIRST_VIEW = ['./', 'index.html', 'style.css', 'loader.js', 'posenc.js', 'posenc.wasm'];

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.addAll(FIRST_VIEW); })
    .then(function () { return self.skipWaiting(); }));
});

self.addEventListener('activate', function (event) {
  event.waitUntil(caches.keys().then(function (names) {
    return Promise.all(names.filter(function (n) { return n.indexOf('posenc-') === 0 && n !== CACHE; })
      .map(function (n) { return caches.delete(n); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && response.type === 'basic') {
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) { cache.put(request, copy); });
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreSearch: true }).then(function (hit) {
      return hit || Response.error();
    });
  }));
});
