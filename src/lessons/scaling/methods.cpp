// Lesson scaling, the methods side by side (steps methods, coverage): every scaling method of
// transformers run on the same config, how each changes θ_i, and which angles a long text brings that
// training never did.
#include <algorithm>
#include <cmath>

#include "core/constants.hpp"
#include "scaling_lesson.hpp"
#include "ui/controls.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons::scaling_lesson {
namespace {

// A large number in prose without an exponent, to four significant digits: 65290000, not 6.529e+07.
std::string plain(double x) {
  if (!(x >= 1e5) || x >= 1e15) return ui::short_number(x, 4);
  const double unit = std::pow(10.0, std::floor(std::log10(x)) - 3);
  return std::to_string(std::llround(std::round(x / unit) * unit));
}

}  // namespace

// The placeholders of the methods compared and the angles they reach.
void ScalingLesson::say_methods() {
  say("factor_short",
      [this] { return d_.none.unseen > 0 && p_.factor * p_.original < p_.target * (1 - 1e-12); });
  say("s_above_1", [this] { return p_.factor > 1 + 1e-9; });
  say("dynamic_grows", [this] { return p_.target > p_.original; });
  say("llama_valid", [this] { return d_.llama_valid; });
  say("high_wavelen", [this] { return positions(p_.original / p_.high_freq); });
  say("low_wavelen", [this] { return positions(p_.original / p_.low_freq); });
  say("llama_kept", [this] { return d_.llama_kept; });
  say("llama_divided", [this] { return d_.llama_divided; });
  say("llama_blend", [this] { return d_.pairs - d_.llama_kept - d_.llama_divided; });
  say("dynamic_base", [this] { return plain(d_.dynamic_base); });
  say("dynamic_slowest", [this] { return num(1.0 / method(RopeType::Dynamic).ratio(d_.pairs - 1), 3); });
  say("has_longrope", [this] { return d_.has_longrope; });
  say("linear_step", [this] { return num(method(RopeType::Linear).init.inv_freq(0), 3); });
  say("unseen_none", [this] { return d_.none.unseen; });
  say("unseen_linear", [this] { return method(RopeType::Linear).unseen; });
  say("unseen_dynamic", [this] { return method(RopeType::Dynamic).unseen; });
  say("unseen_yarn", [this] { return method(RopeType::Yarn).unseen; });
  say("unseen_llama3", [this] { return method(RopeType::Llama3).unseen; });
  say("unseen_longrope", [this] { return method(RopeType::LongRope).unseen; });
}

const Method& ScalingLesson::method(RopeType t) const {
  return d_.methods[std::find(kMethods.begin(), kMethods.end(), t) - kMethods.begin()];
}

// The config the parameters describe, with rope type `t` (the other methods for comparison).
core::RopeConfig ScalingLesson::config_for(RopeType t) const { return core::rope_config(d_.rope, t); }

void ScalingLesson::fill_method(Method& m, const core::RopeInit& init) const {
  m.init = init;
  m.ratio = core::rope_scale_factors(init.inv_freq, d_.inv_freq);
  m.angle = (p_.target - 1.0) * init.inv_freq;
  // Beyond what training covered: past the angle of position L0, one position's turn beyond the last
  // one trained (interpolating by exactly L/L0 ends at (L − 1)/s = L0 − 1/s, inside that step).
  m.unseen = 0;
  for (int i = 0; i < d_.pairs; ++i)
    m.unseen += d_.seen(i) < core::kTwoPi && m.angle(i) > p_.original * d_.inv_freq(i) * (1 + 1e-12);
}

ui::LinePlotOptions ScalingLesson::pair_plot(const char* title, float height_em) const {
  ui::LinePlotOptions o;
  o.title = tr(lang_, title);
  o.x_label = tr(lang_, "pair i");
  o.integer_x = true;
  o.height = ui::em(height_em);
  return o;
}

