// The web platform's JavaScript glue (EM_JS): the URL hash, localStorage, User Timing marks, fetching the
// Chinese text and font and the code panel's text, the clipboard, downloads, the page's language and
// title, the screen-reader mirror, errors, and the events that wake the main loop. Declared for C++ in
// web_js.hpp. The bodies are JavaScript: clang-format must not touch them.
#include "app/web_js.hpp"

#include <emscripten.h>

// clang-format off
EM_JS(void, js_write_hash, (const char* hash), {
  try { history.replaceState(history.state, "", "#" + UTF8ToString(hash)); } catch (e) {}
});
EM_JS(void, js_save_progress, (const char* text), {
  try { window.localStorage.setItem("posenc.progress", UTF8ToString(text)); } catch (e) {}
});
EM_JS(char*, js_initial, (int which), {
  var s = "";
  try {
    if (which === 0) s = location.hash || "";
    else if (which === 1) s = window.localStorage.getItem("posenc.progress") || "";
    else s = window.localStorage.getItem("posenc.lang") ||
             (/^zh/i.test(navigator.language || "") ? "zh" : "en");
  } catch (e) {}
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});
// User Timing marks of the start-up phases, for `make bench`'s first-frame breakdown.
EM_JS(void, js_mark, (const char* name), {
  try { performance.mark(UTF8ToString(name)); } catch (e) {}
});
EM_JS(void, js_signal_ready, (), {
  if (Module["onPosencReady"]) Module["onPosencReady"]();
});
EM_JS(void, js_set_canvas_size, (int w, int h), {
  Module["setCanvasSize"](w, h);
});
EM_JS(void, js_open_file_dialog, (), {
  var input = document.getElementById("file");
  if (input) input.click();
});
// Chinese: its lesson text (zh.txt, not embedded in the site) and its font (cjk.ttf), fetched together
// and handed over together once both are in — the text first, so the font's glyphs cover it, in one task,
// so no frame shows the text without its glyphs. If either cannot be had, posenc_chinese_failed says
// which (the app stays in English with a notice).
EM_JS(void, js_load_chinese, (), {
  function get(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.arrayBuffer();
    }).catch(function (e) { throw new Error(url + ": " + (e && e.message)); });
  }
  function hand(fn, bytes) {
    var p = _malloc(bytes.length);
    HEAPU8.set(bytes, p);
    Module["ccall"](fn, null, ["number", "number"], [p, bytes.length]);
    _free(p);
  }
  Promise.all([get("zh.txt"), get("cjk.ttf")]).then(function (r) {
    hand("posenc_chinese_text", new Uint8Array(r[0]));
    hand("posenc_cjk_font", new Uint8Array(r[1]));
  }).catch(function (e) {
    console.warn("posenc: Chinese could not be loaded: " + e.message);
    Module["ccall"]("posenc_chinese_failed", null, ["string"], [String(e.message).slice(0, 200)]);
  });
});
// A file of the site fetched on demand and handed to the exported function `fn` (bytes, size), or
// (0, −1) when it cannot be had: the code panel's text (code.txt, when the panel first opens), the whole
// CJK font (cjk-all.ttf, when a learner's text has a character beyond the lessons' own).
EM_JS(void, js_fetch_file, (const char* url_c, const char* fn_c), {
  var url = UTF8ToString(url_c), fn = UTF8ToString(fn_c);
  fetch(url).then(function (r) {
    if (!r.ok) throw new Error(url + ": HTTP " + r.status);
    return r.arrayBuffer();
  }).then(function (b) {
    var bytes = new Uint8Array(b), p = _malloc(bytes.length);
    HEAPU8.set(bytes, p);
    Module["ccall"](fn, null, ["number", "number"], [p, bytes.length]);
    _free(p);
  }).catch(function (e) {
    console.warn("posenc: " + url + " could not be loaded: " + e.message);
    Module["ccall"](fn, null, ["number", "number"], [0, -1]);
  });
});
// The same for code.txt, at once: a synchronous request (as loader.js loads the second module for a call
// that cannot wait), for posenc.notebook() and the "↓ .ipynb" button, which answer in the same call.
EM_JS(int, js_load_code_now, (), {
  try {
    var xhr = new XMLHttpRequest();
    xhr.open("GET", "code.txt", false);
    xhr.overrideMimeType("text/plain; charset=x-user-defined");
    xhr.send();
    if (xhr.status !== 200) throw new Error("HTTP " + xhr.status);
    var text = xhr.responseText, n = text.length, p = _malloc(Math.max(1, n));
    for (var i = 0; i < n; ++i) HEAPU8[p + i] = text.charCodeAt(i) & 0xff;
    Module["ccall"]("posenc_code_text", null, ["number", "number"], [p, n]);
    _free(p);
    return 1;
  } catch (e) {
    console.warn("posenc: code.txt could not be loaded: " + (e && e.message));
    return 0;
  }
});
EM_JS(char*, js_page_url, (), {
  var s = String(location.href).split("#")[0];
  var n = lengthBytesUTF8(s) + 1, p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});
