#include "train_run.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

#include "json.hpp"
#include "json_writer.hpp"

namespace posenc::core {
namespace {

constexpr std::uint64_t kHeldOutSeed = 0x4e1d'0075ULL;           // the held-out set (not a test set)
constexpr std::uint64_t kHeldOutPositionsSeed = 0x4e1d'905eULL;  // … and its positions (random)
using Clock = std::chrono::steady_clock;

double mean_loss(const std::vector<float>& losses, int count) {
  const int n = std::min<int>(count, static_cast<int>(losses.size()));
  double s = 0;
  int finite = 0;
  for (int i = static_cast<int>(losses.size()) - n; i < static_cast<int>(losses.size()); ++i)
    if (std::isfinite(losses[i])) s += losses[i], ++finite;
  return finite ? s / finite : INFINITY;
}

// "solved", "flat" or "" (train on), after the newest check.
const char* plateau(const std::vector<PlateauCheck>& checks) {
  using P = Plateau;
  const size_t n = checks.size();
  if (n >= 2 && checks[n - 1].accuracy >= 1.0 && checks[n - 2].accuracy >= 1.0) return "solved";
  const int now = checks.back().step;
  const int from = now - std::max(P::kFlatMin, now / 2);  // the window is (from, now]
  if (from < checks.front().step) return "";
  double best_before = 0, best_in = 0, loss_then = INFINITY;
  for (const PlateauCheck& c : checks) {
    if (c.step <= from) {
      best_before = std::max(best_before, c.accuracy);
      loss_then = c.loss;  // the last check at or before the window's start
    } else {
      best_in = std::max(best_in, c.accuracy);
    }
  }
  const bool accuracy_flat = best_in <= best_before + P::kFlatAccuracy;
  const bool loss_flat = !(checks.back().loss < loss_then * (1 - P::kFlatLoss));
  return accuracy_flat && loss_flat ? "flat" : "";
}

}  // namespace

std::vector<float> model_weights(const Model<float>& model) {
  std::vector<float> w;
  for (const auto& t : model.tensors()) w.insert(w.end(), t.value.data(), t.value.data() + t.value.size());
  return w;
}

bool load_weights(Model<float>& model, const std::vector<float>& weights) {
  size_t total = 0;
  for (const auto& t : model.tensors()) total += static_cast<size_t>(t.value.size());
  if (weights.empty() || weights.size() != total) return false;
  size_t at = 0;
  for (auto& t : model.tensors()) {
    std::copy(weights.begin() + at, weights.begin() + at + t.value.size(), t.value.data());
    at += static_cast<size_t>(t.value.size());
  }
  return true;
}

RunStepper::RunStepper(const TrainConfig& config, bool stop_early)
    : trainer_(std::make_unique<Trainer>(config)), stop_early_(stop_early) {
  const Clock::time_point start = Clock::now();
  record_.config = config;
  const TaskSpec spec = task_spec(config);
  Random rng(mix_seed(kHeldOutSeed, static_cast<std::uint64_t>(config.train_len)));
  for (int i = 0; i < Plateau::kHeldOut; ++i)
    held_out_.push_back(random_example(spec, config.train_len, rng));
  Random positions(mix_seed(kHeldOutPositionsSeed, static_cast<std::uint64_t>(config.train_len)));
  place_at_random(held_out_, config, positions);  // random only, from a stream of its own
  seconds_ = std::chrono::duration<double>(Clock::now() - start).count();
}

RunStepper::~RunStepper() = default;
RunStepper::RunStepper(RunStepper&&) noexcept = default;

// <code id="train_run">
int RunStepper::train(int n) {
  const Clock::time_point start = Clock::now();
  Trainer& t = *trainer_;
  int ran = 0;
  while (ran < n && !training_done()) {
    // Up to the next check at most.
    const int s = t.steps_done();
    const int next_check = (s / Plateau::kEvalEvery + 1) * Plateau::kEvalEvery;
    ran += t.step(std::min(next_check - s, n - ran));
    if (record_.converged_at == 0 && !t.finished() && t.steps_done() % Plateau::kEvalEvery == 0) {
      checks_.push_back({t.steps_done(), score_examples(t.model(), held_out_).token,
                         mean_loss(t.losses(), Plateau::kEvalEvery)});
      if (const char* why = plateau(checks_); *why) {
        record_.stop = why;
        record_.converged = true;
        record_.converged_at = t.steps_done();
      }
    }
    if (t.finished() && record_.stop.empty()) record_.stop = "cap";
  }
  seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  return ran;
}

bool RunStepper::score_next() {
  const Clock::time_point start = Clock::now();
  Trainer& t = *trainer_;
  RunScores& s = record_.scores;
  const size_t l = s.token.size();
  if (!training_done() || l >= t.test_lens().size()) return false;
  const std::vector<Example>& set = t.test_set(static_cast<int>(l));
  const SetScore forced = score_examples(t.model(), set);
  const SetScore greedy = greedy_score(t.model(), set, task_spec(record_.config));
  s.token.push_back(forced.token);
  s.sequence.push_back(forced.sequence);
  s.greedy_token.push_back(greedy.token);
  s.greedy_sequence.push_back(greedy.sequence);
  seconds_ += std::chrono::duration<double>(Clock::now() - start).count();
  return s.token.size() < t.test_lens().size();
}

bool RunStepper::done() const {
  return training_done() && record_.scores.token.size() >= trainer_->test_lens().size();
}

RunRecord RunStepper::record() const {
  RunRecord r = record_;
  const Trainer& t = *trainer_;
  r.steps = t.steps_done();
  r.losses = t.losses();
  r.test_lens = t.test_lens();
  r.weights = model_weights(t.model());
  r.seconds = seconds_;
  return r;
}

RunRecord train_run(const TrainConfig& config, const RunProgress& progress, int report_every,
                    bool stop_early) {
  RunStepper run(config, stop_early);
  report_every = std::max(1, report_every);
  int reported = 0;
  while (!run.training_done()) {
    run.train(report_every);
    const std::vector<float>& losses = run.trainer().losses();
    const int now = static_cast<int>(losses.size());
    if (progress && !progress(now, losses.data() + reported, now - reported)) {
      RunRecord r = run.record();
      r.stop = "cancelled";
      r.converged = false;
      r.weights.clear();
      return r;
    }
    reported = now;
  }
  while (run.score_next()) {
  }
  return run.record();
}
// </code>

// ---- JSON ----

namespace {

void write_setup(Json& j, const TrainConfig& c) {
  for (const SetupField& f : setup_fields(c)) {
    j.key(f.name);
    switch (f.kind) {
      case SetupField::Text:
        j.str(f.value);
        break;
      case SetupField::Flag:
        j.boolean(f.value == "true");
        break;
      case SetupField::Number:
        j.num(std::strtod(f.value.c_str(), nullptr));
        break;
      case SetupField::Numbers:
        j.begin_array();
        for (int n : test_lengths(c)) j.num(n);
        j.end_array();
        break;
    }
  }
}

template <class T>
void write_array(Json& j, const char* key, const std::vector<T>& v) {
  j.key(key).begin_array();
  for (T x : v) j.num(static_cast<double>(x));
  j.end_array();
}

void write_record(Json& j, const RunRecord& r, bool with_weights) {
  j.begin_object();
  write_setup(j, r.config);
  j.key("source").str(r.source).key("steps").num(r.steps).key("converged").boolean(r.converged);
  j.key("stop").str(r.stop).key("converged_at").num(r.converged_at).key("seconds").num(r.seconds);
  write_array(j, "loss", r.losses);
  write_array(j, "token_accuracy", r.scores.token);
  write_array(j, "sequence_accuracy", r.scores.sequence);
  write_array(j, "greedy_token_accuracy", r.scores.greedy_token);
  write_array(j, "greedy_sequence_accuracy", r.scores.greedy_sequence);
  if (with_weights) write_array(j, "weights", r.weights);
  j.end_object();
}

std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.10g", v);
  return buf;
}

// Reads members of an object, each checked; the first problem is kept.
class Members {
 public:
  explicit Members(const JsonValue& v) : v_(v) {}
  const std::string& error() const { return error_; }

