// Lesson 7 — sum-vs-concat: why adding position codes to word vectors works. In high dimensions the
// two are nearly orthogonal, the word can still be recovered, PE's slow dimensions are nearly
// constant, and concatenation would double the width (and about quadruple the cost).
#include <cmath>

#include "core/metrics.hpp"
#include "core/mixing.hpp"
#include "core/random.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

// Samples for the recovery: 1000 give a 95% interval of about ±2% at 90% (100 gave ±6%, so the curve over
// the vocabulary could run against the hint); at d = 1024 and 1000 words one estimate takes ~0.12 s natively.
constexpr int kWords = 128, kPositions = 128, kSamples = 1000, kMaxDim = 1024, kMaxVocab = 1000;
constexpr int kLadder[] = {4, 8, 16, 32, 64, 128, 256, 512, 1024};

constexpr double kFlatVariance = 0.01;  // "nearly constant": the threshold the text and the plot quote

struct Params {
  int dim = 64;
  int vocab = 500;
  int len = 128;     // positions for the variance plot
  int tokens = 512;  // sequence length for the cost table
  int seed = 1;
};

// Random samples drawn once per seed at the largest sizes; a smaller d or vocabulary uses the first
// columns / rows (still Gaussian), so moving a slider never redraws them.
struct Samples {
  int seed = -1;
  Eigen::MatrixXd words;          // kMaxVocab × kMaxDim
  std::vector<int> truth;         // sample → word index (below the smallest vocabulary)
  std::vector<double> positions;  // sample → position
};

struct Derived {
  core::CosineStats stats;
  std::vector<double> ladder_cos, ladder_theory;  // mean |cos| at each ladder d (depends on seed only)
  int ladder_seed = -1;
  core::Recovery recovery;
  std::vector<core::Recovery> ladder_recovery;  // both accuracies at each ladder d ≤ 256
  int ladder_vocab = -1;
  Eigen::VectorXd variance;
  core::LayerCost sum_cost, concat_cost;
};

class SumVsConcatLesson final : public Lesson {
  Params p_;
  Derived d_;
  Samples samples_;
  std::pair<int, int> key_stats_{-1, -1}, key_recovery_{-1, -1}, key_variance_{-1, -1};

