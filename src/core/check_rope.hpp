// Checking a learner's RoPE cos/sin cache (the `check_rope` compute kind): infer what produced it —
// layout, base, the position of row 0, how many columns rotate, the scaling and its factor, the
// attention factor, the float type the angles were rounded to — and how far the cache is from the one
// those parameters give. An estimator, not a lookup: every parameter is measured from the numbers
// (angles by atan2, per-pair frequencies by phase tracking, the base by a log-linear fit), then the
// discrete choices are settled by rebuilding candidates and keeping the closest.
#pragma once

#include <Eigen/Core>
#include <string>
#include <vector>

#include "float_types.hpp"
#include "message.hpp"

namespace posenc::core {

// Larger caches are refused. The parameters are inferred from the first kRopeInferRows rows; the rest
// is checked against them a block at a time, so the check's own memory stays about
// 3 × kRopeInferRows × dim values (angles, and the first rows copied) plus two 4096-row reference blocks,
// whatever the length. (The page and the JS API read at most 8192 rows; posenc-check reads up to
// kMaxRopeCheckRows, the longest context of the presets.)
constexpr int kMaxRopeCheckRows = 131072;
constexpr int kMaxRopeCheckCols = 4096;
constexpr int kRopeInferRows = 8192;

struct RopeCacheCheck {
  std::string error;  // non-empty: the input was refused (why, in English); nothing else is set

  std::string
      layout;  // "half" (rotate_half: column j and j + rotary_dim/2 share θ_j) or "interleaved" (2j, 2j+1)
  double base = 0;        // the base the unscaled pairs follow (a dynamic-NTK cache shows its grown base)
  long long offset = 0;   // the position of row 0
  int rotary_dim = 0;     // columns that rotate; the rest hold angle 0 (cos = 1, sin = 0)
  std::string rope_type;  // "default", "linear", "llama3", "yarn", or "unknown" (no rule fits)
  double factor = 1;      // the scaling factor s (1 for default)
  double attention_factor = 1;       // the amplitude √(cos² + sin²) (YaRN's mscale; 1 without)
  double original_max_position = 0;  // llama3 / yarn: the trained length L0 the cache implies (0: not pinned)
  double high_freq_factor = 0;  // llama3: L0 / the shortest scaled wavelength (low_freq_factor taken as 1)
  std::string precision;  // "float64", "float32", "bfloat16", "float16": the type pos·θ was rounded to
  double max_error = 0;   // max |cache − the cache the parameters above give|
  std::string verdict;    // see check_rope
  bool swapped = false;   // verdict "sign": cos and sin swapped (false: sin negated)
  std::string message;    // English sentences: what differs from the transformers default, or what is wrong
  std::vector<Message> sentences;  // the message, sentence by sentence, for translation
  Message doubt;                   // undecided: what cannot be told apart (also among `sentences`)
  bool undecided = false;   // the evidence cannot tell a correct cache from a bug: the message says which
  std::string storage;      // the float type the values were stored in (stored_type)
  double hidden_below = 0;  // the storage's rounding at the cache's amplitude: smaller differences are hidden
  bool truncate = true;     // yarn: the ramp's ends floor/ceil'd (transformers' default)
  std::string preset;       // the preset model whose RoPE set builds the cache, when that named it
  std::string preset_set;   // … and its layer type
  std::string cause;        // verdict "transposed" / "half_width": the verdict of the cache read that way
  int rows = 0;             // the cache's rows

  Eigen::VectorXd measured_inv_freq;  // θ_j per pair as measured from the cache (rotary_dim/2)
  Eigen::VectorXd model_inv_freq;     // θ_j of the inferred parameters (float64)

  bool ok() const { return error.empty(); }
};

// `cos`, `sin`: len × dim, row r at position offset + r, columns as the learner's apply_rotary uses
// them. Refused (error set): sizes that differ, len < 3, dim < 2, more than kMaxRopeCheckRows rows or
// kMaxRopeCheckCols columns, a NaN or infinity, |value| > 1.5, no rotating column, an odd number of
// rotating columns. The verdict, first that applies:
//   "not_rotation"  cos² + sin² varies from entry to entry, or the columns do not come in pairs of one
//                   angle: not a cos/sin cache of rotations;
//   "sign"          the angles run backwards (−pos·θ: sin negated, or cos and sin swapped);
//   "unknown"       the frequencies follow none of the known rules (default, linear, llama3, yarn);
//   "off_by_one"    row 0 is position 1;
//   "offset"        row 0 is another position (a KV-cache slice, or a mistake);
//   "low_precision" the angles were rounded to bfloat16 or float16 before cos/sin;
//   "mismatch"      the rules above explain the layout but not every number (max_error large);
//   "matches"       a cache transformers could have built (any base, layout or scaling; the message
//                   still names what is not the default).
RopeCacheCheck check_rope(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin);

// The same from the API's form: `shape` [len, dim] and the values row by row.
RopeCacheCheck check_rope(const std::vector<long long>& shape, const std::vector<double>& cos,
                          const std::vector<double>& sin);

// A number as the checker's messages print it (%.*g).
std::string rope_number(double v, int digits = 6);

}  // namespace posenc::core
