// Lesson 11 — scaling: RoPE as today's LLMs configure it. A model's config.json (a preset of a real
// model, or the learner's own file) gives the head width, the rotary part, the base and a rope_scaling
// block; the steps show its wavelengths against the training and target lengths, every scaling method
// of transformers side by side, which angles a long text brings that training never did, and the
// attention temperature YaRN and LongRoPE add. All numbers come from core::rope_init. This file ties the
// parts (scaling_lesson.hpp lists them): steps, parameters, the file a config comes in, exports.
#include <algorithm>
#include <cmath>
#include <string>

#include "scaling_lesson.hpp"
#include "ui/i18n.hpp"
#include "ui/matrix_view.hpp"

namespace posenc::lessons {
namespace scaling_lesson {
namespace {

constexpr int kPasteBytes = static_cast<int>(core::kMaxConfigBytes);
constexpr int kFactorListBytes = 3072;  // a LongRoPE list in a link: up to 64 pairs of shortest decimals

// The option names of `model`: every preset's id, then the learner's own config.
std::vector<const char*> model_ids() {
  std::vector<const char*> ids;
  for (const core::ModelPreset& p : core::model_presets()) ids.push_back(p.id);
  ids.push_back("yours");
  return ids;
}

}  // namespace

const std::vector<const char*> kTypeNames = {"default",  "linear", "dynamic",     "yarn",
                                             "longrope", "llama3", "proportional"};

std::string num(double x, int digits) { return ui::short_number(x, digits); }

std::string positions(double x) {
  return x >= 1000 ? std::to_string(std::llround(x)) : ui::short_number(x, 4);
}

ScalingLesson::ScalingLesson() : paste_(kPasteBytes + 1, '\0') {
  const std::vector<std::string_view> lengths = {"type", "factor", "original", "target"};
  step("config", [this](DrawContext& c) { draw_config(c); }, {"dim", "rotary", "base"});
  step(
      "wavelengths", [this](DrawContext& c) { draw_wavelengths(c); }, lengths);
  step("methods", [this](DrawContext& c) { draw_methods(c); },
       {"factor", "original", "target", "beta_fast", "beta_slow", "low_freq", "high_freq"});
  step("coverage", [this](DrawContext& c) { draw_coverage(c); }, {"factor", "original", "target"});
  step("temperature", [this](DrawContext& c) { draw_temperature(c); },
       {"sigma", "factor", "original", "target", "mscale", "mscale_all_dim"});
  say_config();
  say_methods();
  say_temperature();
  update();
}

void ScalingLesson::visit(ParamVisitor& v) {
  static const std::vector<const char*> models = model_ids();
  v.choice({"model"}, p_.model, models);
  v.text({"short_factor"}, p_.short_text, kFactorListBytes);
  v.text({"long_factor"}, p_.long_text, kFactorListBytes);
  using L = core::RopeSettingsLimits;
  v.integer({"dim", "head_dim", 4, 1024}, p_.head_dim);
  v.real({"rotary", "rotary share", 0.01, 1, Scale::Linear, "%.3g"}, p_.rotary);
  v.real({"base", "rope_theta", 100, 1e8, Scale::Log, "%.0f"}, p_.base);
  int type = static_cast<int>(p_.type);  // an option's index: the type's
  v.choice({"type", "rope_type"}, type, kTypeNames);
  p_.type = static_cast<RopeType>(type);
  v.integer({"original", "L0 (original)", L::min_length, L::max_original, Scale::Log}, p_.original);
  v.integer({"target", "target length", L::min_length, L::max_target, Scale::Log}, p_.target);
  v.real({"factor", "factor s", 1, L::max_factor, Scale::Log, "%.3g"}, p_.factor);
  v.real({"beta_fast", "beta_fast", 0.25, 256, Scale::Log, "%.3g"}, p_.beta_fast);
  v.real({"beta_slow", "beta_slow", 0.0625, 64, Scale::Log, "%.3g"}, p_.beta_slow);
  v.real({"low_freq", "low_freq_factor", 0.25, 64, Scale::Log, "%.3g"}, p_.low_freq);
  v.real({"high_freq", "high_freq_factor", 0.25, 64, Scale::Log, "%.3g"}, p_.high_freq);
  v.real({"mscale", "mscale", 0, 4, Scale::Linear, "%.3g"}, p_.mscale);
  v.real({"mscale_all_dim", "mscale_all_dim", 0, 4, Scale::Linear, "%.3g"}, p_.mscale_all_dim);
  v.real({"attention", nullptr, 0, 16}, p_.attention);
  v.integer({"nope", nullptr, 0, 4096}, p_.nope);
  // Beyond σ ≈ 3 one key takes nearly all the weight at every length shown: the entropy no longer grows.
  v.real({"sigma", "logit spread σ", 0.1, 3, Scale::Log, "%.3g"}, p_.sigma);
}

core::Messages ScalingLesson::update() {
  core::Messages notice;
  if (p_.model != applied_model_) apply_model(p_.model, notice);
  if (p_.head_dim % 2) ++p_.head_dim;
  // Pairs of settings that must be ordered are said beside the plot, never changed here: a link sets
  // one parameter at a time, and its half-applied state must not rewrite the other half.
  d_.llama_valid = p_.high_freq > p_.low_freq;
  d_.yarn_backwards = p_.beta_fast <= p_.beta_slow;
  const auto rotary_dim = [this] { return core::rope_rotary_dim(core::rope_config(p_, p_.type)); };
  d_.rotary_dim = rotary_dim();
  if (d_.rotary_dim < 4) {  // two pairs at least (dynamic's exponent d/(d−2) needs d ≥ 4)
    p_.rotary = std::min(1.0, 4.0 / p_.head_dim + 1e-9);
    d_.rotary_dim = rotary_dim();
    notice.push_back({"partial_rotary_factor: at least two pairs must rotate; using {0}",
                      {ui::short_number(p_.rotary, 3)}});
  }
  d_.pairs = d_.rotary_dim / 2;
  d_.rope = p_.settings();
  read_factor_lists(notice);
  d_.type = p_.type == RopeType::LongRope && !d_.has_longrope ? RopeType::Yarn : p_.type;
  d_.rope.type = d_.type;
  d_.inv_freq = core::rope_default_inv_freq(d_.rotary_dim, p_.base);
  d_.wavelength = core::rope_wavelengths(d_.inv_freq);
  d_.seen = (p_.original - 1.0) * d_.inv_freq;
  d_.current = core::rope_init(config_for(d_.type), p_.target);
  d_.scaled_wavelength = core::rope_wavelengths(d_.current.inv_freq);
  d_.inv_freq_export = d_.current.inv_freq;
  fill_method(d_.none, core::rope_init(config_for(RopeType::Default), p_.target));
  for (size_t m = 0; m < kMethods.size(); ++m)
    fill_method(d_.methods[m], core::rope_init(config_for(kMethods[m]), p_.target));
  d_.never_turn = 0;
  for (int i = 0; i < d_.pairs; ++i) d_.never_turn += d_.wavelength(i) > p_.original;
  const double hi_wavelen = p_.original / p_.high_freq, lo_wavelen = p_.original / p_.low_freq;
  d_.llama_kept = d_.llama_divided = 0;
  for (int i = 0; i < d_.pairs; ++i) {
    d_.llama_kept += d_.wavelength(i) < hi_wavelen;
    d_.llama_divided += d_.wavelength(i) > lo_wavelen;
  }
  // Dynamic NTK's grown base, read back from its slowest pair: θ_last = base'^(−2(n−1)/d).
  const Eigen::VectorXd& dyn = method(RopeType::Dynamic).init.inv_freq;
  d_.dynamic_base =
      d_.pairs > 1 ? std::pow(dyn(d_.pairs - 1), -double(d_.rotary_dim) / (2.0 * (d_.pairs - 1))) : p_.base;
  Params mine = p_;
  mine.model = preset_params_.model;
  mine.sigma = preset_params_.sigma;
  d_.edited = (p_.model < static_cast<int>(core::model_presets().size()) || model_.have) &&
              mine.fields() != preset_params_.fields();
  // After a file that was not read, a setting changed makes the settings the learner's own config.
  if (failed() && mine.fields() != preset_params_.fields()) load_error_ = {};
  update_sets();
  lazy_.entropy_valid = lazy_.cache_valid = false;
  lazy_.runs_lang = -1;
  return notice;
}

core::Messages ScalingLesson::receive_file(std::string_view name, const unsigned char* bytes,
                                           std::size_t size) {
  const std::string file(name.substr(0, 80));
  const std::string shown = file == "pasted text" ? tr(lang_, "pasted text") : file;
  const core::ModelConfigResult r =
      core::parse_model_config(std::string_view(reinterpret_cast<const char*>(bytes), size));
  // The learner's config from now on, read or not: a file not read clears the model before from the
  // screen (its parameters stay, for the later steps' curves, but nothing names them as this file's).
  yours_name_ = r.ok() ? file : std::string();  // unread: settings changed later are "your config.json"
  p_.model = static_cast<int>(model_ids().size()) - 1;
  applied_model_ = p_.model;
  model_ = {};
  if (!r.ok()) {
    load_error_ = r.error;
    failed_name_ = identity_name(r.identity, "");  // as far as the file was read
    if (failed_name_.empty()) failed_name_ = file;
    preset_params_ = p_;
    update();
    return {{"{0}: {1}", {shown, ui::tr_message(lang_, r.error)}}};
  }
  load_error_ = {};
  yours_text_ = bounded_config(std::string_view(reinterpret_cast<const char*>(bytes), size), yours_left_);
  core::Messages said = {{"{0}: read", {shown}}};
  for (const core::Message& m : r.notices) said.push_back({"{0}: {1}", {shown, ui::tr_message(lang_, m)}});
  read_model(r);
  set_from_config(r.config);
  preset_params_ = p_;
  const core::Messages more = update();
  said.insert(said.end(), more.begin(), more.end());
  return said;
}

std::vector<Export> ScalingLesson::exports(std::string_view step) const {
  if (step != "config" || failed()) return {};
  const std::string stem = export_stem(),
                    rows = "_pos0-" + std::to_string(std::min(p_.target, kCacheRows) - 1);
  return {{"inv_freq_" + stem, &d_.inv_freq_export},
          {"cos_" + stem + rows, [this]() -> const Eigen::MatrixXd& { return fill_cache(), lazy_.cos; }},
          {"sin_" + stem + rows, [this]() -> const Eigen::MatrixXd& { return fill_cache(), lazy_.sin; }}};
}

}  // namespace scaling_lesson

std::unique_ptr<Lesson> create_scaling() { return std::make_unique<scaling_lesson::ScalingLesson>(); }

}  // namespace posenc::lessons
