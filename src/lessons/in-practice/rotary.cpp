// Lesson in-practice, the rotary part and the angles' precision (steps partial, precision): partial rotary
// with its pairs taken across the whole head or across its halves; angles formed in bfloat16, float16,
// float32 or float64 against the fix, a float32 angle with its cosine stored in bfloat16.
#include <algorithm>
#include <cmath>

#include "core/metrics.hpp"
#include "in_practice_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::in_practice_lesson {
namespace {

constexpr int kPrecisionPoints = 320;  // positions sampled on the precision plot
// bfloat16 blue, float16 red, float32 green, float64 violet, the fix in near-black on top.
constexpr ImU32 kTypeColors[] = {IM_COL32(31, 119, 180, 255), IM_COL32(214, 39, 40, 255),
                                 IM_COL32(44, 160, 44, 255), IM_COL32(148, 103, 189, 255),
                                 IM_COL32(40, 40, 40, 255)};
constexpr AnglePrecision kTypes[] = {AnglePrecision::BFloat16, AnglePrecision::Float16,
                                     AnglePrecision::Float32, AnglePrecision::Float64};

}  // namespace

void InPracticeLesson::say_rotary() {
  // Partial rotary.
  say("rotary_dim", [this] { return d_.rotary_dim; });
  say("half_rotary", [this] { return d_.rotary_dim / 2; });
  say("rotary_percent", [this] { return num(100.0 * d_.rotary_dim / p_.head_dim, 3); });
  say("partial", [this] { return d_.rotary_dim < p_.head_dim; });
  say("whole", [this] { return p_.pairing == 0; });
  say("across", [this] { return p_.pairing == 1; });
  say("partial_err", [this] { return num(d_.partial_err); });
  say("partial_scale", [this] { return num(d_.partial_scale); });
  // Precision.
  say("theta", [this] { return num(d_.theta, 4); });
  say("pair0", [this] { return p_.pair == 0; });
  say("bf16_collision", [this] { return d_.collision[0]; });
  say("bf16_next", [this] { return d_.collision[0] + 1; });
  say("fp16_collision", [this] { return d_.collision[1]; });
  say("fp32_collision", [this] { return d_.collision[2]; });
  say("fp16_overflow", [this] { return d_.fp16_overflow; });
  say("overflows", [this] { return p_.max_pos >= d_.fp16_overflow; });
  const char* const errors[] = {"err_bf16", "err_fp16", "err_fp32", "err_fp64", "err_fix"};
  for (int t = 0; t < 5; ++t) say(errors[t], [this, t] { return num(d_.worst[t]); });
  // bfloat16's largest rounding of a cosine: half its spacing just below 1 (the spacing of [0.5, 1)).
  const auto bf16_rounding = [] {
    const double below_one = core::round_to_precision(1.0 - 1e-9, AnglePrecision::BFloat16) == 1.0
                                 ? 1.0 - std::ldexp(1.0, -8)  // (when 1 − ε rounds up to 1)
                                 : core::round_to_precision(1.0 - 1e-9, AnglePrecision::BFloat16);
    return (1.0 - below_one) / 2;
  };
  say("bf16_cos_rounding", [=] { return num(bf16_rounding()); });
  say("fp32_small", [=] { return d_.worst[2] < 0.1 * bf16_rounding(); });
  say("fp32_large", [=] { return d_.worst[2] >= 0.1 * bf16_rounding(); });
  say("all_exact",
      [this] { return d_.worst[0] == 0 && d_.worst[1] == 0 && d_.worst[2] == 0 && d_.worst[3] == 0; });
}

void InPracticeLesson::update_partial(core::Messages& notice) {
  int rd = static_cast<int>(p_.head_dim * p_.rotary);  // GPT-NeoX: int(head_size · rotary_pct)
  if (rd % 2 || rd < 2) {  // transformers would fail on the cos/sin shapes; say it and move the slider
    const int fixed = std::max(2, rd - rd % 2);
    notice.push_back(
        {"rotary_pct: int(head_dim · rotary_pct) = {0} columns, but rotating pairs need an even number; "
         "using {1}",
         {std::to_string(rd), std::to_string(fixed)}});
    p_.rotary = std::min(1.0, (fixed + 0.5) / p_.head_dim);
    rd = fixed;
  }
  d_.rotary_dim = rd;
  const core::RotaryPairs ok = core::partial_rotary_pairs(p_.head_dim, rd, p_.base, core::Pairing::Correct);
  const core::RotaryPairs bad = core::partial_rotary_pairs(
      p_.head_dim, rd, p_.base, p_.pairing == 0 ? core::Pairing::WholeHead : core::Pairing::AcrossHead);
  d_.column_map.resize(2, p_.head_dim);
  d_.column_map.row(0) = core::column_map(ok, p_.head_dim);
  d_.column_map.row(1) = core::column_map(bad, p_.head_dim);
  const Eigen::MatrixXd q = q_of(d_.head.x), k = k_of(d_.head.x);
  const std::vector<double> pos = core::positions_from(0, p_.tokens);
  const Eigen::MatrixXd right = core::rotary_scores(q, pos, k, pos, ok);
  d_.partial_diff = core::rotary_scores(q, pos, k, pos, bad) - right;
  d_.partial_err = d_.partial_diff.cwiseAbs().maxCoeff();
  d_.partial_scale = right.cwiseAbs().maxCoeff();
  view_.partial_diff.set(d_.partial_diff,
                         d_.partial_err > 0 ? d_.partial_err : 1.0);  // all zero: a plain ±1 scale
}

