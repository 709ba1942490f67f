// Lesson scaling's class, shared by the files of its folder only: the config read and its wavelengths
// (config.cpp: presets, the learner's config.json, LongRoPE's lists, the exported cache), the scaling
// methods side by side (methods.cpp), the attention temperature (temperature.cpp), and the lesson that
// ties them (scaling.cpp).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "core/model_config.hpp"
#include "core/rope_scaling.hpp"
#include "lessons/lesson.hpp"

namespace posenc::lessons::scaling_lesson {

using core::RopeType;
constexpr int kCacheRows = 4096;  // positions in the exported cos/sin cache

// The scaling methods compared side by side, in the order the plots draw them.
constexpr std::array<RopeType, 5> kMethods = {RopeType::Linear, RopeType::Dynamic, RopeType::Yarn,
                                              RopeType::Llama3, RopeType::LongRope};
extern const std::vector<const char*> kTypeNames;  // the option names of `type`, in RopeType's order

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

std::string num(double x, int digits = 4);
// A length in positions: whole numbers from 1000 on (no exponent in prose), else four digits.
std::string positions(double x);

class ScalingLesson final : public Lesson {
  Params p_;
  Derived d_;
  mutable Lazy lazy_;
  int applied_model_ = -1;  // the preset whose values the parameters started from
  Params preset_params_;    // … those values
  std::string yours_name_;  // the learner's config: its file name, or "pasted text"
  std::vector<char> paste_;

 public:
  ScalingLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;
  std::vector<Export> exports(std::string_view step) const override;
  bool accepts_files() const override { return true; }
  bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const override {
    return looks_like_json(name, bytes, size);
  }
  core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) override;

 private:
  // ---- the config and its wavelengths (config.cpp) ----
  void say_config();  // its placeholders
  std::string model_name() const;
  void set_from_config(const core::RopeConfig& c);
  void apply_model(int model, core::Messages& notice);
  void read_factor_lists(core::Messages& notice);
  std::string export_stem() const;
  void fill_cache() const;
  void draw_picker(DrawContext& ctx);
  void draw_source();
  void draw_config(DrawContext& ctx);
  void draw_wavelengths(DrawContext& ctx);

  // ---- the methods compared, and the angles they reach (methods.cpp) ----
  void say_methods();  // their placeholders
  const Method& method(RopeType t) const;
  core::RopeConfig config_for(RopeType t) const;
  void fill_method(Method& m, const core::RopeInit& init) const;
  ui::LinePlotOptions pair_plot(const char* title, float height_em) const;
  void draw_methods(DrawContext& ctx);
  bool drawn(RopeType t) const;
  static ImU32 method_color(RopeType t);
  std::string method_label(RopeType t) const;
  void draw_coverage(DrawContext& ctx);

  // ---- the attention temperature (temperature.cpp) ----
  void say_temperature();  // its placeholders
  // The attention entropy (nats) at L0 and at the target length, without an attention factor and with
  // YaRN's; each length at most kEntropyKeys.
  struct Entropy {
    double train, target, yarn;
    bool grows() const { return target > train + 0.01; }
    bool below() const { return yarn < train; }  // YaRN's below the trained length's
  };
  Entropy entropy() const;
  double mla_softmax() const;
  double model_scale() const;
  double longrope_factor() const;
  void fill_entropy() const;
  void draw_temperature(DrawContext& ctx);
};

}  // namespace posenc::lessons::scaling_lesson
