// Lesson 13 — train: don't take our word for it. Six tiny Transformers, one per position encoding
// (none, learned, sinusoidal, RoPE, ALiBi, T5), train side by side on an order-sensitive task while the
// page stays responsive: core::TrainBench trains them in slices of a few milliseconds between frames
// (work()), then scores the test sets one (run, length) at a time. The results — loss curves, accuracy
// against length, attention maps, the learned position table and its principal components — are what
// the text quotes, and only once they exist.
#include "core/train.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>

#include "core/train_bench.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/locate.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

const std::vector<const char*> kTasks = {"copy", "reverse", "k_back"};
// The runs' names on screen (catalogue keys), in core::all_encodings()'s order.
const std::vector<const char*> kRuns = {"none", "learned", "sinusoidal", "RoPE", "ALiBi", "T5"};
constexpr double kGood = 0.9;  // "learned the task": the accuracy the text's lists use

struct Params {
  int task = 1;  // reverse
  bool causal = false;
  int layers = 2, heads = 4, d_model = 32;
  int train_len = 8;
  int test_x = 4;  // test lengths up to test_x × train_len
  int steps = 900;
  int seed = 1;
  // What the result steps show (not part of a run).
  int run = 3;  // RoPE
  int layer = 0, head = 0;
  int ex_len = 8, example = 0;
};

// What a run depends on: changing any of these discards the runs.
auto run_inputs(const Params& p) {
  return std::tie(p.task, p.causal, p.layers, p.heads, p.d_model, p.train_len, p.test_x, p.steps, p.seed);
}

using Phase = core::TrainBench::Phase;

struct Results {                   // worked out once the runs are tested
  Eigen::MatrixXd accuracy;        // test lengths × runs (export: first column the length)
  Eigen::MatrixXd loss;            // steps × runs
  double bag_bound = 0;            // best accuracy a bag of tokens allows on the test set at train_len
  std::vector<double> bag_bounds;  // … on the test set of each test length
  Eigen::MatrixXd table;           // the learned run's position table (rows × d_model)
  core::Components pcs;            // … its first two principal components over the trained rows
};

struct View {
  ui::HeatmapImage attention, table;
};

std::string num(double x, int digits = 3) { return ui::short_number(x, digits); }

class TrainLesson final : public Lesson {
  Params p_;
  Params seen_;
  bool computed_ = false;
  core::TrainConfig config_;  // what Train would run (every run but its encoding)
  std::string config_error_;  // why it cannot run ("" when it can)
  // The six runs, from Train until a change discards them (none: not trained). What the screen shows of
  // a training in progress is the bench's progress(), refreshed about ten times a second rather than
  // after every slice: a frame that looks like the last one is not handed to WebGL, which leaves the
  // time to training steps.
  std::unique_ptr<core::TrainBench> bench_;
  Results r_;  // worked out once the bench is done
  Eigen::MatrixXd attention_;
  core::Example example_;
  std::vector<int> predicted_;
  View view_;

