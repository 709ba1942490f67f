// Starts posenc: checks for WebGL2, downloads the module with a progress bar, and turns any failure to
// load into a readable message instead of a blank page. No inline script, so a strict CSP holds.
(function () {
  'use strict';
  var loader = document.getElementById('loader');
  var status = document.getElementById('status');
  var fill = document.getElementById('bar-fill');
  var started = false;
  var failed = false;

  // Keys an input method is composing with (keyCode 229, or isComposing: Enter or Space choosing a
  // candidate) belong to it, not to the app: this listener is registered before the module's own key
  // listeners on the window, so it runs first and keeps them from the app (the browser still composes).
  ['keydown', 'keyup', 'keypress'].forEach(function (type) {
    window.addEventListener(type, function (e) {
      if (e.isComposing || e.keyCode === 229) e.stopImmediatePropagation();
    }, true);
  });

  // A card in a host page (#…&embed=1 in an iframe) lets Tab leave it: with the keyboard on its last part
  // (Shift-Tab: its first) the key goes to the browser, which moves the focus on into the host page, and
  // not to the app (posenc.js sets Module.posencTabOut after each frame; like the listener above, this one
  // runs before the module's).
  window.addEventListener('keydown', function (e) {
    if (e.key !== 'Tab' || e.ctrlKey || e.altKey || e.metaKey || !window.Module) return;
    if ((window.Module.posencTabOut | 0) & (e.shiftKey ? 2 : 1)) e.stopImmediatePropagation();
  }, true);
  // Inside another page the canvas shows when it has the keyboard (style.css), and never takes the focus
  // by itself: the host page keeps its focus and its scroll position.
  var framed = window.parent !== window;
  if (framed) document.documentElement.classList.add('framed');

  // The loading screen and every start-up error speak the language the app will open in: the link's
  // lang=, else the learner's last choice, else the browser's (the same rule as the app).
  var zh = false;
  try {
    var asked = /[#&]lang=(en|zh)\b/.exec(location.hash);
    zh = asked ? asked[1] === 'zh'
               : (localStorage.getItem('posenc.lang') || (/^zh/i.test(navigator.language || '') ? 'zh' : 'en')) === 'zh';
  } catch (e) {}
  // Every sentence of the loading screen and of the start-up errors, [English, Chinese]; {0}, {1} stand
  // for the values it takes, in order.
  var sentences = {
    loading: ['Loading…', '正在加载…'],
    megabytes: ['Loading… {0} MB', '正在加载… {0} MB'],
    tagline: ['positional encoding in Transformers, step by step', '一步步看懂 Transformer 中的位置编码'],
    noWebGL2: ['posenc needs WebGL2, which this browser or device does not provide. ' +
               'Try a current Firefox, Chrome, Edge or Safari, or enable hardware acceleration.',
               'posenc 需要 WebGL2，但这个浏览器或设备不支持。请换用新版的 Firefox、Chrome、Edge 或 Safari，或者打开硬件加速。'],
    couldNotStart: ['posenc could not start: {0}. Check your connection and reload the page.',
                    'posenc 无法启动：{0}。请检查网络连接后重新加载页面。'],
    failedToStart: ['posenc could not start: {0}.', 'posenc 无法启动：{0}。'],
    aFile: ['a file failed to load', '有文件没能加载'],
    httpError: ['{0} could not be loaded (HTTP {1})', '{0} 无法加载（HTTP {1}）'],
    contextLost: ['The graphics context was lost. Reload the page to continue.', '图形上下文丢失了。请重新加载页面继续。'],
    scriptMissing: ['posenc.js could not be loaded. Check your connection and reload the page.',
                    'posenc.js 无法加载。请检查网络连接后重新加载页面。'],
    stopped: ['posenc stopped unexpectedly: {0}', 'posenc 意外停止：{0}'],
    shaders: ['posenc could not set up its graphics (WebGL2 shaders): {0}', 'posenc 无法设置图形（WebGL2 着色器）：{0}'],
    codeMissing: ['The code of the other lessons (posenc.deferred.wasm) could not be loaded: {0}. ' +
                  'Check your connection and reload the page.',
                  '其余课程的代码（posenc.deferred.wasm）无法加载：{0}。请检查网络连接后重新加载页面。']
  };
  // say.name: that sentence in the page's language; a function of its values (say.httpError(url, status))
  // where it takes some.
  var say = {};
  Object.keys(sentences).forEach(function (name) {
    var text = sentences[name][zh ? 1 : 0];
    say[name] = text.indexOf('{0}') < 0 ? text : function () {
      var values = arguments;
      return text.replace(/\{(\d)\}/g, function (slot, i) { return values[i]; });
    };
  });
  if (zh) {
    document.documentElement.lang = 'zh';
    var tagline = loader.querySelector('.tagline');
    if (tagline) tagline.textContent = say.tagline;
    status.textContent = say.loading;
  }

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
  if ('serviceWorker' in navigator && window.isSecureContext && !framed) {  // (not for a card in a frame)
    window.addEventListener('load', function () {
      navigator.serviceWorker.register('sw.js').catch(function (e) {
        console.warn('posenc: offline use is not available: ' + (e && e.message ? e.message : e));
      });
    });
    // On a first visit the worker takes over only after the page has loaded: files fetched before that
    // (the other lessons' code for a link to them, the Chinese font and text, the code panel's text,
    // lesson train's worker script) are asked for once more through it, so that it keeps them too — marked "?keep", so that a server's
    // log (and a test counting what the page loads) can tell this copy from the page's own request.
    navigator.serviceWorker.addEventListener('controllerchange', function () {
      performance.getEntriesByType('resource').forEach(function (entry) {
        var url = new URL(entry.name);
        if (url.origin === location.origin && !url.search &&
            /(\.deferred\.wasm|\.ttf|\.txt|train_worker\.js)$/.test(url.pathname))
          fetch(entry.name + '?keep', { credentials: 'same-origin' }).catch(function () {});
      });
    });
  }

  // WebGL2 itself is checked without creating a context here (a throwaway context cost ~200 ms before
  // the download even started); if the browser has the API but cannot create one, main() reports it
  // through Module.posencFail with the same message.
  var noWebGL2 = say.noWebGL2;
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
    status.textContent = say.megabytes((l / 1048576).toFixed(1));
  }

  // Fetches `url` as a Response whose body reports its progress under `name`.
  function download(name, url, type) {
    return fetch(url, { credentials: 'same-origin' }).then(function (response) {
      if (!response.ok) throw new Error(say.httpError(url, response.status));
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
    fail(say.couldNotStart(e && e.message ? e.message : e));
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

  // The code of lessons 2 onwards and of compute() is a second module (tools/split_wasm.py): the first
  // view does not wait for it. It is fetched when the learner first interacts, or before main() when
  // the link opens another lesson. Instantiating it fills the table slots the first module calls those
  // functions through; a call that comes first (the console API, a hash typed later) loads it
  // synchronously through Module.loadSplitModule instead.
  var deferredUrl = 'posenc.deferred.wasm';
  var deferred = { compiled: null, module: null, loaded: false };
  function fetchDeferred() {
    if (!deferred.compiled) {
      deferred.compiled = fetch(deferredUrl, { credentials: 'same-origin' }).catch(function (e) {
        // Offline, and the worker did not answer for it (not in control yet): the copy it kept, if any.
        if (!window.caches) throw e;
        return caches.match(deferredUrl, { ignoreSearch: true }).then(function (hit) {
          if (!hit) throw e;
          return hit;
        });
      }).then(function (response) {
        if (!response.ok) throw new Error(say.httpError(deferredUrl, response.status));
        return response.arrayBuffer();
      }).then(function (buffer) {
        return WebAssembly.compile(buffer);
      }).then(function (module) {
        deferred.module = module;
        return module;
      });
    }
    return deferred.compiled;
  }
  function instantiateDeferred() {
    return fetchDeferred().then(function (module) {
      if (deferred.loaded) return null;
      return WebAssembly.instantiate(module, { primary: window.Module.asm }).then(function () {
        deferred.loaded = true;
      });
    });
  }
  function loadDeferredNow(file, imports) {
    if (deferred.loaded) return;
    try {
      var module = deferred.module;
      if (!module) {
        var xhr = new XMLHttpRequest();
        xhr.open('GET', deferredUrl, false);
        xhr.overrideMimeType('text/plain; charset=x-user-defined');
        xhr.send();
        if (xhr.status !== 200) throw new Error(say.httpError(deferredUrl, xhr.status));
        var text = xhr.responseText;
        var bytes = new Uint8Array(text.length);
        for (var i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i) & 0xff;
        module = new WebAssembly.Module(bytes);
      }
      new WebAssembly.Instance(module, imports);
      deferred.loaded = true;
    } catch (e) {
      fail(say.codeMissing(e && e.message ? e.message : e));
      throw e;
    }
  }
  var linkedLesson = null;
  location.hash.replace(/^#/, '').split('&').forEach(function (item) {
    var eq = item.indexOf('=');
    if (eq > 0 && item.slice(0, eq) === 'lesson') {
      try { linkedLesson = decodeURIComponent(item.slice(eq + 1)); } catch (e) { linkedLesson = item.slice(eq + 1); }
    }
  });
  var needDeferred = linkedLesson !== null && linkedLesson !== 'order';
  if (needDeferred) fetchDeferred().catch(function () {});  // downloads alongside posenc.wasm
  function firstInput() {
    ['pointerdown', 'keydown', 'touchstart', 'wheel'].forEach(function (type) {
      window.removeEventListener(type, firstInput, true);
    });
    (started ? instantiateDeferred() : fetchDeferred()).catch(function () {});
  }
  ['pointerdown', 'keydown', 'touchstart', 'wheel'].forEach(function (type) {
    window.addEventListener(type, firstInput, true);
  });

  var canvas = document.getElementById('canvas');
  // The app draws a frame only where it differs from the one shown (web_main.cpp): the canvas keeps its
  // pixels between frames. Emscripten's GLFW asks for the WebGL context without a way to say so.
  var getContext = canvas.getContext;
  canvas.getContext = function (type, attributes) {
    if (/webgl/.test(type)) attributes = Object.assign({}, attributes, {preserveDrawingBuffer: true});
    return getContext.call(canvas, type, attributes);
  };
  canvas.addEventListener('webglcontextlost', function (e) {
    e.preventDefault();
    fail(say.contextLost);
  });

  window.Module = {
    canvas: canvas,
    instantiateWasm: instantiateWasm,
    // No setStatus: with one, emscripten's run() defers main() by two timer hops (~40 ms here).
    monitorRunDependencies: function () {},
    loadSplitModule: loadDeferredNow,
    // Before main(): a link to another lesson waits for that lesson's code.
    preRun: [function () {
      if (!needDeferred) return;
      var Module = window.Module;
      Module.addRunDependency('deferred');
      instantiateDeferred().then(function () { Module.removeRunDependency('deferred'); }, function (e) {
        fail(say.codeMissing(e && e.message ? e.message : e));
      });
    }],
    onAbort: function (what) { fail(say.stopped(what)); },
    // From main(): 'webgl2', or 'shaders:' and the compiler's log.
    posencFail: function (what) {
      fail(what === 'webgl2' ? noWebGL2 : what.indexOf('shaders:') === 0 ? say.shaders(what.slice(8)) : what);
    },
    onPosencStarted: function () {
      started = true;
      loader.classList.add('done');
      // Out of the accessibility tree once it has faded: a screen reader should not find a stale
      // "loading" region after the app is up.
      loader.removeAttribute('aria-live');
      setTimeout(function () { if (!failed) loader.hidden = true; }, 400);
      if (!framed) canvas.focus();
      // Once fetched (first input, or the link), the other lessons' code is put in place between frames.
      if (deferred.compiled) instantiateDeferred().catch(function () {});
    },
    print: function (text) { console.log(text); },
    printErr: function (text) {
      // Emscripten narrates a synchronous load of the second module; that is not a problem to report.
      if (/^(placeholder function called|instantiated deferred module)/.test(text)) return;
      console.warn(text);
    }
  };

  window.addEventListener('error', function (e) {
    if (!started) fail(say.failedToStart(e.message || say.aFile));
  });
  window.addEventListener('unhandledrejection', function (e) {
    if (!started) fail(say.failedToStart(e.reason && e.reason.message ? e.reason.message : e.reason));
  });

  var script = document.createElement('script');
  script.src = 'posenc.js';
  script.onerror = function () { fail(say.scriptMissing); };
  document.body.appendChild(script);
})();