  const JsonValue* get(const char* key, JsonValue::Kind kind, const char* what, bool required = true) {
    const JsonValue* m = v_.find(key);
    if (!m) {
      if (required) fail(std::string("missing \"") + key + "\"");
      return nullptr;
    }
    if (m->kind != kind) {
      fail(std::string("\"") + key + "\" must be " + what);
      return nullptr;
    }
    return m;
  }
  void whole(const char* key, int& out, double lo, double hi, bool required = true) {
    const JsonValue* m = get(key, JsonValue::Kind::Number, "a number", required);
    if (!m) return;
    if (m->number != std::floor(m->number) || m->number < lo || m->number > hi)
      return fail(std::string("\"") + key + "\" must be a whole number from " + num(lo) + " to " + num(hi) +
                  ", got " + num(m->number));
    out = static_cast<int>(m->number);
  }
  void real(const char* key, double& out, bool required = true) {
    if (const JsonValue* m = get(key, JsonValue::Kind::Number, "a number", required)) out = m->number;
  }
  void flag(const char* key, bool& out, bool required = true) {
    if (const JsonValue* m = get(key, JsonValue::Kind::Bool, "true or false", required)) out = m->boolean;
  }
  void text(const char* key, std::string& out, bool required = true) {
    if (const JsonValue* m = get(key, JsonValue::Kind::String, "a string", required)) out = m->string;
  }
  // Numbers, or null for a value that was not finite; at most `most` of them, each in [lo, hi].
  template <class T>
  void numbers(const char* key, std::vector<T>& out, size_t most, double lo, double hi,
               bool required = true) {
    const JsonValue* m = get(key, JsonValue::Kind::Array, "an array", required);
    if (!m) return;
    if (m->items.size() > most)
      return fail(std::string("\"") + key + "\" has " + std::to_string(m->items.size()) +
                  " values; at most " + std::to_string(most));
    out.clear();
    for (const JsonValue& x : m->items) {
      if (x.is_null()) {
        out.push_back(static_cast<T>(NAN));
        continue;
      }
      if (!x.is_number() || x.number < lo || x.number > hi)
        return fail(std::string("\"") + key + "\" must hold numbers from " + num(lo) + " to " + num(hi));
      out.push_back(static_cast<T>(x.number));
    }
  }
  void fail(const std::string& e) {
    if (error_.empty()) error_ = e;
  }

