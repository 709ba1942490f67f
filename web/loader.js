// Starts posenc: checks for WebGL2, downloads the module with a progress bar, and turns any failure to
// load into a readable message instead of a blank page. No inline script, so a strict CSP holds.
(function () {
  'use strict';
  var loader = document.getElementById('loader');
  var status = document.getElementById('status');
  var fill = document.getElementById('bar-fill');
  var started = false;
  var failed = false;

  function fail(message) {
    if (failed) return;
    failed = true;
    loader.hidden = false;
    loader.setAttribute('aria-live', 'polite');
    loader.classList.remove('done');
    loader.classList.add('error');
    status.textContent = message;
  }

  // Offline after the first visit (sw.js keeps the site's files). Not on file:// or insecure origins.
  if ('serviceWorker' in navigator && window.isSecureContext) {
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('sw.js').catch(function (e) {
        console.warn('posenc: offline use is not available: ' + (e && e.message ? e.message : e));
      });
    });
  }

  // WebGL2 itself is checked without creating a context here (a throwaway context cost ~200 ms before
  // the download even started); if the browser has the API but cannot create one, main() reports it
  // through Module.posencFail with the same message.
  var noWebGL2 = 'posenc needs WebGL2, which this browser or device does not provide. ' +
                 'Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration.';
  if (typeof WebGL2RenderingContext === 'undefined') {
    fail(noWebGL2);
    return;
  }

  // Bytes per file, for the progress bar.
  var bytes = {};
  function report(name, loaded, total) {
    if (failed) return;
    bytes[name] = { loaded: loaded, total: Math.max(total, loaded) };
    var l = 0, t = 0;
    for (var k in bytes) { l += bytes[k].loaded; t += bytes[k].total; }
    if (t > 0) fill.style.width = Math.min(100, Math.round(100 * l / t)) + '%';
    status.textContent = 'Loading… ' + (l / 1048576).toFixed(1) + ' MB';
  }

  // Fetches `url` as a Response whose body reports its progress under `name`.
  function download(name, url, type) {
    return fetch(url, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error(url + ' could not be loaded (HTTP ' + response.status + ')');
      var total = Number(response.headers.get('Content-Length')) || 0;
      var loaded = 0;
      var reader = response.body && response.body.getReader ? response.body.getReader() : null;
      var body = reader ? new ReadableStream({
        pull: function (controller) {
          return reader.read().then(function (chunk) {
            if (chunk.done) { controller.close(); return; }
            loaded += chunk.value.length;
            report(name, loaded, total);
            controller.enqueue(chunk.value);
          });
        }
      }) : response.body;
      return new Response(body, { headers: { 'Content-Type': type } });
    });
  }

  function failLoading(e) {
    fail('posenc could not start: ' + (e && e.message ? e.message : e) + '. Check your connection and reload the page.');
  }

  // The download starts now, before posenc.js runs: the module compiles while it streams in, and
  // posenc.js is parsed meanwhile.
  var compiled = download('wasm', 'posenc.wasm', 'application/wasm').then(function (response) {
    return WebAssembly.compileStreaming(response);
  });
  compiled.catch(failLoading);

  function instantiateWasm(imports, success) {
    compiled.then(function (module) {
      return WebAssembly.instantiate(module, imports).then(function (instance) { success(instance, module); });
    }).catch(failLoading);
    return {};
  }

  var canvas = document.getElementById('canvas');
  canvas.addEventListener('webglcontextlost', function (e) {
    e.preventDefault();
    fail('The graphics context was lost. Reload the page to continue.');
  });

  window.Module = {
    canvas: canvas,
    instantiateWasm: instantiateWasm,
    // No setStatus: with one, emscripten's run() defers main() by two timer hops (~40 ms here).
    monitorRunDependencies: function () {},
    onAbort: function (what) { fail('posenc stopped unexpectedly: ' + what); },
    posencFail: function (what) { fail(what === 'webgl2' ? noWebGL2 : what); },
    onPosencStarted: function () {
      started = true;
      loader.classList.add('done');
      // Out of the accessibility tree once it has faded: a screen reader should not find a stale
      // "loading" region after the app is up.
      loader.removeAttribute('aria-live');
      setTimeout(function () { if (!failed) loader.hidden = true; }, 400);
      canvas.focus();
    },
    print: function (text) { console.log(text); },
    printErr: function (text) { console.warn(text); }
  };

  window.addEventListener('error', function (e) {
    if (!started) fail('posenc could not start: ' + (e.message || 'a file failed to load') + '.');
  });
  window.addEventListener('unhandledrejection', function (e) {
    if (!started) fail('posenc could not start: ' + (e.reason && e.reason.message ? e.reason.message : e.reason) + '.');
  });

  var script = document.createElement('script');
  script.src = 'posenc.js';
  script.onerror = function () { fail('posenc.js could not be loaded. Check your connection and reload the page.'); };
  document.body.appendChild(script);
})();
