// Lesson 10 — extrapolation: what happens past the training length. Sinusoidal codes become new
// combinations, RoPE's slow pairs reach angles never seen; ALiBi biases by distance, T5 buckets
// offsets logarithmically, and RoPE is stretched by position interpolation or NTK-aware scaling.
#include "core/extrapolation.hpp"

#include <array>
#include <cmath>

#include "core/constants.hpp"
#include "core/sinusoidal.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

using core::kTwoPi;

struct Params {
  int train = 512;    // L_train
  int target = 2048;  // the length we want to use
  int dim = 64;
  double base = 10000;
  int heads = 8;
  int head = 0;  // the ALiBi head drawn
  bool causal = true;
  int buckets = 32;
  int max_distance = 128;
  bool bidirectional = true;
};

struct Derived {
  Eigen::MatrixXd table;                      // sinusoidal sine columns, target × 3: fast, one turn, slowest
  std::array<int, 3> shown_pairs{};           // … their pairs
  double slow_trained_angle = 0;              // (L_train − 1) · θ of the slowest pair
  Eigen::VectorXd seen, needed, interp, ntk;  // max RoPE angle per pair
  int unseen_pairs = 0;                       // pairs whose needed angle exceeds any seen, below one turn
  double ntk_base = 0;
  std::vector<double> slopes;
  Eigen::MatrixXd bias;             // 24 × 24 for the drawn head
  std::vector<double> rel, bucket;  // T5 buckets over −3·max_distance … 3·max_distance
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage bias;
};

class ExtrapolationLesson final : public Lesson {
  Params p_;
  Derived d_;
  std::vector<ui::Series> sine_series_;  // draw_sinusoidal's curves, rebuilt when the table changes
  Eigen::Index sine_series_rows_ = -1;
  std::vector<int> sine_series_columns_;  // which of the table's three columns they show (distinct pairs)
  View view_;