 private:
  const JsonValue& v_;
  std::string error_;
};

// The limits a setup is read with: to train it here (the page's limits and caps), or as the record of a
// run trained elsewhere (the PyTorch script at any size: sane numbers only).
struct SetupLimits {
  int layers, heads, d_model, d_ff, vocab, train_len, test_len, test_lens, steps, batch, test_examples;
};
constexpr SetupLimits kHere = {TrainLimits::layers,   TrainLimits::heads,        TrainLimits::d_model,
                               TrainLimits::d_ff,     TrainLimits::vocab,        TrainLimits::train_len,
                               TrainLimits::test_len, TrainLimits::test_lens,    TrainLimits::steps,
                               TrainLimits::batch,    TrainLimits::test_examples};
constexpr SetupLimits kElsewhere = {1000,    1024, 1 << 16,    1 << 20, 1 << 20, 1 << 20,
                                    1 << 24, 64,   2000000000, 1 << 20, 1 << 24};

// What check_train_config asks of a setup's shape, without its caps on work and memory.
std::string check_shape(const TrainConfig& c) {
  if (c.min_len > c.train_len) return "\"min_len\" must be at most train_len";
  if (c.train_len < shortest_input(task_spec(c))) return "\"train_len\" must be more than k for k_back";
  if (c.d_model % c.heads != 0) return "\"d_model\" must be a multiple of \"heads\"";
  if (c.pe == Encoding::Rope && (c.d_model / c.heads) % 2 != 0) return "rope needs an even width per head";
  if (!(c.lr > 0 && c.lr <= 1)) return "\"lr\" must be a number in (0, 1]";
  if (!std::isfinite(c.clip)) return "\"clip\" must be a finite number";
  const std::vector<int> lens = test_lengths(c);
  for (size_t i = 1; i < lens.size(); ++i)
    if (lens[i] <= lens[i - 1]) return "\"test_lens\" must be ascending without repeats";
  if (std::find(lens.begin(), lens.end(), c.train_len) == lens.end())
    return "\"test_lens\" must include train_len";
  return {};
}

std::string read_setup(const JsonValue& v, TrainConfig& c, const SetupLimits& L) {
  if (!v.is_object()) return "a run's setup must be an object";
  Members m(v);
  c = TrainConfig{};
  std::string task, pe;
  m.text("task", task);
  m.text("pe", pe);
  if (!m.error().empty()) return m.error();
  const std::optional<Task> t = task_from_name(task);
  if (!t) return "\"task\" must be one of copy, reverse, k_back, got '" + task.substr(0, 40) + "'";
  const std::optional<Encoding> e = encoding_from_name(pe);
  if (!e) return "\"pe\" must be one of " + encoding_names() + ", got '" + pe.substr(0, 40) + "'";
  c.task = *t;
  c.pe = *e;
  m.flag("causal", c.causal);
  m.flag("start_token", c.start_token, false);  // absent in files written before it: off
  m.whole("layers", c.layers, 1, L.layers);
  m.whole("heads", c.heads, 1, L.heads);
  m.whole("d_model", c.d_model, 2, L.d_model);
  m.whole("d_ff", c.d_ff, 1, L.d_ff);
  m.whole("vocab", c.vocab, 2, L.vocab);
  m.whole("k", c.k, 1, L.train_len - 1);
  m.whole("train_len", c.train_len, 1, L.train_len);
  m.whole("min_len", c.min_len, 1, L.train_len);
  std::vector<double> lens;
  m.numbers("test_lens", lens, L.test_lens, 1, L.test_len);
  for (double n : lens) {
    if (n != std::floor(n)) m.fail("\"test_lens\" must hold whole numbers");
    c.test_lens.push_back(static_cast<int>(n));
  }
  m.whole("max_steps", c.steps, 1, L.steps);
  m.whole("batch", c.batch, 1, L.batch);
  m.real("lr", c.lr);
  m.whole("warmup", c.warmup, 0, L.steps);
  m.real("clip", c.clip);
  m.whole("test_examples", c.test_examples, 1, L.test_examples);
  int seed = 0;
  m.whole("seed", seed, 0, 2147483647);
  c.seed = static_cast<std::uint64_t>(seed);
  if (!m.error().empty()) return m.error();
  return &L == &kHere ? check_train_config(c) : check_shape(c);
}

std::string read_record(const JsonValue& v, RunRecord& r) {
  r = RunRecord{};
  // A record is data: a run trained elsewhere may be larger than the page would train.
  if (std::string e = read_setup(v, r.config, kElsewhere); !e.empty()) return e;
  Members m(v);
  m.text("source", r.source);
  m.whole("steps", r.steps, 0, r.config.steps);
  m.flag("converged", r.converged);
  m.text("stop", r.stop);
  m.whole("converged_at", r.converged_at, 0, r.config.steps, false);
  m.real("seconds", r.seconds);
  r.test_lens = test_lengths(r.config);
  const size_t lens = r.test_lens.size();
  m.numbers("loss", r.losses, static_cast<size_t>(r.config.steps), -INFINITY, INFINITY);
  m.numbers("token_accuracy", r.scores.token, lens, 0, 1);
  m.numbers("sequence_accuracy", r.scores.sequence, lens, 0, 1);
  m.numbers("greedy_token_accuracy", r.scores.greedy_token, lens, 0, 1);
  m.numbers("greedy_sequence_accuracy", r.scores.greedy_sequence, lens, 0, 1);
  m.numbers("weights", r.weights, 1u << 24, -INFINITY, INFINITY, false);
  if (!m.error().empty()) return m.error();
  if (r.source.size() > 40) return "\"source\" is longer than 40 characters";
  for (const auto* v :
       {&r.scores.token, &r.scores.sequence, &r.scores.greedy_token, &r.scores.greedy_sequence})
    if (v->size() != lens)
      return "each accuracy needs one value per test length (" + std::to_string(lens) + ")";
  if (!(r.seconds >= 0)) return "\"seconds\" must be a number ≥ 0";
  return {};
}

std::string parsed(std::string_view json, JsonParse& p) {
  p = parse_json(json);
  if (!p.ok()) return p.error.english();
  return {};
}

}  // namespace

