// Lesson 11 — scaling: RoPE as today's LLMs configure it. A model's config.json (a preset of a real
// model, or the learner's own file) gives the head width, the rotary part, the base and a rope_scaling
// block; the steps show its wavelengths against the training and target lengths, every scaling method
// of transformers side by side, which angles a long text brings that training never did, and the
// attention temperature YaRN and LongRoPE add. All numbers come from core::rope_init.
#include <algorithm>
#include <array>
#include <cmath>
#include <string>
#include <tuple>

#include "core/model_config.hpp"
#include "core/rope_cache.hpp"
#include "core/rope_scaling.hpp"
#include "lessons/lesson.hpp"
#include "ui/controls.hpp"
#include "ui/line_plot.hpp"
#include "ui/matrix_view.hpp"
#include "ui/rich_text.hpp"

namespace posenc::lessons {
namespace {

using core::RopeType;
constexpr double kTwoPi = 6.283185307179586;
constexpr int kPasteBytes = static_cast<int>(core::kMaxConfigBytes);
constexpr int kFactorListBytes = 3072;  // a LongRoPE list in a link: up to 64 pairs of shortest decimals
constexpr int kCacheRows = 4096;        // positions in the exported cos/sin cache
constexpr int kEntropyPoints = 48;
constexpr int kEntropyKeys = 1 << 17;  // the longest context the temperature step samples (≤ 30 ms)

// The scaling methods compared side by side, in the order the plots draw them.
constexpr std::array<RopeType, 5> kMethods = {RopeType::Linear, RopeType::Dynamic, RopeType::Yarn,
                                              RopeType::Llama3, RopeType::LongRope};
const std::vector<const char*> kTypeNames = {"default", "linear", "dynamic", "yarn", "longrope", "llama3"};

// The option names of `model`: every preset's id, then the learner's own config.
std::vector<const char*> model_ids() {
  std::vector<const char*> ids;
  for (const core::ModelPreset& p : core::model_presets()) ids.push_back(p.id);
  ids.push_back("yours");
  return ids;
}

// The config's values (core::RopeSettings, Llama 3.1 8B's to start with: head_dim, rotary, base, type,
// original, target, factor, …), each a parameter but the LongRoPE lists: those travel in links as text,
// short_text and long_text (the lists of the settings stay empty here; Derived::rope has them read).
struct Params : core::RopeSettings {
  int model = 1;                      // Llama 3.1 8B
  std::string short_text, long_text;  // LongRoPE's per-pair factors; "" = the preset's own
  double sigma = 1;                   // spread of the random logits (temperature step)