 public:
  SumVsConcatLesson() {
    const std::vector<std::string_view> controls = {"dim", "vocab", "len", "tokens", "seed"};
    step(
        "mixing",
        [this](DrawContext& c) {
          if (!stats_current()) {
            update_stats();
            c.edited = true;  // the text above shows these numbers: have it (and the URL mirror) refresh
          }
          draw_histogram(*theme_);
        },
        controls);
    step(
        "orthogonal", [this](DrawContext&) { draw_ladder(*theme_); }, controls);
    step(
        "recovery",
        [this](DrawContext& c) {
          // Not while a slider is held: the numbers follow when it is released (each costs ~25 ms at d 1024).
          if (!ImGui::IsAnyItemActive() && update_recovery())
            c.edited = true;  // the text shows them: refresh
          draw_recovery(*theme_);
        },
        controls);
    step(
        "constant", [this](DrawContext&) { draw_variance(*theme_); }, controls);
    step(
        "cost", [this](DrawContext&) { draw_cost(*theme_); }, controls);
    // Numbers computed only when their step is drawn: an ellipsis until then.
    const std::string later = "\xE2\x80\xA6";
    say("mean_cos", [=] { return stats_current() ? ui::short_number(d_.stats.mean_abs) : later; });
    say("theory", [this] { return ui::short_number(core::abs_cosine_theory(p_.dim)); });
    say("angle", [=] {
      return stats_current() ? ui::short_number(std::acos(d_.stats.mean_abs) * 180 / 3.14159265358979, 3)
                             : later;
    });
    say("acc_sum",
        [=] { return recovery_current() ? ui::short_number(100 * d_.recovery.sum, 3) + "%" : later; });
    say("acc_concat",
        [=] { return recovery_current() ? ui::short_number(100 * d_.recovery.concat, 3) + "%" : later; });
    // Where the sum's true rate lies, from kSamples samples (95%, Wilson).
    const auto sum_interval = [this] {
      return core::wilson_interval(static_cast<int>(std::lround(d_.recovery.sum * kSamples)), kSamples);
    };
    say("acc_sum_lo",
        [=] { return recovery_current() ? ui::short_number(100 * sum_interval().lo, 3) + "%" : later; });
    say("acc_sum_hi",
        [=] { return recovery_current() ? ui::short_number(100 * sum_interval().hi, 3) + "%" : later; });
    say("samples", [] { return std::to_string(kSamples); });
    say("flat_dims", [this] {
      int flat = 0;
      for (int i = 0; i < d_.variance.size(); ++i) flat += d_.variance(i) < kFlatVariance;
      return flat;
    });
    say("cost_ratio", [this] { return ui::short_number(d_.concat_cost.flops / d_.sum_cost.flops, 3); });
    say("param_ratio", [this] { return ui::short_number(d_.concat_cost.params / d_.sum_cost.params, 3); });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"dim", "dimension d", 4, 1024}, p_.dim);
    v.integer({"vocab", "vocabulary", 10, 1000}, p_.vocab);
    v.integer({"len", "positions", 2, 4096}, p_.len);
    v.integer({"tokens", "tokens", 1, 100000, Scale::Log}, p_.tokens);
    v.integer({"seed", "seed", 0, 9999}, p_.seed);
  }

  // Recomputes only what depends on a parameter that changed (each part remembers its inputs).
  core::Messages update() override {
    if (samples_.seed != p_.seed) {
      core::Random rng(core::mix_seed(p_.seed, 77));
      samples_.words = rng.gaussian_matrix(kMaxVocab, kMaxDim);
      samples_.truth.resize(kSamples);
      samples_.positions.resize(kSamples);
      samples_.seed = p_.seed;
      d_.ladder_seed = d_.ladder_vocab = -1;
      key_stats_ = key_recovery_ = {-1, -1};
    }
    core::Random pick(
        core::mix_seed(p_.seed, p_.vocab));  // which words the samples use depends on the vocabulary
    for (int s = 0; s < kSamples; ++s) {
      samples_.truth[s] = pick.below(p_.vocab);
      samples_.positions[s] = pick.below(512);
    }
    const auto words = [&](int rows, int d) { return samples_.words.topLeftCorner(rows, d); };
    // The cosine histogram (a 128 × 128 × d product) and the word recovery (two of samples × vocabulary
    // × d) are computed by update_stats() / update_recovery() only when a step that shows them is
    // drawn, so dragging d on the other steps stays fast.
    if (d_.ladder_seed != p_.seed) {
      d_.ladder_cos.clear();
      d_.ladder_theory.clear();
      for (int d : kLadder) {
        const core::CosineStats s = core::cosine_stats(words(64, d), 64);
        d_.ladder_cos.push_back(s.mean_abs);
        d_.ladder_theory.push_back(s.theory);
      }
      d_.ladder_seed = p_.seed;
    }
    if (key_variance_ != std::make_pair(p_.len, p_.dim)) {
      d_.variance = core::dimension_variance(p_.len, p_.dim);
      key_variance_ = {p_.len, p_.dim};
    }
    d_.sum_cost = core::layer_cost(p_.dim, p_.tokens);
    d_.concat_cost = core::layer_cost(2.0 * p_.dim, p_.tokens);
    return {};
  }

  void prepare(std::string_view step) override {
    if (step == "mixing" && !stats_current()) update_stats();
    if (step == "recovery") update_recovery();
  }

  void update_stats() {
    d_.stats = core::cosine_stats(samples_.words.topLeftCorner(kWords, p_.dim), kPositions);
    key_stats_ = {p_.dim, p_.seed};
  }

  bool stats_current() const { return key_stats_ == std::make_pair(p_.dim, p_.seed); }

  // The recovery step's numbers, brought up to date one part per frame: first the accuracy at the
  // current d and vocabulary (the numbers in the text), then, on the next frame, the curve over the
  // ladder of d — so no single frame pays for both after a vocabulary change. Returns whether it
  // computed anything.
  bool update_recovery() {
    const auto words = [&](int rows, int d) { return samples_.words.topLeftCorner(rows, d); };
    if (key_recovery_ != std::make_pair(p_.dim, p_.vocab)) {
      d_.recovery = core::nearest_word_accuracy(words(p_.vocab, p_.dim), samples_.truth, samples_.positions);
      key_recovery_ = {p_.dim, p_.vocab};
      return true;
    }
    if (d_.ladder_vocab != p_.vocab) {
      d_.ladder_recovery.clear();
      for (int d : kLadder)
        if (d <= 256)
          d_.ladder_recovery.push_back(
              core::nearest_word_accuracy(words(p_.vocab, d), samples_.truth, samples_.positions));
      d_.ladder_vocab = p_.vocab;
      return true;
    }
    return false;
  }

  bool recovery_current() const { return key_recovery_ == std::make_pair(p_.dim, p_.vocab); }

 private:
  void draw_histogram(const ui::Theme& t) {
    ui::Series h;
    h.label = tr(lang_, "share of word × position pairs");
    h.steps = true;
    for (int b = 0; b <= 20; ++b) {
      h.x.push_back(-1.0 + b * 0.1);
      h.y.push_back(d_.stats.histogram[std::min(b, 19)]);
    }
    ui::LinePlotOptions o = plot("cos(word, PE(pos)) for 128 random words × 128 positions", "cosine", 14);
    static_assert(kWords == 128 && kPositions == 128, "the histogram's title counts its words and positions");
    o.fix_y = true;
    o.y_min = 0;
    o.y_max = std::max(0.05, *std::max_element(d_.stats.histogram.begin(), d_.stats.histogram.end()) * 1.1);
    ui::line_plot("hist", {h}, o, t);
    ui::residual(tr(lang_, "mean |cos| ="), d_.stats.mean_abs, 1, t);
    ui::residual(tr(lang_, "theory √(2/(π d)) ="), d_.stats.theory, 1, t);
  }

  void draw_ladder(const ui::Theme& t) {
    const std::vector<double> dims(std::begin(kLadder), std::end(kLadder));
    ui::Series m = ui::series(tr(lang_, "measured mean |cos|"), dims, d_.ladder_cos);
    m.points = true;
    const ui::Series th = ui::series("√(2 / (π d))", dims, d_.ladder_theory);
    ui::LinePlotOptions o = plot("Word and position vectors become nearly orthogonal", "dimension d", 15);
    o.log_x = true;
    o.markers.push_back({static_cast<double>(p_.dim), tr(lang_, "your d"), 0});
    ui::line_plot("ladder", {m, th}, o, t);
  }

  void draw_recovery(const ui::Theme& t) {
    ui::Series s, c;
    s.label = tr(lang_, "sum w + PE");
    s.points = true;
    c.label = tr(lang_, "concatenation [w; PE]");
    for (size_t i = 0; i < d_.ladder_recovery.size(); ++i) {
      s.x.push_back(kLadder[i]);
      s.y.push_back(100 * d_.ladder_recovery[i].sum);
      c.x.push_back(kLadder[i]);
      c.y.push_back(100 * d_.ladder_recovery[i].concat);
    }
    static_assert(kSamples == 1000, "the recovery plot's title counts its samples");
    ui::LinePlotOptions o = plot("Which word was it? Nearest word to the input (1000 random samples)",
                                 "dimension d", 15, "correct, %");
    o.log_x = true;
    o.fix_y = true;
    o.y_min = 0;
    o.y_max = 105;
    ui::line_plot("recovery", {s, c}, o, t);
    ImGui::Text(tr(lang_, "At d = %d with %d words: sum %s correct, concatenation %s."), p_.dim, p_.vocab,
                placeholder("acc_sum").c_str(), placeholder("acc_concat").c_str());
  }

  void draw_variance(const ui::Theme& t) {
    const ui::Series s =
        ui::series(tr(lang_, "variance of the column over the first positions"), d_.variance);
    ui::LinePlotOptions o = plot("How much each PE dimension changes along the sequence", "dimension", 14);
    o.log_y = true;  // the slow dimensions' variances span many decades below the threshold
    o.y_markers.push_back({kFlatVariance, tr(lang_, "variance 0.01"), 0});
    ui::line_plot("variance", {s}, o, t);
  }

  void draw_cost(const ui::Theme&) {
    if (!ImGui::BeginTable("cost", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) return;
    ImGui::TableSetupColumn(tr(lang_, "per layer"));
    ImGui::TableSetupColumn(tr(lang_, "sum (width d)"));
    ImGui::TableSetupColumn(tr(lang_, "concat (width 2d)"));
    ImGui::TableHeadersRow();
    auto row = [](const char* label, double a, double b) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(label);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ui::short_number(a, 3).c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(ui::short_number(b, 3).c_str());
    };
    row(tr(lang_, "width"), p_.dim, 2.0 * p_.dim);
    row(tr(lang_, "weights"), d_.sum_cost.params, d_.concat_cost.params);
    row(tr(lang_, "multiply-adds"), d_.sum_cost.flops, d_.concat_cost.flops);
    ImGui::EndTable();
  }
};

}  // namespace

std::unique_ptr<Lesson> create_sum_vs_concat() { return std::make_unique<SumVsConcatLesson>(); }

}  // namespace posenc::lessons
