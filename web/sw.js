// posenc's service worker: after the first visit the site works offline. Requests to the site's own
// origin go to the network first (so a new build is picked up at once) and fall back to the copy kept
// from the last successful load; the files of the first view are stored when the worker installs.
// Lesson train's Web Workers (train_worker.js and train_worker.wasm, fetched when Train is first pressed)
// are clients of the page: their requests come here too and are kept the same way.
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

// The same file by its validators: the ETag, or the modification time and the length.
function sameFile(a, b) {
  var h = function (r, k) { return r.headers.get(k); };
  if (h(a, 'ETag') || h(b, 'ETag')) return h(a, 'ETag') === h(b, 'ETag');
  return !!h(a, 'Last-Modified') && h(a, 'Last-Modified') === h(b, 'Last-Modified') &&
         h(a, 'Content-Length') === h(b, 'Content-Length');
}

self.addEventListener('fetch', function (event) {
  var request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(fetch(request).then(function (response) {
    if (response.ok && response.type === 'basic') {
      // Stored only once its whole body has arrived (a download cut short must not replace the good copy
      // kept from before), and not again when the copy kept is the same file: a cache replaces an entry by
      // removing it first, so each needless store left a moment without one (the offline test caught it).
      var copy = response.clone();
      caches.open(CACHE).then(function (cache) {
        return cache.match(request, { ignoreSearch: true }).then(function (kept) {
          if (kept && sameFile(kept, copy)) return;
          return copy.arrayBuffer().then(function (body) {
            // The page's "?keep" copies (loader.js) are kept under the file's own name.
            var key = new URL(request.url).search === '?keep' ? request.url.split('?')[0] : request;
            return cache.put(key, new Response(body, { status: copy.status, statusText: copy.statusText,
                                                            headers: copy.headers }));
          });
        });
      }).catch(function () {});
    }
    return response;
  }).catch(function () {
    return caches.match(request, { ignoreSearch: true }).then(function (hit) {
      return hit || Response.error();
    });
  }));
});
