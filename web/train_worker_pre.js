// Lesson train's Web Worker, the part before emscripten's code (--pre-js of train_worker.js; see
// src/app/web_train_worker.cpp). The page posts {run, setup}, one run at a time; a setup that arrives
// while the module is still loading waits for it. If the module cannot load (train_worker.wasm missing,
// offline without a kept copy), the page is told {error}, and trains on its own thread instead.
var posencPending = [];
var posencReady = false;

function posencNext() {
  if (!posencReady) return;
  while (posencPending.length) {
    var job = posencPending.shift();
    Module["ccall"]("posenc_train_worker_run", null, ["number", "string"], [job["run"], job["setup"]]);
  }
}

Module["onRuntimeInitialized"] = function () {
  posencReady = true;
  posencNext();
};
Module["onAbort"] = function (what) {
  postMessage({"run": -1, "error": "the training module stopped: " + String(what)});
  // Emscripten then throws inside its loading promise; the page has been told, and says it once.
  self.addEventListener("unhandledrejection", function (e) { e.preventDefault(); });
};

self.onmessage = function (e) {
  posencPending.push(e.data);
  posencNext();
};
