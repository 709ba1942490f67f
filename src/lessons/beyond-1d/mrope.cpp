// Lesson beyond-1d, M-RoPE (steps mrope-ids, mrope-sections): Qwen2-VL's (time, height, width) position
// ids for text around an image or video, the sections of frequency pairs each axis turns, and scores
// unchanged when every id moves by the same shift.
#include <algorithm>
#include <array>

#include "beyond_1d_lesson.hpp"
#include "core/random.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::beyond_1d_lesson {
namespace {

// Qwen2-VL-7B-Instruct's config.json (huggingface.co/Qwen/Qwen2-VL-7B-Instruct; the same values in its
// fine-tunes' copies, e.g. OS-Copilot/OS-Atlas-Pro-7B): rope_scaling {"type": "mrope", "mrope_section":
// [16, 24, 24]}, rope_theta 1000000.0, hidden_size 3584 / num_attention_heads 28 = head_dim 128.
constexpr std::array<int, 3> kMropeSection = {16, 24, 24};
constexpr double kMropeTheta = 1000000.0;
constexpr int kQwenHidden = 3584, kQwenHeads = 28;
constexpr int kMropeHeadDim = kQwenHidden / kQwenHeads;
static_assert(kMropeHeadDim == 2 * (kMropeSection[0] + kMropeSection[1] + kMropeSection[2]),
              "the sections cover the head");
const char* const kAxisNames[] = {"time", "height", "width"};

}  // namespace

void Beyond1dLesson::say_mrope() {
  say("vision_tokens", [this] { return d_.vision_tokens; });
  say("vision_first", [this] { return d_.vision_first; });
  say("vision_start", [this] { return p_.tb; });
  say("next_text", [this] { return d_.next_text; });
  say("naive_next", [this] { return p_.tb + d_.vision_tokens; });
  say("grid_max", [this] { return std::max({p_.ft, p_.gh, p_.gw}); });
  say("video", [this] { return p_.ft > 1; });
  say("saved", [this] { return p_.tb + d_.vision_tokens - d_.next_text; });
  say("saves", [this] { return p_.tb + d_.vision_tokens > d_.next_text; });
  say("total", [this] { return d_.ids.cols(); });
  say("last_id", [this] { return d_.ids.maxCoeff(); });
  say("shift_residual_3d", [=] { return num(d_.shift_residual_3d); });
  say("t_last", [] { return kMropeSection[0] - 1; });
  say("sec_h_first", [] { return kMropeSection[0]; });
  say("sec_h_last", [] { return kMropeSection[0] + kMropeSection[1] - 1; });
  say("w_first", [] { return kMropeSection[0] + kMropeSection[1]; });
  say("w_last", [] { return kMropeHeadDim / 2 - 1; });
  say("head_dim3d", [] { return kMropeHeadDim; });
  say("theta3d", [=] { return num(kMropeTheta, 8); });
  say("has_text_before", [this] { return p_.tb > 0; });
}

