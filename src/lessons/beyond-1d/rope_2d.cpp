// Lesson beyond-1d, 2-D RoPE (steps patches, shift-2d, raster): axial RoPE on a grid of image patches,
// half the pairs turning with the row and half with the column, its scores unchanged when both patches
// move together, against the distances of raster order.
#include <algorithm>

#include "beyond_1d_lesson.hpp"
#include "core/metrics.hpp"
#include "core/random.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons::beyond_1d_lesson {
namespace {

constexpr int kOffsets = 2;  // the 2-D shift step compares keys up to 2 rows / columns from the query

}  // namespace

void Beyond1dLesson::say_2d() {
  say("row_pairs", [this] { return p_.rdim / 4; });
  say("row_last", [this] { return p_.rdim / 4 - 1; });
  say("col_first", [this] { return p_.rdim / 4; });
  say("col_last", [this] { return p_.rdim / 2 - 1; });
  say("pairs2d", [this] { return p_.rdim / 2; });
  say("raster_sel", [this] { return core::raster_index(p_.prow, p_.pcol, p_.cols); });
  say("shift_residual_2d", [=] { return num(d_.shift_residual_2d); });
  say("below", [this] { return p_.prow + 1 < p_.rows; });
  say("right", [this] { return p_.pcol + 1 < p_.cols; });
  say("corner_distance", [this] { return core::raster_distance(0, p_.cols - 1, 1, 0, p_.cols); });
  say("multi_row", [this] { return p_.rows > 1 && p_.cols > 1; });
  say("one_col", [this] { return p_.cols == 1; });
}

void Beyond1dLesson::update_2d() {
  core::Random rng(core::mix_seed(p_.seed, 0x2d));
  d_.q2 = rng.gaussian_matrix(p_.rdim, 1).col(0);
  d_.k2 = rng.gaussian_matrix(p_.rdim, 1).col(0);
  const int half = p_.rdim / 2, n = p_.rows * p_.cols;
  d_.axes.resize(1, half);
  for (int i = 0; i < half; ++i) d_.axes(0, i) = core::axial_pair(i, p_.rdim, p_.rbase).axis == 0 ? 1 : -1;
  const Eigen::VectorXd q = core::rope_2d(d_.q2, p_.prow, p_.pcol, p_.rbase);
  d_.grid_scores.resize(p_.rows, p_.cols);
  d_.raster.resize(p_.rows, p_.cols);
  d_.patch_ids.resize(n, 2);
  d_.angles_2d.resize(n, half);
  for (int r = 0; r < p_.rows; ++r)
    for (int c = 0; c < p_.cols; ++c) {
      d_.grid_scores(r, c) = q.dot(core::rope_2d(d_.k2, r, c, p_.rbase));
      d_.raster(r, c) = core::raster_distance(p_.prow, p_.pcol, r, c, p_.cols);
      const int at = core::raster_index(r, c, p_.cols);
      d_.patch_ids.row(at) << r, c;
      for (int i = 0; i < half; ++i) {
        const core::AxialPair a = core::axial_pair(i, p_.rdim, p_.rbase);
        d_.angles_2d(at, i) = (a.axis == 0 ? r : c) * a.theta;
      }
    }
  d_.cos_2d = d_.angles_2d.array().cos().matrix();
  d_.sin_2d = d_.angles_2d.array().sin().matrix();
  const int side = 2 * kOffsets + 1;
  d_.offsets.resize(side, side);
  d_.offsets_shifted.resize(side, side);
  for (int a = -kOffsets; a <= kOffsets; ++a)
    for (int b = -kOffsets; b <= kOffsets; ++b) {
      const double qr = p_.prow, qc = p_.pcol;
      d_.offsets(a + kOffsets, b + kOffsets) =
          core::rope_2d_score(d_.q2, d_.k2, qr, qc, qr + a, qc + b, p_.rbase);
      d_.offsets_shifted(a + kOffsets, b + kOffsets) =
          core::rope_2d_score(d_.q2, d_.k2, qr + p_.dr, qc + p_.dc, qr + a + p_.dr, qc + b + p_.dc, p_.rbase);
    }
  d_.shift_residual_2d = core::max_abs_diff(d_.offsets, d_.offsets_shifted);
  view_.grid.set(d_.grid_scores);
  view_.raster.set(d_.raster);
}

