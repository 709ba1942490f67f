// Lesson 9 — rope: rotary position embedding. q and k are rotated pair by pair by m·θ_i and n·θ_i,
// so their dot product depends on m − n only; the long-term decay; the two pairings found in real
// code; and why implementations rotate elementwise instead of building the rotation matrix.
#include "core/rope.hpp"

#include <cmath>
#include <complex>

#include "core/metrics.hpp"
#include "core/random.hpp"
#include "lessons/lesson.hpp"
#include "ui/clock.hpp"
#include "ui/controls.hpp"
#include "ui/heatmap.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

struct Params {
  int m = 7;     // query position
  int n = 3;     // key position
  int pair = 0;  // the pair i drawn in 2-D
  int dim = 64;
  double base = 10000;
  int shift = 100;  // both positions moved by this much
  int seed = 1;
  int max_dist = 512;
};

struct Derived {
  Eigen::VectorXd q, k;                 // random query and key
  double theta = 0;                     // θ_i of the drawn pair
  double score = 0, score_shifted = 0;  // ⟨R_m q, R_n k⟩ and with both positions shifted
  double shift_residual = 0;
  double score_moved = 0;               // with m − n changed by one
  std::complex<double> q_pair, k_pair;  // the drawn pair as complex numbers
  double pair_score = 0;                // Re[q conj(k) e^{i(m−n)θ}] for the drawn pair
  Eigen::VectorXd bound, actual;        // RoFormer's bound for (q, k) and |score(q, k)| at distance r
  double layout_residual = 0;           // interleaved vs half after permuting q, k
  double layout_mismatch = 0;           // … without permuting
  Eigen::MatrixXd perm;        // interleaved → half for this d: its first rows, the columns they use
  Eigen::MatrixXd matrix;      // R_m for the current d (block diagonal)
  double matrix_residual = 0;  // max |R_m q − rotate(q, m)|
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage matrix;
};

class RopeLesson final : public Lesson {
  Params p_;
  Derived d_;
  View view_;

 public:
  RopeLesson() {
    step("plane", [this](DrawContext&) { draw_plane(*theme_); }, {"m", "n", "pair", "dim", "base", "seed"});
    step("complex", [this](DrawContext& c) { draw_complex(c, *theme_); },
         {"m", "n", "pair", "dim", "base", "seed"});
    step("decay", [this](DrawContext&) { draw_decay(*theme_); }, {"dim", "base", "seed", "max_dist"});
    step("layouts", [this](DrawContext&) { draw_layouts(*theme_); }, {"m", "n", "dim", "base", "seed"});
    step("elementwise", [this](DrawContext& c) { draw_matrix(c, *theme_); }, {"m", "dim", "base", "seed"});
    const auto num = [](double x, int digits = 3) { return ui::short_number(x, digits); };
    say("diff", [this] { return p_.m - p_.n; });
    say("theta", [=] { return num(d_.theta, 4); });
    say("angle_q", [=] { return num(p_.m * d_.theta, 4); });
    say("angle_k", [=] { return num(p_.n * d_.theta, 4); });
    say("angle_between", [=] { return num((p_.m - p_.n) * d_.theta, 4); });
    say("score", [=] { return num(d_.score, 5); });
    say("score_shifted", [=] { return num(d_.score_shifted, 5); });
    say("shift_residual", [=] { return num(d_.shift_residual); });
    say("score_moved", [=] { return num(d_.score_moved, 5); });
    say("pair_score", [=] { return num(d_.pair_score, 4); });
    say("bound_start", [=] { return num(d_.bound(0), 4); });
    say("bound_far", [=] { return num(d_.bound(d_.bound.size() - 1), 4); });
    say("bound_ratio", [=] { return num(d_.bound(d_.bound.size() - 1) / d_.bound(0), 3); });
    // The bound has fallen by a tenth or more at the largest distance (not with one pair: one phase).
    const auto falls = [this] { return p_.dim / 2 > 1 && d_.bound(d_.bound.size() - 1) < 0.9 * d_.bound(0); };
    say("bound_falls", falls);
    say("bound_one_pair", [this] { return p_.dim / 2 == 1; });
    say("bound_flat", [=] { return p_.dim / 2 > 1 && !falls(); });
    say("perm_rows", [this] { return d_.perm.rows(); });
    say("perm_all", [this] { return d_.perm.rows() == p_.dim; });
    say("layout_residual", [=] { return num(d_.layout_residual); });
    say("layout_mismatch", [=] { return num(d_.layout_mismatch); });
    say("matrix_residual", [=] { return num(d_.matrix_residual); });
    say("elementwise_ops", [this] { return 2 * p_.dim; });  // x·cos + rotate(x)·sin
    say("matrix_ops", [=] { return num(double(p_.dim) * p_.dim, 6); });
    update();
  }

