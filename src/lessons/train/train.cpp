// Lesson 13 — train: don't take our word for it. Tiny Transformers, one per position encoding (none,
// learned, sinusoidal, RoPE, ALiBi, T5, and randomised positions when asked for) and several seeds each,
// train side by side on an order-sensitive task, each until it converges or reaches its step cap, wherever
// the platform's pool trains them (Web Workers, threads, or slices between frames), while the page stays
// responsive. The results — loss curves, accuracy against length with the seeds' spread and the
// position-blind baseline, attention maps, the learned position table and its principal components, every run
// in a table — are what the text quotes, and only once they exist. This file ties the parts (train_lesson.hpp
// lists them): steps, settings, the runs and their progress.
#include <algorithm>
#include <memory>

#include "core/train_script.hpp"
#include "train_lesson.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace train_lesson {
namespace {

const std::vector<const char*> kTasks = {"copy", "reverse", "k_back"};
const std::vector<const char*> kMetrics = {"tokens", "sequences"};  // what a score counts right

// What the runs depend on: changing any of these discards them.
auto run_inputs(const Params& p) {
  return std::tie(p.task, p.causal, p.start, p.random, p.layers, p.heads, p.d_model, p.vocab, p.k,
                  p.train_len, p.min_len, p.test_x, p.steps, p.rate, p.batch, p.warmup, p.seeds, p.seed);
}

const std::vector<const char*> kRateNames = {"0.001", "0.003", "0.01", "0.03"};

}  // namespace

// The encodings' names on screen (catalogue keys), in core::all_encodings()'s order.
const std::vector<const char*> kRuns = {"none",  "learned", "sinusoidal",          "RoPE",
                                        "ALiBi", "T5",      "randomised positions"};
const std::vector<double> kRates = {1e-3, 3e-3, 1e-2, 3e-2};

std::string num(double x, int digits) { return ui::short_number(x, digits); }

TrainLesson::TrainLesson() {
  const std::vector<std::string_view> setup = {
      "task",   "causal", "start", "random",  "seeds", "seed", "steps",   "rate",      "batch",
      "warmup", "layers", "heads", "d_model", "vocab", "k",    "min_len", "train_len", "test_x"};
  step(
      "setup", [this](DrawContext& c) { draw_setup(c); }, setup);
  step("bag", [this](DrawContext& c) { draw_bag(c); }, {"task", "causal"});
  step("nope", [this](DrawContext& c) { draw_bag(c); }, {"task", "causal"});
  step("length", [this](DrawContext& c) { draw_length(c); }, {"metric", "greedy", "train_len", "test_x"});
  step("attention", [this](DrawContext& c) { draw_attention(c); },
       {"run", "shown_seed", "layer", "head", "ex_len", "example"});
  step("table", [this](DrawContext& c) { draw_table(c); }, {"shown_seed", "d_model", "train_len"});
  step("runs", [this](DrawContext& c) { draw_runs(c); }, {"metric", "greedy"});
  step(
      "papers", [this](DrawContext& c) { draw_papers(c); }, setup);
  say_settings();
  say_results();
  update();
}

