// A RoPE cos/sin cache as code builds one — from inv_freq, the positions, the layout, the rotary width,
// the attention factor and the float type the angles are formed in — and what lesson `check` does with
// a learner's: the examples it loads (ports of one model, each with a bug or a choice of its own), the
// cache a config.json implies, and the list of what a checked cache does differently from that config
// or from transformers' defaults (structured, for the lesson to put into words in either language).
#pragma once

#include <Eigen/Core>
#include <string>
#include <string_view>
#include <vector>

#include "check_rope.hpp"
#include "rope_scaling.hpp"

namespace posenc::core {

struct RopeCacheSpec {
  Eigen::VectorXd inv_freq;  // θ_j, one per rotating pair (rotary_dim / 2 of them)
  int len = 0;               // rows: positions offset … offset + len − 1
  long long offset = 0;
  int dim = 0;                  // columns (0: every column rotates, 2 · inv_freq.size()); the columns past
                                // the rotating ones hold cos 1, sin 0
  bool interleaved = false;     // pairs (2j, 2j+1) as GPT-J and Meta's code; else rotate_half's (j, j + rd/2)
  double attention_factor = 1;  // multiplies cos and sin of the rotating columns
  AnglePrecision precision = AnglePrecision::Float64;  // the type pos·θ is formed in (rounded_angle)
  bool store_float32 = false;  // the values rounded to float32, as saved from a float32 tensor
};

struct RopeCache {
  Eigen::MatrixXd cos, sin;  // len × dim
};

RopeCache rope_cache(const RopeCacheSpec& spec);
// The same into `cos` and `sin`, resized (their storage is kept when the size is: no new allocation when
// a lesson rebuilds a reference of the same shape).
void fill_rope_cache(const RopeCacheSpec& spec, Eigen::MatrixXd& cos, Eigen::MatrixXd& sin);

// The examples lesson `check` loads: caches a port of one model (kRopeExampleConfig, Llama 3 8B's
// RoPE fields) might build, kExampleRows × 128, angles formed in float32 as transformers forms them and
// values saved as float32, each with one thing of its own.
enum class RopeExample {
  Correct,      // what transformers builds for that config
  Interleaved,  // pairs (2j, 2j+1) instead of (j, j + 64)
  FromOne,      // positions 1 … len instead of 0 … len − 1
  BFloat16,     // the angles formed in bfloat16 (the position, θ and their product rounded)
  WrongBase,    // base 10000 (transformers' default) instead of the config's 500000
  Partial,      // only the first 32 of 128 columns rotate (partial_rotary_factor 0.25)
  Linear4,      // linear scaling (position interpolation) by 4
  Yarn4,        // YaRN by 4 from the trained 8192 positions, with its attention factor
};
constexpr int kRopeExampleCount = 8;
constexpr int kRopeExampleRows = 1024;
// Stable ids (URLs) and English labels (the interface's catalogue keys), in the order above.
const char* rope_example_id(RopeExample e);
const char* rope_example_label(RopeExample e);
RopeCache rope_example_cache(RopeExample e);

// The RoPE fields of Meta-Llama-3-8B's config.json, the model the examples are ports of.
extern const char* const kRopeExampleConfig;
extern const char* const kRopeExampleConfigSource;

// What a config implies for a cache of `len` rows: transformers' cache — rotate_half pairs, positions
// 0 … len − 1, rope_init's inv_freq (at seq_len = len) and attention factor, float64 angles.
struct RopeExpected {
  RopeInit init;
  double base = 10000;  // rope_theta
  double factor = 1;    // rope_scaling's factor (1 without)
  int head_dim = 0;
};
RopeExpected rope_expected(const RopeConfig& config, int len);
RopeCacheSpec rope_expected_spec(const RopeExpected& e, int len, int dim);

// One way a checked cache differs from a config (or, with none, from transformers' defaults: rotate_half
// pairs, positions from 0, every column rotating, no scaling, no attention factor, angles in float32 or
// better; the base is then the model's own choice and not compared).
enum class RopeDifferenceKind {
  Sign,         // the angles run backwards: sin negated
  Swapped,      // cos and sin swapped
  Layout,       // interleaved pairs, not rotate_half's
  Offset,       // row 0 is position `have`, not 0
  Width,        // the cache has `have` columns, the config's heads `want` (rotary width `want2`)
  Rotary,       // `have` columns rotate, the config's `want` (defaults: all `want`)
  Base,         // base `have`, rope_theta `want`
  Scaling,      // scaling `have_name` (factor `have`) where the config has `want_name` (factor `want`)
  Factor,       // the same scaling `have_name`, factor `have` against `want`
  Frequencies,  // the frequencies differ from the config's by up to `have` (relative), no rule above says why
  Unknown,      // the frequencies follow none of the rules the checker knows
  Attention,    // cos and sin multiplied by `have`, the config's attention factor `want`
  Precision,    // the angles were rounded to `have_name` (bfloat16 or float16)
  Mismatch,     // the inferred parameters still leave differences up to `have`
};

struct RopeDifference {
  RopeDifferenceKind kind;
  double have = 0, want = 0, want2 = 0;
  std::string have_name, want_name;  // a scaling as "linear", "yarn", … ("default": none); a float type
};

// What `check` (of a cache with `dim` columns) does differently from `expected` (nullptr: transformers'
// defaults), most serious first. Empty for a cache the config (or the defaults) would build. Nothing for
// a refused cache or one that is not a rotation (check.verdict "not_rotation").
std::vector<RopeDifference> rope_differences(const RopeCacheCheck& check, int dim,
                                             const RopeExpected* expected);

// Which table a file's name says it holds: a word "cos"/"cosine" (as in cos_cached.npy) or "sin"/"sine";
// 0 when it names neither (or both), 1 for cos, 2 for sin. Words are runs of letters, split at case
// changes (cosCached) too.
int cache_role_from_name(std::string_view file_name);

}  // namespace posenc::core