void InPracticeLesson::update_precision() {
  d_.theta = core::rope_default_inv_freq(p_.head_dim, p_.base)(p_.pair);
  d_.positions.clear();
  for (int k = 0; k < kPrecisionPoints; ++k) {
    const double p = std::round(std::pow(double(p_.max_pos), k / (kPrecisionPoints - 1.0)));
    if (d_.positions.empty() || p > d_.positions.back()) d_.positions.push_back(p);
  }
  const int n = static_cast<int>(d_.positions.size());
  d_.angle_err.assign(5, std::vector<double>(n));
  d_.precision_export.resize(n, 6);
  std::fill(std::begin(d_.worst), std::end(d_.worst), 0.0);
  for (int j = 0; j < n; ++j) {
    const double pos = d_.positions[j];
    d_.precision_export(j, 0) = pos;
    for (int t = 0; t < 5; ++t) {
      const double e = t < 4 ? core::angle_cos_error(pos, d_.theta, kTypes[t])
                             : core::float32_angle_bf16_cos_error(pos, d_.theta);
      d_.angle_err[t][j] = e;
      d_.precision_export(j, t + 1) = e;
      if (std::isfinite(e)) d_.worst[t] = std::max(d_.worst[t], e);
    }
  }
  for (int t = 0; t < 3; ++t) d_.collision[t] = core::first_position_collision(kTypes[t]);
  d_.fp16_overflow = core::first_overflow_position(AnglePrecision::Float16);
}

void InPracticeLesson::draw_partial(DrawContext& ctx) {
  const ui::Theme& t = *theme_;
  const std::vector<std::string> rows = {"GPT-NeoX", tr(lang_, kPairings[p_.pairing])};
  const auto cols = ui::index_labels(p_.head_dim, "", std::max(1, p_.head_dim / 16));  // about 16 labels
  ui::MatrixViewOptions o;
  o.title = tr(lang_, "Which columns rotate: pair i as +(i+1) and −(i+1), 0 passes through");
  o.row_labels = &rows;
  o.col_labels = &cols;
  o.row_name = tr(lang_, "pairing");
  o.col_name = tr(lang_, "column");
  o.show_values = true;
  o.max_cell = ui::em(1.6f);
  ui::matrix_view("map", d_.column_map, o, t);
  ui::residual(tr(lang_, "max |score error| ="), d_.partial_err, 1e-9, t);
  ui::HeatmapOptions h = scores_map(std::min(ImGui::GetContentRegionAvail().x * 0.6f, ui::em(12)));
  h.title = tr(lang_, "mispaired scores − GPT-NeoX's");
  ui::heatmap("diff", view_.partial_diff, h, t, *ctx.textures);
}

void InPracticeLesson::draw_precision() {
  const char* names[] = {"angle in bfloat16", "angle in float16", "angle in float32", "angle in float64",
                         "fix: float32 angle, cos stored in bfloat16"};
  std::vector<ui::Series> s;
  for (int k = 0; k < 5; ++k) {
    ui::Series one;
    one.label = tr(lang_, names[k]);
    one.x = d_.positions;
    one.y = d_.angle_err[k];
    one.thickness = k == 4 ? 2.5f : 1.5f;
    one.color = kTypeColors[k];
    s.push_back(std::move(one));
  }
  ui::LinePlotOptions o =
      plot("|cos(angle as formed) − cos(p·θ)| against position (log scales)", "position p", 17);
  o.log_x = o.log_y = true;
  // A cosine's error is at most 2: the axis ends three decades above, with no tick there (at 1e8 a tick
  // read 1000000, as if errors could reach a million); the labels take the emptiest place they find.
  o.fix_y = true;
  o.y_max = 1e3;
  o.y_min = 1e-17;
  for (const std::vector<double>& e : d_.angle_err)
    for (double x : e)
      if (x > 0 && x < o.y_min * 2) o.y_min = x / 2;
  o.markers.push_back(
      {double(d_.collision[0]), trf(lang_, "%lld = %lld", d_.collision[0], d_.collision[0] + 1), 0});
  if (p_.max_pos >= d_.fp16_overflow)
    o.bands.push_back({double(d_.fp16_overflow), double(p_.max_pos), 0, tr(lang_, "float16: \xE2\x88\x9E")});
  ui::line_plot("precision", s, o, *theme_);
}

}  // namespace posenc::lessons::in_practice_lesson