std::vector<SetupField> setup_fields(const TrainConfig& c) {
  using F = SetupField;
  const auto number = [](const char* name, double v) { return F{F::Number, name, exact_number(v)}; };
  const auto flag = [](const char* name, bool v) { return F{F::Flag, name, v ? "true" : "false"}; };
  std::string lens;
  for (int n : test_lengths(c)) lens += (lens.empty() ? "" : " ") + std::to_string(n);
  return {{F::Text, "task", task_name(c.task)},
          {F::Text, "pe", encoding_name(c.pe)},
          flag("causal", c.causal),
          flag("start_token", c.start_token),
          number("layers", c.layers),
          number("heads", c.heads),
          number("d_model", c.d_model),
          number("d_ff", c.d_ff),
          number("vocab", c.vocab),
          number("k", c.k),
          number("train_len", c.train_len),
          number("min_len", c.min_len),
          {F::Numbers, "test_lens", lens},
          number("max_steps", c.steps),
          number("batch", c.batch),
          number("lr", c.lr),
          number("warmup", c.warmup),
          number("clip", c.clip),
          number("test_examples", c.test_examples),
          number("seed", static_cast<double>(c.seed))};
}

std::string setup_json(const TrainConfig& config) {
  Json j;
  j.begin_object();
  write_setup(j, config);
  j.end_object();
  return j.text();
}

