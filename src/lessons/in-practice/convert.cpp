// Lesson in-practice, the bugs of a port's conversion (steps permute, base): W_q and W_k's rows not
// permuted for rotate_half, by the scores and attention they corrupt; a base other than the one the head
// was trained with, by the distance at which the scores part.
#include <algorithm>

#include "core/metrics.hpp"
#include "in_practice_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::in_practice_lesson {
namespace {

constexpr int kPermRows = 16;  // rows of one head's permutation drawn (all of them up to head_dim 16)
// "The curves part": they differ by more than this share of the score's RMS.
constexpr double kPartFraction = 0.1;

}  // namespace

void InPracticeLesson::say_convert() {
  // The conversion script's permutation.
  say("moved", [this] { return d_.moved; });
  say("perm_rows", [this] { return d_.perm_view.rows(); });
  say("perm_all", [this] { return d_.perm_view.rows() == p_.head_dim; });
  say("half_dim", [this] { return p_.head_dim / 2; });
  say("res_right", [this] { return num(d_.res_right); });
  say("res_broken", [this] { return num(d_.res_broken); });
  say("score_scale", [this] { return num(d_.score_scale); });
  say("attention_moved", [this] { return d_.attention_moved; });
  say("any_attention_moved", [this] { return d_.attention_moved > 0; });
  // A wrong base.
  say("same_base", [this] { return p_.base == p_.wrong; });
  // the settings of the classic loss: a config's rope_theta 500000 dropped, the code's default 10000 used
  say("theta_lost", [this] { return p_.base == 500000 && p_.wrong == 10000; });
  say("part", [this] { return d_.part; });
  say("parts", [this] { return d_.part >= 0; });
  say("part_percent", [] { return static_cast<int>(kPartFraction * 100); });
  say("curve_rms", [this] { return num(d_.curve_rms); });
}

void InPracticeLesson::update_permute() {
  const int first = p_.head * p_.head_dim, rows = std::min(p_.head_dim, kPermRows);
  d_.perm_view = Eigen::MatrixXd::Zero(rows, std::min(p_.head_dim, 2 * rows));
  d_.moved = 0;
  for (int r = 0; r < p_.head_dim; ++r) {
    const int from = d_.perm[first + r] - first;
    d_.moved += from != r;
    if (r < rows && from < d_.perm_view.cols()) d_.perm_view(r, from) = 1;
  }
  const std::vector<double> pos = core::positions_from(0, p_.tokens);
  const auto scores = [&](const Eigen::MatrixXd& wq, const Eigen::MatrixXd& wk, Layout layout) {
    return core::rotary_scores(core::head_projection(d_.head.x, wq, p_.head, p_.head_dim), pos,
                               core::head_projection(d_.head.x, wk, p_.head, p_.head_dim), pos,
                               core::rotary_pairs(p_.head_dim, p_.base, layout));
  };
  d_.scores_meta = scores(d_.head.wq, d_.head.wk, Layout::Interleaved);  // Meta's code, Meta's weights
  d_.scores_right = scores(d_.wq_hf, d_.wk_hf, Layout::Half);            // rotate_half, permuted weights
  d_.scores_broken = scores(d_.head.wq, d_.head.wk, Layout::Half);       // rotate_half, Meta's weights
  d_.res_right = core::max_abs_diff(d_.scores_right, d_.scores_meta);
  d_.res_broken = core::max_abs_diff(d_.scores_broken, d_.scores_meta);
  // Permuted rows under Meta's interleaved rotation: a model that stays interleaved, permuted anyway.
  d_.res_double = core::max_abs_diff(scores(d_.wq_hf, d_.wk_hf, Layout::Interleaved), d_.scores_meta);
  d_.score_scale = d_.scores_meta.cwiseAbs().maxCoeff();
  d_.pattern_right = core::causal_softmax(d_.scores_right);
  d_.pattern_broken = core::causal_softmax(d_.scores_broken);
  d_.attention_moved = 0;
  for (int r = 0; r < p_.tokens; ++r) {
    Eigen::Index a = 0, b = 0;
    d_.pattern_right.row(r).maxCoeff(&a);
    d_.pattern_broken.row(r).maxCoeff(&b);
    d_.attention_moved += a != b;
  }
  const double range = std::max(d_.score_scale, d_.scores_broken.cwiseAbs().maxCoeff());
  view_.scores_right.set(d_.scores_right, range);
  view_.scores_broken.set(d_.scores_broken, range);
  view_.pattern_right.set(d_.pattern_right, 1.0);
  view_.pattern_broken.set(d_.pattern_broken, 1.0);
}

