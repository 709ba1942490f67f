// Lesson train's runs in Web Workers (see web_train_pool.hpp). JavaScript side (EM_JS below, state in
// Module.posencTrain): workers are made the first time runs start and kept for the next start; a queue
// hands the next run's setup (setup_json) to a worker that is free; what the workers post —
// {run, steps, losses} while a run trains, {run, record, losses, weights} at its end (record_json without
// the two long arrays, which come as Float32Arrays: exact, and nothing to parse), {error} when the module
// cannot load — waits in a queue until the page's next frame, when work() moves it into the RunStatus the
// lesson reads (records read back with read_record_json). Nothing trains on the page's thread, unless workers
// cannot be had: then this pool hands its runs to an in-frame pool and says so in the console, once.
#include "app/web_train_pool.hpp"

#include <emscripten.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// clang-format off
// A new set of runs: workers still busy with the runs before are terminated (a worker trains a run to its
// end without reading messages), idle ones kept. Returns this set's number (each call below names it:
// a pool whose runs were replaced by another's reads and stops nothing), or 0 when workers failed
// before (the pool then trains on the page's thread).
EM_JS(int, js_train_open, (int runs), {
  var t = Module["posencTrain"];
  if (!t) {
    t = Module["posencTrain"] = {workers: [], setups: [], messages: [], current: null, gen: 0, size: 1,
                                  broken: false};
    t.hand = function (w) {  // the next setup, if any, to a free worker
      var job = t.setups.shift();
      w.job = job ? {run: job["run"], gen: t.gen} : null;
      if (job) w.postMessage(job);
    };
    t.fail = function (w, text) {
      if (!w.job || w.job.gen !== t.gen) return;
      t.broken = true;
      t.messages.push({kind: 3, run: w.job.run, text: text, at: performance.now()});
    };
    t.received = function (w, e) {
      var d = e.data, job = w.job;
      if (!job || job.gen !== t.gen) return;
      var at = performance.now();
      if (d["error"] !== undefined) return t.fail(w, String(d["error"]));
      if (d["record"] !== undefined) {
        w.heap = +d["heap"];
        w.memory = +d["memory"];
        t.messages.push({kind: 2, run: job.run, text: String(d["record"]), losses: d["losses"],
                         weights: d["weights"], at: at});
        t.hand(w);
      } else {
        t.messages.push({kind: 1, run: job.run, steps: d["steps"] | 0, losses: d["losses"], at: at});
      }
    };
    t.make = function () {
      var w = new Worker("train_worker.js");
      w.job = null;
      w.onmessage = function (e) { t.received(w, e); };
      w.onerror = function (e) {
        e.preventDefault();
        t.fail(w, "train_worker.js: " + (e.message || "could not be loaded"));
      };
      t.workers.push(w);
    };
    t.drop = function (all) {  // ends the current set's runs
      t.gen++;
      t.workers = t.workers.filter(function (w) {
        if (!all && !w.job) return true;
        w.terminate();
        return false;
      });
      t.setups = [];
      t.messages = [];
      t.current = null;
    };
  }
  t.drop(false);
  if (t.broken) return 0;
  t.size = Math.max(1, Math.min(navigator.hardwareConcurrency | 0, runs));
  return t.gen;
});
EM_JS(int, js_train_size, (), { return Module["posencTrain"].size; });
EM_JS(void, js_train_add, (int run, const char* setup), {
  Module["posencTrain"].setups.push({"run": run, "setup": UTF8ToString(setup)});
});
// Makes the workers still missing (up to the set's size, as many as setups wait) and hands each free one
// a setup. 0, or −1 when a worker cannot be made at all (file://, a policy against workers).
EM_JS(int, js_train_dispatch, (), {
  var t = Module["posencTrain"];
  try {
    var idle = t.workers.filter(function (w) { return !w.job; }).length;
    for (; t.workers.length < t.size && idle < t.setups.length; ++idle) t.make();
  } catch (e) {
    t.broken = true;
    t.messages.push({kind: 3, run: -1, text: "no Web Worker: " + (e && e.message ? e.message : e),
                     at: performance.now()});
    return -1;
  }
  t.workers.forEach(function (w) { if (!w.job) t.hand(w); });
  return 0;
});
// Set `gen`'s oldest message not read yet: 0 none, 1 progress (steps done, `count` losses:
// js_train_floats), 2 a record (its JSON: js_train_text; `count` losses and `weights` weights:
// js_train_floats), 3 an error (js_train_text); `at` when it arrived (performance.now()).
EM_JS(int, js_train_next, (int gen, int* run, int* steps, int* count, int* weights, double* at), {
  var t = Module["posencTrain"];
  var m = t && t.gen === gen ? t.messages.shift() : undefined;
  if (!m) return 0;
  t.current = m;
  HEAP32[run >> 2] = m.run;
  HEAP32[steps >> 2] = m.kind === 1 ? m.steps : 0;
  HEAP32[count >> 2] = m.losses ? m.losses.length : 0;
  HEAP32[weights >> 2] = m.weights ? m.weights.length : 0;
  HEAPF64[at >> 3] = m.at;
  return m.kind;
});
// The current message's losses (which 0) or weights (1).
EM_JS(void, js_train_floats, (int which, float* dst), {
  var m = Module["posencTrain"].current;
  HEAPF32.set(which ? m.weights : m.losses, dst >> 2);
});
EM_JS(char*, js_train_text, (), {
  var s = Module["posencTrain"].current.text;
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});
// Ends set `gen`'s runs: `all` terminates every worker (cancel: made anew at the next start), otherwise
// the busy ones only (the idle ones wait for the next set).
EM_JS(void, js_train_drop, (int gen, int all), {
  var t = Module["posencTrain"];
  if (t && t.gen === gen) t.drop(all);
});
// How many workers there are; worker i's memory as it said after its last run (0 before): bytes
// allocated, and its wasm memory's size.
EM_JS(int, js_train_workers, (), {
  var t = Module["posencTrain"];
  return t ? t.workers.length : 0;
});
EM_JS(void, js_train_worker_memory, (int i, double* heap, double* memory), {
  var w = Module["posencTrain"].workers[i];
  HEAPF64[heap >> 3] = w.heap || 0;
  HEAPF64[memory >> 3] = w.memory || 0;
});
EM_JS(void, js_train_warn, (const char* text), {
  console.warn(UTF8ToString(text));
});
// clang-format on

}  // namespace