std::string record_json(const RunRecord& record, bool with_weights) {
  Json j;
  write_record(j, record, with_weights);
  return j.text();
}

std::string runs_file_json(const std::vector<RunRecord>& records) {
  Json j;
  j.begin_object().key("format").str("posenc-train-runs").key("version").num(1).key("runs").begin_array();
  for (const RunRecord& r : records) write_record(j, r, false);
  j.end_array().end_object();
  return j.text();
}

std::string read_setup_json(std::string_view json, TrainConfig& config) {
  JsonParse p;
  if (std::string e = parsed(json, p); !e.empty()) return e;
  return read_setup(p.value, config, kHere);
}

std::string read_record_json(std::string_view json, RunRecord& record) {
  JsonParse p;
  if (std::string e = parsed(json, p); !e.empty()) return e;
  return read_record(p.value, record);
}

std::string read_runs_file(std::string_view json, std::vector<RunRecord>& records) {
  records.clear();
  JsonParse p;
  if (std::string e = parsed(json, p); !e.empty()) return e;
  const JsonValue& v = p.value;
  const JsonValue* format = v.is_object() ? v.find("format") : nullptr;
  if (!format || !format->is_string() || format->string != "posenc-train-runs")
    return "not a file of runs: it needs \"format\": \"posenc-train-runs\"";
  const JsonValue* version = v.find("version");
  if (!version || !version->is_number() || version->number != 1) return "\"version\" must be 1";
  const JsonValue* runs = v.find("runs");
  if (!runs || !runs->is_array()) return "\"runs\" must be an array";
  if (runs->items.size() > 1000) return "\"runs\" holds more than 1000 runs";
  for (size_t i = 0; i < runs->items.size(); ++i) {
    RunRecord r;
    if (std::string e = read_record(runs->items[i], r); !e.empty()) {
      records.clear();
      return "run " + std::to_string(i + 1) + ": " + e;
    }
    records.push_back(std::move(r));
  }
  return {};
}

