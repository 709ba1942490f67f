// Lesson train's Web Worker (dist/train_worker.js + train_worker.wasm): the core alone — no ImGui, no
// GL — in a worker of its own. The page (web_train_pool.cpp) hands it one run's setup at a time as
// setup_json's text; it trains the run with core::train_run, posts {run, steps, losses} as the steps come
// (the losses of the steps since the last post, a Float32Array) and finally {run, record, losses,
// weights, heap, memory}: record_json of the rest, the two arrays as Float32Arrays, and the worker's
// memory after the run (bytes allocated, and its wasm memory's size). web/train_worker_pre.js receives the
// page's messages and calls posenc_train_worker_run.
#include <emscripten.h>
#include <malloc.h>

#include <algorithm>
#include <string>

#include "core/train_run.hpp"

// clang-format off
EM_JS(void, js_post_progress, (int run, int steps, const float* losses, int count), {
  var chunk = HEAPF32.slice(losses >> 2, (losses >> 2) + count);
  postMessage({"run": run, "steps": steps, "losses": chunk}, [chunk.buffer]);
});
// The record without its two long arrays (record_json), and the losses and weights beside it as
// Float32Arrays: read on the page's thread, a record's ~20,000 numbers as JSON took 20–130 ms (a long frame
// each); as arrays they are copied, exact.
EM_JS(void, js_post_record, (int run, const char* json, const float* loss, int n, const float* wts, int m,
                             double heap), {
  var l = HEAPF32.slice(loss >> 2, (loss >> 2) + n);
  var w = HEAPF32.slice(wts >> 2, (wts >> 2) + m);
  postMessage({"run": run, "record": UTF8ToString(json), "losses": l, "weights": w, "heap": heap,
               "memory": HEAP8.length}, [l.buffer, w.buffer]);
});
EM_JS(void, js_post_error, (int run, const char* what), {
  postMessage({"run": run, "error": UTF8ToString(what)});
});
// clang-format on

extern "C" EMSCRIPTEN_KEEPALIVE void posenc_train_worker_run(int run, const char* setup) {
  using namespace posenc;
  core::TrainConfig config;
  std::string error = core::read_setup_json(setup ? setup : "", config);
  if (error.empty()) error = core::check_train_config(config);
  if (!error.empty()) return js_post_error(run, error.c_str());
  // A fresh worker's first run, first trained briefly and thrown away: V8 runs a new module's functions
  // in its baseline compiler until they have run enough to be optimised in the background, so without
  // this each worker's first run took ~1.2–1.3× as long as the same run later (measured 2026-11-26: the
  // comparison's first two runs 1.17–1.32× their time alone, 1.04–1.10× with Chromium's baseline
  // compiler switched off). Its time is the comparison's (wall time), not the run's.
  static bool warm = false;
  if (!warm) {
    warm = true;
    core::TrainConfig brief = config;
    brief.steps = 40;
    brief.warmup = std::min(brief.warmup, brief.steps / 2);
    brief.test_lens = {brief.train_len};
    if (core::check_train_config(brief).empty()) core::train_run(brief, {});
  }
  const core::RunRecord record = core::train_run(config, [run](int steps, const float* losses, int count) {
    js_post_progress(run, steps, losses, count);
    return true;  // the page stops a worker by terminating it
  });
  core::RunRecord rest = record;
  rest.losses.clear();
  rest.weights.clear();
  js_post_record(run, core::record_json(rest, /*with_weights=*/false).c_str(), record.losses.data(),
                 static_cast<int>(record.losses.size()), record.weights.data(),
                 static_cast<int>(record.weights.size()), static_cast<double>(mallinfo().uordblks));
}
