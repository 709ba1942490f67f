// Lesson 6 — offsets: absolute sinusoidal codes carry relative positions. PE(p)·PE(q) depends only on
// p − q (a Toeplitz matrix), symmetrically, and PE(p + k) = M_k · PE(p) with M_k made of rotations.
#include "core/offsets.hpp"

#include <cmath>

#include "core/metrics.hpp"
#include "core/sinusoidal.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace {

struct Params {
  int len = 64;
  int dim = 32;
  double base = 10000;
  int k = 5;
};

struct Derived {
  Eigen::MatrixXd dots;          // len × len, PE(p)·PE(q)
  Eigen::MatrixXd dots_direct;   // the same from the table, PE · PEᵀ
  double direct_residual = 0;    // max |closed form − direct product|
  double toeplitz_residual = 0;  // max |D(p, q) − D(p + 1, q + 1)|
  double symmetry_residual = 0;  // max |D(p, p + k) − D(p + k, p)|
  Eigen::VectorXd curve;         // D at offsets −(len−1)…len−1
  Eigen::MatrixXd shift;         // M_k, dim × dim
  double shift_residual = 0;     // max |M_k PE(p) − PE(p + k)| over the positions shown
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage dots, shift;
};

class OffsetsLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  OffsetsLesson() {
    const std::vector<std::string_view> controls = {"len", "dim", "base", "k"};
    step(
        "dot", [this](DrawContext& c) { draw_dots(c, *theme_); }, controls);
    step(
        "offset", [this](DrawContext&) { draw_curve(*theme_, false); }, controls);
    step(
        "direction", [this](DrawContext&) { draw_curve(*theme_, true); }, controls);
    step(
        "rotation", [this](DrawContext& c) { draw_shift(c, *theme_); }, controls);
    const auto num = [](double x) { return ui::short_number(x); };
    // The dot product at offset k and −k (k kept inside the curve's range).
    const auto dot = [this](int k) {
      return d_.curve(p_.len - 1 + std::clamp(k, -(p_.len - 1), p_.len - 1));
    };
    say("half_dim", [this] { return p_.dim / 2; });
    say("abs_k", [this] { return std::abs(p_.k); });
    say("back", [this] { return p_.k < 0; });
    say("ahead", [this] { return p_.k > 0; });
    say("still", [this] { return p_.k == 0; });
    say("direct_residual", [=] { return num(d_.direct_residual); });
    say("toeplitz_residual", [=] { return num(d_.toeplitz_residual); });
    say("symmetry_residual", [=] { return num(d_.symmetry_residual); });
    say("shift_residual", [=] { return num(d_.shift_residual); });
    say("dot_k", [=] { return num(dot(p_.k)); });
    say("dot_minus_k", [=] { return num(dot(-p_.k)); });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"len", "length", 4, 512}, p_.len);
    v.integer({"dim", "d_model", 2, 256}, p_.dim);
    v.real({"base", "base", 2, 1e6, Scale::Log, "%.0f"}, p_.base);
    v.integer({"k", "shift k", double(1 - p_.len), double(p_.len - 1)}, p_.k);
  }

  core::Messages update() override {
    core::Messages notice;
    make_even(p_.dim, "dim: the identities hold for (sin, cos) pairs; using {0}", notice);
    p_.k = std::clamp(p_.k, 1 - p_.len, p_.len - 1);
    const Eigen::MatrixXd table = core::sinusoidal({p_.len, p_.dim, p_.base, core::Layout::Interleaved, 0.0});
    d_.dots = core::pe_dot(p_.len, p_.dim, p_.base);
    d_.dots_direct = table * table.transpose();
    d_.direct_residual = core::max_abs_diff(d_.dots, d_.dots_direct);
    const int n = p_.len;
    d_.toeplitz_residual = core::max_abs_diff(d_.dots_direct.topLeftCorner(n - 1, n - 1),
                                              d_.dots_direct.bottomRightCorner(n - 1, n - 1));
    d_.symmetry_residual = core::max_abs_diff(d_.dots_direct, d_.dots_direct.transpose());
    d_.curve.resize(2 * n - 1);
    for (int j = 0; j < 2 * n - 1; ++j) {
      const int off = j - (n - 1);  // q − p
      d_.curve(j) = off >= 0 ? d_.dots_direct(0, off) : d_.dots_direct(-off, 0);
    }
    d_.shift = core::shift_map(p_.dim, p_.k, p_.base);
    const Eigen::MatrixXd shifted =
        core::sinusoidal({p_.len, p_.dim, p_.base, core::Layout::Interleaved, double(p_.k)});
    d_.shift_residual = core::max_abs_diff((d_.shift * table.transpose()).transpose(), shifted);
    view_.dots.set(d_.dots_direct);
    view_.shift.set(d_.shift, 1.0);
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    const std::string tag = table_tag(p_.len, p_.dim, p_.base);
    if (step == "rotation") return {{"shift_map_k" + std::to_string(p_.k) + tag, &d_.shift}};
    return {{"pe_dot" + tag, &d_.dots_direct}};
  }

 private:
  void draw_dots(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions o =
        position_pairs("PE(p) · PE(q) for every pair of positions", "position q", "position p", "q", "p", 22);
    o.hover_extra = [this](int r, int c) { return trf(lang_, "offset q − p = %d", c - r); };
    ui::heatmap("dots", view_.dots, o, t, *ctx.textures);
    ui::residual(tr(lang_, "max |D(p, q) − D(p+1, q+1)| (Toeplitz) ="), d_.toeplitz_residual, 1e-9, t);
    ui::residual(tr(lang_, "max |closed form Σ cos(ω_i (p−q)) − direct product| ="), d_.direct_residual, 1e-9,
                 t);
  }

  void draw_curve(const ui::Theme& t, bool mark) {
    const int n = p_.len;
    const ui::Series s = ui::series(tr(lang_, "PE(p) · PE(p + offset)"), d_.curve, 1 - n);
    ui::LinePlotOptions o = plot("One curve describes the whole matrix", "offset q − p", 15);
    if (mark) {
      o.markers.push_back({static_cast<double>(p_.k), "+k", 0});
      o.markers.push_back({static_cast<double>(-p_.k), "−k", 0});
    }
    ui::line_plot("curve", {s}, o, t);
    if (mark) ui::residual("max |D(p, q) − D(q, p)| =", d_.symmetry_residual, 1e-9, t);
  }

  void draw_shift(DrawContext& ctx, const ui::Theme& t) {
    ui::HeatmapOptions o;
    o.title = tr(lang_, "M_k: block-diagonal 2 × 2 rotations by k · ω_i");
    o.x_label = tr(lang_, "column");
    o.y_label = tr(lang_, "row");
    o.height = std::min(ImGui::GetContentRegionAvail().x * 0.7f, ui::em(18));
    o.hover_extra = [this](int r, int c) {
      if (r / 2 != c / 2) return std::string(tr(lang_, "outside the 2 × 2 blocks: 0"));
      return trf(lang_, "pair i = %d, angle k·ω_i = %s", r / 2,
                 ui::short_number(p_.k * core::frequency(r / 2, p_.dim, p_.base), 4).c_str());
    };
    ui::heatmap("shift", view_.shift, o, t, *ctx.textures);
    ui::residual(tr(lang_, "max |M_k · PE(p) − PE(p + k)| over all p shown ="), d_.shift_residual, 1e-9, t);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_offsets() { return std::make_unique<OffsetsLesson>(); }

}  // namespace posenc::lessons
