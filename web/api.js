// window.posenc — the JavaScript API (contract in DESIGN.md), appended to the module with --post-js.
// Arguments are checked for type here and passed to C++ typed; C++ validates ranges and answers.
(function () {
  'use strict';
  var resolveReady;
  var ready = new Promise(function (resolve) { resolveReady = resolve; });
  var MAX_KEYS = 32, MAX_KEY_BYTES = 64, MAX_STRING_BYTES = 256, MAX_ARRAY = 1 << 24;
  var MAX_JSON_BYTES = 4 * 1024 * 1024;  // a model's config.json (rope_init's config), as C++ caps it

  Module['onPosencReady'] = function () {
    resolveReady();
    if (Module['onPosencStarted']) Module['onPosencStarted']();
  };

  function text(fn, types, args) { return Module['ccall'](fn, 'string', types, args); }
  function json(fn, types, args) { return JSON.parse(text(fn, types, args)); }
  function err(message) { return { 'error': message }; }

  function typeName(v) {
    if (v === null) return 'null';
    if (Array.isArray(v)) return 'an array with non-numbers';
    return 'a value of type ' + typeof v;
  }

  function passArray(key, values) {
    var n = values.length;
    var ptr = Module['_malloc'](Math.max(8, n * 8));
    if (!ptr) return false;
    HEAPF64.set(values, ptr >> 3);
    Module['ccall']('posenc_arg_array', null, ['string', 'number', 'number'], [key, ptr, n]);
    Module['_free'](ptr);
    return true;
  }

  // A JSON text (an object argument, stringified) through the heap, not the stack: configs run to KBs.
  function passJson(key, jsonText) {
    var bytes = new TextEncoder().encode(jsonText);
    var ptr = Module['_malloc'](bytes.length + 1);
    if (!ptr) return false;
    HEAPU8.set(bytes, ptr);
    HEAPU8[ptr + bytes.length] = 0;
    Module['ccall']('posenc_arg_json', null, ['string', 'number'], [key, ptr]);
    Module['_free'](ptr);
    return true;
  }

  function isPlainObject(v) {
    return v !== null && typeof v === 'object' && !Array.isArray(v) && !ArrayBuffer.isView(v) &&
      (Object.getPrototypeOf(v) === Object.prototype || Object.getPrototypeOf(v) === null);
  }

  function compute(kind, args) {
    if (typeof kind !== 'string') return err('compute(kind, args): kind must be a string, e.g. "sinusoidal"');
    if (kind.length > MAX_KEY_BYTES) return err('compute: unknown kind (name too long)');
    if (args === undefined || args === null) args = {};
    if (typeof args !== 'object' || Array.isArray(args)) return err('compute(kind, args): args must be an object such as {len: 8, dim: 16}');
    var keys = Object.keys(args);
    if (keys.length > MAX_KEYS) return err('compute: too many arguments (' + keys.length + ')');
    Module['ccall']('posenc_args_clear', null, [], []);
    for (var i = 0; i < keys.length; i++) {
      var key = keys[i], v = args[key];
      if (key.length > MAX_KEY_BYTES) return err('compute: argument name too long');
      if (typeof v === 'number') {
        Module['ccall']('posenc_arg_number', null, ['string', 'number', 'number'], [key, v, 0]);
      } else if (typeof v === 'boolean') {
        Module['ccall']('posenc_arg_number', null, ['string', 'number', 'number'], [key, v ? 1 : 0, 1]);
      } else if (typeof v === 'string' && key === 'config') {  // a config.json's text, as downloaded
        if (v.length > MAX_JSON_BYTES) return err('compute: ' + key + ' is longer than ' + MAX_JSON_BYTES + ' characters');
        if (!passJson(key, v)) return err('compute: out of memory for ' + key);
      } else if (typeof v === 'string') {
        if (v.length > MAX_STRING_BYTES) return err('compute: ' + key + ' is too long a string');
        Module['ccall']('posenc_arg_string', null, ['string', 'string'], [key, v]);
      } else if (isPlainObject(v)) {
        var jsonText;
        try { jsonText = JSON.stringify(v); } catch (e) { return err('compute: ' + key + ' cannot be written as JSON (' + e.message + ')'); }
        if (jsonText.length > MAX_JSON_BYTES) return err('compute: ' + key + ' is larger than ' + MAX_JSON_BYTES + ' bytes of JSON');
        if (!passJson(key, jsonText)) return err('compute: out of memory for ' + key);
      } else if ((Array.isArray(v) || ArrayBuffer.isView(v)) && !(v instanceof DataView)) {
        if (v.length > MAX_ARRAY) return err('compute: ' + key + ' has ' + v.length + ' entries; at most ' + MAX_ARRAY + ' are allowed');
        var numeric = true;
        for (var j = 0; j < v.length && numeric; j++) numeric = typeof v[j] === 'number';
        if (!numeric) {
          Module['ccall']('posenc_arg_other', null, ['string', 'string'], [key, 'an array with non-numbers']);
        } else if (!passArray(key, v)) {
          return err('compute: out of memory for ' + key);
        }
      } else {
        Module['ccall']('posenc_arg_other', null, ['string', 'string'], [key, typeName(v)]);
      }
    }
    var message = text('posenc_compute', ['string'], [kind]);
    if (message) return err(message);
    var object = text('posenc_result_json', [], []);
    if (object) {
      Module['ccall']('posenc_result_free', null, [], []);
      return JSON.parse(object);
    }
    var rank = Module['ccall']('posenc_result_rank', 'number', [], []);
    var shape = [];
    for (var r = 0; r < rank; r++) shape.push(Module['ccall']('posenc_result_dim', 'number', ['number'], [r]));
    var ptr = Module['ccall']('posenc_result_data', 'number', [], []);
    var size = Module['ccall']('posenc_result_size', 'number', [], []);
    var data = Array.from(HEAPF64.subarray(ptr >> 3, (ptr >> 3) + size));
    Module['ccall']('posenc_result_free', null, [], []);
    return { 'shape': shape, 'data': data };
  }

  function stringValue(v) {
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    if (typeof v === 'string') return v;
    if (Array.isArray(v)) return v.join(',');
    return null;
  }

  // Keys are quoted throughout: the module is minified with Closure, which renames unquoted properties.
  var api = {
    'ready': ready,
    'lessons': function () { return json('posenc_lessons', [], []); },
    'state': function () { return json('posenc_state', [], []); },
    'go': function (id, step) {
      if (typeof id !== 'string') return err('go(id, step): id must be a lesson id string, e.g. "order"');
      if (step === undefined) step = 0;
      if (typeof step === 'number') step = String(step);
      else if (typeof step !== 'string') return err('go(id, step): step must be a number or a step id string');
      return json('posenc_go', ['string', 'string'], [id.slice(0, 64), step.slice(0, 64)]);
    },
    'set': function (name, value) {
      if (typeof name !== 'string') return err('set(name, value): name must be a parameter name string');
      var s = stringValue(value);
      if (s === null) return err('set(name, value): value must be a number, boolean, string or array of numbers');
      return json('posenc_set', ['string', 'string'], [name.slice(0, 64), s.slice(0, 1024)]);
    },
    'compute': compute,
    // The lesson as a Jupyter notebook at its current settings: nbformat 4 JSON text, or {error}.
    'notebook': function (id) {
      if (typeof id !== 'string') return err('notebook(id): id must be a lesson id string, e.g. "sinusoidal"');
      var page = String(location.href).split('#')[0].slice(0, 2048);
      var answer = text('posenc_notebook', ['string', 'string'], [id.slice(0, 64), page]);
      return answer.lastIndexOf('{"error":', 0) === 0 ? JSON.parse(answer) : answer;
    },
    'stats': function () { return json('posenc_stats', [], []); },
    // The current step's visual: 'svg' → SVG text, 'png' → a PNG data URL at twice its CSS size.
    'figure': function (kind) {
      if (typeof kind !== 'string') return err("figure(kind): kind must be 'svg' or 'png'");
      var answer = text('posenc_figure', ['string'], [kind.slice(0, 64)]);
      return answer.charAt(0) === '{' ? JSON.parse(answer) : answer;
    },
    // Where the last frame drew the control with this label: {x, y, w, h} in CSS pixels, or null.
    'locate': function (label) {
      if (typeof label !== 'string') return err('locate(label): label must be a string, e.g. "Next"');
      return json('posenc_locate', ['string'], [label.slice(0, MAX_STRING_BYTES)]);
    }
  };

  var MAX_FILE_BYTES = 64 * 1024 * 1024;

  // Hands a learner's file (or pasted text) to the app; it goes to the lesson that takes files.
  function receive(name, buffer) {
    var bytes = new Uint8Array(buffer);
    if (bytes.length > MAX_FILE_BYTES) {
      Module['ccall']('posenc_receive_file', 'string', ['string', 'number', 'number'], [name + ' (over 64 MB, not read)', 0, 0]);
      return;
    }
    var ptr = Module['_malloc'](Math.max(1, bytes.length));
    if (!ptr) return;
    HEAPU8.set(bytes, ptr);
    Module['ccall']('posenc_receive_file', 'string', ['string', 'number', 'number'], [String(name).slice(0, 200), ptr, bytes.length]);
    Module['_free'](ptr);
  }

  function readFile(file) {
    if (!file) return Promise.resolve();
    if (file.size > MAX_FILE_BYTES) { receive(file.name + ' is over 64 MB', new ArrayBuffer(0)); return Promise.resolve(); }
    return file.arrayBuffer().then(function (buffer) { receive(file.name, buffer); });
  }

  // Several files given together (a RoPE cache's cos and sin tables, a config beside them) reach the app
  // one after the other, in the order given; at most four.
  function readFiles(list) {
    var files = Array.prototype.slice.call(list || [], 0, 4);
    return files.reduce(function (done, file) { return done.then(function () { return readFile(file); }); }, Promise.resolve());
  }

  function watchFiles() {
    var input = document.getElementById('file');
    if (input) input.addEventListener('change', function () { readFiles(input.files).then(function () { input.value = ''; }); });
    window.addEventListener('dragover', function (e) { e.preventDefault(); });
    window.addEventListener('drop', function (e) {
      e.preventDefault();
      if (e.dataTransfer && e.dataTransfer.files.length) readFiles(e.dataTransfer.files);
    });
    window.addEventListener('paste', function (e) {
      if (!Module['ccall']('posenc_accepts_files', 'number', [], [])) return;
      var data = e.clipboardData && e.clipboardData.getData('text');
      if (data) { e.preventDefault(); receive('pasted text', new TextEncoder().encode(data).buffer); }
    });
  }

  // The card (#…&embed=1) in a host page: {posenc: 'go', step} and {posenc: 'set', name, value} act only
  // when they come from the card's host= origin (C++ decides; the card then posts its state back to that
  // origin). Messages that are not posenc's pass by; a malformed or refused one changes nothing, and the
  // first of them is said in the console, once.
  var warned = false;
  function warnOnce(why) {
    if (warned) return;
    warned = true;
    console.warn('posenc: a message was ignored (' + why + '); later ones are ignored without a word');
  }

  function onMessage(e) {
    var d = e.data;
    if (!d || typeof d !== 'object' || !Object.prototype.hasOwnProperty.call(d, 'posenc')) return;
    var kind = d['posenc'], a, b = '';
    if (kind === 'state' || kind === 'error') return;  // a card's own answers, seen by a page that is one too
    if (kind === 'go') {
      var step = d['step'];
      if (typeof step === 'number' && isFinite(step)) a = String(step);
      else if (typeof step === 'string') a = step.slice(0, 64);
      else return warnOnce("'go' needs a step: a number or a step id");
    } else if (kind === 'set') {
      var v = stringValue(d['value']);
      if (typeof d['name'] !== 'string') return warnOnce("'set' needs a parameter name");
      if (v === null) return warnOnce("'set' needs a value: a number, boolean, string or array of numbers");
      a = d['name'].slice(0, 64);
      b = v.slice(0, 1024);
    } else {
      return warnOnce('posenc: ' + JSON.stringify(String(kind).slice(0, 20)) + " is not 'go' or 'set'");
    }
    var r = json('posenc_message', ['string', 'string', 'string', 'string'], [String(e.origin).slice(0, 300), kind, a, b]);
    if (r['ignored']) warnOnce(r['ignored']);
    else if (r['error'] && e.source) {
      try { e.source.postMessage({ 'posenc': 'error', 'error': r['error'] }, e.origin); } catch (x) {}
    }
  }

  addOnPostRun(function () {
    window['posenc'] = api;
    watchFiles();
    window.addEventListener('message', onMessage);
    // The page lost the keyboard (Tab out of a card, a click on its host page): the card's focus frame goes.
    window.addEventListener('blur', function () { Module['ccall']('posenc_focus_left', null, [], []); });
    // The hash this event brought (its newURL), not location.hash when the event is handled: a frame in
    // between may have written the state before it back (replaceState), and the new hash would be lost.
    window.addEventListener('hashchange', function (e) {
      var url = String(e.newURL || location.href), at = url.indexOf('#');
      Module['ccall']('posenc_hash_changed', null, ['string'], [at < 0 ? '' : url.slice(at, at + 8192)]);
    });
  });
})();