void TrainLesson::visit(ParamVisitor& v) {
  v.choice({"task", "task"}, p_.task, kTasks);
  v.flag({"causal", "causal mask"}, p_.causal);
  v.flag({"start", "start token"}, p_.start);
  v.flag({"random", "include randomised positions"}, p_.random);
  v.integer({"seeds", "seeds per encoding", 1, 10}, p_.seeds);
  v.integer({"seed", "first seed", 0, 9999}, p_.seed);
  v.integer({"steps", "step cap", 50, 10000, Scale::Log}, p_.steps);
  v.choice({"rate", "learning rate"}, p_.rate, kRateNames);
  v.integer({"batch", "batch", 4, 128, Scale::Log}, p_.batch);
  v.integer({"warmup", "warm-up steps", 0, double(std::min(500, p_.steps / 2))}, p_.warmup);
  v.integer({"layers", "layers", 1, 4}, p_.layers);
  v.integer({"heads", "heads", 1, 8}, p_.heads);
  v.integer({"d_model", "d_model", 8, 64, Scale::Log}, p_.d_model);
  v.integer({"vocab", "vocabulary", 2, 32}, p_.vocab);
  v.integer({"k", "k (k_back)", 1, 8}, p_.k);
  v.integer({"train_len", "training length", 2, 32}, p_.train_len);
  v.integer({"min_len", "shortest training input", 1, double(p_.train_len)}, p_.min_len);
  v.integer({"test_x", "test up to ×", 1, 4}, p_.test_x);
  v.choice({"metric", "score counts"}, p_.metric, kMetrics);
  v.flag({"greedy", "free-running (greedy)"}, p_.greedy);
  v.choice({"run", "run shown"}, p_.run, kRuns);
  v.integer({"shown_seed", "seed shown (index)", 0, double(p_.seeds - 1)}, p_.shown_seed);
  v.integer({"layer", "layer", 0, double(p_.layers - 1)}, p_.layer);
  v.integer({"head", "head shown", 0, double(p_.heads - 1)}, p_.head);
  v.integer({"ex_len", "example length", 1, double(top_len())}, p_.ex_len);
  v.integer({"example", "example", 0, 99}, p_.example);
}

core::Messages TrainLesson::update() {
  core::Messages notice;
  if (p_.d_model % 2) {
    ++p_.d_model;
    notice.push_back({"d_model: RoPE rotates pairs; using {0}", {std::to_string(p_.d_model)}});
  }
  // Heads divide d_model into even widths (RoPE turns pairs within a head).
  const int asked = p_.heads;
  while (p_.heads > 1 && (p_.d_model % p_.heads || (p_.d_model / p_.heads) % 2)) --p_.heads;
  if (p_.heads != asked)
    notice.push_back(
        {"heads: d_model / heads must be a whole even number; using {0}", {std::to_string(p_.heads)}});
  const int shortest = this->shortest();
  if (p_.train_len < shortest) {
    p_.train_len = shortest;
    notice.push_back(
        {"training length: k_back needs inputs longer than k; using {0}", {std::to_string(shortest)}});
  }
  p_.min_len = std::clamp(p_.min_len, 1, p_.train_len);
  p_.shown_seed = std::min(p_.shown_seed, p_.seeds - 1);
  if (p_.run >= encodings()) {  // randomised positions only when trained
    p_.run = encodings() - 1;
    notice.push_back(
        {"run shown: randomised positions are not trained; turn on include randomised positions", {}});
  }
  p_.layer = std::min(p_.layer, p_.layers - 1);
  p_.head = std::min(p_.head, p_.heads - 1);
  p_.ex_len = std::clamp(p_.ex_len, shortest, top_len());
  make_config(notice);
  if (!computed_ || run_inputs(p_) != run_inputs(seen_)) {
    if (running())
      notice.push_back({"Settings changed: training stopped. Press Train to run again.", {}});
    else if (done())
      notice.push_back(
          {"Settings changed: the results were for the old settings. Press Train to run again.", {}});
    reset();
    baselines_.reset();
  }
  seen_ = p_;
  computed_ = true;
  if (done()) update_view();
  return notice;
}

// Moves the runs on (an in-frame pool trains here; others only collect their workers' reports); true
// while more remains.
bool TrainLesson::work(double budget_ms) {
  if (!running()) return false;
  if (!pool_->trains_here()) {  // runs elsewhere: taken in every kProgressEvery seconds
    const double now = pool_->seconds();
    if (now - read_at_ < 0.9 * kProgressEvery && !record_read_) return true;
    read_at_ = now;
  }
  const auto finished = [this] {
    int n = 0;
    for (int i = 0; i < pool_->runs(); ++i) n += pool_->status(i).finished;
    return n;
  };
  const int before = finished();
  const bool more = pool_->work(budget_ms);
  record_read_ = finished() > before;
  shown_seconds_ = pool_->seconds();
  if (!more) finish();
  refresh_loss_curves();
  return more;
}