void ScalingLesson::draw_methods(DrawContext& ctx) {
  draw_picker(ctx);
  std::vector<ui::Series> s;
  for (size_t m = 0; m < kMethods.size(); ++m) {
    if (!drawn(kMethods[m])) continue;
    s.push_back(ui::series(method_label(kMethods[m]), d_.methods[m].ratio));
    s.back().color = method_color(kMethods[m]);
  }
  ui::LinePlotOptions o = pair_plot("New θ_i / old θ_i for each method (log scale)", 16);
  o.log_y = true;
  o.fix_y = true;  // room above 1 for its label, below the smallest ratio
  o.y_max = 2.5;
  o.y_min = 0.5 / p_.factor;
  for (const ui::Series& one : s)
    for (double y : one.y) o.y_min = std::min(o.y_min, y / 2);
  o.y_markers.push_back({1.0, tr(lang_, "1: untouched"), 0});
  if (p_.factor > 1.05)  // else it would sit on 1 and hide its label
    o.y_markers.push_back(
        {1.0 / p_.factor, trf(lang_, "1/s = 1/%s", ui::short_number(p_.factor, 3).c_str()), 0});
  ui::line_plot("ratios", s, o, *theme_);
  if (!d_.llama_valid)
    ui::caption(tr(lang_,
                   "high_freq_factor must exceed low_freq_factor (transformers refuses the config): no "
                   "Llama 3.1 curve."),
                *theme_);
  if (d_.yarn_backwards)
    ui::caption(tr(lang_,
                   "beta_fast should exceed beta_slow: YaRN's ramp now runs backwards (transformers warns "
                   "the same)."),
                *theme_);
}

// Whether a method's curve is drawn: LongRoPE needs the config's lists, llama3 ordered factors.
bool ScalingLesson::drawn(RopeType t) const {
  return (t != RopeType::LongRope || d_.has_longrope) && (t != RopeType::Llama3 || d_.llama_valid);
}

// One colour per method on every plot, far apart in hue (the palette's neighbours were too alike).
ImU32 ScalingLesson::method_color(RopeType t) {
  switch (t) {
    case RopeType::Linear:
      return IM_COL32(31, 119, 180, 255);  // blue
    case RopeType::Dynamic:
      return IM_COL32(214, 39, 40, 255);  // red
    case RopeType::Yarn:
      return IM_COL32(44, 160, 44, 255);  // green
    case RopeType::Llama3:
      return IM_COL32(148, 103, 189, 255);  // violet
    case RopeType::LongRope:
      return IM_COL32(140, 86, 75, 255);  // brown
    default:
      return IM_COL32(255, 127, 14, 255);  // unscaled: orange
  }
}

std::string ScalingLesson::method_label(RopeType t) const {
  switch (t) {
    case RopeType::Linear:
      return tr(lang_, "linear (position interpolation)");
    case RopeType::Dynamic:
      return trf(lang_, "dynamic NTK at %d tokens", p_.target);
    case RopeType::Yarn:
      return "YaRN";
    case RopeType::Llama3:
      return tr(lang_, "Llama 3.1 (llama3)");
    case RopeType::LongRope:
      return "LongRoPE";
    default:
      return tr(lang_, "unscaled");
  }
}

void ScalingLesson::draw_coverage(DrawContext& ctx) {
  draw_picker(ctx);
  std::vector<ui::Series> s = {ui::series(trf(lang_, "reached within L0 (%d tokens)", p_.original), d_.seen),
                               ui::series(trf(lang_, "unscaled at %d tokens", p_.target), d_.none.angle)};
  s[0].thickness = 6.0f;
  s[0].color = IM_COL32(190, 190, 190, 255);  // light grey, underneath: what training covered
  s[1].color = method_color(RopeType::Default);
  for (size_t m = 0; m < kMethods.size(); ++m) {
    if (!drawn(kMethods[m])) continue;
    s.push_back(ui::series(method_label(kMethods[m]), d_.methods[m].angle));
    s.back().thickness = 1.5f;
    s.back().color = method_color(kMethods[m]);
  }
  ui::LinePlotOptions o = pair_plot("Largest angle each pair reaches (radians, log scale)", 16);
  o.log_y = true;
  o.y_markers.push_back({core::kTwoPi, tr(lang_, "2π: one full turn"), 0});
  ui::line_plot("coverage", s, o, *theme_);
}

}  // namespace posenc::lessons::scaling_lesson
