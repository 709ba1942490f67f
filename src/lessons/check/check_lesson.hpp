// Lesson check's class, shared by the files of its folder only: the sinusoidal-table checker
// (table.cpp), the RoPE cos/sin cache checker's reading and comparing (rope_read.cpp), its sentences
// (rope_words.cpp) and visuals (rope_draw.cpp), and the lesson that ties them (check.cpp).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/check.hpp"
#include "core/check_rope.hpp"
#include "core/model_config.hpp"
#include "core/rope_cache.hpp"
#include "core/rope_scaling.hpp"
#include "lessons/lesson.hpp"
#include "ui/heatmap.hpp"

namespace posenc::lessons::check_lesson {

constexpr int kPasteBytes = 1 << 16;
// The RoPE maps colour at most this many rows (a long cache is sampled for the picture, ~4× less work
// on load at 4096 rows; hovering reads every row).
constexpr int kMapRows = 1024;

// The options of `rope_example`: "none" (the learner's own cache, or nothing), then core's examples.
const std::vector<const char*>& rope_example_ids();
constexpr int kBFloat16Example = 1 + static_cast<int>(core::RopeExample::BFloat16);

// The options of `config`, what the cache is compared with: transformers' defaults, the examples'
// model (Llama 3 8B), lesson scaling's presets, the learner's own config.json.
constexpr int kDefaults = 0, kExampleModel = 1;
const std::vector<const char*>& config_ids();
int yours_option();

// A scaling as the learner's config would write it: "linear ×4", "yarn ×4", "llama3 ×8"; "none".
std::string scaling_text(int lang, const std::string& type, double factor);

struct Params {
  double base = 10000;
  int rope_example = 0;    // index into rope_example_ids()
  int config = kDefaults;  // index into config_ids()
};

// The sinusoidal table being checked.
struct Derived {
  std::string source;   // where the table came from: a file's name, or "pasted text"
  int example = -1;     // … or the example loaded (index into the table part's examples)
  core::Message error;  // parse error, if the last input failed
  Eigen::MatrixXd table;
  bool have = false;
  double checked_base = 0;  // the base `result` was computed with
  core::CheckResult result;
};

// The RoPE cache being checked: the learner's or an example.
struct Cache {
  std::string source;  // "cos.npy + sin.npy", "rope.npy", "pasted text"; empty for an example
  int example = 0;     // its rope_example option (0: the learner's own)
  Eigen::MatrixXd cos, sin;
  bool have = false;
  core::RopeCacheCheck check;
  core::Message refused;  // why the checker could not read it (empty: it could)
  int serial = 0;         // counts the caches loaded (the comparison keys on it)
};

// Half of a pair given as two files: the table that came first, waiting for its partner.
struct Half {
  std::string name;
  Eigen::MatrixXd table;
  bool have = false;
};

// The learner's config.json, when one was given on the RoPE steps.
struct Yours {
  core::RopeConfig config;
  std::vector<core::RopeSet> sets;  // every RoPE set of the model (Gemma 3: sliding and full)
  core::RopeRotation rotation = core::RopeRotation::Half;  // how the model's own code turns pairs
  std::string name;
  bool have = false;
  int serial = 0;
};

// The cache against its reference: the config's cache, or (no config) the inferred parameters' one.
struct Comparison {
  int cache_serial = -1, config = -1, yours_serial = -1;  // what it was computed for
  bool with_config = false;                               // the reference is a config's cache
  bool fallback = false;  // a config was chosen, but its heads are wider than the cache: inferred instead
  bool valid = false;     // a reference exists (not for a refused cache or one that is no rotation)
  core::RopeExpected expected;
  std::vector<core::RopeDifference> differences;
  // A model with more than one RoPE set (Gemma 3's sliding and full layers): the set the cache is
  // compared with (the one it differs from least), and the full-attention set when that is another.
  int sets = 1;
  std::string set_type;            // layer type of the set compared with ("" with one set)
  core::RopeConfig set, full_set;  // that set's config, and the full-attention one
  bool has_full = false;           // the model has a full-attention set
  bool matched = false;            // the cache is one the model builds (core::match_rope_cache)
  std::string verdict;             // core::rope_verdict's: with the config's model, or without
  bool undecided = false;          // … the evidence cannot decide: `doubt` says what
  core::Message doubt, fix;        // … and what to change in the engineer's code
  // Per pair j: j, θ_j measured from the cache, θ_j of the reference (the config's, or the inferred
  // parameters'), their ratio; and the first pair whose ratio is off 1 by more than 1e-3 (−1: none).
  Eigen::MatrixXd pairs;
  int first_pair_off = -1, pairs_off = 0;
  Eigen::MatrixXd diff_cos, diff_sin;  // yours − reference
  double max_diff = 0;
  int worst_row = 0, worst_col = 0;
  bool worst_in_sin = false;
};

// Textures of the heatmaps (kept between frames, refreshed when their data changes).
struct View {
  ui::HeatmapImage diff, read_cos, rope_cos, rope_sin;
};

class CheckLesson final : public Lesson {
 public:
  CheckLesson();
  void visit(ParamVisitor& v) override;
  core::Messages update() override;
  bool accepts_files() const override { return true; }
  // A config.json comes here on the RoPE steps only (else to lesson scaling, which comes earlier in the
  // table: a JSON file reaches this lesson only while it is the current one).
  bool takes_file(std::string_view name, const unsigned char* bytes, std::size_t size) const override {
    return on_rope_ || !looks_like_json(name, bytes, size);
  }
  std::string_view step_for_file() const override { return go_to_; }
  core::Messages receive_file(std::string_view name, const unsigned char* bytes, std::size_t size) override;
  std::vector<Export> exports(std::string_view step) const override;
  // The table, the cache and the config's RoPE sets, as Python (notebook_data.cpp).
  std::string notebook_data() const override;

