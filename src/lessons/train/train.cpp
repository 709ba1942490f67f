// Lesson 13 — train: don't take our word for it. Six tiny Transformers, one per position encoding
// (none, learned, sinusoidal, RoPE, ALiBi, T5), train side by side on an order-sensitive task while the
// page stays responsive: core::TrainBench trains them in slices of a few milliseconds between frames
// (work()), then scores the test sets one (run, length) at a time. The results — loss curves, accuracy
// against length, attention maps, the learned position table and its principal components — are what
// the text quotes, and only once they exist. This file ties the parts (train_lesson.hpp lists them):
// steps, settings, the runs and their progress.
#include <algorithm>
#include <memory>

#include "train_lesson.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace train_lesson {
namespace {

const std::vector<const char*> kTasks = {"copy", "reverse", "k_back"};

// What a run depends on: changing any of these discards the runs.
auto run_inputs(const Params& p) {
  return std::tie(p.task, p.causal, p.layers, p.heads, p.d_model, p.train_len, p.test_x, p.steps, p.seed);
}

}  // namespace

// The runs' names on screen (catalogue keys), in core::all_encodings()'s order.
const std::vector<const char*> kRuns = {"none", "learned", "sinusoidal", "RoPE", "ALiBi", "T5"};

std::string num(double x, int digits) { return ui::short_number(x, digits); }

TrainLesson::TrainLesson() {
  const std::vector<std::string_view> setup = {"task",      "causal", "layers", "heads", "d_model",
                                               "train_len", "test_x", "steps",  "seed"};
  step(
      "setup", [this](DrawContext& c) { draw_setup(c); }, setup);
  step("bag", [this](DrawContext& c) { draw_bag(c); }, {"task", "causal"});
  step("nope", [this](DrawContext& c) { draw_bag(c); }, {"task", "causal"});
  step("length", [this](DrawContext& c) { draw_length(c); }, {"train_len", "test_x"});
  step("attention", [this](DrawContext& c) { draw_attention(c); },
       {"run", "layer", "head", "ex_len", "example"});
  step("table", [this](DrawContext& c) { draw_table(c); }, {"d_model", "train_len"});
  step(
      "papers", [this](DrawContext& c) { draw_length(c); }, setup);
  say_settings();
  say_results();
  update();
}

void TrainLesson::visit(ParamVisitor& v) {
  v.choice({"task", "task"}, p_.task, kTasks);
  v.flag({"causal", "causal mask"}, p_.causal);
  v.integer({"layers", "layers", 1, 4}, p_.layers);
  v.integer({"heads", "heads", 1, 8}, p_.heads);
  v.integer({"d_model", "d_model", 8, 64, Scale::Log}, p_.d_model);
  v.integer({"train_len", "training length", 2, 32}, p_.train_len);
  v.integer({"test_x", "test up to ×", 1, 4}, p_.test_x);
  v.integer({"steps", "steps", 50, 5000, Scale::Log}, p_.steps);
  v.integer({"seed", "seed", 0, 9999}, p_.seed);
  v.choice({"run", "run shown"}, p_.run, kRuns);
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
  const int shortest = p_.task == 2 ? config_.k + 1 : 1;
  if (p_.train_len < shortest) {
    p_.train_len = shortest;
    notice.push_back(
        {"training length: k_back needs inputs longer than k; using {0}", {std::to_string(shortest)}});
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
  }
  seen_ = p_;
  computed_ = true;
  if (done()) update_view();
  return notice;
}

// Trains (or tests) for about budget_ms; true while more remains.
bool TrainLesson::work(double budget_ms) {
  if (!running()) return false;
  const bool more = bench_->work(budget_ms);
  if (bench_->done()) finish();
  return more;
}

std::vector<Export> TrainLesson::exports(std::string_view step) const {
  if (!done()) return {};
  const std::string s = std::string("_") + kTasks[p_.task] + (p_.causal ? "_causal" : "_bidirectional") +
                        "_L" + std::to_string(p_.train_len) + "_seed" + std::to_string(p_.seed);
  if (step == "setup") return {{"loss_by_step_6runs" + s, &r_.loss}};
  if (step == "attention")
    return {{std::string("attention_") + core::encoding_name(core::all_encodings()[p_.run]) + "_layer" +
                 std::to_string(p_.layer) + "_head" + std::to_string(p_.head) + s,
             &attention_}};
  if (step == "table" && r_.table.size()) return {{"learned_position_table" + s, &r_.table}};
  return {{"accuracy_by_length_6runs" + s, &r_.accuracy}};
}