  void visit(ParamVisitor& v) override {
    v.integer({"m", "query pos m", 0, 100000, Scale::Log}, p_.m);
    v.integer({"n", "key pos n", 0, 100000, Scale::Log}, p_.n);
    v.integer({"dim", "d", 2, 1024}, p_.dim);
    v.integer({"pair", "pair i", 0, double(p_.dim / 2 - 1)}, p_.pair);
    v.real({"base", "base", 2, 1e7, Scale::Log, "%.0f"}, p_.base);
    v.integer({"shift", "shift both", -100000, 100000}, p_.shift);
    v.integer({"seed", "seed", 0, 9999}, p_.seed);
    v.integer({"max_dist", "max distance", 16, 4096, Scale::Log}, p_.max_dist);
  }

  core::Messages update() override {
    core::Messages notice;
    make_even(p_.dim, "dim: RoPE rotates pairs; using {0}", notice);
    if (p_.pair >= p_.dim / 2) p_.pair = p_.dim / 2 - 1;
    core::Random rng(p_.seed);
    d_.q = rng.gaussian_matrix(p_.dim, 1).col(0);
    d_.k = rng.gaussian_matrix(p_.dim, 1).col(0);
    d_.theta = core::frequency(p_.pair, p_.dim, p_.base);
    d_.score = core::rope_score(d_.q, d_.k, p_.m, p_.n, p_.base);
    d_.score_shifted =
        core::rope_score(d_.q, d_.k, double(p_.m) + p_.shift, double(p_.n) + p_.shift, p_.base);
    d_.shift_residual = std::fabs(d_.score - d_.score_shifted);
    d_.score_moved = core::rope_score(d_.q, d_.k, p_.m + 1, p_.n, p_.base);
    const auto [u, v] = core::rope_pair(p_.pair, p_.dim, core::Layout::Interleaved);
    d_.q_pair = {d_.q(u), d_.q(v)};
    d_.k_pair = {d_.k(u), d_.k(v)};
    d_.pair_score = (d_.q_pair * std::conj(d_.k_pair) * std::polar(1.0, (p_.m - p_.n) * d_.theta)).real();
    // The bound as RoFormer proves it for this query and key, and the score it bounds, in the same units.
    d_.bound = core::rope_score_bound(d_.q, d_.k, p_.base, p_.max_dist);
    d_.actual.resize(p_.max_dist + 1);
    for (int r = 0; r <= p_.max_dist; ++r)
      d_.actual(r) = std::fabs(core::rope_score(d_.q, d_.k, r, 0, p_.base));
    const std::vector<int> perm = core::interleaved_to_half(p_.dim);
    Eigen::VectorXd qh(p_.dim), kh(p_.dim);
    for (int j = 0; j < p_.dim; ++j) {
      qh(j) = d_.q(perm[j]);
      kh(j) = d_.k(perm[j]);
    }
    const double half_score = core::rope_score(qh, kh, p_.m, p_.n, p_.base, core::Layout::Half);
    d_.layout_residual = std::fabs(half_score - d_.score);
    d_.layout_mismatch =
        std::fabs(core::rope_score(d_.q, d_.k, p_.m, p_.n, p_.base, core::Layout::Half) - d_.score);
    // Rows 0…15 of this d's permutation (all of it for d ≤ 16) and the interleaved coordinates they take.
    const int rows = std::min(p_.dim, 16), cols = std::min(p_.dim, 2 * rows);
    d_.perm = Eigen::MatrixXd::Zero(rows, cols);
    for (int j = 0; j < rows; ++j) d_.perm(j, perm[j]) = 1;
    d_.matrix = core::rope_matrix(p_.dim, p_.m, p_.base);
    d_.matrix_residual = core::max_abs_diff(d_.matrix * d_.q, core::rope_rotate(d_.q, p_.m, p_.base));
    view_.matrix.set(d_.matrix, 1.0);
    return notice;
  }

  std::vector<Export> exports(std::string_view step) const override {
    if (step == "elementwise")
      return {{"rope_matrix_d" + std::to_string(p_.dim) + "_pos" + std::to_string(p_.m), &d_.matrix}};
    return {};
  }