 public:
  TrainLesson() {
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

  void visit(ParamVisitor& v) override {
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

  core::Messages update() override {
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
  bool work(double budget_ms) override {
    if (!running()) return false;
    const bool more = bench_->work(budget_ms);
    if (bench_->done()) finish();
    return more;
  }

  std::vector<Export> exports(std::string_view step) const override {
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

 private:
  bool running() const { return bench_ && !bench_->done(); }
  bool done() const { return bench_ && bench_->done(); }  // and its results worked out (finish())
  int top_len() const { return p_.train_len * p_.test_x; }
  int shortest() const { return p_.task == 2 ? config_.k + 1 : 1; }  // k_back needs k + 1 tokens

  // The placeholders of the settings.
  void say_settings() {
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

  // The placeholders of the results. Before the runs are tested their conditions are off and their
  // numbers never shown (the text quotes results inside {{?done}}).
  void say_results() {
    const auto condition = [this](auto f) { return [this, f] { return done() && f(); }; };
    const auto quoted = [this](auto f) {
      return [this, f] { return done() ? f() : std::string("\xE2\x80\xA6"); };
    };
    const auto last = [this] { return static_cast<int>(r_.accuracy.rows()) - 1; };
    const auto learned = [this](int i) { return acc(i, train_index()) >= kGood; };
    const auto holds = [=](int i) { return learned(i) && acc(i, last()) >= kGood; };
    const auto collapses = [=](int i) { return learned(i) && acc(i, last()) < kGood; };
    const auto longer = [=] { return last() > train_index(); };
    const auto above = [this] { return acc(0, train_index()) > r_.bag_bound + 0.05; };
    say("bidir_done", condition([this] { return !p_.causal; }));
    say("causal_done", condition([this] { return p_.causal; }));
    say("none_within_bound",
        condition([this] { return !p_.causal && acc(0, train_index()) <= r_.bag_bound + 1e-12; }));
    say("causal_none_above", condition([=] { return p_.causal && above(); }));
    say("causal_none_at_bound", condition([=] { return p_.causal && !above(); }));
    say("none_learned", condition([=] { return learned(0); }));
    say("any_learned", condition([=] { return count(learned) > 0; }));
    say("all_learned", condition([=] { return count(learned) == 6; }));
    say("some_short", condition([=] { return count(learned) < 6; }));
    say("longer", condition(longer));
    say("any_hold", condition([=] { return longer() && count(holds) > 0; }));
    say("no_hold", condition([=] { return longer() && count(learned) > 0 && count(holds) == 0; }));
    say("any_collapse", condition([=] { return longer() && count(collapses) > 0; }));
    say("untrained", condition([this] { return r_.table.rows() > bench_->run(1).trained_positions(); }));
    say("acc_none", quoted([this] { return num(acc(0, train_index())); }));
    say("acc_none_long", quoted([=] { return num(acc(0, last())); }));
    say("bag_bound", quoted([this] { return num(r_.bag_bound); }));
    say("best_train", quoted([this] { return best_run(train_index()); }));
    say("best_train_acc", quoted([this] { return num(best_acc(train_index())); }));
    say("learned_at_train", quoted([=] { return names(learned); }));
    say("short_of", quoted([=] { return names([=](int i) { return !learned(i); }); }));
    say("hold", quoted([=] { return names(holds); }));
    say("collapse", quoted([=] { return names(collapses); }));
    say("longest", quoted([this] { return std::to_string(config_test_lens().back()); }));
    say("best_long", quoted([=] { return best_run(last()); }));
    say("best_long_acc", quoted([=] { return num(best_acc(last())); }));
    say("ex_right", quoted([this] { return std::to_string(example_right()); }));
    say("ex_targets", quoted([this] { return std::to_string(core::target_count(example_)); }));
    say("table_rows", quoted([this] { return std::to_string(r_.table.rows()); }));
    say("trained_rows", quoted([this] { return std::to_string(bench_->run(1).trained_positions()); }));
    say("pc1", quoted([this] { return num(100 * (r_.pcs.explained.size() > 0 ? r_.pcs.explained(0) : 0)); }));
    say("pc2", quoted([this] { return num(100 * (r_.pcs.explained.size() > 1 ? r_.pcs.explained(1) : 0)); }));
    say("train_seconds", quoted([this] { return num(bench_->seconds()); }));
  }

  // Test lengths: half the training length, the training length, then five steps up to the longest.
  std::vector<int> test_lens_for(const Params& p, int shortest) const {
    std::vector<int> lens = {std::max(shortest, (p.train_len + 1) / 2), p.train_len};
    const int top = p.train_len * p.test_x;
    for (int j = 1; j <= 5; ++j) lens.push_back(p.train_len + (top - p.train_len) * j / 5);
    std::sort(lens.begin(), lens.end());
    lens.erase(std::unique(lens.begin(), lens.end()), lens.end());
    return lens;
  }
  const std::vector<int>& config_test_lens() const { return config_.test_lens; }
  int train_index() const {
    const auto& l = config_test_lens();
    return static_cast<int>(std::find(l.begin(), l.end(), p_.train_len) - l.begin());
  }

  void make_config(core::Messages& notice) {
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

  long parameter_count() const {
    core::TrainConfig c = config_;
    c.pe = core::Encoding::None;
    return core::Model<float>(core::model_config(c), 1).parameter_count();
  }

  void reset() {
    bench_.reset();
    r_ = Results{};
    attention_.resize(0, 0);
    predicted_.clear();
  }

  void start() {
    if (!config_error_.empty()) return;
    reset();
    bench_ = std::make_unique<core::TrainBench>(config_, core::all_encodings());
  }

  void finish() {
    const int lens = static_cast<int>(config_test_lens().size()), n = bench_->runs();
    r_.accuracy.resize(lens, n + 1);
    r_.loss.resize(p_.steps, n);
    for (int l = 0; l < lens; ++l) r_.accuracy(l, 0) = config_test_lens()[l];
    for (int i = 0; i < n; ++i) {
      for (int l = 0; l < lens; ++l) r_.accuracy(l, i + 1) = bench_->accuracy(i)[l];
      const auto& loss = bench_->run(i).losses();
      for (int s = 0; s < p_.steps; ++s) r_.loss(s, i) = s < static_cast<int>(loss.size()) ? loss[s] : NAN;
    }
    for (int l = 0; l < lens; ++l) r_.bag_bounds.push_back(bag_bound(bench_->run(0).test_set(l)));
    r_.bag_bound = r_.bag_bounds[train_index()];
    const core::Trainer& learned = bench_->run(1);
    r_.table = learned.position_table().cast<double>();
    r_.pcs = core::principal_components(learned.position_table(), learned.trained_positions(), 2);
    view_.table.set(r_.table);
    update_view();
  }

  // The bag-of-tokens bound of the test set's inputs, asked all at once (the bidirectional form of the
  // same sequences: with the causal mask it is the comparison the text draws).
  double bag_bound(const std::vector<core::Example>& set) const {
    core::TaskSpec spec = core::task_spec(config_);
    spec.causal = false;
    std::vector<core::Example> bag;
    for (const core::Example& e : set) {
      const size_t n = spec.task == core::Task::KBack ? e.tokens.size() : (e.tokens.size() - 1) / 2;
      bag.push_back(core::make_example(spec, std::vector<int>(e.tokens.begin(), e.tokens.begin() + n)));
    }
    return core::bag_of_tokens_bound(bag, spec.task);
  }

  // The attention map and predictions of the chosen run on the chosen example.
  void update_view() {
    if (!done()) return;
    core::Random rng(core::mix_seed(0xE8A3'F1E5ULL, static_cast<std::uint64_t>(p_.example)));
    example_ = core::random_example(core::task_spec(config_), p_.ex_len, rng);
    const core::Trainer& t = bench_->run(p_.run);
    attention_ = t.attention(example_, p_.layer, p_.head).cast<double>();
    view_.attention.set(attention_, 1.0);
    predicted_ = t.model().predict({example_});
  }

  int example_right() const {
    int right = 0;
    size_t i = 0;
    for (int target : example_.targets)
      if (target >= 0) right += i < predicted_.size() && predicted_[i++] == target;
    return right;
  }

  double acc(int run, int len) const { return r_.accuracy(len, run + 1); }
  template <class F>
  int count(F f) const {
    int k = 0;
    for (int i = 0; i < 6; ++i) k += f(i);
    return k;
  }
  template <class F>
  std::string names(F f) const {  // "RoPE, ALiBi and T5" in the learner's language
    std::vector<std::string> v;
    for (int i = 0; i < 6; ++i)
      if (f(i)) v.push_back(tr(lang_, i == 0 ? "the run without positions" : kRuns[i]));  // not "none, …"
    // A word joiner without spaces of its own (Chinese 和) gets one on the side of a Latin name:
    // "正弦编码和 RoPE", "ALiBi 和 T5 偏置".
    const auto latin = [](char c) {
      return static_cast<unsigned char>(c) < 0x80 && std::isalnum(static_cast<unsigned char>(c));
    };
    std::string s;
    for (size_t i = 0; i < v.size(); ++i) {
      std::string join = i == 0 ? "" : i + 1 == v.size() ? tr(lang_, " and ") : tr(lang_, ", ");
      if (i > 0 && i + 1 == v.size() && join.front() != ' ')
        join = (latin(s.back()) ? " " : "") + join + (latin(v[i].front()) ? " " : "");
      s += join + v[i];
    }
    return s.empty() ? tr(lang_, "none of them") : s;
  }
  int best_index(int len) const {
    int b = 0;
    for (int i = 1; i < 6; ++i)
      if (acc(i, len) > acc(b, len)) b = i;
    return b;
  }
  // Every run at the best accuracy (several reach 1 at the training length).
  std::string best_run(int len) const {
    return names([&](int i) { return acc(i, len) == acc(best_index(len), len); });
  }
  double best_acc(int len) const { return acc(best_index(len), len); }

  // --- drawing -------------------------------------------------------------------------------------

  // The Train / Stop button, progress and time left: on every step, so any step can start a run.
  void run_bar(DrawContext& ctx) {
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
          "%s", trf(lang_, "done: 6 runs of %d steps in %s s", p_.steps, num(bench_->seconds(), 3).c_str())
                    .c_str());
    } else {
      ImGui::AlignTextToFramePadding();
      ImGui::TextDisabled("%s", tr(lang_, "not trained yet"));
    }
  }

  bool need_results(DrawContext& ctx) {
    run_bar(ctx);
    if (done()) return true;
    ImGui::Dummy(ImVec2(1, ui::em(0.5f)));
    ui::wrapped(tr(lang_, "The results appear here once the six runs have trained and been tested."), *theme_,
                theme_->muted);
    return false;
  }

  void loss_plot(float height) {
    std::vector<ui::Series> s;
    for (int i = 0; i < (bench_ ? bench_->runs() : 0); ++i) {
      const auto& loss = bench_->run(i).losses();
      ui::Series c;
      c.label = tr(lang_, kRuns[i]);
      // At most ~300 points: the mean of each stretch of steps (while training, of the steps shown).
      const size_t n = bench_->phase() == Phase::Training
                           ? std::min(loss.size(), static_cast<size_t>(bench_->progress().steps[i]))
                           : loss.size();
      const size_t per = std::max<size_t>(1, n / 300);
      for (size_t a = 0; a + per <= n; a += per) {
        double sum = 0;
        for (size_t b = a; b < a + per; ++b) sum += loss[b];
        c.x.push_back(a + per / 2.0);
        c.y.push_back(sum / per);
      }
      s.push_back(std::move(c));
    }
    ui::LinePlotOptions o;
    o.title = tr(lang_, "Training loss of the six runs (cross-entropy, log scale)");
    o.x_label = tr(lang_, "step");
    o.log_y = true;
    o.height = height;
    if (s.empty()) {
      ui::Series empty;
      empty.label = tr(lang_, "no run yet");
      s.push_back(empty);
    }
    ui::line_plot("loss", s, o, *theme_);
  }

  // Run i's dots (x and y to fill), in its colour of every plot.
  ui::Series run_dots(int i) const {
    ui::Series c;
    c.label = tr(lang_, kRuns[i]);
    c.color = ui::palette(i);  // set: on a plot whose first series is not a run, still the run's colour
    c.points = true;
    return c;
  }

  // A plot of token accuracy, 0 to 1 with room above, against whole numbers; the first and last dots
  // whole, off the plot's edges.
  ui::LinePlotOptions accuracy_options(const char* title, const char* x_label) const {
    ui::LinePlotOptions o;
    o.title = tr(lang_, title);
    o.x_label = tr(lang_, x_label);
    o.integer_x = true;
    o.x_pad = 0.5;
    o.fix_y = true;
    o.y_min = 0;
    o.y_max = 1.05;
    return o;
  }

  void accuracy_plot(float height) {
    std::vector<ui::Series> s;
    const auto& lens = config_test_lens();
    // The bound depends on the length (a longer input repeats its most frequent token less): one value
    // per test set, a wide pale band under the runs (the run without positions rides on it), named in the
    // legend.
    ui::Series bound;
    bound.label = tr(lang_, "bag-of-tokens bound");
    bound.color = (theme_->muted & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 110);
    bound.thickness = 6.0f;
    for (size_t l = 0; l < lens.size() && l < r_.bag_bounds.size(); ++l) {
      bound.x.push_back(lens[l]);
      bound.y.push_back(r_.bag_bounds[l]);
    }
    s.push_back(std::move(bound));
    for (int i = 0; i < 6; ++i) {
      ui::Series c = run_dots(i);
      for (size_t l = 0; l < lens.size(); ++l) {
        c.x.push_back(lens[l]);
        c.y.push_back(acc(i, static_cast<int>(l)));
      }
      s.push_back(std::move(c));
    }
    ui::LinePlotOptions o = accuracy_options(
        "Token accuracy against input length (shaded: lengths trained on)", "input length n");
    o.height = height;
    o.bands.push_back(
        {static_cast<double>(shortest()), static_cast<double>(p_.train_len), 0, tr(lang_, "trained")});
    ui::line_plot("accuracy", s, o, *theme_);
  }

  void draw_setup(DrawContext& ctx) {
    run_bar(ctx);
    ImGui::Dummy(ImVec2(1, ui::em(0.3f)));
    loss_plot(ui::em(15));
  }

  void draw_bag(DrawContext& ctx) {
    if (!need_results(ctx)) return;
    // Accuracy at the training length, one point per run (the legend names them), against the bound.
    std::vector<ui::Series> s;
    for (int i = 0; i < 6; ++i) {
      s.push_back(run_dots(i));
      s.back().x = {double(i)};
      s.back().y = {acc(i, train_index())};
    }
    ui::LinePlotOptions o = accuracy_options("Token accuracy at the training length, run by run", "run");
    o.height = ui::em(14);
    o.y_markers.push_back({r_.bag_bound, tr(lang_, "bag-of-tokens bound"), 0});
    ui::line_plot("bars", s, o, *theme_);
    loss_plot(ui::em(11));
  }

  void draw_length(DrawContext& ctx) {
    if (!need_results(ctx)) return;
    accuracy_plot(ui::em(17));
  }

  void draw_attention(DrawContext& ctx) {
    if (!need_results(ctx)) return;
    ui::HeatmapOptions o;
    const std::string title = trf(lang_, "Attention of %s, layer %d, head %d (row: query, column: key)",
                                  tr(lang_, kRuns[p_.run]), p_.layer, p_.head);
    o.title = title.c_str();
    o.x_label = tr(lang_, "key position");
    o.y_label = tr(lang_, "query position");
    o.x_name = tr(lang_, "key");
    o.y_name = tr(lang_, "query");
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.8f, ui::em(18));
    o.non_negative = true;  // softmax weights
    ui::heatmap("attention", view_.attention, o, *theme_, *ctx.textures);
    // The example's tokens, targets and the run's predictions.
    std::string in, target, out;
    const core::TaskSpec spec = core::task_spec(config_);
    const auto token = [&](int t) {
      return t == spec.sep() ? std::string("|") : t == spec.mask() ? std::string("_") : std::to_string(t);
    };
    size_t k = 0;
    for (size_t i = 0; i < example_.tokens.size(); ++i) {
      in += token(example_.tokens[i]) + " ";
      if (example_.targets[i] >= 0) {
        target += token(example_.targets[i]) + " ";
        out += (k < predicted_.size() ? token(predicted_[k]) : std::string("?")) + " ";
        ++k;
      }
    }
    ui::wrapped(trf(lang_, "tokens: %s", in.c_str()), *theme_, theme_->muted);
    ui::wrapped(trf(lang_, "targets: %s", target.c_str()), *theme_, theme_->muted);
    ui::wrapped(trf(lang_, "predicted: %s", out.c_str()), *theme_, theme_->muted);
  }

  void draw_table(DrawContext& ctx) {
    if (!need_results(ctx)) return;
    ui::HeatmapOptions o =
        position_rows("Learned position table (rows past the training lengths never trained)");
    o.height = ui::em(13);
    o.mark_row = bench_->run(1).trained_positions() - 1;
    ui::heatmap("table", view_.table, o, *theme_, *ctx.textures);
    std::vector<ui::Series> s;
    for (int k = 0; k < r_.pcs.coords.cols(); ++k)
      s.push_back(ui::series(
          trf(lang_, "component %d (%s%% of the variance)", k + 1, num(100 * r_.pcs.explained(k)).c_str()),
          r_.pcs.coords.col(k)));
    ui::LinePlotOptions lo;
    lo.title = tr(lang_, "First principal components of the trained rows, against position");
    lo.x_label = tr(lang_, "position");
    lo.integer_x = true;
    lo.height = ui::em(11);
    if (!s.empty()) ui::line_plot("pcs", s, lo, *theme_);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_train() { return std::make_unique<TrainLesson>(); }

}  // namespace posenc::lessons