// The placeholders of the settings.
void TrainLesson::say_settings() {
  say("done", [this] { return done(); });
  say("running", [this] { return running(); });
  say("idle", [this] { return !bench_; });
  say("cannot_run", [this] { return !config_error_.empty(); });
  say("bidirectional", [this] { return !p_.causal; });
  say("causal_slots", [this] { return p_.causal && p_.task != 2; });
  say("good", [] { return num(kGood); });
  say("task_copy", [this] { return p_.task == 0; });
  say("task_reverse", [this] { return p_.task == 1; });
  say("task_k_back", [this] { return p_.task == 2; });
  say("k", [this] { return config_.k; });
  say("k_plus", [this] { return config_.k + 1; });
  say("task_name", [this] { return tr(lang_, kTasks[p_.task]); });
  say("test_top", [this] { return top_len(); });
  say("params", [this] { return parameter_count(); });
  say("batch", [this] { return config_.batch; });
  say("vocab", [this] { return config_.vocab; });
  say("min_len", [this] { return shortest(); });
  say("len_range", [this] { return shortest() < p_.train_len; });  // "3 to 3 tokens" reads as "3 tokens"
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
  c.layers = p_.layers;
  c.heads = p_.heads;
  c.d_model = p_.d_model;
  c.d_ff = 2 * p_.d_model;
  c.train_len = p_.train_len;
  c.steps = p_.steps;
  c.seed = static_cast<std::uint64_t>(p_.seed);
  c.test_lens = test_lens_for(p_, p_.task == 2 ? c.k + 1 : 1);
  // Within the core's cap on work: fewer steps, said so (the cap does not depend on the encoding).
  const auto over = [&] { return core::check_train_config(c).find("multiply-adds") != std::string::npos; };
  if (over()) {
    while (c.steps > 50 && over()) c.steps = c.steps * 9 / 10;
    p_.steps = c.steps;
    notice.push_back(
        {"steps: this model size allows at most {0} steps per run; using {0}", {std::to_string(c.steps)}});
  }
  config_error_ = core::check_train_config(c);
  config_ = c;
}

long TrainLesson::parameter_count() const {
  core::TrainConfig c = config_;
  c.pe = core::Encoding::None;
  return core::Model<float>(core::model_config(c), 1).parameter_count();
}

void TrainLesson::reset() {
  bench_.reset();
  r_ = Results{};
  attention_.resize(0, 0);
  predicted_.clear();
}

void TrainLesson::start() {
  if (!config_error_.empty()) return;
  reset();
  bench_ = std::make_unique<core::TrainBench>(config_, core::all_encodings());
}

// The Train / Stop button, progress and time left: on every step, so any step can start a run.
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
    const core::TrainBench::Progress& p = bench_->progress();
    const std::string label = bench_->phase() == Phase::Testing
                                  ? std::string(tr(lang_, "testing"))
                                  : trf(lang_, "%d / %d steps, about %s s left", static_cast<int>(p.done),
                                        static_cast<int>(p.total), num(p.seconds_left(), 2).c_str());
    ImGui::ProgressBar(static_cast<float>(p.fraction()), ImVec2(width, 0), label.c_str());
  } else if (done()) {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled(
        "%s",
        trf(lang_, "done: 6 runs of %d steps in %s s", p_.steps, num(bench_->seconds(), 3).c_str()).c_str());
  } else {
    ImGui::AlignTextToFramePadding();
    ImGui::TextDisabled("%s", tr(lang_, "not trained yet"));
  }
}

bool TrainLesson::need_results(DrawContext& ctx) {
  run_bar(ctx);
  if (done()) return true;
  ImGui::Dummy(ImVec2(1, ui::em(0.5f)));
  ui::wrapped(tr(lang_, "The results appear here once the six runs have trained and been tested."), *theme_,
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