 private:
  void draw_plane(const ui::Theme& t, bool complex = false) {
    const double scale = std::max(std::abs(d_.q_pair), std::abs(d_.k_pair));
    auto hand = [&](std::complex<double> z, double turn, const char* label, int colour, bool ghost) {
      ui::ClockHand h;
      h.angle = std::arg(z) + turn;
      h.length = std::abs(z) / scale;
      h.label = label;
      h.color = ui::palette(colour);
      h.ghost = ghost;
      return h;
    };
    ui::ClockOptions o;
    const std::string title =
        trf(lang_,
            complex ? "pair %d of q and k as complex numbers (Re, Im)" : "pair %d of q and k as 2-D vectors",
            p_.pair);
    const std::string caption =
        trf(lang_, "q turned by m·θ = %s, k by n·θ = %s; between them: (m − n)·θ plus their own angle",
            placeholder("angle_q").c_str(), placeholder("angle_k").c_str());
    o.title = title.c_str();
    o.caption = caption.c_str();
    o.size = std::min(ImGui::GetContentRegionAvail().x, ui::em(18));
    ui::clock_face("plane",
                   {hand(d_.q_pair, 0, "", 0, true), hand(d_.k_pair, 0, "", 1, true),
                    hand(d_.q_pair, p_.m * d_.theta, tr(lang_, "q at m"), 0, false),
                    hand(d_.k_pair, p_.n * d_.theta, tr(lang_, "k at n"), 1, false)},
                   o, t);
  }

  void draw_complex(DrawContext& ctx, const ui::Theme& t) {
    using content::Run;
    using content::RunKind;
    ui::formula_line({{RunKind::Math, "⟨f(q, m), f(k, n)⟩"},
                      {RunKind::Text, " = "},
                      {RunKind::Placeholder, placeholder("score")},
                      {RunKind::Text, tr(lang_, ";  positions + ")},
                      {RunKind::Placeholder, placeholder("shift")},
                      {RunKind::Text, ": "},
                      {RunKind::Placeholder, placeholder("score_shifted")}},
                     ImGui::GetContentRegionAvail().x, t);
    control(ctx, "shift");
    ui::residual(tr(lang_, "|score − shifted score| ="), d_.shift_residual, 1e-9, t);
    ImGui::Text(tr(lang_, "With m − n changed by one instead, the score becomes %s."),
                placeholder("score_moved").c_str());
    ImGui::Spacing();
    draw_plane(t, true);  // the pair the text quotes, as points of the complex plane
  }

  void draw_decay(const ui::Theme& t) {
    ui::Series bound = ui::series(tr(lang_, "RoFormer's bound on |score|"), d_.bound);
    bound.thickness = 2.5f;
    ui::Series actual = ui::series(tr(lang_, "|score of q and k|, r apart"), d_.actual);
    actual.thickness = 1.0f;
    ui::LinePlotOptions o = plot("|score| and RoFormer's bound on it against distance (log scale)",
                                 "relative distance r = m − n", 16);
    // A logarithmic axis: the bound runs in the thousands and the score in the tens, and a linear axis
    // flattens the score into its floor. The axis reaches down to the smallest |score| drawn, but no more
    // than six decades under the bound's peak (a score that close to 0 leaves the frame at its foot).
    o.log_y = true;
    o.fix_y = true;
    o.y_max = d_.bound.maxCoeff() * 1.5;
    double lowest = o.y_max;
    for (double v : d_.actual)
      if (v > 0) lowest = std::min(lowest, v);
    o.y_min = std::max(lowest / 1.5, o.y_max * 1e-6);
    ui::line_plot("decay", {actual, bound}, o, t);
  }

  void draw_layouts(const ui::Theme& t) {
    const std::string title =
        d_.perm.rows() == p_.dim
            ? trf(lang_, "Permutation from interleaved to half coordinates, d = %d", p_.dim)
            : trf(lang_, "Permutation from interleaved to half coordinates, d = %d: its first %d rows",
                  p_.dim, static_cast<int>(d_.perm.rows()));
    ui::permutation_view("perm", d_.perm, title.c_str(), tr(lang_, "half coordinate"),
                         tr(lang_, "interleaved coordinate"), ui::em(1.4f), t);
    ui::residual(tr(lang_, "half layout with permuted q, k: |score difference| ="), d_.layout_residual, 1e-9,
                 t);
    ui::residual(tr(lang_, "half layout on interleaved q, k (no permutation) ="), d_.layout_mismatch, 1e-9,
                 t);
  }

  void draw_matrix(DrawContext& ctx, const ui::Theme& t) {
    const ui::HeatmapOptions o =
        column_map(tr(lang_, "R_m: the rotation as a d × d matrix (mostly zeros)"), "row", 0.7f, 18);
    ui::heatmap("matrix", view_.matrix, o, t, *ctx.textures);
    ui::residual(tr(lang_, "max |R_m q − elementwise rotation of q| ="), d_.matrix_residual, 1e-12, t);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_rope() { return std::make_unique<RopeLesson>(); }

}  // namespace posenc::lessons