void InPracticeLesson::update_base() {
  // The query of token 0 placed r positions after the key of token 1 (transformers' layout).
  const Eigen::VectorXd q = q_of(d_.head.x).row(0).transpose(), k = k_of(d_.head.x).row(1).transpose();
  d_.curve_right =
      core::score_by_distance(q, k, core::rotary_pairs(p_.head_dim, p_.base, Layout::Half), p_.max_dist);
  d_.curve_wrong =
      core::score_by_distance(q, k, core::rotary_pairs(p_.head_dim, p_.wrong, Layout::Half), p_.max_dist);
  d_.part = core::parting_distance(d_.curve_right, d_.curve_wrong, kPartFraction);
  d_.curve_rms = core::rms(d_.curve_right);
}

// Two heatmaps of scores side by side (one above the other when the column is narrow).
void InPracticeLesson::heatmap_pair(DrawContext& ctx, const char* id, ui::HeatmapImage& a,
                                    const char* title_a, ui::HeatmapImage& b, const char* title_b,
                                    float height_em) {
  ui::HeatmapOptions o = scores_map(ui::em(height_em));
  const auto map = [&](const char* image_id, ui::HeatmapImage& image, const char* title, float w) {
    o.title = tr(lang_, title);
    o.width = w;
    ui::heatmap(image_id, image, o, *theme_, *ctx.textures);
  };
  ImGui::PushID(id);
  ui::side_by_side(
      24, [&](float w) { map("a", a, title_a, w); }, [&](float w) { map("b", b, title_b, w); });
  ImGui::PopID();
}

void InPracticeLesson::draw_permute(DrawContext& ctx) {
  const ui::Theme& t = *theme_;
  const std::string title =
      d_.perm_view.rows() == p_.head_dim
          ? trf(lang_, "permute, head %d: converted row ← Meta's row (within the head)", p_.head)
          : trf(lang_, "permute, head %d: its first %d converted rows ← Meta's rows (within the head)",
                p_.head, static_cast<int>(d_.perm_view.rows()));
  // Rows within the head (as the hover readout counts them); two-digit labels side by side run together.
  ui::permutation_view("perm", d_.perm_view, title.c_str(), tr(lang_, "converted row"),
                       tr(lang_, "Meta's row"), ui::em(1.2f), t, d_.perm_view.cols() > 16 ? 2 : 1);
  ui::residual(tr(lang_, "transformers, W_q and W_k permuted: max |score − Meta's| ="), d_.res_right, 1e-9,
               t);
  ui::residual(tr(lang_, "transformers, Meta's rows as they are ="), d_.res_broken, 1e-9, t);
  heatmap_pair(ctx, "scores", view_.scores_right, "scores, permuted", view_.scores_broken,
               "scores, not permuted", 9);
  heatmap_pair(ctx, "patterns", view_.pattern_right, "attention (causal softmax), permuted",
               view_.pattern_broken, "attention, not permuted", 9);
}

void InPracticeLesson::draw_base() {
  std::vector<ui::Series> s = {
      ui::series(trf(lang_, "trained base %s", num(p_.base, 6).c_str()), d_.curve_right),
      ui::series(trf(lang_, "used base %s", num(p_.wrong, 6).c_str()), d_.curve_wrong)};
  s[0].thickness = 3.0f;
  ui::LinePlotOptions o = plot("Score of one query and key against their distance r", "distance r", 16);
  if (d_.part >= 0) o.markers.push_back({double(d_.part), trf(lang_, "they part: r = %d", d_.part), 0});
  ui::line_plot("base", s, o, *theme_);
}

}  // namespace posenc::lessons::in_practice_lesson