  const core::RopeSettings& settings() const { return *this; }
  // Everything a config sets (not the model choice, not the temperature step's spread).
  auto fields() const { return std::tie(short_text, long_text, settings()); }
};

// One method's result at the current settings.
struct Method {
  core::RopeInit init;
  Eigen::VectorXd ratio;  // new θ_i / old θ_i
  Eigen::VectorXd angle;  // largest angle at the target length, (target − 1)·θ_i
  int unseen = 0;         // pairs that meet angles never seen in training
};

struct Derived {
  int rotary_dim = 0, pairs = 0;
  Eigen::VectorXd inv_freq;  // unscaled θ_i
  Eigen::VectorXd wavelength, scaled_wavelength;
  Eigen::VectorXd seen;             // largest angle in training, (L0 − 1)·θ_i
  core::RopeInit current;           // the model's own type
  Eigen::MatrixXd inv_freq_export;  // its inv_freq as a column, for the export bar
  Method none;                      // unscaled, run at the target length
  std::array<Method, kMethods.size()> methods;
  bool has_longrope = false;         // LongRoPE factors for exactly `pairs` pairs
  bool llama_valid = true;           // high_freq_factor > low_freq_factor (transformers refuses the rest)
  bool yarn_backwards = false;       // beta_fast ≤ beta_slow: YaRN's ramp runs the wrong way
  RopeType type = RopeType::Llama3;  // the type computed: the chosen one, yarn for longrope without lists
  core::RopeSettings rope;           // the parameters' settings with that type and LongRoPE's lists read
  int never_turn = 0;                // pairs whose wavelength exceeds L0
  int llama_kept = 0, llama_divided = 0;
  double dynamic_base = 0;
  bool edited = false;  // the parameters differ from the chosen preset
};

// Work done only when a step shows it (asked for by placeholder rows and drawing alike).
struct Lazy {
  bool entropy_valid = false;
  std::vector<double> lengths;
  Eigen::MatrixXd entropy;     // lengths × {none, YaRN, LongRoPE}
  std::vector<double> scales;  // none, YaRN, LongRoPE[, the model's own]
  bool cache_valid = false;
  Eigen::MatrixXd cos, sin;
};

std::string num(double x, int digits = 4) { return ui::short_number(x, digits); }

// A length in positions: whole numbers from 1000 on (no exponent in prose), else four digits.
std::string positions(double x) {
  return x >= 1000 ? std::to_string(std::llround(x)) : ui::short_number(x, 4);
}

// A large number in prose without an exponent, to four significant digits: 65290000, not 6.529e+07.
std::string plain(double x) {
  if (!(x >= 1e5) || x >= 1e15) return ui::short_number(x, 4);
  const double unit = std::pow(10.0, std::floor(std::log10(x)) - 3);
  return std::to_string(std::llround(std::round(x / unit) * unit));
}

std::string join(const std::vector<double>& v) {
  std::string s;
  for (double x : v) s += (s.empty() ? "" : ",") + format_number(x);
  return s;
}

// A comma-separated list of positive numbers; false (and nothing) on anything else.
bool split_numbers(std::string_view text, std::vector<double>& out) {
  out.clear();
  while (!text.empty()) {
    const size_t comma = text.find(',');
    double x = 0;
    if (!parse_number(text.substr(0, comma), x) || !(x > 0)) return out.clear(), false;
    out.push_back(x);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return true;
}

class ScalingLesson final : public Lesson {
  Params p_;
  Derived d_;
  mutable Lazy lazy_;
  int applied_model_ = -1;  // the preset whose values the parameters started from
  Params preset_params_;    // … those values
  std::string yours_name_;  // the learner's config: its file name, or "pasted text"
  std::vector<char> paste_;

 public:
  ScalingLesson() : paste_(kPasteBytes + 1, '\0') {
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

  void visit(ParamVisitor& v) override {
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
    v.integer({"original", "L0 (trained)", L::min_length, L::max_original, Scale::Log}, p_.original);
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

  core::Messages update() override {
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
    d_.edited =
        p_.model < static_cast<int>(core::model_presets().size()) && mine.fields() != preset_params_.fields();
    lazy_.entropy_valid = lazy_.cache_valid = false;
    return notice;
  }

  bool accepts_files() const override { return true; }
  bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const override {
    return looks_like_json(name, bytes, size);
  }

  core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) override {
    const std::string file(name.substr(0, 80));
    const std::string shown = file == "pasted text" ? tr(lang_, "pasted text") : file;
    const core::ModelConfigResult r =
        core::parse_model_config(std::string_view(reinterpret_cast<const char*>(bytes), size));
    if (!r.ok()) return {{"{0}: {1}", {shown, ui::tr_message(lang_, r.error)}}};
    core::Messages said = {{"{0}: read", {shown}}};
    for (const core::Message& m : r.notices) said.push_back({"{0}: {1}", {shown, ui::tr_message(lang_, m)}});
    yours_name_ = file;
    p_.model = static_cast<int>(model_ids().size()) - 1;
    set_from_config(r.config);
    applied_model_ = p_.model;
    preset_params_ = p_;
    const core::Messages more = update();
    said.insert(said.end(), more.begin(), more.end());
    return said;
  }

  std::vector<Export> exports(std::string_view step) const override {
    if (step != "config") return {};
    const std::string stem = export_stem(),
                      rows = "_pos0-" + std::to_string(std::min(p_.target, kCacheRows) - 1);
    return {{"inv_freq_" + stem, &d_.inv_freq_export},
            {"cos_" + stem + rows, [this]() -> const Eigen::MatrixXd& { return fill_cache(), lazy_.cos; }},
            {"sin_" + stem + rows, [this]() -> const Eigen::MatrixXd& { return fill_cache(), lazy_.sin; }}};
  }

 private:
  // The placeholders of the config and its wavelengths.
  void say_config() {
    say("model_name", [this] { return model_name(); });
    say("type", [this] { return kTypeNames[static_cast<int>(d_.type)]; });  // the type computed
    say("scaled", [this] { return d_.type != RopeType::Default; });
    say("rotary_dim", [this] { return d_.rotary_dim; });
    say("pairs", [this] { return d_.pairs; });
    say("last_pair", [this] { return d_.pairs - 1; });
    say("partial", [this] { return d_.rotary_dim < p_.head_dim; });
    say("longer", [this] { return p_.target > p_.original; });
    say("new_angles", [this] { return p_.target > p_.original && d_.never_turn > 0; });
    say("all_turned", [this] { return p_.target > p_.original && d_.never_turn == 0; });
    say("cache_rows", [this] { return std::min(p_.target, kCacheRows); });
    say("af", [this] { return num(d_.current.attention_factor); });
    say("fast_wavelength", [this] { return positions(d_.wavelength(0)); });
    say("slow_wavelength", [this] { return positions(d_.wavelength(d_.pairs - 1)); });
    say("length_ratio", [this] { return num(double(p_.target) / p_.original); });
    say("mla", [this] { return p_.nope > 0; });
    say("mla_dim", [this] { return p_.nope + d_.rotary_dim; });
    say("never_turn", [this] { return d_.never_turn; });
    say("stretched", [this] {
      int k = 0;
      for (int i = 0; i < d_.pairs; ++i) k += d_.scaled_wavelength(i) > d_.wavelength(i) * (1 + 1e-12);
      return k;
    });
  }

  // The placeholders of the methods compared and the angles they reach.
  void say_methods() {
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

  // The placeholders of the temperature step; its entropies are computed on first use (entropy()).
  void say_temperature() {
    say("yarn_af", [this] { return num(core::yarn_get_mscale(p_.factor)); });
    say("longrope_af", [this] { return num(longrope_factor()); });
    say("af2", [this] { return num(d_.current.attention_factor * d_.current.attention_factor); });
    say("mla_softmax", [this] { return num(mla_softmax()); });
    say("model_scale", [this] { return num(model_scale()); });
    say("h_len", [this] { return std::min(p_.target, kEntropyKeys); });
    say("h_capped", [this] { return p_.target > kEntropyKeys; });
    say("h_train_len", [this] { return std::min(p_.original, kEntropyKeys); });
    say("h_train", [this] { return num(entropy().train, 3); });
    say("h_target", [this] { return num(entropy().target, 3); });
    say("h_target_yarn", [this] { return num(entropy().yarn, 3); });
    say("grows", [this] { return entropy().grows(); });
    say("undone_part", [this] { return entropy().grows() && !entropy().below(); });  // YaRN undoes part
    say("overshoot", [this] { return entropy().grows() && entropy().below(); });     // … more than all
    say("h_undone", [this] {  // the share of the growth YaRN takes back
      const Entropy e = entropy();
      const double grown = e.target - e.train;
      return grown > 1e-9 ? num(100 * (e.target - e.yarn) / grown, 2) : std::string("0");
    });
  }

  // The attention entropy (nats) at L0 and at the target length, without an attention factor and with
  // YaRN's; each length at most kEntropyKeys.
  struct Entropy {
    double train, target, yarn;
    bool grows() const { return target > train + 0.01; }
    bool below() const { return yarn < train; }  // YaRN's below the trained length's
  };
  Entropy entropy() const {
    fill_entropy();
    const Eigen::MatrixXd& h = lazy_.entropy;
    const auto row = [&](int len) {
      return static_cast<int>(std::find(lazy_.lengths.begin(), lazy_.lengths.end(), double(len)) -
                              lazy_.lengths.begin());
    };
    const int r0 = row(std::min(p_.original, kEntropyKeys)), r1 = row(std::min(p_.target, kEntropyKeys));
    return {h(r0, 0), h(r1, 0), h(r1, 1)};
  }

  const Method& method(RopeType t) const {
    return d_.methods[std::find(kMethods.begin(), kMethods.end(), t) - kMethods.begin()];
  }

  std::string model_name() const {
    const auto& presets = core::model_presets();
    std::string name =
        p_.model < static_cast<int>(presets.size())
            ? std::string(tr(lang_, presets[p_.model].label))
            : (yours_name_.empty() || yours_name_ == "pasted text" ? tr(lang_, "your config.json")
                                                                   : yours_name_);
    if (d_.edited) name = trf(lang_, "%s (edited)", name.c_str());
    return name;
  }

  // DeepSeek's attention (multi-head latent attention) multiplies its softmax scale by
  // get_mscale(s, mscale_all_dim)² besides cos and sin's factor: transformers' modeling_deepseek and
  // DeepSeek-V3's inference/model.py (softmax_scale · mscale · mscale). 1 for other models.
  double mla_softmax() const {
    if (p_.nope <= 0 || p_.mscale_all_dim == 0) return 1.0;
    const double m = core::yarn_get_mscale(p_.factor, p_.mscale_all_dim);
    return m * m;
  }
  // What the model's own config multiplies its logits by: its attention factor squared, and DeepSeek's.
  double model_scale() const {
    return d_.current.attention_factor * d_.current.attention_factor * mla_softmax();
  }

  double longrope_factor() const {
    return p_.factor <= 1 ? 1.0 : std::sqrt(1.0 + std::log(p_.factor) / std::log(double(p_.original)));
  }

  // The config the parameters describe, with rope type `t` (the other methods for comparison).
  core::RopeConfig config_for(RopeType t) const { return core::rope_config(d_.rope, t); }

  void fill_method(Method& m, const core::RopeInit& init) const {
    m.init = init;
    m.ratio = core::rope_scale_factors(init.inv_freq, d_.inv_freq);
    m.angle = (p_.target - 1.0) * init.inv_freq;
    // Beyond what training covered: past the angle of position L0, one position's turn beyond the last
    // one trained (interpolating by exactly L/L0 ends at (L − 1)/s = L0 − 1/s, inside that step).
    m.unseen = 0;
    for (int i = 0; i < d_.pairs; ++i)
      m.unseen += d_.seen(i) < kTwoPi && m.angle(i) > p_.original * d_.inv_freq(i) * (1 + 1e-12);
  }

  // Sets every parameter from a parsed config (a preset's or the learner's).
  void set_from_config(const core::RopeConfig& c) {
    static_cast<core::RopeSettings&>(p_) = core::rope_settings(c);
    p_.short_text = join(p_.short_factor);
    p_.long_text = join(p_.long_factor);
    p_.short_factor.clear();  // in links as text only
    p_.long_factor.clear();
  }

  void apply_model(int model, core::Messages& notice) {
    applied_model_ = model;
    const auto& presets = core::model_presets();
    if (model >= static_cast<int>(presets.size())) {  // "yours": the parameters are the config
      preset_params_ = p_;
      return;
    }
    const core::ModelConfigResult r = core::parse_model_config(presets[model].json);
    if (!r.ok()) {  // the presets are tested to parse; never leave the parameters half set
      notice.push_back(r.error);
      return;
    }
    set_from_config(r.config);
    // A preset's lists are its own: links carry them as "" (short), read back from the preset.
    p_.short_text.clear();
    p_.long_text.clear();
    preset_params_ = p_;
  }

  // LongRoPE's lists: from the link's text, else the chosen preset's config.
  void read_factor_lists(core::Messages& notice) {
    std::vector<double>& short_factor = d_.rope.short_factor;
    std::vector<double>& long_factor = d_.rope.long_factor;
    short_factor.clear();
    long_factor.clear();
    const auto& presets = core::model_presets();
    if (p_.short_text.empty() && p_.long_text.empty() && p_.model < static_cast<int>(presets.size())) {
      const core::ModelConfigResult r = core::parse_model_config(presets[p_.model].json);
      short_factor = r.config.short_factor;
      long_factor = r.config.long_factor;
    } else if (!split_numbers(p_.short_text, short_factor) || !split_numbers(p_.long_text, long_factor)) {
      notice.push_back(
          {"short_factor, long_factor: lists of positive numbers separated by commas; none used", {}});
      short_factor.clear();
      long_factor.clear();
    }
    const size_t want = static_cast<size_t>(d_.pairs);
    d_.has_longrope = long_factor.size() == want && short_factor.size() == want;
    if (!d_.has_longrope && !long_factor.empty())
      notice.push_back(
          {"LongRoPE's per-pair factors are for {0} pairs, but {1} pairs rotate now; LongRoPE is left out",
           {std::to_string(long_factor.size()), std::to_string(want)}});
    if (!d_.has_longrope) {
      short_factor.clear();
      long_factor.clear();
      if (p_.type == RopeType::LongRope)
        notice.push_back({"rope_type longrope needs per-pair factors from a config; showing yarn", {}});
    }
  }

  std::string export_stem() const {
    std::string s = std::string(kTypeNames[static_cast<int>(d_.type)]) + "_rd" +
                    std::to_string(d_.rotary_dim) + "_base" + format_number(p_.base);
    if (d_.type != RopeType::Default)
      s += "_s" + format_number(p_.factor) + "_L" + std::to_string(p_.original);
    if (d_.type == RopeType::Dynamic || d_.type == RopeType::LongRope)
      s += "_len" + std::to_string(p_.target);
    return s;
  }

  // inv_freq and the cos/sin cache as transformers builds it: emb = cat(freqs, freqs) (the halves
  // layout of rotate_half), both multiplied by the attention factor.
  void fill_cache() const {
    if (lazy_.cache_valid) return;
    core::RopeCacheSpec spec;
    spec.inv_freq = d_.current.inv_freq;
    spec.len = std::min(p_.target, kCacheRows);
    spec.attention_factor = d_.current.attention_factor;
    core::RopeCache c = core::rope_cache(spec);
    lazy_.cos = std::move(c.cos);
    lazy_.sin = std::move(c.sin);
    lazy_.cache_valid = true;
  }

  void fill_entropy() const {
    if (lazy_.entropy_valid) return;
    // Log-spaced lengths from 16 to past the target, with L0 and the target themselves.
    const double top = std::min<double>(kEntropyKeys, std::max(p_.target, p_.original) * 2.0);
    std::vector<double>& l = lazy_.lengths;
    l.clear();
    for (int k = 0; k < kEntropyPoints; ++k)
      l.push_back(std::round(16 * std::pow(top / 16, k / (kEntropyPoints - 1.0))));
    l.push_back(std::min(p_.original, kEntropyKeys));
    l.push_back(std::min(p_.target, kEntropyKeys));
    std::sort(l.begin(), l.end());
    l.erase(std::unique(l.begin(), l.end()), l.end());
    const double yarn = core::yarn_get_mscale(p_.factor), longrope = longrope_factor();
    lazy_.scales = {1, yarn * yarn, longrope * longrope};
    const double own = model_scale();  // drawn when it is none of the three
    if (std::all_of(lazy_.scales.begin(), lazy_.scales.end(),
                    [&](double x) { return std::abs(own - x) > 1e-3; }))
      lazy_.scales.push_back(own);
    // As many draws as fit in 2^18 keys (the one-pass cost), at least one.
    const int runs = std::max(1, static_cast<int>(kEntropyKeys / l.back()));
    lazy_.entropy = core::attention_entropy(l, p_.sigma, lazy_.scales, runs, 2024);
    lazy_.entropy_valid = true;
  }

  // --- drawing ---

  // The model picker: every preset by name, and the learner's own config once there is one.
  void draw_picker(DrawContext& ctx) {
    const auto& presets = core::model_presets();
    const int yours = static_cast<int>(presets.size());
    ImGui::SetNextItemWidth(ui::label_column(tr(lang_, "Model"), 18));  // long names: a phone's whole line
    if (ImGui::BeginCombo("##model", model_name().c_str())) {
      for (int i = 0; i <= yours; ++i) {
        if (i == yours && p_.model != yours) break;  // "yours" only once the learner has given one
        const std::string label = i < yours ? std::string(tr(lang_, presets[i].label)) : model_name();
        if (ImGui::Selectable(label.c_str(), i == p_.model) && (i != p_.model || d_.edited)) {
          p_.model = i;
          applied_model_ = -1;  // re-apply, also after edits
          edited(ctx);
        }
      }
      ImGui::EndCombo();
    }
  }

  void draw_source() {
    const auto& presets = core::model_presets();
    if (p_.model >= static_cast<int>(presets.size())) return;
    // ImGui's own wrapping: a link has no spaces, and on a phone it must still break (mid-word).
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(theme_->muted));
    ImGui::TextWrapped("%s", trf(lang_, "Source: %s", presets[p_.model].source).c_str());
    ImGui::PopStyleColor();
  }

  void draw_config(DrawContext& ctx) {
    draw_picker(ctx);
    if (const char* open = "Open a config.json\xE2\x80\xA6"; ImGui::Button(tr(lang_, open)))
      ctx.open_file = open;
    paste_box(ctx, paste_.data(), paste_.size(),
              "or paste a whole config.json with Ctrl+V anywhere on this page, or into the box:",
              "On a touch screen, open the file with the button above; pasting needs a keyboard.",
              "Read the pasted config", 4);
    ImGui::Spacing();
    if (ImGui::BeginTable("read", 2, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingStretchProp)) {
      const auto row = [&](const char* key, const std::string& v) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(key);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(v.c_str());
      };
      row("head_dim", std::to_string(p_.head_dim));
      if (p_.nope > 0) row("qk_nope_head_dim", std::to_string(p_.nope));
      row("rotary_dim", trf(lang_, "%d (%d pairs)", d_.rotary_dim, d_.pairs));
      row("rope_theta", ui::short_number(p_.base, 9));
      row("rope_type", kTypeNames[static_cast<int>(d_.type)]);
      if (d_.type != RopeType::Default) row("factor", ui::short_number(p_.factor, 6));
      row(tr(lang_, "trained length L0"), std::to_string(p_.original));
      row(tr(lang_, "target length"), std::to_string(p_.target));
      row("attention_factor", ui::short_number(d_.current.attention_factor, 6));
      row(tr(lang_, "wavelengths"), trf(lang_, "%s … %s positions", positions(d_.wavelength(0)).c_str(),
                                        positions(d_.wavelength(d_.pairs - 1)).c_str()));
      ImGui::EndTable();
    }
    draw_source();
  }

  ui::LinePlotOptions pair_plot(const char* title, float height_em) const {
    ui::LinePlotOptions o;
    o.title = tr(lang_, title);
    o.x_label = tr(lang_, "pair i");
    o.integer_x = true;
    o.height = ui::em(height_em);
    return o;
  }

  void draw_wavelengths(DrawContext& ctx) {
    draw_picker(ctx);
    std::vector<ui::Series> s = {ui::series(tr(lang_, "unscaled"), d_.wavelength)};
    if (d_.type != RopeType::Default)
      s.push_back(ui::series(trf(lang_, "with %s scaling", kTypeNames[static_cast<int>(d_.type)]),
                             d_.scaled_wavelength));
    s[0].thickness = 4.0f;
    for (size_t k = 0; k < s.size(); ++k)  // each method in its colour of the later steps
      s[k].color = method_color(k == 0 ? RopeType::Default : d_.type);
    ui::LinePlotOptions o = pair_plot("Wavelength 2π/θ_i of each pair (positions, log scale)", 16);
    o.log_y = true;
    o.y_markers.push_back({double(p_.original), trf(lang_, "trained length %d", p_.original), 0});
    o.y_markers.push_back({double(p_.target), trf(lang_, "target length %d", p_.target), 0});
    ui::line_plot("wavelengths", s, o, *theme_);
    ui::caption(tr(lang_, "Pairs above the trained length never completed a turn in training."), *theme_);
  }

  void draw_methods(DrawContext& ctx) {
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
  bool drawn(RopeType t) const {
    return (t != RopeType::LongRope || d_.has_longrope) && (t != RopeType::Llama3 || d_.llama_valid);
  }

  // One colour per method on every plot, far apart in hue (the palette's neighbours were too alike).
  static ImU32 method_color(RopeType t) {
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

  std::string method_label(RopeType t) const {
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

  void draw_coverage(DrawContext& ctx) {
    draw_picker(ctx);
    std::vector<ui::Series> s = {ui::series(trf(lang_, "seen in training (%d tokens)", p_.original), d_.seen),
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
    o.y_markers.push_back({kTwoPi, tr(lang_, "2π: one full turn"), 0});
    ui::line_plot("coverage", s, o, *theme_);
  }

  void draw_temperature(DrawContext& ctx) {
    draw_picker(ctx);
    fill_entropy();
    const char* names[] = {"no attention factor", "YaRN: logits × %s", "LongRoPE: logits × %s"};
    std::vector<ui::Series> s;
    for (int j = 0; j < static_cast<int>(lazy_.scales.size()); ++j) {
      ui::Series one;
      const std::string times = ui::short_number(lazy_.scales[j], 4);
      one.label = j == 0  ? std::string(tr(lang_, names[0]))
                  : j < 3 ? trf(lang_, names[j], times.c_str())
                          : trf(lang_, "%s: logits × %s", model_name().c_str(), times.c_str());
      one.x = lazy_.lengths;
      one.y.assign(lazy_.entropy.col(j).data(), lazy_.entropy.col(j).data() + lazy_.entropy.rows());
      s.push_back(std::move(one));
    }
    ui::LinePlotOptions o;
    o.title = tr(lang_, "Attention entropy of a random query against context length (nats)");
    o.x_label = tr(lang_, "keys L (log scale)");
    o.log_x = true;
    o.height = ui::em(16);
    o.markers.push_back({double(p_.original), tr(lang_, "L0"), 0});
    o.markers.push_back({double(p_.target), tr(lang_, "target"), 0});
    ui::line_plot("entropy", s, o, *theme_);
  }
};

}  // namespace

std::unique_ptr<Lesson> create_scaling() { return std::make_unique<ScalingLesson>(); }

}  // namespace posenc::lessons