// ---- the `train` compute kind ----

std::string read_train_request(const TrainRequest& r, TrainConfig& c) {
  const auto whole = [](const char* name, double v, double lo, double hi, int& out) -> std::string {
    if (!std::isfinite(v) || v != std::floor(v))
      return std::string(name) + " must be a whole number, got " + num(v);
    if (v < lo || v > hi)
      return std::string(name) + " must be between " + num(lo) + " and " + num(hi) + ", got " + num(v);
    out = static_cast<int>(v);
    return {};
  };
  using L = TrainLimits;
  const std::optional<Task> task = task_from_name(r.task);
  if (!task) return "task must be one of 'copy', 'reverse', 'k_back', got '" + r.task.substr(0, 40) + "'";
  const std::optional<Encoding> pe = encoding_from_name(r.pe);
  if (!pe) return "pe must be one of " + encoding_names("'") + ", got '" + r.pe.substr(0, 40) + "'";
  c = TrainConfig{};
  c.task = *task;
  c.pe = *pe;
  c.causal = r.causal;
  c.start_token = r.start_token;
  int seed = 0;
  for (const std::string& e :
       {whole("layers", r.layers, 1, L::layers, c.layers), whole("heads", r.heads, 1, L::heads, c.heads),
        whole("d_model", r.d_model, 2, L::d_model, c.d_model),
        whole("train_len", r.train_len, 1, L::train_len, c.train_len),
        whole("steps", r.steps, 1, L::steps, c.steps), whole("batch", r.batch, 1, L::batch, c.batch),
        whole("seed", r.seed, 0, 2147483647, seed), whole("vocab", r.vocab, 2, L::vocab, c.vocab),
        whole("k", r.k, 1, L::train_len - 1, c.k), whole("min_len", r.min_len, 1, L::train_len, c.min_len),
        whole("warmup", r.warmup, 0, L::steps, c.warmup)})
    if (!e.empty()) return e;
  c.seed = static_cast<std::uint64_t>(seed);
  if (!std::isfinite(r.lr) || r.lr <= 0 || r.lr > 1) return "lr must be a number in (0, 1], got " + num(r.lr);
  c.lr = r.lr;
  c.d_ff = 2 * c.d_model;
  if (r.test_lens.size() > static_cast<size_t>(L::test_lens))
    return "test_lens has " + std::to_string(r.test_lens.size()) + " lengths; at most " +
           std::to_string(L::test_lens);
  for (double v : r.test_lens) {
    int n = 0;
    const std::string e = whole("each of test_lens", v, 1, L::test_len, n);
    if (!e.empty()) return e;
    c.test_lens.push_back(n);
  }
  return check_train_config(c);
}

TrainResult train_to_end(const TrainRequest& request) {
  TrainResult out;
  TrainConfig c;
  out.error = read_train_request(request, c);
  if (!out.error.empty()) return out;
  const auto start = Clock::now();
  out.record = train_run(c, {}, 25, request.stop_early);
  out.record.weights.clear();
  for (const auto& set : make_test_sets(c))
    out.baseline.push_back(position_blind_baseline(set, task_spec(c)));
  out.ms = std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return out;
}
}  // namespace posenc::core