// The grid of patches as a heatmap of `image`, the selected patch outlined; a click selects another.
// `id` is also the label posenc.locate finds the grid under.
void Beyond1dLesson::patch_grid(DrawContext& ctx, const char* id, ui::HeatmapImage& image, const char* title,
                                std::function<std::string(int, int)> hover, const ui::Theme& t,
                                bool non_negative) {
  ui::HeatmapOptions o = column_map(title, "row", 0.6f, 14);
  o.non_negative = non_negative;
  o.mark_row = p_.prow;
  o.mark_col = p_.pcol;
  o.locate = id;
  o.hover_extra = std::move(hover);
  const ui::HeatmapResult r = ui::heatmap(id, image, o, t, *ctx.textures);
  if (r.clicked && r.hovered_row >= 0 && (r.hovered_row != p_.prow || r.hovered_col != p_.pcol)) {
    p_.prow = r.hovered_row;
    p_.pcol = r.hovered_col;
    edited(ctx);
  }
  const std::string sel = trf(lang_, "Marked patch: row %d, column %d", p_.prow, p_.pcol);
  ui::heading(sel.c_str(), t);
}

void Beyond1dLesson::draw_patches(DrawContext& ctx, const ui::Theme& t) {
  const char* title = touch_ ? "Score of q at the marked patch with k at each patch (tap a patch)"
                             : "Score of q at the marked patch with k at each patch (click a patch)";
  patch_grid(ctx, "patch grid", view_.grid, tr(lang_, title), {}, t);
  pair_strip(d_.axes,
             tr(lang_,
                "Pairs: +1 turns with the row, \xE2\x88\x92"
                "1 with the column"),
             tr(lang_, "pair"), t);
}

void Beyond1dLesson::draw_shift_2d(const ui::Theme& t) {
  const auto labels = [] {
    std::vector<std::string> l;
    for (int a = -kOffsets; a <= kOffsets; ++a) l.push_back((a > 0 ? "+" : "") + std::to_string(a));
    return l;
  }();
  ui::MatrixViewOptions o;
  o.row_labels = &labels;
  o.col_labels = &labels;
  o.row_name = "\xCE\x94r";
  o.col_name =
      "\xCE\x94"
      "c";
  o.show_values = true;
  o.max_cell = ui::em(2.6f);
  o.range = std::max(d_.offsets.cwiseAbs().maxCoeff(), d_.offsets_shifted.cwiseAbs().maxCoeff());
  const std::string a = trf(lang_,
                            "q at (%d, %d), k at (%d + \xCE\x94r, %d + \xCE\x94"
                            "c)",
                            p_.prow, p_.pcol, p_.prow, p_.pcol);
  const std::string b = trf(lang_, "both moved by (%d, %d)", p_.dr, p_.dc);
  const auto view = [&](const char* id, const Eigen::MatrixXd& m, const std::string& title, float w) {
    o.title = title.c_str();
    o.max_width = w;
    ui::matrix_view(id, m, o, t);
  };
  ui::side_by_side(
      24, [&](float w) { view("off", d_.offsets, a, w); },
      [&](float w) { view("offs", d_.offsets_shifted, b, w); });
  ui::residual(tr(lang_, "max |score \xE2\x88\x92 shifted score| ="), d_.shift_residual_2d, 1e-10, t);
}

void Beyond1dLesson::draw_raster(DrawContext& ctx, const ui::Theme& t) {
  const auto hover = [this](int r, int c) {
    return trf(lang_, "2-D offset (%d, %d); raster index %d", r - p_.prow, c - p_.pcol,
               core::raster_index(r, c, p_.cols));
  };
  const char* title = touch_ ? "Raster order: distance from the marked patch (tap a patch)"
                             : "Raster order: distance from the marked patch (click a patch)";
  patch_grid(ctx, "raster grid", view_.raster, tr(lang_, title), hover, t, true);  // distances
  const std::string rule =
      trf(lang_, "In raster order a patch's right-hand neighbour is 1 away, the patch below it %d away.",
          p_.cols);
  ui::caption(rule.c_str(), t);
}

}  // namespace posenc::lessons::beyond_1d_lesson