namespace posenc::app {
namespace {

enum Message { kNone = 0, kProgress = 1, kRecord = 2, kError = 3 };

class WebTrainPool final : public core::TrainPool {
 public:
  ~WebTrainPool() override {
    if (gen_) js_train_drop(gen_, 0);
  }

  void start(const std::vector<core::TrainConfig>& runs) override {
    configs_ = runs;
    status_.assign(runs.size(), {});
    cancelled_ = false;
    started_ = ended_ = emscripten_get_now();
    if (fallback_) return fallback_->start(runs);
    gen_ = js_train_open(static_cast<int>(runs.size()));
    if (gen_ == 0) return use_fallback("");
    parallel_ = js_train_size();
    for (std::size_t i = 0; i < runs.size(); ++i)
      js_train_add(static_cast<int>(i), core::setup_json(runs[i]).c_str());
    if (js_train_dispatch() != 0) read_messages();  // the error, and the fallback
  }

  void cancel() override {
    if (fallback_) return fallback_->cancel();
    if (cancelled_ || !any_unfinished()) return;
    js_train_drop(gen_, 1);
    cancelled_ = true;
    ended_ = emscripten_get_now();
  }

  bool work(double budget_ms) override {
    if (fallback_) return fallback_->work(budget_ms);
    read_messages();
    if (fallback_) return fallback_->work(budget_ms);
    return !cancelled_ && any_unfinished();
  }

  int runs() const override { return static_cast<int>(configs_.size()); }
  const core::RunStatus& status(int i) const override {
    return fallback_ ? fallback_->status(i) : status_.at(i);
  }
  double seconds() const override {
    if (fallback_) return fallback_->seconds();
    if (configs_.empty()) return 0;
    const bool running = !cancelled_ && any_unfinished();
    return ((running ? emscripten_get_now() : ended_) - started_) / 1000;
  }
  int parallel() const override { return fallback_ ? fallback_->parallel() : parallel_; }
  bool trains_here() const override { return fallback_ && fallback_->trains_here(); }

 private:
  // Moves what the workers posted into the statuses: every progress message, and at most one record a
  // call (a record's JSON is short, its losses and weights come as arrays; still, one a frame).
  void read_messages() {
    int run = 0, steps = 0, count = 0, weights = 0;
    double at = 0;
    for (int kind; (kind = js_train_next(gen_, &run, &steps, &count, &weights, &at)) != kNone;) {
      if (kind == kError) return use_fallback(take_text());
      if (run < 0 || run >= runs()) continue;
      core::RunStatus& s = status_[run];
      if (kind == kProgress) {
        const std::size_t n = s.losses.size();
        s.losses.resize(n + static_cast<std::size_t>(count));
        js_train_floats(0, s.losses.data() + n);
        s.steps_done = steps;
        continue;
      }
      core::RunRecord record;
      const std::string error = core::read_record_json(take_text(), record);
      if (!error.empty()) return use_fallback("a record could not be read: " + error);
      record.losses.resize(static_cast<std::size_t>(count));
      js_train_floats(0, record.losses.data());
      record.weights.resize(static_cast<std::size_t>(weights));
      js_train_floats(1, record.weights.data());
      record.config = configs_[run];  // as given (the JSON spells out the default test lengths)
      s.record = std::move(record);
      s.losses = s.record.losses;
      s.steps_done = s.record.steps;
      s.finished = true;
      ended_ = std::max(ended_, at);
      break;
    }
  }

  std::string take_text() {
    char* p = js_train_text();
    std::string s(p ? p : "");
    std::free(p);
    return s;
  }

  // Workers failed (`why`, empty when they had failed before): the runs train on the page's thread,
  // from the start.
  void use_fallback(const std::string& why) {
    if (gen_) js_train_drop(gen_, 1);
    gen_ = 0;
    if (!why.empty())
      js_train_warn(("posenc: lesson train cannot train in Web Workers (" + why +
                     "); it trains on the page's thread instead")
                        .c_str());
    fallback_ = core::make_in_frame_pool();
    fallback_->start(configs_);
  }

  bool any_unfinished() const {
    return std::any_of(status_.begin(), status_.end(), [](const core::RunStatus& s) { return !s.finished; });
  }

  std::vector<core::TrainConfig> configs_;
  std::vector<core::RunStatus> status_;
  std::unique_ptr<core::TrainPool> fallback_;
  int gen_ = 0;  // this pool's set of runs in the workers (js_train_open); 0: none
  int parallel_ = 0;
  bool cancelled_ = false;
  double started_ = 0, ended_ = 0;  // emscripten_get_now(), ms
};

}  // namespace

std::unique_ptr<core::TrainPool> make_web_train_pool() { return std::make_unique<WebTrainPool>(); }

std::vector<WorkerMemory> train_workers_memory() {
  std::vector<WorkerMemory> out(static_cast<std::size_t>(js_train_workers()));
  for (std::size_t i = 0; i < out.size(); ++i)
    js_train_worker_memory(static_cast<int>(i), &out[i].heap_bytes, &out[i].memory_bytes);
  return out;
}

}  // namespace posenc::app
