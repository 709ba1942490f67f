// Does this cos/sin cache come from this model? The direct test, before any diagnosis: for each RoPE set
// of the model (and each layout its code may use), the position of row 0 is found from the angles and the
// set's own frequencies, the cache transformers builds at those positions is rebuilt, and the two are
// compared entry by entry against the rounding a correct pipeline leaves — float32 angles from a float32
// inv_freq (a 1-ulp difference in θ_j grows with the position), float32 cos/sin, and the rounding of the
// float type the values were stored in (bfloat16 and float16 are told apart from the values themselves).
// A correct cache is always within those bounds, whatever its base, scaling (LongRoPE's per-pair factors
// included), layer type, storage or distance into the context; a classic bug is far outside them.
#pragma once

#include <Eigen/Core>
#include <cmath>
#include <string>
#include <string_view>

#include "check_rope.hpp"
#include "message.hpp"
#include "model_config.hpp"

namespace posenc::core {

struct RopeMatch {
  bool matches = false;       // within the roundings of a correct pipeline, for `layer_type`'s set
  std::string layer_type;     // the set matched, or the closest ("" when no set fits the cache's width)
  long long offset = 0;       // the position of row 0 found for that set (> 0: a slice of a longer text)
  bool interleaved = false;   // the layout that set was compared in
  std::string storage;        // the float type the values were stored in: float64, float32, float16, bfloat16
  double max_error = 0;       // max |cache − the set's cache| over every entry
  double max_excess = 0;      // max |cache − the set's cache| / the rounding bound there (≤ 1: matches)
  double bound_at_worst = 0;  // the rounding bound at the entry of max_excess
};

// One RoPE set compared with a cache in one layout: the position of row 0 found from the angles, the
// largest difference, and the largest difference over the rounding bound a correct pipeline allows at
// that entry (≤ 1: a cache this set builds). Frequencies that depend on the length (dynamic NTK,
// LongRoPE) are tried from a short text and from one past the original length.
struct RopeSetFit {
  long long offset = 0;
  double max_error = 0;
  double max_excess = INFINITY;  // INFINITY: the set does not fit the cache's width
  double bound = 0;              // the rounding bound at the entry of max_excess
};
RopeSetFit fit_rope_set(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin, const RopeConfig& set,
                        bool interleaved, const std::string& storage);

// `cos`, `sin`: len × dim, as a learner's code uses them (rows are positions). The model as
// parse_model_config read it. Layouts tried: rotate_half's, and the interleaved one too where the model's
// code turns pairs (2i, 2i + 1) itself (Llama 4, DeepSeek). Positions up to 2^24 are searched.
RopeMatch match_rope_cache(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin,
                           const ModelConfigResult& model);

// What the direct test found, as a sentence: the set matched, where the rows start, the storage; or the
// closest set and by how much it differs.
Message rope_match_message(const RopeMatch& m);

// The checker's whole answer: check_rope's inference (verified), and with a model the direct test first.
// With a model the verdict is "matches" / "off_by_one" when a set of it builds the cache; "undecided"
// when the closest set differs by no more than a few times the rounding; else "mismatch" or what the
// inference found (sign, not_rotation, transposed, half_width, low_precision, unknown), with the cause
// named where the inference shows it (a YaRN ramp not truncated, a missing attention factor). A model
// that turns interleaved pairs itself (Llama 4) is not told that interleaved pairs differ from rotate_half.
struct RopeVerdict {
  RopeCacheCheck check;
  bool with_model = false;
  RopeMatch match;  // with_model
  std::string verdict;
  bool undecided = false;
  Message doubt;      // undecided: what cannot be told apart
  std::string cause;  // "yarn_truncate", "attention_factor", "fp16_positions", or check.cause's verdict
  Messages sentences;
  Message fix;
  std::string message() const;  // the sentences in English, one after another
};
// `done`: check_rope(cos, sin) when already computed.
RopeVerdict rope_verdict(const Eigen::MatrixXd& cos, const Eigen::MatrixXd& sin,
                         const ModelConfigResult* model, const RopeCacheCheck* done = nullptr);

// What to change for a check_rope verdict, in the words of the code an engineer has (empty for
// "matches"): the verdict ids of check_rope.hpp, and "mismatch" for a cache the model does not build.
Message rope_fix(std::string_view verdict, std::string_view cause = {});

}  // namespace posenc::core