std::vector<Export> TrainLesson::exports(std::string_view step) const {
  const std::string s = std::string("_") + kTasks[p_.task] + (p_.causal ? "_causal" : "_bidirectional") +
                        (p_.start ? "_start" : "") + "_L" + std::to_string(p_.train_len) + "_seeds" +
                        std::to_string(p_.seed) + "-" + std::to_string(p_.seed + p_.seeds - 1);
  if (step == "runs") {
    // The table's runs (this page's once trained, those read from a file), and the script, which needs the
    // setup only.
    std::vector<Export> out;
    if (!table_runs().empty()) {
      const std::string name = done() ? "runs" + s : "runs_" + imported_from_stem();
      out.push_back(Export::file(name, ".csv", "text/csv", [this] { return runs_csv(); }));
      out.push_back(Export::file(name, ".json", "application/json", [this] {
        std::vector<core::RunRecord> all;
        for (const core::RunRecord* r : table_runs()) all.push_back(*r);
        return core::runs_file_json(all);
      }));
    }
    if (config_error_.empty())
      out.push_back(Export::file("train_torch" + s, ".py", "text/x-python",
                                 [this] { return core::pytorch_script(run_configs()); }));
    return out;
  }
  if (!done()) return {};
  if (step == "setup") return {{"loss_by_step_runs" + s, &r_.loss}};
  if (step == "attention")
    return {{std::string("attention_") + core::encoding_name(core::all_encodings()[p_.run]) + "_seed" +
                 std::to_string(p_.seed + p_.shown_seed) + "_layer" + std::to_string(p_.layer) + "_head" +
                 std::to_string(p_.head) + s,
             &attention_}};
  if (step == "table" && r_.table.size()) return {{"learned_position_table" + s, &r_.table}};
  return {{std::string(p_.metric ? "sequence" : "token") + (p_.greedy ? "_greedy" : "") +
               "_accuracy_by_length" + s,
           &r_.accuracy}};
}

// A runs file: JSON that says so near its start (a config.json or a table is another lesson's).
bool TrainLesson::takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const {
  (void)name;
  const std::string_view head(reinterpret_cast<const char*>(bytes), std::min<std::size_t>(size, 200));
  return head.find("posenc-train-runs") != std::string_view::npos;
}

core::Messages TrainLesson::receive_file(std::string_view name, const unsigned char* bytes,
                                         std::size_t size) {
  std::vector<core::RunRecord> runs;
  const std::string error =
      core::read_runs_file(std::string_view(reinterpret_cast<const char*>(bytes), size), runs);
  if (!error.empty()) return {{"{0} was not read: {1}", {std::string(name), error}}};
  for (core::RunRecord& r : runs) r.weights.clear();  // the table shows scores; views use the page's runs
  imported_ = std::move(runs);
  imported_from_ = std::string(name);
  order_.clear();
  if (imported_.size() == 1) return {{"read 1 run from {0}", {imported_from_}}};
  return {{"read {0} runs from {1}", {std::to_string(imported_.size()), imported_from_}}};
}