 protected:
  void begin_frame(DrawContext& ctx) override { on_rope_ = ctx.step_id.substr(0, 5) == "rope-"; }

 private:
  // A file's name as shown: "pasted text" in the learner's language.
  std::string shown(const std::string& file) const;
  // A table's shape for the text, "rows × columns"; "none yet" when there is none.
  std::string shape(bool have, const Eigen::MatrixXd& m) const;

  // ---- the sinusoidal part (table.cpp) ----
  void say_table();  // its placeholders
  core::Messages receive_table(const std::string& file, const unsigned char* bytes, std::size_t size);
  std::string source() const;  // where the table came from, in the learner's language
  void draw_step(DrawContext& ctx, bool diff);
  void load_example(int which);
  void draw_inputs(DrawContext& ctx, const ui::Theme& t);
  std::string verdict() const;
  void draw_verdict(const ui::Theme& t);
  void draw_diff(DrawContext& ctx, const ui::Theme& t);

  // ---- the RoPE part: reading and comparing (rope_read.cpp) ----
  core::Messages receive_cache(const std::string& file, const unsigned char* bytes, std::size_t size);
  core::Messages set_cache(Eigen::MatrixXd cos, Eigen::MatrixXd sin, const std::string& source,
                           int example = 0);
  void run_check();
  void load_rope_example();
  core::Messages receive_config(const std::string& file, const unsigned char* bytes, std::size_t size);
  std::string set_name(const std::string& layer_type, const core::RopeConfig& c) const;
  void draw_pairs();
  std::string set_sentence(const std::string& differences) const;
  // The chosen config's RoPE sets (false: transformers' defaults, or the config cannot be read).
  bool chosen_sets(std::vector<core::RopeSet>& out, core::RopeRotation& rotation) const;
  void compare();

  // ---- the RoPE part: words (rope_words.cpp) ----
  void say_rope();  // its placeholders, rope_*
  std::string rope_source() const;
  std::string compared_name() const;
  std::string config_label(int k) const;
  std::string reference_id() const;
  std::string clause(const core::RopeDifference& d) const;
  std::string rope_sentence() const;

  // ---- the RoPE part: drawing (rope_draw.cpp) ----
  void draw_rope_inputs(DrawContext& ctx, bool full);
  bool draw_nothing_yet();
  void draw_rope_load(DrawContext& ctx);
  void draw_rope_verdict(DrawContext& ctx);
  void draw_parameter_table(const ui::Theme& t);
  void draw_rope_diff(DrawContext& ctx);

  Params p_;
  Derived d_;
  std::string paste_;
  View view_;
  // RoPE part
  Cache cache_;
  Half waiting_[2];  // cos, sin
  Yours yours_;
  Comparison cmp_;
  core::Message rope_error_;  // the last cache or config that could not be read
  bool on_rope_ = false;      // the walkthrough is at one of the rope-* steps
  std::string_view go_to_;    // after receive_file: the step that shows what came in ("" to stay)
  mutable Eigen::MatrixXd ref_cos_, ref_sin_;  // the reference, built for an export only
};

}  // namespace posenc::lessons::check_lesson
