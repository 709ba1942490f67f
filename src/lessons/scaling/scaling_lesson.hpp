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

// What the chosen model's config.json says besides the set the parameters hold, read once when a preset
// is chosen or a file is read (a link's "yours" has none): who it is, its RoPE sets, the set each layer
// applies, and what it does to the attention scores.
struct ModelRead {
  bool have = false;
  core::ModelIdentity identity;
  std::vector<core::RopeSet> sets;
  int main = 0;                 // the set the parameters hold (the full-attention one, or the only one)
  std::vector<int> layer_set;   // per layer, its set (an index into sets), −1 where it applies no RoPE
  std::vector<int> set_layers;  // per set, how many layers apply it
  int none_layers = 0;          // layers without RoPE
  // Neighbouring layers of one set (first, last: 0-based, inclusive; set −1: no RoPE), and the pattern
  // they repeat from layer 0: `period` layers, `repeats` times (0: none worth saying).
  struct Run {
    int first, last, set;
  };
  std::vector<Run> runs;
  int period = 0, repeats = 0;
  core::AttentionTemperature temperature;  // Llama 4's no-RoPE layers
  core::QueryScaling query_scaling;        // Ministral 3
};

// A RoPE set as the config step shows it: the main set from the parameters, the others as read.
struct SetView {
  std::string layer_type;
  RopeType type = RopeType::Default;
  double theta = 0, factor = 0, attention_factor = 1;
  int rotary_dim = 0;
  int color = 0;               // the strip's colour; an identical set shares the first one's
  Eigen::VectorXd inv_freq;    // as the model applies it at the target length
  Eigen::VectorXd wavelength;  // 2π/θ_i (∞ for a pair that stands still)
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
  bool edited = false;        // the parameters differ from the chosen preset (or the file read)
  std::vector<SetView> sets;  // the model's RoPE sets (none without a model read)
  int colors = 0;             // how many of them differ (one strip colour each)
};

// Work done only when a step shows it (asked for by placeholder rows and drawing alike).
struct Lazy {
  bool entropy_valid = false;
  std::vector<double> lengths;
  Eigen::MatrixXd entropy;     // lengths × {none, YaRN, LongRoPE}
  std::vector<double> scales;  // none, YaRN, LongRoPE[, the model's own]
  bool cache_valid = false;
  Eigen::MatrixXd cos, sin;
  int runs_lang = -1;  // the language `runs` is worded in (−1: none yet)
  std::string runs;    // the layers in words (placeholder layer_runs)
};

std::string num(double x, int digits = 4);
// A model as its config names it: _name_or_path, else `label` (a preset's), else its first architecture
// or its model_type; "" when it says none of them.
std::string identity_name(const core::ModelIdentity& id, const std::string& label);
// A length in positions: whole numbers from 1000 on (no exponent in prose), else four digits.
std::string positions(double x);
// A config.json's text as a notebook carries it: the whole up to kNotebookConfigBytes; a longer one without
// the members (its own and its text_config's) that are long and hold nothing RoPE reads, named in `left`;
// "" (and why in `left`) when even that is too long (notebook_data.cpp).
constexpr std::size_t kNotebookConfigBytes = 64 * 1024;
std::string bounded_config(std::string_view text, std::string& left);

class ScalingLesson final : public Lesson {
  Params p_;
  Derived d_;
  mutable Lazy lazy_;
  int applied_model_ = -1;    // the preset whose values the parameters started from
  Params preset_params_;      // … those values
  std::string yours_name_;    // the learner's config: its file name, or "pasted text"
  ModelRead model_;           // the chosen model's layers and sets
  core::Message load_error_;  // why the last file was not read (empty: it was, or a model was chosen since)
  std::string failed_name_;   // … and what that file was
  std::string yours_text_;    // the learner's config.json as its notebook carries it (bounded_config)
  std::string yours_left_;    // … the members left out of it for its size, or why none of it is there
  std::vector<char> paste_;

 public:
  ScalingLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;
  std::vector<Export> exports(std::string_view step) const override;
  bool accepts_files() const override { return true; }
  // A config.json; and a file far too large for one that is not a table either (a checkpoint's weights
  // dropped by mistake), so that its size is said here rather than by a checker of tables.
  bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const override {
    const bool table = (size >= 6 && bytes[0] == 0x93 &&
                        std::string_view(reinterpret_cast<const char*>(bytes + 1), 5) == "NUMPY") ||
                       ends_with(name, ".npy") || ends_with(name, ".csv") || ends_with(name, ".txt") ||
                       ends_with(name, ".tsv");
    return looks_like_json(name, bytes, size) || (!table && size > core::kMaxConfigBytes);
  }
  core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) override;
  // After a file that was not read: its message is on the config step.
  std::string_view step_for_file() const override { return failed() ? "config" : ""; }
  // The config.json read (a preset's fields with their source, or the learner's file), for the notebook's
  // recipe to read layer by layer again (notebook_data.cpp).
  std::string notebook_data() const override;

 private:
  // ---- the config and its wavelengths (config.cpp) ----
  void say_config();  // its placeholders
  bool failed() const { return !load_error_.empty(); }
  std::string model_name() const;
  void read_model(const core::ModelConfigResult& r);
  void update_sets();
  std::string set_name(int set, bool with_theta) const;
  const std::string& layer_runs() const;
  std::string layer_count(int n) const;
  std::string set_key(const SetView& v, int layers) const;
  static ImU32 set_color(int k);
  void draw_layers();
  void draw_set_wavelengths();
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
  int target_pos() const { return p_.target - 1; }  // the last position of a text of the target length
  double model_scale() const;
  double longrope_factor() const;
  void fill_entropy() const;
  void draw_temperature(DrawContext& ctx);
};

}  // namespace posenc::lessons::scaling_lesson