// The placeholders of the settings.
void TrainLesson::say_settings() {
  say("done", [this] { return done(); });
  say("running", [this] { return running(); });
  say("idle", [this] { return !pool_; });
  say("cannot_run", [this] { return !config_error_.empty(); });
  say("bidirectional", [this] { return !p_.causal; });
  say("start", [this] { return p_.start; });
  say("random", [this] { return p_.random; });
  say("random_causal", [this] { return p_.random && p_.causal; });
  say("random_longer", [this] { return p_.random && p_.test_x > 1; });
  say("random_last", [this] {  // the last position randomised positions are drawn from
    core::TrainConfig c = config_;
    c.pe = core::Encoding::Random;
    return core::model_config(c).position_range - 1;
  });
  say("causal_slots", [this] { return p_.causal && p_.task != 2; });
  say("good", [] { return num(kGood); });
  say("task_copy", [this] { return p_.task == 0; });
  say("task_reverse", [this] { return p_.task == 1; });
  say("task_k_back", [this] { return p_.task == 2; });
  say("k", [this] { return p_.k; });
  say("k_plus", [this] { return p_.k + 1; });
  say("task_name", [this] { return tr(lang_, kTasks[p_.task]); });
  say("test_top", [this] { return top_len(); });
  say("beyond_twice", [this] { return top_len() > 2 * p_.train_len; });
  say("params", [this] { return params_; });
  say("batch", [this] { return config_.batch; });
  say("vocab", [this] { return config_.vocab; });
  say("lr", [this] { return std::string(kRateNames[p_.rate]); });
  say("warmup", [this] { return config_.warmup; });
  say("cap", [this] { return config_.steps; });
  say("seeds", [this] { return p_.seeds; });
  say("one_seed", [this] { return p_.seeds == 1; });
  say("several_seeds", [this] { return p_.seeds > 1; });
  say("seed_first", [this] { return p_.seed; });
  say("seed_last", [this] { return p_.seed + p_.seeds - 1; });
  say("runs", [this] { return runs(); });
  say("parallel", [this] { return pool_ ? pool_->parallel() : 0; });
  say("min_len", [this] { return std::max(shortest(), p_.min_len); });
  say("len_range", [this] { return std::max(shortest(), p_.min_len) < p_.train_len; });
  say("greedy", [this] { return p_.greedy; });
  say("sequence_metric", [this] { return p_.metric == 1; });
  say("baseline_drawn", [this] { return p_.metric == 0 && !p_.greedy; });
}

// Test lengths: half the training length, the training length, then five steps up to the longest.
std::vector<int> TrainLesson::test_lens_for(const Params& p, int shortest) const {
  std::vector<int> lens = {std::max(shortest, (p.train_len + 1) / 2), p.train_len};
  const int top = p.train_len * p.test_x;
  for (int j = 1; j <= 5; ++j) lens.push_back(p.train_len + (top - p.train_len) * j / 5);
  std::sort(lens.begin(), lens.end());
  lens.erase(std::unique(lens.begin(), lens.end()), lens.end());
  return lens;
}

int TrainLesson::train_index() const {
  const auto& l = config_test_lens();
  return static_cast<int>(std::find(l.begin(), l.end(), p_.train_len) - l.begin());
}

void TrainLesson::make_config(core::Messages& notice) {
  core::TrainConfig c;
  c.task = static_cast<core::Task>(p_.task);
  c.causal = p_.causal;
  c.start_token = p_.start;
  c.layers = p_.layers;
  c.heads = p_.heads;
  c.d_model = p_.d_model;
  c.d_ff = 2 * p_.d_model;
  c.vocab = p_.vocab;
  c.k = p_.k;
  c.train_len = p_.train_len;
  c.min_len = std::max(p_.min_len, shortest());
  c.steps = p_.steps;
  c.lr = kRates[p_.rate];
  c.batch = p_.batch;
  c.warmup = p_.warmup;
  c.seed = static_cast<std::uint64_t>(p_.seed);
  c.test_lens = test_lens_for(p_, shortest());
  // Within the core's cap on work: a lower step cap, said so (the cap does not depend on the encoding).
  const auto over = [&] { return core::check_train_config(c).find("multiply-adds") != std::string::npos; };
  if (over()) {
    while (c.steps > 50 && over()) c.steps = c.steps * 9 / 10;
    p_.steps = c.steps;
    notice.push_back(
        {"step cap: this model size allows at most {0} steps per run; using {0}", {std::to_string(c.steps)}});
  }
  // The learning rate peaks when warm-up ends: at most half the step cap, so that it does (the slider's
  // range says so; a lower cap lowers it silently, as a shorter training length lowers min_len).
  c.warmup = p_.warmup = std::min(p_.warmup, c.steps / 2);
  config_error_ = core::check_train_config(c);
  config_ = c;
  // The model's size without positions, counted once here (the text says it in every frame).
  c.pe = core::Encoding::None;
  params_ = core::Model<float>(core::model_config(c), 1).parameter_count();
}

