// Lesson 4 — frequencies: each dimension of the sinusoidal code is a wave over positions; the
// wavelengths 2π·base^(2i/d) form a geometric progression from 2π to 2π·base.
#include <cmath>

#include "core/constants.hpp"
#include "core/naive.hpp"
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
  int len = 200;
  int dim = 64;
  double base = 10000;
  int pair = 4;  // the highlighted pair i
};

struct Derived {
  Eigen::MatrixXd table;           // len × dim
  std::vector<int> shown;          // pair indices drawn as waves
  Eigen::VectorXd wavelength;      // per pair
  Eigen::VectorXd wavelength_ref;  // base 10000, d 512: the paper's setting, for comparison
  Eigen::MatrixXd table_small;     // first 64 positions × first 16 columns
  Eigen::MatrixXd binary_small;    // first 64 positions × 6 bits, mapped to ±1
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage small, bits;
};

class FrequenciesLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  FrequenciesLesson() {
    const std::vector<std::string_view> controls = {"len", "dim", "base", "pair"};
    step(
        "waves", [this](DrawContext&) { draw_waves(*theme_); }, controls);
    step(
        "wavelengths", [this](DrawContext&) { draw_wavelengths(*theme_, false); }, controls);
    step(
        "base-d", [this](DrawContext&) { draw_wavelengths(*theme_, true); }, controls);
    step(
        "counter", [this](DrawContext& c) { draw_counter(c, *theme_); }, controls);
    const auto num = [](double x) { return ui::short_number(x); };
    const auto pairs = [this] { return core::frequency_count(p_.dim); };
    say("pairs", pairs);
    say("pair_col", [this] { return 2 * p_.pair; });
    say("pair_wavelength", [=] { return num(d_.wavelength(p_.pair)); });
    say("shortest", [=] { return num(d_.wavelength(0)); });
    say("longest", [=] { return num(d_.wavelength(pairs() - 1)); });
    // the progression's ratio, base^(2/d), whether or not a second pair exists to show it
    say("ratio", [this] { return ui::short_number(std::pow(p_.base, 2.0 / p_.dim), 4); });
    say("one_pair", [=] { return pairs() < 2; });
    // How far the slowest pair turns over the positions shown: under a radian it "barely moves".
    const auto last_angle = [=] { return (p_.len - 1) * kTwoPi / d_.wavelength(pairs() - 1); };
    say("last_angle", [=] { return num(last_angle()); });
    say("last_turns", [=] { return num(last_angle() / kTwoPi); });
    say("last_still", [=] { return pairs() > 1 && last_angle() < 1; });
    say("last_moves", [=] { return pairs() > 1 && last_angle() >= 1; });
    say("limit", [=] { return num(kTwoPi * p_.base); });
    say("slow_pairs", [=] {
      int slow = 0;
      for (int i = 0; i < pairs(); ++i) slow += d_.wavelength(i) > 2.0 * p_.len;
      return slow;
    });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"len", "length", 16, 4096}, p_.len);
    v.integer({"dim", "d_model", 2, 1024}, p_.dim);
    v.real({"base", "base", 2, 1e6, Scale::Log, "%.0f"}, p_.base);
    v.integer({"pair", "pair i", 0, double(core::frequency_count(p_.dim) - 1)}, p_.pair);
  }

  core::Messages update() override {
    core::Messages notice;
    const int pairs = core::frequency_count(p_.dim);
    if (p_.pair >= pairs) {
      p_.pair = pairs - 1;
      notice.push_back({"pair: this d_model has pairs 0–{0}", {std::to_string(pairs - 1)}});
    }
    d_.table = core::sinusoidal({p_.len, p_.dim, p_.base, core::Layout::Interleaved, 0.0});
    d_.shown.clear();
    for (int k = 0; k < 4; ++k) {
      const int i = (pairs - 1) * k / 3;
      if (d_.shown.empty() || d_.shown.back() != i) d_.shown.push_back(i);
    }
    d_.wavelength = kTwoPi / core::frequencies(p_.dim, p_.base).array();
    d_.wavelength_ref = kTwoPi / core::frequencies(512, 10000.0).array();
    d_.table_small = core::sinusoidal({64, std::min(p_.dim, 16), p_.base, core::Layout::Interleaved, 0.0});
    d_.binary_small = core::binary_encoding(64, 6).array() * 2.0 - 1.0;
    view_.small.set(d_.table_small, 1.0);
    view_.bits.set(d_.binary_small, 1.0);
    return notice;
  }

  std::vector<Export> exports(std::string_view) const override {
    return {{"pe" + table_tag(p_.len, p_.dim, p_.base), &d_.table}};
  }

 private:
  void draw_waves(const ui::Theme& t) {
    std::vector<ui::Series> s;
    for (int i : d_.shown)
      s.push_back(ui::series(trf(lang_, "dim %d (i = %d)", 2 * i, i), d_.table.col(2 * i)));
    ui::LinePlotOptions o = plot("sin(pos · ω_i) for a few pairs i", "position", 13);
    o.fix_y = true;
    o.y_min = -1.1;
    o.y_max = 1.1;
    ui::line_plot("waves", s, o, t);
    ui::Series h = ui::series(trf(lang_, "dim %d (the pair slider)", 2 * p_.pair), d_.table.col(2 * p_.pair));
    h.thickness = 2.5f;
    o.title = tr(lang_, "the pair you choose");
    o.height = ui::em(9);
    ui::line_plot("wave", {h}, o, t);
  }

  void draw_wavelengths(const ui::Theme& t, bool compare) {
    // x: the exponent 2i/d itself, so settings with different d share one axis from 0 to (almost) 1, and
    // with the same base their curves lie on one another: d only sets how densely the pairs sample it.
    // The paper's curve first, wide and grey (as the text says), so that this setting's, drawn over it
    // with a dot per pair, stays visible where the two coincide (any d at base 10000).
    std::vector<ui::Series> s;
    if (compare) {
      s.push_back(ui::series(tr(lang_, "the paper: d = 512, base 10000"), d_.wavelength_ref, 0, 2.0 / 512));
      s.back().color = (t.muted & 0x00FFFFFF) | 0x80000000;  // half transparent
      s.back().thickness = 6;
    }
    s.push_back(
        ui::series(trf(lang_, "this setting: d = %d, base %s", p_.dim, ui::short_number(p_.base, 6).c_str()),
                   d_.wavelength, 0, 2.0 / p_.dim));
    s.back().color = ui::palette(0);
    s.back().points = true;
    ui::LinePlotOptions o = plot("Wavelength 2π · base^(2i/d) of each pair (log scale)",
                                 "pair index as a fraction of the way, 2i/d", 16, "positions per turn");
    o.log_y = true;
    ui::line_plot("wavelengths", s, o, t);
  }

  void draw_counter(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions o = position_rows(nullptr, false);
    o.height = ui::em(16);
    o.color_bar = false;
    ui::side_by_side(
        28,
        [&](float w) {
          o.width = w;
          o.title = tr(lang_, "binary digits (±1), fastest bit first");
          o.x_label = o.x_name = tr(lang_, "bit");
          ui::heatmap("bits", view_.bits, o, t, *ctx.textures);
        },
        [&](float w) {
          o.width = w;
          o.title = tr(lang_, "sinusoidal code, first 16 dims");
          o.x_label = tr(lang_, "dimension");
          o.x_name = tr(lang_, "dim");
          ui::heatmap("small", view_.small, o, t, *ctx.textures);
        });
  }
};

}  // namespace

std::unique_ptr<Lesson> create_frequencies() { return std::make_unique<FrequenciesLesson>(); }

}  // namespace posenc::lessons