void Beyond1dLesson::update_mrope() {
  std::vector<core::MropeSegment> segs;
  if (p_.tb > 0) segs.push_back({false, p_.tb, 1, 1, 1});
  segs.push_back({true, 0, p_.ft, p_.gh, p_.gw});
  segs.push_back({false, p_.ta, 1, 1, 1});
  d_.ids = core::mrope_position_ids(segs);
  d_.vision_first = p_.tb;
  d_.vision_tokens = p_.ft * p_.gh * p_.gw;
  d_.after_first = p_.tb + d_.vision_tokens;
  d_.next_text = d_.ids(0, d_.after_first);
  d_.ids_table = d_.ids.transpose().cast<double>();
  for (int s = 0; s < 3; ++s) d_.id_rows[s] = d_.ids.row(s).transpose().cast<double>();
  d_.mcos = core::mrope_table(d_.ids, kMropeSection, kMropeTheta, false);
  d_.msin = core::mrope_table(d_.ids, kMropeSection, kMropeTheta, true);
  view_.mcos.set(d_.mcos, 1.0);
  d_.sections.resize(1, kMropeHeadDim / 2);
  for (int j = 0; j < kMropeHeadDim / 2; ++j)
    d_.sections(0, j) = core::mrope_section_of(j, kMropeSection) - 1;
  // The first text token after the grid queries every token; shift all ids by (st, sh, sw).
  core::Random rng(core::mix_seed(p_.seed, 0x3d));
  d_.q3 = rng.gaussian_matrix(kMropeHeadDim, 1).col(0);
  d_.k3 = rng.gaussian_matrix(kMropeHeadDim, 1).col(0);
  const std::array<int, 3> shift = {p_.st, p_.sh, p_.sw};
  Eigen::MatrixXi moved = d_.ids;
  for (int a = 0; a < 3; ++a) moved.row(a).array() += shift[a];
  // Every key rotated at once by the cos/sin tables (k·cos + rotate_half(k)·sin), then scored against the
  // query.
  const int half = kMropeHeadDim / 2;
  Eigen::RowVectorXd k = d_.k3.transpose(), kr(kMropeHeadDim);
  kr << -k.tail(half), k.head(half);
  auto scores = [&](const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin, const Eigen::VectorXd& q) {
    const Eigen::MatrixXd keys =
        (cos.array().rowwise() * k.array() + sin.array().rowwise() * kr.array()).matrix();
    return Eigen::VectorXd(keys * q);
  };
  const int m = d_.after_first;
  std::array<double, 3> qa{}, qb{};
  for (int a = 0; a < 3; ++a) qa[a] = d_.ids(a, m), qb[a] = moved(a, m);
  const Eigen::VectorXd before =
      scores(d_.mcos, d_.msin, core::mrope_rotate(d_.q3, qa, kMropeSection, kMropeTheta));
  const Eigen::VectorXd after = scores(core::mrope_table(moved, kMropeSection, kMropeTheta, false),
                                       core::mrope_table(moved, kMropeSection, kMropeTheta, true),
                                       core::mrope_rotate(d_.q3, qb, kMropeSection, kMropeTheta));
  d_.shift_residual_3d = (before - after).cwiseAbs().maxCoeff();
}

void Beyond1dLesson::draw_mrope_ids(const ui::Theme& t) {
  ui::LinePlotOptions o = plot("M-RoPE position ids of each token (Qwen2-VL's rule)", "token", 15);
  o.integer_x = true;
  // The band's own label sits where the legend may go; a marker's label is one the legend keeps clear of.
  o.bands.push_back({d_.vision_first - 0.5, d_.after_first - 0.5, 0, {}});
  o.markers.push_back({std::max(d_.vision_first - 0.5, 0.0), tr(lang_, "image / video tokens"),
                       theme_->warn});  // on the axis with no text before
  o.markers.push_back({double(d_.after_first), trf(lang_, "next text: %d", d_.next_text), 0});
  std::vector<ui::Series> s;
  for (int a = 0; a < 3; ++a) {
    s.push_back(ui::series(tr(lang_, kAxisNames[a]), d_.id_rows[a]));
    s.back().steps = true;
    s.back().thickness = a == 0 ? 3.0f : 1.5f;
  }
  ui::line_plot("ids", s, o, t);
  ui::caption(tr(lang_, "Source: transformers, models/qwen2_vl/modeling_qwen2_vl.py, get_rope_index."), t);
}

void Beyond1dLesson::draw_mrope_sections(DrawContext& ctx, const ui::Theme& t) {
  pair_strip(d_.sections,
             tr(lang_,
                "Frequency pairs j: \xE2\x88\x92"
                "1 time, 0 height, +1 width"),
             "j", t);
  const std::string src = trf(lang_,
                              "Qwen2-VL-7B-Instruct config.json: mrope_section [%d, %d, %d], rope_theta "
                              "%.0f, head_dim %d / %d = %d.",
                              kMropeSection[0], kMropeSection[1], kMropeSection[2], kMropeTheta, kQwenHidden,
                              kQwenHeads, kMropeHeadDim);
  ui::caption(src.c_str(), t);
  const std::string title =
      trf(lang_, "cos table: one row per token, columns j and j + %d share pair j", kMropeHeadDim / 2);
  ui::heatmap("mcos", view_.mcos, column_map(title.c_str(), "token", 0.6f, 14), t, *ctx.textures);
  ui::residual(tr(lang_, "max |score \xE2\x88\x92 shifted score| ="), d_.shift_residual_3d, 1e-10, t);
}

}  // namespace posenc::lessons::beyond_1d_lesson