// Encoding-major: every seed of none, then of learned, … (randomised positions last, when asked for).
std::vector<core::TrainConfig> TrainLesson::run_configs() const {
  std::vector<core::TrainConfig> runs;
  for (int e = 0; e < encodings(); ++e)
    for (int s = 0; s < p_.seeds; ++s) {
      const core::Encoding pe = core::all_encodings()[e];
      runs.push_back(config_);
      runs.back().pe = pe;
      runs.back().seed = static_cast<std::uint64_t>(p_.seed + s);
    }
  return runs;
}

void TrainLesson::reset() {
  pool_.reset();
  finished_ = false;
  read_at_ = -1, shown_seconds_ = 0;
  record_read_ = false;
  loss_curves_.clear();
  papers_lang_ = -1;
  r_ = Results{};
  attention_.resize(0, 0);
  predicted_.clear();
}

void TrainLesson::start() {
  if (!config_error_.empty()) return;
  reset();
  pool_ = core::make_train_pool();
  pool_->start(run_configs());
}

// The Train / Stop button, progress and time: on every step, so any step can start a run.
void TrainLesson::run_bar(DrawContext& ctx) {
  if (!config_error_.empty()) {
    ui::wrapped(config_error_, *theme_, theme_->warn);
    return;
  }
  const char* label = tr(lang_, running() ? "Stop" : done() ? "Train again" : "Train");
  const bool pressed = ImGui::Button(label);
  ui::remember(label);  // posenc.locate finds it
  if (pressed) {
    if (running()) {
      reset();
      ctx.notices.push_back({"Training stopped.", {}});
    } else {
      start();
    }
  }
  ImGui::SameLine();
  const float width = ImGui::GetContentRegionAvail().x;
  if (running()) {
    // Steps done against the caps (runs that stop early count as done), runs finished, wall time.
    long steps = 0, total = 0;
    int finished = 0;
    for (int i = 0; i < pool_->runs(); ++i) {
      const core::RunStatus& st = pool_->status(i);
      finished += st.finished;
      steps += st.finished ? config_.steps : st.steps_done;
      total += config_.steps;
    }
    const std::string text =
        trf(lang_, "%d of %d runs done, %s s", finished, pool_->runs(), num(shown_seconds_, 2).c_str());
    ImGui::ProgressBar(total ? static_cast<float>(double(steps) / total) : 0.f, ImVec2(width, 0),
                       text.c_str());
  } else if (done()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", trf(lang_, "done: %d runs in %s s (wall time, %d at a time)", pool_->runs(),
                                  num(pool_->seconds(), 3).c_str(), pool_->parallel())
                                  .c_str());
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", tr(lang_, "not trained yet"));
  }
}

bool TrainLesson::need_results(DrawContext& ctx) {
  run_bar(ctx);
  if (done()) return true;
  ImGui::Dummy(ImVec2(1, ui::em(0.5f)));
  ui::wrapped(tr(lang_, "The results appear here once every run has trained and been tested."), *theme_,
              theme_->muted);
  return false;
}

void TrainLesson::draw_setup(DrawContext& ctx) {
  run_bar(ctx);
  ImGui::Dummy(ImVec2(1, ui::em(0.3f)));
  loss_plot(ui::em(15));
}

}  // namespace train_lesson

std::unique_ptr<Lesson> create_train() { return std::make_unique<train_lesson::TrainLesson>(); }

}  // namespace posenc::lessons