 public:
  ExtrapolationLesson() {
    const std::vector<std::string_view> lengths = {"train", "target", "dim", "base"};
    step(
        "combinations", [this](DrawContext&) { draw_sinusoidal(*theme_); }, lengths);
    step(
        "unseen-angles", [this](DrawContext&) { draw_angles(*theme_, false); }, lengths);
    step("alibi", [this](DrawContext& c) { draw_alibi(c, *theme_); }, {"heads", "head", "causal"});
    step("t5", [this](DrawContext& c) { draw_t5(c, *theme_); }, {"buckets", "max_distance", "bidirectional"});
    step(
        "stretch", [this](DrawContext&) { draw_angles(*theme_, true); }, lengths);
    const auto num = [](double x, int digits) { return ui::short_number(x, digits); };
    say("pairs", [this] { return p_.dim / 2; });
    say("shaded", [this] { return p_.train < p_.target; });  // the plots' band past training is there
    say("unseen_pairs", [this] { return d_.unseen_pairs; });
    say("slow_below_peak", [this] { return d_.slow_trained_angle < kTwoPi / 4; });
    say("slow_trained_angle", [=] { return num(d_.slow_trained_angle, 3); });
    say("fast_pair", [this] { return d_.shown_pairs[0]; });
    // How many turns the fast pair made in training (about 8 unless d is small).
    say("fast_turns", [=] {
      return num((p_.train - 1) * core::frequency(d_.shown_pairs[0], p_.dim, p_.base) / kTwoPi, 3);
    });
    say("slow_seen", [=] { return num(d_.seen(d_.seen.size() - 1), 3); });
    say("slow_needed", [=] { return num(d_.needed(d_.needed.size() - 1), 3); });
    say("slope", [=] { return num(d_.slopes[p_.head], 4); });
    // Largest and smallest slope (not first and last: the reference order interleaves for head counts
    // that are not powers of two).
    say("slope_max", [=] { return num(*std::max_element(d_.slopes.begin(), d_.slopes.end()), 4); });
    say("slope_min", [=] { return num(*std::min_element(d_.slopes.begin(), d_.slopes.end()), 4); });
    say("last_start", [this] {                      // the first distance that falls into the last bucket
      const long side = p_.bidirectional ? 1 : -1;  // bidirectional: keys after the query; causal: before
      const int last =
          core::t5_bucket(side * 3L * p_.max_distance, p_.bidirectional, p_.buckets, p_.max_distance);
      long r = 0;
      while (r < 3L * p_.max_distance &&
             core::t5_bucket(side * r, p_.bidirectional, p_.buckets, p_.max_distance) != last)
        ++r;
      return r;
    });
    say("exact", [this] { return exact_buckets(); });
    say("ntk_base", [=] { return num(d_.ntk_base, 6); });
    say("scale", [=] { return num(double(p_.train) / p_.target, 4); });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"train", "L_train", 8, 65536, Scale::Log}, p_.train);
    v.integer({"target", "target length", 8, 262144, Scale::Log}, p_.target);
    v.integer({"dim", "d", 4, 1024}, p_.dim);
    v.real({"base", "base", 2, 1e7, Scale::Log, "%.0f"}, p_.base);
    v.integer({"heads", "ALiBi heads", 1, 64}, p_.heads);
    v.integer({"head", "head shown", 0, double(p_.heads - 1)}, p_.head);
    v.flag({"causal", "causal"}, p_.causal);
    v.integer({"buckets", "T5 buckets", 4, 128}, p_.buckets);
    v.integer({"max_distance", "max_distance", 8, 4096, Scale::Log}, p_.max_distance);
    v.flag({"bidirectional", "bidirectional"}, p_.bidirectional);
  }

  core::Messages update() override {
    core::Messages notice;
    if (p_.dim % 2) ++p_.dim;
    if (p_.head >= p_.heads) p_.head = p_.heads - 1;
    const int exact = exact_buckets();
    if (p_.max_distance <= exact) {
      p_.max_distance = exact + 1;
      notice.push_back(
          {"max_distance: must exceed the exact buckets; using {0}", {std::to_string(p_.max_distance)}});
    }
    const int rows = std::min(p_.target, 4096);
    const Eigen::MatrixXd full = core::sinusoidal({rows, p_.dim, p_.base, core::Layout::Interleaved, 0.0});
    // A fast pair (eight turns in training), one that turns about once in training, and the slowest.
    d_.shown_pairs = {core::pair_for_wavelength(p_.dim, p_.base, p_.train / 8.0),
                      core::pair_for_wavelength(p_.dim, p_.base, p_.train), p_.dim / 2 - 1};
    // The nearest wavelength may still be too long to repeat when d is small: then a faster pair.
    while (d_.shown_pairs[0] > 0 &&
           kTwoPi / core::frequency(d_.shown_pairs[0], p_.dim, p_.base) > p_.train / 8.0)
      --d_.shown_pairs[0];
    d_.table.resize(rows, 3);
    for (int c = 0; c < 3; ++c)
      d_.table.col(c) = full.col(core::sine_column(d_.shown_pairs[c], p_.dim, core::Layout::Interleaved));
    d_.slow_trained_angle = (p_.train - 1) * core::frequency(p_.dim / 2 - 1, p_.dim, p_.base);
    sine_series_rows_ = -1;  // draw_sinusoidal rebuilds its curves
    d_.seen = core::rope_max_angles(p_.dim, p_.base, p_.train);
    d_.needed = core::rope_max_angles(p_.dim, p_.base, p_.target);
    d_.interp = core::rope_max_angles(p_.dim, p_.base, p_.target, double(p_.train) / p_.target);
    d_.ntk_base = core::ntk_base(p_.base, double(p_.target) / p_.train, p_.dim);
    d_.ntk = core::rope_max_angles(p_.dim, d_.ntk_base, p_.target);
    d_.unseen_pairs = 0;
    for (int i = 0; i < d_.seen.size(); ++i)
      d_.unseen_pairs += d_.seen(i) < kTwoPi && d_.needed(i) > d_.seen(i);
    d_.slopes = core::alibi_slopes(p_.heads);
    d_.bias = core::alibi_bias(24, d_.slopes[p_.head], p_.causal);
    view_.bias.set(d_.bias);
    d_.rel.clear();
    d_.bucket.clear();
    for (long r = -3L * p_.max_distance; r <= 3L * p_.max_distance; ++r) {
      d_.rel.push_back(r);
      d_.bucket.push_back(core::t5_bucket(r, p_.bidirectional, p_.buckets, p_.max_distance));
    }
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    if (step == "alibi")
      return {{"alibi_bias_head" + std::to_string(p_.head) + "_of" + std::to_string(p_.heads), &d_.bias}};
    return {};
  }

 private:
  // T5's max_exact: the offsets below it have a bucket each (per direction when bidirectional).
  int exact_buckets() const { return (p_.bidirectional ? p_.buckets / 2 : p_.buckets) / 2; }

  ui::Band beyond() const {
    return {static_cast<double>(p_.train), static_cast<double>(p_.target), 0, tr(lang_, "beyond training")};
  }

  void draw_sinusoidal(const ui::Theme& t) {
    // The curves' points are built once per table (not per frame: thousands of positions × 3).
    // Each pair once: with few pairs (small d) "one turn" may be the fast or the slowest pair itself.
    std::vector<ui::Series>& s = sine_series_;
    std::vector<int>& shown = sine_series_columns_;
    if (sine_series_rows_ != d_.table.rows()) {
      s.clear();
      shown.clear();
      // "one turn" gives way to the fast or the slowest pair it coincides with (their names say more).
      const auto& pairs = d_.shown_pairs;
      for (int c = 0; c < 3; ++c) {
        if ((c == 1 && (pairs[1] == pairs[0] || pairs[1] == pairs[2])) || (c == 2 && pairs[2] == pairs[0]))
          continue;
        shown.push_back(c);
        s.push_back(ui::series({}, d_.table.col(c)));
      }
      s[0].thickness = 1.0f;
      sine_series_rows_ = d_.table.rows();
    }
    const char* names[] = {"a fast pair (i = %d)", "one turn in training (i = %d)",
                           "the slowest pair (i = %d)"};
    for (size_t k = 0; k < shown.size(); ++k)
      s[k].label = trf(lang_, names[shown[k]], d_.shown_pairs[shown[k]]);
    ui::LinePlotOptions o =
        plot(p_.train < p_.target
                 ? "Sine columns of the code, with the positions past L_train shaded"
                 : "Sine columns of the code (L_target ≤ L_train: no position lies past training)",
             "position", 15);
    o.fix_y = true;
    o.y_min = -1.1;
    o.y_max = 1.5;  // room above the curves for the shaded band's label
    o.bands.push_back(beyond());
    ui::line_plot("sin", s, o, t);
  }

  void draw_angles(const ui::Theme& t, bool scaled) {
    std::vector<ui::Series> s = {ui::series(tr(lang_, "largest angle seen in training"), d_.seen),
                                 ui::series(tr(lang_, "needed at the target length"), d_.needed)};
    s[0].thickness = 6.0f;  // wide and underneath: the interpolated curve runs almost on top of it
    if (scaled) {
      s.push_back(ui::series(tr(lang_, "position interpolation"), d_.interp));
      s.push_back(ui::series(tr(lang_, "NTK-aware base"), d_.ntk));
      s[2].thickness = 1.5f;
    }
    ui::LinePlotOptions o = plot("Largest RoPE angle each pair reaches (radians, log scale)", "pair i", 16);
    o.integer_x = true;
    o.log_y = true;
    o.y_markers.push_back({kTwoPi, tr(lang_, "2π: one full turn"), 0});
    ui::line_plot("angles", s, o, t);
    ImGui::TextDisabled(
        "%s",
        tr(lang_, "Pairs below 2π never completed a turn in training; past it every angle has been seen."));
  }

  void draw_alibi(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions o;
    o.title = tr(lang_, p_.causal ? "ALiBi bias −m·(i − j) for one head (grey: masked future keys)"
                                  : "ALiBi bias −m·|i − j| for one head (no mask: keys on both sides)");
    o.x_label = tr(lang_, "key j");
    o.y_label = tr(lang_, "query i");
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.6f, ui::em(15));
    ui::heatmap("bias", view_.bias, o, t, *ctx.textures);
    ui::Series s = ui::series(tr(lang_, "slope m of each head"),
                              Eigen::Map<const Eigen::VectorXd>(d_.slopes.data(), d_.slopes.size()));
    s.points = true;
    ui::LinePlotOptions lo = plot("Head slopes (log scale)", "head", 10);
    lo.integer_x = true;
    lo.log_y = true;
    ui::line_plot("slopes", {s}, lo, t);
  }

  void draw_t5(DrawContext&, const ui::Theme& t) {
    ui::Series s = ui::series(tr(lang_, "bucket id"), d_.rel, d_.bucket);
    s.steps = true;
    ui::LinePlotOptions o = plot("T5: relative position (key − query) → bucket", "relative position", 16);
    o.markers.push_back({-static_cast<double>(p_.max_distance), "−max_distance", 0});
    o.markers.push_back({static_cast<double>(p_.max_distance), "max_distance", 0});
    ui::line_plot("t5", {s}, o, t);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_extrapolation() { return std::make_unique<ExtrapolationLesson>(); }

}  // namespace posenc::lessons