// The page's own text field behind the canvas's focused text box: visually hidden (not display:none, or
// no input method attaches), it takes the focus while an ImGui text box is active, at the box's caret,
// so an input method's candidate window opens there and a phone shows its keyboard. What the learner
// types, composes or pastes into it goes to posenc_text_input, in order with the keys; it is emptied
// after each input. (The keys themselves still reach the app through GLFW's window listeners.)
EM_JS(void, js_ime_install, (), {
  var ta = document.createElement("textarea");
  ta.id = "posenc-ime";
  ta.setAttribute("autocomplete", "off");
  ta.setAttribute("autocorrect", "off");
  ta.setAttribute("autocapitalize", "off");
  ta.setAttribute("tabindex", "-1");
  ta.spellcheck = false;
  ta.style.cssText = "position:fixed;left:0;top:0;width:2px;height:1.2em;font-size:16px;opacity:0;" +
    "border:0;padding:0;margin:0;resize:none;overflow:hidden;pointer-events:none;" +
    "background:transparent;color:transparent";
  document.body.appendChild(ta);
  var composing = false;
  var send = function (text) {
    if (text) Module["ccall"]("posenc_text_input", null, ["string"], [text]);
  };
  ta.addEventListener("compositionstart", function () { composing = true; });
  ta.addEventListener("compositionend", function (e) {
    composing = false;
    send(e.data);
    ta.value = "";
  });
  ta.addEventListener("input", function (e) {
    if (composing || e.isComposing) return;
    if (e.inputType === "insertText" || e.inputType === "insertReplacementText") send(e.data);
    ta.value = "";
  });
  ta.addEventListener("paste", function (e) {
    var data = e.clipboardData && e.clipboardData.getData("text");
    e.preventDefault();
    e.stopPropagation();  // a paste into a text box is not a file for the lesson (api.js)
    send(data);
  });
  Module["posencIme"] = ta;
});
// Focuses the hidden field at (x, y) CSS pixels while a text box is active, or lets it go; 1 when it has
// the focus.
EM_JS(int, js_ime, (int active, double x, double y), {
  var ta = Module["posencIme"];
  if (!ta) return 0;
  if (active) {
    ta.style.left = x + "px";
    ta.style.top = y + "px";
    if (document.activeElement !== ta) ta.focus({ preventScroll: true });
  } else if (document.activeElement === ta) {
    ta.blur();
  }
  return document.activeElement === ta ? 1 : 0;
});
EM_JS(void, js_copy_text, (const char* text), {
  var s = UTF8ToString(text);
  if (navigator.clipboard && navigator.clipboard.writeText)
    navigator.clipboard.writeText(s)
      .catch(function (e) { console.warn("posenc: copy failed: " + e.message); });
});
EM_JS(void, js_download, (const char* name, const unsigned char* bytes, int size, const char* mime), {
  var blob = new Blob([HEAPU8.slice(bytes, bytes + size)], { type: UTF8ToString(mime) });
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 1000);
});
EM_JS(void, js_save_language, (const char* lang), {
  try { window.localStorage.setItem("posenc.lang", UTF8ToString(lang)); } catch (e) {}
});
EM_JS(void, js_page_language, (const char* lang, const char* title, const char* label), {
  var l = UTF8ToString(lang);
  document.documentElement.lang = l;
  var mirror = document.getElementById("a11y");
  if (mirror) mirror.lang = l;
  document.title = UTF8ToString(title);
  var canvas = document.getElementById("canvas");
  if (canvas) canvas.setAttribute("aria-label", UTF8ToString(label));
});
EM_JS(void, js_mirror_text, (const char* title, const char* step, const char* body), {
  var root = document.getElementById("a11y");
  if (!root) return;
  root.querySelector("h1").textContent = UTF8ToString(title);
  root.querySelector("h2").textContent = UTF8ToString(step);
  root.querySelector("p").textContent = UTF8ToString(body);
});
// Says a notice to screen readers: the page's one polite live region for notices (#notices).
EM_JS(void, js_announce, (const char* text), {
  var region = document.getElementById("notices");
  if (region) region.textContent = UTF8ToString(text);
});
// Shows a start-up failure in the page's loader (`what`: "webgl2" or a message).
EM_JS(void, js_fail, (const char* what), {
  if (Module["posencFail"]) Module["posencFail"](UTF8ToString(what));
  else console.error("posenc: " + UTF8ToString(what));
});
EM_JS(void, js_log_error, (const char* text), {
  console.error(UTF8ToString(text));
});
// Counts DOM events that may change what the app shows; read (and reset) once per animation frame.
EM_JS(void, js_watch_events, (), {
  Module["posencEvents"] = 1;
  // An event while the loop sleeps (posenc_sleep) wakes it: nothing else asks for animation frames.
  var bump = function () {
    Module["posencEvents"] = (Module["posencEvents"] | 0) + 1;
    if (Module["posencAsleep"]) Module["ccall"]("posenc_wake", null, [], []);
  };
  ["mousemove", "mousedown", "mouseup", "mouseout", "wheel", "keydown", "keyup", "keypress", "touchstart",
   "touchmove", "touchend", "touchcancel", "pointermove", "pointerdown", "pointerup", "focus", "blur",
   "resize", "paste", "compositionend"].forEach(function (t) {
    window.addEventListener(t, bump, { capture: true, passive: true });
  });
  document.addEventListener("visibilitychange", bump);
  // Size and pixel-ratio changes that come without a 'resize' (a moved window, a zoomed page).
  if (window.ResizeObserver) new ResizeObserver(bump).observe(Module["canvas"]);
  var watchRatio = function () {
    if (!window.matchMedia) return;
    var q = window.matchMedia("(resolution: " + window.devicePixelRatio + "dppx)");
    var once = function () { q.removeEventListener("change", once); bump(); watchRatio(); };
    q.addEventListener("change", once);
  };
  watchRatio();
});
EM_JS(void, js_set_asleep, (int asleep), { Module["posencAsleep"] = asleep; });
// Whether the primary pointer is a finger (phones, tablets): the text says "tap" instead of "hover".
EM_JS(int, js_coarse_pointer, (), {
  return window.matchMedia && window.matchMedia("(pointer: coarse)").matches ? 1 : 0;
});
EM_JS(int, js_take_events, (), {
  var n = Module["posencEvents"] | 0;
  Module["posencEvents"] = 0;
  return n;
});
// The card (#…&embed=1). The page's address for the <iframe> snippet: where it is, without the hash.
EM_JS(char*, js_page_address, (), {
  var s = location.href.split("#")[0];
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});
// "open in posenc ↗": the full view of the same step and settings, in a new tab that cannot reach back
// into the card (noopener; the click that asked for it is this frame's user activation).
EM_JS(void, js_open_full_view, (const char* hash), {
  var url = location.href.split("#")[0] + "#" + UTF8ToString(hash);
  try { window.open(url, "_blank", "noopener"); } catch (e) { console.warn("posenc: " + e.message); }
});
// The card's state to the page around it, at the host= origin only (the browser drops it for any other).
EM_JS(void, js_post_state, (const char* state, const char* origin), {
  if (window.parent === window) return;
  try {
    var message = { "posenc": "state", "state": JSON.parse(UTF8ToString(state)) };
    window.parent.postMessage(message, UTF8ToString(origin));
  } catch (e) {}
});
EM_JS(void, js_tab_out, (int next, int prev), {
  Module["posencTabOut"] = (next ? 1 : 0) | (prev ? 2 : 0);
});
// clang-format on
